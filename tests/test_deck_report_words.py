"""`pnp deck` names what a card lacks in words a reader knows ("back text"), not its TOML key."""

from __future__ import annotations

from pnp.check.completeness import card_state
from pnp.model import Card
from pnp.pipelines.deck_report import _card_status


def test_a_card_without_its_back_text_says_so_in_words() -> None:
    card = Card.model_validate(
        {
            "id": "ghost",
            "type": "gear",
            "title": {"en": "Ghost"},
            "text": {"en": "Hide"},
            "back": {"title": {"en": "B"}},
        }
    )
    status = _card_status(card_state(card, prints_text=True, language="es"), "es")
    assert status == "no back text"
    assert "back.text" not in status
