"""Cards printed over your own scans, and translation stickers for the cards you own (issue 32).

The pack is a copy of examples/scans with its lantern scan drawn again here, so that the
English text under the panel and a mark outside every region are known pixels."""

from __future__ import annotations

import ctypes
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest
from click.testing import CliRunner
from PIL import Image, ImageDraw

from pnp.cli import main
from pnp.pipelines.build import BuildOptions, build
from pnp.pipelines.stickers import build_stickers
from tests.conftest import ROOT
from tests.pdfs import pdf_words

pytestmark = pytest.mark.slow  # child processes, a browser or drawn pages: left out of the quick loop

SCANS = ROOT / "examples" / "scans"
DPI = 300
CARD_MM = (63.5, 88.9)
RULES = (6.0, 54.0, 51.5, 19.0)  # the rules region of examples/scans/pack.toml, in mm
MARK = (40.0, 18.0, 8.0, 8.0)  # a red square in the art window, outside every region
PARCHMENT = (239, 227, 194)
RED = (255, 0, 0)


def px(value: float) -> int:
    return round(value / 25.4 * DPI)


def _red(pixel: tuple[int, ...]) -> bool:
    return pixel[0] > 200 and pixel[1] < 60 and pixel[2] < 60


def _draw_lantern(path: Path) -> None:
    """A scan with its English rules text in pure red on parchment, and a red mark in the art."""
    image = Image.new("RGB", (px(CARD_MM[0]), px(CARD_MM[1])), (216, 207, 184))
    draw = ImageDraw.Draw(image)
    draw.rectangle((px(3), px(3), px(60.5), px(14)), fill=(39, 70, 110))
    draw.rectangle((px(5), px(53), px(58.5), px(84)), fill=PARCHMENT)
    for line in range(4):  # the "English text": strokes of red where the words are
        top = px(RULES[1] + 2 + line * 4)
        for word in range(6):
            left = px(RULES[0] + 1.5 + word * 8)
            draw.rectangle((left, top, left + px(6), top + px(2)), fill=RED)
    x, y, w, h = MARK
    draw.rectangle((px(x), px(y), px(x + w), px(y + h)), fill=RED)
    image.save(path, dpi=(DPI, DPI))


@pytest.fixture
def scans_copy(tmp_path: Path) -> Path:
    target = tmp_path / "scans"
    shutil.copytree(SCANS, target)
    _draw_lantern(target / "art" / "scans" / "lantern.png")
    return target


def _box(image: Image.Image, box: tuple[float, float, float, float], inset: float = 0.0) -> list[tuple[int, ...]]:
    x, y, w, h = box
    crop = image.crop((px(x + inset), px(y + inset), px(x + w - inset), px(y + h - inset)))
    data = crop.convert("RGB").tobytes()
    return [tuple(data[i : i + 3]) for i in range(0, len(data), 3)]


@pytest.mark.slow
def test_a_scanned_card_prints_the_panel_and_the_translation_over_the_english(scans_copy: Path, tmp_path: Path) -> None:
    before = Image.open(scans_copy / "art" / "scans" / "lantern.png").convert("RGB")
    assert sum(map(_red, _box(before, RULES))) > 5000  # the English is there to be covered
    options = BuildOptions(output=tmp_path / "out", png=True, dpi=DPI, png_bleed=False)
    result = build(scans_copy, options)
    assert result.ok, [f.message for f in result.findings]
    card = Image.open(tmp_path / "out" / "scans" / "es" / "png" / "items" / "lantern.png").convert("RGB")
    assert card.size == (px(CARD_MM[0]), px(CARD_MM[1]))
    inside = _box(card, RULES, inset=0.2)
    assert sum(map(_red, inside)) == 0  # every pixel of the English is under the panel
    mark = _box(card, MARK, inset=0.3)
    assert sum(map(_red, mark)) > 0.95 * len(mark)  # the scan itself is printed round the panels
    # the panel takes the parchment round the region (sampled), and carries dark Spanish text
    edge = card.getpixel((px(RULES[0] + 0.4), px(RULES[1] + RULES[3] / 2)))
    assert all(abs(a - b) <= 12 for a, b in zip(edge, PARCHMENT, strict=True)), edge
    assert sum(1 for p in inside if sum(p) < 250) > 800
    words = pdf_words(tmp_path / "out" / "scans" / "es" / "cards-items.pdf")
    assert "Roba 1 carta" in words and "Farol de tormenta" in words


def _cut_lines(pdf: Path) -> list[tuple[float, float]]:
    """(width, height) in mm of every path that is stroked and not filled: the cut lines,
    from the path's own points through its matrix (a turned sticker's too)."""
    sizes = []
    document = pdfium.PdfDocument(str(pdf))
    for page in document:
        for obj in page.get_objects(max_depth=8):
            if obj.type != pdfium_raw.FPDF_PAGEOBJ_PATH:
                continue
            fill, stroke = ctypes.c_int(), ctypes.c_int()
            pdfium_raw.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(fill), ctypes.byref(stroke))
            if fill.value or not stroke.value:
                continue
            matrix = obj.get_matrix()
            points = []
            for index in range(pdfium_raw.FPDFPath_CountSegments(obj.raw)):
                segment = pdfium_raw.FPDFPath_GetPathSegment(obj.raw, index)
                x, y = ctypes.c_float(), ctypes.c_float()
                pdfium_raw.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y))
                points.append(
                    (
                        matrix.a * x.value + matrix.c * y.value + matrix.e,
                        matrix.b * x.value + matrix.d * y.value + matrix.f,
                    )
                )
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            sizes.append(((max(xs) - min(xs)) / 72 * 25.4, (max(ys) - min(ys)) / 72 * 25.4))
    return sizes


# the regions of examples/scans and how many stickers each has: lantern (2 copies) has four
# regions, rope four, compass three (its flavour hidden, its rules nudged 9 mm taller, 1 mm lower)
EXPECTED = {
    (53.5, 9.0): 4,  # titles
    (53.5, 5.0): 4,  # type lines
    (51.5, 19.0): 3,  # rules
    (51.5, 28.0): 1,  # the compass's nudged rules
    (51.5, 9.0): 3,  # flavour
}


def _stickers(pack: Path, paper: str, out: Path) -> Path:
    """The pack's stickers built on this paper: the one PDF written."""
    result = build_stickers(pack, None, paper, out)
    assert result.ok, [f.message for f in result.findings]
    pdf = out / "scans" / "es" / "stickers" / f"stickers-{paper}.pdf"
    assert result.written == [pdf]
    return pdf


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "avery-l7160", "letter"])
def test_stickers_are_cut_at_each_regions_size(scans_copy: Path, tmp_path: Path, paper: str) -> None:
    pdf = _stickers(scans_copy, paper, tmp_path / "out")
    found: dict[tuple[float, float], int] = {}
    for width, height in _cut_lines(pdf):
        for size in EXPECTED:
            # turned or not: the cut's sides within 0.1 mm of the region's
            if any(abs(width - a) <= 0.1 and abs(height - b) <= 0.1 for a, b in (size, size[::-1])):
                found[size] = found.get(size, 0) + 1
    # the white-on-white border is stroked too, 0.8 mm smaller each way: it matches no region
    assert found == EXPECTED
    text = pdf_words(pdf)
    # labels and footer in the stickers' language (sheets.po), whatever the interface speaks (English here)
    assert "Farol de tormenta · título · 2/2" in text and "Brújula vieja · texto de reglas" in text
    # every label whole, a turned sticker's too (it runs along the sticker's long side, not across it)
    assert "…" not in text and "Cuerda · texto de ambientación" in text
    assert text.count("Farol de tormenta · línea de tipo") == 2
    assert "pegatinas" in text and "hoja 1 de" in text and "rules text" not in text and "sheet 1 of" not in text


@pytest.mark.slow
def test_a_white_sticker_gets_a_border_so_it_shows_on_white_paper(scans_copy: Path, tmp_path: Path) -> None:
    from pnp.export.stickers import is_whiteish

    assert is_whiteish("#ffffff") and is_whiteish("#f0f0f0")
    assert not is_whiteish("#efe3c2") and not is_whiteish("#27466e")
    pack = scans_copy / "pack.toml"  # the flavour panel white, and without its own border
    pack.write_text(
        pack.read_text(encoding="utf-8")
        .replace('fill = "#f3ead2"', 'fill = "#ffffff"')
        .replace('border = "#8a6d3b"\n', ""),
        encoding="utf-8",
    )
    sizes = _cut_lines(_stickers(scans_copy, "a4", tmp_path / "out"))
    bordered = [
        s for s in sizes if any(abs(s[0] - a) < 0.05 and abs(s[1] - b) < 0.05 for a, b in ((50.7, 8.2), (8.2, 50.7)))
    ]
    assert len(bordered) == 3  # the three flavour stickers, a grey border 0.4 mm inside each cut


def test_stickers_from_the_command_line(scans_copy: Path, tmp_path: Path) -> None:
    run = CliRunner().invoke(
        main, ["build", str(scans_copy), "--stickers", "--sticker-paper", "avery-l7163", "-o", str(tmp_path / "o")]
    )
    assert run.exit_code == 0, run.output
    assert "15 stickers, 2 sheets of avery-l7163" in run.output  # 14 labels a sheet
    assert (tmp_path / "o" / "scans" / "es" / "stickers" / "stickers-avery-l7163.pdf").is_file()
    assert not (tmp_path / "o" / "scans" / "es" / "cards.pdf").exists()  # only the stickers


# --- bad input: each a finding naming the file and the card ---------------------------------


def _findings(pack: Path, out: Path) -> list[str]:
    result = build(pack, BuildOptions(output=out))
    return [f"{f.code} {f.file} {f.card} {f.field}: {f.message}" for f in result.findings if f.severity.value != "info"]


def _scan(pack: Path) -> Path:
    return pack / "art" / "scans" / "rope.png"


def test_a_scan_that_is_not_an_image(scans_copy: Path, tmp_path: Path) -> None:
    _scan(scans_copy).write_text("not a picture", encoding="utf-8")
    found = _findings(scans_copy, tmp_path / "out")
    assert any(f.startswith("load/bad-image") and "items.toml rope scan" in f and "rope.png" in f for f in found), found
    assert not (tmp_path / "out" / "scans" / "es" / "cards.pdf").exists()


def test_a_20000_pixel_scan_is_refused_before_decoding(scans_copy: Path, tmp_path: Path) -> None:
    from tests.test_build import _png_header

    _scan(scans_copy).write_bytes(_png_header(20000, 20000))
    found = _findings(scans_copy, tmp_path / "out")
    assert any("load/bad-image" in f and "rope scan" in f and "400 MP" in f for f in found), found


def test_a_cmyk_jpeg_scan(scans_copy: Path, tmp_path: Path) -> None:
    Image.new("CMYK", (750, 1050), (0, 30, 60, 0)).save(scans_copy / "art" / "scans" / "rope.jpg", dpi=(300, 300))
    cards = scans_copy / "items.toml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("rope.png", "rope.jpg"), encoding="utf-8")
    found = _findings(scans_copy, tmp_path / "out")
    assert any(f.startswith("scanned/colour-mode") and "items.toml rope scan" in f and "CMYK" in f for f in found), (
        found
    )
    assert not (tmp_path / "out" / "scans" / "es" / "cards.pdf").exists()


def test_a_png_scan_with_transparency(scans_copy: Path, tmp_path: Path) -> None:
    image = Image.open(_scan(scans_copy)).convert("RGBA")
    ImageDraw.Draw(image).rectangle((0, 0, 40, 40), fill=(0, 0, 0, 0))  # a corner cut away
    image.save(_scan(scans_copy), dpi=(300, 300))
    found = [f for f in _findings(scans_copy, tmp_path / "out") if f.startswith("scanned/")]
    assert len(found) == 1 and found[0].startswith("scanned/transparent") and "items.toml rope scan:" in found[0], found
    assert "the scan rope.png has see-through pixels: they would print as blank paper" in found[0]


def test_an_opaque_alpha_channel_is_fine(scans_copy: Path, tmp_path: Path) -> None:
    Image.open(_scan(scans_copy)).convert("RGBA").save(_scan(scans_copy), dpi=(300, 300))
    assert [f for f in _findings(scans_copy, tmp_path / "out") if f.startswith("scanned/")] == []


def test_a_scan_too_soft_or_of_the_wrong_shape(scans_copy: Path, tmp_path: Path) -> None:
    Image.open(_scan(scans_copy)).resize((375, 525)).save(_scan(scans_copy), dpi=(150, 150))
    Image.new("RGB", (900, 900), "#ffffff").save(scans_copy / "art" / "scans" / "compass.png", dpi=(300, 300))
    found = [f for f in _findings(scans_copy, tmp_path / "out") if f.startswith("scanned/")]
    assert any(f.startswith("scanned/resolution") and " rope scan:" in f and "150 dpi" in f for f in found), found
    assert any(f.startswith("scanned/proportions") and " compass scan:" in f for f in found), found


def test_a_region_outside_the_card_names_the_card(scans_copy: Path, tmp_path: Path) -> None:
    cards = scans_copy / "items.toml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(
        text.replace(
            'scan = "art/scans/rope.png"', 'scan = "art/scans/rope.png"\nnudge = { flavour = { y = "10mm" } }'
        ),
        encoding="utf-8",
    )
    found = [f for f in _findings(scans_copy, tmp_path / "out") if f.startswith("scanned/")]
    assert len(found) == 1 and "items.toml rope nudge.flavour" in found[0], found
    assert 'the region "flavour" of this card, (6, 84) to (57.5, 93) mm, leaves the card of 63.5 x 88.9 mm' in found[0]


def test_regions_overlapping_on_a_card_and_in_the_card_type(scans_copy: Path, tmp_path: Path) -> None:
    cards = scans_copy / "items.toml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(
        text.replace(
            'scan = "art/scans/rope.png"', 'scan = "art/scans/rope.png"\nnudge = { rules = { height = "3mm" } }'
        ),
        encoding="utf-8",
    )
    found = [f for f in _findings(scans_copy, tmp_path / "out") if f.startswith("scanned/")]
    assert len(found) == 1 and "items.toml rope nudge.rules" in found[0], found
    assert 'the regions "rules" and "flavour" overlap' in found[0]
    pack = scans_copy / "pack.toml"
    pack.write_text(pack.read_text(encoding="utf-8").replace('y = "74mm"', 'y = "70mm"'), encoding="utf-8")
    found = _findings(scans_copy, tmp_path / "out")
    assert any("pack.toml" in f and "the regions rules and flavour overlap" in f for f in found), found


def test_blue_sun_declares_regions_for_every_card_type_inside_its_cards() -> None:
    """The bundled pack shows the way: every Firefly card type has its title and rules regions,
    inside the card of every deck that holds the type, apart, each marked verify (a guess)."""
    from pnp.layout.plan import deck_size
    from pnp.layout.scans import _region_findings
    from pnp.load import load_pack
    from tests.conftest import BLUE_SUN

    pack = load_pack(BLUE_SUN).pack
    assert pack is not None
    for card_type in pack.pack.card_type:
        assert {r.field for r in card_type.region} >= {"title", "text"}, card_type.id
        assert all(r.verify for r in card_type.region), card_type.id
    seen = set()
    for deck in pack.decks:
        for card in deck.cards:
            if (deck.deck.card_size, card.type) in seen:
                continue
            seen.add((deck.deck.card_size, card.type))
            assert _region_findings(pack, card, deck_size(deck), "x", None) == [], (deck.deck.id, card.type)
    assert {t for _size, t in seen} >= {"crew", "nav", "leader", "story"}  # small, poker and tarot cards


def test_a_pack_shared_without_its_scans_prints_with_its_layouts(scans_copy: Path, tmp_path: Path) -> None:
    """Scans are of the owner's copy and stay out of a shared pack: the cards print as if they had none."""
    shutil.rmtree(scans_copy / "art" / "scans")
    result = build(scans_copy, BuildOptions(output=tmp_path / "out"))
    assert result.ok, [f.message for f in result.findings]
    notes = [f.message for f in result.findings if f.code.startswith("scanned/")]
    assert notes == [
        "3 cards name scans that are not in the pack (lantern, rope, compass): they print with their layouts"
    ]
