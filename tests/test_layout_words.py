"""The words the bundled layouts print (SHADOW, RANGE, SKILL CHECK) come from the sheets catalogue, in the
card language of the build, English where a catalogue leaves one untranslated."""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from pnp.assets.fonts import load_fonts
from pnp.i18n import LOCALE_DIR
from pnp.i18n_extract import SHEET_KEYWORDS, extract_layout_words
from pnp.layout.plan import lay_out_pack
from pnp.load import load_pack
from pnp.model import PackData
from pnp.pipelines.build_options import FONTS_DIR
from pnp.render.face import RenderContext, fit_face
from tests.conftest import ROOT

TEMPLATES = ROOT / "templates"
SHEET_LANGUAGES = sorted(path.parent.parent.name for path in LOCALE_DIR.glob("*/LC_MESSAGES/sheets.po"))
BUNDLED_PACKS = ("cards/lotr-sailing", "cards/bsg", "cards/blue-sun")


def _layout_words() -> set[str]:
    words = set()
    for path in TEMPLATES.rglob("*.toml"):
        found = extract_layout_words(io.BytesIO(path.read_bytes()), SHEET_KEYWORDS, (), {})
        words |= {message for _line, _function, message, _comments in found}
    return words


@cache
def _pack(name: str) -> PackData:
    pack = load_pack(ROOT / name).pack
    assert pack is not None
    return pack


def _printed_texts(name: str, language: str) -> set[str]:
    laid = lay_out_pack(_pack(name), language)
    return {str(e.get("text", "")) for face in laid.faces().values() for e in face.elements if e.kind == "text"}


def test_no_layout_chooses_its_words_by_language() -> None:
    offenders = [str(p.relative_to(ROOT)) for p in TEMPLATES.rglob("*.toml") if "lang ==" in p.read_text()]
    assert not offenders  # a word is 'WORD' | printed(lang): every card language, not Spanish alone


def test_the_layout_words_are_in_every_sheets_catalogue() -> None:
    words = _layout_words()
    assert {"SHADOW", "RANGE", "SKILL CHECK", "Politics"} <= words
    for language in SHEET_LANGUAGES:
        with (LOCALE_DIR / language / "LC_MESSAGES" / "sheets.po").open("rb") as po:
            catalogue = read_po(po)
        missing = sorted(w for w in words if catalogue.get(w) is None)
        assert not missing, f"{language}: {missing}"  # an empty msgstr is fine: English prints


@pytest.mark.parametrize(
    ("language", "word"),
    [("en", "SHADOW"), ("es", "SOMBRA"), ("ca", "OMBRA"), ("fr", "OMBRE"), ("de", "SCHATTEN"), ("it", "OMBRA")],
)
def test_each_card_language_prints_its_own_word(language: str, word: str) -> None:
    assert word in _printed_texts("cards/lotr-sailing", language)


def test_a_word_a_catalogue_leaves_untranslated_prints_in_english() -> None:
    texts = _printed_texts("cards/lotr-sailing", "pt")
    assert "HIT POINTS" in texts and "SOMBRA" in texts  # pt translates the shadow, not yet the hit points
    assert "VIDA" not in texts  # the Spanish word never stands in for another language


def test_the_skill_names_follow_the_card_language() -> None:
    assert any("PROVA D'HABILITAT" in t for t in _printed_texts("cards/bsg", "ca"))
    assert any("SKILL CHECK" in t for t in _printed_texts("cards/bsg", "en"))


@pytest.mark.slow
@pytest.mark.parametrize("language", SHEET_LANGUAGES)
def test_every_translated_word_fits_its_box(language: str) -> None:
    """A word a translator gives that is wider than the layout's box (VERTEIDIGUNG where DEFENSE stands)
    would fail every build in that language: the bundled packs, laid out in it, fit at their sizes."""
    fonts = load_fonts(FONTS_DIR)
    for name in BUNDLED_PACKS:
        pack = _pack(name)
        ctx = RenderContext(fonts=fonts, pack_root=pack.root, template_file={}, bleed=0.0)
        for face in lay_out_pack(pack, language).faces().values():
            fit_face(face, ctx)
        problems = [f"{f.field}: {f.message}" for f in ctx.findings if f.severity.value != "info"]
        assert not problems, (name, problems)


def test_the_extractor_reads_only_for_the_sheets_catalogue(tmp_path: Path) -> None:
    layout = b"text = \"{{ 'SHADOW' | printed(lang) }} {{ 'x' if y else 'z' }}\"\n"
    assert [m for _l, _f, m, _c in extract_layout_words(io.BytesIO(layout), SHEET_KEYWORDS, (), {})] == ["SHADOW"]
    assert not list(extract_layout_words(io.BytesIO(layout), {"_": None}, (), {}))
