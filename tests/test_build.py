"""The build: pages and geometry in the PDF, reuse of faces, byte-identical output,
bad layout and art input as findings, and a visual check against reviewed goldens."""

from __future__ import annotations

import re
import struct
import zlib
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from pnp.assets.fonts import load_fonts
from pnp.cli import main
from pnp.pipelines.build import BuildOptions, build
from pnp.render.text import TextBox, fit_text
from pnp.units import mm
from tests.conftest import BLUE_SUN, ROOT
from tests.golden import assert_matches_golden
from tests.pdfs import pdf_words

A4 = (595.28, 841.89)


def _build(pack: Path, out: Path, **options: object) -> list[str]:
    result = build(pack, BuildOptions(output=out, **options))  # type: ignore[arg-type]
    assert result.ok, [f.message for f in result.findings]
    return [p.name for p in result.written]


def _pages(pdf: Path) -> list[tuple[float, float]]:
    document = pdfium.PdfDocument(str(pdf))
    return [tuple(round(v, 2) for v in page.get_size()) for page in document]  # type: ignore[misc]


@pytest.mark.slow
def test_build_writes_one_pdf_per_deck_and_one_with_all(tiny_copy: Path, tmp_path: Path) -> None:
    assert _build(tiny_copy, tmp_path / "out") == [
        "cards-supply.pdf",
        "cards-nav.pdf",
        "cards.pdf",
        "build-manifest.json",
    ]


@pytest.mark.slow
def test_pages_follow_card_counts_with_backs_after_each_sheet(tiny_copy: Path, tmp_path: Path) -> None:
    _build(tiny_copy, tmp_path / "out")
    folder = tmp_path / "out" / "tiny" / "es"
    # 5 supply cards fit on one A4 sheet of mini cards: a front page and its back page
    assert _pages(folder / "cards-supply.pdf") == [A4, A4]
    # in cards.pdf the 5 nav cards share that sheet: one sheet, not two
    assert _pages(folder / "cards.pdf") == [A4] * 2


@pytest.mark.slow
def test_fold_puts_fronts_and_backs_on_one_page(tiny_copy: Path, tmp_path: Path) -> None:
    _build(tiny_copy, tmp_path / "out", duplex="fold")
    # a variant of its own folder; 5 cards, 8 per gutter-fold page (butted in a tight grid)
    assert len(_pages(tmp_path / "out" / "tiny" / "es" / "fold" / "cards-supply.pdf")) == 1


@pytest.mark.slow
def test_each_distinct_face_is_drawn_once(tiny_copy: Path, tmp_path: Path) -> None:
    _build(tiny_copy, tmp_path / "out")
    data = (tmp_path / "out" / "tiny" / "es" / "cards-supply.pdf").read_bytes()
    # 3 distinct fronts (5 copies) and 1 deck back: 4 forms, however many copies
    assert len(set(re.findall(rb"/FormXob\.(face\w+)", data))) == 4
    # and each icon's drawing is one form, placed on every card that shows it
    icons = set(re.findall(rb"/FormXob\.(pnpIcon\w+)", data))
    assert icons and len(re.findall(rb"/Subtype\s*/Form", data)) == 4 + len(icons)


@pytest.mark.slow
def test_rebuilds_are_byte_identical(tiny_copy: Path, tmp_path: Path) -> None:
    _build(tiny_copy, tmp_path / "a")
    _build(tiny_copy, tmp_path / "b")
    for name in ("cards-supply.pdf", "cards-nav.pdf", "cards.pdf"):
        assert (tmp_path / "a/tiny/es" / name).read_bytes() == (tmp_path / "b/tiny/es" / name).read_bytes()


def test_card_text_can_never_inject_markup_or_templates(tiny_copy: Path, tmp_path: Path) -> None:
    supply = tiny_copy / "supply.toml"
    hostile = "<font size=900>big</font> </para> {{ 7*7 }} {% include 'x' %} a & b"
    original = 'text.en = "Gain 2 {fuel}."\n'  # left out: text/numbers would compare the two
    supply.write_text(
        supply.read_text().replace(original, "").replace('"Gana 2 {fuel}."', f"'''{hostile}'''"), encoding="utf-8"
    )
    _build(tiny_copy, tmp_path / "out", decks=("supply",))
    text = pdf_words(tmp_path / "out" / "tiny" / "es" / "cards-supply.pdf")
    for literal in ("<font size=900>big</font>", "</para>", "{{ 7*7 }}", "{% include 'x' %}", "a & b"):
        assert literal in text


def _findings(pack: Path, out: Path, **options: object) -> list[str]:
    result = build(pack, BuildOptions(output=out, **options))  # type: ignore[arg-type]
    return [f"{f.code} {f.card} {f.field}: {f.message}" for f in result.findings if f.severity.value == "error"]


@pytest.mark.slow
def test_a_template_that_extends_itself(tiny_copy: Path, tmp_path: Path) -> None:
    family = tmp_path / "templates" / "firefly"
    family.parent.mkdir()
    import shutil

    shutil.copytree(ROOT / "templates" / "firefly", family)
    (family / "gear.toml").write_text('extends = "gear"\n', encoding="utf-8")
    found = _findings(tiny_copy, tmp_path / "out", templates=tmp_path / "templates")
    assert found == [
        "layout/extends-cycle None extends: "
        "the layout extends itself ('gear'), and no other family layer has a gear.toml"
    ]
    assert not (tmp_path / "out" / "tiny").exists()  # only the build cache may be there


def test_a_corrupt_image_is_a_finding_and_nothing_is_written(tiny_copy: Path, tmp_path: Path) -> None:
    (tiny_copy / "art" / "spare-parts.png").write_bytes(b"not a png at all")
    assert _findings(tiny_copy, tmp_path / "out") == [
        "load/bad-image spare-parts art: the image spare-parts.png is a text file, not a picture: "
        "is it the file you meant?"
    ]
    assert not (tmp_path / "out" / "tiny").exists()  # only the build cache may be there


def _png_header(width: int, height: int) -> bytes:
    """A PNG that claims a size: enough for the size check, which must not decode it."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b"")


def test_a_40000_pixel_image_is_refused_before_decoding(tiny_copy: Path, tmp_path: Path) -> None:
    (tiny_copy / "art" / "spare-parts.png").write_bytes(_png_header(40000, 40000))
    assert _findings(tiny_copy, tmp_path / "out") == [
        "load/bad-image spare-parts art: the image is 1600 MP; the limit is 50 MP"
    ]


@pytest.mark.slow
def test_text_that_cannot_fit_is_reported_not_clipped_silently(tiny_copy: Path, tmp_path: Path) -> None:
    supply = tiny_copy / "supply.toml"
    supply.write_text(
        supply.read_text()
        .replace('"Gain 2 {fuel}."', '"' + "Gain two tokens. " * 80 + '"')
        .replace('"Gana 2 {fuel}."', '"' + "Gana dos fichas. " * 80 + '"'),
        encoding="utf-8",
    )
    found = _findings(tiny_copy, tmp_path / "out")
    assert len(found) == 1
    assert found[0].startswith(
        'text/small fuel-cell element.text: layout "gear" element "text": the text does not fit, even at 5 pt'
    )


@pytest.mark.slow
def test_a_glyph_the_element_font_lacks_is_a_finding(tiny_copy: Path, tmp_path: Path) -> None:
    """'Ɓ' is in the title font but not in the body font: only drawing it in the text can tell."""
    supply = tiny_copy / "supply.toml"
    supply.write_text(supply.read_text().replace("Gana 1 {parts}.", "Gana 1 {parts} de Ɓ."), encoding="utf-8")
    assert _findings(tiny_copy, tmp_path / "out") == [
        'render/missing-glyph spare-parts element.text: layout "gear" element "text": the font OpenSans-Regular '
        "has no glyph for 'Ɓ' (U+0181)"
    ]


def test_fitting_keeps_the_largest_size_that_fits() -> None:
    body = load_fonts(ROOT / "fonts").role("body")
    assert body is not None
    short = fit_text(TextBox("Gana 2 {fuel}.", body, mm(35), mm(20), 7, 4.5, language="es"))
    assert (short.size, short.fits) == (7, True)
    longer = fit_text(TextBox("Gana dos fichas de combustible. " * 12, body, mm(35), mm(20), 7, 4.5, language="es"))
    assert longer.fits and 4.5 <= longer.size < 7 and longer.height <= mm(20)
    bigger = fit_text(
        TextBox("Gana dos fichas de combustible. " * 12, body, mm(35), mm(20), longer.size + 0.25, 4.5, language="es")
    )
    assert bigger.size == longer.size  # one step larger would not have fitted


@pytest.mark.slow
def test_cli_build_summarises_and_refuses_bad_units(tiny_copy: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", "tiny", "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "Built 10 cards (8 distinct faces) on 1 sheet (1 sheet saved by sharing sheets between decks)." in (
        result.output
    )
    bad = CliRunner().invoke(main, ["build", "tiny", "--bleed", "3"])
    assert bad.exit_code == 2
    assert "expected a length with a unit (mm, cm, in, pt), like \"3mm\", got '3'" in bad.output


@pytest.mark.slow
@pytest.mark.parametrize("page,name", [(0, "tiny-supply-front"), (1, "tiny-supply-back")])
def test_sheets_match_reviewed_goldens(
    tiny_copy: Path, tmp_path: Path, page: int, name: str, update_golden: bool
) -> None:
    _build(tiny_copy, tmp_path / "out", decks=("supply",))
    document = pdfium.PdfDocument(str(tmp_path / "out" / "tiny" / "es" / "cards-supply.pdf"))
    actual = document[page].render(scale=60 / 72).to_pil().convert("RGB")
    assert_matches_golden(actual, name, update_golden, tmp_path)


QUEST_LAYOUT = """
design_size = "88.9mm x 63.5mm"

[[element]]
name = "background"
kind = "rect"
fill = "#ffffff"
bleed = true

[[element]]
name = "title"
kind = "text"
x = "5mm"
y = "5mm"
width = "78.9mm"
height = "10mm"
text = "{{ card.title }}"
font = "title"
size = 14

[[element]]
name = "text"
kind = "text"
x = "5mm"
y = "18mm"
width = "78.9mm"
height = "40mm"
text = "{{ card.text }}"
size = 9
"""


@pytest.mark.slow
def test_landscape_double_sided_cards_print_both_faces_from_data(tiny_copy: Path, tmp_path: Path) -> None:
    import shutil

    family = tmp_path / "templates" / "firefly"
    shutil.copytree(ROOT / "templates" / "firefly", family)
    (family / "quest.toml").write_text(QUEST_LAYOUT, encoding="utf-8")
    (family / "back-landscape.toml").write_text(
        QUEST_LAYOUT.replace("card.title", "deck.label").replace("card.text", "pack.name"), encoding="utf-8"
    )
    pack_toml = tiny_copy / "pack.toml"
    pack_toml.write_text(
        pack_toml.read_text()
        + """
[[card_type]]
id = "quest"
name = { en = "Quest", es = "Misión" }

[[deck]]
id = "quest"
name = { en = "Quest", es = "Misión" }
card_size = "poker"
orientation = "landscape"
card_types = ["quest"]
""",
        encoding="utf-8",
    )
    (tiny_copy / "quest.toml").write_text(
        """
[[card]]
id = "full-sail"
type = "quest"
title = { en = "Full Sail 2A", es = "A toda vela 2A" }
text.es = "Cara A: prepara el mazo de Corsarios."
back.title = { en = "Full Sail 2B", es = "A toda vela 2B" }
back.text.es = "Cara B: avanza cuando tengas 8 fichas de progreso."
""",
        encoding="utf-8",
    )
    _build(tiny_copy, tmp_path / "out", decks=("quest",), templates=tmp_path / "templates")
    pdf = tmp_path / "out" / "tiny" / "es" / "cards-quest.pdf"
    document = pdfium.PdfDocument(str(pdf))
    assert len(document) == 2
    front = " ".join(document[0].get_textpage().get_text_range().split())
    back = " ".join(document[1].get_textpage().get_text_range().split())
    assert "A toda vela 2A" in front and "Cara A" in front and "2B" not in front
    assert "A toda vela 2B" in back and "Cara B: avanza" in back


def test_a_portrait_layout_on_a_landscape_deck_is_a_finding(tiny_copy: Path, tmp_path: Path) -> None:
    pack_toml = tiny_copy / "pack.toml"
    pack_toml.write_text(
        pack_toml.read_text().replace(
            'card_size = "mini-american"\nexpected_count = 5\ncard_types = ["nav"]',
            'card_size = "mini-american"\norientation = "landscape"\nexpected_count = 5\ncard_types = ["nav"]',
        ),
        encoding="utf-8",
    )
    found = _findings(tiny_copy, tmp_path / "out", decks=("nav",))
    assert found[0] == (
        'layout/no-template None None: the family has no back-landscape.toml for the backs of deck "nav"'
    )


def test_a_back_layout_that_uses_card_fields_names_what_it_can_use(tiny_copy: Path, tmp_path: Path) -> None:
    import shutil

    family = tmp_path / "templates" / "firefly"
    shutil.copytree(ROOT / "templates" / "firefly", family)
    back = family / "back.toml"
    back.write_text(back.read_text().replace("{{ deck.label }}", "{{ card.title }}"), encoding="utf-8")
    result = build(tiny_copy, BuildOptions(output=tmp_path / "out", templates=tmp_path / "templates"))
    errors = [f for f in result.findings if f.severity.value == "error"]
    assert [(f.code, f.field, f.message) for f in errors] == [
        ("layout/template", "element.label.text", 'element "label": undefined value: card')
    ]
    assert errors[0].hint == (
        "this layout can use: deck.color, deck.id, deck.image, deck.label, deck.name, lang, pack.id, pack.name"
    )


@pytest.mark.slow
def test_an_output_folder_that_cannot_be_written_is_reported_once(tiny_copy: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "out"
    blocker.write_text("a file where the output folder should be", encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "tiny", "-o", str(blocker)])
    assert result.exit_code == 1
    assert result.output.count("error:") == 1
    assert "export/write" not in result.output
    assert "out: error: this is a file, not a folder: nothing can be written inside it\n" in result.output
    assert "Nothing was written" in result.output


@pytest.mark.slow
def test_a_rebuild_after_editing_one_card_draws_only_its_pages(tiny_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = build(tiny_copy, BuildOptions(output=out))
    assert first.ranges_drawn == 2  # each deck's faces, once: its file and cards.pdf's shared sheets place them
    cards_pdf = (out / "tiny" / "es" / "cards.pdf").read_bytes()
    assert build(tiny_copy, BuildOptions(output=out)).ranges_drawn == 0
    assert (out / "tiny" / "es" / "cards.pdf").read_bytes() == cards_pdf
    nav = tiny_copy / "nav.toml"
    nav.write_text(nav.read_text().replace("Sigue volando.", "Sigue volando, capitán."), encoding="utf-8")
    assert build(tiny_copy, BuildOptions(output=out)).ranges_drawn == 1  # the nav deck's faces
    assert "capitán" in pdf_words(out / "tiny" / "es" / "cards.pdf")
    assert build(tiny_copy, BuildOptions(output=out, cache=False)).ranges_drawn == 2


@pytest.mark.slow
def test_cards_pdf_holds_every_deck_in_order(tiny_copy: Path, tmp_path: Path) -> None:
    _build(tiny_copy, tmp_path / "out", mix_decks=False)
    folder = tmp_path / "out" / "tiny" / "es"
    texts = [pdf_words(folder / name) for name in ("cards-supply.pdf", "cards-nav.pdf", "cards.pdf")]
    assert texts[2] == f"{texts[0]} {texts[1]}"


@pytest.mark.slow
def test_decks_of_one_size_share_the_sheets_of_cards_pdf(tiny_copy: Path, tmp_path: Path) -> None:
    _build(tiny_copy, tmp_path / "out")
    folder = tmp_path / "out" / "tiny" / "es"
    document = pdfium.PdfDocument(str(folder / "cards.pdf"))
    assert len(document) == 2  # one sheet: fronts, then backs
    fronts = " ".join(document[0].get_textpage().get_text_range().split())
    assert "Célula de combustible" in fronts and "Tormenta" in fronts  # a supply card and a nav card
    backs = " ".join(document[1].get_textpage().get_text_range().split())
    assert "SUMINISTRO" in backs and "NAVEGACIÓN" in backs  # each deck's back behind its own fronts


@pytest.mark.slow
def test_the_back_of_a_double_sided_card_shows_only_its_own_face(tiny_copy: Path, tmp_path: Path) -> None:
    supply = tiny_copy / "supply.toml"
    supply.write_text(
        supply.read_text().replace(
            'status.es = "draft"',
            'status.es = "draft"\nback.title = { en = "Pilot, retired", es = "Piloto retirado" }\n'
            'back.text.es = "Ya no vuela."',
        ),
        encoding="utf-8",
    )
    _build(tiny_copy, tmp_path / "out", decks=("supply",))
    document = pdfium.PdfDocument(str(tmp_path / "out" / "tiny" / "es" / "cards-supply.pdf"))
    back_page = " ".join(document[1].get_textpage().get_text_range().split())
    assert "Piloto retirado" in back_page and "Ya no vuela." in back_page
    assert "$300" not in back_page  # the pilot's cost is printed on its front only
    front_page = " ".join(document[0].get_textpage().get_text_range().split())
    assert "$300" in front_page


def test_a_truncated_png_is_found_by_check_at_its_card(tiny_copy: Path, tmp_path: Path) -> None:
    art = tiny_copy / "art" / "spare-parts.png"
    art.write_bytes(art.read_bytes()[:300])
    result = CliRunner().invoke(main, ["check", "tiny"])
    assert result.exit_code == 1
    assert result.output.startswith(
        'tiny/supply.toml:20: error: card "spare-parts" field "art": the image spare-parts.png cannot be read'
    )


def test_the_renderer_refuses_bad_art_that_reaches_it(tmp_path: Path) -> None:
    """Art can change between loading and drawing: the renderer checks again, the same way."""
    from pnp.render.pictures import prepared_image

    bad = tmp_path / "x.png"
    bad.write_bytes(_png_header(40000, 40000))
    assert prepared_image(str(bad), 100, 100, "cover") == (None, "the image is 1600 MP; the limit is 50 MP")


def test_check_finds_characters_no_bundled_font_can_draw(tiny_copy: Path, tmp_path: Path) -> None:
    supply = tiny_copy / "supply.toml"
    supply.write_text(
        supply.read_text().replace('title.es = "Repuestos"', 'title.es = "Repuestos 🚀 星"'), encoding="utf-8"
    )
    result = CliRunner().invoke(main, ["check", "tiny"])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    found = lines.index(
        'tiny/supply.toml:12: error: card "spare-parts" field "title.es": no bundled font can draw '
        "'星' (U+661F), '🚀' (U+1F680)"
    )
    assert lines[found + 1] == "    hint: use another character (a word, or an {icon} of the pack)"


@pytest.mark.slow
def test_building_some_decks_leaves_cards_pdf_as_it_was(tiny_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(tiny_copy, out)
    everything = (out / "tiny" / "es" / "cards.pdf").read_bytes()
    assert _build(tiny_copy, out, decks=("supply",)) == ["cards-supply.pdf", "build-manifest.json"]
    assert (out / "tiny" / "es" / "cards.pdf").read_bytes() == everything


@pytest.mark.slow
def test_blue_sun_cards_print_on_4_a4_sheets_of_fronts(tmp_path: Path) -> None:
    """Mini cards of every deck share sheets, and the last tarot card sits under the two leaders."""
    result = build(BLUE_SUN, BuildOptions(output=tmp_path))
    assert result.ok, [str(f) for f in result.findings]
    assert result.sheets == 4 < result.sheets_unmixed
    document = pdfium.PdfDocument(str(tmp_path / "blue-sun" / "es" / "cards.pdf"))
    assert len(document) == 8  # each sheet of fronts followed by its backs
