"""A CSV export opened and saved by a spreadsheet imports back: every conversion reported, nothing changed silently.

Each bundled pack gets texts a spreadsheet converts ("007", "1/2", "1E3", "12,50", "VERDADERO", "10:30",
a character Windows-1252 cannot hold, ...), typed in through `pnp import` as a translator would.  Its
export then goes through each simulated spreadsheet (tests/spreadsheets.py) and, where LibreOffice is
installed, through LibreOffice itself; a translator makes two real edits in the same file, one of them
a number; and `pnp import --write` must write exactly those two, report every converted row by its
number, and refuse nothing else.
"""

from __future__ import annotations

import csv
import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.load import load_pack
from pnp.translate.csvfile import neutralise, restore
from pnp.translate.interchange import card_texts
from tests.conftest import ROOT
from tests.spreadsheets import SPREADSHEETS, Spreadsheet

pytestmark = pytest.mark.slow  # child processes, a browser or drawn pages: left out of the quick loop

PACKS = [
    ROOT / "cards" / "blue-sun",
    ROOT / "cards" / "lotr-sailing",
    ROOT / "cards" / "bsg",
    ROOT / "examples" / "tiny",
]
# what a spreadsheet converts, most telling first (the smallest pack has room for 12 of them), then
# texts it must leave alone: a typed apostrophe, a number it saves as it was
CONVERTED = [
    "007",
    "1/2",
    "1E3",
    "12,50",
    "VERDADERO",
    "10:30",
    "Ñandú → ő",
    "302e80281048",
    "50%",
    " 12 ",
    "1.000",
    "true",
    "1-2",
    "1234567890123456789",
]
KEPT = ["'hola", "12"]
HAND_EDIT = "Texto cambiado a mano"
NUMBER_EDIT = "13"  # the "12" card, really changed: a number that must not be taken for a conversion


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def _read(data: bytes) -> tuple[list[list[str]], str, str]:
    """(rows, encoding, delimiter) of a CSV a spreadsheet saved."""
    encoding = "utf-8-sig"
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError:
        encoding = "cp1252"
        text = data.decode(encoding)
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)), encoding, delimiter


def _rows(data: bytes) -> list[list[str]]:
    return _read(data)[0]


def _texts(pack: Path) -> dict[tuple[str, str], str]:
    data = load_pack(pack).pack
    assert data is not None
    return {
        (card.id, name): localized.get("es", "")
        for card in data.cards().values()
        for name, localized in card_texts(card).items()
    }


def _plant(pack: Path, tmp_path: Path) -> dict[str, str]:
    """Type the tricky texts into the pack through pnp import, as a translator would: {card:field: text}."""
    export = tmp_path / "plant.csv"
    assert run("export", str(pack), "--format", "csv", "-o", str(export))[0] == 0
    rows = _rows(export.read_bytes())
    texts = [row for row in rows[1:] if row[1] != "status"]
    values = [*CONVERTED[: len(texts) - len(KEPT) - 1], *KEPT]
    planted = {}
    for row, value in zip(texts, values, strict=False):
        row[3] = neutralise(value)
        planted[f"{row[0]}:{row[1]}"] = value
    buffer = io.StringIO(newline="")
    csv.writer(buffer, lineterminator="\r\n").writerows(rows)
    export.write_bytes(buffer.getvalue().encode("utf-8"))
    code, out, err = run("import", str(pack), str(export), "--write")
    assert code == 0, out + err
    assert {k: v for k, v in _texts(pack).items() if f"{k[0]}:{k[1]}" in planted} == {
        tuple(k.split(":", 1)): v for k, v in planted.items()
    }
    return planted


@pytest.fixture(params=PACKS, ids=lambda p: p.name)
def planted_pack(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    pack = tmp_path / request.param.name
    shutil.copytree(request.param, pack)
    monkeypatch.chdir(tmp_path)
    _plant(pack, tmp_path)
    return pack


def _round_trip(pack: Path, save: object) -> None:
    """Export, let `save` (exported bytes -> saved bytes) act as the spreadsheet, edit two cells, import."""
    assert run("export", pack.name, "--format", "csv", "-o", "t.csv")[0] == 0
    exported = _rows(Path("t.csv").read_bytes())
    saved, encoding, delimiter = _read(save(Path("t.csv").read_bytes()))  # type: ignore[operator]
    assert len(saved) == len(exported)
    # pnp's own columns come back as they were written: card, field and base are never converted
    assert [(r[0], r[1], r[4]) for r in saved] == [(r[0], r[1], r[4]) for r in exported]
    number_row = next(i for i, r in enumerate(exported) if restore(r[3]) == "12")
    hand_row = next(
        i for i, r in enumerate(exported) if i and r[1] != "status" and r[3] and r[3] == saved[i][3] and i != number_row
    )
    saved[number_row][3], saved[hand_row][3] = NUMBER_EDIT, HAND_EDIT
    converted = {
        i + 1
        for i, (before, after) in enumerate(zip(exported, saved, strict=True))
        if i not in (number_row, hand_row) and restore(before[3]) != restore(after[3])
    }
    buffer = io.StringIO(newline="")
    csv.writer(buffer, delimiter=delimiter, lineterminator="\r\n").writerows(saved)  # saved as it was opened
    Path("back.csv").write_bytes(buffer.getvalue().encode(encoding))
    before = _texts(pack)

    code, out, err = run("import", pack.name, "back.csv", "--write")

    reported = {int(n) for n in re.findall(r"error: [^\n]*row (\d+): [^\n]*came back as", out)}
    assert reported == converted, out  # every converted text named by its row, and only those
    assert out.count(" error: ") == len(converted), out  # nothing else refused
    assert " warning: " not in out, out  # a converted original is not "changed since the export"
    assert "Wrote 1 file" in out or "Wrote 2 files" in out, out
    written = re.search(r"from back\.csv (.*)\.\n", out)
    assert written is not None and written.group(1) == ", ".join(f"row {n + 1}" for n in sorted((hand_row, number_row)))
    if converted:
        assert code == 1
        assert err == "Not written (see above): back.csv " + ", ".join(f"row {n}" for n in sorted(converted)) + ".\n"
    else:
        assert (code, err) == (0, "")
    after = _texts(pack)
    edited = {
        (exported[i][0], exported[i][1]): value for i, value in ((hand_row, HAND_EDIT), (number_row, NUMBER_EDIT))
    }
    assert after == before | edited  # the two edits, and nothing else


@pytest.mark.parametrize("spreadsheet", SPREADSHEETS, ids=lambda s: s.name)
def test_a_spreadsheets_conversions_are_reported_and_the_edits_imported(
    planted_pack: Path, spreadsheet: Spreadsheet
) -> None:
    _round_trip(planted_pack, spreadsheet.open_and_save)


# --- LibreOffice itself ----------------------------------------------------------------------------

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
# LibreOffice's CSV filter options: comma, double quote, UTF-8, from line 1, no column formats, the
# locale, quoted fields not forced to text, "Detect special numbers"
LIBREOFFICE = {
    "en": "44,34,76,1,,1033,false,true",
    "es": "44,34,76,1,,3082,false,true",
    "plain": "44,34,76,1,,1033,false,false",
}


def _libreoffice(data: bytes, options: str, work: Path) -> bytes:
    assert SOFFICE is not None
    work.mkdir(parents=True, exist_ok=True)
    (work / "in.csv").write_bytes(data)
    out = work / "out"
    subprocess.run(
        [
            SOFFICE,
            f"-env:UserInstallation=file://{work / 'profile'}",
            "--headless",
            f"--infilter=CSV:{options}",
            "--convert-to",
            "csv:Text - txt - csv (StarCalc):44,34,76,1",
            "--outdir",
            str(out),
            str(work / "in.csv"),
        ],
        check=True,
        capture_output=True,
        timeout=180,  # a hang, not a measure
    )
    return (out / "in.csv").read_bytes()


needs_libreoffice = pytest.mark.skipif(SOFFICE is None, reason="LibreOffice is not installed (soffice)")


@needs_libreoffice
@pytest.mark.parametrize("locale", ["plain", "en", "es"])
def test_libreoffice_itself_round_trips_every_bundled_pack(planted_pack: Path, locale: str, tmp_path: Path) -> None:
    _round_trip(planted_pack, lambda data: _libreoffice(data, LIBREOFFICE[locale], tmp_path / "lo"))


@needs_libreoffice
@pytest.mark.parametrize("locale", ["plain", "en", "es"])
def test_the_simulator_converts_cells_as_libreoffice_does(locale: str, tmp_path: Path) -> None:
    cells = [*CONVERTED, *KEPT, "030536048521", "Jan 2", "Gana 2 {fuel}.", "oocfaldndaeh"]
    buffer = io.StringIO(newline="")
    csv.writer(buffer, lineterminator="\r\n").writerows([["cell"], *([c] for c in cells)])
    real = _rows(_libreoffice(buffer.getvalue().encode("utf-8"), LIBREOFFICE[locale], tmp_path))
    simulated = Spreadsheet("LibreOffice", "es" if locale == "es" else "en", False, locale != "plain")
    assert [row[0] for row in real[1:]] == [simulated.cell(c) for c in cells]
