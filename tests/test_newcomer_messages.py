"""Messages a Spanish-speaking newcomer met in English, or in a library's words, on a first try of pnp."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest
import xlsxwriter
from click.testing import CliRunner
from jinja2.sandbox import SandboxedEnvironment

from pnp.cli import main
from pnp.cli.build import _report_build
from pnp.errors import Severity, error
from pnp.i18n import set_ui_language
from pnp.layout.expressions import undefined_name, unsafe_name
from pnp.load.toml import read_toml
from pnp.pipelines.build_options import BuildResult
from pnp.proof.html import finding_html
from pnp.translate.csvfile import decode_csv
from pnp.translate.glossary_apply import Change


def test_a_build_note_is_said_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    set_ui_language("es")
    _report_build(BuildResult(notes=["imprímelo a doble cara"]), quiet=False, images_asked=False)
    out = capsys.readouterr().out
    assert "nota: imprímelo a doble cara" in out and "note:" not in out


def test_an_import_change_names_card_and_field_in_spanish() -> None:
    set_ui_language("es")
    change = Change("supply.toml", 20, "gun-hand", "title.es", "Pistolero", "Pistolero a sueldo")
    assert change.shown().startswith('supply.toml:20: carta "gun-hand" campo "title.es": ')


def test_a_proof_finding_located_on_a_card_names_it_in_spanish() -> None:
    set_ui_language("es")
    finding = error("card/x", "supply.toml", "algo", line=3, card="pilot")
    assert "carta &quot;pilot&quot;" in finding_html(finding, located=True)


def test_the_guessed_encoding_of_a_csv_is_named_in_spanish() -> None:
    set_ui_language("es")
    text, findings = decode_csv("card;field;en;es;base\nx;title;Fuel;Célula;b\n".encode("cp1252"), "a.csv")
    assert text is not None
    notes = [f.message for f in findings if f.severity is Severity.INFO]
    assert notes and "Excel en " in notes[0] and " on " not in notes[0]


def test_a_count_out_of_range_in_a_new_card_row_is_said_as_pnp_check_says_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["new", "islas", "--game", "Islas", "--languages", "es,en"]).exit_code == 0
    book = xlsxwriter.Workbook(str(tmp_path / "c.xlsx"))
    sheet = book.add_worksheet()
    for r, row in enumerate([["nombre", "cantidad"], ["Isla", 1_000_000]]):
        sheet.write_row(r, 0, row)
    book.close()
    result = CliRunner().invoke(main, ["import-cards", "islas", "c.xlsx"])
    assert result.exit_code == 1
    assert "row 2, column B (cantidad): expected a whole number from 1 to 999, got 1000000" in result.output
    assert "Input should" not in result.output


@pytest.mark.parametrize(
    ("toml", "said"),
    [
        ("a = 1 2\n", "something follows the value on this line"),
        ("[a\n", "a table header is not closed"),
        ('a = "x', "a text is not closed"),
        ("= 1\n", "this line is not key = value"),
    ],
)
def test_tomli_wording_is_said_the_way_a_pack_writer_thinks(tmp_path: Path, toml: str, said: str) -> None:
    path = tmp_path / "pack.toml"
    path.write_text(toml, encoding="utf-8")
    _data, findings = read_toml(path, "pack.toml")
    assert len(findings) == 1 and said in findings[0].message


def test_jinja2_english_is_reduced_to_the_name_the_layout_used() -> None:
    env = SandboxedEnvironment(undefined=jinja2.StrictUndefined)
    with pytest.raises(jinja2.UndefinedError) as undefined:
        env.from_string("{{ undefined_thing.x }}").render()
    assert undefined_name(undefined.value) == "undefined_thing"
    with pytest.raises(jinja2.UndefinedError) as missing:
        env.from_string("{{ card.nope }}").render(card={})
    assert undefined_name(missing.value) == "nope"
    with pytest.raises(jinja2.exceptions.SecurityError) as unsafe:
        env.from_string("{{ card.__class__ }}").render(card={})
    assert unsafe_name(unsafe.value) == "__class__"
