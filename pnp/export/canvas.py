"""Every PDF canvas pnp opens: byte-identical output, and no font it does not embed.

ReportLab starts each page by selecting its initial font (Helvetica unless told
otherwise), which puts an unembedded standard font in every file even when no
text uses it; print-shop preflight flags that.  Starting from a bundled
TrueType font instead keeps every font in the file embedded (as a subset).
"""

from __future__ import annotations

from typing import IO

from reportlab.pdfgen.canvas import Canvas

from pnp.assets.fonts import plain_font

__all__ = ["new_canvas", "plain_font", "set_print_boxes"]


def new_canvas(buffer: IO[bytes], title: str = "", compress: bool = True) -> Canvas:
    canvas = Canvas(buffer, invariant=1, pageCompression=1 if compress else 0, initialFontName=plain_font())
    if title:
        canvas.setTitle(title)
    canvas.setCreator("pnp")
    return canvas


def set_print_boxes(canvas: Canvas, width: float, height: float, bleed: float) -> None:
    """TrimBox (the cut) and BleedBox (the cut plus bleed: the whole page) for the next page."""
    canvas.setBleedBox((0, 0, width + 2 * bleed, height + 2 * bleed))
    canvas.setTrimBox((bleed, bleed, bleed + width, bleed + height))
