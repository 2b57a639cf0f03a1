"""The arithmetic that fits text (pnp.render.linebreak) breaks lines as ReportLab's Paragraph does.

`pnp check` and the build decide a text's size by that arithmetic alone, and the build then wraps
one Paragraph at the size decided: these properties are what makes the size drawn the size checked.
"""

from __future__ import annotations

import os
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

from pnp import markup
from pnp.assets.fonts import load_fonts
from pnp.render import linebreak
from pnp.render.text import HYPHENATION, TextBox, _build, _style, fit_text, measure, to_para_markup
from tests.conftest import ROOT

FONTS = load_fonts(ROOT / "fonts")
EXAMPLES = int(os.environ.get("PNP_LINEBREAK_EXAMPLES", "400"))
PROPERTY = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not os.environ.get("PNP_FUZZ_RANDOM"),
    database=None,  # nothing written into the checkout
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# Spanish card words: hyphenatable long words, compounds with their own hyphen, punctuation that
# ReportLab keeps off a hyphenated head, words no line can hold, a no-break space, &, < and >
# (each its own run in ReportLab's parser), and a literal star.
SENTENCES = (
    "Cuando robes esta carta, puedes descartar hasta dos cartas de Suministro y robar otras tantas. "
    "Tu tripulación gana por cada Trabajo completado en el Borde Exterior; los Reavers persiguen "
    "inmediatamente extraordinaria ferocidad desproporcionada. físico-químico anti-aéreo «Serenity» "
    "(dos) ¿quién? ¡ya! supercalifragilísticoespialidoso internacionalización CONSTANTINOPLA "
    "10\xa0km a&b <x> 7*7 ¡Descártala!"
)
WORDS = SENTENCES.split(" ")
MARKS = ("{fuel}", "{fuel}{fuel}", "**", "*", "\n", "\n\n", "  ", "\\*", "\t", "\u202f", "\u2009", "\u200b")


texts = st.lists(
    st.one_of(
        st.sampled_from(WORDS),
        st.sampled_from(MARKS),
        st.sampled_from(WORDS).map(lambda w: w + "{fuel}"),
        st.sampled_from(WORDS).map(lambda w: f"**{w}**"),  # styled words: each role's bold and italic faces
        st.sampled_from(WORDS).map(lambda w: f"*{w}*"),
    ),
    min_size=1,
    max_size=60,
).map(" ".join)
roles = st.sampled_from(sorted(FONTS.roles))
sizes = st.sampled_from([4.0, 4.5, 5.25, 6.0, 6.75, 7.0, 8.0, 9.5, 10.5, 12.0, 14.0])


def _width(data: st.DataObject, text: str, font: str, size: float) -> float:
    """Any width, or one within a fraction of a point of where the first words end: where the
    space shrinkage and the hyphenation points decide."""
    if data.draw(st.booleans()):
        return data.draw(st.floats(6, 220))
    words = text.replace("*", "").split()
    count = data.draw(st.integers(1, max(1, min(len(words), 12))))
    edge = stringWidth(" ".join(words[:count]), font, size)
    return max(1.0, edge + data.draw(st.floats(-0.6, 0.6)))


@pytest.mark.slow
@PROPERTY
@given(
    data=st.data(),
    text=texts,
    role=roles,
    size=sizes,
    language=st.sampled_from([*sorted(HYPHENATION), "ca"]),
    hyphenate=st.booleans(),
)
def test_each_paragraph_breaks_into_the_lines_reportlab_breaks_it_into(
    data: st.DataObject, text: str, role: str, size: float, language: str, hyphenate: bool
) -> None:
    assume(linebreak.modelled(text))  # the others are fitted and drawn by ReportLab itself
    font = FONTS.roles[role]
    width = _width(data, text, font.name(), size)
    box = TextBox(text, font, width, 100, size, size, language=language, hyphenate=hyphenate)
    style = _style(box, size)
    for paragraph in markup.parse(text):
        wrapped = Paragraph(to_para_markup(paragraph, size), style)
        wrapped.wrap(width, 1e6)
        model = linebreak.make_paragraph(linebreak.paragraph_runs(paragraph, font.name))
        hyphenation = HYPHENATION.get(language, "") if hyphenate else ""  # the points style.hyphenationLang draws with
        assert linebreak.lines(model, size, width, hyphenation) == len(wrapped.blPara.lines)


@pytest.mark.slow
@PROPERTY
@given(
    data=st.data(),
    text=texts,
    role=roles,
    height=st.floats(4, 160),
    size=sizes,
    leading=st.sampled_from([0.9, 1.0, 1.15, 1.2, 1.4]),
    max_lines=st.integers(0, 3),
    hyphenate=st.booleans(),
)
def test_the_arithmetic_finds_what_wrapping_finds(
    data: st.DataObject,
    text: str,
    role: str,
    height: float,
    size: float,
    leading: float,
    max_lines: int,
    hyphenate: bool,
) -> None:
    """Line count, height (to the last bit: it places the text) and whether it fits.  One deliberate
    difference: a line that runs out of the box (icons opening a paragraph, which ReportLab never
    breaks) does not fit, where ReportLab would print it cut."""
    font = FONTS.roles[role]
    width = _width(data, text, font.name(), size)
    box = TextBox(text, font, width, height, size, 4, leading, language="es", hyphenate=hyphenate, max_lines=max_lines)
    measured = measure(text, font, "es" if hyphenate else "", leading)
    assume(measured.modelled)  # the others are fitted and drawn by ReportLab itself
    wrapped = _build(box, size, measured.widest)
    fitted = measured.fitted(box, size)
    if any(linebreak.counted_lines(p, size, width, measured.language)[1] for p in measured.paragraphs):
        assert not fitted.fits
        fitted = replace(fitted, fits=wrapped.fits)
    assert fitted == wrapped


def test_what_the_arithmetic_does_not_replay_reportlab_judges() -> None:
    """Soft hyphens and URIs break ReportLab's own way: those texts are sized by wrapping them."""
    body = FONTS.roles["body"]
    for text in ("extra\xadordinaria " * 6, "visita https://example.org/reglas/carta/larga " * 3):
        measured = measure(text, body, "es", 1.15)
        assert not measured.modelled
        fitted = fit_text(TextBox(text, body, 60, 40, 9, 4, language="es"))
        assert fitted == _build(fitted.box, fitted.size, measured.widest)
