"""The sizes a bilingual card's texts are set at, as the build draws them."""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from pnp.assets.fonts import load_fonts
from pnp.errors import Finding
from pnp.layout.plan import lay_out_pack
from pnp.load import load_pack
from pnp.paths import FONTS_DIR, TEMPLATES_DIR
from pnp.render.face import RenderContext, draw_face


def sizes_of(pack_root: Path, card_id: str, lang: str) -> tuple[dict[str, float], list[Finding]]:
    """Each text element of the card's front and the size it is set at, drawn in a bilingual build."""
    pack = load_pack(pack_root).pack
    assert pack is not None
    laid = lay_out_pack(pack, lang, None, TEMPLATES_DIR, None, True)
    face = next(c.front for deck in laid.decks for c in deck.cards if c.card.id == card_id)
    ctx = RenderContext(fonts=load_fonts(FONTS_DIR), pack_root=pack.root, template_file={}, bleed=0.0, icons=laid.icons)
    draw_face(Canvas(str(pack_root / "face.pdf")), face, ctx)
    return {name: size for (key, name), size in ctx.sizes.items() if key == face.key}, ctx.findings
