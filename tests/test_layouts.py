"""Layouts and icons from the pack: families found in the pack first, extends across layers,
icon drawings declared by packs and families, and check agreeing with build on all of it."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.assets.icons import svg_problem
from pnp.cli import main
from pnp.layout import ELEMENT_KINDS
from pnp.layout.plan import lay_out_pack, layout_findings
from pnp.layout.schema import ELEMENT_FIELDS, Element, PanelsElement
from pnp.layout.templates import load_family, size_class
from pnp.load import load_pack
from pnp.model import PackData
from pnp.paths import TEMPLATES_DIR
from pnp.pipelines.build import BuildOptions, build
from pnp.proof.thumbs import lay_out_fronts, thumbnails
from pnp.units import parse_card_size, parse_length
from tests.conftest import BLUE_SUN, ROOT

SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#123456"/></svg>'


def _load(path: Path) -> PackData:
    loaded = load_pack(path)
    assert loaded.pack is not None, loaded.findings
    return loaded.pack


def _generic(pack: Path) -> None:
    """The tiny pack on the generic family, which draws no icons: the pack brings its own."""
    toml = pack / "pack.toml"
    names = ("fuel", "parts", "fight", "tech", "negotiate")
    for name in names:
        (pack / "icons" / f"{name}.svg").write_text(SVG, encoding="utf-8")
    files = ", ".join(f'{name} = "icons/{name}.svg"' for name in names)
    text = toml.read_text(encoding="utf-8").replace('"firefly"', '"generic"')
    text = text.replace(
        'icon_files = { sail = "icons/sail.svg" }', f'icon_files = {{ sail = "icons/sail.svg", {files} }}'
    )
    toml.write_text(text, encoding="utf-8")
    shutil.rmtree(pack / "templates")


def _codes(findings: list) -> list[str]:
    return sorted({f.code for f in findings if f.severity.value == "error"})


def _check(pack: Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["check", str(pack)])
    return result.exit_code, result.output


def _build_codes(pack: Path, out: Path) -> list[str]:
    return _codes(build(pack, BuildOptions(output=out)).findings)


def test_the_tiny_pack_draws_its_own_icon_from_its_own_layout(tiny_copy: Path) -> None:
    laid = lay_out_pack(_load(tiny_copy), "es")
    assert laid.findings == []
    storm = next(c for d in laid.decks for c in d.cards if c.card.id == "storm")
    assert "sail-mark" in [e.name for e in storm.front.elements]  # the pack's templates/firefly/nav.toml
    assert "title" in [e.name for e in storm.front.elements]  # ... on top of the bundled nav layout
    assert storm.front.template == "nav"
    assert laid.icons["sail"].path == (tiny_copy / "icons" / "sail.svg").resolve()
    assert laid.icons["fuel"].path.parent.name == "icons"  # the firefly family's own set


@pytest.mark.slow
def test_a_pack_family_unknown_to_pnp_builds_and_check_agrees(tiny_copy: Path, tmp_path: Path) -> None:
    toml = tiny_copy / "pack.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('"firefly"', '"mygame"'), encoding="utf-8")
    code, output = _check(tiny_copy)
    assert code == 1
    assert 'no template family "mygame"' in output
    assert "layout/no-family" in _build_codes(tiny_copy, tmp_path / "out")
    family = tiny_copy / "templates" / "mygame"
    family.mkdir(parents=True)
    (family / "family.toml").write_text('extends = "firefly"\n', encoding="utf-8")
    (family / "gear.toml").write_text(
        'extends = "firefly/gear"\n\n[[element]]\nname = "band"\nfill = "#112233"\n', encoding="utf-8"
    )
    assert _check(tiny_copy)[0] == 0
    assert _build_codes(tiny_copy, tmp_path / "out") == []
    laid = lay_out_pack(_load(tiny_copy), "es")
    fuel = next(c for d in laid.decks for c in d.cards if c.card.id == "fuel-cell")
    assert {e.name: e for e in fuel.front.elements}["band"].get("fill") == "#112233"


def test_a_pack_layout_changes_one_element_of_the_generic_layout_in_three_lines(tiny_copy: Path) -> None:
    _generic(tiny_copy)
    (tiny_copy / "templates" / "generic").mkdir(parents=True)
    (tiny_copy / "templates" / "generic" / "default.toml").write_text(
        'extends = "default"\n[[element]]\nname = "band"\nfill = "#00ff00"\n', encoding="utf-8"
    )
    laid = lay_out_pack(_load(tiny_copy), "es")
    assert _codes(laid.findings) == []
    face = laid.decks[0].cards[0].front
    elements = {e.name: e for e in face.elements}
    assert elements["band"].get("fill") == "#00ff00"
    assert {"title", "text", "frame"} <= set(elements)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("layout", "code", "message"),
    [
        ('design_size = "63.5mm x 88.9mm"\n\n[[element]]\nname = "x"\nkind = "circle"\n', "layout/invalid", "kind"),
        ('extends = "b"\n', "layout/extends-cycle", "circle"),
        (
            'extends = "default"\n\n[[element]]\nname = "title"\ntext = "{{ 1 / 0 }}"\n',
            "layout/template",
            "divides by zero",
        ),
        (
            'extends = "default"\n\n[[element]]\nname = "title"\ntext = "{{ \'x\' * 100000000 }}"\n',
            "layout/too-large",
            "characters",
        ),
        (
            'extends = "default"\n\n[[element]]\nname = "title"\ntext = "{{ card.__class__ }}"\n',
            "layout/template",
            "",
        ),
        ('extends = "default"\n\n[[element]]\nname = "title"\ncolor = "blue"\n', "layout/template", "not a colour"),
        ('extends = "default"\n\n[[element]]\nname = "title"\nfont = "fancy"\n', "layout/template", "font role"),
        ('extends = "default"\n\n[[element]]\nname = "title"\nalign = "centre"\n', "layout/template", "not one of"),
        ('extends = "default"\n\n[[element]]\nname = "seal"\nkind = "symbol"\n', "layout/template", "shape"),
        ('extends = "../../../../etc/hosts"\n', "layout/unknown-template", "unknown template"),
    ],
)
def test_bad_pack_layouts_are_findings_naming_the_file(tiny_copy: Path, layout: str, code: str, message: str) -> None:
    _generic(tiny_copy)
    family = tiny_copy / "templates" / "generic"
    family.mkdir(parents=True)
    (family / "gear.toml").write_text(layout, encoding="utf-8")
    (family / "b.toml").write_text('extends = "gear"\n', encoding="utf-8")
    pack = load_pack(tiny_copy).pack
    assert pack is not None
    findings = [f for f in layout_findings(pack) if f.code == code]
    assert findings, layout_findings(pack)
    assert any(message in f.message for f in findings), [f.message for f in findings]
    assert all(f.file.endswith((".toml",)) for f in findings)
    if code == "layout/invalid":
        assert findings[0].line == 5 and findings[0].file.endswith("templates/generic/gear.toml")


@pytest.mark.parametrize(
    ("layout", "line"),
    [
        ('extends = "default"\n\n[[element]]\nname = "title"\nx = "2mm"\nsize = "{{ 0 }}"\n', 6),
        ('extends = "default"\n\n[[element]]\nname = "title"\ntext = "{{ card.nothing.at_all }}"\n', 5),
    ],
)
def test_a_wrong_value_of_a_layout_element_is_found_on_its_own_line(tiny_copy: Path, layout: str, line: int) -> None:
    """The finding points at the key that holds the wrong value, not at its element's [[element]] line,
    and a layout extending it that does not write that key points where the key was written."""
    _generic(tiny_copy)
    family = tiny_copy / "templates" / "generic"
    family.mkdir(parents=True)
    (family / "gear.toml").write_text(layout, encoding="utf-8")
    (family / "crew.toml").write_text('extends = "gear"\n\n[[element]]\nname = "title"\ncolor = "#102030"\n')
    pack = load_pack(tiny_copy).pack
    assert pack is not None
    found = [f for f in layout_findings(pack) if f.code == "layout/template"]
    assert found, layout_findings(pack)
    assert {(Path(f.file).name, f.line) for f in found} == {("gear.toml", line)}, [str(f) for f in found]


def test_a_layout_folder_linking_outside_the_pack_is_not_read(tiny_copy: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "gear.toml").write_text('design_size = "41mm x 63mm"\n', encoding="utf-8")
    shutil.rmtree(tiny_copy / "templates")
    (tiny_copy / "templates").mkdir()
    os.symlink(outside, tiny_copy / "templates" / "firefly")
    findings = layout_findings(_load(tiny_copy))
    assert "layout/outside-pack" in _codes(findings)


def test_a_huge_layout_is_refused(tiny_copy: Path) -> None:
    (tiny_copy / "templates" / "firefly" / "gear.toml").write_text("# x\n" * 80_000, encoding="utf-8")
    assert "layout/too-large" in _codes(layout_findings(_load(tiny_copy)))


@pytest.mark.slow
def test_an_icon_with_no_drawing_is_found_by_check_and_refused_by_build(tiny_copy: Path, tmp_path: Path) -> None:
    toml = tiny_copy / "pack.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('"parts"]', '"parts", "wave"]'), encoding="utf-8")
    nav = tiny_copy / "nav.toml"
    nav.write_text(nav.read_text(encoding="utf-8").replace("1 {fuel}.", "1 {wave}."), encoding="utf-8")
    code, output = _check(tiny_copy)
    assert code == 1
    assert 'card "storm" field "text": the icon {wave} has no drawing' in output
    assert 'icon_files = { wave = "icons/wave.svg" }' in output
    assert _build_codes(tiny_copy, tmp_path / "out") == ["icon/no-drawing"]
    (tiny_copy / "icons" / "wave.svg").write_text(SVG, encoding="utf-8")
    toml.write_text(
        toml.read_text(encoding="utf-8").replace(
            '{ sail = "icons/sail.svg" }', '{ sail = "icons/sail.svg", wave = "icons/wave.svg" }'
        ),
        encoding="utf-8",
    )
    assert _check(tiny_copy)[0] == 0
    assert _build_codes(tiny_copy, tmp_path / "out") == []


@pytest.mark.parametrize(
    ("svg", "reason"),
    [
        (b"<svg xmlns='http://www.w3.org/2000/svg'><circle", "not well-formed"),
        (b"<html/>", "not an SVG"),
        (
            b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
            b"<svg xmlns='http://www.w3.org/2000/svg'><text>&x;</text></svg>",
            "entities",
        ),
        (
            b"<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink'>"
            b"<image xlink:href='http://example.invalid/a.png' width='5' height='5'/></svg>",
            "outside",
        ),
        (b"<svg xmlns='http://www.w3.org/2000/svg'><use href='other.svg#a'/></svg>", "outside"),
        (b"<svg xmlns='http://www.w3.org/2000/svg'><rect style='fill:url(/etc/x)'/></svg>", "outside"),
        (b"<svg xmlns='http://www.w3.org/2000/svg'><style>@import 'x.css';</style></svg>", "outside"),
        (b"<svg xmlns='http://www.w3.org/2000/svg'>" + b"<g/>" * 10_001 + b"</svg>", "10,000 elements"),
    ],
)
def test_unsafe_or_broken_svg_is_refused(svg: bytes, reason: str) -> None:
    problem = svg_problem(svg)
    assert problem is not None and reason in problem


def test_a_safe_svg_with_internal_references_is_accepted() -> None:
    svg = (
        b"<svg xmlns='http://www.w3.org/2000/svg'><defs><linearGradient id='g'/></defs>"
        b"<rect fill='url(#g)' width='5' height='5'/><use href='#g'/></svg>"
    )
    assert svg_problem(svg) is None


@pytest.mark.slow
def test_a_bad_icon_file_is_a_finding_and_nothing_is_written(tiny_copy: Path, tmp_path: Path) -> None:
    (tiny_copy / "icons" / "sail.svg").write_bytes(b"<svg" + b" " * 1_100_000 + b"/>")
    code, output = _check(tiny_copy)
    assert code == 1 and "1 MB" in output
    assert _build_codes(tiny_copy, tmp_path / "out") == ["icon/bad-file"]
    assert not (tmp_path / "out" / "tiny").exists()


def test_svg_icons_are_vectors_in_the_pdf(tiny_copy: Path, tmp_path: Path) -> None:
    result = build(tiny_copy, BuildOptions(output=tmp_path / "out", decks=("nav",), cache=False))
    assert _codes(result.findings) == []
    data = (tmp_path / "out" / "tiny" / "es" / "cards-nav.pdf").read_bytes()
    # every drawing is vector: no image at all on the nav sheets (no art there, icons in text and symbols)
    assert b"/Subtype /Image" not in data
    assert b"/Type /XObject" in data  # the faces, drawn once as forms


def test_nothing_firefly_is_special_cased_in_the_renderer() -> None:
    source = (ROOT / "pnp" / "render" / "icons.py").read_text(encoding="utf-8")
    assert not re.search(r"fuel|reaver|blue-sun", source)
    family = (ROOT / "templates" / "firefly" / "family.toml").read_text(encoding="utf-8")
    blue_sun = _load(BLUE_SUN)
    for name in blue_sun.pack.icons:
        assert f'{name} = "icons/{name}.svg"' in family


@pytest.mark.slow
def test_art_the_layout_cannot_place_is_found_by_check_and_build(tiny_copy: Path, tmp_path: Path) -> None:
    (tiny_copy / "templates" / "firefly" / "gear.toml").write_text(
        'extends = "gear"\nremove = ["art"]\n', encoding="utf-8"
    )
    code, output = _check(tiny_copy)
    assert code == 1
    assert 'card "spare-parts" field "art": the card has art (art/spare-parts.png)' in output
    assert "layout/art-unplaced" in _build_codes(tiny_copy, tmp_path / "out")


def test_the_generic_family_picks_tarot_square_and_landscape_variants(tiny_copy: Path) -> None:
    _generic(tiny_copy)
    toml = tiny_copy / "pack.toml"
    text = toml.read_text(encoding="utf-8")
    text = text.replace('card_size = "mini-american"\nsize_source', 'card_size = "tarot"\nsize_source', 1)
    text = text.replace(
        'card_size = "mini-american"\nexpected_count = 5\ncard_types = ["nav"]',
        'card_size = "square"\nexpected_count = 5\ncard_types = ["nav"]',
    )
    toml.write_text(text, encoding="utf-8")
    laid = lay_out_pack(_load(tiny_copy), "es")
    assert _codes(laid.findings) == []
    by_deck = {d.deck.deck.id: d for d in laid.decks}
    assert {c.front.template for c in by_deck["supply"].cards} == {"default-tarot"}
    assert by_deck["supply"].back.template == "back-tarot"
    assert {c.front.template for c in by_deck["nav"].cards} == {"default-square"}
    assert by_deck["nav"].back.template == "back-square"
    spare = next(c for c in by_deck["supply"].cards if c.card.id == "spare-parts")
    art = {e.name: e for e in spare.front.elements}["art"]
    assert art.get("source") == "art/spare-parts.png" and art.get("fit") == "cover"
    bilingual = lay_out_pack(_load(tiny_copy), "es", bilingual=True)
    assert _codes(bilingual.findings) == []
    for deck in bilingual.decks:  # every variant shows the original under the translation
        storm_or_fuel = deck.cards[0].front
        assert {"source-title", "source-text"} <= {e.name for e in storm_or_fuel.elements}, deck.deck.deck.id
    assert size_class(parse_card_size("poker").landscape()) == "landscape"
    assert size_class(parse_card_size("mini-american")) == "portrait"


@pytest.mark.slow
def test_a_double_sided_card_shows_both_sides_in_the_proof(tiny_copy: Path, tmp_path: Path) -> None:
    nav = tiny_copy / "nav.toml"
    nav.write_text(
        nav.read_text(encoding="utf-8").replace(
            'status.es = "reviewed"\n', 'status.es = "reviewed"\nback.title.en = "Calm"\nback.title.es = "Calma"\n', 1
        ),
        encoding="utf-8",
    )
    faces = lay_out_fronts(_load(tiny_copy), "es")
    assert set(faces.backs) == {"storm"}
    images, _ = thumbnails(faces)
    assert "storm/back" in images and "storm" in images
    result = CliRunner().invoke(main, ["proof", str(tiny_copy), "-o", str(tmp_path / "proof")])
    assert result.exit_code == 0, result.output
    html = (tmp_path / "proof" / "proof.html").read_text(encoding="utf-8")
    assert 'alt="Tormenta (B side)"' in html


@pytest.mark.slow
def test_pnp_new_writes_a_pack_that_checks_and_builds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    result = runner.invoke(main, ["new", "islas", "--game", "Islas Perdidas", "--size", "tarot"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "islas" / "templates" / "islas" / "card.toml").exists()
    assert 'extends = "generic/default-tarot"' in (tmp_path / "islas" / "templates" / "islas" / "card.toml").read_text()
    check = runner.invoke(main, ["check", "islas"])
    assert check.exit_code == 0 and "No problems found." in check.output, check.output
    built = build(tmp_path / "islas", BuildOptions(output=tmp_path / "out"))
    assert _codes(built.findings) == [] and built.cards == 3
    again = runner.invoke(main, ["new", "islas", "--game", "X"])
    assert again.exit_code == 2 and "not empty" in again.output
    bad = runner.invoke(main, ["new", "otra", "--game", "X", "--languages", "en"])
    assert bad.exit_code == 2 and "--languages" in bad.output


def _documented(value: str) -> object:
    """A default as docs/layouts.md writes it, as the renderer reads it: lengths in points."""
    if value in ("true", "false"):
        return value == "true"
    if re.fullmatch(r"[\d.]+(mm|pt)", value):
        return parse_length(value)
    return float(value) if re.fullmatch(r"[\d.]+", value) else value


def _documented_defaults(doc: str) -> list[tuple[str, str, str]]:
    """(section, field, default) of every field table row whose default is written as a value."""
    rows, section, in_table = [], "", False
    for line in doc.splitlines():
        if line.startswith("### "):
            section = line
        if line.startswith("| field | type | default | meaning |"):
            in_table = True
        elif not line.startswith("|"):
            in_table = False
        elif in_table and (found := re.match(r"\| ((?:`\w+`(?:, )?)+) \| [^|]+ \| `([^`]+)`", line)):
            rows += [(section, name, found[2]) for name in re.findall(r"`(\w+)`", found[1])]
    return rows


def test_the_documented_defaults_are_the_elements_own() -> None:
    """docs/layouts.md gives each field's default; the typed element holds each once, where every reader
    takes it (a `panels` element's text has its own size)."""
    doc = (ROOT / "docs" / "layouts.md").read_text(encoding="utf-8")
    compared = {}
    for section, name, default in _documented_defaults(doc):
        model = PanelsElement if "panels" in section and name != "source" and name != "edge" else Element
        own = model.model_fields[name].default
        if own is not None and name != "overlaps":  # None: the element says nothing (no fill, no gap)
            compared[f"{model.__name__}.{name}"] = (_documented(default), own)
    assert len(compared) >= 20, sorted(compared)
    assert {name: pair for name, pair in compared.items() if pair[0] != pair[1]} == {}
    text = Element(name="text", kind="text")
    assert (text.size, text.leading, text.floor(6.0), Element(size=5.0).floor(6.0)) == (8.0, 1.15, 6.0, 5.0)
    assert PanelsElement().size == 9.0


def test_layouts_doc_names_every_element_kind_and_field() -> None:
    doc = (ROOT / "docs" / "layouts.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"`([a-z0-9_-]+)`", doc))
    assert [k for k in ELEMENT_KINDS if k not in documented] == []
    assert sorted(f for f in ELEMENT_FIELDS if f not in documented) == []
    for variable in ("card.title", "card.art", "deck.color", "pack.name", "lang", "bilingual"):
        assert f"`{variable}`" in doc, variable
    for filter_name in ("money", "skills", "icons"):
        assert f"`{filter_name}`" in doc, filter_name


@pytest.mark.slow
def test_a_token_icon_with_no_drawing_is_found_by_check_and_board(tmp_path: Path) -> None:
    pack = tmp_path / "blue-sun"
    shutil.copytree(BLUE_SUN, pack)
    toml = pack / "pack.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('"alliance-alert"]', '"alliance-alert", "kraken"]'))
    tokens = pack / "tokens.toml"
    tokens.write_text(tokens.read_text(encoding="utf-8").replace('icon = "reaver-alert"', 'icon = "kraken"', 1))
    code, output = _check(pack)
    assert code == 1 and 'the icon "kraken" has no drawing: the token would print without it' in output
    board = CliRunner().invoke(main, ["board", str(pack), "-o", str(tmp_path / "out")])
    assert board.exit_code == 1 and "kraken" in board.output
    assert not (tmp_path / "out" / "blue-sun").exists()


def test_layouts_doc_names_every_element_of_the_generic_layouts() -> None:
    """A pack changes a generic element by its name: the doc's table must list them all, per layout."""
    doc = (ROOT / "docs" / "layouts.md").read_text(encoding="utf-8")
    section = doc.split("## The generic family", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = line.split("|")
        if len(cells) == 4 and "`" in cells[1]:
            for layout in re.findall(r"`([a-z-]+)`", cells[1]):
                rows[layout] = set(re.findall(r"`([a-z-]+)`", cells[2]))
    family, problems = load_family(TEMPLATES_DIR, "generic")
    assert problems == []
    assert sorted(rows) == sorted(n for n in family.templates if n != "heading")
    for name, documented in rows.items():
        assert {e["name"] for e in family.templates[name].elements} <= documented, name


_PNG_HEADER_ONLY = (  # a PNG cut off after its header: Pillow opens it, and cannot draw it
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\n\x00\x00\x00\n\x08\x02\x00\x00\x00\x02PX\xea"
)


def _mark(extra: str) -> str:
    """The tiny pack's nav layout with one more element: found by fuzzing packs whose build failed."""
    box = 'x = "5mm"\ny = "30mm"\nwidth = "20mm"\nheight = "10mm"'
    return f'extends = "nav"\n\n[[element]]\nname = "extra"\n{box}\n{extra}\n'


def _svg(attributes: str, body: str) -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" {attributes}>{body}</svg>'


@pytest.mark.slow
@pytest.mark.parametrize(
    ("files", "code"),
    [
        ({"templates/firefly/nav.toml": _mark('kind = "rect"\nfill = "#000000"\nopacity = 2')}, "layout/template"),
        ({"templates/firefly/nav.toml": _mark('kind = "text"\ntext = "x"\nleading = 0')}, "layout/template"),
        ({"templates/firefly/nav.toml": _mark('kind = "image"\nsource = "art/none.png"')}, "layout/image"),
        ({"templates/firefly/nav.toml": _mark('kind = "image"\nsource = "../../../etc/hosts"')}, "layout/image"),
        ({"templates/firefly/nav.toml": _mark('kind = "image"\nsource = "art"')}, "layout/image"),
        (
            {
                "art/cut.png": _PNG_HEADER_ONLY,
                "templates/firefly/nav.toml": _mark('kind = "image"\nsource = "art/cut.png"'),
            },
            "layout/image",
        ),
        (
            {"icons/sail.svg": _svg('width="1e30" height="1e30"', '<rect width="5" height="5"/>')},
            "icon/bad-file",
        ),
        (
            {"icons/sail.svg": _svg('viewBox="0 0 9 9"', '<rect x="nan" width="inf" height="5"/>')},
            "icon/bad-file",
        ),
        (
            {
                "icons/sail.svg": _svg(
                    'viewBox="0 0 9 9"', '<rect transform="matrix(0 0 0 0 0 0)" width="5" height="5"/>'
                )
            },
            "icon/bad-file",
        ),
        ({"icons/sail.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"></svg>'}, "icon/bad-file"),
        ({"icons/sail.svg": None}, "icon/bad-file"),  # a folder where the drawing should be
        (  # two elements of one name: the second would change the first in silence
            {"templates/firefly/nav.toml": _mark('kind = "rect"') + '\n[[element]]\nname = "extra"\nkind = "line"\n'},
            "layout/invalid",
        ),
    ],
)
def test_what_build_refuses_check_finds_first(
    tiny_copy: Path, tmp_path: Path, files: dict[str, str | bytes | None], code: str
) -> None:
    """Counterexamples from fuzzing bad layouts, art and icons: check was clean and build failed or crashed."""
    for name, content in files.items():
        path = tiny_copy / name
        if content is None:
            path.unlink()
            path.mkdir()
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    exit_code, output = _check(tiny_copy)
    assert exit_code == 1, output
    assert code in _codes(layout_findings(_load(tiny_copy)))
    assert code in _build_codes(tiny_copy, tmp_path / "out")
    assert not (tmp_path / "out" / "tiny").exists()


def test_a_type_layout_of_the_wrong_orientation_is_not_passed_over_in_silence(tiny_copy: Path) -> None:
    _generic(tiny_copy)
    toml = tiny_copy / "pack.toml"
    toml.write_text(
        toml.read_text(encoding="utf-8").replace(
            'card_types = ["nav"]', 'card_types = ["nav"]\norientation = "landscape"'
        ),
        encoding="utf-8",
    )
    family = tiny_copy / "templates" / "generic"
    family.mkdir(parents=True)
    (family / "nav.toml").write_text('extends = "default"\n', encoding="utf-8")
    pack = _load(tiny_copy)
    warned = [f for f in layout_findings(pack) if f.code == "layout/orientation"]
    assert len(warned) == 1 and warned[0].severity.value == "warning", warned
    assert warned[0].file.endswith("templates/generic/nav.toml") and "default-landscape" in warned[0].message


SALT_TIDES = ROOT / "tests" / "data" / "salt-tides"


@pytest.mark.slow
def test_a_game_pnp_never_heard_of_checks_builds_and_proofs_from_its_own_pack(tmp_path: Path) -> None:
    """Salt Tides was written from the docs alone: its own family, layouts and SVG icons."""
    pack = shutil.copytree(SALT_TIDES, tmp_path / "salt-tides")
    exit_code, output = _check(pack)
    assert exit_code == 0 and "No problems found." in output, output
    laid = lay_out_pack(_load(pack), "es")
    assert laid.findings == []
    faces = {card.card.id: card.front for deck in laid.decks for card in deck.cards}
    cargo = {e.name: e for e in faces["lamp-oil"].elements}
    assert cargo["band"].get("fill") == "#1f4e79" and "price" in cargo and "stats" not in cargo
    omen = {e.name: e for e in faces["pale-moon"].elements}
    assert omen["art"].get("fit") == "contain" and omen["art"].get("source") == "art/moon.png"
    assert {"wave", "light", "oil"} <= set(laid.icons)  # two from the family's set, one from the pack
    result = build(pack, BuildOptions(output=tmp_path / "out"))
    assert _codes(result.findings) == [] and result.cards == 5
    proof = CliRunner().invoke(main, ["proof", str(pack), "-o", str(tmp_path / "proof")])
    assert proof.exit_code == 0, proof.output
    html = (tmp_path / "proof" / "proof.html").read_text(encoding="utf-8")
    assert 'alt="Paso del norte (B side)"' in html


@pytest.mark.slow
def test_a_face_key_is_the_digest_of_what_it_draws_and_a_layout_lays_out_the_same_twice() -> None:
    """Faces are named by the digest of their size, layout, language and elements (caches and PDFs
    use the name): written out for speed, it must stay that digest.  Elements kept from an earlier
    card (static ones, the shared jinja context) must not change the next card's face."""
    pack = _load(BLUE_SUN)
    first = lay_out_pack(pack, "es").faces()
    again = lay_out_pack(pack, "es").faces()
    assert first == again
    for face in first.values():
        described = repr((face.size, face.template, face.language, list(face.elements)))
        assert face.key == hashlib.sha256(described.encode()).hexdigest()[:16]


@pytest.mark.slow
def test_opacity_on_an_element_that_has_no_fill_is_a_warning_at_its_line(tiny_copy: Path) -> None:
    """opacity is the fill's (docs/layouts.md): on text it did nothing, and nothing said so."""
    layout = tiny_copy / "templates" / "firefly" / "nav.toml"
    layout.write_text(_mark('kind = "text"\ntext = "x"\nopacity = 0.5'), encoding="utf-8")
    found = [f for f in layout_findings(_load(tiny_copy)) if f.field == "element.extra.opacity"]
    assert [(f.severity.value, f.code, f.line) for f in found] == [("warning", "layout/invalid", 11)], found
    assert "drawn opaque" in found[0].message
    layout.write_text(_mark('kind = "rect"\nfill = "#000000"\nopacity = 0.5'), encoding="utf-8")
    assert not [f for f in layout_findings(_load(tiny_copy)) if f.field == "element.extra.opacity"]


def test_one_field_of_an_element_is_the_typed_elements_field() -> None:
    """LaidOutElement.field types one field alone: for every field of every laid-out face of Blue Sun
    (and an element with unset fields, and a panels element), the value `typed` gives."""
    from pnp.layout.faces import LaidOutElement

    pack = load_pack(BLUE_SUN).pack
    assert pack is not None
    faces = lay_out_pack(pack, "es").faces().values()
    elements = [e for face in faces for e in face.elements]
    elements += [LaidOutElement("t", "text", (("size", 7),)), LaidOutElement("p", "panels", (("bleed", 1),))]
    assert len(elements) > 100
    for element in elements:
        alone = {name: LaidOutElement(element.name, element.kind, element.props).field(name) for name in ELEMENT_FIELDS}
        typed = element.typed
        assert {k: v for k, v in alone.items() if k not in ("name", "kind")} == {
            k: getattr(typed, k) for k in ELEMENT_FIELDS if k not in ("name", "kind")
        }
        assert element.field("size") == typed.size  # once typed, read from it
