"""What a rebuild remembers instead of reading again: picture digests by file stamp, icon verdicts by
file bytes (pnp/assets/file_digests.py, pnp/assets/icons.py).  Each is used only while what it was
made from is unchanged."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from pnp.assets.file_digests import FileDigests
from pnp.assets.icons import icon_problem
from pnp.cache import Cache, CacheKind
from pnp.pipelines.build import BuildOptions, build

ROOT = Path(__file__).resolve().parent.parent
GOOD_SVG = ROOT / "templates" / "bsg" / "icons" / "tactics.svg"


def _digests(out: Path, root: Path, read: bool = True) -> FileDigests:
    return FileDigests(Cache.open(out, CacheKind.LOAD, read), root)


def test_a_picture_is_hashed_once_then_taken_from_its_stamp(tmp_path: Path) -> None:
    art = tmp_path / "pack" / "art.png"
    art.parent.mkdir()
    art.write_bytes(b"first picture")
    first = _digests(tmp_path / "out", art.parent)
    assert first.digest(art) == hashlib.sha256(b"first picture").hexdigest()
    first.save()
    # the entry is what vouches for an unread file: a digest planted in it for the same stamp is believed
    cache = Cache.open(tmp_path / "out", CacheKind.LOAD)
    key = cache.key("file-digests", str(art.parent.resolve()))
    kept = cache.get_json(key)
    kept[str(art)][-1] = "planted"
    cache.put(key, json.dumps(kept).encode())
    assert _digests(tmp_path / "out", art.parent).digest(art) == "planted"
    # --no-cache reads nothing remembered
    afresh = _digests(tmp_path / "out", art.parent, read=False)
    assert afresh.digest(art) == hashlib.sha256(b"first picture").hexdigest()


def test_a_picture_rewritten_with_its_old_size_and_time_is_hashed_again(tmp_path: Path) -> None:
    art = tmp_path / "pack" / "art.png"
    art.parent.mkdir()
    art.write_bytes(b"first picture")
    before = art.stat()
    first = _digests(tmp_path / "out", art.parent)
    first.digest(art)
    first.save()
    art.write_bytes(b"other picture")  # the same size
    os.utime(art, ns=(before.st_atime_ns, before.st_mtime_ns))  # and the old time: its change time moved
    assert art.stat().st_size == before.st_size and art.stat().st_mtime_ns == before.st_mtime_ns
    assert _digests(tmp_path / "out", art.parent).digest(art) == hashlib.sha256(b"other picture").hexdigest()


def test_a_missing_picture_has_no_digest(tmp_path: Path) -> None:
    assert _digests(tmp_path / "out", tmp_path).digest(tmp_path / "absent.png") is None


def test_an_icon_verdict_is_kept_for_its_bytes_and_made_again_when_they_change(tmp_path: Path) -> None:
    icon = tmp_path / "icon.svg"
    good = GOOD_SVG.read_bytes() + b"\n<!-- a pack's own copy: not one of pnp's listed icons -->\n"
    icon.write_bytes(good)
    verdicts = Cache.open(tmp_path / "out", CacheKind.LAYOUT)
    assert icon_problem(icon, verdicts) is None
    assert list(verdicts.folder.glob("*.meta.json"))  # the verdict is kept
    icon.write_text('<svg xmlns="http://www.w3.org/2000/svg"><image href="http://example.org/x.png"/></svg>')
    problem = icon_problem(icon, verdicts)
    assert problem is not None and "outside" in problem
    assert icon_problem(icon, verdicts) == problem == icon_problem(icon)  # kept, and the same as read afresh
    icon.write_bytes(good)
    assert icon_problem(icon, verdicts) is None


def _picture(path: Path, color: tuple[int, int, int]) -> None:
    """A PNG stored without compression: every colour gives a file of the same size."""
    from PIL import Image

    Image.new("RGB", (60, 40), color).save(path, compress_level=0)


@pytest.mark.slow
def test_art_replaced_under_its_old_size_and_time_prints_as_a_no_cache_build_prints_it(
    tiny_copy: Path, tmp_path: Path
) -> None:
    art = tiny_copy / "art" / "spare-parts.png"
    art.parent.mkdir(exist_ok=True)
    _picture(art, (200, 30, 30))
    warm, fresh = tmp_path / "warm", tmp_path / "fresh"
    assert build(tiny_copy, BuildOptions(output=warm)).ok
    before = _cards(warm)
    stamp = art.stat()
    _picture(art, (30, 30, 200))
    os.utime(art, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert art.stat().st_size == stamp.st_size
    again = build(tiny_copy, BuildOptions(output=warm))
    assert again.ok and again.ranges_drawn >= 1  # the face with the art is drawn again
    assert build(tiny_copy, BuildOptions(output=fresh, cache=False)).ok
    assert _cards(warm) == _cards(fresh) != before


def _cards(out: Path) -> bytes:
    return (out / "tiny" / "es" / "cards.pdf").read_bytes()
