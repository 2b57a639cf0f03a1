"""`pnp scan`: scanned pages into straight card images at the card's size, named, with their text read.

The pages are drawn here (tests/scan_pages.py) with Pillow; the images pnp writes are measured here too,
from the edges of the white panel each card is drawn with, by nothing of pnp's own geometry.
"""

from __future__ import annotations

import difflib
import re
import shutil
import struct
import subprocess
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli import main
from pnp.load import load_pack
from tests.scan_pages import CARD_MM, CARDS, FRAME_MM, draw_page, mm_px, panel_edges, write_pack

pytestmark = pytest.mark.slow  # child processes, a browser or drawn pages: left out of the quick loop

cv2 = pytest.importorskip("cv2", reason="pnp scan needs OpenCV: pip install -e '.[scan]'")

ANGLES = [-3.0, 1.5, 4.0, -0.7]
PageMaker = Callable[..., Path]
PX_PER_MM = 300 / 25.4


def _scan(*args: str | Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["scan", *map(str, args)])
    return result.exit_code, result.output


def _measure(path: Path) -> dict[str, float]:
    """The card as it lies in the image: the slope of each panel edge and the card's edges, inferred from the
    panel's (drawn FRAME_MM inside the card's edge), in mm from the image's own edges."""
    image = Image.open(path)
    edges = panel_edges(image)
    width_mm, height_mm = image.width / PX_PER_MM, image.height / PX_PER_MM
    left = edges["left"][0] / PX_PER_MM - FRAME_MM
    right = width_mm - edges["right"][0] / PX_PER_MM + FRAME_MM
    top = edges["top"][0] / PX_PER_MM - FRAME_MM
    bottom = height_mm - edges["bottom"][0] / PX_PER_MM + FRAME_MM
    return {
        "angle": max(abs(slope) for _position, slope in edges.values()),
        "width": right - left,
        "height": bottom - top,
        "left": left,
        "top": top,
    }


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    return write_pack(tmp_path / "pack")


_PAGES: dict[tuple[object, ...], Path] = {}


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> PageMaker:
    """page(extras=...) -> the path of a page of the four cards turned by ANGLES, drawn once per module."""
    folder = tmp_path_factory.mktemp("pages")

    def page(extras: bool = True) -> Path:
        key = (extras,)
        if key not in _PAGES:
            _PAGES[key] = folder / f"page-{len(_PAGES)}.png"
            draw_page(_PAGES[key], ANGLES, extras=extras)
        return _PAGES[key]

    return page


def test_four_turned_cards_come_out_straight_at_the_card_size(pack: Path, tmp_path: Path, pages: PageMaker) -> None:
    page = pages()
    code, output = _scan(pack, page, "--deck", "supply", "--no-ocr")
    assert code == 0, output
    for (card_id, _texts), angle in zip(CARDS.items(), ANGLES, strict=True):
        image = pack / "art" / "scans" / f"{card_id}.png"
        assert Image.open(image).size == (mm_px(CARD_MM[0], 300), mm_px(CARD_MM[1], 300))
        measured = _measure(image)
        assert measured["angle"] < 0.3, (card_id, measured)
        assert abs(measured["width"] - CARD_MM[0]) < 0.5, (card_id, measured)
        assert abs(measured["height"] - CARD_MM[1]) < 0.5, (card_id, measured)
        assert abs(measured["left"]) < 0.5 and abs(measured["top"]) < 0.5, (card_id, measured)  # cut at its edge
        # the report gives the angle each card lay at on the page, and its measured size
        assert re.search(rf"is {card_id}: turned {re.escape(f'{angle:+.1f}')}°, 63\.[45] x 88\.[89] mm", output), output
    data = load_pack(pack).pack
    assert data is not None
    assert {c: data.cards()[c].scan for c in CARDS} == {c: f"art/scans/{c}.png" for c in CARDS}
    assert "60.1 x 8.1 mm, too small for a card" in output  # the strip of tape
    assert "not four-sided" in output  # the coin


def test_a_page_without_resolution_is_measured_from_its_cards(pack: Path, tmp_path: Path) -> None:
    page = tmp_path / "page.png"
    draw_page(page, ANGLES, dpi=400, save_dpi=False, extras=False)
    code, output = _scan(pack, page, "--cards", "long-haul,old-charts,fuel-cells,spare-parts", "--no-ocr")
    assert code == 0, output
    assert "at 400 dpi (measured from the cards)" in output
    measured = _measure(pack / "art" / "scans" / "long-haul.png")
    assert measured["angle"] < 0.3 and abs(measured["width"] - CARD_MM[0]) < 0.5, measured


def _text_words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def _tesseract_missing() -> str | None:
    if shutil.which("tesseract") is None:
        return "Tesseract is not installed (apt-get install tesseract-ocr tesseract-ocr-eng)"
    langs = subprocess.run(["tesseract", "--list-langs"], capture_output=True, text=True, check=False).stdout.split()
    return None if "eng" in langs else "Tesseract has no English data (apt-get install tesseract-ocr-eng)"


@pytest.mark.skipif(_tesseract_missing() is not None, reason=str(_tesseract_missing()))
def test_the_text_is_read_into_the_empty_fields_and_marked_verify(pack: Path, tmp_path: Path, pages: PageMaker) -> None:
    page = pages()
    before = (pack / "supply.toml").read_text(encoding="utf-8")
    code, output = _scan(pack, page, "--deck", "supply")
    assert code == 0, output
    data = load_pack(pack).pack
    assert data is not None
    right = total = 0
    for card_id, (title, text) in CARDS.items():
        card = data.cards()[card_id]
        expected, got = _text_words(text), _text_words(card.text["en"])
        total += len(expected)  # words right: those of the longest common run, in order (a lost word costs one)
        right += sum(block.size for block in difflib.SequenceMatcher(None, expected, got).get_matching_blocks())
        assert card.title["en"] == title  # typed by hand: kept
        assert card.verify is not None and "text.en read by OCR" in card.verify
    assert right / total >= 0.95, (right, total)
    assert "4 texts read into the pack, each marked verify" in output
    assert "No text found in: spare-parts (flavour), fuel-cells (flavour)" in output  # said, nothing written
    assert "flavour" not in (pack / "supply.toml").read_text(encoding="utf-8")
    print(f"OCR: {right} of {total} words right ({right / total:.1%})")
    after = (pack / "supply.toml").read_text(encoding="utf-8")
    assert after.count("# typed by hand") == 4  # every other byte as it was
    remaining = iter(after.splitlines())
    assert all(line in remaining for line in before.splitlines())  # every old line kept, in order


@pytest.mark.skipif(_tesseract_missing() is not None, reason=str(_tesseract_missing()))
def test_a_typed_text_is_never_replaced(tmp_path: Path, pages: PageMaker) -> None:
    pack = write_pack(tmp_path / "pack", with_text=True)
    text = pack / "supply.toml"
    text.write_text(text.read_text().replace("Gain two parts", "Gain 2 parts"), encoding="utf-8")
    page = pages()
    code, output = _scan(pack, page, "--deck", "supply")
    assert code == 0, output
    card = load_pack(pack).pack.cards()["spare-parts"]  # type: ignore[union-attr]
    assert card.text["en"].startswith("Gain 2 parts") and card.verify is None
    assert "spare-parts text.en" in output  # said, not replaced


@pytest.mark.skipif(_tesseract_missing() is not None, reason=str(_tesseract_missing()))
def test_a_region_that_cannot_be_read_is_reported_and_left_empty(pack: Path, tmp_path: Path) -> None:
    page = tmp_path / "page.png"
    draw_page(page, ANGLES, extras=False, scribbled=(2,))
    code, output = _scan(pack, page, "--deck", "supply")
    assert code == 0, output
    assert "Text that could not be read: old-charts (rules)." in output
    cards = load_pack(pack).pack.cards()  # type: ignore[union-attr]
    assert "en" not in cards["old-charts"].text and cards["old-charts"].verify is None
    assert cards["long-haul"].text["en"].startswith("When you deliver cargo")


def test_without_tesseract_the_scan_goes_on_and_says_how_to_install_it(
    pack: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pages: PageMaker
) -> None:
    monkeypatch.setattr(shutil, "which", lambda name, *args, **kwargs: None)
    page = pages(extras=False)
    code, output = _scan(pack, page, "--deck", "supply")
    assert code == 0, output
    assert "Tesseract is not installed" in output and "apt-get install tesseract-ocr" in output
    assert "brew install tesseract" in output and "Windows" in output
    assert len(list((pack / "art" / "scans").glob("*.png"))) == 4


def test_an_image_the_user_made_is_never_replaced_without_force(pack: Path, tmp_path: Path, pages: PageMaker) -> None:
    page = pages(extras=False)
    mine = pack / "art" / "scans" / "fuel-cells.png"
    mine.parent.mkdir(parents=True)
    Image.new("RGB", (10, 10), "red").save(mine)
    original = mine.read_bytes()
    code, output = _scan(pack, page, "--deck", "supply", "--no-ocr")
    assert code == 1
    assert "art/scans/fuel-cells.png is an image you made or changed: it was not replaced" in output
    assert mine.read_bytes() == original
    # the others were written, and a second run replaces pnp's own images without asking
    code, output = _scan(pack, page, "--deck", "supply", "--no-ocr")
    assert "is spare-parts: turned" in output and output.count("is an image you made") == 1
    code, output = _scan(pack, page, "--deck", "supply", "--no-ocr", "--force")
    assert code == 0, output
    assert Image.open(mine).size == (750, 1050)


def test_a_card_that_names_another_scan_keeps_it(pack: Path, tmp_path: Path, pages: PageMaker) -> None:
    deck = pack / "supply.toml"
    deck.write_text(
        deck.read_text().replace('title.en = "Spare Parts"', 'title.en = "Spare Parts"\nscan = "art/mine.png"'),
        encoding="utf-8",
    )
    page = pages(extras=False)
    code, output = _scan(pack, page, "--deck", "supply", "--no-ocr")
    assert code == 0, output
    assert "spare-parts names its scan already (art/mine.png): it was kept" in output
    assert load_pack(pack).pack.cards()["spare-parts"].scan == "art/mine.png"  # type: ignore[union-attr]


# --- bad input -------------------------------------------------------------------------------------------


def test_a_file_that_is_not_an_image(pack: Path, tmp_path: Path) -> None:
    page = tmp_path / "notes.png"
    page.write_text("these are not pixels", encoding="utf-8")
    code, output = _scan(pack, page, "--deck", "supply", "--no-ocr")
    assert code == 1
    assert "notes.png: error:" in output and "is a text file, not a picture" in output


def _png_header_only(path: Path, width: int, height: int) -> None:
    """A PNG that claims a size: its header, no pixels (the size is refused before any is decoded)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b""))


def test_a_scan_of_20000_by_20000_pixels_is_refused(pack: Path, tmp_path: Path) -> None:
    page = tmp_path / "huge.png"
    _png_header_only(page, 20_000, 20_000)
    code, output = _scan(pack, page, "--deck", "supply", "--no-ocr")
    assert code == 1
    assert "huge.png: error: the image is 400 MP; the limit is 50 MP" in output
    assert "300 to 600 dpi" in output


def test_a_cmyk_jpeg_is_converted_and_said_so(pack: Path, tmp_path: Path, pages: PageMaker) -> None:
    png, page = pages(extras=False), tmp_path / "page.jpg"
    Image.open(png).convert("CMYK").save(page, quality=92, dpi=(300, 300))
    code, output = _scan(pack, page, "--deck", "supply", "--no-ocr")
    assert code == 0, output
    assert "page.jpg: warning: the scan is a CMYK image" in output
    assert _measure(pack / "art" / "scans" / "old-charts.png")["angle"] < 0.3


def test_a_transparent_png_is_read_on_white(pack: Path, tmp_path: Path, pages: PageMaker) -> None:
    page = tmp_path / "page.png"
    pixels = np.asarray(Image.open(pages(extras=False)).convert("RGBA")).copy()
    paper = pixels[..., :3].min(axis=2) > 225
    pixels[paper, 3] = 0  # the paper cut away, as a background remover leaves it
    Image.fromarray(pixels, "RGBA").save(page, dpi=(300, 300))
    code, output = _scan(pack, page, "--deck", "supply", "--no-ocr")
    assert code == 0, output
    assert "page.png: warning: the scan has transparent parts: they are read as white paper" in output
    assert len(list((pack / "art" / "scans").glob("*.png"))) == 4


def test_a_page_with_no_card(pack: Path, tmp_path: Path) -> None:
    page = tmp_path / "empty.png"
    draw_page(page, [], extras=True)
    code, output = _scan(pack, page, "--deck", "supply", "--no-ocr")
    assert code == 1
    assert "empty.png: error: no card found on the page" in output
    assert "63.5 x 88.9 mm" in output
    assert not (pack / "art").exists()


def test_cards_of_two_sizes_on_one_page(pack: Path, tmp_path: Path) -> None:
    """Three poker cards and a mini card: the mini card is not taken for a card of the poker deck; named in
    its place with --cards, it is written at its own size; named out of order, each wrong card says so."""
    page = tmp_path / "page.png"
    draw_page(page, ANGLES, extras=False, sizes=[CARD_MM, CARD_MM, CARD_MM, (41.0, 63.0)])
    code, output = _scan(pack, page, "--deck", "supply", "--no-ocr")
    assert code == 0, output
    assert "41.0 x 63.0 mm: a card of another size than the cards named (63.5 x 88.9 mm)" in output
    assert "1 card named was not on the pages: long-haul" in output
    code, output = _scan(pack, page, "--cards", "spare-parts,fuel-cells,old-charts,beacon", "--no-ocr")
    assert code == 0, output
    assert Image.open(pack / "art" / "scans" / "beacon.png").size == (mm_px(41, 300), mm_px(63, 300))
    code, output = _scan(pack, page, "--cards", "spare-parts,fuel-cells,beacon,old-charts", "--no-ocr")
    assert code == 1
    assert 'error: card "beacon": card 3 on the page measures 63.5 x 88.9 mm, but beacon is a 41 x 63 mm card' in output
    assert 'card "old-charts": card 4 on the page measures 41.0 x 63.0 mm, but old-charts is a 63.5 x 88.9 mm' in output


def _photographed(page: Path, out: Path, pull: float) -> None:
    """The page as a phone sees it held at a slant: its top edge `pull` of the width narrower."""
    pixels = np.asarray(Image.open(page))
    height, width = pixels.shape[:2]
    inset = width * pull / 2
    source = np.float32([(0, 0), (width, 0), (width, height), (0, height)])
    target = np.float32([(inset, 0), (width - inset, 0), (width, height), (0, height)])
    warped = cv2.warpPerspective(
        pixels, cv2.getPerspectiveTransform(source, target), (width, height), borderValue=(246, 246, 243)
    )
    Image.fromarray(warped).save(out)  # a photo says no resolution


def test_a_photo_at_a_slant_is_straightened_from_the_corners(pack: Path, tmp_path: Path, pages: PageMaker) -> None:
    page, photo = pages(extras=False), tmp_path / "photo.png"
    _photographed(page, photo, 0.08)
    code, output = _scan(pack, photo, "--deck", "supply", "--no-ocr")
    assert code == 0, output
    assert "photographed at a slant: straightened from its four corners" in output
    for card_id in CARDS:
        measured = _measure(pack / "art" / "scans" / f"{card_id}.png")
        assert measured["angle"] < 0.5, (card_id, measured)
        assert abs(measured["width"] - CARD_MM[0]) < 1.0, (card_id, measured)


def test_a_photo_at_a_steep_angle_is_reported_at_its_card(pack: Path, tmp_path: Path, pages: PageMaker) -> None:
    page, photo = pages(extras=False), tmp_path / "photo.png"
    _photographed(page, photo, 0.45)
    code, output = _scan(pack, photo, "--deck", "supply", "--no-ocr")
    assert code == 1
    assert re.search(r"photo\.png: error: no card found on the page: its shapes are up to \d+° off square", output)
    assert "photograph the page from straight above, or scan it" in output


def test_unknown_cards_and_missing_choices_are_usage_errors(pack: Path, tmp_path: Path, pages: PageMaker) -> None:
    page = pages(extras=False)
    code, output = _scan(pack, page, "--cards", "spare-part", "--no-ocr")
    assert code == 2 and "the pack has no card \"spare-part\" (did you mean 'spare-parts'?)" in output
    code, output = _scan(pack, page, "--no-ocr")
    assert code == 2 and "--cards id1,id2,... or --deck DECK" in output
    code, output = _scan(pack, page, "--deck", "suply")
    assert code == 2 and "did you mean 'supply'?" in output


def test_without_opencv_pnp_scan_says_how_to_install_it(pack: Path, tmp_path: Path) -> None:
    script = (
        "import sys; sys.modules['cv2'] = None\n"
        "from pnp.__main__ import run\n"
        f"sys.argv = ['pnp', 'scan', {str(pack)!r}, 'page.png', '--deck', 'supply']\n"
        "run()\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "pnp scan needs OpenCV" in done.stderr and "pip install -e '.[scan]'" in done.stderr


def test_text_regions_are_checked_when_the_pack_loads(pack: Path) -> None:
    text = (pack / "pack.toml").read_text(encoding="utf-8")
    (pack / "pack.toml").write_text(text.replace('y = "40.0mm"', 'y = "10.0mm"'), encoding="utf-8")
    result = load_pack(pack)
    assert result.pack is None
    assert any("the regions title and rules overlap" in f.message for f in result.findings)
    (pack / "pack.toml").write_text(text.replace('height = "9.0mm"', 'height = "9"'), encoding="utf-8")
    result = load_pack(pack)
    assert [(f.field, f.message) for f in result.findings] == [
        ("card_type.gear.region[0].height", 'expected a length with a unit, like "4mm", got "9"')
    ]


def test_scans_are_never_written_outside_the_pack(pack: Path, tmp_path: Path, pages: PageMaker) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (pack / "art").mkdir()
    (pack / "art" / "scans").symlink_to(outside, target_is_directory=True)
    code, output = _scan(pack, pages(extras=False), "--deck", "supply", "--no-ocr")
    assert code == 1
    assert "art/scans/spare-parts.png leads outside the pack folder: nothing was written there" in output
    assert list(outside.iterdir()) == []


def test_ocr_lines_make_paragraphs_where_the_card_leaves_a_blank_line() -> None:
    from pnp.scan.ocr import _from_tsv

    header = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"
    rows = [
        (1, 1, 1, 10, 0, 90, "Take"),  # Tesseract puts a short first line in a paragraph of its own
        (1, 2, 1, 10, 40, 90, "three"),
        (1, 2, 2, 10, 80, 90, "tokens-"),
        (1, 2, 3, 10, 120, 90, "day."),
        (2, 1, 1, 10, 200, 90, "Draw"),  # a blank line's gap above: a new paragraph
        (2, 1, 1, 60, 200, 90, "{fuel}*"),
    ]
    tsv = header + "".join(
        f"5\t1\t{b}\t{p}\t{ln}\t1\t{x}\t{top}\t40\t30\t{c}\t{w}\n" for b, p, ln, x, top, c, w in rows
    )
    reading = _from_tsv(tsv, one_line=False)
    assert reading.text == "Take three tokens-day.\n\nDraw \\{fuel\\}\\*"  # markup printed as read
    assert reading.confidence == 90
    assert _from_tsv(tsv, one_line=True).text == "Take three tokens-day. Draw \\{fuel\\}\\*"
