"""text/register: every Spanish text addresses the player one way, tú or usted."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.check.text.lexicon import speller
from pnp.check.text.register import TU, USTED, by_original, check_register, evidence
from pnp.load import load_pack

PACK = """\
id = "register"
name = {{ en = "Register", es = "Registro" }}
game = "A made-up game"
source_language = "en"
target_languages = ["es"]
template_family = "firefly"
icons = ["fuel"]
{setting}
[[card_type]]
id = "rule"
name = {{ en = "Rule", es = "Regla" }}

[[deck]]
id = "cases"
name = {{ en = "Cases", es = "Casos" }}
card_size = "mini-american"
card_types = ["rule"]
back = {{ label = {{ en = "CASES", es = "CASOS" }}, color = "#2b4c7e" }}
"""


def _pack(folder: Path, spanish: list[str], setting: str = "") -> list[str]:
    """check_register's messages on a pack whose cards say `spanish`, one text each."""
    (folder / "pack.toml").write_text(PACK.format(setting=setting), encoding="utf-8")
    cards = [
        f'[[card]]\nid = "c{i}"\ntype = "rule"\ntitle.en = "Case"\ntitle.es = "Caso"\ntext.es = "{text}"\n'
        for i, text in enumerate(spanish)
    ]
    (folder / "cases.toml").write_text("\n".join(cards), encoding="utf-8")
    pack = load_pack(folder).pack
    assert pack is not None
    return [f"{f.card}: {f.message}" for f in check_register(pack)]


def _registers(spanish: str) -> list[tuple[str, str]]:
    checker = speller("es")
    assert checker is not None
    return [(e.register, e.word) for e in evidence(spanish, checker) if e.strong]


@pytest.mark.parametrize(
    ("spanish", "found"),
    [
        ("Baraje el mazo.", [(USTED, "Baraje")]),
        ("Coloque una ficha en su nave.", [(USTED, "Coloque")]),
        ("Ponga 2 fichas aquí.", [(USTED, "Ponga")]),
        ("Si pierde, vaya a la estación.", [(USTED, "vaya")]),
        ("Gana 1 {fuel}. Después descarte esta carta.", [(USTED, "descarte")]),
        ("Tírela al descarte.", [(USTED, "Tírela")]),
        ("Ten cuidado: pon la ficha boca abajo.", [(TU, "Ten"), (TU, "pon")]),
        ("Muévela dos sectores.", [(TU, "Muévela")]),
        ("Si te atacan, huye.", [(TU, "te")]),
        ("Robad una carta cada uno.", [(TU, "Robad")]),
        ("Usted elige.", [(USTED, "Usted")]),
        # a regular verb of tú after "si", "mientras", "que"...: only tú is said so
        ("Mientras conserves el ancla, cada nave cuesta 1 menos.", [(TU, "conserves")]),
        ("Si robas una carta, pierde 1 {fuel}.", [(TU, "robas")]),
    ],
)
def test_what_says_tu_or_usted(spanish: str, found: list[tuple[str, str]]) -> None:
    assert _registers(spanish) == found


@pytest.mark.parametrize(
    "spanish",
    [
        "Cada jugador roba una carta.",
        "Que el capitán elija una carta.",  # a subjunctive after que
        "Cuando un rival descarte, gana 1 {fuel}.",  # after cuando: no order
        "Sea cual sea el resultado, termina.",
        "¡Vaya suerte!",
        "Barájese el mazo antes de empezar.",  # the impersonal se
        "Sobre el mazo se colocan 2 fichas.",
        "Tiene 2 acciones.",
        "Puede mover su nave.",
        "Ataque: 2.",  # a noun
        "Carga pesada.",
        "Descartada la carta, termina el turno.",  # a participle
        "Su nave se mueve.",  # su: his, her, their, or usted's
        "Pete está en la nave.",  # a name
        "Juega «Robe el banco».",  # a card's name, quoted
        "Roba de la pila de descartes.",  # a noun: "los descartes"
        "Las cargas terminadas se descartan.",
        "Si las cartas son verdes, gana 1.",
        "Mientras conserve el ancla, cada nave cuesta 1 menos.",
    ],
)
def test_what_takes_no_side(spanish: str) -> None:
    assert _registers(spanish) == []


def test_the_register_most_texts_use_is_the_packs(tmp_path: Path) -> None:
    texts = ["Roba una carta.", "Descarta tu mano.", "Si pierdes, baraja el mazo.", "Tome 1 {fuel}.", "Gana 2."]
    assert _pack(tmp_path, texts) == [
        'c3: "Tome" addresses the player as usted, and this pack uses tú (3 of 4 texts that take sides)'
    ]


def test_a_declared_register_wins_over_the_majority(tmp_path: Path) -> None:
    texts = ["Roba una carta.", "Descarta tu mano.", "Tome 1 {fuel}.", "Gana 2 y descarta una carta."]
    assert _pack(tmp_path, texts, 'addressed_as = "usted"') == [
        'c1: "tu" addresses the player as tú, and this pack uses usted (pack.toml addressed_as)'
    ]  # "Roba" and "Gana" are also usted's "you draw", "you gain": no finding


def test_a_pack_split_evenly_is_not_judged(tmp_path: Path) -> None:
    assert _pack(tmp_path, ["Descarta tu mano.", "Tome 1 {fuel}."]) == []


def test_ustedes_is_the_plural_of_tu_outside_spain() -> None:
    checker = speller("es")
    assert checker is not None
    assert [e.register for e in evidence("Ustedes roban.", checker, "es")] == [USTED]
    assert evidence("Ustedes roban.", checker, "es-MX") == []


def test_titles_and_flavour_are_not_read(tmp_path: Path) -> None:
    """A title ("¡Vaya suerte!") and people speaking in flavour text ("Tenga cuidado, capitán") are no
    way of addressing the player."""
    (tmp_path / "pack.toml").write_text(PACK.format(setting='addressed_as = "tú"'), encoding="utf-8")
    (tmp_path / "cases.toml").write_text(
        '[[card]]\nid = "c0"\ntype = "rule"\ntitle.en = "Luck"\ntitle.es = "Vaya suerte"\n'
        'text.es = "Roba una carta."\nflavour.es = "Tenga cuidado, capitán."\n',
        encoding="utf-8",
    )
    pack = load_pack(tmp_path).pack
    assert pack is not None and check_register(pack) == []


@pytest.mark.parametrize(
    ("english", "spanish", "found"),
    [
        ("Draw a card.", "Roba una carta.", [(TU, "Roba")]),  # an order: no description of usted
        ("Discard a card. Then draw.", "Descarta una carta. Luego roba.", [(TU, "Descarta")]),
        ("If you wish, you may look at it.", "Si lo desea, puede mirarla.", [(USTED, "desea")]),
        ("You must discard.", "Debe descartar.", [(USTED, "Debe")]),
        ("Each player draws a card.", "Cada jugador roba una carta.", []),
        ("Players draw a card.", "Roba una carta.", []),  # no order in the original
        ("It may move.", "Puede moverse.", []),
        ("You may have your rival draw.", "Tu rival puede robar.", []),
        ("You may draw.", "Puedes robar.", []),  # tú already says so
        ("If you wish, he may draw.", "Si lo desea, puede robar.", []),  # someone else may
        # an original that opens with an adjective or a noun, then its verb: a description
        ("Heavy storms arrive: each boat loses 1.", "Llega una gran tormenta: cada barca pierde 1.", []),
        ("Sudden darkness falls.", "Cae la oscuridad.", []),
        # a verb the list does not have, with its object or complement after it: an order
        ("Sail the boat to the harbour.", "Navega la barca hasta el puerto.", [(TU, "Navega")]),
        ("Row 2 spaces.", "Rema 2 casillas.", [(TU, "Rema")]),
        ("Discard extra cards.", "Descarta las cartas sobrantes.", [(TU, "Descarta")]),  # a listed verb
    ],
)
def test_the_original_tells_an_order_from_a_description(
    english: str, spanish: str, found: list[tuple[str, str]]
) -> None:
    checker = speller("es")
    assert checker is not None
    more = by_original(spanish, english, evidence(spanish, checker))
    assert [(e.register, e.word) for e in more if e.strong] == found
