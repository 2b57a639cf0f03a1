"""Boards, label stickers and tokens: the Blue Sun data, tile and sticker geometry in
points, token backs that line up, bad input as findings, and reviewed goldens."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageOps
from pydantic import BaseModel

from pnp import geometry, model
from pnp.cli import main
from pnp.geometry import Box
from pnp.impose.packing import Sticker, pack_stickers, sticker_size
from pnp.impose.tiling import TileError, plan_page_map, plan_tiles, tile_label
from pnp.load import load_pack
from pnp.pipelines.board import build_board
from pnp.pipelines.board_options import BoardOptions, BoardResult
from pnp.units import Size, mm, paper_size
from tests.conftest import BLUE_SUN, ROOT
from tests.golden import assert_matches_golden

A4 = paper_size("a4")
LETTER = paper_size("letter")
BLUE_SUN_BOARD = Size(mm(254), mm(508))  # 10 x 20 in


def close(a: float, b: float, tolerance: float = 1e-6) -> bool:
    return abs(a - b) <= tolerance


# --- the Blue Sun data ------------------------------------------------------------------


def test_blue_sun_board_holds_the_rulebook_places_and_regions() -> None:
    pack = load_pack(BLUE_SUN).pack
    assert pack is not None and pack.board is not None
    board = pack.board
    assert (round(board.width / mm(1), 1), round(board.height / mm(1), 1)) == (254.0, 508.0)
    regions = {r.id: r for r in board.board.region}
    colours = {r.id: r.color for r in regions.values() if r.kind == "region"}
    assert colours == {"rim": "#c62828", "alliance": "#1565c0", "border": "#ef6c00"}
    reaver = sorted(r.id for r in regions.values() if "reaver-space" in r.flags)
    assert reaver == ["reaver-north", "reaver-south", "reaver-west"]
    assert sorted(regions["burnham"].adjacent) == reaver  # the three sectors around Burnham
    uroboros = [r for r in regions.values() if "uroboros" in r.flags]
    assert len(uroboros) == 4 and not any("planetary" in r.flags for r in uroboros)
    names = {r.name["es"] for r in regions.values()}
    for place in ("Meridian", "Highgate", "Burnham (Miranda)", "Bazar Espacial", "Cortex Relay 7"):
        assert place in names
    assert "uroboros-4" not in regions["uroboros-1"].adjacent  # a diagonal: corners touch, no move


def test_blue_sun_tokens_add_up_to_the_box_and_say_the_split_is_an_estimate() -> None:
    pack = load_pack(BLUE_SUN).pack
    assert pack is not None and pack.tokens is not None
    tokens = pack.tokens.tokens
    assert sum(t.count for t in tokens.token if t.manifest == "tokens") == 88
    assert tokens.verify and "reparto" in tokens.verify
    alert = next(t for t in tokens.token if t.id == "alert")
    assert (alert.front.icon, alert.back and alert.back.icon) == ("reaver-alert", "alliance-alert")
    permanent = next(t for t in tokens.token if t.id == "permanent-reaver-alert")
    assert permanent.manifest is None and len(permanent.regions) == 3
    assert [(s.id, s.count) for s in tokens.standee] == [("reaver-ship", 2)]


@pytest.mark.slow
def test_blue_sun_board_and_tokens_check_clean_with_their_notes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, ["check", "cards/blue-sun"])
    board_lines = [line for line in result.output.splitlines() if "board.toml" in line or "tokens.toml" in line]
    assert board_lines == [
        'cards/blue-sun/board.toml: info: field "verify": to verify: los sectores, las regiones y sus adyacencias, '
        "sus posiciones y los tamaños de las etiquetas son un dibujo propio de pnp: Blue Sun rulebook (ES), "
        "«Extensión del mapa del Sol Azul», «Espacio Reaver» y «Cinturón de Uroboros», nombra lugares y regiones "
        "pero no da el mapa sector a sector; compáralo con tu tablero y corrige board.toml",
        'cards/blue-sun/tokens.toml: info: field "verify": to verify: el reparto de las 88 fichas (aquí 80 de alerta '
        "y 8 de paraíso), los colores de los paraísos y los tamaños de las fichas son estimaciones: cuenta y mide tu "
        "ejemplar",
        'cards/blue-sun/tokens.toml:83: info: field "standee.reaver-ship.verify": to verify: la caja trae 2 '
        "miniaturas de naves Reaver; estas figuras plegables las sustituyen, a un tamaño que eligió pnp",
    ]


# --- geometry ---------------------------------------------------------------------------


def test_polygon_geometry() -> None:
    square = geometry.rectangle(0, 0, 10, 10)
    assert geometry.area(square) == 100
    assert geometry.first_crossing(square) is None
    bow_tie = ((0.0, 0.0), (10.0, 10.0), (10.0, 0.0), (0.0, 10.0))
    assert geometry.first_crossing(bow_tie) == (0, 2)
    right = geometry.rectangle(10, 0, 10, 10)
    diagonal = geometry.rectangle(10, 10, 10, 10)
    assert geometry.shared_edge_length(square, right, 0.1) == 10
    assert geometry.shared_edge_length(square, diagonal, 0.1) == 0
    assert geometry.distance(square, diagonal) == 0
    turned = geometry.rotate(geometry.rectangle(0, 0, 20, 10), 90, (10, 5))
    assert geometry.bounding_box(turned) == geometry.Box(5, -5, 10, 20)


# --- tiles ------------------------------------------------------------------------------


def test_blue_sun_tiles_on_a4_in_points() -> None:
    """By hand, in mm: a landscape A4 page minus 8 mm margins and a 9 mm footer shows 281 x 185 mm of
    board; 508 mm of board at 185 - 10 = 175 mm a step is 3 rows, 1 column (portrait would need 2 x 2)."""
    plan = plan_tiles(BLUE_SUN_BOARD, A4, overlap=mm(10))
    assert (plan.page.width, plan.page.height) == (A4.height, A4.width)
    assert (plan.columns, plan.rows) == (1, 3)
    assert [t.label for t in plan.tiles] == ["A1", "A2", "A3"]
    windows = [(t.window.x, t.window.y, t.window.width, t.window.height) for t in plan.tiles]
    expected = [(0, 0, 254, 185), (0, 175, 254, 185), (0, 350, 254, 158)]
    for got, want in zip(windows, expected, strict=True):
        assert all(close(g, mm(w), 1e-6) for g, w in zip(got, want, strict=True))
    for upper, lower in itertools.pairwise(plan.tiles):
        assert close(upper.window.bottom - lower.window.y, mm(10))  # the overlap, exactly
    # marks: in the middle of each 10 mm band, 12 mm from its ends and at most 90 mm apart
    assert [round(y / mm(1), 3) for _, y in plan.marks[:4]] == [180.0] * 4
    assert [round(x / mm(1), 3) for x, _ in plan.marks[:4]] == [12.0, 88.667, 165.333, 242.0]
    assert len(plan.marks) == 8


def test_every_mark_prints_on_both_pages_at_the_same_board_point() -> None:
    plan = plan_tiles(Size(mm(600), mm(420)), LETTER, overlap=mm(12))
    assert plan.columns > 1 and plan.rows > 1
    for mark in plan.marks:
        showing = [t for t in plan.tiles if t.window.contains(mark)]
        assert len(showing) >= 2
        for tile in showing:
            x, y = tile.page_point(mark, plan)
            # on the page, inside the printed window, never in the margin
            assert plan.margin <= x <= plan.page.width - plan.margin
            assert plan.margin <= y <= plan.page.height - plan.margin


def test_tiles_cover_the_whole_board_and_neighbours_overlap_exactly() -> None:
    board = Size(mm(600), mm(420))
    plan = plan_tiles(board, LETTER, overlap=mm(12))
    assert [t.label for t in plan.tiles][: plan.columns + 1] == [*(tile_label(c, 0) for c in range(plan.columns)), "A2"]
    for x, y in itertools.product(range(0, 601, 20), range(0, 421, 20)):
        assert any(t.window.contains((mm(x), mm(y)), 1e-6) for t in plan.tiles)
    for tile in plan.tiles:
        if tile.column + 1 < plan.columns:
            right = plan.tile(tile.column + 1, tile.row)
            assert close(tile.window.right - right.window.x, mm(12))
        assert tile.window.width <= plan.window.width + 1e-6
        assert tile.window.height <= plan.window.height + 1e-6


def test_page_map_shows_each_tile_where_it_lies_on_the_board() -> None:
    plan = plan_tiles(BLUE_SUN_BOARD, A4, overlap=mm(10))
    area = geometry.Box(mm(12), mm(16), A4.width - mm(24), A4.height - mm(60))
    guide = plan_page_map(plan, area)
    assert [label for label, _ in guide.cells] == ["A1", "A2", "A3"]
    for (_, cell), tile in zip(guide.cells, plan.tiles, strict=True):
        assert close(cell.width, tile.window.width * guide.scale)
        assert close(cell.height, tile.window.height * guide.scale)
        assert area.x - 1e-6 <= cell.x and cell.right <= area.right + 1e-6
    (_, first), (_, second) = guide.cells[:2]
    assert close(first.y - (second.y + second.height), -mm(10) * guide.scale)  # the overlap, scaled


def test_an_overlap_that_leaves_no_room_is_refused() -> None:
    with pytest.raises(TileError, match="use a smaller --overlap"):
        plan_tiles(BLUE_SUN_BOARD, A4, overlap=mm(500))
    assert tile_label(26, 0) == "AA1"


# --- stickers ---------------------------------------------------------------------------


@pytest.mark.slow
def test_stickers_are_their_regions_plus_the_margin(tmp_path: Path) -> None:
    result = _board(BLUE_SUN, tmp_path, margin=mm(2))
    pack = load_pack(BLUE_SUN).pack
    assert pack is not None and pack.board is not None and result.stickers is not None
    placed = result.stickers.placed
    assert len(placed) == 11  # 16 labels; 5 read the same in Spanish (HIGHGATE, MERIDIAN, ...)
    for sticker in placed:
        _, _, width, height = pack.board.frames[sticker.sticker.region]
        assert close(sticker.sticker.width, width + mm(4)) and close(sticker.sticker.height, height + mm(4))
        laid = (sticker.height, sticker.width) if sticker.rotated else (sticker.width, sticker.height)
        assert close(laid[0], sticker.sticker.width) and close(laid[1], sticker.sticker.height)
    turned = next(p for p in placed if p.sticker.region == "label-alliance-space")
    assert close(turned.sticker.width, mm(104)) and close(turned.sticker.height, mm(14))  # before its 90° turn
    assert sticker_size(Size(10, 20), 3) == Size(16, 26)


def test_packing_never_overlaps_and_places_every_sticker() -> None:
    rng = random.Random(7)
    stickers = [Sticker(f"label-{n}", n, mm(rng.uniform(8, 150)), mm(rng.uniform(5, 40))) for n in range(1, 151)]
    stickers.append(Sticker("too-big", 151, mm(300), mm(250)))
    gap = mm(3)
    sheets = pack_stickers(stickers, A4, margin=mm(8), gap=gap)
    assert [s.region for s in sheets.too_large] == ["too-big"]
    assert sorted(p.sticker.number for p in sheets.placed) == list(range(1, 151))
    left, bottom, right, top = sheets.area
    for p in sheets.placed:
        assert left - 1e-6 <= p.x and p.x + p.width <= right + 1e-6
        assert bottom - 1e-6 <= p.y and p.y + p.height <= top + 1e-6
    for a, b in itertools.combinations(sheets.placed, 2):
        if a.sheet != b.sheet:
            continue
        apart_x = max(b.x - (a.x + a.width), a.x - (b.x + b.width))
        apart_y = max(b.y - (a.y + a.height), a.y - (b.y + b.height))
        assert max(apart_x, apart_y) >= gap - 1e-6, (a, b)
    # the sheets are well used: more than two thirds of their printable area is sticker
    assert sheets.efficiency > 0.67


def test_a_sticker_larger_than_the_paper_is_a_finding(tiny_copy: Path, tmp_path: Path) -> None:
    (tiny_copy / "board.toml").write_text(
        BOARD.replace(
            'rect = { x = "5mm", y = "5mm", width = "60mm", height = "12mm" }',
            'rect = { x = "5mm", y = "5mm", width = "290mm", height = "250mm" }',
        ).replace('width = "200mm"\nheight = "150mm"', 'width = "300mm"\nheight = "300mm"'),
        encoding="utf-8",
    )
    result = build_board(tiny_copy, BoardOptions(output=tmp_path / "out"))
    assert _errors(result) == [
        'board/sticker-too-large region.label-north.rect: the sticker for label "label-north" is 292 x 252 mm, '
        "larger than the 194 x 281 mm a A4 sheet can print either way round"
    ]
    assert not (tmp_path / "out").exists()


def test_a_translation_that_does_not_fit_its_label_is_a_finding(tiny_copy: Path, tmp_path: Path) -> None:
    (tiny_copy / "board.toml").write_text(
        BOARD.replace('es = "MAR DEL NORTE"', 'es = "' + "MAR DEL NORTE MUY MUY LEJANO " * 20 + '"'), encoding="utf-8"
    )
    result = build_board(tiny_copy, BoardOptions(output=tmp_path / "out"))
    [found] = _errors(result)
    assert found.startswith('board/text-overflow region.label-north.name.es: label "label-north": "MAR DEL NORTE MUY')
    assert found.endswith("does not fit its 60 x 12 mm region, even at 6 pt")


# --- tokens -----------------------------------------------------------------------------


@pytest.mark.parametrize("duplex", ["long", "short", "fold"])
def test_token_backs_line_up_with_their_fronts(tiny_copy: Path, tmp_path: Path, duplex: str) -> None:
    (tiny_copy / "tokens.toml").write_text(TOKENS, encoding="utf-8")
    result = build_board(tiny_copy, BoardOptions(output=tmp_path / "out", duplex=duplex))  # type: ignore[arg-type]
    assert result.ok, _errors(result)
    document = pdfium.PdfDocument(str(tmp_path / "out" / "tiny" / "es" / "tokens.pdf"))
    # within the 8 mm margins: the footer and its scale bar print on fronts only
    pages = [_ink(page.render(scale=40 / 72).to_pil()).crop((13, 13, 318, 455)) for page in document]
    if duplex == "fold":
        front = pages[0]
        width, height = front.size
        top = front.crop((0, 0, width, height // 2))
        bottom = front.crop((0, height - height // 2, width, height))
        front, back = top, ImageOps.flip(bottom)  # folded over: the bottom half turns about the fold
    else:
        front, back = pages[0], pages[1]
        back = ImageOps.mirror(back) if duplex == "long" else ImageOps.flip(back)
    assert _overlap(front, back) > 0.97


def test_tokens_without_a_board_print_alone_and_unknown_regions_are_named(tiny_copy: Path, tmp_path: Path) -> None:
    (tiny_copy / "tokens.toml").write_text(
        TOKENS.replace("count = 12", 'count = 12\nregions = ["north"]'), encoding="utf-8"
    )
    result = build_board(tiny_copy, BoardOptions(output=tmp_path / "out"))
    assert _errors(result) == [
        'board/unknown-region token.fuel-marker.regions[0]: the token cites region "north", '
        "but the pack has no board.toml"
    ]


def test_standees_fold_over(tiny_copy: Path, tmp_path: Path) -> None:
    (tiny_copy / "tokens.toml").write_text(TOKENS + STANDEE, encoding="utf-8")
    result = build_board(tiny_copy, BoardOptions(output=tmp_path / "out"))
    assert result.ok, _errors(result)
    # two token sizes, cut along their outlines, share one sheet: a front and a back page
    assert [(w.path.name, w.pages) for w in result.written] == [("tokens.pdf", 2), ("standees.pdf", 1)]
    document = pdfium.PdfDocument(str(tmp_path / "out" / "tiny" / "es" / "standees.pdf"))
    text = document[0].get_textpage().get_text_range()
    assert text.count("BARCO") == 6 and text.count("peana") == 6  # 3 standees: two faces and two tabs each


# --- the board image --------------------------------------------------------------------


@pytest.mark.slow
def test_a_board_image_too_small_for_the_print_is_a_dpi_warning(tiny_copy: Path, tmp_path: Path) -> None:
    (tiny_copy / "board.toml").write_text(BOARD, encoding="utf-8")
    image = tmp_path / "scan.png"
    Image.new("RGB", (590, 443), "#203040").save(image)  # 200 x 150 mm at 75 dpi
    result = build_board(tiny_copy, BoardOptions(output=tmp_path / "out", image=image))
    assert result.ok
    warnings = [(f.code, f.message, f.hint) for f in result.findings if f.code.startswith("board/image")]
    assert warnings == [
        (
            "board/image-dpi",
            "the image is 590 x 443 px: 75 dpi at the board's 200 x 150 mm, and below 150 dpi it prints blurred",
            "scan or export it at 300 dpi: 2362 x 1772 px",
        )
    ]
    missing = build_board(tiny_copy, BoardOptions(output=tmp_path / "other", image=tmp_path / "nowhere.png"))
    assert [(f.code, f.message) for f in missing.findings if f.severity.value == "error"] == [
        ("board/image", "the image nowhere.png does not exist")
    ]


# --- output -----------------------------------------------------------------------------


@pytest.mark.slow
def test_cli_board_names_every_file_with_its_pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, ["board", "cards/blue-sun", "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[-2] == (
        "Stickers: 11 on 1 sheet, using 15 % of the printable sheet area; 5 labels read the same and need none."
    )
    assert lines[-1] == (
        f"Wrote to {tmp_path / 'out' / 'blue-sun' / 'es'}: board-tiled.pdf (4 pages), board-stickers.pdf (2 pages), "
        "tokens.pdf (4 pages), standees.pdf (1 page)."
    )
    assert "Traceback" not in result.output


def test_cli_board_help_and_bad_units(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    help_text = CliRunner().invoke(main, ["board", "--help"]).output
    assert "Example:" in help_text and "pnp board cards/blue-sun" in help_text
    bad = CliRunner().invoke(main, ["board", "cards/blue-sun", "--overlap", "10"])
    assert bad.exit_code == 2
    assert "expected a length with a unit (mm, cm, in, pt), like \"3mm\", got '10'" in bad.output


def test_a_pack_without_board_or_tokens_says_so(tiny_copy: Path, tmp_path: Path) -> None:
    result = build_board(tiny_copy, BoardOptions(output=tmp_path / "out"))
    assert [f.code for f in result.findings if f.severity.value == "error"] == ["board/nothing"]


@pytest.mark.slow
def test_board_outputs_are_byte_identical_run_to_run(tmp_path: Path) -> None:
    first = _board(BLUE_SUN, tmp_path / "a")
    second = _board(BLUE_SUN, tmp_path / "b")
    for a, b in zip(first.written, second.written, strict=True):
        assert a.path.read_bytes() == b.path.read_bytes(), a.path.name


@pytest.mark.slow
@pytest.mark.parametrize(
    "file,page,name",
    [
        ("board-tiled.pdf", 1, "blue-sun-board-tile-a1"),
        ("board-stickers.pdf", 1, "blue-sun-sticker-sheet"),
        ("tokens.pdf", 0, "blue-sun-token-sheet"),
    ],
)
def test_board_pages_match_reviewed_goldens(
    tmp_path: Path, file: str, page: int, name: str, update_golden: bool
) -> None:
    _board(BLUE_SUN, tmp_path / "out")
    document = pdfium.PdfDocument(str(tmp_path / "out" / "blue-sun" / "es" / file))
    actual = document[page].render(scale=60 / 72).to_pil().convert("RGB")
    assert_matches_golden(actual, name, update_golden, tmp_path)


# --- the formats are documented ----------------------------------------------------------

BOARD_MODELS: list[type[BaseModel]] = [
    model.Board,
    model.Region,
    model.Rect,
    model.Route,
    model.TokenFile,
    model.Token,
    model.TokenFace,
    model.Standee,
]


def test_every_board_and_token_field_is_documented() -> None:
    doc = (ROOT / "docs" / "pack-format.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"`([a-z_]+)`", doc))
    missing = [f"{m.__name__}.{name}" for m in BOARD_MODELS for name in m.model_fields if name not in documented]
    assert missing == []
    for record in BOARD_MODELS:
        for name, info in record.model_fields.items():
            assert info.description, f"{record.__name__}.{name}"
    findings_doc = (ROOT / "docs" / "findings.md").read_text(encoding="utf-8")
    for code in (
        "board/outside",
        "board/polygon",
        "board/adjacency",
        "board/within",
        "board/unknown-region",
        "board/untranslated",
        "tokens/manifest",
        "board/verify",
        "board/sticker-too-large",
        "board/text-overflow",
        "board/image",
        "board/image-dpi",
        "board/image-aspect",
        "board/tiles",
        "board/impose",
        "board/nothing",
    ):
        assert f"`{code}`" in findings_doc, code


# --- helpers and fixtures ------------------------------------------------------------------


def _board(pack: Path, out: Path, **options: object) -> BoardResult:
    result = build_board(pack, BoardOptions(output=out, **options))  # type: ignore[arg-type]
    assert result.ok, _errors(result)
    return result


def _errors(result: BoardResult) -> list[str]:
    return [f"{f.code} {f.field}: {f.message}" for f in result.findings if f.severity.value == "error"]


def _ink(image: Image.Image) -> Image.Image:
    """Where anything is printed: a black-and-white mask."""
    return image.convert("L").point(lambda v: 255 if v < 245 else 0)


def _overlap(a: Image.Image, b: Image.Image) -> float:
    """Intersection over union of two masks."""
    both = ImageChops.multiply(a, b)
    either = ImageChops.lighter(a, b)
    union = sum(1 for v in either.get_flattened_data() if v)
    return sum(1 for v in both.get_flattened_data() if v) / union if union else 1.0


BOARD = """
name = { en = "Tiny sea", es = "Mar pequeño" }
width = "200mm"
height = "150mm"

[[region]]
id = "north"
kind = "sector"
name = { en = "North", es = "Norte" }
rect = { x = "0mm", y = "0mm", width = "200mm", height = "75mm" }
adjacent = ["south"]

[[region]]
id = "south"
kind = "sector"
name = { en = "South", es = "Sur" }
rect = { x = "0mm", y = "75mm", width = "200mm", height = "75mm" }
adjacent = ["north"]

[[region]]
id = "label-north"
kind = "label"
name = { en = "NORTH SEA", es = "MAR DEL NORTE" }
rect = { x = "5mm", y = "5mm", width = "60mm", height = "12mm" }
"""

TOKENS = """
[[token]]
id = "fuel-marker"
name = { en = "Fuel marker", es = "Marcador de combustible" }
shape = "circle"
size = "22mm"
count = 12
front = { label = { en = "FUEL", es = "COMBUSTIBLE" }, icon = "fuel", color = "#fde0b2" }
back = { label = { en = "EMPTY", es = "VACÍO" }, color = "#cfd8dc" }

[[token]]
id = "port"
name = { en = "Port", es = "Puerto" }
shape = "hex"
size = "24mm"
count = 5
front = { label = { en = "PORT", es = "PUERTO" }, color = "#1565c0", ink = "#ffffff" }
back = { label = { en = "CLOSED", es = "CERRADO" }, color = "#455a64", ink = "#ffffff" }
"""

STANDEE = """
[[standee]]
id = "ship"
name = { en = "Ship", es = "Barco" }
count = 3
width = "25mm"
height = "35mm"
front = { label = { en = "SHIP", es = "BARCO" }, icon = "fuel", color = "#263238", ink = "#ffffff" }
"""


def test_one_sided_tokens_say_so_on_their_empty_back_page(tiny_copy: Path, tmp_path: Path) -> None:
    one_sided = TOKENS.replace(
        'back = { label = { en = "CLOSED", es = "CERRADO" }, color = "#455a64", ink = "#ffffff" }\n', ""
    )
    square = one_sided.replace('shape = "hex"', 'shape = "square"')  # cut straight: a sheet of its own
    (tiny_copy / "tokens.toml").write_text(square, encoding="utf-8")
    result = build_board(tiny_copy, BoardOptions(output=tmp_path / "out"))
    assert result.ok, _errors(result)
    document = pdfium.PdfDocument(str(tmp_path / "out" / "tiny" / "es" / "tokens.pdf"))
    assert len(document) == 4
    backs = [document[i].get_textpage().get_text_range() for i in (1, 3)]
    assert "VACÍO" in backs[0] and "Dorso en blanco" not in backs[0]
    assert backs[1].startswith("Dorso en blanco: estas fichas tienen una sola cara")


def test_a_token_without_a_label_in_a_printed_language_is_a_finding(tiny_copy: Path, tmp_path: Path) -> None:
    (tiny_copy / "tokens.toml").write_text(TOKENS.replace(', es = "CERRADO"', ""), encoding="utf-8")
    result = build_board(tiny_copy, BoardOptions(output=tmp_path / "out"))
    found = [f for f in result.findings if f.code == "tokens/untranslated"]
    assert [(f.field, f.message) for f in found] == [
        (
            "token.port.back.label.es",
            'token "port": its back has no label in "es": the es sheets would print «CLOSED», the en words',
        )
    ]


def test_alignment_marks_keep_off_printed_planets() -> None:
    free = plan_tiles(BLUE_SUN_BOARD, A4, overlap=mm(10))
    x0, y0 = free.marks[1]
    planet = Box(x0 - mm(7), y0 - mm(7), mm(14), mm(14))  # a planet right where a mark would go
    moved = plan_tiles(BLUE_SUN_BOARD, A4, overlap=mm(10), avoid=(planet,))
    assert len(moved.marks) == len(free.marks)
    for x, y in moved.marks:  # a mark (ring, cross and air) reaches 5 mm
        assert not (planet.x - mm(5) < x < planet.right + mm(5) and planet.y - mm(5) < y < planet.bottom + mm(5))
