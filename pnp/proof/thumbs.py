"""Thumbnails: each card's front in the proof's language, laid out and drawn as the build does, as PNG."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pypdfium2 as pdfium

from pnp.assets.fonts import load_fonts
from pnp.check.completeness import face_marks, prints_text
from pnp.errors import Finding
from pnp.export.png import faces_pdf
from pnp.layout import FaceLayout
from pnp.layout.plan import lay_out_pack
from pnp.model import Card, LoadedDeck, PackData
from pnp.paths import FONTS_DIR, TEMPLATES_DIR
from pnp.render.face import RenderContext
from pnp.render.missing_mark import with_missing_mark
from pnp.units import Size, parse_card_size

THUMBNAIL_DPI = 150  # a mini card is 242 x 372 px: sharp at twice its on-screen size, ~20 KB


BACK_SUFFIX = "/back"  # thumbnails of a card's own B side are keyed "<card id>/back"


@dataclass
class Faces:
    faces: dict[str, FaceLayout] = field(default_factory=dict)  # card id -> its front
    backs: dict[str, FaceLayout] = field(default_factory=dict)  # card id -> its own B side, double-sided cards only
    findings: list[Finding] = field(default_factory=list)
    context: RenderContext | None = None


def deck_size(deck: LoadedDeck) -> Size:
    size = parse_card_size(deck.deck.card_size)
    return size.landscape() if deck.deck.orientation == "landscape" else size.portrait()


def lay_out_fronts(
    pack: PackData, lang: str, templates_dir: Path = TEMPLATES_DIR, decks: Sequence[LoadedDeck] | None = None
) -> Faces:
    """Every card's front face (of `decks`, default all), and the B side of double-sided cards, laid out
    as the build does; a card whose layout fails gets none, and its findings say why."""
    found = Faces()
    laid = lay_out_pack(pack, lang, decks, templates_root=templates_dir)
    found.findings += laid.findings
    for deck in laid.decks:
        for card in deck.cards:
            # a card without its text looks so in the proof too, as on the printed sheet
            template = laid.templates.get(card.front.template)
            front_mark, back_mark = face_marks(card.card, template is None or prints_text(template), lang)
            found.faces[card.card.id] = with_missing_mark(card.front, front_mark) if front_mark else card.front
            if card.card.back is not None:
                found.backs[card.card.id] = with_missing_mark(card.back, back_mark) if back_mark else card.back
    found.context = RenderContext(
        fonts=load_fonts(FONTS_DIR),
        pack_root=pack.root,
        bleed=0.0,
        template_file={name: t.file for name, t in laid.templates.templates.items()},
        icons=laid.icons,
    )
    return found


def thumbnails(faces: Faces, dpi: int = THUMBNAIL_DPI) -> tuple[dict[str, bytes], list[Finding]]:
    """One PNG per card front (and B side, keyed "<id>/back"), rasterized from the faces' PDF by pdfium;
    render findings come back too."""
    if not faces.faces or faces.context is None:
        return {}, []
    every = {**faces.faces, **{card_id + BACK_SUFFIX: face for card_id, face in faces.backs.items()}}
    ids = list(every)
    context = faces.context
    start = len(context.findings)
    document = pdfium.PdfDocument(faces_pdf([every[i] for i in ids], context))
    images = {}
    for index, card_id in enumerate(ids):
        image = document[index].render(scale=dpi / 72).to_pil().convert("RGB")
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", optimize=True)
        images[card_id] = buffer.getvalue()
    return images, list(dict.fromkeys(context.findings[start:]))


def card_images(
    pack: PackData, deck: LoadedDeck, card: Card, lang: str, dpi: int = THUMBNAIL_DPI
) -> tuple[dict[str, bytes], list[Finding]]:
    """One card, laid out and drawn alone as the build draws it (the workbench's live preview):
    its front under its id, its own B side under "<id>/back", and what laying out and drawing found."""
    faces = lay_out_fronts(pack, lang, decks=[deck.model_copy(update={"cards": (card,)})])
    images, drawn = thumbnails(faces, dpi)
    return images, [f for f in faces.findings + drawn if f.card in (None, card.id)]


def text_sizes(faces: Faces) -> dict[str, tuple[tuple[str, float], ...]]:
    """Card id -> (element, size in points) of each text its front was set with, as drawn by
    thumbnails(): the sizes the build sets, since both fit with the same code."""
    if faces.context is None:
        return {}
    sizes = faces.context.sizes
    return {
        card_id: tuple((name, size) for (key, name), size in sizes.items() if key == face.key)
        for card_id, face in faces.faces.items()
    }
