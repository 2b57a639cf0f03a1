"""The words pnp prints on sheets are in the card language: size names in footers, counts with their plural."""

from __future__ import annotations

from pnp.i18n import printed_n
from pnp.pipelines.sheet_sets import size_words


def test_footer_size_names_are_in_the_card_language() -> None:
    assert size_words(["mini-american"], "es") == "mini americana"
    assert size_words(["poker", "tarot"], "es") == "póquer y tarot"
    assert size_words(["poker", "square", "tarot"], "ca") == "pòquer, quadrada i tarot"
    assert size_words(["Poker"], "en") == "poker"
    assert size_words(["63mm x 88mm"], "es") == "63mm x 88mm"  # a custom size is printed as written


def test_sticker_guide_counts_agree_with_their_number() -> None:
    """The guide's line said "1 pegatinas en 1 hoja(s)"."""
    assert printed_n("es", "{count} sheet", "{count} sheets", 1).format(count=1) == "1 hoja"
    assert printed_n("es", "{count} sheet", "{count} sheets", 2).format(count=2) == "2 hojas"
    assert printed_n("es", "{count} sticker", "{count} stickers", 1).format(count=1) == "1 pegatina"
    assert printed_n("ca", "{count} sticker", "{count} stickers", 3).format(count=3) == "3 adhesius"
