"""The text regions of a card type's original face: where `pnp scan` reads text, and where a panel
covers a scan's text with the translation ([[card_type.region]], and a card's own `nudge`)."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import Field, field_validator
from pydantic_core import PydanticCustomError

from pnp.i18n import _
from pnp.model.record import Record, Slug

RegionField = Literal["title", "subtitle", "type", "text", "flavour"]


def _card_length(value: str) -> str:
    """A region's length: a length with a unit, never negative (a region is measured on the card)."""
    from pnp.units import UnitError, parse_length  # not at the model's import: units is only needed here

    try:
        points = parse_length(value)
    except UnitError:
        raise PydanticCustomError("region_length", _('expected a length with a unit, like "4mm"')) from None
    if points < 0:
        raise PydanticCustomError("region_length", _("a length on the card cannot be negative"))
    return value


CardLength = Annotated[str, Field(max_length=32)]


def _signed_length(value: str) -> str:
    """A nudge's length: a length with a unit, either sign."""
    from pnp.units import UnitError, parse_length

    try:
        parse_length(value)
    except UnitError:
        raise PydanticCustomError("region_length", _('expected a length with a unit, like "4mm"')) from None
    return value


def _mm(value: str) -> float:
    from pnp.units import POINTS_PER_UNIT, parse_length

    return parse_length(value) / POINTS_PER_UNIT["mm"]


def _panel_fill(value: str | None) -> str | None:
    if value is not None and not re.fullmatch(r"#[0-9a-fA-F]{6}|sample", value):
        raise PydanticCustomError("region_fill", _('expected a colour "#rrggbb" or "sample"'))
    return value


class TextRegion(Record):
    """A text region of a card type's original face, measured in mm from the card's top-left corner."""

    id: Slug = Field(description="Slug naming the region, unique in its card type (title, type-line, rules, flavour).")
    field: RegionField = Field(
        description="The card text the region carries: title, subtitle, type (the card type's name), text or flavour."
    )
    x: CardLength = Field(description='Distance of the left edge from the card\'s left edge, like "4mm".')
    y: CardLength = Field(description="Distance of the top edge from the card's top edge.")
    width: CardLength = Field(description='Width, like "55mm".')
    height: CardLength = Field(description='Height, like "8mm".')
    fill: str | None = Field(
        None,
        description='The panel\'s colour over a scan: "#rrggbb", or "sample" for the colour around the region.',
    )
    radius: CardLength | None = Field(None, description='Corner radius of the panel, like "1.5mm".')
    border: str | None = Field(
        None, pattern=r"^#[0-9a-fA-F]{6}$", description="A thin border round the panel in this colour (#rrggbb)."
    )
    verify: str | None = Field(
        None, description="What about the region still needs measuring on a physical card; pnp check shows it."
    )

    @field_validator("x", "y", "width", "height", "radius")
    @classmethod
    def _length(cls, value: str | None) -> str | None:
        return None if value is None else _card_length(value)

    @field_validator("fill")
    @classmethod
    def _fill(cls, value: str | None) -> str | None:
        return _panel_fill(value)

    @field_validator("width", "height")
    @classmethod
    def _not_empty(cls, value: str) -> str:
        from pnp.units import parse_length

        if parse_length(value) <= 0:
            raise PydanticCustomError("region_length", _("a region must be wider and taller than zero"))
        return value

    def box_mm(self) -> tuple[float, float, float, float]:
        """(x, y, width, height) in millimetres."""
        from pnp.units import POINTS_PER_UNIT, parse_length

        per_mm = POINTS_PER_UNIT["mm"]
        return (
            parse_length(self.x) / per_mm,
            parse_length(self.y) / per_mm,
            parse_length(self.width) / per_mm,
            parse_length(self.height) / per_mm,
        )


class RegionNudge(Record):
    """A change to one text region of the card type, for this card only: the odd card whose text sits elsewhere."""

    x: CardLength | None = Field(None, description='Moves the region right (left when negative): "0.5mm", "-1mm".')
    y: CardLength | None = Field(None, description="Moves the region down (up when negative).")
    width: CardLength | None = Field(None, description="Makes the region wider (narrower when negative).")
    height: CardLength | None = Field(None, description="Makes the region taller (shorter when negative).")
    fill: str | None = Field(None, description='This card\'s panel colour: "#rrggbb" or "sample".')
    hide: bool = Field(False, description="True when this card has no panel in the region (its original text stays).")

    @field_validator("x", "y", "width", "height")
    @classmethod
    def _length(cls, value: str | None) -> str | None:
        return None if value is None else _signed_length(value)

    @field_validator("fill")
    @classmethod
    def _fill(cls, value: str | None) -> str | None:
        return _panel_fill(value)

    def offsets_mm(self) -> tuple[float, float, float, float]:
        """(dx, dy, dwidth, dheight) in millimetres."""
        return tuple(_mm(v) if v is not None else 0.0 for v in (self.x, self.y, self.width, self.height))  # type: ignore[return-value]
