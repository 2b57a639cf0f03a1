"""Forms keep their transparency (pnp.assets.forms): faces, icons and boards are all drawn as forms."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from pnp.assets.forms import end_form
from pnp.layout.templates import IconFile
from pnp.pipelines.build import build
from pnp.pipelines.build_options import BuildOptions
from pnp.render.icons import draw_icon


def _page(draw: Callable[[Canvas], None]) -> Image.Image:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(100, 100))
    draw(canvas)
    canvas.showPage()
    canvas.save()
    return pdfium.PdfDocument(buffer.getvalue())[0].render(scale=1).to_pil().convert("RGB")


def _half_black_square(canvas: Canvas, end: Callable[[Canvas], None]) -> None:
    canvas.beginForm("square")
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFillAlpha(0.5)
    canvas.rect(0, 0, 100, 100, stroke=0, fill=1)
    end(canvas)
    canvas.doForm("square")


def test_a_half_see_through_fill_in_a_form_prints_half_see_through() -> None:
    grey = _page(lambda canvas: _half_black_square(canvas, end_form)).getpixel((50, 50))
    assert all(120 <= channel <= 135 for channel in grey), grey


def test_reportlab_alone_would_print_it_opaque() -> None:
    """Why end_form exists: if ReportLab ever keeps a form's graphics states itself, this fails
    and end_form can go."""
    assert _page(lambda canvas: _half_black_square(canvas, Canvas.endForm)).getpixel((50, 50)) == (0, 0, 0)


def test_an_icon_shaded_at_a_quarter_prints_a_quarter_shade(tmp_path: Path) -> None:
    svg = tmp_path / "crate.svg"
    svg.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">'
        '<rect x="0" y="0" width="100" height="100" fill="#8d6e3f"/>'
        '<rect x="0" y="0" width="100" height="50" fill="#000000" fill-opacity="0.25"/></svg>',
        encoding="utf-8",
    )
    icon = IconFile("crate", svg, "crate.svg", "")
    image = _page(lambda canvas: draw_icon(canvas, icon, 0, 0, 100, 100))
    assert image.getpixel((50, 75)) == (0x8D, 0x6E, 0x3F)  # the crate
    shaded = image.getpixel((50, 25))
    assert all(abs(got - round(0.75 * want)) <= 2 for got, want in zip(shaded, (0x8D, 0x6E, 0x3F), strict=True)), shaded


def _black_pixels(tiny: Path, opacity: str, out: Path) -> int:
    band = 'x = "0mm"\ny = "30mm"\nwidth = "63mm"\nheight = "10mm"'
    (tiny / "templates" / "firefly" / "nav.toml").write_text(
        f'extends = "nav"\n\n[[element]]\nname = "band"\nkind = "rect"\nfill = "#000000"\n{opacity}\n{band}\n',
        encoding="utf-8",
    )
    result = build(tiny, BuildOptions(output=out, cache=False))
    assert result.ok, [f.message for f in result.findings]
    page = pdfium.PdfDocument(next(out.rglob("cards.pdf")))[0].render(scale=100 / 72).to_pil().convert("L")
    return page.histogram()[0]  # black: only (0, 0, 0) is 0 in grey


@pytest.mark.slow
def test_a_layouts_half_see_through_band_prints_half_see_through(tiny_copy: Path, tmp_path: Path) -> None:
    """A layout's `opacity` (docs/layouts.md) on a card face, which the sheet places as a form."""
    opaque = _black_pixels(tiny_copy, "", tmp_path / "opaque")
    half = _black_pixels(tiny_copy, "opacity = 0.5", tmp_path / "half")
    none = _black_pixels(tiny_copy, "opacity = 0", tmp_path / "none")  # 0 is see-through, not "unset"
    assert opaque > half + 5000  # the band: 63 x 10 mm at 100 dpi is some 9,800 pixels
    assert opaque > none + 5000


def test_an_svg_gradient_inside_a_card_face_is_not_printed_black(tmp_path: Path) -> None:
    """A card face is a PDF form, where svglib's gradient shading would print solid black."""
    svg = tmp_path / "light.svg"
    svg.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><defs><radialGradient id="g">'
        '<stop offset="0" stop-color="#ffff00"/><stop offset="1" stop-color="#ff8800"/></radialGradient></defs>'
        '<circle cx="50" cy="50" r="45" fill="url(#g)"/></svg>',
        encoding="utf-8",
    )

    def face(canvas: Canvas) -> None:
        canvas.beginForm("face")
        draw_icon(canvas, IconFile("light", svg, "light.svg", "pack.toml"), 0, 0, 100, 100)
        end_form(canvas)
        canvas.doForm("face")

    red, green, blue = _page(face).getpixel((50, 50))
    assert red > 200 and green > 100 and blue < 100  # between the stops' yellow and orange
