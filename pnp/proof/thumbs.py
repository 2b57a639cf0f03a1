"""Thumbnails: each card's front in the proof's language, laid out and drawn as the build does, as PNG."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path

import pypdfium2 as pdfium

from pnp.errors import Finding, error
from pnp.export.png import faces_pdf
from pnp.i18n import _
from pnp.layout import FaceLayout, layout_card, load_family
from pnp.layout.faces import card_context
from pnp.load.pack import shown_path
from pnp.model import LoadedDeck, PackData
from pnp.paths import FONTS_DIR, TEMPLATES_DIR
from pnp.render.face import RenderContext
from pnp.render.fonts import load_fonts
from pnp.units import Size, parse_card_size

THUMBNAIL_DPI = 150  # a mini card is 242 x 372 px: sharp at twice its on-screen size, ~20 KB


@dataclass
class Faces:
    faces: dict[str, FaceLayout] = field(default_factory=dict)  # card id -> its front
    findings: list[Finding] = field(default_factory=list)
    context: RenderContext | None = None


def deck_size(deck: LoadedDeck) -> Size:
    size = parse_card_size(deck.deck.card_size)
    return size.landscape() if deck.deck.orientation == "landscape" else size.portrait()


def lay_out_fronts(pack: PackData, lang: str, templates_dir: Path = TEMPLATES_DIR) -> Faces:
    """Every card's front face; a card whose layout fails gets none, and its findings say why."""
    found = Faces()
    templates, problems = load_family(templates_dir, pack.pack.template_family)
    found.findings += problems
    for deck in pack.decks:
        size = deck_size(deck)
        for card in deck.cards:
            template = templates.layout_for(card.type, landscape=size.width > size.height + 0.01)
            if template is None:
                found.findings.append(
                    error(
                        "layout/no-template",
                        shown_path(deck.file),
                        _('no layout for cards of type "{type}"').format(type=card.type),
                        card=card.id,
                        field="type",
                    )
                )
                continue
            face, problems = layout_card(template, size, card_context(pack, deck.deck, card, None, lang))
            found.findings += problems
            if face is not None:
                found.faces[card.id] = face
    found.context = RenderContext(
        fonts=load_fonts(FONTS_DIR),
        pack_root=pack.root,
        bleed=0.0,
        template_file={name: t.file for name, t in templates.templates.items()},
    )
    return found


def thumbnails(faces: Faces, dpi: int = THUMBNAIL_DPI) -> tuple[dict[str, bytes], list[Finding]]:
    """One PNG per card front, rasterized from the faces' PDF by pdfium; render findings come back too."""
    if not faces.faces or faces.context is None:
        return {}, []
    ids = list(faces.faces)
    context = faces.context
    start = len(context.findings)
    document = pdfium.PdfDocument(faces_pdf([faces.faces[i] for i in ids], context))
    images = {}
    for index, card_id in enumerate(ids):
        image = document[index].render(scale=dpi / 72).to_pil().convert("RGB")
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", optimize=True)
        images[card_id] = buffer.getvalue()
    return images, list(dict.fromkeys(context.findings[start:]))
