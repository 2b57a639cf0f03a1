"""Layouts a build cannot draw are findings with a line, never a crash in a drawing worker (issue 10)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.layout.arrangement import arrangement_findings
from pnp.layout.faces import card_context, layout_card
from pnp.layout.plan import lay_out_pack
from pnp.layout.templates import load_family
from pnp.load import load_pack
from pnp.units import parse_card_size
from tests.conftest import ROOT, TINY

HEAD = 'description = "test"\ndesign_size = "41mm x 63mm"\n\n'


def _text(name: str, x: str, y: str, width: str, height: str) -> str:
    return (
        f'[[element]]\nname = "{name}"\nkind = "text"\nx = "{x}"\ny = "{y}"\n'
        f'width = "{width}"\nheight = "{height}"\ntext = "{{{{ card.title }}}}"\nsize = 9\n'
    )


def _laid_out(tmp_path: Path, template: str):
    """The default layout of a family made of `template`, laid out for tiny's first card."""
    family = tmp_path / "family"
    family.mkdir()
    (family / "default.toml").write_text(HEAD + template, encoding="utf-8")
    templates, findings = load_family(tmp_path, "family")
    assert findings == []
    pack = load_pack(TINY).pack
    assert pack is not None
    deck = pack.decks[0]
    context = card_context(pack, deck.deck, deck.cards[0], None, "es")
    layout = templates.templates["default"]
    face, found = layout_card(layout, parse_card_size("41mm x 63mm"), context)
    return layout, face, found


def _lay_out(tmp_path: Path, template: str) -> list:
    _, face, found = _laid_out(tmp_path, template)
    assert face is None
    return found


@pytest.mark.parametrize("width", ["0mm", "-5mm"])
def test_a_text_box_without_width_is_a_finding_at_its_line(tmp_path: Path, width: str) -> None:
    found = _lay_out(tmp_path, _text("title", "2mm", "2mm", width, "8mm"))
    assert [(f.code, f.line, f.field) for f in found] == [("layout/template", 9, "element.title.width")]  # width =
    assert "width must be larger than zero" in found[0].message


def test_an_element_off_the_card_is_a_finding_not_a_vanished_title(tmp_path: Path) -> None:
    found = _lay_out(tmp_path, "\n" + _text("title", "50mm", "2mm", "30mm", "8mm"))
    assert [(f.code, f.line) for f in found] == [("layout/template", 8)]  # x = "50mm"
    assert "leaves the card of 41 x 63 mm" in found[0].message


def test_an_extends_cycle_is_reported_once_with_its_line(tmp_path: Path) -> None:
    family = tmp_path / "family"
    family.mkdir()
    for name, parent in (("a", "b"), ("b", "c"), ("c", "a")):
        (family / f"{name}.toml").write_text(f'description = "x"\nextends = "{parent}"\n', encoding="utf-8")
    _, findings = load_family(tmp_path, "family")
    assert [(f.code, f.file.endswith("a.toml"), f.line) for f in findings] == [("layout/extends-cycle", True, 2)]
    names = [part.rsplit("/", 1)[-1] for part in findings[0].message.split(": ", 1)[1].split(" -> ")]
    assert names == ["a.toml", "b.toml", "c.toml", "a.toml"]


def _face_findings(tmp_path: Path, template: str) -> list:
    layout, face, found = _laid_out(tmp_path, template)
    assert face is not None and found == []
    return arrangement_findings(face, layout)


BAND = (
    '[[element]]\nname = "band"\nkind = "rect"\nx = "0mm"\ny = "0mm"\nwidth = "41mm"\nheight = "12mm"\n'
    'fill = "#333"\nbleed = true\n\n'
)


def test_overlapping_elements_are_a_finding_naming_the_layout_and_both_elements(tmp_path: Path) -> None:
    found = _face_findings(
        tmp_path, _text("title", "3mm", "3mm", "35mm", "8mm") + _text("price", "30mm", "8mm", "8mm", "5mm")
    )
    assert [(f.code, f.line, f.field) for f in found] == [("layout/overlap", 13, "element.price")]
    assert 'layout "default": element "title" overlaps "price"' in found[0].message


def test_content_within_3_mm_of_the_cut_is_a_finding_and_a_band_is_not(tmp_path: Path) -> None:
    found = _face_findings(tmp_path, BAND + _text("title", "1.5mm", "3mm", "30mm", "8mm"))
    assert [(f.code, f.field) for f in found] == [("layout/safe-area", "element.title")]
    assert 'element "title" comes within 1.5 mm of the cut' in found[0].message


def test_text_on_its_band_and_a_declared_overlap_are_no_finding(tmp_path: Path) -> None:
    emblem = (
        '[[element]]\nname = "emblem"\nkind = "symbol"\nshape = "sun"\nx = "10mm"\ny = "25mm"\nwidth = "20mm"\n'
        'height = "20mm"\n\n'
    )
    text = _text("text", "3mm", "20mm", "35mm", "38mm") + 'overlaps = ["emblem"]\n'
    assert _face_findings(tmp_path, BAND + _text("title", "3mm", "3mm", "35mm", "8mm") + emblem + text) == []


def test_a_frame_that_runs_through_text_is_a_finding(tmp_path: Path) -> None:
    frame = (
        '[[element]]\nname = "frame"\nkind = "rounded-rect"\nx = "5mm"\ny = "5mm"\nwidth = "31mm"\n'
        'height = "53mm"\nstroke = "#333"\n\n'
    )
    found = _face_findings(tmp_path, frame + _text("title", "3mm", "3mm", "35mm", "8mm"))
    assert [f.message.split(": ", 1)[1] for f in found] == [
        'element "frame" crosses "title": one prints over the other'
    ]


@pytest.mark.parametrize(
    "pack_dir",
    [
        "cards/blue-sun",
        "cards/bsg",
        "cards/lotr-sailing",
        "examples/tiny",
        "tests/data/firefly-types",  # every field of its family's layouts filled
        "tests/data/lotr-types",
        "tests/data/bsg-types",
    ],
)
def test_the_bundled_layouts_keep_their_content_apart_and_3_mm_inside_the_cut(pack_dir: str) -> None:
    pack = load_pack(ROOT / pack_dir).pack
    assert pack is not None
    for bilingual in (False, True):
        laid = lay_out_pack(pack, pack.languages[-1], bilingual=bilingual)
        assert [str(f) for f in laid.findings if f.code in ("layout/overlap", "layout/safe-area")] == []
