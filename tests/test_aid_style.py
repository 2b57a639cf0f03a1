"""The look of aids comes from the layout family (templates/<family>/aids.toml), which a pack overrides:
the override changes the printed aids.pdf, and a bad value is a finding naming file, line and field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from pnp.assets.fonts import load_fonts
from pnp.cli import main
from pnp.layout.aid_style import CARD_STYLE, load_aid_styles
from pnp.load import load_pack
from pnp.paths import FONTS_DIR, TEMPLATES_DIR
from pnp.render.aids import fit_aid
from pnp.units import mm
from tests.conftest import ROOT

AID = """kind = "reference"
title = { en = "Turn", es = "Turno" }
size = "poker"

[[block]]
heading = { en = "Your turn", es = "Tu turno" }

[[block]]
steps.en = ["Draw 2 cards.", "Move."]
steps.es = ["Roba 2 cartas.", "Muévete."]
"""


def _pack(tmp_path: Path, style: str | None) -> Path:
    pack = tmp_path / "tiny"
    shutil.copytree(ROOT / "examples" / "tiny", pack)  # template_family = "firefly"
    (pack / "aids").mkdir()
    (pack / "aids" / "turn.toml").write_text(AID, encoding="utf-8")
    if style is not None:
        (pack / "templates" / "firefly").mkdir(parents=True, exist_ok=True)
        (pack / "templates" / "firefly" / "aids.toml").write_text(style, encoding="utf-8")
    return pack


def _build(pack: Path, out: Path) -> tuple[float, tuple[int, ...]]:
    """The largest type in aids.pdf, and the colour between the first card's frame and its text."""
    result = CliRunner().invoke(main, ["build", str(pack), "--output", str(out)])
    assert result.exit_code == 0, result.output
    document = pdfium.PdfDocument(out / "tiny" / "es" / "aids.pdf")
    page = document[0]
    text = page.get_textpage()
    largest = max(pdfium.raw.FPDFText_GetFontSize(text.raw, i) for i in range(text.count_chars()))
    image = page.render(scale=2).to_pil().convert("RGB")
    # the first poker card of a 3 x 3 sheet on A4 starts 6.75 mm in and 12.15 mm down: 2.5 mm inside its
    # left edge, halfway down, is past the frame (1.2 mm in) and short of the text (4 mm in); 2 px a point
    pixel = image.getpixel((int(mm(6.75 + 2.5) * 2), int(mm(12.15 + 44) * 2)))
    return largest, tuple(pixel)


def test_each_bundled_family_has_its_own_aid_style_with_no_findings() -> None:
    looks = {}
    for family in ("generic", "firefly", "lotr", "bsg"):
        styles, findings = load_aid_styles(TEMPLATES_DIR, family)
        assert findings == [], family
        assert styles.files and styles.files[0].endswith(f"{family}/aids.toml")
        looks[family] = styles.card
    assert looks["generic"] == CARD_STYLE  # generic's file says what the defaults are
    assert looks["lotr"].title_band == "#1f3a56" and looks["lotr"].heading_style == "band"
    assert looks["bsg"].table_rules == "grid" and looks["bsg"].heading_font == "label"
    assert looks["bsg"].body_size == 8.0  # what bsg does not write comes from generic, which it extends
    assert looks["firefly"].paper and not load_aid_styles(TEMPLATES_DIR, "firefly")[0].page.paper


def test_a_pack_override_changes_the_printed_aids(tmp_path: Path) -> None:
    before, paper = _build(_pack(tmp_path / "a", None), tmp_path / "a" / "out")
    assert paper == (0xF3, 0xED, 0xE0)  # firefly's warm paper
    override = '# our own look\npaper = "#00ff00"\n\n[card]\nbody_size = 11\n'
    after, paper = _build(_pack(tmp_path / "b", override), tmp_path / "b" / "out")
    assert paper == (0, 255, 0)
    assert before == pytest.approx(8 * 1.55, abs=0.05) and after == pytest.approx(11 * 1.55, abs=0.05)


BAD = """description = "bad values"
body_size = 4
heading_style = "fancy"
frame = "red"
colour = "#ffffff"

[card]
margin = "3"
"""


def test_bad_override_values_are_findings_naming_file_line_and_field(tmp_path: Path) -> None:
    pack = _pack(tmp_path, BAD)
    checked = CliRunner().invoke(main, ["check", str(pack), "--no-cache"])
    assert checked.exit_code == 1 and "Traceback" not in checked.output
    shown = "templates/firefly/aids.toml"
    lines = [line for line in checked.output.splitlines() if shown in line]
    expected = [
        ':2: error: field "body_size": 4 pt: an aid\'s text starts at 6 to 24 pt',
        ":3: error: field \"heading_style\": 'fancy' is not one of the choices",
        ':4: error: field "frame": expected a colour "#rrggbb" or "none", got \'red\'',
        ':5: error: field "colour": unknown aid style field',
        ':8: error: field "card.margin": expected a length with a unit',
    ]
    for part in expected:
        assert any(part in line for line in lines), (part, lines)
    # the bad values are left out, the family's own kept: the aid still fits and prints
    loaded = load_pack(pack).pack
    assert loaded is not None
    styles, _found = load_aid_styles(TEMPLATES_DIR, "firefly", pack)
    fitted = fit_aid(loaded.aids[0], "es", "en", load_fonts(FONTS_DIR), styles)
    assert fitted.fits and fitted.style.body_size == 8.0 and fitted.style.margin == mm(4)
    assert fitted.style.heading_style == "rule" and fitted.style.frame == "#5e5748"
