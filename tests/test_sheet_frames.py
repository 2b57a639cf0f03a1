"""The sheets' frames: marks written once per kind of sheet are the bytes drawing them on every sheet gives."""

from __future__ import annotations

from functools import partial

import pytest
from reportlab.pdfgen.canvas import Canvas

from pnp.export import pdf
from pnp.export.pdf import Placement, SheetSection, home_footer, render_frames
from pnp.impose.sheet import SheetSpec, marks_for, plan_sheet
from pnp.units import paper_size, parse_card_size

POKER = parse_card_size("poker")


def _drawn_every_time(marks: pdf._KeptMarks, canvas: Canvas, count: int, backs_page: bool) -> None:
    front_marks, back_marks = marks_for(marks._plan, count)
    pdf.draw_marks(canvas, back_marks if backs_page else front_marks)


@pytest.mark.parametrize("duplex", ["long", "short", "fold", "none"])
def test_marks_kept_per_kind_of_sheet_write_what_drawing_them_on_each_sheet_writes(
    duplex: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    plan = plan_sheet(SheetSpec(paper=paper_size("a4"), card=POKER, duplex=duplex))  # type: ignore[arg-type]
    per_sheet = len(plan.fronts)
    # two full sheets, then a part-filled one, in two sections (their marks kept apart)
    cards = tuple(Placement(f"f{i % 3}", None if duplex == "none" else "back") for i in range(2 * per_sheet + 1))
    sections = [SheetSection(f"Deck {n}", plan, cards, duplex) for n in (1, 2)]
    sizes = {key: POKER for key in ("f0", "f1", "f2", "back")}
    footer = partial(home_footer, language="es")

    kept = render_frames(sections, sizes, 0.0, "Pack", footer)
    monkeypatch.setattr(pdf._KeptMarks, "draw", _drawn_every_time)
    assert kept == render_frames(sections, sizes, 0.0, "Pack", footer)
    assert kept[0].count(b"/Type /Page\n") == 2 * 3 * (1 if duplex in ("fold", "none") else 2)
