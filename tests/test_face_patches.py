"""A rebuild draws only the faces that changed: the rest come from the parts an earlier build drew
(the face index says where), and every document is byte-identical to a --no-cache build's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pnp.export.sheets
import pnp.pipelines.build
from pnp.export.pdf import CHARSET
from pnp.layout import FaceLayout
from pnp.pipelines.build import BuildOptions, build
from tests.test_cache import _more_decks, _outputs

pytestmark = pytest.mark.slow


_SEEN: list[FaceLayout] = []
_DRAW = pnp.export.sheets._draw


def _counting(faces: tuple[FaceLayout, ...], settings: pnp.export.sheets.DrawSettings) -> object:
    """_draw, noting the faces: module-level, so a worker process can be handed it too."""
    _SEEN.extend(faces)
    return _DRAW(faces, settings)


@pytest.fixture
def drawn_faces(monkeypatch: pytest.MonkeyPatch) -> list[FaceLayout]:
    """The faces drawn, every one in this process (a build draws many in workers), where it is seen."""
    _SEEN.clear()
    monkeypatch.setattr(pnp.export.sheets, "_draw", _counting)
    monkeypatch.setattr(pnp.export.sheets, "DRAWN_HERE", 1000)
    return _SEEN


def _edit(file: Path, old: str, new: str) -> None:
    text = file.read_text(encoding="utf-8")
    assert old in text
    file.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_an_edit_draws_that_card_alone_and_the_files_match_a_no_cache_build(
    tiny_copy: Path, tmp_path: Path, drawn_faces: list[FaceLayout]
) -> None:
    files = _more_decks(tiny_copy, 2, 12)
    warm, fresh = tmp_path / "warm", tmp_path / "fresh"
    assert build(tiny_copy, BuildOptions(output=warm)).ok
    for file, old, new, card in [
        (files[0], 'title.es = "Caja 0.3"', 'title.es = "Caja grande 0.3"', "cargo-0-3"),
        (files[1], 'text.es = "Gana 3 {fuel}."', 'text.es = "Gana 3 {fuel} ya."', "cargo-1-2"),
    ]:
        drawn_faces.clear()
        _edit(file, old, new)
        again = build(tiny_copy, BuildOptions(output=warm))
        assert again.ok
        assert [face.card for face in drawn_faces] == [card]  # not the 11 other faces of its part
    assert build(tiny_copy, BuildOptions(output=fresh, cache=False)).ok
    assert _outputs(warm) == _outputs(fresh)


def test_a_character_past_the_charset_draws_the_whole_part_as_a_no_cache_build_does(
    tiny_copy: Path, tmp_path: Path, drawn_faces: list[FaceLayout], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A font that takes a character the charset lacks subsets itself in that part alone: a face
    drawn apart would not match, so the part is drawn whole."""
    monkeypatch.setattr(pnp.pipelines.build, "pack_charset", lambda faces: CHARSET)  # "ß" not in it
    files = _more_decks(tiny_copy, 1, 12)
    warm, fresh = tmp_path / "warm", tmp_path / "fresh"
    assert build(tiny_copy, BuildOptions(output=warm)).ok
    drawn_faces.clear()
    _edit(files[0], 'title.es = "Caja 0.3"', 'title.es = "Straße 0.3"')
    assert build(tiny_copy, BuildOptions(output=warm)).ok
    cards = [face.card for face in drawn_faces]
    assert cards[0] == "cargo-0-3" and {f"cargo-0-{n}" for n in range(12)} <= set(cards[1:])  # then its part
    assert build(tiny_copy, BuildOptions(output=fresh, cache=False)).ok
    assert _outputs(warm) == _outputs(fresh)


def test_a_rare_letter_joins_the_charset_so_parts_stay_alike(tiny_copy: Path, tmp_path: Path) -> None:
    files = _more_decks(tiny_copy, 1, 6)
    _edit(files[0], 'title.es = "Caja 0.3"', 'title.es = "Straße 0.3"')
    warm, fresh = tmp_path / "warm", tmp_path / "fresh"
    assert build(tiny_copy, BuildOptions(output=warm)).ok
    _edit(files[0], 'title.es = "Caja 0.4"', 'title.es = "Caja ancha 0.4"')
    assert build(tiny_copy, BuildOptions(output=warm)).ok
    assert build(tiny_copy, BuildOptions(output=fresh, cache=False)).ok
    assert _outputs(warm) == _outputs(fresh)


@pytest.mark.parametrize("damage", ["index", "source part"])
def test_a_broken_face_index_or_a_lost_part_only_costs_drawing_again(
    tiny_copy: Path, tmp_path: Path, drawn_faces: list[FaceLayout], damage: str
) -> None:
    files = _more_decks(tiny_copy, 1, 8)
    warm, fresh = tmp_path / "warm", tmp_path / "fresh"
    assert build(tiny_copy, BuildOptions(output=warm)).ok
    drawn_faces.clear()
    if damage == "index":
        indexes = [p for p in (warm / ".cache" / "faces").glob("*.json") if not p.name.endswith(".meta.json")]
        assert indexes
        for index in indexes:  # a stranger's index: it no longer verifies, and is not read
            index.write_text(json.dumps({"where": {"x": "y"}}), encoding="utf-8")
    else:
        for part in (warm / ".cache" / "pdf").glob("*.pdf"):
            part.unlink()  # every part drawn before is gone; the index still names them
    _edit(files[0], 'title.es = "Caja 0.3"', 'title.es = "Caja grande 0.3"')
    assert build(tiny_copy, BuildOptions(output=warm)).ok
    assert "cargo-0-3" in {face.card for face in drawn_faces}
    assert build(tiny_copy, BuildOptions(output=fresh, cache=False)).ok
    assert _outputs(warm) == _outputs(fresh)
