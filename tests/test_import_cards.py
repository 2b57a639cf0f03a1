"""pnp import-cards: a pack's cards from any spreadsheet, as Squib, nanDeck and community card lists keep them."""

from __future__ import annotations

import codecs
import zipfile
from pathlib import Path

import pytest
import xlsxwriter
from click.testing import CliRunner

from pnp.cli import main
from pnp.load import load_pack


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout + result.stderr


def _xlsx(path: Path, rows: list[list[object]], sheet: str = "Cartas") -> Path:
    book = xlsxwriter.Workbook(str(path), {"strings_to_numbers": False})
    page = book.add_worksheet(sheet)
    for r, row in enumerate(rows):
        page.write_row(r, 0, row)
    book.close()
    return path


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    assert run("new", "mi-juego", "--game", "Mi Juego", "--languages", "es,en")[0] == 0
    return tmp_path / "mi-juego"


def _cards(pack: Path) -> dict:
    data = load_pack(pack).pack
    assert data is not None
    return data.cards()


def _files(pack: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in pack.rglob("*.toml")}


@pytest.mark.slow
def test_a_new_pack_from_an_xlsx_of_200_cards_with_spanish_columns_checks_builds_and_lists(
    pack: Path, tmp_path: Path
) -> None:
    rows: list[list[object]] = [["Nombre", "Tipo", "Cantidad", "Texto", "Coste", "Notas"]]
    rows += [[f"Carta número {i}", "card", i % 3 + 1, f"Gana {i % 4} {{star}}.", i % 5, ""] for i in range(1, 201)]
    sheet = _xlsx(tmp_path / "cartas.xlsx", rows)
    before = _files(pack)
    code, out = run("import-cards", str(pack), str(sheet))
    assert code == 0, out
    assert "New: 200 cards" in out and "Nothing written" in out
    assert _files(pack) == before  # a dry run writes nothing
    code, out = run("import-cards", str(pack), str(sheet), "--write")
    assert code == 0, out
    cards = _cards(pack)
    assert cards["carta-numero-7"].title == {"es": "Carta número 7"}
    assert (cards["carta-numero-7"].count, cards["carta-numero-7"].cost) == (2, 2)
    assert cards["carta-numero-200"].text == {"es": "Gana 0 {star}."}
    deck_file = (pack / "main.toml").read_bytes()
    assert deck_file.startswith(before["main.toml"])  # the pack's own cards are as they were, byte for byte
    code, out = run("check", str(pack))
    assert code == 0, out
    code, out = run("deck", str(pack), "main")
    assert code == 0 and "carta-numero-1 " in out and "carta-numero-200" in out, out
    code, out = run("build", str(pack))
    assert code == 0, out
    copies = sum(i % 3 + 1 for i in range(1, 201)) + 3  # 200 cards of 1 to 3 copies, and pnp new's own 3
    assert f"Built {copies} cards" in out


def test_a_utf16_csv_with_a_byte_order_mark_and_semicolons_is_read_and_said(pack: Path, tmp_path: Path) -> None:
    sheet = tmp_path / "cartas.csv"
    text = "nombre;texto;cantidad\r\nÑandú veloz;Gana 1 {star}.;2\r\nCañón;Descarta;1\r\n"
    sheet.write_bytes(codecs.BOM_UTF16_LE + text.encode("utf-16-le"))
    code, out = run("import-cards", str(pack), str(sheet), "--write")
    assert code == 0, out
    assert "UTF-16" in out and "semicolons" in out
    cards = _cards(pack)
    assert cards["nandu-veloz"].title == {"es": "Ñandú veloz"} and cards["nandu-veloz"].count == 2
    assert cards["canon"].text == {"es": "Descarta"}


def test_every_bad_row_names_its_row_and_column_and_the_good_rows_go_in(pack: Path, tmp_path: Path) -> None:
    rows: list[list[object]] = [["id", "title.es", "cantidad", "tipo"]]
    rows += [
        ["uno", "Uno", 1, "card"],
        ["uno", "Otro uno", 1, "card"],  # a duplicate id
        ["", "First Card", 1, "card"],  # makes first-card, which the pack has
        ["dos", "Dos", "tres", "card"],  # not a number
        ["tres", "Tres", 1, "carta"],  # not a type
        ["", "Cuatro", 1, "card"],
    ]
    sheet = _xlsx(tmp_path / "c.xlsx", rows)
    code, out = run("import-cards", str(pack), str(sheet), "--write")
    assert code == 1, out
    assert 'row 3: the id "uno" is also row 2\'s' in out
    assert 'row 4: the title "First Card" makes the id "first-card"' in out
    assert 'row 5, column C (cantidad): "tres" is not a whole number' in out
    assert 'row 6, column D (tipo): "carta" is not a card type' in out and "did you mean 'card'?" in out
    assert "Not written (see above): c.xlsx rows 3, 4, 5, 6." in out
    cards = _cards(pack)
    assert {"uno", "cuatro"} <= set(cards) and not {"dos", "tres"} & set(cards)
    assert cards["uno"].title == {"es": "Uno"}
    assert cards["first-card"].title["es"] == "Primera carta"


def test_a_column_mapped_to_an_unknown_field_stops_with_a_suggestion(pack: Path, tmp_path: Path) -> None:
    sheet = _xlsx(tmp_path / "c.xlsx", [["Nombre", "Reglas"], ["Uno", "Gana 1."]])
    before = _files(pack)
    code, out = run("import-cards", str(pack), str(sheet), "--column", "Nombre=tittle.es", "--write")
    assert code == 1, out
    assert 'column A "Nombre": "tittle.es" is not a card field' in out and "did you mean 'title.es'?" in out
    assert _files(pack) == before
    code, out = run("import-cards", str(pack), str(sheet), "--column", "Nombre=title.en", "--write")
    assert code == 1 and "row 2: no title in the pack's original language (es)" in out, out
    assert _files(pack) == before
    mapped = ("--column", "nombre=title.en", "--column", "REGLAS=title.es")  # column names in any case
    code, out = run("import-cards", str(pack), str(sheet), *mapped, "--write")
    assert code == 0, out
    assert _cards(pack)["gana-1"].title == {"en": "Uno", "es": "Gana 1."}


def test_an_existing_card_gets_only_what_it_lacks_and_a_different_value_is_a_conflict(
    pack: Path, tmp_path: Path
) -> None:
    rows = [["id", "título.es", "texto.en", "coste"], ["first-card", "Otra primera", "", 3], ["second-card", "", "", 2]]
    sheet = _xlsx(tmp_path / "c.xlsx", rows)
    original = (pack / "main.toml").read_text(encoding="utf-8")
    code, out = run("import-cards", str(pack), str(sheet), "--write")
    assert code == 1, out
    assert 'row 2: card "first-card" title.es: the sheet says "Otra primera", the pack says "Primera carta"' in out
    cards = _cards(pack)
    assert cards["first-card"].title["es"] == "Primera carta"
    assert (cards["first-card"].cost, cards["second-card"].cost) == (3, 2)
    changed = (pack / "main.toml").read_text(encoding="utf-8")
    assert [line for line in changed.splitlines() if line not in original.splitlines()] == ["cost = 3", "cost = 2"]


def test_dates_merged_cells_and_hidden_sheets_are_named(pack: Path, tmp_path: Path) -> None:
    import datetime

    path = tmp_path / "c.xlsx"
    book = xlsxwriter.Workbook(str(path))
    page = book.add_worksheet("Cartas")
    hidden = book.add_worksheet("Viejas")
    hidden.hide()
    page.write_row(0, 0, ["nombre", "texto"])
    page.write_datetime(1, 0, datetime.datetime(2026, 1, 2), book.add_format({"num_format": "d/m"}))
    page.write_string(1, 1, "Gana 1.")
    page.merge_range(2, 0, 3, 0, "Doble")
    page.write_string(2, 1, "Uno")
    page.write_string(3, 1, "Dos")
    book.close()
    code, out = run("import-cards", str(pack), str(path))
    assert code == 1, out
    assert "row 2, column A (nombre): a date or time cell (2026-01-02" in out
    assert "rows 3 to 4 share a merged cell (column A)" in out
    assert 'the hidden sheet "Viejas" is not read' in out
    assert "row 4: no id and no title" in out


def test_too_many_rows_a_zip_bomb_and_a_false_xlsx_are_refused_naming_the_limit(pack: Path, tmp_path: Path) -> None:
    big = tmp_path / "big.csv"
    big.write_text("nombre\n" + "".join(f"Carta {i}\n" for i in range(100_000)), encoding="utf-8")
    code, out = run("import-cards", str(pack), str(big))
    assert code == 1 and "more than 50000 rows" in out, out
    bomb = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b" " * 400_000_000)
    code, out = run("import-cards", str(pack), str(bomb))
    assert code == 1 and "unpacks to 400 MB" in out, out
    fake = tmp_path / "fake.ods"
    fake.write_text("nombre\nUno\n", encoding="utf-8")
    code, out = run("import-cards", str(pack), str(fake))
    assert code == 1 and "not the zip" in out, out
