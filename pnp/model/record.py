"""What every record of the pack model is made of: names, languages, texts per language, counts.

A record is strict, frozen and closed (pnp.model, pnp.model.board).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

Slug = Annotated[str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
IconName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")]  # {name} in text starts with a letter
Language = Annotated[str, Field(pattern=r"^[a-z]{2,3}(-[A-Z]{2})?$")]
LocalizedText = dict[str, str]
Count = Annotated[int, Field(ge=1, le=999)]
Status = Literal["draft", "translated", "reviewed"]


class Record(BaseModel):
    """Strict, frozen and closed: an unknown field or a string for a number is an error."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, allow_inf_nan=False, defer_build=True)
