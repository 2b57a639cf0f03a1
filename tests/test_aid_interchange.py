"""pnp export --format po and pnp import: the texts of the aids (reference cards and set-up sheets) go both ways."""

from __future__ import annotations

import shutil
from pathlib import Path

import polib
import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.load.pack import load_pack as load_result
from pnp.model import PackData
from pnp.translate.aid_texts import parse_place, places, text_at
from tests.conftest import ROOT
from tests.test_glossary_apply import edit, snapshot


def load_pack(root: Path) -> PackData:
    data = load_result(root).pack
    assert data is not None
    return data


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def blue_sun(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    pack = tmp_path / "blue-sun"
    shutil.copytree(ROOT / "cards" / "blue-sun", pack)
    monkeypatch.chdir(tmp_path)
    return pack


def _export(pack: str) -> polib.POFile:
    code, out, err = run("export", pack, "--format", "po", "-o", "texts.po")
    assert code == 0, out + err
    return polib.pofile("texts.po")


def _set(po: polib.POFile, changes: dict[str, str], renamed: dict[str, str] | None = None) -> None:
    """Edit the exported file as a translation tool would: msgstr by msgctxt (and msgctxt itself, when renamed)."""
    for entry in po:
        if entry.msgctxt in changes:
            entry.msgstr = changes[entry.msgctxt]
        if renamed and entry.msgctxt in renamed:
            entry.msgctxt = renamed[entry.msgctxt]
    po.save("edited.po")


@pytest.mark.parametrize("name", ["blue-sun", "lotr-sailing", "bsg"])
def test_every_aid_text_is_exported_and_an_unchanged_file_imports_as_nothing(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pack = tmp_path / name
    shutil.copytree(ROOT / "cards" / name, pack)
    monkeypatch.chdir(tmp_path)
    before = snapshot(pack)
    data = load_pack(pack)
    source, lang = data.pack.source_language, data.pack.target_languages[0]
    expected = {
        f"aids/{aid.id}:{place.name()}": (text_at(aid.aid, place, source), text_at(aid.aid, place, lang))
        for aid in data.aids
        for place in places(aid.aid)
        if text_at(aid.aid, place, source)
    }
    assert expected  # every bundled pack has aids
    po = _export(name)
    exported = {e.msgctxt: (e.msgid, e.msgstr) for e in po if e.msgctxt.startswith("aids/")}
    assert exported == expected
    first = Path("texts.po").read_bytes()
    code, out, err = run("import", name, "texts.po", "--write")
    assert (code, out, err) == (0, "No changes: the pack already says what the file says.\n", "")
    assert snapshot(pack) == before
    run("export", name, "--format", "po", "-o", "again.po")
    assert Path("again.po").read_bytes() == first


def test_the_export_says_how_many_aid_texts_it_holds_and_notes_the_aid_for_translators(blue_sun: Path) -> None:
    code, out, _err = run("export", "blue-sun", "--format", "po", "-o", "texts.po")
    assert (code, out) == (0, "Wrote texts.po: 37 texts of 37 cards and 58 texts of 2 aids (es).\n")
    entries = {e.msgctxt: e for e in polib.pofile("texts.po")}
    item = entries["aids/reavers:block[1].bullets[0]"]
    assert item.comment.splitlines()[1:] == [
        "aid: Reavers and alerts",
        "One per player: Firefly is for 1 to 4 players.",
    ]
    assert item.occurrences == [("blue-sun/aids/reavers.toml", "21")]
    assert "fuzzy" not in item.flags
    guessed = entries["aids/setup:block[2].text"]
    assert any(line.startswith("verify: que los 75 tratos") for line in guessed.comment.splitlines())


def test_an_edited_aid_text_is_written_into_its_file_and_every_other_byte_is_kept(blue_sun: Path) -> None:
    reavers, setup = blue_sun / "aids" / "reavers.toml", blue_sun / "aids" / "setup.toml"
    old = {path: path.read_text(encoding="utf-8") for path in (reavers, setup)}
    _set(
        _export("blue-sun"),
        {
            "aids/reavers:block[1].bullets[0]": "Solo los tres sectores junto a Burnham son Espacio Reaver.",
            "aids/reavers:block[7].rows[1][0]": "más",
            "aids/reavers:block[7].columns[0].header": "Dado",
            "aids/setup:title": "Preparar con Sol Azul",
            "aids/setup:block[2].text": 'Las 75 cartas de "trato" de la caja.',
        },
    )
    code, out, err = run("import", "blue-sun", "edited.po", "--write")
    assert code == 0, out + err
    assert "5 changes (0 cards, 2 aids) in 2 files." in out
    assert 'blue-sun/aids/reavers.toml:56: field "block[7].columns[0].header.es": [-Tirada-]{+Dado+}' in out
    assert reavers.read_text(encoding="utf-8") == (
        old[reavers]
        .replace('"Solo los 3 sectores alrededor de Burnham', '"Solo los tres sectores junto a Burnham')
        .replace('["mayor", "Retira', '["más", "Retira')
        .replace('es = "Tirada"', 'es = "Dado"')
    )
    assert setup.read_text(encoding="utf-8") == (
        old[setup]
        .replace('es = "Preparación con Sol Azul"', 'es = "Preparar con Sol Azul"')
        .replace(
            'text.es = "Las 75 cartas de trato de la caja se leen aquí como los mazos de los dos nuevos contactos."',
            'text.es = "Las 75 cartas de \\"trato\\" de la caja."',
        )
    )
    aid = next(a for a in load_pack(blue_sun).aids if a.id == "reavers")
    place = parse_place("block[7].rows[1][0]")
    assert place is not None and text_at(aid.aid, place, "es") == "más"


def test_an_entry_naming_no_aid_or_no_place_is_refused_by_name_and_the_others_are_written(blue_sun: Path) -> None:
    reavers = blue_sun / "aids" / "reavers.toml"
    _set(
        _export("blue-sun"),
        {
            "aids/reavers:block[0].heading": "El Espacio Reaver",
            "aids/reavers:block[2].heading": "Tiempos de desesperación",
            "aids/reavers:block[3].text": "Otra cosa.",
            "aids/reavers:block[4].heading": "Fichas",
        },
        renamed={
            "aids/reavers:block[2].heading": "aids/reaver:block[2].heading",
            "aids/reavers:block[3].text": "aids/reavers:block[30].text",
            "aids/reavers:block[4].heading": "aids/reavers:block[4].text",
        },
    )
    code, out, err = run("import", "blue-sun", "edited.po", "--write")
    assert code == 1
    assert 'no aid "aids/reaver" in the pack (aids/*.toml)' in out
    assert "hint: did you mean 'aids/reavers'?" in out
    assert 'the aid "aids/reavers" has no text at "block[30].text"' in out
    assert 'the aid "aids/reavers" has no text at "block[4].text"' in out
    assert "Not written (see above): edited.po entry 43, entry 44, entry 45." in err
    text = reavers.read_text(encoding="utf-8")
    assert 'es = "El Espacio Reaver"' in text
    assert "Tiempos de desesperación" not in text and "Otra cosa" not in text and '"Fichas"' not in text


def test_an_item_of_a_list_the_language_lacks_is_refused_naming_the_list(blue_sun: Path) -> None:
    reavers = blue_sun / "aids" / "reavers.toml"
    edit(
        reavers,
        """bullets.es = [
    "Resolver alertas no es una prueba: las cartas de modificación no tienen efecto.",
    "Una nave fuera de la ley a la que una alerta trae el Crucero termina su acción de volar de inmediato.",
]
""",
        "",
    )
    before = snapshot(blue_sun)
    _set(_export("blue-sun"), {"aids/reavers:block[8].bullets[1]": "Termina su acción de volar."})
    code, out, _err = run("import", "blue-sun", "edited.po", "--write")
    assert code == 1
    assert "blue-sun/aids/reavers.toml has no block[8].bullets.es to write this item into" in out
    assert snapshot(blue_sun) == before


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_a_spreadsheet_carries_the_aid_texts_both_ways(kind: str, blue_sun: Path) -> None:
    from pnp.translate.sheetfile import read_sheets, write_xlsx
    from pnp.translate.sheettexts import OWN

    reavers = blue_sun / "aids" / "reavers.toml"
    old = reavers.read_text(encoding="utf-8")
    before = snapshot(blue_sun)
    code, out, _err = run("export", "blue-sun", "--format", kind, "-o", f"texts.{kind}")
    assert (code, out) == (0, f"Wrote texts.{kind}: 37 texts of 37 cards and 58 texts of 2 aids (es).\n")
    code, out, err = run("import", "blue-sun", f"texts.{kind}", "--write")
    assert (code, out, err) == (0, "No changes: the pack already says what the file says.\n", "")
    assert snapshot(blue_sun) == before
    if kind == "csv":
        text = Path("texts.csv").read_text(encoding="utf-8-sig")
        row = "aids/reavers,block[7].columns[0].header,Roll,Tirada,"
        assert text.count(row) == 1
        Path("texts.csv").write_text(text.replace(row, row.replace("Tirada", "Dado")), encoding="utf-8-sig")
    else:
        sheets, _findings = read_sheets(Path("texts.xlsx"))
        assert sheets is not None
        rows = [[cell.text for cell in r.cells] for r in sheets[0].rows]
        edited = [
            [*r[:3], "Dado", *r[4:]] if r[:2] == ["aids/reavers", "block[7].columns[0].header"] else r for r in rows
        ]
        assert edited != rows and edited[1:][-1][5] == "aids"  # the deck column files an aid's texts under "aids"
        Path("texts.xlsx").write_bytes(write_xlsx(edited[0], edited[1:], OWN, "note"))
    code, out, err = run("import", "blue-sun", f"texts.{kind}", "--write")
    assert code == 0, out + err
    assert reavers.read_text(encoding="utf-8") == old.replace('es = "Tirada"', 'es = "Dado"')
