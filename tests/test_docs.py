"""The docs are the contract with pack writers: every model field is documented."""

from __future__ import annotations

import re

from pydantic import BaseModel

from pnp import model
from pnp.model import aids, regions, swaps
from pnp.model import glossary as glossary_model
from tests.conftest import ROOT

USER_WRITTEN = [
    model.Pack,
    model.CardType,
    regions.TextRegion,
    regions.RegionNudge,
    model.Deck,
    model.DeckBack,
    swaps.Swap,
    swaps.SwapLine,
    swaps.Condition,
    swaps.Quantity,
    model.ManifestLine,
    model.DeckFile,
    model.Card,
    model.Face,
    model.FaceComments,
    model.Comments,
    glossary_model.Glossary,
    glossary_model.Term,
    glossary_model.Keyword,
    model.Variant,
    model.ComponentChange,
    model.Fact,
    aids.Aid,
    aids.Block,
    aids.Column,
]


def test_every_model_field_is_in_the_pack_format_doc() -> None:
    doc = (ROOT / "docs" / "pack-format.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"`([a-z_]+)`", doc))
    missing = [f"{m.__name__}.{name}" for m in USER_WRITTEN for name in m.model_fields if name not in documented]
    assert missing == []


def test_every_user_written_field_has_a_description() -> None:
    for record in USER_WRITTEN:
        assert issubclass(record, BaseModel)
        for name, info in record.model_fields.items():
            assert info.description, f"{record.__name__}.{name}"


def test_findings_doc_names_every_json_key() -> None:
    doc = (ROOT / "docs" / "findings.md").read_text(encoding="utf-8")
    for key in ("severity", "code", "file", "line", "card", "field", "message", "hint", "summary", "version"):
        assert f"`{key}`" in doc, key


def test_the_spanish_guide_explains_the_fields_of_crew_and_job_cards() -> None:
    """Only the English docs explained skills, keywords and a job's fields; the guide's example parses."""
    import tomllib

    guide = (ROOT / "docs" / "es" / "README.md").read_text(encoding="utf-8")
    for field in ("`skills`", "`keywords`", "`legality`", "`stats.pay`", "`stats.needs`", "`subtitle`", "[[keyword]]"):
        assert field in guide, field
    blocks = re.findall(r"```toml\n(.*?)```", guide, re.DOTALL)
    cards = [card for block in blocks for card in tomllib.loads(block).get("card", [])]
    assert {"crew", "job"} <= {card["type"] for card in cards}


def test_every_deck_file_of_the_bundled_packs_shows_an_example_card() -> None:
    """deal.toml and nav-border-blue-sun.toml held comments only: a user typing the cards from a copy had no
    card to follow. A deck the setup builds from another (a swap's `into`) holds none of its own: it shows one
    in a comment, as a card written there would be counted twice. A guessed card is marked verify."""
    import tomllib

    for pack_toml in sorted((ROOT / "cards").glob("*/pack.toml")):
        pack = tomllib.loads(pack_toml.read_text(encoding="utf-8"))
        built = {swap["into"] for swap in pack.get("swap", []) if "into" in swap}
        for deck in pack.get("deck", []):
            if deck.get("origin"):
                continue
            path = pack_toml.parent / deck.get("file", f"{deck['id']}.toml")
            text = path.read_text(encoding="utf-8")
            cards = tomllib.loads(text).get("card", [])
            if deck["id"] in built:
                assert cards == [] and "#   [[card]]" in text, path
                continue
            assert cards, f"{path.relative_to(ROOT)} has no example card"
            for card in cards:
                if card.get("placeholder"):
                    assert card.get("verify") or card.get("notes"), (path.name, card["id"])
