"""A target language pnp has no spelling dictionary for says so once, not once per card, and
`pnp check --rules` shows it (issue 27, item 5)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from pnp.cli import main
from tests.test_text_rules import edit


def _catalan(pack: Path) -> None:
    edit(pack, "pack.toml", 'target_languages = ["es"]', 'target_languages = ["es", "ca"]')
    edit(pack, "supply.toml", 'text.es = "Gana 2 {fuel}."', 'text.es = "Gana 2 {fuel}."\ntext.ca = "Guanya 2 {fuel}."')
    edit(pack, "supply.toml", 'title.es = "Repuestos"', 'title.es = "Repuestos"\ntitle.ca = "Recanvis"')
    edit(pack, "nav.toml", 'title.es = "Tormenta"', 'title.es = "Tormenta"\ntitle.ca = "Tempesta"')


def test_a_language_without_a_dictionary_is_named_once(tiny_copy: Path) -> None:
    _catalan(tiny_copy)
    for _run in range(2):  # the second run takes the cards from the check's memory
        result = CliRunner().invoke(main, ["check", str(tiny_copy)])
        notes = [line for line in result.output.splitlines() if "not checked for spelling" in line]
        assert len(notes) == 1, result.output
        assert '"ca"' in notes[0]
    rules = CliRunner().invoke(main, ["check", str(tiny_copy), "--rules"])
    line = next(line for line in rules.output.splitlines() if line.startswith("text/no-dictionary"))
    assert "1 note" in line, rules.output


def test_a_spanish_pack_gets_no_such_note(tiny_copy: Path) -> None:
    result = CliRunner().invoke(main, ["check", str(tiny_copy)])
    assert "not checked for spelling" not in result.output
