"""Boards and tokens print as the docs draw them: tokens never turned, hexes pointy or flat as
asked, triangles, words inside the outline and never under 6 pt, `pnp check` fitting token words
as `pnp board` does, sea routes, polygon stickers, and no author's note on paper."""

from __future__ import annotations

import math
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image

from pnp import geometry, token_shapes
from pnp.load import load_pack
from pnp.pipelines.board import build_board
from pnp.pipelines.board_options import BoardOptions, BoardResult
from pnp.pipelines.findings import pack_findings
from pnp.render.token import text_box
from pnp.units import mm
from tests.conftest import BLUE_SUN

SCALE = 100 / 72  # 100 dpi renders

TOKENS = """
[[token]]
id = "fuel-marker"
name = { en = "Fuel marker", es = "Marcador de combustible" }
shape = "circle"
size = "22mm"
count = 12
front = { label = { en = "FUEL", es = "COMBUSTIBLE" }, icon = "fuel", color = "#fde0b2" }

[[token]]
id = "port"
name = { en = "Port", es = "Puerto" }
shape = "hex"
size = "24mm"
count = 5
front = { label = { en = "PORT", es = "PUERTO" }, color = "#1565c0", ink = "#ffffff" }
"""


def _board(pack: Path, out: Path) -> BoardResult:
    result = build_board(pack, BoardOptions(output=out))
    assert result.ok, [f"{f.code} {f.field}: {f.message}" for f in result.findings if f.severity.value == "error"]
    return result


def _words_on(pdf: Path, page: int, word: str) -> list[list[tuple[float, float, float, float]]]:
    """The character boxes of every printing of `word` on a page."""
    text = pdfium.PdfDocument(str(pdf))[page].get_textpage()
    whole = text.get_text_range()
    found, start = [], whole.find(word)
    while start >= 0:
        found.append([text.get_charbox(i) for i in range(start, start + len(word))])
        start = whole.find(word, start + 1)
    return found


def _level(boxes: list[tuple[float, float, float, float]]) -> bool:
    """The letters run left to right along one line, as words on a face drawn upright do."""
    return all(b[0] > a[0] and abs(b[1] - a[1]) < 1.0 for a, b in zip(boxes, boxes[1:], strict=False))


def _blue(image: Image.Image) -> list[tuple[int, int]]:
    return [
        (x, y)
        for y in range(image.height)
        for x in range(image.width)
        if (p := image.getpixel((x, y))) and p[2] > 150 and p[0] < 60  # type: ignore[index]
    ]


def _first_shape(pixels: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """The pixels joined to the topmost, leftmost one: the first token on the page."""
    left = set(pixels)
    start = min(pixels, key=lambda p: (p[1], p[0]))
    shape, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if near in left and near not in shape:
                shape.add(near)
                todo.append(near)
    return shape


def _top_row_span(pixels: list[tuple[int, int]]) -> tuple[int, int]:
    """Of the first shape on the page: the width of its row 2 px below its top, and its width."""
    shape = _first_shape(pixels)
    top = min(y for _x, y in shape)
    row = [x for x, y in shape if y == top + 2]
    return max(row) - min(row), max(x for x, _y in shape) - min(x for x, _y in shape)


# --- 1. tokens are never turned -----------------------------------------------------------


def test_round_and_hex_tokens_print_upright_with_the_point_of_a_hex_at_the_top(tiny_copy: Path, tmp_path: Path) -> None:
    # a 22 mm circle and a 24 mm hex share one grid of 24 x 27.7 mm cells, which holds more turned
    (tiny_copy / "tokens.toml").write_text(TOKENS, encoding="utf-8")
    _board(tiny_copy, tmp_path / "out")
    pdf = tmp_path / "out" / "tiny" / "es" / "tokens.pdf"
    for word in ("COMBUSTIBLE", "PUERTO"):
        printed = _words_on(pdf, 0, word)
        assert len(printed) == (12 if word == "COMBUSTIBLE" else 5)
        assert all(_level(boxes) for boxes in printed), word
    page = pdfium.PdfDocument(str(pdf))[0].render(scale=SCALE).to_pil().convert("RGB")
    top_row, width = _top_row_span(_blue(page))
    assert top_row <= 12 < width  # a point at the top, not a flat side


def test_a_flat_hex_is_flat_at_the_top_and_as_wide_as_the_docs_say(tiny_copy: Path, tmp_path: Path) -> None:
    (tiny_copy / "tokens.toml").write_text(TOKENS.replace('"hex"', '"flat-hex"'), encoding="utf-8")
    pack = load_pack(tiny_copy).pack
    assert pack is not None and pack.tokens is not None
    width, height = pack.tokens.sizes["port"]
    assert math.isclose(height, mm(24)) and math.isclose(width, mm(24) * 2 / math.sqrt(3))
    _board(tiny_copy, tmp_path / "out")
    pdf = tmp_path / "out" / "tiny" / "es" / "tokens.pdf"
    assert all(_level(boxes) for boxes in _words_on(pdf, 0, "PUERTO"))
    page = pdfium.PdfDocument(str(pdf))[0].render(scale=SCALE).to_pil().convert("RGB")
    top_row, width_px = _top_row_span(_blue(page))
    assert top_row > width_px / 3  # a flat side at the top, half the width across


# --- 2. triangular tokens -------------------------------------------------------------------

TRIANGLE = """
[[token]]
id = "wind"
name = { en = "Wind", es = "Viento" }
shape = "triangle"
size = "26mm"
count = 4
front = { label = { en = "WIND", es = "VIENTO" }, icon = "fuel", color = "#2e7d32", ink = "#ffffff" }
back = { label = { en = "CALM", es = "CALMA" }, color = "#1565c0", ink = "#ffffff" }
"""


def test_triangular_tokens_print_with_their_cut_line_bleed_and_words_inside(tiny_copy: Path, tmp_path: Path) -> None:
    (tiny_copy / "tokens.toml").write_text(TRIANGLE, encoding="utf-8")
    pack = load_pack(tiny_copy).pack
    assert pack is not None and pack.tokens is not None
    width, height = pack.tokens.sizes["wind"]
    assert math.isclose(width, mm(26)) and math.isclose(height, mm(26) * math.sqrt(3) / 2)
    _board(tiny_copy, tmp_path / "out")
    pdf = tmp_path / "out" / "tiny" / "es" / "tokens.pdf"
    document = pdfium.PdfDocument(str(pdf))
    assert len(document) == 2  # fronts and their backs
    assert all(_level(boxes) for boxes in _words_on(pdf, 0, "VIENTO"))
    page = document[1].render(scale=SCALE).to_pil().convert("RGB")
    shape = _first_shape(_blue(page))
    top, bottom = min(y for _x, y in shape), max(y for _x, y in shape)
    row = [x for x, y in shape if y == top + 2]
    base = [x for x, y in shape if y == bottom - 2]
    # a point at the top, a whole side at the foot: a triangle, its colour 1 mm past the cut
    assert max(row) - min(row) < 8 and max(base) - min(base) > mm(26) * SCALE


@pytest.mark.parametrize("shape", ["circle", "square", "hex", "flat-hex", "triangle", "rounded"])
@pytest.mark.parametrize("picture", [True, False])
def test_a_face_s_words_lie_inside_its_outline(shape: str, picture: bool) -> None:
    width, height = token_shapes.face_size(shape, mm(20))
    x, y, w, h = text_box(shape, width, height, picture)
    outline = token_shapes.room(shape, width, height)
    for corner in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
        assert geometry.contains(outline, corner), (shape, corner)
    assert w > width * 0.45  # and the room is used: a label is not squeezed into a corner


def test_words_too_long_for_a_triangle_are_a_finding_though_its_bounding_box_holds_them(
    tiny_copy: Path, tmp_path: Path
) -> None:
    # about 19 mm at 6 pt: the 24 mm bounding box holds it, the triangle is 13 mm across there
    long = TRIANGLE.replace('es = "VIENTO"', 'es = "TEMPESTUOSAMENTE"').replace('"26mm"', '"24mm"')
    (tiny_copy / "tokens.toml").write_text(long, encoding="utf-8")
    result = build_board(tiny_copy, BoardOptions(output=tmp_path / "out"))
    assert [(f.code, f.field) for f in result.findings if f.severity.value == "error"] == [
        ("board/text-overflow", "token.wind.front.label.es")
    ]


# --- 6. the 6 pt floor, and check fits as board does ------------------------------------------


def test_blue_sun_token_words_print_at_6_pt_or_more(tmp_path: Path) -> None:
    _board(BLUE_SUN, tmp_path / "out")
    pdf = pdfium.PdfDocument(str(tmp_path / "out" / "blue-sun" / "es" / "tokens.pdf"))
    sizes = set()
    for page in pdf:
        text = page.get_textpage()
        whole = text.get_text_range()
        start = whole.find("PERMANENTE")
        if start >= 0:
            left, bottom, right, top = text.get_charbox(start + 1, loose=True)
            sizes.add(round(top - bottom, 1))
    assert sizes and min(sizes) >= 6.0 * 0.9, sizes  # the loose box of a 6 pt font is about its size


def test_check_finds_the_token_words_board_refuses(tiny_copy: Path, tmp_path: Path) -> None:
    squeezed = TOKENS.replace('"22mm"', '"12mm"')  # COMBUSTIBLE cannot fit a 12 mm disc at 6 pt
    (tiny_copy / "tokens.toml").write_text(squeezed, encoding="utf-8")
    board = build_board(tiny_copy, BoardOptions(output=tmp_path / "out"))
    refused = [(f.code, f.field, f.message) for f in board.findings if f.code == "board/text-overflow"]
    assert refused == [
        ("board/text-overflow", "token.fuel-marker.front.label.es", "the label does not fit on the face, even at 6 pt")
    ]
    pack = load_pack(tiny_copy).pack
    assert pack is not None
    checked = [(f.code, f.field, f.message) for f in pack_findings(pack) if f.code == "board/text-overflow"]
    assert checked == refused
