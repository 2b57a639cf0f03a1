"""glossary.toml: the pack's terms, each with its one canonical translation, and its keywords."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from pnp.model.record import Language, Record, Slug


class Term(Record):
    """A term and its one canonical translation."""

    source: str = Field(description="The term in the source language.")
    target: str = Field(description="The canonical translation.")
    lang: Language | None = Field(None, description="The target language; default the pack's first.")
    forbidden: list[str] = Field(default_factory=list, description="Variants that must not appear in translations.")
    forbidden_where: dict[str, str] = Field(
        default_factory=dict,
        description="A forbidden variant that is wrong in some places only, and its limits as a FIXES line writes "
        'them: { piezas = "not near: sobrantes" }.',
    )
    note: str | None = Field(None, description="Why this term, where the alternatives came from.")
    cite: str | None = Field(
        None,
        description="Where the term comes from, a document by name and section (`source` is the term's original word).",
    )
    verify: str | None = Field(
        None,
        description="What about the term is inferred rather than read (one name taken for another); pnp check shows it.",
    )
    gender: Literal["m", "f"] | None = Field(
        None, description="Grammatical gender of the target's noun: `glossary apply` makes el/la, -o/-a agree."
    )
    number: Literal["singular", "plural"] | None = Field(
        None, description="Grammatical number of the target as written (plural for a noun used only so)."
    )
    part_of_speech: Literal["noun", "verb"] | None = Field(
        None,
        description='The source term is the term only as this part of speech: "noun" for the Hold, not to hold.',
    )


class Keyword(Record):
    """A keyword and its syntax: "Boarding X" takes a number, "Surge" takes none."""

    id: Slug = Field(description="Slug used in cards' `keywords`.")
    source: str = Field(description="The keyword in the source language, without its value.")
    target: str = Field(description="The keyword in the target language, without its value.")
    lang: Language | None = Field(None, description="The target language; default the pack's first.")
    value: Literal["none", "number"] = Field(
        "none", description="Whether the keyword is followed by a number (Boarding X)."
    )
    note: str | None = Field(None, description="Rules reminder or reason for the wording.")
    cite: str | None = Field(None, description="Where the keyword is defined, a document by name and section.")
    verify: str | None = Field(
        None, description="What about the keyword is inferred rather than read (its English name); pnp check shows it."
    )


class Glossary(Record):
    """glossary.toml: the pack's terms and keywords."""

    term: list[Term] = Field(default_factory=list, description="Terms ([[term]]).")
    keyword: list[Keyword] = Field(default_factory=list, description="Keywords ([[keyword]]).")
