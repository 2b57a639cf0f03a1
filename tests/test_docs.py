"""The docs are the contract with pack writers: every model field is documented."""

from __future__ import annotations

import re

from pydantic import BaseModel

from pnp import aids, model
from tests.conftest import ROOT

USER_WRITTEN = [
    model.Pack,
    model.CardType,
    model.TextRegion,
    model.RegionNudge,
    model.Deck,
    model.DeckBack,
    model.Swap,
    model.SwapLine,
    model.Condition,
    model.Quantity,
    model.ManifestLine,
    model.DeckFile,
    model.Card,
    model.Face,
    model.FaceComments,
    model.Comments,
    model.Glossary,
    model.Term,
    model.Keyword,
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
