"""Layout features for the build: bilingual cards (the original in smaller type) and a card size override."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.layout import FaceLayout, layout_card, load_family
from pnp.layout.bilingual import resize, with_source_text
from pnp.layout.faces import card_context
from pnp.load import load_pack
from pnp.model import PackData
from pnp.proof.thumbs import TEMPLATES_DIR, deck_size
from pnp.units import UnitError, mm, parse_card_size
from tests.conftest import TINY


def _face(pack: PackData, card_id: str, lang: str, bilingual: bool, card_size: str | None = None) -> FaceLayout:
    deck = pack.deck_of(card_id)
    assert deck is not None
    card = pack.cards()[card_id]
    templates, problems = load_family(TEMPLATES_DIR, pack.pack.template_family)
    assert problems == []
    size = resize(deck_size(deck), card_size)
    template = templates.layout_for(card.type, landscape=size.width > size.height)
    assert template is not None
    context = card_context(pack, deck.deck, card, None, lang)
    if bilingual:
        context = with_source_text(context, pack, card)
    face, problems = layout_card(template, size, context)
    assert problems == [] and face is not None
    return face


@pytest.fixture(scope="module")
def tiny() -> PackData:
    pack = load_pack(TINY).pack
    assert pack is not None
    return pack


def _texts(face: FaceLayout) -> dict[str, str]:
    return {e.name: str(e.get("text")) for e in face.elements if e.kind == "text"}


@pytest.mark.parametrize("card_id", ["fuel-cell", "storm", "pilot"])  # supply, nav and crew layouts
def test_a_bilingual_card_shows_the_original_under_the_translation(tiny: PackData, card_id: str) -> None:
    face = _face(tiny, card_id, "es", bilingual=True)
    card = tiny.cards()[card_id]
    texts = _texts(face)
    # a nav card sets each outcome (paragraph) in its own slot; the last slot ends highest on the card
    name = "text" if "text" in texts else max(n for n in texts if n.startswith("outcome-"))
    shown = (
        texts["text"]
        if name == "text"
        else "\n\n".join(t for n, t in sorted(texts.items()) if n.startswith("outcome-"))
    )
    assert shown == card.text["es"]
    assert texts["source-text"] == card.text["en"]
    assert texts["source-title"] == card.title["en"]
    by_name = {e.name: e for e in face.elements}
    text, source = by_name[name], by_name["source-text"]
    assert text.get("y") + text.get("height") <= by_name["source-rule"].get("y") <= source.get("y")
    assert source.get("size") < text.get("size")  # the source in smaller type


def test_without_the_option_the_card_is_drawn_as_before(tiny: PackData) -> None:
    face = _face(tiny, "fuel-cell", "es", bilingual=False)
    assert not [e.name for e in face.elements if e.name.startswith("source-")]
    text = next(e for e in face.elements if e.name == "text")
    # no art: the text runs from under the type line (18 mm) to the foot's rule (53.6 mm)
    assert text.get("height") == pytest.approx(mm(53.6 - 18), abs=0.01)


def test_a_bilingual_card_in_the_source_language_shows_one_language(tiny: PackData) -> None:
    face = _face(tiny, "fuel-cell", "en", bilingual=True)
    assert not [e.name for e in face.elements if e.name.startswith("source-")]


def test_the_generic_layout_is_bilingual_too(tiny_copy: Path) -> None:
    pack_toml = tiny_copy / "pack.toml"
    pack_toml.write_text(pack_toml.read_text().replace('"firefly"', '"generic"'), encoding="utf-8")
    pack = load_pack(tiny_copy).pack
    assert pack is not None
    texts = _texts(_face(pack, "spare-parts", "es", bilingual=True))
    assert texts["source-title"] == "Spare Parts"
    assert texts["source-text"] == pack.cards()["spare-parts"].text["en"]


def test_card_size_scales_mini_cards_up_to_standard_keeping_the_layout(tiny: PackData) -> None:
    mini = _face(tiny, "storm", "es", bilingual=False)
    poker = _face(tiny, "storm", "es", bilingual=False, card_size="poker")
    assert poker.size == parse_card_size("poker").portrait()
    assert [e.name for e in poker.elements] == [e.name for e in mini.elements]
    ratio = min(poker.size.width / mini.size.width, poker.size.height / mini.size.height)
    title = {e.name: e for e in poker.elements}["title"]
    assert title.get("size") == pytest.approx({e.name: e for e in mini.elements}["title"].get("size") * ratio)


def test_card_size_keeps_a_landscape_deck_landscape() -> None:
    landscape = parse_card_size("mini-american").landscape()
    assert resize(landscape, "poker") == parse_card_size("poker").landscape()
    assert resize(landscape, None) == landscape
    with pytest.raises(UnitError):
        resize(landscape, "huge")


LONG_EN = (
    "Discard this card to repair your ship. If you do, gain 2 {parts}; "
    "each crew member aboard may take one more action this turn."
)
LONG_ES = (
    "Descarta esta carta para reparar tu nave. Si lo haces, gana 2 {parts}; "
    "cada tripulante a bordo puede hacer una acción más este turno."
)


@pytest.mark.parametrize("family", ["firefly", "generic"])
def test_a_long_bilingual_card_keeps_both_texts_at_6_pt_or_more(tiny_copy: Path, family: str) -> None:
    """The original was set at 5.45 pt in a box sized for short texts, and a long Spanish title was
    held to one line at 6.25 pt: the original now takes the room it needs and the title wraps."""
    from pnp.render.face import LEGIBLE
    from tests.test_bilingual_sizes import sizes_of

    pack_toml = tiny_copy / "pack.toml"
    text = pack_toml.read_text().replace('"firefly"', f'"{family}"')
    if family == "generic":  # square cards, as a trial pack had them: default-square at its own size
        text = text.replace('card_size = "mini-american"', 'card_size = "poker"')
    pack_toml.write_text(text, encoding="utf-8")
    supply = tiny_copy / "supply.toml"
    text = supply.read_text(encoding="utf-8")
    text = text.replace('title.es = "Célula de combustible"', 'title.es = "Catalizador de combustible modificado"')
    text = text.replace('text.en = "Gain 2 {fuel}."', f'text.en = "{LONG_EN}"')
    text = text.replace('text.es = "Gana 2 {fuel}."', f'text.es = "{LONG_ES}"')
    supply.write_text(text, encoding="utf-8")
    sizes, findings = sizes_of(tiny_copy, "fuel-cell", "es")
    assert [f.message for f in findings if f.code == "text/small"] == []
    assert min(sizes.values()) >= LEGIBLE, sizes
    assert sizes["title"] >= 7, sizes
