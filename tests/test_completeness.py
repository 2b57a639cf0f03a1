"""Completeness that tells the truth, placeholders that say so, facts that name their source."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli import main
from tests.conftest import ROOT

PLACEHOLDER = """
[[card]]
id = "unknown-gear"
type = "gear"
title.en = "Gear card 1"
title.es = "Carta de equipo 1"
cost = 0
placeholder = true
status.es = "draft"
"""


@pytest.fixture
def at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def _append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


# --- the ladder --------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_card_without_its_text_is_entered_but_not_written(tiny_copy: Path) -> None:
    _replace(tiny_copy / "supply.toml", 'text.en = "Gain 2 {fuel}."\ntext.es = "Gana 2 {fuel}."\n', "")
    code, output = run("deck", "tiny")
    assert code == 0
    supply = next(line for line in output.splitlines() if line.startswith("supply"))
    # entered 5, written 3 (fuel-cell's two copies have no text), translated 1, reviewed 0, box 5
    assert supply.split()[2:] == ["5", "3", "1", "0", "5", "2", "without", "text"]
    assert "complete" not in supply
    code, output = run("check", "tiny")
    assert code == 0  # a pack in progress is not an error
    assert 'tiny/supply.toml: warning: deck "supply": 2 of 5 cards have no text yet' in output
    assert 'card "fuel-cell"' not in output
    code, output = run("check", "tiny", "--verbose")
    assert 'card "fuel-cell" field "text": no text in any language: the layout prints it' in output
    # in Spanish the field is named in Spanish inside the sentence, not by its key ("sin text")
    code, output = run("--ui-lang", "es", "check", "tiny", "--verbose")
    assert 'campo "text": sin texto en ningún idioma: la plantilla lo imprime' in output, output


def test_a_complete_deck_is_complete_only_when_every_card_is_written() -> None:
    code, output = run("deck", "examples/tiny")
    assert code == 0
    supply = next(line for line in output.splitlines() if line.startswith("supply"))
    assert supply.endswith("complete")


@pytest.mark.slow
def test_a_placeholder_counts_as_missing_and_says_so(tiny_copy: Path) -> None:
    _append(tiny_copy / "supply.toml", PLACEHOLDER)
    code, output = run("check", "tiny")
    assert code == 0
    assert 'deck "supply": expected 5 cards (box contents), found 5 (1 too many' not in output  # it is not a sixth card
    assert 'tiny/supply.toml: warning: deck "supply": 1 of 6 cards has no text yet, 1 of them a placeholder' in output
    code, output = run("deck", "tiny", "supply")
    assert "1  unknown-gear  Carta de equipo 1      Equipo          0  placeholder" in output
    assert "entered 5, written 5" in output


@pytest.mark.slow
def test_a_placeholder_with_text_that_claims_to_be_real_is_a_finding(tiny_copy: Path) -> None:
    _append(tiny_copy / "supply.toml", PLACEHOLDER + 'text.es = "Gana 3 {fuel}."\n')
    code, output = run("check", "tiny")
    assert code == 0  # a warning: the pack still builds
    assert (
        'card "unknown-gear" field "text": a placeholder with rules text and no verify: the text would pass '
        "for the card's own"
    ) in output
    _append(tiny_copy / "supply.toml", 'verify = "a guess from a review: check it against the card"\n')
    _code, output = run("check", "tiny")
    assert "card/placeholder-text" not in output and "would pass for the card's own" not in output


@pytest.mark.slow
def test_a_card_whose_notes_call_it_a_placeholder_must_be_marked(tiny_copy: Path) -> None:
    _append(
        tiny_copy / "supply.toml",
        PLACEHOLDER.replace("placeholder = true\n", 'notes = "Placeholder, not a card of the game."\n'),
    )
    _code, output = run("check", "tiny")
    assert (
        'card "unknown-gear" field "placeholder": its notes call it a placeholder, but it is not marked as one'
    ) in output
    assert "hint: write placeholder = true" in output


# --- placeholders on the sheets -------------------------------------------------------------------


@pytest.mark.slow
def test_a_placeholder_prints_with_the_mark_across_its_face_and_no_placeholders_leaves_it_out(
    tiny_copy: Path,
) -> None:
    _append(tiny_copy / "supply.toml", PLACEHOLDER)
    code, output = run("build", "tiny", "--decks", "supply", "--png", "--dpi", "100", "--no-bleed", "-o", "out")
    assert code == 0, output
    assert output.splitlines()[-1].startswith("Built 6 cards")
    assert output.splitlines()[-1].endswith("1 printed card has no text yet (pnp check --verbose names them).")
    marked = Image.open("out/tiny/es/png/supply/unknown-gear.png").convert("RGB")
    plain = Image.open("out/tiny/es/png/supply/fuel-cell.png").convert("RGB")
    centre = (marked.width // 2, marked.height // 2)
    red, green, blue = marked.getpixel(centre)  # type: ignore[misc]
    assert red > 150 and green < 80 and blue < 80, (red, green, blue)  # the band crosses the middle
    assert plain.getpixel(centre) != marked.getpixel(centre)
    code, output = run("build", "tiny", "--decks", "supply", "--no-placeholders", "-o", "out2")
    assert code == 0, output
    assert output.splitlines()[-1] == (
        "Built 5 cards (4 distinct faces) on 1 sheet. Every printed card has its text. 1 placeholder left out."
    )


def test_the_mark_speaks_the_card_language() -> None:
    from pnp.render.missing_mark import words_for

    assert words_for("es")[0] == "FALTA EL TEXTO"
    assert words_for("es-MX")[0] == "FALTA EL TEXTO"
    assert words_for("en")[0] == "TEXT MISSING"
    assert words_for("xx")[0] == "TEXT MISSING"


# --- variants in build ------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.usefixtures("at_root")
def test_build_players_prints_the_deck_the_variant_makes(tmp_path: Path) -> None:
    code, output = run(
        "build", "cards/bsg", "--players", "1", "--quantity", "resources-at-half=0", "--decks", "loyalty",
        "-o", str(tmp_path),
    )  # fmt: skip
    assert code == 0, output
    assert output.splitlines()[-1].startswith("Built 7 cards")  # 6 "No eres un Cylon" and 1 "Eres un Cylon"
    code, output = run("build", "cards/bsg", "--players", "1", "--decks", "loyalty", "-o", str(tmp_path))
    assert 'note: cards counted per "resources-at-half" are printed for its largest value, 4' in output
    assert output.splitlines()[-1].startswith("Built 11 cards")


@pytest.mark.usefixtures("at_root")
def test_build_names_the_variants_and_player_counts_the_pack_defines(tmp_path: Path) -> None:
    code, output = run("build", "cards/bsg", "--variant", "cooperativo", "-o", str(tmp_path))
    assert code == 2
    assert output == (
        "pnp: no variant \"cooperativo\" in cards/bsg; did you mean 'cooperative'? "
        "(variants: cooperative, cylon-attack, cylon-attack-base-ratio, one-player, two-players)\n"
    )
    code, output = run("build", "cards/bsg", "--players", "7", "-o", str(tmp_path))
    assert (code, output) == (
        2,
        "pnp: cards/bsg defines nothing for 7 players; player counts it defines: 1, 2, 3, 4, 5, 6\n",
    )


# --- provenance -------------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_source_that_cites_a_file_is_a_finding(tiny_copy: Path) -> None:
    _replace(
        tiny_copy / "supply.toml",
        'status.es = "reviewed"\n',
        'status.es = "reviewed"\nsource = "notes/facts.md, the supply table"\n',
    )
    _code, output = run("check", "tiny")
    assert (
        'tiny/supply.toml:1: warning: card "fuel-cell" field "source": card "fuel-cell" cites a file '
        '("facts.md"), which is not in the pack and means nothing to whoever receives it'
    ) in output
    assert 'hint: name the document and its section instead: "Blue Sun rulebook (ES), Contenido"' in output


@pytest.mark.parametrize(
    ("source", "flagged"),
    [
        ("Blue Sun rulebook (ES), Contenido", False),
        ("BSG rules thread, Apéndice II, «Preparación»", False),
        ("sailing rules (ES), Palabras Clave, «Abordaje X»", False),
        ("scan rulebook-es-2016.txt", True),
        ("see /work/notes/cards", True),
        ("../notes/rulebook.txt", True),
        ("NOTES.md", True),
    ],
)
def test_which_sources_cite_a_path(source: str, flagged: bool) -> None:
    from pnp.check.provenance import _PATH

    assert bool(_PATH.search(source)) is flagged


@pytest.mark.usefixtures("at_root")
def test_deck_sources_lists_each_source_and_what_it_backs() -> None:
    code, output = run("deck", "cards/blue-sun", "--sources")
    assert code == 0
    lines = output.splitlines()
    at = lines.index("Blue Sun rulebook (ES), «Ganar la confianza de Lord Harrow»")
    assert lines[at + 1] == "    deck fact deal-harrow"
    assert "Blue Sun rulebook (ES), Contenido" in lines


@pytest.mark.usefixtures("at_root")
@pytest.mark.parametrize("pack", ["cards/blue-sun", "cards/lotr-sailing", "cards/bsg", "examples/tiny"])
def test_bundled_packs_cite_no_file(pack: str) -> None:
    _code, output = run("check", pack, "--format", "json")
    assert [f for f in json.loads(output)["findings"] if f["code"] == "source/path"] == []


@pytest.mark.slow
def test_no_file_of_the_repository_cites_a_path_outside_it() -> None:
    # written as patterns so that this test does not cite what it looks for
    outside = re.compile(r"\bshared[/\\]|FACTS\.md|\b\d{3}_[0-9a-f]{16}\b")
    skipped = {".git", ".venv", "output", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache"}
    files = [
        p
        for p in ROOT.rglob("*")
        if p.suffix in (".toml", ".md", ".txt", ".py", ".po", ".cfg") and not skipped & set(p.relative_to(ROOT).parts)
    ]
    cited = [
        f"{p.relative_to(ROOT)}:{n}: {match.group()}"
        for p in files
        for n, line in enumerate(p.read_text("utf-8", errors="replace").splitlines(), start=1)
        if (match := outside.search(line))
    ]
    assert len(files) > 100
    assert cited == []


# --- what the source texts state, in the packs -------------------------------------------------------


@pytest.mark.usefixtures("at_root")
def test_lord_harrow_and_mr_universe_are_contacts_with_decks_told_apart() -> None:
    code, output = run("deck", "cards/blue-sun", "deal-harrow")
    assert code == 0
    assert "Highgate" in output and "$300" in output and "$500" in output
    code, output = run("deck", "cards/blue-sun", "challenge-universe")
    assert "máximo de tres en mano" in output and "aumenta en 2" in output
    pack = tomllib.loads((ROOT / "cards" / "blue-sun" / "pack.toml").read_text("utf-8"))
    backs = {d["id"]: (d["back"]["label"]["es"], d["back"]["color"]) for d in pack["deck"]}
    assert backs["deal-harrow"] != backs["challenge-universe"]
    assert backs["challenge-universe"][0] == "SR. UNIVERSO"


@pytest.mark.usefixtures("at_root")
def test_blue_sun_box_contents_are_named_as_the_rulebook_prints_them() -> None:
    pack = tomllib.loads((ROOT / "cards" / "blue-sun" / "pack.toml").read_text("utf-8"))
    names = [line["name"]["es"] for line in pack["manifest"]]
    assert names == [
        "Expansión mapa", "25 Cartas Suministro", "30 Cartas Navegación", "75 Cartas Trato", "2 Cartas Líder",
        "3 Cartas Historia", "2 Cartas Set Up", "2 Naves Reaver", "88 Tokens", "Instrucciones",
    ]  # fmt: skip


def test_a_glossary_that_forbids_a_word_of_the_rulebook_says_why_with_counts() -> None:
    glossary = tomllib.loads((ROOT / "cards" / "blue-sun" / "glossary.toml").read_text("utf-8"))
    terms = {t["source"]: t for t in glossary["term"]}
    assert (terms["Haven"]["target"], terms["Alert Token"]["target"], terms["Ship Upgrade"]["target"]) == (
        "paraíso",
        "marcador de Alerta",
        "actualización de nave",
    )
    for term in glossary["term"]:
        if term.get("forbidden"):
            assert "×" in term.get("note", "") or "once" in term.get("note", ""), term["source"]


def test_the_thread_suggestion_is_not_taken_for_an_agreed_fix() -> None:
    glossary = tomllib.loads((ROOT / "cards" / "bsg" / "glossary.toml").read_text("utf-8"))
    super_crisis = next(t for t in glossary["term"] if t["source"] == "Super Crisis")
    assert super_crisis["target"] == "Super Crisis" and not super_crisis.get("forbidden")
    assert "suggestion" in super_crisis["note"]


@pytest.mark.slow
def test_a_card_can_carry_boarding_2_and_the_checker_knows_abordaje_2(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import shutil

    pack = tmp_path / "lotr"
    shutil.copytree(ROOT / "cards" / "lotr-sailing", pack)
    monkeypatch.chdir(tmp_path)
    _replace(
        pack / "tormentera.toml",
        'status.es = "draft"\n',
        'status.es = "draft"\nkeywords = ["boarding 2", "surge"]\ntext.es = "Abordaje 2. Oleada."\n',
    )
    code, output = run("check", "lotr")
    assert "text/keyword" not in output and " error:" not in output, output
    _replace(pack / "tormentera.toml", 'text.es = "Abordaje 2. Oleada."', 'text.es = "Abordaje. Oleada 1."')
    code, output = run("check", "lotr")
    assert code == 1
    assert 'keyword "Abordaje" needs a number after it' in output
    assert 'keyword "Oleada" takes no number, but the text says "Oleada 1"' in output


@pytest.mark.usefixtures("at_root")
def test_the_tormentera_stages_quote_the_rules_word_for_word() -> None:
    text = (ROOT / "cards" / "lotr-sailing" / "quest-tormentera.toml").read_text("utf-8")
    assert text.count("como su {threat} más la de la carta descartada.") == 3
    code, output = run("deck", "cards/lotr-sailing", "quest")
    assert code == 0 and "stage-2" in output
    fleet = tomllib.loads((ROOT / "cards" / "lotr-sailing" / "pack.toml").read_text("utf-8"))
    backs = {d["id"]: d["back"]["label"]["es"] for d in fleet["deck"]}
    assert backs["fleet"] == backs["encounter"] == "ENCUENTRO"


@pytest.mark.slow
def test_a_variant_names_tokens_and_swaps_name_declared_variants(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import shutil

    pack = tmp_path / "bsg"
    shutil.copytree(ROOT / "cards" / "bsg", pack)
    monkeypatch.chdir(tmp_path)
    _replace(pack / "pack.toml", 'change = 2, token = "viper" }', 'change = 2, token = "vipr" }')
    _replace(
        pack / "pack.toml",
        'condition = { variant = "cooperative" }\nstep',
        'condition = { variant = "cooperativ" }\nstep',
    )
    code, output = run("check", "bsg")
    assert code == 1
    assert (
        'bsg/pack.toml: error: field "variant.cylon-attack.components[2].token": variant "cylon-attack": '
        'component 3 names the token "vipr", which tokens.toml does not have'
    ) in output
    assert "hint: did you mean 'viper'?" in output
    assert (
        'swap "cooperative-quorum": its condition names the variant "cooperativ", which no [[variant]] declares'
        in output
    )
