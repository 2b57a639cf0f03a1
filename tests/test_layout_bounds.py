"""Layouts a build cannot draw are findings with a line, never a crash in a drawing worker (issue 10)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.layout.faces import card_context, layout_card
from pnp.layout.templates import load_family
from pnp.load import load_pack
from pnp.units import parse_card_size
from tests.conftest import TINY

HEAD = 'description = "test"\ndesign_size = "41mm x 63mm"\n\n'


def _text(name: str, x: str, y: str, width: str, height: str) -> str:
    return (
        f'[[element]]\nname = "{name}"\nkind = "text"\nx = "{x}"\ny = "{y}"\n'
        f'width = "{width}"\nheight = "{height}"\ntext = "{{{{ card.title }}}}"\nsize = 9\n'
    )


def _lay_out(tmp_path: Path, template: str) -> list:
    family = tmp_path / "family"
    family.mkdir()
    (family / "default.toml").write_text(HEAD + template, encoding="utf-8")
    templates, findings = load_family(tmp_path, "family")
    assert findings == []
    pack = load_pack(TINY).pack
    assert pack is not None
    deck = pack.decks[0]
    context = card_context(pack, deck.deck, deck.cards[0], None, "es")
    face, found = layout_card(templates.templates["default"], parse_card_size("41mm x 63mm"), context)
    assert face is None
    return found


@pytest.mark.parametrize("width", ["0mm", "-5mm"])
def test_a_text_box_without_width_is_a_finding_at_its_line(tmp_path: Path, width: str) -> None:
    found = _lay_out(tmp_path, _text("title", "2mm", "2mm", width, "8mm"))
    assert [(f.code, f.line, f.field) for f in found] == [("layout/template", 4, "element.title.width")]
    assert "width must be larger than zero" in found[0].message


def test_an_element_off_the_card_is_a_finding_not_a_vanished_title(tmp_path: Path) -> None:
    found = _lay_out(tmp_path, "\n" + _text("title", "50mm", "2mm", "30mm", "8mm"))
    assert [(f.code, f.line) for f in found] == [("layout/template", 5)]
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
