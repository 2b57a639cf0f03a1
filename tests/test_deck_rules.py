"""Deck composition: each deck rule on a small bad pack (examples/tiny with a few
lines changed) with the exact findings expected, and the decks `pnp deck`
prints for swaps, player counts and variants on the bundled packs.

The bad packs run the loader and the deck rules only, so that rules of other
stages (card text) cannot change what these tests expect.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.check import check_pack, deck_rules
from pnp.cli import main
from pnp.compose import Selection, matches
from pnp.load import load_pack
from pnp.model.swaps import Condition
from pnp.report import format_text
from tests.conftest import ROOT


def _edit(pack: Path, old: str, new: str) -> None:
    path = pack / "pack.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _append(pack: Path, text: str) -> None:
    path = pack / "pack.toml"
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def _deck_findings(pack: Path) -> str:
    result = load_pack(pack)
    findings = list(result.findings)
    if result.pack is not None:
        findings += check_pack(result.pack, deck_rules.RULES)
    return format_text(findings) + "\n"


def _deck(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["deck", *args])
    assert "Traceback" not in result.output
    return result.exit_code, result.output


# --- the rules, one bad pack each ------------------------------------------------------


def test_the_tiny_pack_passes_every_deck_rule(tiny_copy: Path) -> None:
    assert _deck_findings(tiny_copy) == "No problems found.\n"


def test_box_total_counts_every_printed_deck(tiny_copy: Path) -> None:
    _edit(
        tiny_copy,
        "[[swap]]",
        '[[deck]]\nid = "spare"\nname = { en = "Spare" }\ncard_size = "poker"\ncard_types = ["nav"]\n\n[[swap]]',
    )
    (tiny_copy / "spare.toml").write_text('[[card]]\nid = "calm"\ntype = "nav"\ntitle.en = "Calm"\n', encoding="utf-8")
    assert _deck_findings(tiny_copy) == (
        'tiny/pack.toml:58: warning: field "manifest": box contents: 10 cards in all, found 11 in the decks '
        "(1 too many)\n"
        "    hint: decks in no line of the box contents: spare\n"
        "Found 0 errors and 1 warning in 1 file.\n"
    )


def test_swap_remove_needs_the_card_in_its_deck_with_enough_copies(tiny_copy: Path) -> None:
    _edit(tiny_copy, '{ card = "storm", copies = 2 }', '{ card = "storm", copies = 3 }')
    _edit(tiny_copy, '{ card = "clear-skies", copies = 2 }', '{ card = "clear-skies", copies = 3 }')
    _append(
        tiny_copy,
        '\n[[swap]]\nid = "no-gear"\ndeck = "nav"\nremove = [{ card = "fuel-cell" }]\nremove_types = ["gear"]\n'
        "replacement = false\n"
        '\n[[swap]]\nid = "half-supply"\ndeck = "supply"\nremove_random = 6\nreplacement = false\n',
    )
    assert _deck_findings(tiny_copy) == (
        'tiny/pack.toml:44: error: field "swap.calm-seas.remove[0]": swap "calm-seas": removes 3 of "storm" '
        'from deck "nav", which holds 2\n'
        "    hint: write copies = 2, or correct the card's count\n"
        'tiny/pack.toml:58: error: field "swap.no-gear.remove_types[0]": swap "no-gear": deck "nav" holds no cards '
        'of type "gear"\n'
        "    hint: this deck holds: nav\n"
        'tiny/pack.toml:58: error: field "swap.no-gear.remove[0]": swap "no-gear": removes "fuel-cell" from deck '
        '"nav", which does not hold it (it is in deck "supply")\n'
        '    hint: set deck = "supply", or drop this line\n'
        'tiny/pack.toml:65: error: field "swap.half-supply.remove_random": swap "half-supply": takes 6 cards out of '
        'deck "supply" at random, but it holds 5\n'
        "    hint: write remove_random = 5 at most\n"
        "Found 4 errors and 0 warnings in 1 file.\n"
    )


def test_swap_add_puts_only_cards_of_a_type_the_deck_holds(tiny_copy: Path) -> None:
    _append(
        tiny_copy,
        '\n[[swap]]\nid = "gear-in-nav"\ndeck = "nav"\nadd = [{ card = "fuel-cell", copies = 2 }, { card = "storm" }]\n'
        'add_decks = ["supply"]\nreplacement = false\n'
        '\n[[swap]]\nid = "storms-to-supply"\ndeck = "nav"\nremove = [{ card = "storm", copies = 2 }]\n'
        'into = "supply"\nreplacement = false\n',
    )
    assert _deck_findings(tiny_copy) == (
        'tiny/pack.toml:58: error: field "swap.gear-in-nav.add[0]": swap "gear-in-nav": puts "fuel-cell" '
        '(type "gear") into deck "nav", which does not hold cards of type "gear"\n'
        "    hint: this deck holds: nav\n"
        'tiny/pack.toml:58: error: field "swap.gear-in-nav.add_decks[0]": swap "gear-in-nav": puts "fuel-cell", '
        '"spare-parts" (type "gear") into deck "nav", which does not hold cards of type "gear"\n'
        "    hint: this deck holds: nav\n"
        'tiny/pack.toml:58: error: field "swap.gear-in-nav.add_decks[0]": swap "gear-in-nav": puts "pilot" '
        '(type "crew") into deck "nav", which does not hold cards of type "crew"\n'
        "    hint: this deck holds: nav\n"
        'tiny/pack.toml:65: error: field "swap.storms-to-supply.into": swap "storms-to-supply": puts "storm" '
        '(type "nav") into deck "supply", which does not hold cards of type "nav"\n'
        "    hint: this deck holds: gear, crew\n"
        "Found 4 errors and 0 warnings in 1 file.\n"
    )


def test_swap_balance_a_replacement_removes_as_many_as_it_adds(tiny_copy: Path) -> None:
    _edit(tiny_copy, '{ card = "clear-skies", copies = 2 }', '{ card = "clear-skies", copies = 1 }')
    assert _deck_findings(tiny_copy) == (
        'tiny/pack.toml:44: error: field "swap.calm-seas.replacement": swap "calm-seas": a replacement removes 2 '
        "cards but adds 1\n"
        "    hint: correct the copies, or set replacement = false when the swap is not one for one\n"
        "Found 1 error and 0 warnings in 1 file.\n"
    )


def test_swap_incomplete_warns_instead_of_judging_cards_still_to_enter(tiny_copy: Path) -> None:
    """The Blue Sun case: a replacement whose new cards are not typed in yet."""
    calm_deck = (
        '[[deck]]\nid = "calm"\nname = { en = "Calm seas" }\ncard_size = "poker"\norigin = "an expansion"\n'
        'expected_count = 2\ncard_types = ["nav"]\n\n[[swap]]'
    )
    _edit(tiny_copy, "[[swap]]", calm_deck)
    _edit(tiny_copy, 'add = [{ card = "clear-skies", copies = 2 }]', 'add_decks = ["calm"]')
    _edit(tiny_copy, 'expected_count = 5\ncard_types = ["nav"]', 'card_types = ["nav"]')
    (tiny_copy / "calm.toml").write_text(
        '[[card]]\nid = "calm-wind"\ntype = "nav"\ntitle.en = "Calm Wind"\n', encoding="utf-8"
    )
    _append(tiny_copy, '\n[[swap]]\nid = "lost-storms"\ndeck = "nav"\nremove_random = 6\nreplacement = false\n')
    assert _deck_findings(tiny_copy) == (
        'tiny/pack.toml:51: warning: field "swap.calm-seas.add_decks": swap "calm-seas": adds deck "calm", which '
        "has 1 of its 2 cards entered: the swap removes 2 cards and adds 1 so far; its balance is checked once "
        "all are\n"
        "    hint: enter its cards; pnp deck tiny calm lists those entered so far\n"
        'tiny/pack.toml:65: warning: field "swap.lost-storms.remove_random": swap "lost-storms": takes 6 cards out '
        'of deck "nav" at random, but it holds 5\n'
        "    hint: enter the rest of its cards, and set its expected_count to let pnp tell what is missing\n"
        "Found 0 errors and 2 warnings in 1 file.\n"
    )


def test_must_keep_cards_stay_unless_a_setup_card_removes_them(tiny_copy: Path) -> None:
    _edit(tiny_copy, 'must_keep = ["reshuffle"]', 'must_keep = ["reshuffle", "pilot"]')
    _append(
        tiny_copy,
        '\n[[swap]]\nid = "no-reshuffle"\ndeck = "nav"\nremove = [{ card = "reshuffle" }]\nreplacement = false\n'
        '\n[[swap]]\nid = "no-nav-at-all"\ndeck = "nav"\nremove_types = ["nav"]\nreplacement = false\n'
        '\n[[swap]]\nid = "setup-without-reshuffle"\ndeck = "nav"\nremove = [{ card = "reshuffle" }]\n'
        'replacement = false\ncondition = { setup = "pilot" }\n',
    )
    hint = '    hint: only a setup card may take it out: give the swap condition = { setup = "<setup card id>" }\n'
    assert _deck_findings(tiny_copy) == (
        'tiny/pack.toml:35: error: field "deck.nav.must_keep": deck "nav": must keep "pilot", which is not in it '
        '(it is in deck "supply")\n'
        "    hint: a deck keeps its own cards: move the card into this deck, or drop it from must_keep\n"
        'tiny/pack.toml:58: error: field "swap.no-reshuffle.remove[0]": swap "no-reshuffle": takes "reshuffle" '
        '(Barajar mazo) out of deck "nav", which must keep it\n'
        f"{hint}"
        'tiny/pack.toml:64: error: field "swap.no-nav-at-all.remove_types[0]": swap "no-nav-at-all": takes '
        '"reshuffle" (Barajar mazo) out of deck "nav", which must keep it\n'
        f"{hint}"
        "Found 3 errors and 0 warnings in 1 file.\n"
    )


def test_the_loader_checks_every_new_swap_reference(tiny_copy: Path) -> None:
    _append(
        tiny_copy,
        '\n[[quantity]]\nid = "storms-seen"\nname = { en = "storm seen", es = "tormenta vista" }\n'
        '\n[[swap]]\nid = "bad-refs"\ndeck = "nav"\nremove_types = ["nva"]\ninto = "suply"\n'
        'add = [{ card = "storm", per = "storms-sen" }]\nadd_decks = ["nav"]\nreplacement = false\n'
        'condition = { setup = "piolt" }\n',
    )
    assert _deck_findings(tiny_copy) == (
        'tiny/pack.toml:65: error: field "swap.bad-refs.remove_types[0]": unknown card type "nva"\n'
        "    hint: did you mean 'nav'?\n"
        'tiny/pack.toml:66: error: field "swap.bad-refs.into": unknown deck "suply"\n'
        "    hint: did you mean 'supply'?\n"
        'tiny/pack.toml:67: error: field "swap.bad-refs.add[0].per": unknown quantity "storms-sen"\n'
        "    hint: did you mean 'storms-seen'?\n"
        'tiny/pack.toml:68: error: field "swap.bad-refs.add_decks": the swap changes deck "nav": add_decks must '
        "name another deck\n"
        'tiny/pack.toml:70: error: field "swap.bad-refs.condition.setup": unknown card "piolt"\n'
        "    hint: did you mean 'pilot'?\n"
        "Found 5 errors and 0 warnings in 1 file.\n"
    )


# --- which swaps a condition selects ------------------------------------------------


@pytest.mark.parametrize(
    ("condition", "selection", "expected"),
    [
        (None, Selection(players=2), False),  # no condition: only by id
        (Condition(players=[1, 2]), Selection(players=2), True),
        (Condition(players=[1, 2]), Selection(players=3), False),
        (Condition(players=[1, 2]), Selection(variants=("blue-sun",)), False),
        (Condition(variant="blue-sun"), Selection(variants=("x", "blue-sun")), True),
        (Condition(variant="blue-sun", players=[2]), Selection(variants=("blue-sun",)), False),
        (Condition(variant="blue-sun", players=[2]), Selection(players=2, variants=("blue-sun",)), True),
        (Condition(setup="awful"), Selection(setups=("awful",)), True),
    ],
)
def test_a_condition_matches_when_every_key_it_sets_does(
    condition: Condition | None, selection: Selection, expected: bool
) -> None:
    assert matches(condition, selection) is expected


# --- the decks that result, on the bundled packs -----------------------------------------


@pytest.fixture
def at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


@pytest.mark.slow
@pytest.mark.usefixtures("at_root")
def test_deck_swap_prints_the_blue_sun_border_nav_deck() -> None:
    expected = (
        "Navegación del Espacio Fronterizo (juego base) (nav-border-base)\n"
        "with: blue-sun-border-nav (Sol Azul: actualizar el mazo de navegación fronterizo)\n"
        "n  change  id                title                                              type        cost\n"
        "0      -1  reaver-patrol     Patrullera Reaver                                  Navegación\n"
        "0      -1  reaver-bait       Señuelo para Reavers                               Navegación\n"
        "0      -8  reavers-hunting   Reavers de caza                                    Navegación\n"
        "1          reaver-cutter     Crucero Reaver                                     Navegación\n"
        "1          border-reshuffle  Barajar mazo                                       Navegación\n"
        # the deck file's example card, a placeholder: printed (marked so), not counted as entered
        "1      +1  border-reaver-1   Carta de navegación fronteriza 1 (amenaza Reaver)  Navegación\n"
        'still to enter: 10 of the 10 cards of deck "nav-border-blue-sun", which swap blue-sun-border-nav adds\n'
        "3 cards in 3 designs; as in the box: 12 cards in 5 designs\n"
    )
    assert _deck("cards/blue-sun", "nav-border-base", "--swap", "blue-sun-border-nav") == (0, expected)
    code, output = _deck("cards/blue-sun", "--variant", "blue-sun")
    assert code == 0 and output.startswith(expected)
    # the variant the swap names is declared: its set-up facts follow the deck
    assert "\nVariant blue-sun: Jugar con la expansión Sol Azul\n" in output
    assert "una nave Reaver en cada uno de los tres sectores del Espacio Reaver" in output


@pytest.mark.usefixtures("at_root")
def test_deck_variant_on_the_tiny_pack() -> None:
    assert _deck("examples/tiny", "nav", "--variant", "calm-seas") == (
        0,
        "Navegación (nav)\n"
        "with: calm-seas (Variante de mar en calma)\n"
        "n  change  id           title            type        cost\n"
        "0      -2  storm        Tormenta         Navegación\n"
        "1          reshuffle    Barajar mazo     Navegación\n"
        "4      +2  clear-skies  Cielo despejado  Navegación\n"
        "5 cards in 2 designs; as in the box: 5 cards in 3 designs\n",
    )


@pytest.mark.usefixtures("at_root")
def test_deck_swap_builds_the_corsair_deck_out_of_the_encounter_deck() -> None:
    assert _deck("cards/lotr-sailing", "--swap", "corsair-deck") == (
        0,
        "Mazo de Encuentros (encounter)\n"
        "with: corsair-deck (Preparar el mazo de Corsarios)\n"
        "n  change  id            title                     type           cost\n"
        "1          ship-enemy-1  Carta de Barco-Enemigo 1  Barco-Enemigo\n"
        "1          ship-enemy-2  Carta de Barco-Enemigo 2  Barco-Enemigo\n"
        "0      -2  enemy-1       Carta de Enemigo 1        Enemigo\n"
        "0      -1  enemy-2       Carta de Enemigo 2        Enemigo\n"
        "1          location-1    Carta de Lugar 1          Lugar\n"
        "3 cards in 3 designs; as in the box: 6 cards in 5 designs\n"
        "\n"
        "Mazo de Corsarios (corsair)\n"
        "with: corsair-deck (Preparar el mazo de Corsarios)\n"
        "n  change  id       title               type     cost\n"
        "2      +2  enemy-1  Carta de Enemigo 1  Enemigo\n"
        "1      +1  enemy-2  Carta de Enemigo 2  Enemigo\n"
        "3 cards in 2 designs; as in the box: 0 cards in 0 designs\n",
    )


def _decks_only(output: str) -> str:
    """`pnp deck` output without the variants' facts that follow the decks."""
    return output.split("\n\nVariant ")[0].rstrip("\n") + "\n"


@pytest.mark.usefixtures("at_root")
def test_deck_players_builds_the_two_player_loyalty_deck() -> None:
    head = (
        "Mazo de Lealtad (loyalty)\n"
        "with: loyalty-two-players (Partida para dos jugadores)\n"
        "n  change  id                    title                  type     cost\n"
        "1          you-are-a-cylon       Eres un Cylon          Lealtad\n"
    )
    code, output = _deck("cards/bsg", "loyalty", "--players", "2")
    assert (code, _decks_only(output)) == (
        0,
        head + "2      +1  you-are-not-a-cylon   No eres un Cylon       Lealtad\n"
        "0      -1  can-damage-galactica  Puede Dañar Galáctica  Lealtad\n"
        "dealt from the deck: 2 cards (loyalty-two-players)\n"
        "to add during play: 1 × you-are-not-a-cylon (No eres un Cylon) per recurso por la mitad o menos "
        "(en rojo); give --quantity resources-at-half=N\n"
        "1 card left in the deck (3 cards in 2 designs, less 2 dealt), besides those added during play; "
        "as in the box: 3 cards in 3 designs\n",
    )
    # --players 2 selects the variant made for two players, and prints what else it changes
    assert "Variant two-players: Partida para Dos Jugadores (2 players)\n" in output
    code, output = _deck("cards/bsg", "loyalty", "--players", "2", "--quantity", "resources-at-half=2")
    assert (code, _decks_only(output)) == (
        0,
        head + "4      +3  you-are-not-a-cylon   No eres un Cylon       Lealtad\n"
        "0      -1  can-damage-galactica  Puede Dañar Galáctica  Lealtad\n"
        "dealt from the deck: 2 cards (loyalty-two-players)\n"
        "3 cards left in the deck (5 cards in 2 designs, less 2 dealt); as in the box: 3 cards in 3 designs\n",
    )


@pytest.mark.usefixtures("at_root")
def test_deck_players_builds_the_one_player_loyalty_deck_in_two_steps() -> None:
    code, output = _deck("cards/bsg", "loyalty", "--players", "1", "--quantity", "resources-at-half=2")
    assert code == 0
    setup, sleeper = _decks_only(output).split("\n\n")
    assert setup == (
        "step 1 of 2: preparación: roba tres cartas boca abajo para el personaje secundario\n"
        "Mazo de Lealtad (loyalty)\n"
        "with: loyalty-one-player (Partida para un jugador: preparación)\n"
        "n  change  id                    title                  type     cost\n"
        "1          you-are-a-cylon       Eres un Cylon          Lealtad\n"
        "6      +5  you-are-not-a-cylon   No eres un Cylon       Lealtad\n"
        "0      -1  can-damage-galactica  Puede Dañar Galáctica  Lealtad\n"
        "dealt from the deck: 3 cards (loyalty-one-player)\n"
        "4 cards left in the deck (7 cards in 2 designs, less 3 dealt); as in the box: 3 cards in 3 designs"
    )
    assert sleeper.startswith(
        "step 2 of 2: fase de agentes durmientes: añade estas y reparte cuatro al personaje secundario\n"
    )
    assert "8      +7  you-are-not-a-cylon" in sleeper
    # the three dealt at set-up are not in the deck at the sleeper phase: 4 left + 2 added, 4 dealt
    assert sleeper.splitlines()[-2:] == [
        "dealt from the deck: 3 cards (loyalty-one-player), 4 cards (loyalty-one-player-sleeper)",
        "2 cards left in the deck (9 cards in 2 designs, less 7 dealt); as in the box: 3 cards in 3 designs",
    ]
    assert "- La carta de lealtad «Puede Dañar Galáctica» se resuelve como" in output


@pytest.mark.usefixtures("at_root")
def test_deck_variant_swaps_the_cag_chooses_cards_for_cylon_attack_cards() -> None:
    code, output = _deck("cards/bsg", "--variant", "cylon-attack")
    crisis, super_crisis, titles = _decks_only(output).split("\n\n")
    assert code == 0
    assert crisis == (
        "Mazo de Crisis (crisis)\n"
        "with: cylon-attack-crisis (Cartas de Ataque Cylon: el Mazo de Crisis)\n"
        "n  change  id              title                             type    cost\n"
        "1          trial-by-fire   Prueba de Fuego                   Crisis\n"
        "1          crisis-1        Carta de Crisis 1                 Crisis\n"
        "1          crisis-2        Carta de Crisis 2                 Crisis\n"
        "0      -1  crisis-cag-1    Carta de Crisis 3 (El CAG Elige)  Crisis\n"
        "0      -1  crisis-cag-2    Carta de Crisis 4 (El CAG Elige)  Crisis\n"
        "1      +1  cylon-attack-1  Carta de Ataque Cylon 1           Crisis\n"
        "1      +1  cylon-attack-2  Carta de Ataque Cylon 2           Crisis\n"
        'still to enter: 19 of the 19 cards of deck "cylon-attack-crisis", which swap cylon-attack-crisis adds\n'
        "5 cards in 5 designs; as in the box: 5 cards in 5 designs"
    )
    assert super_crisis.splitlines()[0] == "Mazo de Super Crisis (super-crisis)"
    assert "0      -1  cag-title              CAG" in titles
    assert "0      -1  admiral-title-exodus" in titles and "1          admiral-title-pegasus" in titles
    assert (
        "-4 viper Mark VII (token viper-mark-vii)\n-4 raider Cylon (token raider)\n+2 viper normal (token viper)"
        in output
    )
    assert "-1 Tablero de Flota Cylon\n-1 marcador de persecución Cylon" in output


@pytest.mark.usefixtures("at_root")
def test_deck_cooperative_variant_has_no_loyalty_deck_and_five_quorum_cards_fewer() -> None:
    code, output = _deck("cards/bsg", "--variant", "cooperative")
    assert code == 0
    assert "0 cards in 0 designs; as in the box: 3 cards in 3 designs" in output  # no loyalty deck
    assert "0      -2  arrest-order            Orden de Arresto" in output
    assert "- Recursos iniciales: Combustible 8, Alimentos 7, Moral 9 y Población 10." in output
    assert "-1 ficha de arma nuclear" in output


@pytest.mark.usefixtures("at_root")
def test_deck_optional_random_removal_comes_before_the_additions() -> None:
    code, output = _deck("cards/bsg", "crisis", "--variant", "cylon-attack", "--variant", "cylon-attack-base-ratio")
    assert code == 0
    assert _decks_only(output).splitlines()[-4:] == [
        "taken out at random: 21 cards (cylon-attack-base-ratio)",
        'still to enter: 19 of the 19 cards of deck "cylon-attack-crisis", which swap cylon-attack-crisis adds',
        # the 3 left after the CAG cards are out are one named card and 2 placeholders, not the deck
        "cannot: cylon-attack-base-ratio takes out 21 cards at random, and the deck holds 3 so far, "
        "2 of them placeholders",
        # 21 come out of a deck of 5 entered so far (4 placeholders): no count, rather than "0 cards"
        "5 cards in 5 designs (4 of them placeholders), less 21 at random: not counted until the deck's "
        "cards are entered; "
        "as in the box: 5 cards in 5 designs",
    ]


@pytest.mark.usefixtures("at_root")
def test_deck_player_count_the_pack_does_not_define_lists_those_it_does() -> None:
    assert _deck("cards/bsg", "--players", "7") == (
        2,
        "pnp: cards/bsg defines nothing for 7 players; player counts it defines: 1, 2, 3, 4, 5, 6\n",
    )
    assert _deck("cards/bsg", "--players", "4")[0] == 0  # the base game's: its decks as the box holds them


@pytest.mark.usefixtures("at_root")
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("--variant", "cylon-atack"),
            "pnp: no variant \"cylon-atack\" in cards/bsg; did you mean 'cylon-attack'? "
            "(variants: cooperative, cylon-attack, cylon-attack-base-ratio, one-player, two-players)\n",
        ),
        (
            ("--swap", "corsairs"),
            'pnp: no swap "corsairs" in cards/bsg; swaps: loyalty-two-players, loyalty-one-player, '
            "loyalty-one-player-sleeper, cooperative-loyalty, cooperative-quorum, cylon-attack-crisis, "
            "cylon-attack-super-crisis, cylon-attack-base-ratio, cylon-attack-titles\n",
        ),
        (
            ("--players", "2", "--quantity", "resources-at-half=5"),
            "pnp: --quantity resources-at-half=5: write resources-at-half=N with N a whole number from 0 to 4\n",
        ),
        (
            ("--players", "2", "--quantity", "resources=1"),
            "pnp: no quantity \"resources\" in cards/bsg; did you mean 'resources-at-half'?\n",
        ),
        (
            ("--setup", "awful"),
            'pnp: no setup card "awful" in cards/bsg; it has no setup cards\n',
        ),
    ],
)
def test_deck_names_that_match_nothing_are_usage_errors(args: tuple[str, ...], message: str) -> None:
    assert _deck("cards/bsg", *args) == (2, message)


@pytest.mark.usefixtures("at_root")
def test_deck_summary_lists_the_swaps_and_how_to_apply_them() -> None:
    code, output = _deck("cards/bsg")
    assert code == 0
    swaps = next(part for part in output.split("\n\n") if part.startswith("swap "))
    assert swaps.splitlines()[:3] == [
        "swap                        deck          applies with                            name",
        "loyalty-two-players         loyalty       --variant two-players (or --players 2)  Partida para dos jugadores",
        "loyalty-one-player          loyalty       --variant one-player (or --players 1)   "
        "Partida para un jugador: preparación",
    ]
    variants = next(part for part in output.split("\n\n") if part.startswith("variant "))
    assert variants.splitlines()[1:3] == [
        "one-player               1        Partida para Un Jugador",
        "two-players              2        Partida para Dos Jugadores",
    ]


# --- the bundled packs under every deck rule -----------------------------------------------


@pytest.mark.usefixtures("at_root")
@pytest.mark.parametrize(
    ("pack", "expected"),
    [
        ("cards/blue-sun", {"deck/manifest": 3, "deck/swap-incomplete": 1, "box/total": 1, "box/manifest": 1}),
        ("cards/lotr-sailing", {}),
        ("cards/bsg", {"deck/manifest": 2, "deck/swap-incomplete": 3}),
        ("examples/tiny", {}),
    ],
)
def test_bundled_packs_deck_findings_by_rule(pack: str, expected: dict[str, int]) -> None:
    result = load_pack(Path(pack))
    assert result.pack is not None
    counts: dict[str, int] = {}
    for finding in check_pack(result.pack, deck_rules.RULES):
        if finding.code != "card/verify":
            counts[finding.code] = counts.get(finding.code, 0) + 1
    assert counts == expected


def test_deck_setup_applies_the_swaps_a_setup_card_prescribes(tiny_copy: Path) -> None:
    _append(
        tiny_copy,
        '\n[[swap]]\nid = "no-reshuffle"\ndeck = "nav"\nremove = [{ card = "reshuffle" }]\nreplacement = false\n'
        'condition = { setup = "pilot" }\n',
    )
    assert _deck("tiny", "nav", "--setup", "pilot") == (
        0,
        "Navegación (nav)\n"
        "with: no-reshuffle\n"
        "n  change  id           title            type        cost\n"
        "2          storm        Tormenta         Navegación\n"
        "0      -1  reshuffle    Barajar mazo     Navegación\n"
        "2          clear-skies  Cielo despejado  Navegación\n"
        "4 cards in 2 designs; as in the box: 5 cards in 3 designs\n",
    )


@pytest.mark.usefixtures("at_root")
def test_deck_one_player_step_two_starts_from_the_four_left_after_the_set_up_deal() -> None:
    code, output = _deck("cards/bsg", "--variant", "one-player")
    assert code == 0
    sleeper = _decks_only(output).split("\n\n")[1]
    # not "7 cards in 2 designs" as if nothing had been dealt: 7 - 3 at set-up - 4 now, and what joins in play
    assert sleeper.splitlines()[-1] == (
        "0 cards left in the deck (7 cards in 2 designs, less 7 dealt), besides those added during play; "
        "as in the box: 3 cards in 3 designs"
    )
