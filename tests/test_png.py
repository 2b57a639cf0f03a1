"""Per-face PNGs: sizes in pixels, the cache, and a rebuild that redraws only what changed."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from pnp.pipelines.build import BuildOptions, build

pytestmark = pytest.mark.slow  # each test here takes seconds: whole builds, subprocesses, a browser


def _png(pack: Path, out: Path, **options: object):  # type: ignore[no-untyped-def]
    result = build(pack, BuildOptions(output=out, png=True, **options))  # type: ignore[arg-type]
    assert result.ok, [f.message for f in result.findings]
    return result


def test_one_png_per_face_at_the_asked_size(tiny_copy: Path, tmp_path: Path) -> None:
    result = _png(tiny_copy, tmp_path / "out", dpi=300)
    folder = tmp_path / "out" / "tiny" / "es" / "png"
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.png")) == [
        "nav/back.png",
        "nav/clear-skies.png",
        "nav/reshuffle.png",
        "nav/storm.png",
        "supply/back.png",
        "supply/fuel-cell.png",
        "supply/pilot.png",
        "supply/spare-parts.png",
    ]
    assert (result.images, result.images_drawn) == (8, 8)
    # mini american 41 x 63 mm plus 3 mm bleed each side, at 300 dpi
    with Image.open(folder / "supply" / "pilot.png") as image:
        assert image.size == (round(47 / 25.4 * 300), round(69 / 25.4 * 300))


def test_no_bleed_cuts_at_the_trim_line(tiny_copy: Path, tmp_path: Path) -> None:
    _png(tiny_copy, tmp_path / "out", dpi=150, png_bleed=False)
    with Image.open(tmp_path / "out" / "tiny" / "es" / "png" / "supply" / "pilot.png") as image:
        assert image.size == (round(41 / 25.4 * 150), round(63 / 25.4 * 150))


def test_a_rebuild_after_editing_one_card_redraws_only_that_card(tiny_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _png(tiny_copy, out, dpi=100)
    unchanged = _png(tiny_copy, out, dpi=100)
    assert unchanged.images_drawn == 0
    assert [p for p in unchanged.written if p.suffix == ".png"] == []
    supply = tiny_copy / "supply.toml"
    supply.write_text(supply.read_text().replace("Gana 1 {parts}.", "Gana 1 {parts} ahora."), encoding="utf-8")
    edited = _png(tiny_copy, out, dpi=100)
    assert edited.images_drawn == 1
    assert [p.name for p in edited.written if p.suffix == ".png"] == ["spare-parts.png"]


def test_a_corrupt_cache_entry_is_redrawn_not_used(tiny_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _png(tiny_copy, out, dpi=100)
    cache = sorted((out / ".cache" / "png").glob("*.png"))
    cache[0].write_bytes(cache[0].read_bytes()[:100])  # a torn write
    again = _png(tiny_copy, out, dpi=100)
    assert again.images_drawn == 1
    assert all(p.read_bytes().endswith(b"IEND\xaeB`\x82") for p in cache)


def test_replacing_art_under_the_same_name_redraws_the_card(tiny_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _png(tiny_copy, out, dpi=100)
    Image.new("RGB", (30, 20), "#ff0000").save(tiny_copy / "art" / "spare-parts.png")
    assert _png(tiny_copy, out, dpi=100).images_drawn == 1
