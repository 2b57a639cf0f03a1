"""Names are never hyphenated: "Ha-rrow", "Meri-dian", "Uro-boros" printed on Blue Sun's cards."""

from __future__ import annotations

from reportlab.platypus import Paragraph

from pnp.render.text import TextBox, _style
from pnp.render.words import _points
from tests.test_linebreak import FONTS


def test_a_name_has_no_hyphenation_point_and_a_common_word_keeps_its_own() -> None:
    for name in ("Harrow", "Meridian", "Uroboros", "Highgate"):
        assert [head for jc, head, _tail in _points(name, "es") if jc] == [], name
    assert ("-", "meri", "diano") in _points("meridiano", "es")


def test_reportlab_draws_with_the_same_points_as_the_fitting() -> None:
    """The sheet and the fitting break alike: a narrow box breaks before "Meridian", never inside it."""
    role = FONTS.role("body")
    assert role is not None
    text = "Entregas en Meridian y en Uroboros los cargamentos"
    box = TextBox(text, role, 40.0, 200.0, 8.0, 6.0, language="es")
    style = _style(box, 8.0)
    assert list(style.hyphenationLang("Meridian")) == []
    assert list(style.hyphenationLang("cargamentos"))
    paragraph = Paragraph(text, style)
    paragraph.wrap(40.0, 200.0)
    words = [word for line in paragraph.blPara.lines for word in (line[1] if isinstance(line, tuple) else line.words)]
    printed = " ".join(str(w) for w in words)
    assert "Meri-" not in printed and "Uro-" not in printed, printed


def test_a_lowercase_word_of_the_packs_list_is_never_hyphenated() -> None:
    """The pack's `words` ("vipers", "raiders" in BSG's) were hyphenated when written lowercase."""
    from pnp.render.words import hyphenation_key

    assert [head for jc, head, _tail in _points("cargamentos", "es") if jc]
    kept = hyphenation_key("es", ("Cargamentos",))
    assert [head for jc, head, _tail in _points("cargamentos", kept) if jc] == []
    assert [head for jc, head, _tail in _points("meridiano", kept) if jc]  # other words still break
    role = FONTS.role("body")
    assert role is not None
    box = TextBox("los cargamentos", role, 40.0, 200.0, 8.0, 6.0, language="es", keep=("cargamentos",))
    assert list(_style(box, 8.0).hyphenationLang("cargamentos")) == []


def test_the_layout_hands_the_packs_words_to_the_text_it_draws() -> None:
    from pnp.layout.faces import LaidOutElement, _kept_whole

    text = LaidOutElement("text", "text", (("text", "Lanza 2 vipers al espacio"),))
    assert _kept_whole(text, ("vipers", "raiders")).get("keep") == ("vipers",)
    assert _kept_whole(text, ("raiders",)) is text  # a face without them keeps its key
