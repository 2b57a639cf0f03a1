"""Every target language is first-class on the cards: a Catalan card prints Catalan keywords, or the
original's with a warning, never the Spanish ones."""

from __future__ import annotations

from pathlib import Path

from pnp.layout.faces import card_context
from pnp.load import load_pack


def _three_languages(pack: Path, catalan_keyword: bool) -> None:
    toml = pack / "pack.toml"
    toml.write_text(toml.read_text().replace('target_languages = ["es"]', 'target_languages = ["es", "ca"]'))
    (pack / "supply.toml").write_text(
        (pack / "supply.toml")
        .read_text()
        .replace('id = "fuel-cell"\n', 'id = "fuel-cell"\nkeywords = ["boarding 2"]\n')
    )
    if catalan_keyword:
        glossary = pack / "glossary.toml"
        glossary.write_text(
            glossary.read_text()
            + '\n[[keyword]]\nid = "boarding"\nlang = "ca"\nsource = "Boarding"\n'
            + 'target = "Abordatge"\nvalue = "number"\n'
        )


def _keywords(pack: Path, lang: str) -> list[str]:
    data = load_pack(pack).pack
    assert data is not None
    deck = data.deck_of("fuel-cell")
    return card_context(data, deck.deck, data.cards()["fuel-cell"], None, lang)["card"]["keywords"]


def test_a_catalan_card_prints_the_catalan_keyword(tiny_copy: Path) -> None:
    _three_languages(tiny_copy, catalan_keyword=True)
    assert _keywords(tiny_copy, "ca") == ["Abordatge 2"]
    assert _keywords(tiny_copy, "es") == ["Abordaje 2"]
    assert _keywords(tiny_copy, "en") == ["Boarding 2"]
    codes = [f.code for f in load_pack(tiny_copy).findings]
    assert "load/keyword-untranslated" not in codes


def test_a_keyword_with_no_catalan_name_prints_the_original_and_says_so(tiny_copy: Path) -> None:
    _three_languages(tiny_copy, catalan_keyword=False)
    assert _keywords(tiny_copy, "ca") == ["Boarding 2"]  # not the Spanish "Abordaje 2"
    found = [f for f in load_pack(tiny_copy).findings if f.code == "load/keyword-untranslated"]
    assert len(found) == 1
    assert '"boarding"' in found[0].message and '"ca"' in found[0].message and '"Boarding"' in found[0].message


def test_check_fits_the_text_of_every_target_language_as_the_build_does(tiny_copy: Path) -> None:
    """A Catalan overflow passed `check --strict` and then stopped `build --lang ca`."""
    from click.testing import CliRunner

    from pnp.cli import main

    _three_languages(tiny_copy, catalan_keyword=True)
    long = "Guanya 2 {fuel}. " + " ".join(["Aquesta cel·la de combustible porta paraules llargues"] * 14) + "."
    supply = tiny_copy / "supply.toml"
    supply.write_text(
        supply.read_text().replace('title.en = "Fuel Cell"\n', f'title.en = "Fuel Cell"\ntext.ca = "{long}"\n')
    )
    build = CliRunner().invoke(main, ["build", str(tiny_copy), "--lang", "ca", "-o", str(tiny_copy.parent / "out")])
    assert build.exit_code != 0, build.output
    check = CliRunner().invoke(main, ["check", str(tiny_copy), "--strict"])
    assert check.exit_code != 0, check.output
    assert "in ca: " in check.output and "fuel-cell" in check.output, check.output


def test_pnp_new_fills_every_language_it_declares(tmp_path: Path) -> None:
    """`pnp new --languages en,es,ca` wrote no Catalan at all: every card lacked its Catalan text."""
    from pnp.pipelines.new_pack import write_skeleton

    skeleton = write_skeleton(tmp_path / "three", "Three", languages=("en", "es", "ca"))
    result = load_pack(skeleton.folder)
    assert result.pack is not None
    for card in result.pack.cards().values():
        assert card.title.get("ca") and card.text.get("ca"), card.id
    assert result.pack.pack.deck[0].name["ca"] == "Baralla principal"
    assert result.pack.pack.card_type[0].name["ca"] == "Carta"


def test_a_missing_catalan_text_is_a_finding_and_the_build_does_not_call_it_complete(tiny_copy: Path) -> None:
    """The Catalan sheets printed the English text while the build said "Every printed card has its text"."""
    from click.testing import CliRunner

    from pnp.cli import main

    _three_languages(tiny_copy, catalan_keyword=True)
    supply = tiny_copy / "supply.toml"
    supply.write_text(
        supply.read_text().replace('title.en = "Fuel Cell"\n', 'title.en = "Fuel Cell"\ntitle.ca = "Cel·la"\n')
    )
    check = CliRunner().invoke(main, ["check", str(tiny_copy)])
    assert "card/untranslated" not in check.output  # the code is in --json; the text names the deck and cards
    assert 'have no "ca" text' in check.output and "fuel-cell (text)" in check.output, check.output
    build = CliRunner().invoke(main, ["build", str(tiny_copy), "--lang", "ca", "-o", str(tiny_copy.parent / "out")])
    assert "Every printed card has its text." not in build.output, build.output
    assert "printed untranslated" in build.output
