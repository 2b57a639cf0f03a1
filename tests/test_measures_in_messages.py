"""Sizes in messages are written as a person writes them: "5,5 pt" in Spanish, never "5.449999 pt"."""

from __future__ import annotations

from pnp.i18n import _, decimal, set_ui_language
from pnp.render.face import shown_size


def test_a_measure_is_rounded_and_takes_the_languages_decimal_sign() -> None:
    assert decimal(5.4500001) == "5.5"
    assert decimal(6.0) == "6"
    assert decimal(12.34, 2) == "12.34"
    set_ui_language("es")
    try:
        assert decimal(5.4500001) == "5,5"
        assert decimal(17.0) == "17"
        assert shown_size(5.96, 6.0) == "5,96"  # never rounded up to the floor it is under
        assert shown_size(5.5, 6.0) == "5,5"
        message = _("the text{lines} is set at {size} pt, under {under}").format(
            lines="", size=shown_size(5.449999, 6.0), under=_("the {size} pt legibility floor").format(size=decimal(6))
        )
        assert message == "el texto queda a 5,4 pt, por debajo del mínimo legible de 6 pt", message
    finally:
        set_ui_language("en")
