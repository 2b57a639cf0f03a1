"""The explicit font registry: roles (body, title, label) -> bundled TrueType files."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

# tomli, not the standard library's copy of it: the pack's files are read with tomli (pnp.load.toml),
# and a build then imports one TOML parser, not two
import tomli
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.errors import Finding, error
from pnp.i18n import _
from pnp.paths import FONTS_DIR

STYLES = ("regular", "bold", "italic", "bold_italic")


@dataclass(frozen=True)
class FontRole:
    """One role's family: ReportLab font names per style (missing styles fall back to regular)."""

    role: str
    names: tuple[tuple[str, str], ...]  # (style, font name): a tuple, so a role can key a cache

    def name(self, bold: bool = False, italic: bool = False) -> str:
        style = {(False, False): "regular", (True, False): "bold", (False, True): "italic"}.get(
            (bold, italic), "bold_italic"
        )
        names = dict(self.names)
        return names.get(style) or names["regular"]


@dataclass
class FontRegistry:
    roles: dict[str, FontRole] = field(default_factory=dict)
    files: dict[str, Path] = field(default_factory=dict)  # font name -> file, for content hashes
    _fonts: dict[str, TTFont] = field(default_factory=dict)

    def role(self, name: str) -> FontRole | None:
        return self.roles.get(name)

    def fonts(self) -> list[TTFont]:
        return list(self._fonts.values())

    def missing(self, font_name: str, text: str) -> list[str]:
        """Characters of text the font has no glyph for (spaces and line breaks aside)."""
        font = self._fonts.get(font_name)
        if font is None:
            return []
        cmap = font.face.charToGlyph
        # each distinct character once: a card's text repeats its few dozen letters hundreds of times
        return sorted(ch for ch in set(text).difference("\n\r\t") if ord(ch) not in cmap)


@lru_cache(maxsize=8)
def load_fonts(fonts_dir: Path) -> FontRegistry:
    """Register the fonts fonts.toml names; ReportLab's own registry is global, ours is explicit.

    Cached: parsing the TrueType files is the slow part, and a registry is never changed after this."""
    config = tomli.loads((fonts_dir / "fonts.toml").read_text(encoding="utf-8"))
    registry = FontRegistry()
    for role, styles in sorted(config.items()):
        names = {}
        for style in STYLES:
            file_name = styles.get(style)
            if file_name is None:
                continue
            font_name = f"pnp-{Path(file_name).stem}"
            if font_name not in registry._fonts:
                registry._fonts[font_name] = TTFont(font_name, str(fonts_dir / file_name))
                registry.files[font_name] = fonts_dir / file_name
            names[style] = font_name
        registry.roles[role] = FontRole(role, tuple(sorted(names.items())))
    # ReportLab's registry is global: touch it only once every file has been read, so that a damaged
    # font leaves the fonts already registered as they were
    for font in registry._fonts.values():
        pdfmetrics.registerFont(font)
    # <b> and <i> in paragraphs switch faces through ReportLab's family mapping.  Each call also
    # maps the font back to (family, bold, italic), and a paragraph starts from that of its role's
    # regular font: the upright mappings go last, or a role whose italic falls back to its regular
    # font (label) would start "italic and bold" and print its bold text regular.
    for family in registry.roles.values():
        addMapping(family.name(), 1, 0, family.name(bold=True))
        addMapping(family.name(), 0, 1, family.name(italic=True))
        addMapping(family.name(), 1, 1, family.name(bold=True, italic=True))
    for family in registry.roles.values():
        addMapping(family.name(), 0, 0, family.name())
    return registry


def plain_font(bold: bool = False) -> str:
    """The bundled body font, registered, for footers, labels and notes that are not card text.

    Never ReportLab's Helvetica: a standard font is not embedded, and print-shop preflight flags it."""
    fonts = load_fonts(FONTS_DIR)
    role = fonts.role("body") or next(iter(fonts.roles.values()))
    return role.name(bold=bold)


def font_problems(fonts_dir: Path) -> list[Finding]:
    """The bundled fonts as findings: a missing or damaged font file stops check and build with its name,
    never with an internal error from inside a drawing worker."""
    try:
        load_fonts(fonts_dir)
    except Exception as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        where = getattr(exc, "filename", None) or fonts_dir
        return [
            error(
                "install/fonts",
                str(where),
                _("the bundled fonts cannot be read: {reason}").format(reason=reason),
                hint=_("pnp's installation is damaged: reinstall it (pip install --force-reinstall pnp)"),
            )
        ]
    return []
