"""A card printed without its text says so on the sheet; a placeholder's mark leaves its title readable."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pnp.pipelines.build import BuildOptions, build
from tests.conftest import ROOT


def _texts(path: Path) -> str:
    document = pdfium.PdfDocument(path)
    try:
        return "\n".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    finally:
        document.close()


def _blank_fuel_cell(pack: Path, keep_english: bool) -> None:
    supply = pack / "supply.toml"
    text = supply.read_text(encoding="utf-8").replace('text.es = "Gana 2 {fuel}."\n', "")
    if not keep_english:
        text = text.replace('text.en = "Gain 2 {fuel}."\n', "")
    supply.write_text(text, encoding="utf-8")


@pytest.mark.slow
@pytest.mark.parametrize(("keep_english", "mark"), [(False, "SIN TEXTO"), (True, "SIN TRADUCIR")])
def test_a_card_without_its_text_prints_a_mark(tiny_copy: Path, tmp_path: Path, keep_english: bool, mark: str) -> None:
    plain = build(tiny_copy, BuildOptions(output=tmp_path / "before", cache=False))
    assert plain.ok
    assert "SIN TEXTO" not in _texts(tmp_path / "before" / "tiny" / "es" / "cards-supply.pdf")
    _blank_fuel_cell(tiny_copy, keep_english)
    for draft in (False, True):
        result = build(tiny_copy, BuildOptions(output=tmp_path / "out", cache=False, draft=draft))
        assert result.ok, [f.message for f in result.findings]
        folder = tmp_path / "out" / "tiny" / "es" / ("draft" if draft else "")
        printed = _texts(folder / "cards-supply.pdf")
        assert printed.count(mark) == 2, printed  # both copies of the fuel cell, nothing else
        assert "FALTA EL TEXTO" not in printed


@pytest.mark.slow
def test_a_placeholders_band_leaves_its_title_and_number_readable(tmp_path: Path) -> None:
    """Blue Sun's second setup card is told apart from the first by the "2" of its title."""
    result = build(ROOT / "cards" / "blue-sun", BuildOptions(output=tmp_path, cache=False, decks=("setup",)))
    assert result.ok
    document = pdfium.PdfDocument(tmp_path / "blue-sun" / "es" / "cards-setup.pdf")
    try:
        page = document[0]
        text = page.get_textpage()
        whole = text.get_text_range()
        at = whole.index("configuración 2") + len("configuración ")
        left, bottom, right, top = text.get_charbox(at)
        assert whole[at] == "2"
        scale = 150 / 72
        image = page.render(scale=scale).to_pil().convert("RGB")
        height = image.height
        box = (int(left * scale), int(height - top * scale), int(right * scale) + 1, int(height - bottom * scale) + 1)
        data = image.crop(box).tobytes()
        pixels = [tuple(data[i : i + 3]) for i in range(0, len(data), 3)]
        red = [p for p in pixels if p[0] > 150 and p[1] < 90 and p[2] < 90]
        assert not red, f"{len(red)} pixels of the red band over the title's 2"
        assert "FALTA EL TEXTO" in whole  # the mark is still there, below the title
    finally:
        document.close()
