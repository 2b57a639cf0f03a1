"""pnp export and pnp import: spreadsheets (CSV) and translation tools (PO), round trips without loss."""

from __future__ import annotations

import csv
import io
import re
import shutil
from pathlib import Path

import polib
import pytest
from click.testing import CliRunner

from pnp.cli import main
from tests.conftest import BLUE_SUN
from tests.test_glossary_apply import edit, snapshot

TRICKY = 'text.es = "Gana 2 {fuel}."'
# quotes, a backslash, a tab, trailing spaces, a blank line, TOML's own delimiters and a literal star
TRICKY_TEXT = 'Di \\"¡ya!\\" y\\tsigue \\\\ con \'\'\' y \\"\\"\\"  \\n\\nGana 2 {fuel}. 7\\\\* 2  '


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


HANDS_TIED = (
    'text.es = """\nMientras trabajas el trabajo adjunto, no sumas la habilidad de {fight} de tu tripulación a las '
    "pruebas de habilidad.\n\nCualquier prueba de {fight} en las cartas de Portarse mal o en el propio trabajo se "
    'hace como si tu tripulación no tuviera habilidad de lucha."""\n'
)


@pytest.fixture
def blue_sun(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Blue Sun with two texts typed in, as a user with the cards would: Murphy's and a challenge's."""
    pack = tmp_path / "blue-sun"
    shutil.copytree(BLUE_SUN, pack)
    edit(
        pack / "leader.toml",
        'title.es = "Murphy"\n',
        'title.es = "Murphy"\ntext.es = "Murphy sobresale en el comercio de bienes."\n',
    )
    edit(
        pack / "challenge-universe.toml",
        'title.es = "Con las manos atadas"\n',
        'title.es = "Con las manos atadas"\n' + HANDS_TIED,
    )
    monkeypatch.chdir(tmp_path)
    return pack


@pytest.mark.parametrize("kind", ["csv", "po"])
@pytest.mark.parametrize("pack_name", ["blue-sun", "tiny"])
def test_export_then_import_changes_nothing_byte_for_byte(
    kind: str, pack_name: str, blue_sun: Path, tmp_path: Path
) -> None:
    pack = blue_sun if pack_name == "blue-sun" else tmp_path / "tiny"
    if pack_name == "tiny":
        shutil.copytree(Path(__file__).parent.parent / "examples" / "tiny", pack)
        edit(pack / "supply.toml", TRICKY, f'text.es = "{TRICKY_TEXT}"')
    before = snapshot(pack)
    code, out, _ = run("export", pack.name, "--format", kind, "-o", f"texts.{kind}")
    assert code == 0, out
    first = (tmp_path / f"texts.{kind}").read_bytes()
    code, out, err = run("import", pack.name, f"texts.{kind}", "--write")
    assert (code, out, err) == (0, "No changes: the pack already says what the file says.\n", "")
    assert snapshot(pack) == before
    run("export", pack.name, "--format", kind, "-o", f"again.{kind}")
    assert (tmp_path / f"again.{kind}").read_bytes() == first  # no timestamps, same order


def test_csv_export_has_one_row_per_text_and_a_status_row(blue_sun: Path) -> None:
    code, out, _ = run("export", "blue-sun", "--format", "csv")
    assert (code, out) == (
        0,
        "Wrote output/blue-sun/es/blue-sun-es.csv: 39 texts of 37 cards and 58 texts of 2 aids (es).\n",
    )
    data = Path("output/blue-sun/es/blue-sun-es.csv").read_bytes()
    assert data.startswith(b"\xef\xbb\xbfcard,field,en,es,base\r\n")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[1] == ["cortland", "title", "Cortland", "Cortland", "lmjepdcpohpk"]
    assert rows[2][:4] == ["cortland", "status", "", "draft"]


def _edit_csv(path: Path, card: str, field: str, value: str, delimiter: str = ",") -> None:
    text = path.read_text(encoding="utf-8-sig")
    rows = list(csv.reader(io.StringIO(text), delimiter=";" if text.startswith("card;") else ","))
    for row in rows:
        if row[:2] == [card, field]:
            row[3] = value
            break
    else:
        raise AssertionError((card, field))
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=delimiter).writerows(rows)
    path.write_text(buffer.getvalue(), encoding="utf-8-sig")


def test_export_never_overwrites_a_file_that_differs_without_force(blue_sun: Path) -> None:
    assert run("export", "blue-sun", "--format", "csv", "-o", "t.csv")[:2] == (
        0,
        "Wrote t.csv: 39 texts of 37 cards and 58 texts of 2 aids (es).\n",
    )
    assert run("export", "blue-sun", "--format", "csv", "-o", "t.csv")[0] == 0  # the same bytes: nothing lost
    _edit_csv(Path("t.csv"), "murphy", "text", "Murphy sobresale en el comercio de bienes y de carga.")
    edited = Path("t.csv").read_bytes()
    code, out, err = run("export", "blue-sun", "--format", "csv", "-o", "t.csv")
    assert (code, out, err) == (
        1,
        "t.csv: error: the file is already there and differs from this export: it may hold edits not imported yet\n"
        "    hint: to keep its edits, import them first (pnp import blue-sun t.csv); to replace it, run again with "
        "--force; or write another file with -o\n"
        "Found 1 error and 0 warnings in 1 file.\n",
        "Nothing was written: t.csv is as it was.\n",
    )
    assert Path("t.csv").read_bytes() == edited
    code, out, _ = run("export", "blue-sun", "--format", "csv", "-o", "t.csv", "--force")
    assert (code, out) == (0, "Wrote t.csv: 39 texts of 37 cards and 58 texts of 2 aids (es).\n")
    assert Path("t.csv").read_bytes() != edited


def test_a_spreadsheet_edit_changes_exactly_that_text(blue_sun: Path) -> None:
    run("export", "blue-sun", "--format", "csv", "-o", "t.csv")
    # saved back by a Spanish Excel: semicolons
    _edit_csv(Path("t.csv"), "murphy", "text", "Murphy sobresale en el comercio de bienes y de carga.", ";")
    _edit_csv(Path("t.csv"), "murphy", "status", "translated", ";")
    before = snapshot(blue_sun)
    code, out, _ = run("import", "blue-sun", "t.csv")
    assert code == 0
    assert out == (
        'blue-sun/leader.toml:9: card "murphy" field "text.es": … el comercio de bienes{+ y de carga+}.\n'
        'blue-sun/leader.toml:10: card "murphy" field "status.es": [-draft-]{+translated+}\n'
        "2 changes (1 card) in 1 file. Nothing written: run again with --write to apply.\n"
    )
    assert snapshot(blue_sun) == before
    code, out, _ = run("import", "blue-sun", "t.csv", "--write")
    assert out.endswith("2 changes (1 card) in 1 file. Wrote 1 file, from t.csv row 64, row 65.\n")
    leader = before[blue_sun / "leader.toml"].decode("utf-8")
    expected = leader.replace("comercio de bienes.", "comercio de bienes y de carga.").replace(
        'status.es = "draft"', 'status.es = "translated"', 1
    )
    assert (blue_sun / "leader.toml").read_text(encoding="utf-8") == expected


def test_a_new_translation_becomes_a_dotted_key_of_its_card(blue_sun: Path) -> None:
    run("export", "blue-sun", "--format", "csv", "-o", "t.csv")
    path = Path("t.csv")
    text = path.read_text(encoding="utf-8-sig")
    empty = "e3b0c44298fc"  # the base of no text
    path.write_text(text + f'cortland,text,,"Cortland dice: ""hola"".\n\nY se va.",{empty}\r\n', encoding="utf-8-sig")
    code, out, _ = run("import", "blue-sun", "t.csv", "--write")
    assert code == 0, out
    supply = (blue_sun / "supply-meridian.toml").read_text(encoding="utf-8")
    assert (
        'cost = 300\nstatus.es = "draft"\nsource = "a published list of the Blue Sun cards"\n'
        'text.es = """\nCortland dice: "hola".\n\nY se va."""\n\n'
    ) in supply


@pytest.mark.slow
def test_a_po_edit_made_by_a_translation_tool_changes_exactly_that_text(blue_sun: Path) -> None:
    run("export", "blue-sun", "--format", "po", "-o", "t.po")
    po = polib.pofile("t.po")
    entry = next(e for e in po if e.msgctxt == "hands-tied:title")
    entry.msgstr = "Con las manos bien atadas"
    entry.flags.remove("fuzzy")  # hands-tied is a draft: the translator finishes it
    po.save("t.po")
    before = snapshot(blue_sun)
    code, out, _ = run("import", "blue-sun", "t.po", "--write")
    assert code == 0, out
    assert out == (
        'blue-sun/challenge-universe.toml:9: card "hands-tied" field "title.es": Con las manos {+bien +}atadas\n'
        'blue-sun/challenge-universe.toml:14: card "hands-tied" field "status.es": [-draft-]{+translated+}\n'
        "2 changes (1 card) in 1 file. Wrote 1 file, from t.po entry 30, the entries of hands-tied.\n"
    )
    deal = before[blue_sun / "challenge-universe.toml"].decode("utf-8")
    assert (blue_sun / "challenge-universe.toml").read_text(encoding="utf-8") == deal.replace(
        'title.es = "Con las manos atadas"', 'title.es = "Con las manos bien atadas"'
    ).replace('id = "hands-tied"\ntype = "challenge"', 'id = "hands-tied"\ntype = "challenge"').replace(
        'status.es = "draft"', 'status.es = "translated"', 1
    )


def test_a_text_changed_in_the_file_and_in_the_pack_is_a_conflict(blue_sun: Path) -> None:
    run("export", "blue-sun", "--format", "csv", "-o", "t.csv")
    _edit_csv(Path("t.csv"), "murphy", "text", "Murphy comercia con bienes.")
    edit(blue_sun / "leader.toml", '"Murphy sobresale en el comercio', '"Murphy destaca en el comercio')
    before = snapshot(blue_sun)
    code, out, err = run("import", "blue-sun", "t.csv", "--write")
    assert code == 1
    assert out == (
        't.csv:66: error: card "murphy" field "text.es": row 64: changed in the file and in the pack since the '
        'export: the file says "Murphy comercia con bienes.", the pack now says "Murphy destaca en el comercio de '
        'bienes."\n'
        "    hint: delete the row to keep the pack's text, or export again and make the change in the new file\n"
        "Found 1 error and 0 warnings in 1 file.\n"
    )
    assert err == "Nothing was written: correct t.csv and import again.\n"
    assert snapshot(blue_sun) == before


def test_a_text_changed_only_in_the_pack_since_the_export_stays(blue_sun: Path) -> None:
    run("export", "blue-sun", "--format", "csv", "-o", "t.csv")
    edit(blue_sun / "leader.toml", '"Murphy sobresale en el comercio', '"Murphy destaca en el comercio')
    assert run("import", "blue-sun", "t.csv", "--write")[1] == "No changes: the pack already says what the file says.\n"
    assert "destaca en el comercio" in (blue_sun / "leader.toml").read_text(encoding="utf-8")


# --- bad input: a clear message with its row or entry, and nothing changed on disk -------------------


def _bad(blue_sun: Path, name: str, data: bytes, expected: str) -> None:
    Path(name).write_bytes(data)
    before = snapshot(blue_sun)
    code, out, err = run("import", "blue-sun", name, "--write")
    assert (code, out) == (1, expected)
    assert err.startswith("Nothing was written")
    assert snapshot(blue_sun) == before


def test_a_csv_with_a_wrong_header(blue_sun: Path) -> None:
    _bad(
        blue_sun,
        "t.csv",
        b"id,text,es\r\ncortland,Cortland,x\r\n",
        't.csv:1: error: expected the header "card,field,en,es,base", found "id,text,es"\n'
        "    hint: a column is missing or two were merged: export again with pnp export PACK --format csv, and keep "
        "its first row as it is\n"
        "Found 1 error and 0 warnings in 1 file.\n",
    )


def test_csv_rows_that_are_bad_are_named_by_row(blue_sun: Path) -> None:
    run("export", "blue-sun", "--format", "csv", "-o", "t.csv")
    lines = Path("t.csv").read_bytes().split(b"\r\n")
    lines[2] = b"cortlan,status,,translated,7743ce348d92"
    lines[3] = b"gun-hand,title,Gun Hand"
    lines[4] = b"gun-hand,status,,done,7743ce348d92"
    _bad(
        blue_sun,
        "t.csv",
        b"\r\n".join(lines),
        't.csv:3: error: row 3: no card "cortlan" in the pack\n'
        "    hint: did you mean 'cortland'?\n"
        "t.csv:4: error: row 4: expected 5 cells (card,field,en,es,base), found 3\n"
        "    hint: a text with commas, quotes or line breaks must be in double quotes; save from a spreadsheet; "
        "two cells may have been merged\n"
        't.csv:5: error: card "gun-hand" field "status.es": row 5: "done" is not a status\n'
        "    hint: write one of: draft, translated, reviewed\n"
        "Found 3 errors and 0 warnings in 1 file.\n",
    )


@pytest.mark.parametrize(
    ("encoding", "delimiter", "said"),
    [
        ("cp1252", ";", "read as Windows-1252 (Excel on Windows: CSV (Comma delimited)), not UTF-8"),
        ("utf-16", "\t", "read as UTF-16 (Excel: Unicode Text), not UTF-8"),
        ("mac_roman", ";", "read as Mac Roman (Excel on macOS: CSV), not UTF-8"),
        ("utf-8", ",", None),
        ("utf-8-sig", ";", None),
    ],
)
def test_a_csv_saved_by_excel_in_any_of_its_encodings_imports(
    blue_sun: Path, encoding: str, delimiter: str, said: str | None
) -> None:
    run("export", "blue-sun", "--format", "csv", "-o", "t.csv")
    rows = list(csv.reader(io.StringIO(Path("t.csv").read_text(encoding="utf-8-sig"), newline="")))
    row = next(r for r in rows if r[:2] == ["head-goon", "title"])
    row[3] = "Matón “mayor”"  # curly quotes: bytes 0x93 and 0x94 in Windows-1252, undefined in Latin-1
    buffer = io.StringIO(newline="")
    csv.writer(buffer, delimiter=delimiter, lineterminator="\r\n").writerows(rows)
    Path("t.csv").write_bytes(buffer.getvalue().encode(encoding))
    code, out, _ = run("import", "blue-sun", "t.csv", "--write")
    assert code == 0, out
    assert ("t.csv:1: info: " + said) in out if said else "info:" not in out
    assert 'card "head-goon" field "title.es": Matón [-jefe-]{+“mayor”+}' in out
    assert 'title.es = "Matón “mayor”"' in (blue_sun / "supply-meridian.toml").read_text(encoding="utf-8")


def test_a_csv_in_no_encoding_a_spreadsheet_writes_is_refused(blue_sun: Path) -> None:
    _bad(
        blue_sun,
        "t.csv",
        b"card,field,en,es,base\r\nhead-goon,title,Head Goon,\x81\x8d\x8f\x90\x9d\xff\xfe\x00,aa735cab9d08\r\n",
        "t.csv:2: error: the file's encoding cannot be told: byte 0x81 is not UTF-8, and the text reads as none of "
        "the encodings spreadsheets save\n"
        "    hint: save it again as 'CSV UTF-8' (Excel) or with the character set 'Unicode (UTF-8)' (LibreOffice)\n"
        "Found 1 error and 0 warnings in 1 file.\n",
    )


def test_po_references_name_the_pack_folder_never_this_computers_path(blue_sun: Path) -> None:
    code, _, _ = run("export", str(blue_sun.resolve()), "--format", "po", "-o", "t.po")
    assert code == 0
    places = {file for entry in polib.pofile("t.po") for file, _ in entry.occurrences}
    assert "blue-sun/leader.toml" in places
    assert all(place.startswith("blue-sun/") for place in places), places


def test_a_po_file_whose_plural_forms_do_not_match(blue_sun: Path) -> None:
    run("export", "blue-sun", "--format", "po", "-o", "t.po")
    text = Path("t.po").read_text(encoding="utf-8")
    text = text.replace(
        'msgctxt "gun-hand:title"\nmsgid "Gun Hand"\nmsgstr "Pistolero"\n',
        'msgctxt "gun-hand:title"\nmsgid "Gun Hand"\nmsgid_plural "Gun Hands"\n'
        'msgstr[0] "Pistolero"\nmsgstr[1] "Pistoleros"\nmsgstr[2] "Pistoleras"\n',
    )
    _bad(
        blue_sun,
        "t.po",
        text.encode("utf-8"),
        "t.po:24: error: entry 2: 3 plural forms, but the header's Plural-Forms says nplurals=2; card texts have no "
        "plural forms\n"
        "    hint: write the translation as one msgstr; export again to see the entry as pnp wrote it\n"
        "Found 1 error and 0 warnings in 1 file.\n",
    )


def test_an_unknown_card_in_a_po_file_is_named_by_entry(blue_sun: Path) -> None:
    run("export", "blue-sun", "--format", "po", "-o", "t.po")
    text = Path("t.po").read_text(encoding="utf-8").replace('msgctxt "sheydra:title"', 'msgctxt "sheyda:title"')
    _bad(
        blue_sun,
        "t.po",
        text.encode("utf-8"),
        't.po:40: error: entry 4: no card "sheyda" in the pack\n'
        "    hint: did you mean 'sheydra'?\n"
        "Found 1 error and 0 warnings in 1 file.\n",
    )


def test_a_po_file_that_is_not_utf8(blue_sun: Path) -> None:
    run("export", "blue-sun", "--format", "po", "-o", "t.po")
    text = Path("t.po").read_text(encoding="utf-8").replace('msgstr "Matón jefe"', 'msgstr "Matón mayor"')
    _bad(
        blue_sun,
        "t.po",
        text.encode("latin-1", errors="replace"),
        "t.po:38: error: the file is not UTF-8 text: byte 0xF3 cannot be read\n"
        "    hint: save the file as UTF-8 (most editors: 'Save with encoding')\n"
        "Found 1 error and 0 warnings in 1 file.\n",
    )


@pytest.mark.slow
def test_po_status_is_gettexts_own_state_and_comes_back_on_import(blue_sun: Path) -> None:
    run("export", "blue-sun", "--format", "po", "-o", "t.po")
    po = polib.pofile("t.po")
    by_card = {e.msgctxt.split(":")[0]: e for e in po}
    assert po.metadata["Language"] == "es"
    assert "fuzzy" in by_card["hands-tied"].flags  # status draft
    assert po.percent_translated() < 100  # tools count drafts as unfinished, as the proof does
    # a reviewer marks a draft card reviewed in Poedit: clears fuzzy, adds the translator comment
    entry = by_card["hands-tied"]
    entry.flags.remove("fuzzy")
    entry.tcomment = "reviewed"
    po.save("t.po")
    code, out, _ = run("import", "blue-sun", "t.po", "--write")
    assert code == 0, out
    assert 'card "hands-tied" field "status.es": [-draft-]{+reviewed+}' in out
    # exported again, the reviewed card carries the marker and no flag; an edit of it sends it back to review
    run("export", "blue-sun", "--format", "po", "-o", "t2.po")
    po = polib.pofile("t2.po")
    entry = next(e for e in po if e.msgctxt == "hands-tied:title")
    assert (entry.flags, entry.tcomment) == ([], "reviewed")
    entry.msgstr = "Manos atadas"
    po.save("t2.po")
    code, out, _ = run("import", "blue-sun", "t2.po", "--write")
    assert 'card "hands-tied" field "status.es": [-reviewed-]{+translated+}' in out


def test_po_texts_without_an_original_are_left_out_and_said(blue_sun: Path) -> None:
    code, out, _ = run("export", "blue-sun", "--format", "po", "-o", "t.po")
    assert code == 0
    assert "2 texts with no original are left out of the PO" in out  # Murphy's and hands-tied's, typed in Spanish
    text = Path("t.po").read_text(encoding="utf-8")
    assert 'msgid "(no original text)"' not in text and 'msgctxt "hands-tied:text"' not in text


@pytest.mark.parametrize("written", ["es_MX", "es-MX", "es_mx"])
def test_po_language_codes_are_read_in_both_spellings(tmp_path: Path, written: str) -> None:
    import re

    pack = tmp_path / "tiny"
    shutil.copytree(Path(__file__).parent.parent / "examples" / "tiny", pack)
    for path in pack.glob("*.toml"):
        text = re.sub(r'\bes\b(?=\s*=)|(?<=")es(?=")', "es-MX", path.read_text(encoding="utf-8"))
        path.write_text(text, encoding="utf-8")
    po = tmp_path / "t.po"
    code, out, _ = run("export", str(pack), "--format", "po", "-o", str(po))
    assert code == 0, out
    text = po.read_text(encoding="utf-8")
    assert '"Language: es_MX\\n"' in text  # as Poedit and Weblate write it
    assert '"Language-Team: Spanish (MX)\\n"' in text
    po.write_text(text.replace("Language: es_MX", f"Language: {written}"), encoding="utf-8")
    code, out, _ = run("import", str(pack), str(po))
    assert (code, out) == (0, "No changes: the pack already says what the file says.\n")


def test_a_po_whose_entries_lost_their_context_is_refused_by_entry(blue_sun: Path) -> None:
    run("export", "blue-sun", "--format", "po", "-o", "t.po")
    text = Path("t.po").read_text(encoding="utf-8").replace('msgctxt "gun-hand:title"\n', "")
    text = text.replace('msgstr "Pistolero"', 'msgstr "Pistolera"')
    _bad(
        blue_sun,
        "t.po",
        text.encode("utf-8"),
        't.po:24: error: entry 2 ("Gun Hand"): msgctxt "" does not name a card text ("<card id>:<field>")\n'
        "    hint: the tool dropped the context: export again and translate that file, or put the msgctxt line "
        "back as pnp export wrote it\n"
        "Found 1 error and 0 warnings in 1 file.\n",
    )


@pytest.mark.slow
def test_a_formula_cell_survives_a_round_trip_as_text(blue_sun: Path) -> None:
    deal = blue_sun / "challenge-universe.toml"
    deal.write_text(
        deal.read_text(encoding="utf-8").replace(
            'title.es = "Con las manos atadas"', 'title.es = "+1 {fight} mientras =SUMA(A1) @x"'
        ),
        encoding="utf-8",
    )
    run("export", "blue-sun", "--format", "csv", "-o", "t.csv")
    raw = Path("t.csv").read_text(encoding="utf-8-sig")
    assert ",'+1 {fight} mientras =SUMA(A1) @x," in raw  # a spreadsheet reads it as text, not a formula
    rows = list(csv.reader(io.StringIO(raw, newline="")))
    assert not any(cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row)
    # a spreadsheet edits another cell and saves: the neutralised cell comes back as the original text
    row = next(r for r in rows if r[:2] == ["hands-tied", "title"])
    row[3] = "'-1 {fight} mientras"
    buffer = io.StringIO(newline="")
    csv.writer(buffer, delimiter=";", lineterminator="\r\n").writerows(rows)
    Path("t.csv").write_bytes(buffer.getvalue().encode("utf-8"))
    code, out, _ = run("import", "blue-sun", "t.csv", "--write")
    assert code == 0, out
    assert 'title.es = "-1 {fight} mientras"' in deal.read_text(encoding="utf-8")
    run("export", "blue-sun", "--format", "csv", "-o", "t2.csv")
    code, out, _ = run("import", "blue-sun", "t2.csv")
    assert out == "No changes: the pack already says what the file says.\n"


def test_neutralising_is_reversed_exactly() -> None:
    from pnp.translate.csvfile import neutralise, restore

    for text in ["=1+1", "+1", "-x", "@a", "\tx", "\rx", "'quoted", "''", "normal", "", "a=b"]:
        assert restore(neutralise(text)) == text
        assert not neutralise(text).startswith(("=", "+", "-", "@", "\t", "\r"))


def test_a_reviewers_notes_column_is_kept_aside_and_reported(blue_sun: Path) -> None:
    run("export", "blue-sun", "--format", "csv", "-o", "t.csv")
    rows = list(csv.reader(io.StringIO(Path("t.csv").read_text(encoding="utf-8-sig"), newline="")))
    rows[0].append("notas")
    for row in rows[1:]:
        row.append("revisar «jefe»" if row[:2] == ["head-goon", "title"] else "")
    buffer = io.StringIO(newline="")
    csv.writer(buffer, lineterminator="\r\n").writerows(rows)
    Path("t.csv").write_bytes(buffer.getvalue().encode("utf-8"))
    before = snapshot(blue_sun)
    code, out, _ = run("import", "blue-sun", "t.csv", "--write")
    assert code == 0, out
    assert 'card "head-goon" field "title": row ' in out and 'notas: "revisar «jefe»" (kept aside, not imported)' in out
    assert out.endswith("No changes: the pack already says what the file says.\n")
    assert snapshot(blue_sun) == before


@pytest.mark.slow
def test_a_csv_with_merged_columns_is_refused_by_row(blue_sun: Path) -> None:
    run("export", "blue-sun", "--format", "csv", "-o", "t.csv")
    lines = Path("t.csv").read_bytes().split(b"\r\n")
    cells = lines[1].split(b",")
    lines[1] = b",".join([cells[0], cells[1] + b" " + cells[2], *cells[3:]])
    Path("t.csv").write_bytes(b"\r\n".join(lines))
    before = snapshot(blue_sun)
    code, out, err = run("import", "blue-sun", "t.csv", "--write")
    assert code == 1
    assert "t.csv:2: error: row 2: expected 5 cells (card,field,en,es,base), found 4" in out
    assert "two cells may have been merged" in out
    assert err.startswith("Nothing was written") and snapshot(blue_sun) == before


# --- spreadsheets: their conversions reported by row, the other rows imported -------------------------


def _csv_rows(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"), newline="")))


def _write_rows(path: Path, rows: list[list[str]], encoding: str = "utf-8") -> None:
    buffer = io.StringIO(newline="")
    csv.writer(buffer, lineterminator="\r\n").writerows(rows)
    path.write_bytes(buffer.getvalue().encode(encoding, errors="replace"))


def _set(rows: list[list[str]], card: str, field: str, column: int, value: str) -> int:
    """Set one cell; the row's number as a spreadsheet shows it."""
    number = next(i for i, row in enumerate(rows) if row[:2] == [card, field])
    rows[number][column] = value
    return number + 1


def test_the_base_is_letters_a_spreadsheet_keeps(blue_sun: Path) -> None:
    from tests.spreadsheets import SPREADSHEETS

    run("export", "blue-sun", "--format", "csv", "-o", "t.csv")
    bases = [row[4] for row in _csv_rows(Path("t.csv"))[1:]]
    assert all(len(b) == 12 and b.isalpha() and b.islower() for b in bases)
    assert all(sheet.cell(b) == b for sheet in SPREADSHEETS for b in bases)


def _legacy(rows: list[list[str]]) -> None:
    """The file as pnp exported it before: bases in hex digits."""
    from pnp.translate.interchange import BASE_LETTERS, LEGACY_DIGITS

    for row in rows[1:]:
        row[4] = row[4].translate(str.maketrans(BASE_LETTERS, LEGACY_DIGITS))


def test_an_old_export_still_imports_and_a_base_that_lost_its_leading_zeros_still_counts(blue_sun: Path) -> None:
    from pnp.translate.interchange import _legacy_hash

    # a translation whose old base starts with a zero, as 030536048521 did in lotr-sailing
    # (all digits: a spreadsheet reads it as a number)
    text = next(t for t in (f"Murphy comercia {n}." for n in range(100_000)) if re.fullmatch(r"0\d+", _legacy_hash(t)))
    edit(blue_sun / "leader.toml", "Murphy sobresale en el comercio de bienes.", text)
    run("export", "blue-sun", "--format", "csv", "-o", "t.csv")
    rows = _csv_rows(Path("t.csv"))
    _legacy(rows)
    murphy = _set(rows, "murphy", "text", 3, "Murphy comercia con todo.")
    rows[murphy - 1][4] = rows[murphy - 1][4].lstrip("0")  # what a spreadsheet saves for it
    assert len(rows[murphy - 1][4]) < 12
    goon = _set(rows, "head-goon", "title", 3, "Matón en jefe")
    _write_rows(Path("t.csv"), rows)
    code, out, err = run("import", "blue-sun", "t.csv", "--write")
    assert (code, err) == (0, ""), out
    assert out.endswith(f"Wrote 2 files, from t.csv row {goon}, row {murphy}.\n")
    assert 'text.es = "Murphy comercia con todo."' in (blue_sun / "leader.toml").read_text(encoding="utf-8")


def test_an_old_base_a_spreadsheet_made_a_number_refuses_only_its_row(blue_sun: Path) -> None:
    run("export", "blue-sun", "--format", "csv", "-o", "t.csv")
    rows = _csv_rows(Path("t.csv"))
    _legacy(rows)
    murphy = _set(rows, "murphy", "text", 3, "Murphy comercia con todo.")
    rows[murphy - 1][4] = "1.79769313486232E+308"
    rows[2][4] = "3.05E+11"  # an unchanged row whose base was lost: nothing to tell, nothing refused
    goon = _set(rows, "head-goon", "title", 3, "Matón en jefe")
    _write_rows(Path("t.csv"), rows)
    before = (blue_sun / "leader.toml").read_bytes()
    code, out, err = run("import", "blue-sun", "t.csv", "--write")
    assert code == 1
    assert (
        f'error: card "murphy" field "text.es": row {murphy}: the base "1.79769313486232E+308" '
        "is not what pnp export wrote: this change cannot be told from one made in the pack since\n"
        "    hint: a spreadsheet read it as a number: export again (the new file's bases are letters, which "
        "spreadsheets keep) and make the change there\n"
    ) in out
    assert out.count("error:") == 1
    assert out.endswith(f"Wrote 1 file, from t.csv row {goon}.\n")
    assert err == f"Not written (see above): t.csv row {murphy}.\n"
    assert (blue_sun / "leader.toml").read_bytes() == before


def test_a_converted_text_is_reported_and_the_good_rows_go_ahead(blue_sun: Path) -> None:
    edit(blue_sun / "leader.toml", "Murphy sobresale en el comercio de bienes.", "007")
    run("export", "blue-sun", "--format", "csv", "-o", "t.csv")
    rows = _csv_rows(Path("t.csv"))
    murphy = _set(rows, "murphy", "text", 3, "7")  # what a spreadsheet saves
    goon = _set(rows, "head-goon", "title", 3, "Matón en jefe")
    _write_rows(Path("t.csv"), rows)
    code, out, err = run("import", "blue-sun", "t.csv")  # a dry run says which rows --write would leave out
    assert code == 1
    assert (
        f'error: card "murphy" field "text.es": row {murphy}: "007" came back as "7" (read as a '
        "number: leading zeros dropped): likely the spreadsheet's doing, not imported\n"
        "    hint: open the CSV with its columns as Text and save again; if you meant the change, make it in the "
        "TOML file\n"
    ) in out
    assert out.endswith("1 change (1 card) in 1 file. Nothing written: run again with --write to apply.\n")
    assert err == f"With --write, these rows would not be written: t.csv row {murphy}.\n"
    code, out, err = run("--ui-lang", "es", "import", "blue-sun", "t.csv", "--write")
    assert code == 1
    assert f"fila {murphy}: «007» ha vuelto como «7» (leído como número: se perdieron los ceros a la izquierda)" in out
    assert out.endswith(f"Escrito: 1 archivo, desde t.csv fila {goon}.\n")
    assert err == f"No se ha escrito (ver arriba): t.csv fila {murphy}.\n"
    assert 'text.es = "007"' in (blue_sun / "leader.toml").read_text(encoding="utf-8")


def test_a_character_a_legacy_encoding_lost_is_refused_by_row_and_named(blue_sun: Path) -> None:
    edit(blue_sun / "leader.toml", "Murphy sobresale en el comercio de bienes.", "Murphy → comercia.")
    run("export", "blue-sun", "--format", "csv", "-o", "t.csv")
    rows = _csv_rows(Path("t.csv"))
    goon = _set(rows, "head-goon", "title", 3, "Matón en jefe")
    murphy = next(i for i, row in enumerate(rows) if row[:2] == ["murphy", "text"]) + 1
    _write_rows(Path("t.csv"), rows, "cp1252")  # Excel's plain "CSV": "→" is not in Windows-1252
    code, out, err = run("import", "blue-sun", "t.csv", "--write")
    assert code == 1
    assert (
        f'error: card "murphy" field "text.es": row {murphy}: "→" came back as "?": the file was saved in an '
        "encoding that cannot hold it\n"
    ) in out
    assert out.endswith(f"Wrote 1 file, from t.csv row {goon}.\n")
    assert err == f"Not written (see above): t.csv row {murphy}.\n"
    assert '"Matón en jefe"' in "".join(p.read_text(encoding="utf-8") for p in blue_sun.glob("*.toml"))


def test_a_hand_typed_leading_apostrophe_is_kept(blue_sun: Path) -> None:
    run("export", "blue-sun", "--format", "csv", "-o", "t.csv")
    rows = _csv_rows(Path("t.csv"))
    _set(rows, "murphy", "text", 3, "'hola, dijo")
    _write_rows(Path("t.csv"), rows)
    code, out, _ = run("import", "blue-sun", "t.csv", "--write")
    assert code == 0, out
    assert 'text.es = "\'hola, dijo"' in (blue_sun / "leader.toml").read_text(encoding="utf-8")


def test_a_text_that_is_a_number_imports_when_edited_and_is_quiet_when_not(blue_sun: Path) -> None:
    edit(blue_sun / "leader.toml", "Murphy sobresale en el comercio de bienes.", "12")
    run("export", "blue-sun", "--format", "csv", "-o", "t.csv")
    assert run("import", "blue-sun", "t.csv") == (0, "No changes: the pack already says what the file says.\n", "")
    rows = _csv_rows(Path("t.csv"))
    _set(rows, "murphy", "text", 3, "13")
    _write_rows(Path("t.csv"), rows)
    code, out, err = run("import", "blue-sun", "t.csv", "--write")
    assert (code, err) == (0, ""), out
    assert 'text.es = "13"' in (blue_sun / "leader.toml").read_text(encoding="utf-8")


def test_a_card_id_a_spreadsheet_converted_is_read_as_the_card_it_came_from(tmp_path: Path) -> None:
    pack = tmp_path / "tiny"
    shutil.copytree(Path(__file__).parent.parent / "examples" / "tiny", pack)
    for name in ("nav.toml", "pack.toml"):
        path = pack / name
        path.write_text(path.read_text(encoding="utf-8").replace('"clear-skies"', '"007"'), encoding="utf-8")
    export = tmp_path / "t.csv"
    assert run("export", str(pack), "--format", "csv", "-o", str(export))[0] == 0
    rows = _csv_rows(export)
    row = _set(rows, "007", "text", 3, "Sigue volando, sin prisa.")
    rows[row - 1][0] = "7"  # what a spreadsheet saves for the id
    _write_rows(export, rows)
    code, out, err = run("import", str(pack), str(export), "--write")
    assert (code, err) == (0, ""), out
    assert f'info: card "007": row {row}: the card id "7" is "007" as exported (read as a number: leading zeros ' in out
    assert 'text.es = "Sigue volando, sin prisa."' in (pack / "nav.toml").read_text(encoding="utf-8")


def test_a_translation_tool_converts_nothing_so_a_po_edit_that_looks_like_a_conversion_imports(
    blue_sun: Path,
) -> None:
    edit(blue_sun / "challenge-universe.toml", 'title.es = "Con las manos atadas"', 'title.es = "007"')
    run("export", "blue-sun", "--format", "po", "-o", "t.po")
    po = polib.pofile("t.po")
    next(e for e in po if e.msgctxt == "hands-tied:title").msgstr = "7"
    po.save("t.po")
    code, out, err = run("import", "blue-sun", "t.po", "--write")
    assert (code, err) == (0, ""), out
    assert 'title.es = "7"' in (blue_sun / "challenge-universe.toml").read_text(encoding="utf-8")


def test_po_notes_for_translators_carry_the_card_and_its_notes_and_their_comments_come_back_as_notes(
    tmp_path: Path,
) -> None:
    pack = tmp_path / "tiny"
    shutil.copytree(Path(__file__).parent.parent / "examples" / "tiny", pack)
    po_path = tmp_path / "t.po"
    assert run("export", str(pack), "--format", "po", "-o", str(po_path))[0] == 0
    po = polib.pofile(str(po_path))
    text = next(e for e in po if e.msgctxt == "clear-skies:text")
    # Poedit shows extracted comments as "Notes for translators": pnp's lines first, then the card's
    assert text.comment.splitlines()[-2:] == [
        "card: Clear Skies",
        "Only in the calm-seas variant: it replaces the storms.",
    ]
    assert "card: " not in next(e for e in po if e.msgctxt == "clear-skies:title").comment
    # a translator's comment, as Poedit writes it, is shown with its card and imports nothing
    text.tcomment += "\n¿«despejado» o «claro»?"  # under its "reviewed" mark
    po.save(str(po_path))
    code, out, err = run("import", str(pack), str(po_path), "--write")
    assert (code, err) == (0, "")
    assert 'info: card "clear-skies" field "text": entry ' in out
    assert 'translator\'s comment: "¿«despejado» o «claro»?" (kept aside, not imported)' in out
    assert out.endswith("No changes: the pack already says what the file says.\n")


def test_a_po_cards_status_is_not_written_when_one_of_its_texts_is_refused(blue_sun: Path) -> None:
    run("export", "blue-sun", "--format", "po", "-o", "t.po")
    po = polib.pofile("t.po")
    entry = next(e for e in po if e.msgctxt == "hands-tied:title")
    entry.msgstr = "Con las manos bien atadas"
    entry.flags.remove("fuzzy")  # the translator finishes the card...
    po.save("t.po")
    # ...while the pack's title changed since the export: a conflict
    edit(blue_sun / "challenge-universe.toml", 'title.es = "Con las manos atadas"', 'title.es = "Manos atadas"')
    before = snapshot(blue_sun)
    code, out, err = run("import", "blue-sun", "t.po", "--write")
    assert code == 1
    assert "changed in the file and in the pack since the export" in out
    assert "status.es" not in out  # the card stays a draft: its text did not come in
    assert err == "Nothing was written: correct t.po and import again.\n"
    assert snapshot(blue_sun) == before
