"""pnp glossary apply: the forum's "wrong >> right" lists applied across a pack, byte for byte."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.translate.fixes import Fix, parse_fixes
from pnp.translate.replace import Replacer, adapt_case
from tests.conftest import BLUE_SUN, ROOT

RULEBOOK_FIXES = "blue-sun/rulebook-fixes.txt"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def snapshot(folder: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


LONG_RANGE_TEXT = (
    'text.es = "Durante tu acción de volar puedes resolver cada ficha de Alerta de un sector adyacente. Si tu tirada '
    'es igual o menor que el número de indicadores de Alerta de ese sector, la Alianza o los Reavers se mueven a él."\n'
)


@pytest.fixture
def rulebook_pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Blue Sun with three cards typed with the rulebook's minority words: Haven, refugio, ficha, Con tus manos."""
    pack = tmp_path / "blue-sun"
    shutil.copytree(BLUE_SUN, pack)
    edit(
        pack / "setup.toml",
        'title.es = "Mucha gente en mi cielo"\n',
        'title.es = "Mucha gente en mi cielo"\ntext.es = "Durante la configuración, coloca tu ficha de Haven en '
        'lugar de tu nave. Las fichas de refugio van en sectores con planetas. Tu nave empieza en tu refugio."\n',
    )
    edit(
        pack / "supply-meridian.toml",
        'title.es = "Escáner de largo alcance"\n',
        'title.es = "Escáner de largo alcance"\n' + LONG_RANGE_TEXT,
    )
    edit(pack / "challenge-universe.toml", 'title.es = "Con las manos atadas"', 'title.es = "Con tus manos"')
    monkeypatch.chdir(tmp_path)
    return pack


UNUSED = """\
blue-sun/rulebook-fixes.txt:11: info: "refugios" is in no translation (es) of the pack
blue-sun/rulebook-fixes.txt:12: info: "Señor Universo" is in no translation (es) of the pack
blue-sun/rulebook-fixes.txt:13: info: "Gran Reto Maldito" is in no translation (es) of the pack
blue-sun/rulebook-fixes.txt:14: info: "Grandes Retos Malditos" is in no translation (es) of the pack
blue-sun/rulebook-fixes.txt:16: info: "fichas de Alerta" is in no translation (es) of the pack
blue-sun/rulebook-fixes.txt:17: info: "indicador de Alerta" is in no translation (es) of the pack
blue-sun/rulebook-fixes.txt:20: info: "piezas" is in no translation (es) of the pack
blue-sun/rulebook-fixes.txt:21: info: "mejora de nave" is in no translation (es) of the pack
Found 0 errors, 0 warnings and 8 notes in 1 file.
"""
CHANGES = """\
blue-sun/supply-meridian.toml:167: card "long-range-scanner-array" field "text.es": … volar puedes resolver cada \
[-ficha-]{+marcador+} de Alerta de un … que el número de [-indicadores-]{+marcadores+} de Alerta de ese …
blue-sun/challenge-universe.toml:9: card "hands-tied" field "title.es": Con [-tus-]{+las+} manos{+ atadas+}
blue-sun/setup.toml:10: card "awful-crowded-in-my-sky" field "text.es": … coloca tu ficha de [-Haven-]{+paraíso+} \
en lugar de tu nave. Las fichas de [-refugio-]{+paraíso+} van en sectores con planetas. Tu nave empieza en tu \
[-refugio-]{+paraíso+}.
"""


@pytest.mark.slow
def test_glossary_apply_shows_the_words_it_would_change_and_writes_nothing(rulebook_pack: Path) -> None:
    before = snapshot(rulebook_pack)
    result = CliRunner().invoke(main, ["glossary", "apply", "blue-sun", RULEBOOK_FIXES])
    assert result.exit_code == 0, result.output
    assert result.output == (
        UNUSED + CHANGES + "3 changes (3 cards) in 3 files; the glossary: 0 changes. "
        "Nothing written: run again with --write to apply.\n"
    )
    assert snapshot(rulebook_pack) == before


@pytest.mark.slow
def test_glossary_apply_write_fixes_the_rulebooks_terms_and_changes_exactly_those_words(rulebook_pack: Path) -> None:
    before = snapshot(rulebook_pack)
    result = CliRunner().invoke(main, ["glossary", "apply", "blue-sun", RULEBOOK_FIXES, "--write"])
    assert result.exit_code == 0, result.output
    assert result.output.endswith(CHANGES + "3 changes (3 cards) in 3 files; the glossary: 0 changes. Wrote 3 files.\n")
    after = snapshot(rulebook_pack)
    changed = {p.name for p in after if after[p] != before[p]}
    assert changed == {"setup.toml", "supply-meridian.toml", "challenge-universe.toml"}
    swaps = {
        "setup.toml": [
            ("de Haven en", "de paraíso en"),
            ("de refugio van", "de paraíso van"),
            ("tu refugio.", "tu paraíso."),
        ],
        "supply-meridian.toml": [("cada ficha de", "cada marcador de"), ("de indicadores de", "de marcadores de")],
        "challenge-universe.toml": [('"Con tus manos"', '"Con las manos atadas"')],
    }
    for path, data in before.items():
        expected = data.decode("utf-8")
        for old, new in swaps.get(path.name, []):
            expected = expected.replace(old, new, 1)
        assert after[path].decode("utf-8") == expected, path.name
    check = CliRunner().invoke(main, ["check", "blue-sun"])
    assert "text/" not in check.output and "forbidden variant" not in check.output
    again = CliRunner().invoke(main, ["glossary", "apply", "blue-sun", RULEBOOK_FIXES])
    assert again.output.endswith(
        "0 changes (0 cards) in 0 files; the glossary: 0 changes. Nothing written: run again with --write to apply.\n"
    )


@pytest.mark.slow
def test_glossary_apply_records_right_terms_as_canonical_and_wrong_ones_as_forbidden(tiny_copy: Path) -> None:
    edit(tiny_copy / "supply.toml", 'text.es = "Gana 2 {fuel}."', 'text.es = "Gana 2 {fuel}. Guarda la vela."')
    (tiny_copy.parent / "fixes.txt").write_text(
        "# a comment line\nvela >> lona  # trailing comments too\ncombustible >> gasolina\n", encoding="utf-8"
    )
    result = CliRunner().invoke(main, ["glossary", "apply", "tiny", "fixes.txt", "--write"])
    assert result.exit_code == 0, result.output
    assert result.output == (
        'tiny/supply.toml:6: card "fuel-cell" field "title.es": Célula de [-combustible-]{+gasolina+}\n'
        'tiny/supply.toml:8: card "fuel-cell" field "text.es": Gana 2 {fuel}. Guarda la [-vela-]{+lona+}.\n'
        'tiny/supply.toml:10: card "fuel-cell" field "status.es": [-reviewed-]{+translated+} '
        "(its text changed: review it again)\n"
        'tiny/glossary.toml: term "lona": new term (its source is empty: write it), forbidden += "vela"\n'
        'tiny/glossary.toml: term "Fuel": target "combustible" -> "gasolina", forbidden += "combustible"\n'
        "3 changes (1 card) in 1 file; the glossary: 2 changes. Wrote 2 files.\n"
    )
    supply = (tiny_copy / "supply.toml").read_text(encoding="utf-8")
    assert 'cost = 100\nstatus.es = "translated"\n\n[[card]]\nid = "spare-parts"' in supply
    assert (tiny_copy / "glossary.toml").read_text(encoding="utf-8") == (
        "[[term]]\n"
        'source = "Fuel"\n'
        'target = "gasolina"\n'
        'forbidden = ["fuel", "combustible"]\n'
        "\n"
        "[[keyword]]\n"
        'id = "boarding"\n'
        'source = "Boarding"\n'
        'target = "Abordaje"\n'
        'value = "number"\n'
        "\n"
        "[[term]]\n"
        'source = ""\n'
        'target = "lona"\n'
        'forbidden = ["vela"]\n'
        'note = "From fixes.txt line 2 (pnp glossary apply): write the source term."\n'
    )
    check = CliRunner().invoke(main, ["check", "tiny"])
    assert check.output == (
        'tiny/glossary.toml:13: warning: field "term[1].source": term "lona" has no source: the word of the '
        "original it translates is not written\n"
        '    hint: write the original\'s word for "lona" in source: until then, no text that uses it is checked '
        'for "lona"\n'
        "Found 0 errors and 1 warning in 1 file.\n"
    )
    assert check.exit_code == 0


# --- bad input: a clear message, and nothing changed on disk ---------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("fixes", "expected"),
    [
        (
            "vela >> lona\nGasolina combustible\n",
            'fixes.txt:2: error: expected "wrong term >> right term", found no ">>"\n'
            "    hint: write one fix a line: Refugio >> Paraíso\n",
        ),
        (
            "vela >>   # nothing after\n",
            'fixes.txt:1: error: nothing after ">>": "vela" would be replaced by nothing\n'
            "    hint: write the term to use after >>; to delete words, edit the cards themselves\n",
        ),
        (
            ">> lona\n",
            'fixes.txt:1: error: nothing before ">>": which term is wrong?\n'
            "    hint: write one fix a line: Refugio >> Paraíso\n",
        ),
        (
            "vela >> lona >> tela\n",
            'fixes.txt:1: error: more than one ">>" on the line\n    hint: write one fix a line: Refugio >> Paraíso\n',
        ),
        (
            "vela >> lona\nvela >> tela\n",
            'fixes.txt:2: error: "vela" is corrected to "lona" on line 1 and to "tela" here\n'
            "    hint: keep one of the two lines\n",
        ),
        (
            "Repuesto >> Pieza\n",
            'fixes.txt:1: error: "Repuesto" is also part of longer words, which whole-word matching leaves as they '
            'are: "Repuestos" (tiny/supply.toml:16)\n'
            '    hint: add a line for each of them ("Repuestos >> ..."), or run again with --allow-inside to change '
            "the whole words only\n",
        ),
    ],
    ids=["no-separator", "empty-right", "empty-left", "two-separators", "contradiction", "inside-words"],
)
def test_a_bad_fixes_file_names_its_line_and_changes_nothing(tiny_copy: Path, fixes: str, expected: str) -> None:
    (tiny_copy.parent / "fixes.txt").write_text(fixes, encoding="utf-8")
    before = snapshot(tiny_copy)
    result = CliRunner().invoke(main, ["glossary", "apply", "tiny", "fixes.txt", "--write"])
    assert result.exit_code == 1
    assert result.stdout == expected + "Found 1 error and 0 warnings in 1 file.\n"
    assert "Nothing was written" in result.stderr
    assert snapshot(tiny_copy) == before


def test_a_fixes_file_that_is_not_utf8_is_named_with_its_line(tiny_copy: Path) -> None:
    (tiny_copy.parent / "fixes.txt").write_bytes("vela >> lona\nRefugio >> Paraíso\n".encode("latin-1"))
    before = snapshot(tiny_copy)
    result = CliRunner().invoke(main, ["glossary", "apply", "tiny", "fixes.txt", "--write"])
    assert result.exit_code == 1
    assert result.stdout == (
        "fixes.txt:2: error: the file is not UTF-8 text: byte 0xED cannot be read\n"
        "    hint: save the file as UTF-8 (most editors: 'Save with encoding')\n"
        "Found 1 error and 0 warnings in 1 file.\n"
    )
    assert snapshot(tiny_copy) == before


@pytest.mark.slow
def test_allow_inside_changes_whole_words_and_leaves_longer_ones(tiny_copy: Path) -> None:
    (tiny_copy.parent / "fixes.txt").write_text("repuesto >> recambio\n", encoding="utf-8")
    edit(tiny_copy / "supply.toml", 'text.es = "Gana 2 {fuel}."', 'text.es = "Gana 2 {fuel} y un repuesto."')
    result = CliRunner().invoke(main, ["glossary", "apply", "tiny", "fixes.txt", "--write", "--allow-inside"])
    assert result.exit_code == 0, result.output
    supply = (tiny_copy / "supply.toml").read_text(encoding="utf-8")
    assert 'text.es = "Gana 2 {fuel} y un recambio."' in supply
    assert 'title.es = "Repuestos"' in supply


# --- matching -----------------------------------------------------------------------------------


def test_case_follows_the_text_when_both_sides_start_alike() -> None:
    fix = Fix("paraíso", "refugio", 1)
    assert adapt_case("Paraíso", fix) == "Refugio"
    assert adapt_case("paraíso", fix) == "refugio"
    assert adapt_case("PARAÍSO", fix) == "REFUGIO"
    assert adapt_case("segador", Fix("segador", "Reaver", 1)) == "Reaver"  # a name stays a name


def test_whole_words_only_never_inside_an_icon_or_a_longer_word() -> None:
    fixes, findings = parse_fixes("fuel >> combustible\nmarcador de Alerta >> ficha de Alerta\n", "f")
    assert findings == []
    new, _ = Replacer(fixes).apply("Gana {fuel}: fuel, fuels y Marcador de\nalerta.")
    assert new == "Gana {fuel}: combustible, fuels y ficha de Alerta."  # mid-sentence: the fix's own case


def test_every_kind_of_toml_string_keeps_its_quoting_and_escapes() -> None:
    import tomllib

    import tomlkit

    from pnp.translate.tomledit import set_text

    source = (
        "[t]\n"
        'a = "Un \\"paraíso\\" aquí\\tya"  # a comment stays\n'
        "b = 'C:\\paraíso'\n"
        'c = """\nLínea uno: paraíso.\n\nLínea dos."""\n'
        "d = '''\nparaíso \\n literal'''\n"
    )
    document = tomlkit.parse(source)
    replacer = Replacer([Fix("paraíso", "refugio", 1)])
    for key in "abcd":
        new, _ = replacer.apply(str(document["t"][key]))
        set_text(document["t"], key, new, lambda raw: replacer.apply(raw)[0])
    assert tomlkit.dumps(document) == source.replace("paraíso", "refugio")
    assert tomllib.loads(tomlkit.dumps(document))["t"]["a"] == 'Un "refugio" aquí\tya'
    set_text(document["t"], "b", "it's")  # a literal string cannot hold a quote: it becomes a basic one
    set_text(document["t"], "a", 'dos\nlíneas "y" \\')
    assert tomllib.loads(tomlkit.dumps(document))["t"] == {
        "a": 'dos\nlíneas "y" \\',
        "b": "it's",
        "c": "Línea uno: refugio.\n\nLínea dos.",
        "d": "refugio \\n literal",
    }
    assert 'a = "dos\\nlíneas \\"y\\" \\\\"  # a comment stays\n' in tomlkit.dumps(document)


@pytest.mark.slow
def test_files_with_windows_line_endings_get_them_in_what_is_written(tiny_copy: Path) -> None:
    edit(tiny_copy / "glossary.toml", 'forbidden = ["fuel", "gasolina"]\n', "")  # so a forbidden key is added
    edit(tiny_copy / "supply.toml", 'text.es = "Gana 2 {fuel}."', 'text.es = "Gana 2 {fuel}. Guarda la vela."')
    for name in ("glossary.toml", "supply.toml"):
        path = tiny_copy / name
        path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    supply = (tiny_copy / "supply.toml").read_bytes()
    (tiny_copy.parent / "fixes.txt").write_text("vela >> lona\ncombustible >> gasolina\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["glossary", "apply", "tiny", "fixes.txt", "--write"])
    assert result.exit_code == 0, result.output
    assert result.output.endswith("3 changes (1 card) in 1 file; the glossary: 2 changes. Wrote 2 files.\n")
    assert (tiny_copy / "glossary.toml").read_bytes() == (
        b"[[term]]\r\n"
        b'source = "Fuel"\r\n'
        b'target = "gasolina"\r\n'
        b'forbidden = ["combustible"]\r\n'
        b"\r\n"
        b"[[keyword]]\r\n"
        b'id = "boarding"\r\n'
        b'source = "Boarding"\r\n'
        b'target = "Abordaje"\r\n'
        b'value = "number"\r\n'
        b"\r\n"
        b"[[term]]\r\n"
        b'source = ""\r\n'
        b'target = "lona"\r\n'
        b'forbidden = ["vela"]\r\n'
        b'note = "From fixes.txt line 1 (pnp glossary apply): write the source term."\r\n'
    )
    expected = (
        supply.replace(b"de combustible", b"de gasolina")
        .replace(b"la vela.", b"la lona.")
        .replace(b'cost = 100\r\nstatus.es = "reviewed"', b'cost = 100\r\nstatus.es = "translated"')
    )
    assert (tiny_copy / "supply.toml").read_bytes() == expected


@pytest.mark.slow
def test_every_inflected_form_keeps_the_first_sound_that_glossary_lookups_bucket_by() -> None:
    """`glossary apply` looks terms up by the first sound of their target; no form may move to another bucket."""
    import re

    from pnp.check.text.forms import _english_forms, _spanish_forms
    from pnp.translate.glossary_apply import _first_sound

    words = {"poder", "entender", "jugar", "ir", "oír", "coger", "colocar", "cazar", "gran", "Reaver", "fly", "parts"}
    for pack_file in (ROOT / "cards").glob("*/*.toml"):
        words |= set(re.findall(r"[^\W\d_]+", pack_file.read_text(encoding="utf-8")))
    moved = [
        (word, form)
        for word in sorted(words)
        for form in [*_spanish_forms(word)[0], *_english_forms(word)]
        if _first_sound(form) != _first_sound(word)
    ]
    assert len(words) > 1000
    assert moved == []


def test_a_capital_inside_a_sentence_is_the_originals_and_the_fix_writes_its_own_case() -> None:
    """`haven >> paraíso` wrote "tu Paraíso" mid-sentence: Spanish writes the common noun in lower case there."""
    fixes, _findings = parse_fixes("haven >> paraíso\n", "f")
    new, _ = Replacer(fixes).apply("Vuelve a tu Haven. Haven: roba una carta. «Haven» cuesta 2.\nHaven gana.")
    assert new == "Vuelve a tu paraíso. Paraíso: roba una carta. «Paraíso» cuesta 2.\nParaíso gana."


def test_a_fix_limited_to_a_context_leaves_the_other_places() -> None:
    """`piezas >> repuestos` also turned the game's pieces ("las piezas sobrantes") into spare parts."""
    fixes, findings = parse_fixes(
        "piezas >> repuestos [not near: sobrantes]\n"
        "pieza >> repuesto [near: compra, vende]\n"
        "sala >> estancia [whole]\n",
        "f",
    )
    assert findings == []
    replacer = Replacer(fixes)
    text = "Compra piezas y vende 1 pieza. Devuelve las piezas sobrantes a la caja; la pieza queda."
    assert (
        replacer.apply(text)[0]
        == "Compra repuestos y vende 1 repuesto. Devuelve las piezas sobrantes a la caja; la pieza queda."
    )
    assert replacer.apply("Sala")[0] == "Estancia"
    assert replacer.apply("La sala del trono")[0] == "La sala del trono"


def test_a_limited_fix_is_no_forbidden_variant_and_an_unknown_limit_is_named(tiny_copy: Path) -> None:
    fixes, findings = parse_fixes("piezas >> repuestos [near: compra]\npiezas >> fichas [near: juego]\n", "f")
    assert findings == [] and len(fixes) == 2  # each right term in its own places
    spanish, findings = parse_fixes(
        "piezas >> repuestos [con: compra; sin: sobrantes]\nsala >> estancia [entero]\n", "f"
    )
    assert findings == []
    assert (spanish[0].near, spanish[0].not_near, spanish[1].whole) == (("compra",), ("sobrantes",), True)
    _fixes, findings = parse_fixes("piezas >> repuestos [cerca: compra]\n", "f")
    assert [(f.code, f.line) for f in findings] == [("fixes/syntax", 1)]
    assert '"cerca: compra" is not a limit of a fix' in findings[0].message


@pytest.mark.parametrize("guide", ["docs/es/README.md", "docs/translating.md", "cards/blue-sun/rulebook-fixes.txt"])
def test_the_guides_fixes_agree_with_the_packs_glossary(guide: str) -> None:
    """The Spanish guide taught "Paraíso >> Refugio" while Blue Sun's glossary forbids "refugio"."""
    import tomllib

    glossary = tomllib.loads((BLUE_SUN / "glossary.toml").read_text(encoding="utf-8"))
    forbidden = {str(v).casefold() for term in glossary["term"] for v in term.get("forbidden", [])}
    text = (ROOT / guide).read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if ">>" in line and not line.lstrip().startswith(("#", "`", "-"))]
    fixes, _findings = parse_fixes("\n".join(lines), guide)
    assert fixes, guide
    assert [f.right for f in fixes if f.right.casefold() in forbidden] == []


def test_a_fix_limited_to_a_part_of_speech_changes_the_noun_only() -> None:
    """`cargas >> bodegas [noun]`: "tus cargas" are holds, "si cargas 2" is the verb."""
    fixes, findings = parse_fixes("cargas >> bodegas [noun]\nplanea >> navega [verbo]\n", "f")
    assert findings == []
    replacer = Replacer(fixes)
    text = "Si cargas 2 fichas, tus cargas se llenan; las dos cargas pesan. Planea un salto: el planea."
    assert replacer.apply(text)[0] == (
        "Si cargas 2 fichas, tus bodegas se llenan; las dos bodegas pesan. Navega un salto: el planea."
    )


def test_the_glossary_learns_a_limited_fix_with_its_limits(tiny_copy: Path) -> None:
    """A limited fix's wrong term is forbidden where its limits say, in the glossary's forbidden_where."""
    from pnp.load import load_pack
    from pnp.translate.glossary_apply import plan_fixes

    fixes, _findings = parse_fixes("gasolina >> combustible [not near: motor]\n", "fixes.txt")
    pack = load_pack(tiny_copy).pack
    assert pack is not None
    plan = plan_fixes(pack, fixes, "fixes.txt", "es", allow_inside=False)
    written = dict(plan.writes)[tiny_copy / "glossary.toml"].decode("utf-8")
    assert 'forbidden_where = {gasolina = "not near: motor"}' in written, written
    assert plan.glossary == ['tiny/glossary.toml: term "Fuel": forbidden_where.gasolina = "not near: motor"']


def test_a_forbidden_variant_with_limits_is_reported_there_only(tiny_copy: Path) -> None:
    from tests.test_text_rules import edit, text_findings

    edit(
        tiny_copy,
        "glossary.toml",
        'forbidden = ["fuel", "gasolina"]',
        'forbidden = ["fuel", "gasolina"]\nforbidden_where = { gasolina = "not near: motor" }',
    )
    edit(tiny_copy, "supply.toml", 'text.es = "Gana 2 {fuel}."', 'text.es = "Gana 2 {fuel}: gasolina del motor."')
    assert not [f for f in text_findings(tiny_copy) if "gasolina" in f]
    edit(tiny_copy, "supply.toml", "gasolina del motor.", "gasolina del tanque.")
    assert [f for f in text_findings(tiny_copy) if '"gasolina" is a forbidden variant' in f]
    edit(tiny_copy, "glossary.toml", '"not near: motor"', '"cerca: motor"')
    bad = [f for f in text_findings(tiny_copy) if "is not a limit of a fix" in f]
    assert bad and "term[0].forbidden_where.gasolina" in bad[0]
