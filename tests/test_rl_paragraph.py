"""pnp.render.rl_paragraph holds copies of what the line breaking reads of ReportLab's paragraph module:
each must stay equal to ReportLab's own, or lines would break differently from the Paragraphs drawn."""

from __future__ import annotations

import subprocess
import sys

import pytest
from reportlab import rl_config
from reportlab.platypus import paragraph

from pnp.render import rl_paragraph
from pnp.render.typeset import paraFontSizeHeightOffset


def test_whitespace_is_reportlabs() -> None:
    assert paragraph._wsc == rl_paragraph.WHITESPACE


@pytest.mark.parametrize(
    ("ours", "theirs"),
    [
        (rl_paragraph.uri(), paragraph.uri_pat),
        (rl_paragraph.HY_PREFIX, paragraph._hy_pfx_pat),
        (rl_paragraph.HY_SUFFIX, paragraph._hy_sfx_pat),
        (rl_paragraph.HY_LETTERS, paragraph._hy_letters_pat),
        (rl_paragraph.HY_SHY_LETTERS, paragraph._hy_shy_letters_pat),
        (rl_paragraph.HY_SHY, paragraph._hy_shy_pat),
    ],
)
def test_patterns_are_reportlabs(ours: object, theirs: object) -> None:
    assert (ours.pattern, ours.flags) == (theirs.pattern, theirs.flags)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "text", ["", " ", "Roba 2 cartas.", "2\xa0cartas y\u2009más", "a\xa0\xa0b\tc\u3000d ", "\xa0", "uno\u200bdos\xa0"]
)
def test_split_is_reportlabs(text: str) -> None:
    assert rl_paragraph.split(text) == paragraph.split(text)


def test_first_baseline_offset_is_the_one_paragraphs_read() -> None:
    assert paraFontSizeHeightOffset == paragraph.paraFontSizeHeightOffset == rl_config.paraFontSizeHeightOffset


LAID_OUT = """
import sys
from pnp.assets.fonts import load_fonts
from pnp.paths import FONTS_DIR
from pnp.render.text import TextBox, fit_text
import pnp.export.draft, pnp.assets.icons, pnp.render.typeset
body = load_fonts(FONTS_DIR).role("body")
print(fit_text(TextBox("Roba 2 cartas y descarta una.", body, 100, 40, 9, 6, language="es")).fits)
print("reportlab.platypus" in sys.modules, "reportlab.graphics" in sys.modules, "lxml" in sys.modules)
"""


def test_fitting_a_plain_text_imports_no_platypus() -> None:
    """A text the line breaking replays is fitted without ReportLab's platypus, graphics or lxml:
    those are imported when a Paragraph is wrapped or an SVG read."""
    done = subprocess.run([sys.executable, "-c", LAID_OUT], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "False", "False", "False"]
