from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from pnp.cli import main
from tests.conftest import ROOT


@pytest.fixture(autouse=True)
def _at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


@pytest.mark.slow
def test_bundled_packs_have_no_errors() -> None:
    for pack in ("cards/blue-sun", "cards/lotr-sailing", "cards/bsg", "examples/tiny"):
        code, output = run("check", pack)
        assert code == 0, output
        assert " error" not in output.replace("0 errors", "")


def test_check_reports_the_blue_sun_manifest_gaps() -> None:
    code, output = run("check", "cards/blue-sun")
    assert code == 0
    assert (
        'cards/blue-sun/pack.toml:324: warning: field "deck.nav-border-blue-sun.expected_count": '
        'deck "nav-border-blue-sun": expected 10 cards (box contents), found 0 '
        "(10 still to enter; 1 placeholder counts as missing)"
    ) in output
    # the cards with no text, one summary per deck: a pack in progress is not an error
    assert (
        'cards/blue-sun/supply-meridian.toml: warning: deck "supply-meridian": 25 of 25 cards have no text yet'
    ) in output
    assert 'card "cortland"' not in output  # named only with --verbose
    # the Modded Fuel Catalyzer's title sticker (its region is a guess, marked verify) is too small to read
    assert 'card "modded-fuel-catalyzer" field "element.panel-title-text"' in output
    assert output.splitlines()[-1].startswith("Found 0 errors, 15 warnings")


def test_check_verbose_names_each_card_without_text() -> None:
    code, output = run("check", "cards/blue-sun", "--verbose")
    assert code == 0
    assert (
        'cards/blue-sun/supply-meridian.toml:6: info: card "cortland" field "text": '
        "no text in any language: the layout prints it"
    ) in output
    assert (
        'cards/blue-sun/setup.toml:13: info: card "setup-2" field "text": '
        "a placeholder: the card it stands for is not known yet"
    ) in output


def test_strict_makes_warnings_fatal() -> None:
    assert run("check", "cards/blue-sun", "--strict")[0] == 1
    assert run("check", "examples/tiny", "--strict")[0] == 0


def test_json_format_follows_the_documented_schema() -> None:
    code, output = run("check", "cards/blue-sun", "--format", "json")
    document = json.loads(output)
    assert code == 0
    assert document["version"] == 1
    assert set(document["summary"]) == {"error", "warning", "info"}
    assert document["summary"]["warning"] == 15  # with the Modded Fuel Catalyzer title sticker, too small to read
    keys = {"severity", "code", "file", "line", "card", "field", "message", "hint"}
    assert all(set(f) == keys for f in document["findings"])
    verify = [f for f in document["findings"] if f["code"] == "card/verify"]
    assert {"card": "xunsu-whisper-x1", "severity": "info"}.items() <= next(
        f for f in verify if f["card"] == "xunsu-whisper-x1"
    ).items()


def test_deck_lists_cards_with_counts_against_the_box() -> None:
    code, output = run("deck", "examples/tiny", "supply")
    assert code == 0
    assert output == (
        "Suministro (supply)\n"
        "n  id           title                  type         cost  state\n"
        "2  fuel-cell    Célula de combustible  Equipo        100  reviewed\n"
        "1  spare-parts  Repuestos              Equipo        200  translated\n"
        "2  pilot        Piloto                 Tripulación   300  written\n"
        "5 cards in 3 designs; entered 5, written 5, translated 3, reviewed 2; box contents: 5 (complete)\n"
    )


def test_deck_summary_shows_what_each_deck_lacks() -> None:
    code, output = run("deck", "cards/blue-sun")
    assert code == 0
    lines = {line.split()[0]: line for line in output.splitlines() if line}
    # entered, written, translated, reviewed, box: every supply card is entered, none has its text
    assert lines["supply-meridian"].endswith("25        0                0         0   25  25 without text")
    assert lines["nav-rim"].endswith("0   20  19 still to enter; 1 without text")
    assert lines["setup"].endswith("2  1 still to enter; 1 without text; 1 placeholder")  # not entered
    assert "complete" not in output
    assert "from Firefly: The Game (base game)" in lines["nav-border-base"]
    assert 'box contents "75 Cartas Trato": 75 cards over deal-harrow, challenge-universe; 74 still to enter' in output


def test_unknown_deck_suggests_the_closest() -> None:
    code, output = run("deck", "examples/tiny", "suply")
    assert code == 2
    assert output == "pnp: no deck \"suply\" in examples/tiny; did you mean 'supply'?\n"


def test_every_command_help_has_an_example() -> None:
    names = main.list_commands(click.Context(main))
    assert {"build", "check", "proof", "serve"} <= set(names)  # imported lazily, listed all the same
    for name in names:
        code, output = run(name, "--help")
        assert code == 0
        assert "Example:" in output, name


def test_supply_deck_matches_the_facts() -> None:
    from pnp.load import load_pack

    pack = load_pack(Path("cards/blue-sun")).pack
    assert pack is not None
    supply = pack.deck("supply-meridian")
    assert supply is not None
    by_type: dict[str, int] = {}
    for card in supply.cards:
        by_type[card.type] = by_type.get(card.type, 0) + card.count
        assert card.title.get("es"), card.id
    assert by_type == {"crew": 7, "gear": 11, "ship-upgrade": 6, "drive-core": 1}
    assert sum(c.count for c in supply.cards) == 25
    cards = {c.id: c for c in supply.cards}
    assert (cards["love-bot"].cost, cards["xunsu-whisper-x1"].cost, cards["reaver-flage"].count) == (1200, 1600, 2)


@pytest.mark.slow
def test_build_quiet_counts_the_warnings_in_one_line(tmp_path: Path) -> None:
    code, output = run("build", "cards/blue-sun", "--quiet", "-o", str(tmp_path))
    assert code == 0
    assert "warning:" not in output
    assert "14 warnings not shown: pnp check lists them." in output.splitlines()
    assert "Built" not in output and "wrote" not in output  # -q: errors only, and the count of what is hidden
