"""Spanish messages agree with their counts: every count goes through the catalogue's plural forms."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po
from click.testing import CliRunner

from pnp.cli import main
from pnp.i18n import LOCALE_DIR, set_ui_language
from pnp.report import plural

# Nouns that follow a count in pnp's messages.  A message that writes "{n} cards" itself says
# "1 cartas" in Spanish when n is 1; it names the count through plural() or ngettext instead.
COUNTED_NOUNS = r"(cards|designs|files|sheets|labels|stickers|pages|decks|tokens|images|copies)"
# Not counts ("{design_size} cards"), or counts that are never one (limits, a grid of pages).
NOT_A_COUNT = {
    "the decks hold {copies} cards in all; a pack may hold at most {limit} (about {pages} pages of fronts and backs)",
    "{columns} x {rows} pages, {overlap} mm overlap; full size {width} x {height} mm",
    'this layout is drawn for {design_size} cards, and deck "{deck}" is {size}: its "{type}" cards are drawn with '
    '"{layout}" instead',
    'this layout is drawn for {design_size} cards, and deck "{id}" is {size}',
    '{kind} "{id}": its {side} has no label in "{lang}": the {lang} sheets {printed}',
    '{shop} sells no {own} cards: deck "{deck_id}" is made as their {describe}, the layout scaled {scale}',
    '{shop} sells no {own} cards; the nearest is {describe}, {scale}: deck "{deck_id}" keeps {own} (--fit exact), '
    "which the shop will not take as it is",
}


def test_a_deck_of_one_card_says_one_card_in_spanish() -> None:
    """`pnp deck` said "1 cartas en 1 diseños" for a deck of one card."""
    result = CliRunner().invoke(main, ["--ui-lang", "es", "deck", "cards/lotr-sailing", "tormentera"])
    assert "1 carta en 1 diseño;" in result.output, result.output
    assert "cartas en 1 diseños" not in result.output


def test_counted_words_agree_in_spanish() -> None:
    set_ui_language("es")
    try:
        assert plural(1, "design") == "1 diseño"
        assert plural(3, "design") == "3 diseños"
    finally:
        set_ui_language("en")


def test_no_message_formats_a_count_with_a_fixed_plural() -> None:
    """Messages with a count before a plural noun that were left out of ngettext ("archivos cambiadas",
    "hoja(s)")."""
    fixed = []
    for path in LOCALE_DIR.glob("es/LC_MESSAGES/*.po"):
        with path.open("rb") as handle:
            catalogue = read_po(handle)
        for message in catalogue:
            if not message.id or isinstance(message.id, tuple) or message.id in NOT_A_COUNT:
                continue
            if re.search(r"\(s\)", message.id) or re.search(r"\{\w+\}" + r" " + COUNTED_NOUNS + r"\b", message.id):
                fixed.append(message.id)
    assert fixed == [], "\n".join(sorted(fixed))


def test_the_bundled_packs_speak_spanish_to_their_spanish_readers() -> None:
    """English `verify` notes, and three BSG quorum titles left in English on Spanish cards."""
    import tomllib

    from tests.conftest import ROOT

    english = re.compile(r"\b(the|and|its|from|your|only|which)\b")
    notes = []
    for path in sorted((ROOT / "cards").glob("*/*.toml")):
        text = path.read_text(encoding="utf-8")
        notes += [(path.name, note) for note in re.findall(r'^verify = "(.*)"$', text, re.M) if english.search(note)]
    assert notes == []
    quorum = tomllib.loads((ROOT / "cards" / "bsg" / "quorum.toml").read_text(encoding="utf-8"))
    assert [c["id"] for c in quorum["card"] if c["title"]["es"] == c["title"]["en"]] == []


def test_the_box_and_swap_counts_agree_in_spanish(tiny_copy) -> None:
    """The box-contents and swap messages wrote "{n} cartas" themselves: "1 cartas" for one card;
    and they named the box line by its English name ("75 Deal Cards") in Spanish."""
    from tests.test_text_rules import edit

    edit(tiny_copy, "pack.toml", "count = 10", "count = 1")
    result = CliRunner().invoke(main, ["--ui-lang", "es", "check", str(tiny_copy)])
    assert 'contenido de la caja "10 cartas": 1 carta, pero' in result.output, result.output
    assert "contenido de la caja: 1 carta en total" in result.output
    assert "1 cartas" not in result.output
