"""Imposed PDF sheets: each distinct face is a form drawn once and placed per copy."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from pnp.impose import Mark, SheetPlan, Slot
from pnp.layout import FaceLayout
from pnp.render.face import RenderContext, draw_face
from pnp.units import mm

rl_config.invariant = 1  # byte-identical output for identical input: no dates, no random ids
rl_config.useA85 = 0  # raw binary streams: smaller files and faster than ASCII85


@dataclass(frozen=True)
class Placement:
    """One printed card: the key of its front face and of its back face."""

    front: str
    back: str


@dataclass(frozen=True)
class SheetSection:
    """A run of cards that share a sheet plan (one deck, or one card size)."""

    title: str
    plan: SheetPlan
    cards: tuple[Placement, ...]
    duplex: str


def render_pdf(
    sections: Sequence[SheetSection],
    faces: dict[str, FaceLayout],
    ctx: RenderContext,
    title: str,
    progress: Callable[[int], None] | None = None,
) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1)
    canvas.setTitle(title)
    canvas.setCreator("pnp")
    drawn: set[str] = set()
    for section in sections:
        per_sheet = len(section.plan.fronts)
        pages = [section.cards[i : i + per_sheet] for i in range(0, len(section.cards), per_sheet)]
        for number, sheet in enumerate(pages, start=1):
            page = section.plan.page
            canvas.setPageSize((page.width, page.height))
            fold = section.duplex == "fold"
            _place(canvas, faces, ctx, drawn, sheet, section.plan.fronts, "front")
            if fold:
                _place(canvas, faces, ctx, drawn, sheet, section.plan.backs, "back")
                if section.plan.fold_line:
                    _fold_line(canvas, section.plan.fold_line)
            _marks(canvas, section.plan.marks)
            _footer(canvas, page.width, f"{section.title} · {number}/{len(pages)}" + (" · fold" if fold else ""))
            canvas.showPage()
            if section.duplex in ("long", "short"):
                canvas.setPageSize((page.width, page.height))
                _place(canvas, faces, ctx, drawn, sheet, section.plan.backs, "back")
                _marks(canvas, section.plan.back_marks)
                canvas.showPage()
            if progress:
                progress(len(sheet))
    canvas.save()
    return buffer.getvalue()


def _form_name(key: str) -> str:
    return f"face{key}"


def _place(
    canvas: Canvas,
    faces: dict[str, FaceLayout],
    ctx: RenderContext,
    drawn: set[str],
    cards: Sequence[Placement],
    slots: Sequence[Slot],
    side: str,
) -> None:
    for card, slot in zip(cards, slots, strict=False):
        key = card.front if side == "front" else card.back
        face = faces[key]
        if key not in drawn:
            _define_form(canvas, face, ctx)
            drawn.add(key)
        canvas.saveState()
        # the form is drawn with its trim box at (0, 0); turn it about the slot's centre
        canvas.translate(slot.x + slot.width / 2, slot.y + slot.height / 2)
        canvas.rotate(slot.rotation)
        canvas.translate(-face.size.width / 2, -face.size.height / 2)
        canvas.doForm(_form_name(key))
        canvas.restoreState()


def _define_form(canvas: Canvas, face: FaceLayout, ctx: RenderContext) -> None:
    b = ctx.bleed
    canvas.beginForm(_form_name(face.key), -b, -b, face.size.width + b, face.size.height + b)
    path = canvas.beginPath()
    path.rect(-b, -b, face.size.width + 2 * b, face.size.height + 2 * b)
    canvas.clipPath(path, stroke=0, fill=0)
    draw_face(canvas, face, ctx)
    canvas.endForm()


def _marks(canvas: Canvas, marks: Sequence[Mark]) -> None:
    canvas.saveState()
    canvas.setStrokeColor(HexColor("#000000"))
    canvas.setLineWidth(0.3)
    for mark in marks:
        canvas.line(mark.x1, mark.y1, mark.x2, mark.y2)
    canvas.restoreState()


def _fold_line(canvas: Canvas, line: Mark) -> None:
    canvas.saveState()
    canvas.setStrokeColor(HexColor("#888888"))
    canvas.setLineWidth(0.4)
    canvas.setDash(4, 3)
    canvas.line(line.x1, line.y1, line.x2, line.y2)
    canvas.restoreState()


def _footer(canvas: Canvas, page_width: float, text: str) -> None:
    """A label and a 50 mm scale bar: a user can check the print was made at 100 %."""
    canvas.saveState()
    canvas.setFont("Helvetica", 6)
    canvas.setFillColor(HexColor("#555555"))
    canvas.drawString(mm(6), mm(2.5), text + " · print at 100 % (actual size): the bar must measure 50 mm")
    canvas.setStrokeColor(HexColor("#555555"))
    canvas.setLineWidth(0.5)
    x = page_width - mm(6) - mm(50)
    canvas.line(x, mm(3), x + mm(50), mm(3))
    for tick in (0, 50):
        canvas.line(x + mm(tick), mm(2), x + mm(tick), mm(4))
    canvas.restoreState()


def render_calibration(plan: SheetPlan, duplex: str) -> bytes:
    """Two pages: crosses on the front, millimetre scales behind them on the back.

    Print duplex with offset 0, hold the sheet to the light, and read where each
    cross falls on its scales: that reading is the --back-offset to use.
    """
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1)
    page = plan.page
    points = [(page.width * fx, page.height * fy) for fx, fy in ((0.3, 0.7), (0.7, 0.7), (0.3, 0.3), (0.7, 0.3))]
    canvas.setPageSize((page.width, page.height))
    canvas.setFont("Helvetica", 9)
    canvas.drawString(mm(15), page.height - mm(15), f"pnp duplex calibration ({duplex}-edge flip), front")
    canvas.drawString(
        mm(15),
        page.height - mm(20),
        "Print both pages duplex at 100 %, hold to the light, read each "
        "cross on the scales of the back: use the readings as --back-offset X,Y (mm).",
    )
    for x, y in points:
        canvas.setLineWidth(0.3)
        canvas.line(x - mm(12), y, x + mm(12), y)
        canvas.line(x, y - mm(12), x, y + mm(12))
    canvas.showPage()
    canvas.setPageSize((page.width, page.height))
    canvas.setFont("Helvetica", 9)
    canvas.drawString(mm(15), mm(15), f"pnp duplex calibration ({duplex}-edge flip), back")
    for x, y in points:
        bx = page.width - x if duplex == "long" else x
        by = page.height - y if duplex == "short" else y
        canvas.setFont("Helvetica", 4)
        for step in range(-5, 6):
            length = mm(2) if step % 5 == 0 else mm(1)
            canvas.line(bx + mm(step), by - mm(10), bx + mm(step), by - mm(10) + length)
            canvas.line(bx - mm(10), by + mm(step), bx - mm(10) + length, by + mm(step))
            if step % 5 == 0:
                canvas.drawCentredString(bx + mm(step), by - mm(12), f"{step:+d}")
                canvas.drawRightString(bx - mm(11), by + mm(step) - 1.5, f"{step:+d}")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
