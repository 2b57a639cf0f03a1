"""Boards and tokens print as the docs draw them: tokens never turned, hexes pointy or flat as
asked, triangles, words inside the outline and never under 6 pt, `pnp check` fitting token words
as `pnp board` does, sea routes, polygon stickers, and no author's note on paper."""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from PIL import Image

from pnp import geometry
from pnp.assets.fonts import load_fonts
from pnp.i18n_extract import METHOD_MAP, OPTIONS_MAP, SHEET_KEYWORDS
from pnp.load import load_pack
from pnp.model import token_shapes
from pnp.pipelines.board import build_board
from pnp.pipelines.board_options import BoardOptions, BoardResult
from pnp.pipelines.build import FONTS_DIR
from pnp.pipelines.findings import pack_findings
from pnp.render.board import BoardArt, fit_labels
from pnp.render.token import text_box
from pnp.units import mm
from tests.conftest import BLUE_SUN, ROOT
from tests.test_board import BOARD as PLAIN_BOARD
from tests.test_board import TOKENS

SCALE = 100 / 72  # 100 dpi renders


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
    return all(b[0] > a[0] and abs(b[1] - a[1]) < 1.0 for a, b in itertools.pairwise(boxes))


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
    # the colour is the triangle grown 1 mm all round, its point included: 3 mm taller than the cut one
    assert abs((bottom - top + 1) / SCALE - (height + mm(3))) < mm(0.5)


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
            sizes.add(round(pdfium_c.FPDFText_GetFontSize(text.raw, start), 2))
    assert sizes and min(sizes) >= 6.0, sizes  # 5.36 pt before


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


# --- 5. a board's own words come from its pack ---------------------------------------------

# test_board's sea, with notes for its author in every field that holds them
BOARD = PLAIN_BOARD.replace(
    'height = "150mm"\n',
    'height = "150mm"\nsource = "AUTHOR-SOURCE measured on a worn copy"\n'
    'verify = "AUTHOR-VERIFY the positions; correct board.toml"\n',
).replace('adjacent = ["south"]\n', 'adjacent = ["south"]\nnotes = "AUTHOR-NOTES measured twice"\n')


def _all_text(folder: Path) -> str:
    return "\n".join(
        page.get_textpage().get_text_range()
        for pdf in sorted(folder.glob("*.pdf"))
        for page in pdfium.PdfDocument(str(pdf))
    )


def test_a_board_prints_no_sentence_of_another_game_and_its_own_legend_when_it_has_one(
    tiny_copy: Path, tmp_path: Path
) -> None:
    (tiny_copy / "board.toml").write_text(BOARD, encoding="utf-8")
    _board(tiny_copy, tmp_path / "plain")
    plain = _all_text(tmp_path / "plain" / "tiny" / "es")
    assert "juego base" not in plain and "borde derecho" not in plain
    legend = (
        'legend = { en = "The mainland board joins at the top.", es = "El tablero del continente se une por arriba." }'
    )
    (tiny_copy / "board.toml").write_text(
        BOARD.replace('height = "150mm"', f'height = "150mm"\n{legend}'), encoding="utf-8"
    )
    _board(tiny_copy, tmp_path / "legend")
    told = _all_text(tmp_path / "legend" / "tiny" / "es")
    assert told.count("El tablero del continente se une por arriba.") >= 2  # on the map and on its assembly guide


def test_a_legend_missing_in_a_target_language_is_a_finding(tiny_copy: Path) -> None:
    legend = 'legend = { en = "The mainland board joins at the top." }'
    (tiny_copy / "board.toml").write_text(
        BOARD.replace('height = "150mm"', f'height = "150mm"\n{legend}'), encoding="utf-8"
    )
    pack = load_pack(tiny_copy).pack
    assert pack is not None
    found = [(f.code, f.field) for f in pack_findings(pack) if f.field == "legend.es"]
    assert found == [("board/untranslated", "legend.es")]


# --- 7. notes for the pack's author never print ----------------------------------------------


def test_no_word_pnp_prints_on_a_sheet_addresses_the_pack_s_author() -> None:
    """What the author should do (measure, correct a file, run a command) is said by pnp check and
    pnp board in the terminal; every sheet word the code marks, and its translation in every
    language, is for the player."""
    author = re.compile(r"\.toml|\bpnp (check|board|build|deck)\b")
    marked = extract_from_dir(ROOT, method_map=METHOD_MAP, options_map=OPTIONS_MAP, keywords=SHEET_KEYWORDS)
    words = [message for _file, _line, message, _comments, _context in marked]
    assert any("schematic" in str(word) for word in words)  # the code's own sheet words are read
    for catalogue in sorted((ROOT / "pnp" / "locale").glob("*/LC_MESSAGES/sheets.po")):
        with catalogue.open("rb") as handle:
            words += [entry.string for entry in read_po(handle) if entry.id]
    assert len(words) > 50
    for text in words:
        for one in text if isinstance(text, tuple) else (text,):
            assert not author.search(one or ""), one


def test_author_notes_of_the_board_and_tokens_never_print(tiny_copy: Path, tmp_path: Path) -> None:
    (tiny_copy / "board.toml").write_text(BOARD, encoding="utf-8")
    tokens = TOKENS.replace("count = 5", 'count = 5\nverify = "AUTHOR-VERIFY the count"\nnotes = "AUTHOR-NOTES"')
    (tiny_copy / "tokens.toml").write_text('verify = "AUTHOR-SPLIT estimate"\n' + tokens, encoding="utf-8")
    _board(tiny_copy, tmp_path / "out")
    text = _all_text(tmp_path / "out" / "tiny" / "es")
    assert "MAR DEL NORTE" in text and "AUTHOR" not in text and "board.toml" not in text


# --- 4. a polygon label's sticker is cut to its shape -----------------------------------------


def _hex_corners(cx: float, cy: float, radius: float) -> str:
    points = [
        (cx + radius * math.cos(math.radians(-90 + 60 * i)), cy + radius * math.sin(math.radians(-90 + 60 * i)))
        for i in range(6)
    ]
    return "[" + ", ".join(f'["{x:.2f}mm", "{y:.2f}mm"]' for x, y in points) + "]"


HEX_LABEL = f"""
[[region]]
id = "label-isle"
kind = "label"
name = {{ en = "ISLE", es = "ISLA DEL MEDIO" }}
polygon = {_hex_corners(120, 100, 20)}
color = "#1c2431"
ink = "#f2efe6"
"""


def test_a_hexagonal_label_gets_a_hexagonal_sticker_with_its_words_inside(tiny_copy: Path, tmp_path: Path) -> None:
    (tiny_copy / "board.toml").write_text(BOARD + HEX_LABEL, encoding="utf-8")
    result = _board(tiny_copy, tmp_path / "out")
    sheets = result.stickers
    assert sheets is not None
    placed = next(p for p in sheets.placed if p.sticker.region == "label-isle")
    # a pointy hex 40 mm tall, 34.6 mm across, grown 1 mm all round (1.15 mm at its points)
    assert math.isclose(placed.sticker.height, mm(40) + 2 * mm(1) * 2 / math.sqrt(3), abs_tol=0.05)
    assert math.isclose(placed.sticker.width, mm(40) * math.sqrt(3) / 2 + 2 * mm(1), abs_tol=0.05)
    document = pdfium.PdfDocument(str(tmp_path / "out" / "tiny" / "es" / "board-stickers.pdf"))
    page = document[1].render(scale=SCALE).to_pil().convert("RGB")
    height = page.height
    dark = {
        (x, y)
        for y in range(height)
        for x in range(page.width)
        if sum(page.getpixel((x, y))[:3]) < 200  # type: ignore[index]
    }
    left, bottom = placed.x * SCALE, height - placed.y * SCALE
    right, top = left + placed.width * SCALE, bottom - placed.height * SCALE
    corner = [(x, y) for x, y in dark if left <= x <= left + 12 and top <= y <= top + 12]
    middle = [(x, y) for x, y in dark if abs(x - (left + right) / 2) < 6 and abs(y - (top + bottom) / 2 + 25) < 6]
    assert not corner and middle  # the corner of its bounding box is paper: the sticker is the hexagon
    pack = load_pack(tiny_copy).pack
    assert pack is not None and pack.board is not None
    art = BoardArt(pack.board, "es", "en", load_fonts(FONTS_DIR))
    assert fit_labels(art, "board.toml") == []
    label = art.labels["label-isle"]
    assert label.polygon is not None
    x, y, w, h = label.box
    for point in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
        assert geometry.contains(label.polygon, point)


# --- 3. sea routes between regions that do not touch -------------------------------------------

ISLANDS = """
name = { en = "Two isles", es = "Dos islas" }
width = "200mm"
height = "150mm"

[[region]]
id = "west-isle"
kind = "sector"
name = { en = "West isle", es = "Isla oeste" }
polygon = [["20mm", "60mm"], ["60mm", "40mm"], ["80mm", "80mm"], ["40mm", "110mm"]]
adjacent = ["east-isle"]

[[region]]
id = "east-isle"
kind = "sector"
name = { en = "East isle", es = "Isla este" }
rect = { x = "130mm", y = "50mm", width = "50mm", height = "50mm" }
adjacent = ["west-isle"]
"""

ROUTE = """
[[route]]
between = ["west-isle", "east-isle"]
via = [["105mm", "45mm"]]
"""


def test_sectors_that_do_not_touch_are_neighbours_by_a_declared_route(tiny_copy: Path, tmp_path: Path) -> None:
    (tiny_copy / "board.toml").write_text(ISLANDS, encoding="utf-8")
    pack = load_pack(tiny_copy).pack
    assert pack is not None
    apart = [f.message for f in pack_findings(pack) if f.code == "board/adjacency"]
    assert apart == ['"east-isle" and "west-isle" are listed as adjacent but lie 50 mm apart']
    (tiny_copy / "board.toml").write_text(ISLANDS + ROUTE, encoding="utf-8")
    loaded = load_pack(tiny_copy)
    assert loaded.pack is not None, [f.message for f in loaded.findings]
    assert [f for f in pack_findings(loaded.pack) if f.code.startswith(("board/", "load/"))] == []
    # a route alone makes them neighbours: neither needs to list the other
    alone = ISLANDS.replace('adjacent = ["east-isle"]\n', "").replace('adjacent = ["west-isle"]\n', "")
    (tiny_copy / "board.toml").write_text(alone + ROUTE, encoding="utf-8")
    pack = load_pack(tiny_copy).pack
    assert pack is not None and [f for f in pack_findings(pack) if f.code == "board/adjacency"] == []


def test_a_route_is_drawn_between_the_sectors_edges(tiny_copy: Path, tmp_path: Path) -> None:
    (tiny_copy / "board.toml").write_text(ISLANDS + ROUTE, encoding="utf-8")
    _board(tiny_copy, tmp_path / "out")
    document = pdfium.PdfDocument(str(tmp_path / "out" / "tiny" / "es" / "board-tiled.pdf"))
    page = document[1].render(scale=SCALE).to_pil().convert("RGB")  # the map's first page, its top-left
    ink = [(x, y) for y in range(page.height) for x in range(page.width) if page.getpixel((x, y)) == (47, 93, 124)]
    assert ink
    margin = mm(8)  # the page's margin: map point (x, y) mm lies at margin + x, from the top
    xs = [(x / SCALE - margin) / mm(1) for x, _y in ink]
    ys = [(y / SCALE - margin) / mm(1) for _x, y in ink]
    # from the west isle's edge (x 70 mm on the way to the bend) to the east isle's (x 130 mm), up to the bend
    assert 64 < min(xs) < 76 and 125 < max(xs) <= 131 and 43 < min(ys) < 48


def test_a_route_to_an_unknown_sector_is_named(tiny_copy: Path) -> None:
    (tiny_copy / "board.toml").write_text(ISLANDS + ROUTE.replace('"east-isle"]', '"east-ilse"]'), encoding="utf-8")
    loaded = load_pack(tiny_copy)
    found = [(f.code, f.field, f.message) for f in loaded.findings if f.severity.value == "error"]
    assert found == [("load/unknown-ref", "route[0].between[1]", 'unknown sector "east-ilse"')]


def test_a_map_on_one_page_is_not_told_to_be_cut_and_joined(tiny_copy: Path, tmp_path: Path) -> None:
    (tiny_copy / "board.toml").write_text(PLAIN_BOARD, encoding="utf-8")
    result = _board(tiny_copy, tmp_path / "out")
    assert result.tiles == 1
    guide = pdfium.PdfDocument(str(tmp_path / "out" / "tiny" / "es" / "board-tiled.pdf"))[0]
    text = guide.get_textpage().get_text_range()
    assert "1. Imprime todas las páginas al 100 %" in text
    assert "recorta el margen" not in text and "línea discontinua de la vecina" not in text


def test_a_legend_too_long_for_its_line_is_a_finding_never_cut_short(tiny_copy: Path, tmp_path: Path) -> None:
    long = (
        "El tablero del continente se une por arriba, y el de las islas del sur, con sus corrientes y sus "
        "faros, por abajo."
    )
    legend = f'legend = {{ en = "The mainland joins at the top.", es = "{long}" }}'
    (tiny_copy / "board.toml").write_text(
        BOARD.replace('height = "150mm"', f'height = "150mm"\n{legend}'), encoding="utf-8"
    )
    result = build_board(tiny_copy, BoardOptions(output=tmp_path / "out"))
    refused = [(f.code, f.field) for f in result.findings if f.severity.value == "error"]
    assert refused == [("board/text-overflow", "legend.es")]
    pack = load_pack(tiny_copy).pack
    assert pack is not None
    assert [(f.code, f.field) for f in pack_findings(pack) if f.code == "board/text-overflow"] == refused
