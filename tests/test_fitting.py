"""Text fitting: measured once and bisected, the legibility floor, and check agreeing with build."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnp.assets.fonts import load_fonts
from pnp.check import check_pack
from pnp.errors import Finding
from pnp.load import load_pack
from pnp.pipelines.build import BuildOptions, build
from pnp.pipelines.fitting import fitting_findings
from pnp.render import text as text_module
from pnp.render.text import TextBox, _build, fit_text, measure
from pnp.units import mm
from tests.conftest import ROOT

BODY = load_fonts(ROOT / "fonts").role("body")
SENTENCES = (
    "Cuando robes esta carta, puedes descartar hasta dos cartas de Suministro y robar otras tantas. "
    "Tu tripulación gana {fuel} por cada Trabajo completado en el Borde Exterior; los Reavers persiguen "
    "**inmediatamente** a la nave *Serenity* con extraordinaria ferocidad desproporcionada."
)
WORDS = SENTENCES.split()


def _sized(findings: list[Finding]) -> list[tuple[str, str | None, str | None, str]]:
    return [(f.severity.value, f.card, f.field, f.message) for f in findings if f.code == "text/small" and f.card]


def _lengthen(pack: Path, times: int) -> None:
    """fuel-cell's text, `times` sentences long in both languages (so that the text checks agree)."""
    supply = pack / "supply.toml"
    supply.write_text(
        supply.read_text()
        .replace('"Gain 2 {fuel}."', '"' + "Gain fuel each time you deliver a passenger. " * times + '"')
        .replace('"Gana 2 {fuel}."', '"' + "Gana combustible cada vez que entregues un pasajero. " * times + '"'),
        encoding="utf-8",
    )


@pytest.mark.slow
def test_the_measure_predicts_reportlab_line_breaking() -> None:
    """Bisection trusts the measured widths: they must judge a size as ReportLab's own wrap does
    (tests/test_linebreak.py proves it over generated texts; this over realistic ones)."""
    assert BODY is not None
    rng = random.Random(7)
    for _ in range(60):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(10, 90)))
        box = TextBox(text, BODY, mm(35), mm(22), 7, 4, language="es")
        measured = measure(text, BODY, "es", box.leading)
        for size in (4.5, 5.25, 6, 6.5, 7):
            assert measured.fitted(box, size) == _build(box, size, measured.widest), (text, size)


def test_fitting_builds_no_paragraph_and_drawing_builds_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """`pnp check` needs only the size; drawing wraps the text once, at that size."""
    assert BODY is not None
    built: list[float] = []
    real = text_module._paragraph

    def counting(markup: str, style: object) -> object:
        built.append(style.fontSize)  # type: ignore[attr-defined]
        return real(markup, style)

    monkeypatch.setattr(text_module, "_paragraph", counting)
    text = "Gana dos fichas de combustible y una de repuestos.\n\n" + "Roba una carta. " * 9
    fitted = fit_text(TextBox(text, BODY, mm(35), mm(20), 9, 4))
    assert fitted.fits and fitted.size < 9
    assert built == []
    paragraphs, heights = fitted.paragraphs, fitted.heights
    assert built == [fitted.size, fitted.size] and len(paragraphs) == 2
    assert fitted.paragraphs is paragraphs and built == [fitted.size, fitted.size]
    assert sum(heights) + fitted.size * text_module.PARAGRAPH_GAP == fitted.height


def test_a_title_fits_on_at_most_its_lines() -> None:
    assert BODY is not None
    title = "La Frontier Modelo B de Mal, reformada"
    free = fit_text(TextBox(title, BODY, mm(35), mm(30), 10.5, 6))
    two = fit_text(TextBox(title, BODY, mm(35), mm(30), 10.5, 6, max_lines=2))
    one = fit_text(TextBox(title, BODY, mm(35), mm(30), 10.5, 6, max_lines=1))
    assert (free.size, free.lines) == (10.5, 3)  # the box is tall enough for three lines
    assert two.fits and two.lines == 2 and two.size < free.size
    assert not one.fits  # one line would need less than 6 pt: the caller reports it


@pytest.mark.slow
def test_text_under_the_legibility_floor_is_a_warning_that_check_and_build_share(
    tiny_copy: Path, tmp_path: Path
) -> None:
    _lengthen(tiny_copy, 9)
    built = build(tiny_copy, BuildOptions(output=tmp_path / "out", cache=False))
    assert built.ok
    from_build = _sized(built.findings)
    assert len(from_build) == 1
    severity, card, field, message = from_build[0]
    assert (severity, card, field) == ("warning", "fuel-cell", "element.text")
    assert message.startswith('layout "gear" element "text": the text is set at ')
    assert message.endswith(" pt, under the 6 pt legibility floor")
    loaded = load_pack(tiny_copy)
    assert loaded.pack is not None
    assert _sized(fitting_findings(loaded.pack)) == from_build


@pytest.mark.slow
def test_text_needing_less_than_5_pt_stops_the_build_but_not_a_draft(tiny_copy: Path, tmp_path: Path) -> None:
    _lengthen(tiny_copy, 16)
    refused = build(tiny_copy, BuildOptions(output=tmp_path / "out", cache=False))
    assert not refused.ok and not refused.written
    assert [s[0] for s in _sized(refused.findings)] == ["error"]
    loaded = load_pack(tiny_copy)
    assert loaded.pack is not None
    assert _sized(fitting_findings(loaded.pack)) == _sized(refused.findings)
    assert check_pack(loaded.pack) is not None
    draft = build(tiny_copy, BuildOptions(output=tmp_path / "draft", cache=False, draft=True))
    assert draft.ok, [f.message for f in draft.findings if f.severity.value == "error"]
    assert [s[0] for s in _sized(draft.findings)] == ["warning"]


@pytest.mark.slow
def test_the_proof_shows_the_size_each_text_was_set_at_and_marks_those_under_the_floor(
    tiny_copy: Path, tmp_path: Path
) -> None:
    from click.testing import CliRunner

    from pnp.cli import main

    _lengthen(tiny_copy, 9)
    result = CliRunner().invoke(main, ["proof", "tiny", "-o", str(tmp_path / "proof")])
    assert result.exit_code == 0, result.output
    html = (tmp_path / "proof" / "proof.html").read_text(encoding="utf-8")
    assert '<p class="sizes">set at: title 10 pt' in html  # a short title keeps its full size
    assert " pt (under 6 pt)</b>" in html  # fuel-cell's long text, marked


def test_words_apart_by_tabs_or_thin_spaces_fit_as_words_apart_by_spaces() -> None:
    """ReportLab ends lines at any white space: a text pasted with tabs is not one long word."""
    spaced = "Roba una carta y descarta otra de tu mano cuando puedas hacerlo."
    for odd in ("\t", "\u2009"):
        fitted = fit_text(TextBox(spaced.replace(" ", odd, 3), BODY, mm(42), mm(20), 9, 5, language="es"))
        assert fitted.fits and fitted.size == 9 and fitted.lines == 3


@pytest.mark.slow
def test_a_word_no_box_holds_is_named_not_measured_in_height(tiny_copy: Path) -> None:
    """The height of the text is not what is wrong with one long word: the finding names the word."""
    supply = tiny_copy / "supply.toml"
    long_word = "MULTIMILLONARIOSMULTIMILLONARIOSMULTIMILLONARIOSMULTIMILLONARIO"  # 63 letters: pnp takes 64
    supply.write_text(supply.read_text().replace('"Gana 2 {fuel}."', f'"Gana {long_word}."'), encoding="utf-8")
    loaded = load_pack(tiny_copy)
    assert loaded.pack is not None
    found = [f for f in fitting_findings(loaded.pack) if f.code == "text/small" and f.card == "fuel-cell"]
    assert len(found) == 1 and f'"{long_word[:39]}…"' in found[0].message, found
    assert "wider than its box" in found[0].message and "hyphenate" in (found[0].hint or "")


def test_a_row_of_icons_no_line_holds_is_said_so() -> None:
    """ReportLab keeps icons that open a paragraph on one line: at any size, 60 of them fit no card."""
    fitted = fit_text(TextBox(" ".join(["{fuel}"] * 60), BODY, mm(35), mm(30), 9, 5, language="es"))
    assert not fitted.fits and fitted.measured.overfull(5, mm(35))
    assert not fitted.measured.word_too_wide(5, mm(35))  # no single word is the trouble: the line of icons is


@pytest.mark.slow
def test_a_draft_with_pngs_draws_its_small_text_as_the_sheets_do(tiny_copy: Path, tmp_path: Path) -> None:
    """The PNG faces of a draft were drawn as a build's: the small text the draft accepts stopped them."""
    _lengthen(tiny_copy, 16)
    draft = build(tiny_copy, BuildOptions(output=tmp_path / "draft", cache=False, draft=True, png=True))
    assert draft.ok, [f.message for f in draft.findings if f.severity.value == "error"]
    assert any(path.suffix == ".png" for path in draft.written)
