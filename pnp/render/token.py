"""Drawing token faces and fold-over standees, pnp's own designs.

A token face is drawn with the bottom-left corner of its bounding box at
(0, 0); its colour runs `bleed` beyond the outline so that a cut a little
outside, or a back printed a little off, shows no white.  The front carries a
thin cut line along the outline (a round or hex token has no crop marks).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from PIL import Image
from reportlab.lib.colors import HexColor
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from pnp.assets.fonts import FontRegistry, plain_font
from pnp.images import image_problem
from pnp.layout.templates import IconFile
from pnp.model import TokenFace, token_shapes
from pnp.render.icons import draw_icon
from pnp.render.text import FittedText, TextBox, fit_text
from pnp.render.typeset import draw_text
from pnp.units import mm

CUT_LINE = "#8a8a8a"
TEXT_MIN_SIZE = 6.0  # points: the floor of every word pnp prints; a label that needs less does not fit
TEXT_INSET = mm(1.2)  # between a label's longest line and the outline: a cut a little inside spares the words


@dataclass(frozen=True)
class FaceText:
    """A face's label, fitted into its box once and drawn wherever the face is."""

    fitted: FittedText | None
    box: tuple[float, float, float, float]  # x, y, width, height within the face


def _outline(canvas: Canvas, shape: str, width: float, height: float, grow: float):
    """The token's outline pushed `grow` outward, as a path: exact for every shape."""
    path = canvas.beginPath()
    polygon = token_shapes.corners(shape, width, height, grow)
    if polygon is not None:
        path.moveTo(*polygon[0])
        for corner in polygon[1:]:
            path.lineTo(*corner)
        path.close()
    elif shape == "circle":
        path.circle(width / 2, height / 2, width / 2 + grow)
    elif shape == "rounded":
        path.roundRect(-grow, -grow, width + 2 * grow, height + 2 * grow, corner_radius(width) + grow)
    else:
        path.rect(-grow, -grow, width + 2 * grow, height + 2 * grow)
    return path


def corner_radius(width: float) -> float:
    return width * 0.18


def text_box(shape: str, width: float, height: float, with_picture: bool) -> tuple[float, float, float, float]:
    """Where a face's words go: under the picture, or across the middle when there is none; inside
    the outline at every height of the box, with air on each side."""
    return token_shapes.text_box(shape, width, height, with_picture, inset=min(width * 0.06, TEXT_INSET))


def fit_face_text(
    face: TokenFace, text: str, box: tuple[float, float, float, float], fonts: FontRegistry, language: str
) -> FaceText:
    if not text.strip():
        return FaceText(None, box)
    role = fonts.role("title") or next(iter(fonts.roles.values()))
    _, _, width, height = box
    size = max(TEXT_MIN_SIZE, min(height / 1.15, 14.0))
    fitted = fit_text(
        TextBox(
            text,
            role,
            width,
            height,
            size,
            TEXT_MIN_SIZE,
            leading=1.05,
            align="center",
            color=face.ink,
            language=language,
            hyphenate=False,
        )
    )
    return FaceText(fitted, box)


def draw_token_face(
    canvas: Canvas,
    shape: str,
    width: float,
    height: float,
    face: TokenFace,
    text: FaceText,
    bleed: float,
    cut_line: bool,
    pack_root: Path,
    icons: Mapping[str, IconFile] | None = None,
) -> None:
    canvas.saveState()
    canvas.clipPath(_outline(canvas, shape, width, height, bleed), stroke=0, fill=0)
    canvas.setFillColor(HexColor(face.color))
    reach = token_shapes.reach(shape, width, height, bleed)  # a point's bleed reaches past the bounding box
    canvas.rect(-reach, -reach, width + 2 * reach, height + 2 * reach, stroke=0, fill=1)
    _picture(canvas, face, token_shapes.picture_box(shape, width, height), pack_root, icons or {})
    _words(canvas, text)
    canvas.restoreState()
    if cut_line:
        canvas.saveState()
        canvas.setStrokeColor(HexColor(CUT_LINE))
        canvas.setLineWidth(0.35)
        canvas.drawPath(_outline(canvas, shape, width, height, 0), stroke=1, fill=0)
        canvas.restoreState()


def _picture(
    canvas: Canvas,
    face: TokenFace,
    box: tuple[float, float, float, float],
    pack_root: Path,
    icons: Mapping[str, IconFile],
) -> None:
    x, y, width, height = box
    if face.art is not None:
        path = pack_root / face.art
        if image_problem(path) is not None:
            return  # the loader reported it; the renderer never decodes what the gate refuses
        try:
            with Image.open(path) as probe:
                # downsample before decoding it all: a face a few cm wide needs no more than 600 dpi
                probe.thumbnail((max(1, round(width / 72 * 600)), max(1, round(height / 72 * 600))))
                image = probe.convert("RGBA")
        except Exception:
            return
        scale = min(width / image.width, height / image.height)
        w, h = image.width * scale, image.height * scale
        canvas.drawImage(ImageReader(image), x + (width - w) / 2, y + (height - h) / 2, w, h, mask="auto")
    elif face.icon is not None:
        draw_icon(canvas, icons.get(face.icon), x, y, width, height)


def _words(canvas: Canvas, text: FaceText) -> None:
    if text.fitted is None:
        return
    x, y, _width, height = text.box
    used = min(text.fitted.height, height)
    draw_text(canvas, text.fitted, x, y + (height + used) / 2, {})


# --- standees ---------------------------------------------------------------------------


def standee_height(height: float, base: float) -> float:
    """The flat strip: a base tab, the front, the back (upside down), another base tab."""
    return 2 * height + 2 * base


def draw_standee(
    canvas: Canvas,
    width: float,
    height: float,
    base: float,
    front: tuple[TokenFace, FaceText],
    back: tuple[TokenFace, FaceText],
    base_word: str,
    pack_root: Path,
    icons: Mapping[str, IconFile] | None = None,
) -> None:
    """With the strip's bottom-left at (0, 0).  The back is turned 180° so it stands upright once folded."""
    canvas.saveState()
    for bottom in (0.0, base + 2 * height):
        canvas.setFillColor(HexColor("#e6e2d8"))
        canvas.rect(0, bottom, width, base, stroke=0, fill=1)
        canvas.setFillColor(HexColor("#7a766d"))
        canvas.setFont(plain_font(), 6)
        canvas.drawCentredString(width / 2, bottom + base / 2 - 2, base_word)
    for (face, text), (origin_y, turned) in zip((front, back), ((base, False), (base + height, True)), strict=True):
        canvas.saveState()
        if turned:
            canvas.translate(width, origin_y + height)
            canvas.rotate(180)
        else:
            canvas.translate(0, origin_y)
        clip = canvas.beginPath()
        clip.rect(0, 0, width, height)
        canvas.clipPath(clip, stroke=0, fill=0)
        canvas.setFillColor(HexColor(face.color))
        canvas.rect(0, 0, width, height, stroke=0, fill=1)
        _picture(canvas, face, (width * 0.12, height * 0.3, width * 0.76, height * 0.6), pack_root, icons or {})
        _words(canvas, text)
        canvas.restoreState()
    canvas.setStrokeColor(HexColor("#555555"))
    canvas.setLineWidth(0.4)
    canvas.setDash(3, 2)
    for fold in (base, base + height, base + 2 * height):
        canvas.line(0, fold, width, fold)
    canvas.setDash()
    canvas.setStrokeColor(HexColor(CUT_LINE))
    canvas.rect(0, 0, width, standee_height(height, base), stroke=1, fill=0)
    canvas.restoreState()


def standee_text_box(width: float, height: float) -> tuple[float, float, float, float]:
    return width * 0.08, height * 0.06, width * 0.84, height * 0.18


def tokens_crop_marks(shape: str) -> bool:
    """Only square tokens are cut straight along the sheet; the others follow their printed outline."""
    return shape == "square"
