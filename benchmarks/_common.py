"""What the bare-ReportLab floors of benchmarks/build.py and benchmarks/floor.py share: their fonts,
ReportLab's settings, and the drawing of a card into its sheet slot and of the crop marks.

Imported inside the worker functions, from the benchmarks folder (each script runs from it, or puts
it on sys.path), so that importing a benchmark as `benchmarks.build` needs nothing more.
"""

from __future__ import annotations

from pathlib import Path

FONTS = Path(__file__).resolve().parent.parent / "fonts"
BODY, TITLE = "floor-OpenSans", "floor-RobotoCondensed-Bold"


def register_fonts() -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont(BODY, str(FONTS / "OpenSans-Regular.ttf")))
    pdfmetrics.registerFont(TTFont(TITLE, str(FONTS / "RobotoCondensed-Bold.ttf")))


def invariant_reportlab():
    """ReportLab as pnp sets it (the same bytes from run to run, no ASCII85); its rl_config, to report."""
    from reportlab import rl_config

    rl_config.invariant = 1
    rl_config.useA85 = 0
    return rl_config


def place(canvas, slot, width: float, height: float, draw, *args) -> None:
    """`draw(canvas, *args)` of a card `width` x `height`, turned and centred in its sheet slot."""
    canvas.saveState()
    canvas.translate(slot.x + slot.width / 2, slot.y + slot.height / 2)
    canvas.rotate(slot.rotation)
    canvas.translate(-width / 2, -height / 2)
    draw(canvas, *args)
    canvas.restoreState()


def marks(canvas, lines, ink) -> None:
    """The crop marks of a sheet plan, hairlines in `ink`."""
    canvas.setStrokeColor(ink)
    canvas.setLineWidth(0.3)
    for m in lines:
        canvas.line(m.x1, m.y1, m.x2, m.y2)
