"""Print-shop profiles: files a print-on-demand shop takes as they are.

- mpc (MakePlayingCards): one PNG per face at 300 dpi with a 0.12 in bleed,
  the pixel size of their templates (a poker card is 822 x 1122 px).
- drivethru (DriveThruCards): one PDF, one face per page, 0.125 in bleed:
  each card's front, then its back.
- oneup: the same PDF with the build's own bleed, for any other shop.

pnp does not convert to CMYK, embed an output intent or check PDF/X: shops
that require those must convert the files; the colours are sRGB as drawn.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from pnp.layout import FaceLayout
from pnp.render.face import RenderContext, draw_face


@dataclass(frozen=True)
class Profile:
    name: str
    kind: str  # "png" or "pdf"
    bleed_in: float | None  # None: the build's own bleed
    dpi: int = 300


PROFILES = {
    "mpc": Profile("mpc", "png", 0.12),
    "drivethru": Profile("drivethru", "pdf", 0.125),
    "oneup": Profile("oneup", "pdf", None),
}


def one_up_pdf(faces: Sequence[FaceLayout], ctx: RenderContext, title: str) -> bytes:
    """One page per face, the page being the face with its bleed."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1)
    canvas.setTitle(title)
    canvas.setCreator("pnp")
    b = ctx.bleed
    for face in faces:
        canvas.setPageSize((face.size.width + 2 * b, face.size.height + 2 * b))
        canvas.translate(b, b)
        draw_face(canvas, face, ctx)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
