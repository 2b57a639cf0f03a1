"""The texts' export as an xlsx and its import back, from xlsx and ods: typed cells judged as a CSV's are."""

from __future__ import annotations

import datetime
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
import xlsxwriter
from click.testing import CliRunner
from python_calamine import CalamineWorkbook

from pnp.cli import main
from pnp.load import load_pack
from pnp.translate.interchange import card_texts
from tests.conftest import ROOT

PACKS = [ROOT / "cards" / "blue-sun", ROOT / "cards" / "lotr-sailing", ROOT / "examples" / "tiny"]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout + result.stderr


def _texts(pack: Path) -> dict[tuple[str, str], dict[str, str]]:
    data = load_pack(pack).pack
    assert data is not None
    return {(c.id, n): dict(t) for c in data.cards().values() for n, t in card_texts(c).items()} | {
        (c.id, "status"): dict(c.status) for c in data.cards().values()
    }


def _cells(path: Path) -> list[list[object]]:
    with CalamineWorkbook.from_path(str(path)) as book:
        return book.get_sheet_by_name(book.sheet_names[0]).to_python()


def _save(path: Path, rows: list[list[object]]) -> None:
    """The rows as a spreadsheet saves them: strings as text cells, other values typed."""
    book = xlsxwriter.Workbook(str(path), {"strings_to_numbers": False, "strings_to_formulas": False})
    sheet = book.add_worksheet("pnp")
    dates = book.add_format({"num_format": "yyyy-mm-dd"})
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if isinstance(value, str):
                sheet.write_string(r, c, value)
            elif isinstance(value, datetime.datetime):
                sheet.write_datetime(r, c, value, dates)
            else:
                sheet.write(r, c, value)
    book.close()


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    copy = tmp_path / "tiny"
    shutil.copytree(ROOT / "examples" / "tiny", copy)
    monkeypatch.chdir(tmp_path)
    return copy


@pytest.mark.parametrize("source", PACKS, ids=lambda p: p.name)
def test_an_xlsx_export_imports_back_with_nothing_lost(source: Path, tmp_path: Path, monkeypatch) -> None:
    pack = tmp_path / source.name
    shutil.copytree(source, pack)
    monkeypatch.chdir(tmp_path)
    before = _texts(pack)
    sheet = tmp_path / "t.xlsx"
    assert run("export", str(pack), "--format", "xlsx", "-o", str(sheet))[0] == 0
    rows = _cells(sheet)
    assert rows[0][:5] == ["card", "field", load_pack(pack).pack.pack.source_language, "es", "base"]  # type: ignore[union-attr]
    assert all(isinstance(cell, str) for row in rows for cell in row)  # every cell a text cell
    code, out = run("import", str(pack), str(sheet), "--write")
    assert code == 0, out
    assert "No changes" in out
    assert _texts(pack) == before
    resaved = tmp_path / "resaved.xlsx"  # read and written again by another program: still nothing lost
    _save(resaved, rows)
    code, out = run("import", str(pack), str(resaved), "--write")
    assert (code, "No changes" in out) == (0, True), out
    assert _texts(pack) == before


def test_a_typed_cell_is_reported_and_a_text_cell_edit_is_imported(pack: Path, tmp_path: Path) -> None:
    sheet = tmp_path / "t.xlsx"
    run("export", str(pack), "--format", "csv", "-o", str(tmp_path / "t.csv"))
    # a translator's texts: "007", "1/2" and "=2+2" (which must stay text in the export)
    csv_rows = (tmp_path / "t.csv").read_text(encoding="utf-8-sig").splitlines()
    del csv_rows
    assert run("export", str(pack), "--format", "xlsx", "-o", str(sheet))[0] == 0
    rows = _cells(sheet)
    texts = [i for i, row in enumerate(rows) if i and row[1] != "status"]
    rows[texts[0]][3] = "007"
    rows[texts[1]][3] = "1/2"
    rows[texts[2]][3] = "=2+2"
    planted = tmp_path / "planted.xlsx"
    _save(planted, rows)
    code, out = run("import", str(pack), str(planted), "--write")
    assert code == 0, out
    assert run("export", str(pack), "--format", "xlsx", "-o", str(sheet), "--force")[0] == 0
    rows = _cells(sheet)
    assert [rows[i][3] for i in texts[:3]] == ["007", "1/2", "=2+2"]  # "=2+2" written as text, not a formula
    with zipfile.ZipFile(sheet) as archive:
        assert "<f>" not in archive.read("xl/worksheets/sheet1.xml").decode()
    # the spreadsheet turned them into a number, a date and a computed formula; one real edit, as text
    rows[texts[0]][3] = 7.0
    rows[texts[1]][3] = datetime.datetime(2026, 1, 2)
    rows[texts[2]][3] = 4.0
    rows[texts[3]][3] = "Texto cambiado a mano"
    card = rows[texts[3]][0]
    field = rows[texts[3]][1]
    _save(planted, rows)
    code, out = run("import", str(pack), str(planted), "--write")
    assert code == 1, out
    for i, kind in ((texts[0], "leading zeros dropped"), (texts[1], "read as a date"), (texts[2], "formula")):
        assert f"row {i + 1}:" in out and kind in out, out
    assert f"Not written (see above): {planted.name} row {texts[0] + 1}" in out.replace(str(planted), planted.name)
    after = _texts(pack)
    assert after[(str(card), str(field))]["es"] == "Texto cambiado a mano"
    assert [after[(str(rows[i][0]), str(rows[i][1]))]["es"] for i in texts[:3]] == ["007", "1/2", "=2+2"]


def test_a_text_cell_edited_to_a_number_is_an_edit(pack: Path, tmp_path: Path) -> None:
    sheet = tmp_path / "t.xlsx"
    run("export", str(pack), "--format", "xlsx", "-o", str(sheet))
    rows = _cells(sheet)
    i = next(i for i, row in enumerate(rows) if i and row[1] == "title")
    rows[i][3] = "7"  # typed as text: what the translator wrote
    _save(sheet, rows)
    code, out = run("import", str(pack), str(sheet), "--write")
    assert code == 0, out
    assert _texts(pack)[(str(rows[i][0]), "title")]["es"] == "7"


@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")
@pytest.mark.slow
def test_an_ods_saved_by_libreoffice_imports(pack: Path, tmp_path: Path) -> None:
    sheet = tmp_path / "t.xlsx"
    run("export", str(pack), "--format", "xlsx", "-o", str(sheet))
    rows = _cells(sheet)
    i = next(i for i, row in enumerate(rows) if i and row[1] == "title")
    rows[i][3] = "Otro título"
    _save(sheet, rows)
    subprocess.run(
        [
            "soffice",
            f"-env:UserInstallation=file://{tmp_path}/lo",
            "--headless",
            "--convert-to",
            "ods",
            "--outdir",
            str(tmp_path),
            str(sheet),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    code, out = run("import", str(pack), str(tmp_path / "t.ods"), "--write")
    assert code == 0, out
    assert _texts(pack)[(str(rows[i][0]), "title")]["es"] == "Otro título"


def test_a_zip_bomb_and_a_file_that_is_no_zip_are_refused_unread(pack: Path, tmp_path: Path) -> None:
    fake = tmp_path / "fake.xlsx"
    fake.write_text("card,field,en,es,base\n", encoding="utf-8")
    code, out = run("import", str(pack), str(fake))
    assert code == 1 and "not the zip" in out, out
    bomb = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/sharedStrings.xml", b"\0" * 400_000_000)
    assert bomb.stat().st_size < 2_000_000
    code, out = run("import", str(pack), str(bomb))
    assert code == 1 and "unpacks to 400 MB" in out and "300 MB" in out, out


def test_a_sheet_past_the_row_limit_is_refused_naming_the_limit(pack: Path, tmp_path: Path) -> None:
    big = tmp_path / "big.xlsx"
    book = xlsxwriter.Workbook(str(big), {"constant_memory": True})
    sheet = book.add_worksheet("pnp")
    for r in range(100_000):
        sheet.write_string(r, 0, "x")
    book.close()
    code, out = run("import", str(pack), str(big))
    assert code == 1 and "100000 rows" in out and "50000" in out, out
