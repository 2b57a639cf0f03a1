"""Interop: every export checked by the tools that read it, offline.

- PDF: every kind pnp writes embeds every font it references (pypdf walks the
  resources, forms included); shop PDFs carry TrimBox and BleedBox.
- Tabletop Simulator: strict JSON, valid against a schema of the saved-object
  fields TTS reads (tests/data/tts-saved-object.schema.json).
- PO: `msgfmt -c` (GNU gettext) and pofilter (Translate Toolkit) on the bundled packs.
- CSV: round trips through Python's csv in Excel's dialects.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

from pnp.cli import main
from pnp.pipelines.build import BuildOptions, build

ROOT = Path(__file__).resolve().parent.parent
BLUE_SUN = ROOT / "cards" / "blue-sun"
LOTR = ROOT / "cards" / "lotr-sailing"
TTS_SCHEMA = Path(__file__).parent / "data" / "tts-saved-object.schema.json"


# --- PDF: fonts and page boxes ---------------------------------------------------------------


def _font_dicts(resources: Any, seen: set[int]) -> Iterator[DictionaryObject]:
    if resources is None:
        return
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        yield font.get_object()
    for xobject in (resources.get("/XObject") or {}).values():
        form = xobject.get_object()
        if form.get("/Subtype") == "/Form" and id(form) not in seen:
            seen.add(id(form))
            yield from _font_dicts(form.get("/Resources"), seen)


def unembedded_fonts(path: Path) -> set[str]:
    """The names of the fonts a PDF references without embedding them."""
    reader = PdfReader(str(path))
    missing: set[str] = set()
    seen: set[int] = set()
    for page in reader.pages:
        for font in _font_dicts(page.get("/Resources"), seen):
            if font.get("/Subtype") == "/Type3":
                continue  # drawn by the PDF's own procedures
            described = font
            if font.get("/Subtype") == "/Type0":
                described = font["/DescendantFonts"][0].get_object()
            descriptor = described.get("/FontDescriptor")
            files = ("/FontFile", "/FontFile2", "/FontFile3")
            if descriptor is None or not any(key in descriptor.get_object() for key in files):
                missing.add(str(font.get("/BaseFont")))
    return missing


@pytest.fixture(scope="module")
def every_pdf(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """One of each PDF kind pnp writes: sheets in each duplex mode, cards.pdf, calibration, shop PDFs, proof, board."""
    work = tmp_path_factory.mktemp("pdfs")
    tiny = work / "tiny"
    shutil.copytree(ROOT / "examples" / "tiny", tiny)
    out = work / "out"
    for shop in ("drivethru", "oneup"):
        result = build(tiny, BuildOptions(output=out, calibration=True, print_shop=shop))
        assert result.ok, [f.message for f in result.findings]
    # the other duplex modes draw their own calibration page and fold labels; bilingual cards set two languages
    for duplex, bilingual in (("short", False), ("fold", True)):
        options = BuildOptions(output=work / duplex, calibration=True, duplex=duplex, bilingual=bilingual)
        result = build(tiny, options)
        assert result.ok, [f.message for f in result.findings]
    runner = CliRunner()
    proof = runner.invoke(main, ["proof", str(tiny), "-o", str(out / "proof")])
    assert proof.exit_code == 0, proof.output
    board = runner.invoke(main, ["board", str(BLUE_SUN), "-o", str(out / "board"), "-q"])
    assert board.exit_code == 0, board.output
    found = sorted([*out.rglob("*.pdf"), *(work / "short").rglob("*.pdf"), *(work / "fold").rglob("*.pdf")])
    names = {p.name for p in found}
    assert {"cards.pdf", "cards-supply.pdf", "calibration-long.pdf", "proof.pdf", "tokens.pdf"} <= names
    assert "calibration-short.pdf" in names  # fold needs none: both sides are on one page
    assert {"board-tiled.pdf", "board-stickers.pdf", "standees.pdf"} <= names
    assert any(p.parent.name == "drivethru" for p in found) and any(p.parent.name == "oneup" for p in found)
    return found


@pytest.mark.slow
def test_every_pdf_kind_embeds_every_font_it_references(every_pdf: list[Path]) -> None:
    problems = {str(path.name): unembedded_fonts(path) for path in every_pdf}
    assert {name: fonts for name, fonts in problems.items() if fonts} == {}


def test_the_font_check_catches_an_unembedded_font(tmp_path: Path) -> None:
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "plain.pdf"
    canvas = Canvas(str(path))  # ReportLab's default: Helvetica, not embedded
    canvas.drawString(72, 72, "hola")
    canvas.save()
    assert unembedded_fonts(path) == {"/Helvetica"}


def test_shop_pdfs_carry_trim_and_bleed_boxes(every_pdf: list[Path]) -> None:
    shop_pdfs = [p for p in every_pdf if p.parent.name in ("drivethru", "oneup")]
    assert shop_pdfs
    for path in shop_pdfs:
        bleed = 0.125 * 72 if path.parent.name == "drivethru" else 72 * 3 / 25.4
        for page in PdfReader(str(path)).pages:
            media = [float(v) for v in page.mediabox]
            assert [float(v) for v in page.bleedbox] == media
            trim = [float(v) for v in page.trimbox]
            assert trim == pytest.approx([bleed, bleed, media[2] - bleed, media[3] - bleed], abs=0.01)


# --- Tabletop Simulator ------------------------------------------------------------------------


@pytest.mark.slow
def test_tts_saved_objects_are_strict_json_valid_against_the_schema(tmp_path: Path) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(TTS_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    out = tmp_path / "out"
    result = build(LOTR, BuildOptions(output=out, tts=True, dpi=36, tts_base_url="https://example.org/lotr/"))
    assert result.ok, [f.message for f in result.findings]
    saved = sorted((out / "lotr-sailing" / "es" / "tts").glob("*.json"))
    assert len(saved) == 6  # the 5 printable decks (corsair is built from another) and the box
    for path in saved:
        data = json.loads(path.read_text(encoding="utf-8"), parse_constant=pytest.fail)  # no NaN or Infinity
        errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(data), key=str)
        assert not errors, f"{path.name}: {errors[0].message} at {list(errors[0].absolute_path)}"


def test_the_tts_schema_refuses_a_sheet_without_its_grid() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(TTS_SCHEMA.read_text(encoding="utf-8"))
    card = {"Name": "Card", "CardID": 10000, "CustomDeck": {"1": {"FaceURL": "x", "BackURL": "y"}}}
    saved = {"SaveName": "x", "ObjectStates": [card]}
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(saved))


# --- PO: msgfmt -c and pofilter on the bundled packs ------------------------------------------

# What pofilter still says about the bundled packs, reviewed: names kept as they are, and
# capitalisation it compares with English title case.  Anything new fails the test.
POFILTER_REVIEWED = {
    "blue-sun": {
        ("cortland:title", "unchanged"),
        ("sheydra:title", "unchanged"),
        ("xunsu-whisper-x1:title", "unchanged"),
        ("murphy:title", "unchanged"),
        ("atherton:title", "unchanged"),
    },
    "lotr-sailing": {
        ("narelenya:title", "unchanged"),
        ("tormentera:title", "unchanged"),
        ("ship-enemy-1:title", "simplecaps"),
        ("ship-enemy-2:title", "simplecaps"),
        ("enemy-1:title", "simplecaps"),
        ("enemy-2:title", "simplecaps"),
        ("location-1:title", "simplecaps"),
        ("cazador-de-suenos:title", "simplecaps"),
        ("rumbo:text", "doublewords"),  # the heading card's edges: three of four read «Desviado»
        ("stage-2:back.title", "endpunc"),  # «Etapa 2B — ¡A toda vela!»: the rules give no English name
        ("tormentera-2:back.title", "endpunc"),  # «Etapa 2D — ¡A toda vela!», the same
    },
    "bsg": {
        ("crisis-1:title", "simplecaps"),
        ("crisis-2:title", "simplecaps"),
        ("cylon-attack-super-1:title", "simplecaps"),
    },
}


# The aids' texts (reference cards and set-up sheets), reviewed: Spanish quotes «» for English "", table
# cells and list items lower case where English capitalises, names and "d8" kept, "a d8" written out as
# «un dado de ocho caras», a sentence that opens with a bold term in English and with its article in Spanish,
# a name repeated on purpose ("Abordaje. Abordaje no se resuelve").
POFILTER_REVIEWED_AIDS = {
    "blue-sun": {
        ("aids/reavers:block[5].bullets[1]", "puncspacing"),
        ("aids/reavers:block[8].bullets[1]", "simplecaps"),
        ("aids/setup:block[12].bullets[0]", "simplecaps"),
        ("aids/setup:block[12].bullets[2]", "startpunc"),
        ("aids/setup:block[12].bullets[3]", "startpunc"),
        ("aids/setup:block[2].text", "singlequoting"),
        ("aids/setup:block[5].rows[0][2]", "startcaps"),
        ("aids/setup:block[5].rows[1][2]", "simplecaps"),
        ("aids/setup:block[5].rows[1][2]", "startcaps"),
        ("aids/setup:block[5].rows[2][2]", "startcaps"),
        ("aids/setup:block[8].bullets[0]", "startpunc"),
        ("aids/setup:block[9].bullets[0]", "puncspacing"),
        ("aids/setup:block[9].bullets[2]", "doublequoting"),
    },
    "lotr-sailing": {
        ("aids/sailing:block[1].steps[3]", "simplecaps"),
        ("aids/sailing:block[2].heading", "simplecaps"),
        ("aids/sailing:block[5].bullets[1]", "simplecaps"),
        ("aids/sailing:block[5].bullets[2]", "simplecaps"),
        ("aids/sailing:block[7].rows[1][1]", "simplecaps"),
        ("aids/sailing:block[7].rows[3][1]", "simplecaps"),
        ("aids/ships:block[1].bullets[1]", "simplecaps"),
        ("aids/ships:block[1].bullets[2]", "simplecaps"),
        ("aids/ships:block[3].bullets[1]", "simplecaps"),
        ("aids/ships:block[4].heading", "simplecaps"),
        ("aids/ships:block[5].bullets[0]", "simplecaps"),
        ("aids/ships:block[5].bullets[1]", "doublewords"),
        ("aids/ships:block[7].bullets[3]", "simplecaps"),
    },
    "bsg": {
        ("aids/attack:block[0].text", "numbers"),
        ("aids/attack:block[1].columns[2].header", "unchanged"),
        ("aids/attack:block[1].rows[0][0]", "unchanged"),
        ("aids/attack:block[1].rows[3][0]", "unchanged"),
        ("aids/attack:block[1].rows[4][0]", "unchanged"),
        ("aids/attack:block[1].rows[7][1]", "unchanged"),
        ("aids/attack:block[1].rows[9][1]", "unchanged"),
        ("aids/attack:block[3].columns[0].header", "unchanged"),
        ("aids/attack:title", "simplecaps"),
        ("aids/variants:block[10].steps[0]", "doublequoting"),
        ("aids/variants:block[6].steps[1]", "brackets"),  # each Quorum card's English title in brackets
        ("aids/variants:block[1].steps[0]", "doublequoting"),
        ("aids/variants:block[1].steps[0]", "puncspacing"),
        ("aids/variants:block[1].steps[2]", "doublequoting"),
        ("aids/variants:block[1].steps[3]", "doublequoting"),
        ("aids/variants:block[2].bullets[2]", "doublequoting"),
        ("aids/variants:block[2].bullets[3]", "doublequoting"),
        ("aids/variants:block[2].bullets[3]", "startpunc"),
        ("aids/variants:block[2].bullets[4]", "puncspacing"),
        ("aids/variants:block[4].steps[0]", "doublequoting"),
        ("aids/variants:block[4].steps[1]", "simplecaps"),
        ("aids/variants:block[4].steps[2]", "doublequoting"),
    },
}


def _export_po(pack: str, target: Path) -> Path:
    result = CliRunner().invoke(main, ["export", str(ROOT / "cards" / pack), "--format", "po", "-o", str(target)])
    assert result.exit_code == 0, result.output
    return target


@pytest.mark.parametrize("pack", sorted(POFILTER_REVIEWED))
def test_msgfmt_check_is_clean_on_the_bundled_packs(pack: str, tmp_path: Path) -> None:
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("GNU gettext's msgfmt is not installed (Debian: apt-get install -y gettext)")
    import subprocess

    import polib

    po = _export_po(pack, tmp_path / f"{pack}.po")
    run = subprocess.run(
        [msgfmt, "--check", "--check-accelerators", "-o", "/dev/null", str(po)], capture_output=True, text=True
    )
    assert (run.returncode, run.stderr) == (0, "")
    # the aids' texts are in the file checked: every bundled pack has a reference card or a set-up sheet
    assert any(e.msgctxt.startswith("aids/") and e.msgstr for e in polib.pofile(str(po)))


@pytest.mark.slow
@pytest.mark.parametrize("pack", sorted(POFILTER_REVIEWED))
def test_pofilter_finds_only_the_reviewed_hits_on_the_bundled_packs(pack: str, tmp_path: Path) -> None:
    import subprocess
    import sys

    import polib

    pofilter = Path(sys.executable).parent / "pofilter"
    if not pofilter.exists():
        pytest.skip("Translate Toolkit's pofilter is not installed (pip install translate-toolkit)")
    po = _export_po(pack, tmp_path / f"{pack}.po")
    out = tmp_path / "hits.po"
    # isfuzzy is left out: a draft card is fuzzy on purpose, and the proof counts those
    run = subprocess.run(
        [str(pofilter), "--progress=none", "--excludefilter=isfuzzy", str(po), str(out)], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    hits = set()
    if out.exists():
        for entry in polib.pofile(str(out)):
            for line in entry.tcomment.splitlines():
                if line.startswith("(pofilter) "):
                    hits.add((entry.msgctxt, line.removeprefix("(pofilter) ").split(":", 1)[0]))
    assert hits == POFILTER_REVIEWED[pack] | POFILTER_REVIEWED_AIDS[pack]
    assert not any(check == "untranslated" or "no original" in ctx for ctx, check in hits)


def test_po_round_trip_through_polib_keeps_every_entry(tmp_path: Path) -> None:
    import polib

    po = _export_po("blue-sun", tmp_path / "a.po")
    polib.pofile(str(po)).save(str(tmp_path / "b.po"))
    again = polib.pofile(str(tmp_path / "b.po"))
    first = polib.pofile(str(po))
    assert [(e.msgctxt, e.msgid, e.msgstr, e.flags, e.tcomment) for e in again] == [
        (e.msgctxt, e.msgid, e.msgstr, e.flags, e.tcomment) for e in first
    ]
    assert first.metadata["Language"] == "es"
    for key in ("PO-Revision-Date", "Last-Translator", "Language-Team", "Plural-Forms"):
        assert first.metadata[key]


# --- CSV: spreadsheet dialects ----------------------------------------------------------------


@pytest.mark.parametrize("dialect", ["excel", "excel-tab", "semicolon"])
def test_csv_round_trips_through_the_spreadsheet_dialects(dialect: str, tmp_path: Path) -> None:
    import csv
    import io

    from pnp.translate.csvfile import read_csv, restore

    result = CliRunner().invoke(main, ["export", str(BLUE_SUN), "--format", "csv", "-o", str(tmp_path / "a.csv")])
    assert result.exit_code == 0
    rows = list(csv.reader(io.StringIO((tmp_path / "a.csv").read_text(encoding="utf-8-sig"), newline="")))
    buffer = io.StringIO(newline="")
    if dialect == "semicolon":
        csv.writer(buffer, delimiter=";", lineterminator="\r\n").writerows(rows)
    else:
        csv.writer(buffer, dialect=dialect).writerows(rows)
    lang, read, findings = read_csv(buffer.getvalue(), "a.csv", "en", ["es"])
    assert (lang, findings) == ("es", [])
    assert [(r.card, r.field, r.source, r.target, r.base) for r in read] == [
        tuple(restore(c) for c in row) for row in rows[1:]
    ]


@pytest.mark.slow
def test_no_pdf_kind_draws_text_off_its_page(every_pdf: list[Path]) -> None:
    """A line that runs past the page edge is cut off in print: every character lies inside its page."""
    import pypdfium2 as pdfium

    outside: list[str] = []
    # board-tiled.pdf is one map cut over pages: each page clips the map, so text beyond its edge is the next page's
    for path in (p for p in every_pdf if p.name != "board-tiled.pdf"):
        document = pdfium.PdfDocument(str(path))
        for number, page in enumerate(document, start=1):
            width, height = page.get_size()
            text = page.get_textpage()
            for index in range(text.count_chars()):
                left, bottom, right, top = text.get_charbox(index)
                if right - left <= 0:
                    continue  # spaces and line ends have no box
                if left < -0.5 or bottom < -0.5 or right > width + 0.5 or top > height + 0.5:
                    outside.append(
                        f"{path.name} p{number}: {text.get_text_range(index, 1)!r} at {left:.0f},{bottom:.0f}"
                    )
                    break
    assert outside == []


@pytest.mark.parametrize("tool", ["msgcat", "msgmerge"])
def test_po_statuses_survive_a_gettext_rewrite(tool: str, tmp_path: Path) -> None:
    """GNU gettext drops flags it does not know (msgcat and msgmerge both do): the reviewed mark is a comment."""
    import subprocess

    program = shutil.which(tool)
    if program is None:
        pytest.skip(f"GNU gettext's {tool} is not installed (Debian: apt-get install -y gettext)")
    pack = tmp_path / "tiny"
    shutil.copytree(ROOT / "examples" / "tiny", pack)  # fuel-cell reviewed, spare-parts translated, pilot draft
    po = tmp_path / "t.po"
    assert CliRunner().invoke(main, ["export", str(pack), "--format", "po", "-o", str(po)]).exit_code == 0
    command = (
        [program, str(po), "-o", str(po)] if tool == "msgcat" else [program, "-q", str(po), str(po), "-o", str(po)]
    )
    subprocess.run(command, check=True)
    result = CliRunner().invoke(main, ["import", str(pack), str(po)])
    assert (result.exit_code, result.output) == (0, "No changes: the pack already says what the file says.\n")
    text = po.read_text(encoding="utf-8")
    assert "# reviewed\n#. base: " in text and "#, fuzzy" in text


def _tiny_with_line_breaks(tmp_path: Path) -> Path:
    """tiny, with translations that start or end with a line break their originals do not have (and one the
    other way): a reviewed card's and a translated card's."""
    pack = tmp_path / "tiny"
    shutil.copytree(ROOT / "examples" / "tiny", pack)
    supply = pack / "supply.toml"
    text = supply.read_text(encoding="utf-8")
    text = text.replace('text.es = "Gana 2 {fuel}."', 'text.es = "Gana 2 {fuel}.\\n"')
    text = text.replace('title.es = "Célula de combustible"', 'title.es = "\\nCélula de combustible"')
    text = text.replace('title.en = "Spare Parts"', 'title.en = "Spare Parts\\n"')
    supply.write_text(text, encoding="utf-8")
    return pack


def test_msgfmt_check_passes_on_a_po_whose_translations_start_or_end_with_a_line_break(tmp_path: Path) -> None:
    import subprocess

    import polib

    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("GNU gettext's msgfmt is not installed (Debian: apt-get install -y gettext)")
    pack = _tiny_with_line_breaks(tmp_path)
    po = tmp_path / "t.po"
    assert CliRunner().invoke(main, ["export", str(pack), "--format", "po", "-o", str(po)]).exit_code == 0
    run = subprocess.run([msgfmt, "--check", "-o", "/dev/null", str(po)], capture_output=True, text=True)
    assert (run.returncode, run.stderr) == (0, "")
    marked = {e.msgctxt for e in polib.pofile(str(po)) if any(c.startswith("fuzzy: ") for c in e.comment.splitlines())}
    assert marked == {"fuel-cell:text", "fuel-cell:title", "spare-parts:title"}
    # the marks export made do not make the cards drafts: importing the file as it is changes nothing
    result = CliRunner().invoke(main, ["import", str(pack), str(po)])
    assert (result.exit_code, result.output) == (0, "No changes: the pack already says what the file says.\n")
    # the translator corrects one in a tool, which clears the mark: the fix comes in, and the card, reviewed
    # before, is translated (an edited reviewed text needs its review again), not a draft
    entries = polib.pofile(str(po))
    entry = next(e for e in entries if e.msgctxt == "fuel-cell:text")
    entry.msgstr = "Gana 2 {fuel}."
    entry.flags.remove("fuzzy")
    entries.save(str(po))
    result = CliRunner().invoke(main, ["import", str(pack), str(po), "--write"])
    assert result.exit_code == 0, result.output
    supply = (pack / "supply.toml").read_text(encoding="utf-8")
    assert 'text.es = "Gana 2 {fuel}."' in supply and 'status.es = "translated"' in supply


@pytest.mark.parametrize("tool", ["msgcat", "msgmerge"])
def test_the_line_break_marks_survive_a_gettext_rewrite(tool: str, tmp_path: Path) -> None:
    import subprocess

    program = shutil.which(tool)
    if program is None:
        pytest.skip(f"GNU gettext's {tool} is not installed (Debian: apt-get install -y gettext)")
    pack = _tiny_with_line_breaks(tmp_path)
    po = tmp_path / "t.po"
    assert CliRunner().invoke(main, ["export", str(pack), "--format", "po", "-o", str(po)]).exit_code == 0
    command = (
        [program, str(po), "-o", str(po)] if tool == "msgcat" else [program, "-q", str(po), str(po), "-o", str(po)]
    )
    subprocess.run(command, check=True)
    result = CliRunner().invoke(main, ["import", str(pack), str(po)])
    assert (result.exit_code, result.output) == (0, "No changes: the pack already says what the file says.\n")


def test_po_revision_date_is_the_card_files_last_commit_not_their_file_times(tmp_path: Path) -> None:
    import os
    import subprocess

    import polib

    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    pack = tmp_path / "tiny"
    shutil.copytree(ROOT / "examples" / "tiny", pack)
    env = {**os.environ, "GIT_AUTHOR_DATE": "2024-03-05T10:20:00Z", "GIT_COMMITTER_DATE": "2024-03-05T10:20:00Z"}
    git = ["git", "-C", str(pack), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "cards"], check=True, env=env)
    for toml in pack.glob("*.toml"):
        os.utime(toml, (1_700_000_000, 1_700_000_000))  # a fresh checkout's or copy's times: not a text's change

    def revision() -> str:
        po = tmp_path / "t.po"
        assert (
            CliRunner().invoke(main, ["export", str(pack), "--format", "po", "-o", str(po), "--force"]).exit_code == 0
        )
        return polib.pofile(str(po)).metadata["PO-Revision-Date"]

    assert revision() == "2024-03-05 10:20+0000"
    # a change not committed yet is dated by its file
    supply = pack / "supply.toml"
    supply.write_text(supply.read_text(encoding="utf-8").replace("Gana 2", "Gana 3"), encoding="utf-8")
    os.utime(supply, (1_800_000_000, 1_800_000_000))
    assert revision() == "2027-01-15 08:00+0000"
