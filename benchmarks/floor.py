"""The floors of benchmarks/realistic.py: bare ReportLab with its C accelerator drawing the same sheets.

Two floors, each run as a whole process:

- pre-split (the baseline): the text of every card is wrapped before the
  process starts (by the driver, with `simpleSplit` at the size that fits), so
  the timed process only draws: `drawString` of lines, `drawImage` of the art,
  rectangles, crop marks and backs.  This is the fastest a Python program can
  write these sheets with ReportLab.
- wrapping at run time (the old floor, kept as a second row): the same, but
  the process wraps each card's text itself.
"""

from __future__ import annotations

import json
from pathlib import Path

from _common import BODY, TITLE, invariant_reportlab, marks, place, register_fonts


def wrap(text: str) -> tuple[list[str], float]:
    """The lines of a card's text at the largest size (in 0.25 pt steps) whose lines fit the box."""
    from reportlab.lib.utils import simpleSplit

    from pnp.units import mm

    plain = text.replace("**", "").replace("{fuel}", "•")
    size = 9.5
    while True:
        lines = simpleSplit(plain, BODY, size, mm(50))
        if len(lines) * size * 1.18 <= mm(44) or size <= 5:
            return lines, size
        size -= 0.25


def floor_spec(cards: list[dict], pack: Path, out: Path, color: str, presplit: bool) -> dict:
    """What a floor process draws; with `presplit`, every text already cut into lines."""
    if presplit:
        register_fonts()
    rows = []
    for c in cards:
        row = {
            "title": c["title"]["es"],
            "type": "HISTORIA" + (f" · {c['subtitle']['es']}" if "subtitle" in c else ""),
            "text": c["text"]["es"],
            "count": c["count"],
            "art": c.get("art"),
        }
        if presplit:
            row["lines"], row["size"] = wrap(row["text"])
        rows.append(row)
    return {"pack": str(pack), "out": str(out), "color": color, "cards": rows}


def worker_floor(spec_path: Path, report: Path, peak_mb) -> None:
    """Bare ReportLab: the same printed cards, art, sheet plan, marks and backs, text by drawString."""
    invariant_reportlab()
    from reportlab.lib.colors import HexColor
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen.canvas import Canvas

    from pnp.impose.sheet import SheetSpec, plan_sheet
    from pnp.units import mm, paper_size, parse_card_size

    spec = json.loads(spec_path.read_text(encoding="utf-8"))
    pack_root = Path(spec["pack"])
    register_fonts()
    sheet = SheetSpec(
        paper=paper_size("a4"),
        card=parse_card_size("poker").portrait(),
        bleed=mm(3),
        margin=mm(5),
        mark_length=mm(3),
        duplex="long",
    )
    plan = plan_sheet(sheet)
    w, h, b = sheet.card.width, sheet.card.height, sheet.bleed
    readers: dict[str, ImageReader] = {}
    prepared = []
    for card in spec["cards"]:
        lines, size = (card["lines"], card["size"]) if "lines" in card else wrap(card["text"])
        art = card.get("art")
        if art and art not in readers:
            readers[art] = ImageReader(str(pack_root / art))
        prepared += [(card["title"], card["type"], lines, size, readers.get(art))] * card["count"]
    cream, dark, ink = HexColor("#f3ede0"), HexColor("#2a2a2a"), HexColor("#000000")
    color = HexColor(spec["color"])

    def front(canvas: Canvas, card) -> None:
        name, type_line, lines, size, art = card
        canvas.setFillColor(cream)
        canvas.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
        canvas.setFillColor(color)
        canvas.rect(-b, h - mm(15.5), w + 2 * b, mm(15.5) + b, stroke=0, fill=1)
        canvas.setFillColor(dark)
        canvas.rect(-b, h - mm(21.7), w + 2 * b, mm(6.2), stroke=0, fill=1)
        if art is not None:
            canvas.drawImage(art, mm(4), h - mm(46), mm(55), mm(22))
        canvas.setFillColor(HexColor("#ffffff"))
        canvas.setFont(TITLE, 14)
        canvas.drawString(mm(4), h - mm(10), name)
        canvas.setFillColor(cream)
        canvas.setFont(TITLE, 8)
        canvas.drawString(mm(4), h - mm(19.5), type_line)
        canvas.setFillColor(ink)
        canvas.setFont(BODY, size)
        y = h - mm(50) - size
        for line in lines:
            canvas.drawString(mm(4), y, line)
            y -= size * 1.18

    def back(canvas: Canvas) -> None:
        canvas.setFillColor(color)
        canvas.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
        canvas.setFillColor(cream)
        canvas.setFont(TITLE, 14)
        canvas.drawCentredString(w / 2, h / 2, "SUMINISTRO")

    out = Path(spec["out"])
    out.mkdir(parents=True, exist_ok=True)
    canvas = Canvas(str(out / "floor.pdf"), invariant=1, pageCompression=1)
    per_sheet = len(plan.fronts)
    sheets = [prepared[i : i + per_sheet] for i in range(0, len(prepared), per_sheet)]
    for number, on_sheet in enumerate(sheets, start=1):
        canvas.setPageSize((plan.page.width, plan.page.height))
        for card, slot in zip(on_sheet, plan.fronts, strict=False):
            place(canvas, slot, w, h, front, card)
        marks(canvas, plan.marks, ink)
        canvas.setFont(TITLE, 6)
        canvas.drawString(mm(6), mm(2.5), f"Suministro · {number}/{len(sheets)}")
        canvas.showPage()
        canvas.setPageSize((plan.page.width, plan.page.height))
        for _, slot in zip(on_sheet, plan.backs, strict=False):
            place(canvas, slot, w, h, back)
        marks(canvas, plan.back_marks, ink)
        canvas.showPage()
    canvas.save()
    report.write_text(json.dumps({"rc": 0, "peak_mb": peak_mb()}))
