"""Sheet plans as the build asks for them: footer room, tight grids, marks only where cards are."""

from __future__ import annotations

import pytest

from pnp.export.pdf import FOOTER_BAND, FOOTER_MARGIN
from pnp.impose.sheet import SheetPlan, SheetSpec, Slot, marks_for, plan_below, plan_sheet
from pnp.units import mm, paper_size, parse_card_size

A4 = paper_size("a4")


def _plan(card: str, paper: str = "a4", duplex: str = "long", tight: bool = False) -> SheetPlan:
    return plan_sheet(
        SheetSpec(
            paper=paper_size(paper),
            card=parse_card_size(card),
            bleed=mm(3),
            margin=mm(5),
            mark_length=mm(3),
            duplex=duplex,  # type: ignore[arg-type]
            footer=FOOTER_BAND,
            tight=tight,
        )
    )


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("card", ["poker", "mini-american", "tarot", "square"])
@pytest.mark.parametrize("duplex,tight", [("long", False), ("short", False), ("long", True), ("fold", True)])
def test_every_mark_stays_5_mm_inside_the_paper_and_clear_of_the_footer(
    paper: str, card: str, duplex: str, tight: bool
) -> None:
    plan = _plan(card, paper, duplex, tight)
    page = plan.page
    for mark in plan.marks + plan.back_marks:
        for x, y in ((mark.x1, mark.y1), (mark.x2, mark.y2)):
            assert FOOTER_MARGIN - 0.01 <= x <= page.width - FOOTER_MARGIN + 0.01
            assert FOOTER_MARGIN - 0.01 <= y <= page.height - FOOTER_MARGIN + 0.01
    footer_top = FOOTER_MARGIN + FOOTER_BAND
    front_page = plan.marks + (plan.back_marks if duplex == "fold" else ())
    assert all(min(m.y1, m.y2) >= footer_top - 0.01 for m in front_page)
    front_cards = plan.fronts + (plan.backs if duplex == "fold" else ())
    assert all(slot.y - mm(3) >= footer_top - 0.01 for slot in front_cards)


def test_poker_prints_8_to_an_a4_page_and_9_when_tight() -> None:
    assert len(_plan("poker").fronts) == 8
    tight = _plan("poker", tight=True)
    assert len(tight.fronts) == 9 and not tight.rotated
    # butted: each card's neighbour starts where it ends, and only the grid's outer edges keep bleed
    first, second = tight.fronts[0], tight.fronts[1]
    assert second.x == pytest.approx(first.x + first.width)
    assert first.clip is not None
    left, bottom, right, top = first.clip
    assert left == pytest.approx(first.x - mm(1)) and top == pytest.approx(first.y + first.height + mm(1))
    assert right == pytest.approx(first.x + first.width) and bottom == pytest.approx(first.y)


def test_gutter_fold_places_at_least_8_mini_cards_on_a4() -> None:
    plan = _plan("mini-american", duplex="fold", tight=True)
    assert len(plan.fronts) >= 8
    fold = A4.height / 2
    assert all(slot.y >= fold for slot in plan.fronts) and all(slot.y + slot.height <= fold for slot in plan.backs)


def test_a_sheet_that_is_not_full_gets_marks_only_around_its_cards() -> None:
    plan = _plan("mini-american")
    full_front, _ = marks_for(plan, len(plan.fronts))
    one_front, one_back = marks_for(plan, 1)
    card = plan.fronts[0]
    # one card: its two vertical and two horizontal trim lines, a mark at each end of each
    assert len(one_front) == 8 and len(one_back) == 8 and len(full_front) > len(one_front)
    xs = {round(m.x1, 2) for m in one_front if m.x1 == m.x2}
    assert xs == {round(card.x, 2), round(card.x + card.width, 2)}
    lowest = min(min(m.y1, m.y2) for m in one_front)
    assert lowest >= card.y - mm(3) - mm(1) - mm(3) - 0.01  # right under the card, not under the empty rows


def test_the_calibration_scales_cover_the_whole_back_offset_range_and_apply_an_offset() -> None:
    import pypdfium2 as pdfium

    from pnp.export.pdf import render_calibration

    plan = _plan("mini-american")
    plain = pdfium.PdfDocument(render_calibration(plan, "long"))
    back = plain[1].get_textpage().get_text_range()
    assert "+10" in back and "-10" in back  # --back-offset accepts -10mm to 10mm
    front = " ".join(plain[0].get_textpage().get_text_range().split())
    assert "If the four crosses read differently, use their average." in front
    shifted = pdfium.PdfDocument(render_calibration(plan, "long", (mm(1.5), mm(-2))))
    assert "back-offset 1.5mm,-2mm" in shifted[0].get_textpage().get_text_range()
    assert shifted[1].get_textpage().get_text_range() == back.replace("), back", ", back-offset 1.5mm,-2mm), back")


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Boxes (or a line: a box of no width) that share more than an edge."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_the_last_sheet_of_one_size_takes_the_last_cards_of_another_under_its_own(duplex: str) -> None:
    leader = _plan("88x63mm", duplex=duplex)  # two landscape leaders fill one row
    tarot = _plan("tarot", duplex=duplex)
    assert tarot.spec is not None
    shared = plan_below(leader, 2, tarot.spec, 1)
    assert shared is not None and shared.blocks == (2, 2)  # a row of two tarot cards, one used
    assert len(shared.fronts) == 4 and len(shared.backs) == (0 if duplex == "none" else 4)

    def boxes(slots: tuple[Slot, ...]) -> list[tuple[float, float, float, float]]:
        bleed = mm(3)
        return [(s.x - bleed, s.y - bleed, s.x + s.width + bleed, s.y + s.height + bleed) for s in slots]

    fronts, backs = boxes(shared.fronts[:3]), boxes(shared.backs[:3])
    assert not any(_overlap(a, b) for i, a in enumerate(fronts) for b in fronts[i + 1 :])
    front_marks, back_marks = marks_for(shared, 3)
    for marks, cards in ((front_marks, fronts), (back_marks, backs)):
        for mark in marks:  # no mark crosses a card, and every one stays clear of the footer
            line = (min(mark.x1, mark.x2), min(mark.y1, mark.y2), max(mark.x1, mark.x2), max(mark.y1, mark.y2))
            assert not any(_overlap(line, box) for box in cards)
            assert line[1] >= FOOTER_MARGIN + FOOTER_BAND - 0.01 or duplex == "short"
    # a full sheet has no room for anything more
    assert plan_below(leader, len(leader.fronts), tarot.spec, 1) is None
    # nor does a fold sheet, whose lower half holds the backs
    fold = _plan("88x63mm", duplex="fold", tight=True)
    assert plan_below(fold, 1, tarot.spec, 1) is None
