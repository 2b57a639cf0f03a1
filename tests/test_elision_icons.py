"""An icon written right after an elision ("l'{fuel}", Catalan and French) prints against it:
a drop narrower than its square left a gap after the apostrophe."""

from __future__ import annotations

from pnp.layout.templates import IconFile
from pnp.paths import TEMPLATES_DIR
from pnp.render.icons import pull_after_elision


def _icon(name: str) -> IconFile:
    path = TEMPLATES_DIR / "firefly" / "icons" / f"{name}.svg"
    return IconFile(name, path, path.name, "family.toml")


def test_an_icon_after_an_elision_is_drawn_against_it() -> None:
    fuel = _icon("fuel")
    side = 10.0
    assert 0.5 < pull_after_elision(fuel, "Gasta l'", side) < 4.5
    assert pull_after_elision(fuel, "Gasta l’", side) == pull_after_elision(fuel, "Gasta l'", side)
    assert pull_after_elision(fuel, "Gana 2 ", side) == 0.0  # after a space, the icon keeps its place
    assert pull_after_elision(None, "l'", side) == 0.0


def test_the_drawn_line_moves_the_icon_and_nothing_else(monkeypatch) -> None:
    from reportlab.pdfgen.canvas import Canvas

    from pnp.assets.fonts import load_fonts
    from pnp.paths import FONTS_DIR
    from pnp.render import typeset
    from pnp.render.text import TextBox, fit_text
    from pnp.render.words import icon_side, width_at_1pt

    placed: list[float] = []
    monkeypatch.setattr(typeset, "draw_icon", lambda canvas, icon, x, y, w, h: placed.append(x))
    role = load_fonts(FONTS_DIR).role("body")
    assert role is not None
    icons = {"fuel": _icon("fuel")}
    for text in ("Gasta l {fuel}", "Gasta l'{fuel}"):
        fitted = fit_text(TextBox(text, role, 200.0, 50.0, 10.0, 6.0, language="ca"))
        typeset.draw_text(Canvas("/dev/null"), fitted, 0.0, 50.0, icons)
    spaced, elided = placed
    font = role.name()
    assert spaced == width_at_1pt("Gasta l ", font) * 10  # after a space: where the fitting measured it
    pull = pull_after_elision(icons["fuel"], "l'", icon_side(10.0))
    assert elided == width_at_1pt("Gasta l'", font) * 10 - pull


def test_a_full_stop_after_a_narrow_icon_is_set_against_it() -> None:
    """ "{fuel}." printed a gap before the stop: the drop's blank right part."""
    from pnp.render.icons import pull_before_closing

    fuel = _icon("fuel")
    assert 0.5 < pull_before_closing(fuel, ". Un", 10.0) < 4.5
    assert pull_before_closing(fuel, " perd", 10.0) == 0.0
