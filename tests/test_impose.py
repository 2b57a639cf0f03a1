"""Imposition geometry, checked in points against sums done by hand in mm.

With the defaults (3 mm bleed, 8 mm margin, crop marks 4 mm long starting
1 mm outside the grid) the grid's bleed boxes must fit in the page minus
8 + 5 mm on each side: 184 x 271 mm on A4, 189.9 x 253.4 mm on Letter.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import pytest

from pnp.impose.sheet import ImposeError, Mark, SheetPlan, SheetSpec, Slot, plan_sheet, sheets_needed
from pnp.units import Size, mm, paper_size, parse_card_size

A4 = paper_size("a4")
LETTER = paper_size("letter")
POKER = parse_card_size("poker")
MINI_AMERICAN = parse_card_size("mini-american")
TAROT = parse_card_size("tarot")


def spec(card: Size, paper: Size = A4, **options: object) -> SheetSpec:
    return SheetSpec(paper=paper, card=card, **options)  # type: ignore[arg-type]


def bleed_box(slot: Slot, bleed: float) -> tuple[float, float, float, float]:
    return slot.x - bleed, slot.y - bleed, slot.x + slot.width + bleed, slot.y + slot.height + bleed


def columns_and_rows(plan: SheetPlan) -> tuple[int, int]:
    columns = len({round(s.x, 2) for s in plan.fronts})
    rows = len({round(s.y, 2) for s in plan.fronts})
    assert columns * rows == len(plan.fronts)
    return columns, rows


def mark_crosses(mark: Mark, box: tuple[float, float, float, float]) -> bool:
    left, bottom, right, top = box
    return (
        max(mark.x1, mark.x2) > left
        and min(mark.x1, mark.x2) < right
        and max(mark.y1, mark.y2) > bottom
        and min(mark.y1, mark.y2) < top
    )


def mirror_about_vertical(slot: Slot, page: Size) -> Slot:
    return Slot(page.width - slot.x - slot.width, slot.y, slot.width, slot.height, -slot.rotation % 360)


def mirror_about_horizontal(slot: Slot, page: Size) -> Slot:
    return Slot(slot.x, page.height - slot.y - slot.height, slot.width, slot.height, (180 - slot.rotation) % 360)


def flat(points: Iterable[tuple[float, ...]]) -> list[float]:
    return [value for point in points for value in point]


def same_slot(a: Slot, b: Slot) -> bool:
    return (a.x, a.y, a.width, a.height) == pytest.approx((b.x, b.y, b.width, b.height)) and a.rotation == b.rotation


def test_poker_on_a4_is_two_by_two_centred_inside_the_margins() -> None:
    plan = plan_sheet(spec(POKER))

    # Cells are 69.5 x 94.9 mm.  As designed: 2 * 69.5 = 139 <= 184 < 208.5 and 2 * 94.9 = 189.8 <= 271 < 284.7.
    # Turned: 1 * 94.9 <= 184 < 189.8 across, 3 * 69.5 = 208.5 <= 271 < 278 down, so 3 < 4.
    assert columns_and_rows(plan) == (2, 2)
    assert not plan.rotated
    assert plan.page == A4
    grid_width, grid_height = 2 * 69.5, 2 * 94.9
    first_column_x = (210 - grid_width) / 2 + 3
    top_row_y = (297 + grid_height) / 2 - 3 - 88.9
    assert plan.fronts[0].x == pytest.approx(mm(first_column_x))
    assert plan.fronts[0].y == pytest.approx(mm(top_row_y))
    assert (plan.fronts[0].width, plan.fronts[0].height) == pytest.approx((POKER.width, POKER.height))
    for slot in plan.fronts:
        left, bottom, right, top = bleed_box(slot, mm(3))
        assert left >= mm(8) and bottom >= mm(8)
        assert right <= A4.width - mm(8) and top <= A4.height - mm(8)


def test_poker_on_a4_fits_three_by_three_only_without_bleed_and_marks() -> None:
    # 3 * 63.5 = 190.5 <= 194 and 3 * 88.9 = 266.7 <= 281; with 3 mm bleed a row of three is 208.5 mm wide.
    plan = plan_sheet(spec(POKER, bleed=0.0, crop_marks=False))
    assert columns_and_rows(plan) == (3, 3)
    assert not plan.rotated


def test_mini_american_on_a4_is_turned_to_fit_ten() -> None:
    plan = plan_sheet(spec(MINI_AMERICAN))

    # Cells are 47 x 69 mm.  As designed: 3 * 47 = 141 <= 184 < 188, 3 * 69 = 207 <= 271 < 276: 9 cards.
    # Turned (69 x 47): 2 * 69 = 138 <= 184 < 207, 5 * 47 = 235 <= 271 < 282: 10 cards.
    assert columns_and_rows(plan) == (2, 5)
    assert plan.rotated
    for slot in plan.fronts:
        assert slot.rotation == 90
        assert (slot.width, slot.height) == pytest.approx((MINI_AMERICAN.height, MINI_AMERICAN.width))


def test_tarot_on_a4_and_a_landscape_tarot_card_get_the_same_four_places() -> None:
    portrait = plan_sheet(spec(TAROT))
    landscape = plan_sheet(spec(Size(TAROT.height, TAROT.width)))

    # Cells are 76 x 126 mm: 2 * 76 = 152 <= 184 < 228, 2 * 126 = 252 <= 271 < 378: 4 cards.
    # Turned (126 x 76): 1 * 126 <= 184 < 252, 3 * 76 = 228 <= 271 < 304: 3 cards.
    assert columns_and_rows(portrait) == (2, 2)
    assert not portrait.rotated
    assert landscape.rotated
    assert flat([(s.x, s.y, s.width, s.height) for s in landscape.fronts]) == pytest.approx(
        flat([(s.x, s.y, s.width, s.height) for s in portrait.fronts])
    )
    assert {s.rotation for s in landscape.fronts} == {90}


def test_poker_fits_more_on_letter_than_on_a4() -> None:
    letter = plan_sheet(spec(POKER, LETTER))

    # Letter leaves 189.9 x 253.4 mm.  As designed: 2 * 69.5 <= 189.9, 2 * 94.9 <= 253.4: 4 cards.
    # Turned (94.9 x 69.5): 2 * 94.9 = 189.8 <= 189.9 across, 3 * 69.5 = 208.5 <= 253.4 < 278 down: 6 cards.
    assert columns_and_rows(letter) == (2, 3)
    assert letter.rotated
    assert len(plan_sheet(spec(POKER, A4)).fronts) == 4


def test_a_tie_keeps_the_card_as_designed() -> None:
    plan = plan_sheet(spec(parse_card_size("square")))
    assert not plan.rotated
    assert {s.rotation for s in plan.fronts} == {0}


def test_a_landscape_paper_size_still_gives_a_portrait_page() -> None:
    assert plan_sheet(spec(POKER, A4.landscape())).page == A4


@pytest.mark.parametrize("card", ["poker", "bridge", "mini-american", "mini-euro", "tarot", "square"])
@pytest.mark.parametrize(("bleed", "spacing"), [(0.0, 0.0), (mm(3), 0.0), (mm(1), mm(2)), (mm(5), 0.0)])
def test_no_two_bleed_boxes_overlap(card: str, bleed: float, spacing: float) -> None:
    plan = plan_sheet(spec(parse_card_size(card), bleed=bleed, spacing=spacing))
    boxes = [bleed_box(s, bleed) for s in plan.fronts]
    for (l1, b1, r1, t1), (l2, b2, r2, t2) in itertools.combinations(boxes, 2):
        overlap_x = min(r1, r2) - max(l1, l2)
        overlap_y = min(t1, t2) - max(b1, b2)
        assert overlap_x <= 1e-6 or overlap_y <= 1e-6


def test_long_edge_backs_mirror_the_fronts_about_the_vertical_centre_line() -> None:
    plan = plan_sheet(spec(POKER, duplex="long"))

    assert len(plan.backs) == len(plan.fronts)
    for front, back in zip(plan.fronts, plan.backs, strict=True):
        assert same_slot(back, mirror_about_vertical(front, A4))
        assert back.rotation == 0
    top_right = plan.backs[0]
    assert top_right.x == pytest.approx(max(b.x for b in plan.backs))
    assert top_right.y == pytest.approx(max(b.y for b in plan.backs))
    assert top_right.x > A4.width / 2
    assert plan.fold_line is None


def test_long_edge_backs_of_turned_cards_turn_the_other_way() -> None:
    plan = plan_sheet(spec(MINI_AMERICAN, duplex="long"))
    assert plan.rotated
    assert {b.rotation for b in plan.backs} == {270}


def test_long_edge_back_marks_mirror_the_front_marks() -> None:
    plan = plan_sheet(spec(POKER, duplex="long"))
    mirrored = [(A4.width - m.x1, m.y1, A4.width - m.x2, m.y2) for m in plan.marks]
    assert flat([(m.x1, m.y1, m.x2, m.y2) for m in plan.back_marks]) == pytest.approx(flat(mirrored))


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_back_offset_shifts_every_back_slot_and_mark_by_exactly_the_offset(duplex: str) -> None:
    dx, dy = mm(1.5), mm(-0.75)
    plain = plan_sheet(spec(POKER, duplex=duplex))
    shifted = plan_sheet(spec(POKER, duplex=duplex, back_offset=(dx, dy)))

    assert shifted.fronts == plain.fronts
    assert shifted.marks == plain.marks
    for before, after in zip(plain.backs, shifted.backs, strict=True):
        assert same_slot(after, Slot(before.x + dx, before.y + dy, before.width, before.height, before.rotation))
    for before_mark, after_mark in zip(plain.back_marks, shifted.back_marks, strict=True):
        expected = (before_mark.x1 + dx, before_mark.y1 + dy, before_mark.x2 + dx, before_mark.y2 + dy)
        assert (after_mark.x1, after_mark.y1, after_mark.x2, after_mark.y2) == pytest.approx(expected)


def test_short_edge_backs_mirror_the_fronts_about_the_horizontal_centre_line_upside_down() -> None:
    plan = plan_sheet(spec(POKER, duplex="short"))

    for front, back in zip(plan.fronts, plan.backs, strict=True):
        assert same_slot(back, mirror_about_horizontal(front, A4))
        assert back.rotation == 180
    bottom_left = plan.backs[0]
    assert bottom_left.x == pytest.approx(min(b.x for b in plan.backs))
    assert bottom_left.y == pytest.approx(min(b.y for b in plan.backs))
    assert bottom_left.y < A4.height / 2
    mirrored = [(m.x1, A4.height - m.y1, m.x2, A4.height - m.y2) for m in plan.marks]
    assert flat([(m.x1, m.y1, m.x2, m.y2) for m in plan.back_marks]) == pytest.approx(flat(mirrored))


def test_short_edge_backs_of_turned_cards_keep_the_front_turn() -> None:
    plan = plan_sheet(spec(MINI_AMERICAN, duplex="short"))
    assert plan.rotated
    assert {b.rotation for b in plan.backs} == {90}


def test_no_duplex_has_no_backs() -> None:
    plan = plan_sheet(spec(POKER))
    assert plan.backs == ()
    assert plan.back_marks == ()
    assert plan.fold_line is None


@pytest.mark.parametrize("card", ["poker", "mini-american", "mini-euro", "square"])
def test_fold_puts_fronts_above_and_mirrored_backs_below_the_fold(card: str) -> None:
    plan = plan_sheet(spec(parse_card_size(card), duplex="fold", back_offset=(mm(2), mm(2))))
    fold = A4.height / 2
    bleed = mm(3)

    assert plan.fold_line == Mark(mm(8), fold, A4.width - mm(8), fold)
    assert len(plan.backs) == len(plan.fronts) > 0
    assert plan.back_marks == ()
    for front, back in zip(plan.fronts, plan.backs, strict=True):
        assert bleed_box(front, bleed)[1] >= fold + mm(6) - 1e-6
        assert bleed_box(back, bleed)[3] <= fold - mm(6) + 1e-6
        assert same_slot(back, mirror_about_horizontal(front, A4))
    for mark in plan.marks:
        assert abs(mark.y1 - fold) >= mm(6) - 1e-6 and abs(mark.y2 - fold) >= mm(6) - 1e-6
    assert sum(1 for m in plan.marks if m.y1 < fold) == sum(1 for m in plan.marks if m.y1 > fold)


def test_fold_lays_out_each_half_on_its_own() -> None:
    plan = plan_sheet(spec(POKER, duplex="fold"))

    # The top half is 297 / 2 - 6 - 8 = 134.5 mm high, 124.5 mm without the marks' room: one row of 94.9 mm.
    # Turned: 1 * 94.9 <= 184 across, 1 * 69.5 <= 124.5 < 139 down: also one card, so the tie keeps it upright.
    assert columns_and_rows(plan) == (2, 1)
    assert not plan.rotated
    top_half_middle = (297 / 2 + 6 + 297 - 8) / 2
    assert plan.fronts[0].y == pytest.approx(mm(top_half_middle - 88.9 / 2))


@pytest.mark.parametrize("card", ["poker", "mini-american", "tarot"])
@pytest.mark.parametrize("bleed", [0.0, mm(3)])
def test_crop_marks_lie_outside_every_bleed_box_and_inside_the_margins(card: str, bleed: float) -> None:
    plan = plan_sheet(spec(parse_card_size(card), bleed=bleed, duplex="long"))
    boxes = [bleed_box(s, bleed) for s in plan.fronts]
    back_boxes = [bleed_box(s, bleed) for s in plan.backs]

    assert plan.marks
    for marks, page_boxes in ((plan.marks, boxes), (plan.back_marks, back_boxes)):
        for mark in marks:
            assert not any(mark_crosses(mark, box) for box in page_boxes)
            for x in (mark.x1, mark.x2):
                assert mm(8) - 1e-6 <= x <= A4.width - mm(8) + 1e-6
            for y in (mark.y1, mark.y2):
                assert mm(8) - 1e-6 <= y <= A4.height - mm(8) + 1e-6


@pytest.mark.parametrize("bleed", [0.0, mm(3)])
def test_every_trim_line_has_a_mark_at_each_end_of_the_grid(bleed: float) -> None:
    plan = plan_sheet(spec(POKER, bleed=bleed))
    grid_top = max(s.y + s.height for s in plan.fronts) + bleed
    grid_bottom = min(s.y for s in plan.fronts) - bleed
    grid_left = min(s.x for s in plan.fronts) - bleed
    grid_right = max(s.x + s.width for s in plan.fronts) + bleed
    vertical = [m for m in plan.marks if m.x1 == m.x2]
    horizontal = [m for m in plan.marks if m.y1 == m.y2]

    for x in {round(v, 2) for s in plan.fronts for v in (s.x, s.x + s.width)}:
        at_x = [m for m in vertical if m.x1 == pytest.approx(x, abs=0.01)]
        assert flat([(m.y1, m.y2) for m in at_x]) == pytest.approx(
            [grid_top + mm(1), grid_top + mm(5), grid_bottom - mm(1), grid_bottom - mm(5)]
        )
    for y in {round(v, 2) for s in plan.fronts for v in (s.y, s.y + s.height)}:
        at_y = [m for m in horizontal if m.y1 == pytest.approx(y, abs=0.01)]
        assert flat([(m.x1, m.x2) for m in at_y]) == pytest.approx(
            [grid_left - mm(1), grid_left - mm(5), grid_right + mm(1), grid_right + mm(5)]
        )
    assert len(vertical) + len(horizontal) == len(plan.marks)


def test_neighbours_without_bleed_share_one_trim_line_and_one_pair_of_marks() -> None:
    plan = plan_sheet(spec(POKER, bleed=0.0))
    columns, rows = columns_and_rows(plan)
    vertical = [m for m in plan.marks if m.x1 == m.x2]
    horizontal = [m for m in plan.marks if m.y1 == m.y2]
    assert len(vertical) == 2 * (columns + 1)
    assert len(horizontal) == 2 * (rows + 1)


def test_no_crop_marks_when_turned_off() -> None:
    plan = plan_sheet(spec(POKER, crop_marks=False, duplex="long"))
    assert plan.marks == ()
    assert plan.back_marks == ()


@pytest.mark.parametrize(("cards", "sheets"), [(0, 0), (1, 1), (9, 1), (10, 2)])
def test_sheets_needed(cards: int, sheets: int) -> None:
    plan = plan_sheet(spec(POKER, bleed=0.0, crop_marks=False))
    assert len(plan.fronts) == 9
    assert sheets_needed(cards, plan) == sheets


def test_sheets_needed_refuses_a_negative_count() -> None:
    with pytest.raises(ValueError, match="negative"):
        sheets_needed(-1, plan_sheet(spec(POKER)))


def test_a_card_too_big_for_the_page_is_refused_in_plain_words() -> None:
    with pytest.raises(ImposeError) as raised:
        plan_sheet(spec(Size(mm(300), mm(400))))
    assert str(raised.value) == (
        "a 300 x 400 mm card with 3 mm bleed does not fit on a 210 x 297 mm page "
        "with 8 mm margins and 5 mm for crop marks on each side"
    )


def test_a_card_that_fits_the_page_but_not_half_of_it_is_refused_for_fold() -> None:
    assert len(plan_sheet(spec(Size(mm(130), mm(130)))).fronts) == 1
    with pytest.raises(ImposeError, match=r"130 x 130 mm card .* top half of a 210 x 297 mm page \(fold\)"):
        plan_sheet(spec(Size(mm(130), mm(130)), duplex="fold"))


@pytest.mark.parametrize("field", ["bleed", "spacing", "margin", "mark_length"])
def test_negative_lengths_are_refused(field: str) -> None:
    with pytest.raises(ImposeError, match="negative"):
        plan_sheet(spec(POKER, A4, **{field: -mm(1)}))
