"""An SVG icon is placed from its form as recorded once (pnp.assets.icons.IconForm): the same PDF
bytes as drawing it with svglib, and after the first build, without reading the SVG at all."""

from __future__ import annotations

import base64
import io
import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image
from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from pnp.assets.forms import end_form
from pnp.assets.icons import (
    IconForm,
    forget_drawings,
    icon_drawn,
    icon_problem,
    icons_kept_in,
    place_drawing,
    svg_drawing,
)
from pnp.cache import Cache, CacheKind
from pnp.export.canvas import new_canvas
from pnp.layout.templates import IconFile
from pnp.render.icons import blank_sides, draw_icon

ROOT = Path(__file__).resolve().parent.parent
EVERY_SVG = sorted(
    path
    for folder in ("templates", "cards", "examples", "benchmarks", "tests/data")
    for path in (ROOT / folder).rglob("*.svg")
)


def _document(place: Callable[[Canvas], None]) -> bytes:
    """A document with a face form placing the icon twice (the second time, a reference to its form)."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer)
    canvas.beginForm("face", 0, 0, 60, 60)
    place(canvas)
    place(canvas)
    end_form(canvas)
    canvas.doForm("face")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _by_svglib(path: Path) -> bytes:
    drawing, problem = svg_drawing(path)
    assert drawing is not None, problem
    return _document(lambda canvas: place_drawing(canvas, drawing, 3, 4, 30, 20))


def _by_icon(path: Path) -> bytes:
    return _document(lambda canvas: draw_icon(canvas, IconFile(path.stem, path, path.name, ""), 3, 4, 30, 20))


def test_the_packs_and_layouts_have_svg_icons_to_hold_it_on() -> None:
    assert len(EVERY_SVG) > 20


@pytest.mark.parametrize("path", EVERY_SVG, ids=lambda path: str(path.relative_to(ROOT)))
def test_a_recorded_form_writes_the_bytes_svglib_draws(path: Path) -> None:
    problem, form = icon_drawn(path)
    assert problem is None and form is not None and form.code is not None  # none of them reaches outside its form
    assert _by_icon(path) == _by_svglib(path)


def _svg(tmp_path: Path, body: str, name: str = "icon.svg") -> Path:
    path = tmp_path / name
    path.write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">{body}</svg>',
        encoding="utf-8",
    )
    return path


def test_a_shade_keeps_its_graphics_state(tmp_path: Path) -> None:
    icon = _svg(tmp_path, '<rect width="100" height="50" fill="#000000" fill-opacity="0.25"/>')
    form = icon_drawn(icon)[1]
    assert form is not None and form.states == (("ca", 0.25, "gRLs0"),)
    assert _by_icon(icon) == _by_svglib(icon)


def test_an_icon_with_text_is_drawn_with_svglib_where_it_is_used(tmp_path: Path) -> None:
    """Its font goes in the document where it is drawn: a recorded form would leave it out."""
    icon = _svg(tmp_path, '<text x="10" y="60" font-family="Helvetica" font-size="40">A</text>')
    problem, form = icon_drawn(icon)
    assert problem is None and form is not None and form.code is None
    assert _by_icon(icon) == _by_svglib(icon)


def test_an_icon_with_a_picture_inside_writes_the_same_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Written as ASCII85: raw (pnp.export.pdf's setting), ReportLab cannot put the picture's bytes in a form."""
    monkeypatch.setattr(rl_config, "useA85", 1)
    buffer = io.BytesIO()
    Image.new("RGB", (4, 4), (200, 30, 30)).save(buffer, format="PNG")
    picture = base64.b64encode(buffer.getvalue()).decode("ascii")
    icon = _svg(tmp_path, f'<image x="10" y="10" width="80" height="80" href="data:image/png;base64,{picture}"/>')
    problem, form = icon_drawn(icon)
    assert problem is None and form is not None and form.code is not None
    assert _by_icon(icon) == _by_svglib(icon)


def _unreadable_svg(monkeypatch: pytest.MonkeyPatch) -> None:
    """svglib, lxml and ReportLab's graphics cannot be imported from here on."""
    for name in ("svglib", "svglib.svglib", "lxml", "lxml.etree", "reportlab.graphics", "reportlab.graphics.renderPDF"):
        monkeypatch.setitem(sys.modules, name, None)


def test_a_kept_icon_is_placed_without_reading_its_svg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    icon = tmp_path / "parts.svg"
    icon.write_bytes((ROOT / "templates" / "firefly" / "icons" / "parts.svg").read_bytes())
    cache = Cache.open(tmp_path / "out", CacheKind.LAYOUT)
    assert icon_problem(icon, cache) is None  # one of pnp's own icons: known usable, not read
    with icons_kept_in(cache):  # the drawing keeps the verdict, and the form with it
        drawn, sides = _by_icon(icon), blank_sides(icon, 1, 1)
    forget_drawings()  # as a new process
    blank_sides.cache_clear()
    _unreadable_svg(monkeypatch)
    with icons_kept_in(cache):
        assert _by_icon(icon) == drawn
        assert blank_sides(icon, 1, 1) == sides


def test_an_entry_with_no_form_of_that_shape_is_made_again(tmp_path: Path) -> None:
    icon = _svg(tmp_path, '<circle cx="50" cy="50" r="40" fill="#336699"/>')
    cache = Cache.open(tmp_path / "out", CacheKind.LAYOUT)
    with icons_kept_in(cache):
        form = icon_drawn(icon)[1]
    assert form is not None and form.code is not None
    (entry,) = [path for path in cache.folder.glob("*.json") if not path.name.endswith(".meta.json")]
    kept = json.loads(entry.read_bytes())
    assert IconForm.from_json(kept["form"]) == form
    for broken in ({**kept["form"], "code": [1, 2]}, {**kept["form"], "width": -1}, {**kept["form"], "name": "x"}):
        cache.put(entry.stem, json.dumps({**kept, "form": broken}).encode())
        forget_drawings()
        with icons_kept_in(cache):
            assert icon_drawn(icon) == (None, form)  # read again from the file, and kept right
        assert json.loads(entry.read_bytes()) == kept
