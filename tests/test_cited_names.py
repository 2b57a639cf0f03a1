"""text/cited-name: card names cited in quotes, bold or italics match a title, also after a rename."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.check.text.names import check_cited_names
from pnp.load import load_pack
from tests.test_text_rules import edit


def _messages(tiny: Path, english: str, spanish: str) -> list[str]:
    edit(tiny, "supply.toml", 'text.en = "Gain 2 {fuel}."', f'text.en = "{english}"')
    edit(tiny, "supply.toml", 'text.es = "Gana 2 {fuel}."', f'text.es = "{spanish}"')
    pack = load_pack(tiny).pack
    assert pack is not None
    return [f.message for f in check_cited_names(pack) if f.card == "fuel-cell"]


@pytest.mark.parametrize(
    ("english", "spanish", "message"),
    [
        ("Play **Clear Skies**.", "Juega **Cielo despejada**.",
         '"Cielo despejada" reads as the name of "Cielo despejado", but is written otherwise'),
        ("Play *Clear Skies*.", "Juega *Cielos despejado*.",
         '"Cielos despejado" reads as the name of "Cielo despejado", but is written otherwise'),
        ("Discard “Spare Parts”.", "Descarta las piezas.",
         'the original cites the card "Spare Parts", titled "Repuestos" here, and this text does not name it'),
        ("Discard **Spare Parts**.", "Descarta las piezas de recambio.",
         'the original cites the card "Spare Parts", titled "Repuestos" here, and this text does not name it'),
        ("Discard “Spare Parts”.", "Descarta «Piezas de repuesto».",
         '"Piezas de repuesto" is quoted as a name, but no card, deck or term of the pack is called so'),
        # a title of two words or more written as it is, unquoted
        ("If Clear Skies is in play, gain 2 {fuel}.", "Si Cielo abierto está en juego, gana 2 {fuel}.",
         'the original cites the card "Clear Skies", titled "Cielo despejado" here, and this text does not name it'),
        ("Spare Parts and Clear Skies give 2 {fuel}.", "Repuestos y Calma chicha dan 2 {fuel}.",
         'the original cites the card "Clear Skies", titled "Cielo despejado" here, and this text does not name it'),
    ],
)  # fmt: skip
def test_a_cited_name_that_is_no_title_is_named(tiny_copy: Path, english: str, spanish: str, message: str) -> None:
    assert message in _messages(tiny_copy, english, spanish)


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("Discard “Spare Parts”.", "Descarta «REPUESTOS»."),  # any case
        ("Discard **Spare Parts**.", "Descarta **repuestos**."),
        ("**Discard** a card.", "**Descarta** una carta."),  # emphasis, not a name
        ("Shout “We never give up”.", "Grita «Nunca nos rendimos»."),  # a line someone says
        ("Shout “Never again.”", "Grita «Nunca más.»"),  # a quotation that ends its own sentence
        ("Our motto is “Fortune Favours Bold”.", "Nuestro lema es «La Fortuna Sonríe»."),  # a saying, by its name
        ("The sign reads “Danger Ahead”.", "El cartel dice «Peligro Adelante»."),  # by a verb of saying
        ("Remember: “Nobody is left behind”.", "Recuerda: «Nadie se queda atrás»."),  # a clause, not a name
        ("Play it after *any* card.", "Juégala después de *cualquier* carta."),
        ("If Clear Skies is in play, gain 2 {fuel}.", "Si Cielo despejado está en juego, gana 2 {fuel}."),
        ("If CLEAR SKIES is in play, gain 2.", "Con cielo despejado en juego, gana 2."),  # any case in Spanish
        ("Put this Fuel Cell in play.", "Pon esta célula en juego."),  # its own title: "esta carta" will do
        ("Each Pilot gains 2 {fuel}.", "Cada piloto gana 2 {fuel}."),  # capitalised words that are no title
        ("Clear skies ahead: gain 2 {fuel}.", "Cielo claro: gana 2 {fuel}."),  # not written as the title
        ("Discard two Spare Parts.", "Descarta dos repuestos."),  # any case
        ("Move the Clear Skies.", "Mueve los cielos despejados."),  # each word of the title in the plural
    ],
)
def test_names_and_emphasis_that_are_right_are_no_finding(tiny_copy: Path, english: str, spanish: str) -> None:
    assert _messages(tiny_copy, english, spanish) == []


def test_a_card_renamed_in_spanish_leaves_no_text_citing_the_old_name(tiny_copy: Path) -> None:
    edit(tiny_copy, "supply.toml", 'title.es = "Repuestos"', 'title.es = "Piezas de recambio"')
    assert _messages(tiny_copy, "Discard “Spare Parts”.", "Descarta «Repuestos».") == [
        'the original cites the card "Spare Parts", titled "Piezas de recambio" here, and this text does not name it',
        '"Repuestos" is quoted as a name, but no card, deck or term of the pack is called so',
    ]


def test_a_word_in_bold_near_a_title_is_no_misspelt_title(tiny_copy: Path) -> None:
    edit(tiny_copy, "supply.toml", 'title.es = "Repuestos"', 'title.es = "Descarte"')
    assert _messages(tiny_copy, "**Discard** a card.", "**Descarta** una carta.") == []
