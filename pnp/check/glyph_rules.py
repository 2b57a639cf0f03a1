"""Characters no bundled font can draw: found by `pnp check`, before a build.

The build reports a glyph missing from the very font an element uses; here,
without knowing the layout, a character is reported when none of the bundled
fonts has it (an emoji, a CJK character, a private-use symbol).
"""

from __future__ import annotations

from functools import cache

from pnp.assets.fonts import font_problems, load_fonts
from pnp.check.rule import Rule
from pnp.errors import Finding, Severity, error
from pnp.i18n import N_, _
from pnp.model import Card, PackData
from pnp.paths import FONTS_DIR, shown_path


@cache
def _drawable() -> frozenset[int]:
    """Every code point some bundled font has a glyph for."""
    registry = load_fonts(FONTS_DIR)
    return frozenset(code for font in registry.fonts() for code in font.face.charToGlyph)


def check_glyphs(pack: PackData) -> list[Finding]:
    if broken := font_problems(FONTS_DIR):
        return broken
    drawable = _drawable()
    findings = []
    for loaded in pack.decks:
        for card in loaded.cards:
            for field, text in _texts(card):
                missing = sorted(ch for ch in set(text) if ch not in "\n\r\t" and ord(ch) not in drawable)
                if missing:
                    shown = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing)
                    findings.append(
                        error(
                            "text/glyph",
                            shown_path(loaded.file),
                            _("no bundled font can draw {shown}").format(shown=shown),
                            line=pack.line("card", card.id),
                            card=card.id,
                            field=field,
                            hint=_("use another character (a word, or an {icon} of the pack)"),
                        )
                    )
    return findings


def _texts(card: Card) -> list[tuple[str, str]]:
    fields = {"title": card.title, "subtitle": card.subtitle, "text": card.text, "flavour": card.flavour}
    if card.back is not None:
        fields |= {"back.title": card.back.title, "back.text": card.back.text, "back.flavour": card.back.flavour}
    return [(f"{name}.{lang}", text) for name, localized in fields.items() for lang, text in localized.items()]


RULES = (
    Rule(
        "text/glyph", Severity.ERROR, N_("Every character of every text can be drawn by a bundled font."), check_glyphs
    ),
)
