"""Imposed PDF sheets: each distinct face is a form drawn once and placed per copy."""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from pnp.export.canvas import new_canvas, plain_font
from pnp.impose import Mark, SheetPlan, Slot
from pnp.layout import FaceLayout
from pnp.render.face import RenderContext, draw_face
from pnp.units import Size, mm

rl_config.invariant = 1  # byte-identical output for identical input: no dates, no random ids
rl_config.useA85 = 0  # raw binary streams: smaller files and faster than ASCII85


@dataclass(frozen=True)
class Form:
    """A face to draw once as a PDF form: its trim size, its bleed, and how to draw
    it with the trim box's bottom-left corner at (0, 0)."""

    size: Size
    bleed: float
    draw: Callable[[Canvas], None]


@dataclass(frozen=True)
class Placement:
    """One printed card or token: the key of its front form and of its back form (None: a blank back)."""

    front: str
    back: str | None


@dataclass(frozen=True)
class SheetSection:
    """A run of cards that share a sheet plan (one deck, or one card size)."""

    title: str
    plan: SheetPlan
    cards: tuple[Placement, ...]
    duplex: str


Footer = Callable[[Canvas, Size, str], None]


def render_pdf(
    sections: Sequence[SheetSection],
    faces: dict[str, FaceLayout],
    ctx: RenderContext,
    title: str,
    progress: Callable[[int], None] | None = None,
) -> bytes:
    """Card sheets: every face a form, drawn from its layout."""
    forms = {key: Form(face.size, ctx.bleed, partial(_draw_layout, face=face, ctx=ctx)) for key, face in faces.items()}
    data, _ = render_sheets(sections, forms, title, footer=home_footer, progress=progress)
    return data


def _draw_layout(canvas: Canvas, face: FaceLayout, ctx: RenderContext) -> None:
    draw_face(canvas, face, ctx)


def render_sheets(
    sections: Sequence[SheetSection],
    forms: Mapping[str, Form],
    title: str,
    footer: Footer,
    progress: Callable[[int], None] | None = None,
) -> tuple[bytes, int]:
    """Imposed sheets of any forms (cards, tokens, standees); returns the PDF and its page count.

    Fronts go on a page; their backs follow on the next page where the flip
    puts them (long or short edge), or on the lower half of the same page (fold).
    """
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, title)
    defined: set[str] = set()
    page_count = 0
    for section in sections:
        per_sheet = len(section.plan.fronts)
        sheets = [section.cards[i : i + per_sheet] for i in range(0, len(section.cards), per_sheet)]
        page = section.plan.page
        fold = section.duplex == "fold"
        for number, sheet in enumerate(sheets, start=1):
            canvas.setPageSize((page.width, page.height))
            place_forms(canvas, forms, defined, [card.front for card in sheet], section.plan.fronts)
            if fold:
                place_forms(canvas, forms, defined, [card.back for card in sheet], section.plan.backs)
                if section.plan.fold_line:
                    draw_fold_line(canvas, section.plan.fold_line)
            draw_marks(canvas, section.plan.marks)
            footer(canvas, page, f"{section.title} · {number}/{len(sheets)}" + (" · fold" if fold else ""))
            canvas.showPage()
            page_count += 1
            if section.duplex in ("long", "short"):
                canvas.setPageSize((page.width, page.height))
                place_forms(canvas, forms, defined, [card.back for card in sheet], section.plan.backs)
                draw_marks(canvas, section.plan.back_marks)
                canvas.showPage()
                page_count += 1
            if progress:
                progress(len(sheet))
    canvas.save()
    return buffer.getvalue(), page_count


def place_forms(
    canvas: Canvas, forms: Mapping[str, Form], defined: set[str], keys: Sequence[str | None], slots: Sequence[Slot]
) -> None:
    """Each key's form in its slot, turned by the slot's rotation; a form is defined on first use."""
    for key, slot in zip(keys, slots, strict=False):
        if key is None:
            continue  # a single-sided piece: its back stays blank
        form = forms[key]
        name = _form_name(key)
        if key not in defined:
            _define_form(canvas, name, form)
            defined.add(key)
        canvas.saveState()
        # the form is drawn with its trim box at (0, 0); turn it about the slot's centre
        canvas.translate(slot.x + slot.width / 2, slot.y + slot.height / 2)
        canvas.rotate(slot.rotation)
        canvas.translate(-form.size.width / 2, -form.size.height / 2)
        canvas.doForm(name)
        canvas.restoreState()


def _form_name(key: str) -> str:
    return "face" + "".join(ch if ch.isalnum() else "_" for ch in key)


def _define_form(canvas: Canvas, name: str, form: Form) -> None:
    b = form.bleed
    canvas.beginForm(name, -b, -b, form.size.width + b, form.size.height + b)
    path = canvas.beginPath()
    path.rect(-b, -b, form.size.width + 2 * b, form.size.height + 2 * b)
    canvas.clipPath(path, stroke=0, fill=0)  # nothing a face draws reaches past its bleed
    form.draw(canvas)
    canvas.endForm()


def draw_marks(canvas: Canvas, marks: Sequence[Mark]) -> None:
    canvas.saveState()
    canvas.setStrokeColor(HexColor("#000000"))
    canvas.setLineWidth(0.3)
    for mark in marks:
        canvas.line(mark.x1, mark.y1, mark.x2, mark.y2)
    canvas.restoreState()


def draw_fold_line(canvas: Canvas, line: Mark) -> None:
    canvas.saveState()
    canvas.setStrokeColor(HexColor("#888888"))
    canvas.setLineWidth(0.4)
    canvas.setDash(4, 3)
    canvas.line(line.x1, line.y1, line.x2, line.y2)
    canvas.restoreState()


def home_footer(canvas: Canvas, page: Size, text: str) -> None:
    """A label and a 50 mm scale bar: a user can check the print was made at 100 %."""
    page_width = page.width
    canvas.saveState()
    canvas.setFont(plain_font(), 6)
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
    canvas = new_canvas(buffer, f"pnp duplex calibration ({duplex})")
    page = plan.page
    points = [(page.width * fx, page.height * fy) for fx, fy in ((0.3, 0.7), (0.7, 0.7), (0.3, 0.3), (0.7, 0.3))]
    canvas.setPageSize((page.width, page.height))
    canvas.setFont(plain_font(), 9)
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
    canvas.setFont(plain_font(), 9)
    canvas.drawString(mm(15), mm(15), f"pnp duplex calibration ({duplex}-edge flip), back")
    for x, y in points:
        bx = page.width - x if duplex == "long" else x
        by = page.height - y if duplex == "short" else y
        canvas.setFont(plain_font(), 4)
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
