"""pnp check warns when a translation starts or ends with a line break its original does not have."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from pnp.check import check_pack
from pnp.cli import main
from pnp.load import load_pack


def _findings(pack: Path) -> list:
    data = load_pack(pack).pack
    assert data is not None
    return [f for f in check_pack(data) if f.code == "text/line-breaks"]


def test_a_translation_ending_with_a_line_break_is_named_by_card_and_field(tiny_copy: Path) -> None:
    assert _findings(tiny_copy) == []
    supply = tiny_copy / "supply.toml"
    text = supply.read_text(encoding="utf-8")
    text = text.replace('text.es = "Gana 2 {fuel}."', 'text.es = "Gana 2 {fuel}.\\n"', 1)
    text = text.replace('title.es = "Repuestos"', 'title.es = "\\nRepuestos"', 1)
    supply.write_text(text, encoding="utf-8")
    found = {(f.card, f.field): f.message for f in _findings(tiny_copy)}
    assert found == {
        ("fuel-cell", "text.es"): "the translation ends with a line break the original does not have",
        ("spare-parts", "title.es"): "the translation starts with a line break the original does not have",
    }
    result = CliRunner().invoke(main, ["check", str(tiny_copy)])
    assert "the translation ends with a line break the original does not have" in result.output


def test_a_break_the_original_has_is_expected_in_the_translation(tiny_copy: Path) -> None:
    supply = tiny_copy / "supply.toml"
    text = supply.read_text(encoding="utf-8")
    text = text.replace('text.en = "Gain 2 {fuel}."', 'text.en = "Gain 2 {fuel}.\\n"', 1)
    supply.write_text(text, encoding="utf-8")
    (finding,) = _findings(tiny_copy)
    assert finding.message == "the original ends with a line break and the translation does not"
    supply.write_text(text.replace('text.es = "Gana 2 {fuel}."', 'text.es = "Gana 2 {fuel}.\\r\\n"', 1), "utf-8")
    assert _findings(tiny_copy) == []  # the same break, in Windows line endings
