"""Rules on paper: aids/*.toml loaded with located findings, checked like card text, fitted at 6 pt or
more, and printed by pnp build into aids.pdf."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from pnp.assets.fonts import load_fonts
from pnp.check import check_pack
from pnp.cli import main
from pnp.load import load_pack
from pnp.paths import FONTS_DIR
from pnp.render.aids import MIN_SIZE, fit_aid
from tests.conftest import BLUE_SUN, ROOT

GOOD = """kind = "reference"
title = { en = "Turn", es = "Turno" }
size = "poker"
copies = 2

[[block]]
heading = { en = "Your turn", es = "Tu turno" }

[[block]]
steps.en = ["Draw 2 cards.", "Spend {fuel} to move."]
steps.es = ["Roba 2 cartas.", "Gasta {fuel} para moverte."]

[[block]]
verify = "la tabla es una conjetura"
columns = [
    { header = { en = "Roll", es = "Tirada" }, align = "center", width = 30 },
    { header = { en = "Result", es = "Resultado" } },
]
rows.en = [["1-3", "Nothing."], ["4-6", "Draw a card."]]
rows.es = [["1-3", "Nada."], ["4-6", "Roba una carta."]]
"""


def _pack_with(tmp_path: Path, name: str, text: str) -> Path:
    pack = tmp_path / "tiny"
    shutil.copytree(ROOT / "examples" / "tiny", pack)
    (pack / "aids").mkdir()
    (pack / "aids" / f"{name}.toml").write_text(text, encoding="utf-8")
    return pack


def _messages(pack: Path) -> list[str]:
    result = load_pack(pack)
    return [f"{f.file}:{f.line}: {f.field}: {f.message}" for f in result.findings if f.file.endswith(".toml")]


def test_a_good_aid_loads_with_its_blocks(tmp_path: Path) -> None:
    loaded = load_pack(_pack_with(tmp_path, "turn", GOOD))
    assert loaded.pack is not None, loaded.findings
    (aid,) = loaded.pack.aids
    assert aid.id == "turn"
    assert [b.kind for b in aid.aid.block] == ["heading", "steps", "rows"]
    assert aid.line("block[2].rows.es") == 20


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            ('steps.es = ["Roba 2 cartas.", "Gasta {fuel} para moverte."]', 'steps.es = ["Roba 2 cartas."]'),
            ":11: block[1].steps.es: not as many items as the original (en): 1 here, 2 there",
        ),
        (
            ('["4-6", "Roba una carta."]', '["4-6"]'),
            ":20: block[2].rows.es[1]: cells in this row: 1; columns in the table: 2",
        ),
        (("Spend {fuel}", "Spend {fuell}"), ':10: block[1].steps.en[1]: unknown icon "fuell"'),
        (
            ('heading = { en = "Your turn", es = "Tu turno" }', 'heading = { en = "Your turn", fr = "Ton tour" }'),
            ':7: block[0].heading.fr: "fr" is not a language of this pack',
        ),
        (('size = "poker"', 'size = "pokr"'), ":3: size: expected a card size name"),
        (
            ('heading = { en = "Your turn", es = "Tu turno" }', 'heading = { en = "A" }\ntext = { en = "B" }'),
            ":6: block[0]: give a [[block]] exactly one of heading.en, text.en, bullets.en, steps.en "
            "or a table (columns[...] and rows.en); it has heading, text",
        ),
        (("copies = 2", 'copies = 2\nvariant = "solo"'), ':5: variant: unknown variant "solo"'),
    ],
)
def test_bad_aids_are_findings_naming_file_line_and_field(
    tmp_path: Path, change: tuple[str, str], expected: str
) -> None:
    old, new = change
    assert old in GOOD
    messages = _messages(_pack_with(tmp_path, "turn", GOOD.replace(old, new)))
    assert any(m.startswith("tiny/aids/turn.toml") or "aids/turn.toml" in m for m in messages), messages
    assert any(expected in m for m in messages), messages


def test_aid_texts_are_checked_like_card_text_and_located_in_the_aid(tmp_path: Path) -> None:
    text = GOOD.replace('"Roba 2 cartas."', '"Roba 3 cartaz."')
    pack = load_pack(_pack_with(tmp_path, "turn", text)).pack
    assert pack is not None
    found = [f for f in check_pack(pack) if f.file.endswith("aids/turn.toml")]
    numbers = [f for f in found if f.code == "text/numbers"]
    assert [(f.field, f.line, f.card) for f in numbers] == [("block[1].steps.es[0]", 11, None)]
    assert any(f.code == "text/spelling" and "cartaz" in f.message for f in found), found
    assert any(f.code == "aid/verify" and f.field == "block[2].verify" for f in found)


# an aid whose one block runs past the sides an aid may take, in both languages
TOO_LONG = (
    GOOD + '\n[[block]]\ntext.en = "' + "Move one sector. " * 250 + '"\ntext.es = "' + "Mueve un sector. " * 250 + '"\n'
)


def test_an_aid_too_long_for_its_sides_is_an_error_of_check_and_build(tmp_path: Path) -> None:
    long = TOO_LONG
    pack = _pack_with(tmp_path, "turn", long)
    checked = CliRunner().invoke(main, ["check", str(pack), "--no-cache"])
    assert checked.exit_code == 1
    assert 'aids/turn.toml:3: error: field "size": the es text needs' in checked.output
    assert "sides at 6 pt, and the aid may take 2" in checked.output
    built = CliRunner().invoke(main, ["build", str(pack), "--output", str(tmp_path / "out")])
    assert built.exit_code == 1 and "aid may take 2" in built.output


def test_a_check_after_a_card_edit_takes_the_aids_fit_from_its_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`pnp check` keeps what fitting the aids found: a check after a card's edit fits no aid (and so
    imports no platypus), says the same aid/fit error, and fits again when an aid changes."""
    import pnp.render.aids

    long = TOO_LONG
    pack = _pack_with(tmp_path, "turn", long)
    fitted: list[str] = []
    real = pnp.render.aids.fit_aid

    def counted(aid: object, language: str, *args: object) -> object:
        fitted.append(language)
        return real(aid, language, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(pnp.render.aids, "fit_aid", counted)
    monkeypatch.chdir(tmp_path)  # the check's cache is ./output
    first = CliRunner().invoke(main, ["check", str(pack)])
    assert first.exit_code == 1 and "sides at 6 pt, and the aid may take 2" in first.output
    assert fitted and len(fitted) == len(set(fitted))  # each language once
    deck = pack / "supply.toml"
    deck.write_text(deck.read_text(encoding="utf-8").replace('title.es = "', 'title.es = "Nuevo ', 1), encoding="utf-8")
    before = len(fitted)
    again = CliRunner().invoke(main, ["check", str(pack)])
    assert len(fitted) == before  # the card changed, not the aids
    uncached = CliRunner().invoke(main, ["check", str(pack), "--no-cache"])
    assert again.exit_code == uncached.exit_code == 1
    assert again.output == uncached.output
    aid = pack / "aids" / "turn.toml"
    aid.write_text(aid.read_text(encoding="utf-8").replace("Mueve un sector.", "Mueve dos.", 5), encoding="utf-8")
    before = len(fitted)
    assert CliRunner().invoke(main, ["check", str(pack)]).exit_code == 1
    assert len(fitted) > before


def test_the_blue_sun_aids_fit_their_sides_never_under_six_points() -> None:
    pack = load_pack(BLUE_SUN).pack
    assert pack is not None and pack.aids
    fonts = load_fonts(FONTS_DIR)
    for aid in pack.aids:
        fitted = fit_aid(aid, "es", "en", fonts)
        assert fitted.fits and fitted.size >= MIN_SIZE and 1 <= len(fitted.sides) <= aid.aid.sides, aid.id


def _sizes_and_text(pdf: Path) -> tuple[float, str]:
    document = pdfium.PdfDocument(pdf)
    smallest, words = 99.0, []
    for page in document:
        text = page.get_textpage()
        for index in range(text.count_chars()):
            if text.get_text_range(index, 1).strip():
                smallest = min(smallest, pdfium.raw.FPDFText_GetFontSize(text.raw, index))
        words.append(text.get_text_range())
    return smallest, "\n".join(words)


def test_build_writes_aids_pdf_and_says_so(tmp_path: Path) -> None:
    pack = _pack_with(tmp_path, "turn", GOOD)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(pack), "--output", str(out)])
    assert result.exit_code == 0, result.output
    written = out / "tiny" / "es" / "aids.pdf"
    assert f"wrote {written}" in result.output
    assert b"Helvetica" not in written.read_bytes()  # only the bundled fonts, embedded: no standard font
    smallest, text = _sizes_and_text(written)
    assert smallest >= MIN_SIZE - 0.01
    assert "Tu turno" in text and "Roba una carta." in text
    assert "VERIFICAR" in text  # the table's guess is marked on paper, in the printed language
    again = CliRunner().invoke(main, ["build", str(pack), "--output", str(tmp_path / "none"), "--no-aids"])
    assert again.exit_code == 0, again.output
    assert not (tmp_path / "none" / "tiny" / "es" / "aids.pdf").exists()


def test_a_rebuild_takes_aids_pdf_from_the_cache_until_an_aid_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Editing a card leaves aids.pdf as it was: it is not drawn again.  Editing an aid draws it again,
    and what the cache gives back is byte for byte what a --no-cache build draws."""
    import pnp.export.aids_pdf

    pack = _pack_with(tmp_path, "turn", GOOD)
    out = tmp_path / "out"
    real = pnp.export.aids_pdf.render_aids
    tally = tmp_path / "drawn"  # aids.pdf is drawn in a process of its own: counted in a file

    def counted(*args: object, **kwargs: object) -> bytes:
        with tally.open("a") as out:
            out.write("1")
        return real(*args, **kwargs)  # type: ignore[arg-type]

    def drawn() -> int:
        return len(tally.read_text()) if tally.exists() else 0

    monkeypatch.setattr(pnp.export.aids_pdf, "render_aids", counted)
    build = ["build", str(pack), "--output", str(out)]
    assert CliRunner().invoke(main, build).exit_code == 0
    assert drawn() == 1
    deck = pack / "supply.toml"
    text = deck.read_text(encoding="utf-8")
    assert 'title.es = "' in text
    deck.write_text(text.replace('title.es = "', 'title.es = "Nuevo ', 1), encoding="utf-8")
    again = CliRunner().invoke(main, build)
    assert again.exit_code == 0, again.output
    assert drawn() == 1  # the card changed, not the aids
    aid = pack / "aids" / "turn.toml"
    aid.write_text(
        aid.read_text(encoding="utf-8").replace("Roba una carta.", "Roba una carta nueva."), encoding="utf-8"
    )
    edited = CliRunner().invoke(main, build)
    assert edited.exit_code == 0, edited.output
    assert drawn() == 2
    assert "Roba una carta nueva." in _sizes_and_text(out / "tiny" / "es" / "aids.pdf")[1]
    fresh = tmp_path / "fresh"
    assert CliRunner().invoke(main, ["build", str(pack), "--output", str(fresh), "--no-cache"]).exit_code == 0
    kept = CliRunner().invoke(main, [*build, "--calibration"])  # a build option aids.pdf does not depend on
    assert kept.exit_code == 0, kept.output
    assert drawn() == 3  # --no-cache drew it; the build after it took the cache's
    assert (out / "tiny" / "es" / "aids.pdf").read_bytes() == (fresh / "tiny" / "es" / "aids.pdf").read_bytes()
    assert "aids.pdf: print it double-sided" not in kept.output  # no note made up: this aid has one side


def test_blue_sun_variant_shows_its_set_up_facts() -> None:
    result = CliRunner().invoke(main, ["deck", str(BLUE_SUN), "--variant", "blue-sun"])
    assert result.exit_code == 0, result.output
    assert "Variant blue-sun" in result.output
    assert "tres sectores del Espacio Reaver" in result.output
    assert (
        "Printed with it, in aids.pdf: " in result.output
        and "aids/setup.toml (Preparación con Sol Azul)" in result.output
    )


def test_the_proof_shows_each_aid_text_beside_its_original_with_its_findings(tmp_path: Path) -> None:
    pack = _pack_with(tmp_path, "turn", GOOD.replace('"Roba 2 cartas."', '"Roba 3 cartas."'))
    result = CliRunner().invoke(main, ["proof", str(pack), "-o", str(tmp_path / "proof")])
    assert result.exit_code == 0, result.output
    html = (tmp_path / "proof" / "proof.html").read_text(encoding="utf-8")
    section = html[html.index("Reference cards and set-up sheets") :]
    assert "block[1].steps[0]" in section and "Draw 2 cards." in section and "cartas." in section
    assert "<code>block[1].steps.es[0]</code> numbers differ from the original" in section
    assert "the original text (en) reads &quot;Draw 2 cards.&quot;" in section  # the aid's own original
    assert "la tabla es una conjetura" in section


def test_card_aids_backs_land_behind_their_fronts_for_each_duplex_flip() -> None:
    from pnp.export.aids_pdf import card_grid
    from pnp.units import paper_size, parse_card_size

    grid = card_grid(parse_card_size("poker"), paper_size("a4"))
    assert grid is not None and (grid.columns, grid.rows) == (3, 3)  # nine poker aids to an A4 sheet
    front = grid.origin(0, back=False, duplex="long")
    long_back, short_back = grid.origin(0, back=True, duplex="long"), grid.origin(0, back=True, duplex="short")
    width = grid.paper.width
    # turned over the long edge, the top-left card's back is top-right: mirrored left to right
    assert abs(long_back[0] + grid.card.width - (width - front[0])) < 0.01 and long_back[1] == front[1]
    assert short_back[0] == front[0] and short_back[1] != front[1]


def test_a_variant_build_prints_the_aids_of_no_variant_and_of_its_own(tmp_path: Path) -> None:
    from pnp.compose import Selection
    from pnp.pipelines.aids import chosen_aids
    from pnp.pipelines.build_options import BuildOptions

    pack = load_pack(BLUE_SUN).pack
    assert pack is not None
    every = {a.id for a in chosen_aids(pack, BuildOptions())}
    assert every == {"reavers", "setup"}
    other = BuildOptions(selection=Selection(players=2, variants=()))
    assert {a.id for a in chosen_aids(pack, other)} == set()  # both are for the blue-sun variant
    own = BuildOptions(selection=Selection(players=None, variants=("blue-sun",)))
    assert {a.id for a in chosen_aids(pack, own)} == every
