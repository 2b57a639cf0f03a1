"""Tabletop Simulator decks and print-shop files: sizes, counts and the JSON TTS reads."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli import main
from pnp.export.tts import MAX_SIDE, grid_for, to_bbcode
from pnp.load import load_pack
from pnp.markup import as_literal
from pnp.pipelines.build import BuildOptions, build

LOTR = Path(__file__).resolve().parent.parent / "cards" / "lotr-sailing"


def _build(pack: Path, out: Path, **options: object) -> list[Path]:
    result = build(pack, BuildOptions(output=out, **options))  # type: ignore[arg-type]
    assert result.ok, [f.message for f in result.findings]
    return result.written


def _poker(pack: Path) -> None:
    pack_toml = pack / "pack.toml"
    pack_toml.write_text(
        pack_toml.read_text().replace('card_size = "mini-american"', 'card_size = "poker"'), encoding="utf-8"
    )


@pytest.mark.slow
def test_tts_saved_object_matches_the_custom_deck_fields(tiny_copy: Path, tmp_path: Path) -> None:
    _build(tiny_copy, tmp_path / "out", tts=True, dpi=150)
    folder = tmp_path / "out" / "tiny" / "es" / "tts"
    saved = json.loads((folder / "supply.json").read_text(encoding="utf-8"), parse_constant=pytest.fail)
    (deck,) = saved["ObjectStates"]
    assert deck["Name"] == "DeckCustom"
    assert set(deck["CustomDeck"]) == {"100"}  # supply is the pack's first deck: sheet ids 100..199
    sheet = deck["CustomDeck"]["100"]
    assert set(sheet) == {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack", "Type"}
    assert sheet["FaceURL"] == folder.resolve().as_uri() + "/supply-1.jpg"
    assert sheet["BackURL"] == folder.resolve().as_uri() + "/supply-back.jpg"
    assert sheet["UniqueBack"] is False
    # 3 designs: fuel-cell x2, spare-parts x1, pilot x2, each copy a card of the deck; CardID = sheet x 100 + slot
    assert deck["DeckIDs"] == [10000, 10000, 10001, 10002, 10002]
    assert [c["Nickname"] for c in deck["ContainedObjects"]] == [
        "Célula de combustible",
        "Célula de combustible",
        "Repuestos",
        "Piloto",
        "Piloto",
    ]
    assert all(c["Name"] == "Card" and c["CustomDeck"] == {"100": sheet} for c in deck["ContainedObjects"])
    # BBCode, icons by name: "Gana 1 {parts}.\n\n**Descarta** esta carta..."
    assert deck["ContainedObjects"][2]["Description"] == (
        "Gana 1 [b]parts[/b].\n\n[b]Descarta[/b] esta carta para reparar tu nave."
    )
    assert deck["ContainedObjects"][3]["Description"].startswith("[i]Manos firmes.[/i] Mueve")
    # mini-american cards (41 mm wide) are smaller than poker (scale 1)
    assert deck["Transform"]["scaleX"] == deck["Transform"]["scaleZ"] == pytest.approx(41 / 63.5, abs=1e-3)
    assert deck["SidewaysCard"] is False
    with Image.open(folder / "supply-1.jpg") as image:
        columns, rows = sheet["NumWidth"], sheet["NumHeight"]
        assert columns * rows >= 3 + 1  # the designs and the hidden-card slot
        assert image.width % columns == 0 and image.height % rows == 0
        assert max(image.size) <= MAX_SIDE


@pytest.mark.slow
def test_tts_ids_are_unique_across_the_decks_of_a_pack(tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(LOTR, out, tts=True, dpi=36)
    folder = out / "lotr-sailing" / "es" / "tts"
    box = json.loads((folder / "lotr-sailing.box.json").read_text(encoding="utf-8"))
    (bag,) = box["ObjectStates"]
    assert bag["Name"] == "Bag"
    decks = bag["ContainedObjects"]
    assert [d["Nickname"] for d in decks if d["Name"] == "DeckCustom"]  # every deck is in the box
    sheet_ids: list[str] = []
    card_ids: list[int] = []
    for state in decks:
        sheet_ids += list(state["CustomDeck"])
        card_ids += state.get("DeckIDs", [state.get("CardID")])
        saved = json.loads((folder / f"{_deck_file(state, folder)}").read_text(encoding="utf-8"))
        assert saved["ObjectStates"] == [state]  # each deck's own file holds the same object
    assert len(sheet_ids) == len(set(sheet_ids)) == len(decks)
    for state in decks:
        (own,) = state["CustomDeck"]
        ids = state.get("DeckIDs", [state.get("CardID")])
        assert all(card_id // 100 == int(own) for card_id in ids)  # no card points into another deck's sheet
    # a build of one deck gives it the same ids: decks built apart still combine
    _build(LOTR, tmp_path / "one", tts=True, dpi=36, decks=("fleet",))
    alone = json.loads((tmp_path / "one" / "lotr-sailing" / "es" / "tts" / "fleet.json").read_text(encoding="utf-8"))
    full = json.loads((folder / "fleet.json").read_text(encoding="utf-8"))
    assert alone["ObjectStates"][0]["DeckIDs"] == full["ObjectStates"][0]["DeckIDs"]
    assert not (tmp_path / "one" / "lotr-sailing" / "es" / "tts" / "lotr-sailing.box.json").exists()


def _deck_file(state: dict, folder: Path) -> str:
    (own,) = state["CustomDeck"]
    face = state["CustomDeck"][own]["FaceURL"].rsplit("/", 1)[1]
    return face.rsplit("-", 1)[0] + ".json"


@pytest.mark.slow
def test_tts_landscape_double_sided_cards_are_sideways_with_their_own_backs(tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(LOTR, out, tts=True, dpi=36, decks=("quest-tormentera",))
    folder = out / "lotr-sailing" / "es" / "tts"
    (deck,) = json.loads((folder / "quest-tormentera.json").read_text(encoding="utf-8"))["ObjectStates"]
    assert deck["SidewaysCard"] is True
    assert all(card["SidewaysCard"] is True for card in deck["ContainedObjects"])
    (sheet,) = deck["CustomDeck"].values()
    assert sheet["UniqueBack"] is True
    assert sheet["BackURL"].endswith("/quest-tormentera-1-backs.jpg")
    with (
        Image.open(folder / "quest-tormentera-1.jpg") as faces,
        Image.open(folder / "quest-tormentera-1-backs.jpg") as backs,
    ):
        assert faces.size == backs.size  # the backs sheet is laid out like the faces
        assert faces.width > faces.height


@pytest.mark.slow
def test_tts_base_url_replaces_local_addresses(tiny_copy: Path, tmp_path: Path) -> None:
    _build(tiny_copy, tmp_path / "out", tts=True, dpi=72, tts_base_url="https://example.org/tiny/tts")
    saved = (tmp_path / "out" / "tiny" / "es" / "tts" / "supply.json").read_text(encoding="utf-8")
    sheet = json.loads(saved)["ObjectStates"][0]["CustomDeck"]["100"]
    assert sheet["FaceURL"] == "https://example.org/tiny/tts/supply-1.jpg"
    assert "file:" not in saved


@pytest.mark.parametrize(
    "url", ["example.org/tts", "ftp://example.org/", "https://", "https://x.org/a b", "file:///tmp"]
)
def test_tts_base_url_that_is_not_a_web_folder_is_refused_before_anything_is_written(
    tiny_copy: Path, tmp_path: Path, url: str
) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(
        main, ["build", str(tiny_copy), "--tts", "--tts-base-url", url, "-o", str(out)], catch_exceptions=False
    )
    assert result.exit_code == 2
    assert "--tts-base-url" in result.output
    assert "web address" in result.output or "spaces" in result.output
    assert not out.exists()


def test_tts_sheets_split_when_cards_would_pass_4096_px() -> None:
    tarot_at_300_dpi = (827, 1417)
    grid = grid_for(*tarot_at_300_dpi, designs=20)
    assert (grid.columns, grid.rows) == (4, 2)  # 4 x 827 and 2 x 1417 px stay within 4096
    assert grid.slots == 7  # 20 designs need 3 sheets
    assert grid.columns * grid.card_width <= MAX_SIDE and grid.rows * grid.card_height <= MAX_SIDE
    huge = grid_for(5000, 8000, designs=1)
    assert huge.card_width * huge.columns <= MAX_SIDE and huge.card_height * huge.rows <= MAX_SIDE


@pytest.mark.slow
def test_tts_deck_with_more_designs_than_a_sheet_uses_several(tiny_copy: Path, tmp_path: Path) -> None:
    supply = tiny_copy / "supply.toml"
    extra = "".join(
        f'\n[[card]]\nid = "gear-{n}"\ntype = "gear"\ntitle.en = "Gear {n}"\ntitle.es = "Equipo {n}"\ncost = 100\n'
        for n in range(40)
    )
    supply.write_text(supply.read_text() + extra, encoding="utf-8")
    _build(tiny_copy, tmp_path / "out", tts=True, dpi=300, decks=("supply",))
    folder = tmp_path / "out" / "tiny" / "es" / "tts"
    deck = json.loads((folder / "supply.json").read_text(encoding="utf-8"))["ObjectStates"][0]
    sheets = deck["CustomDeck"]
    per_sheet = sheets["100"]["NumWidth"] * sheets["100"]["NumHeight"] - 1
    assert len(sheets) == -(-43 // per_sheet) > 1
    assert sorted(p.name for p in folder.glob("supply-*.jpg")) == sorted(
        [f"supply-{n}.jpg" for n in range(1, len(sheets) + 1)] + ["supply-back.jpg"]
    )
    assert len(deck["DeckIDs"]) == 45


@pytest.mark.slow
def test_mpc_images_have_the_pixel_size_of_their_templates(tiny_copy: Path, tmp_path: Path) -> None:
    _poker(tiny_copy)
    _build(tiny_copy, tmp_path / "out", print_shop="mpc")
    folder = tmp_path / "out" / "tiny" / "es" / "mpc" / "supply"
    with Image.open(folder / "pilot.png") as image:
        assert image.size == (822, 1122)  # poker, 0.12 in bleed, 300 dpi
    assert (folder / "quantities.tsv").read_text() == (
        "image\tcopies\nback.png\t5\nfuel-cell.png\t2\nspare-parts.png\t1\npilot.png\t2\n"
    )


@pytest.mark.slow
def test_drivethru_pdf_holds_every_copy_front_then_back_with_its_boxes(tiny_copy: Path, tmp_path: Path) -> None:
    _poker(tiny_copy)
    _build(tiny_copy, tmp_path / "out", print_shop="drivethru")
    path = tmp_path / "out" / "tiny" / "es" / "drivethru" / "supply.pdf"
    document = pdfium.PdfDocument(str(path))
    # 5 printed cards (fuel-cell x2, spare-parts, pilot x2): 10 pages, poker 2.5 x 3.5 in + 0.125 in bleed
    assert [tuple(round(v, 1) for v in page.get_size()) for page in document] == [(198.0, 270.0)] * 10
    for page in document:
        assert [round(v, 2) for v in page.get_trimbox()] == [9.0, 9.0, 189.0, 261.0]
        assert [round(v, 2) for v in page.get_bleedbox()] == [0.0, 0.0, 198.0, 270.0]
    # fronts and backs alternate: every even page is the deck's back, the same drawing each time
    backs = {_page_png(document, n) for n in range(1, 10, 2)}
    assert len(backs) == 1
    assert _page_png(document, 0) == _page_png(document, 2)  # the two copies of fuel-cell


def _page_png(document: pdfium.PdfDocument, number: int) -> bytes:
    return document[number].render(scale=0.5).to_pil().tobytes()


@pytest.mark.slow
def test_mpc_mini_american_is_made_as_their_mini_cards_with_a_warning(tiny_copy: Path, tmp_path: Path) -> None:
    result = build(tiny_copy, BuildOptions(output=tmp_path / "out", print_shop="mpc", decks=("supply",)))
    assert result.ok
    (warned,) = [f for f in result.findings if f.code == "export/shop-size"]
    assert warned.message == (
        'MakePlayingCards sells no 41 x 63 mm cards: deck "supply" is made as their mini '
        "(1.75 x 2.5 in, 44.45 x 63.5 mm), the layout scaled 108% wide and 101% high"
    )
    assert warned.file.endswith("pack.toml") and warned.field == "deck.supply.card_size" and warned.line
    with Image.open(tmp_path / "out" / "tiny" / "es" / "mpc" / "supply" / "pilot.png") as image:
        assert image.size == (597, 822)  # 1.75 x 2.5 in + 2 x 0.12 in at 300 dpi


@pytest.mark.slow
def test_mpc_fit_exact_keeps_the_deck_size_and_says_the_shop_will_not_take_it(tiny_copy: Path, tmp_path: Path) -> None:
    options = BuildOptions(output=tmp_path / "out", print_shop="mpc", decks=("supply",), shop_fit="exact")
    result = build(tiny_copy, options)
    (warned,) = [f for f in result.findings if f.code == "export/shop-size"]
    assert "the nearest is mini (1.75 x 2.5 in, 44.45 x 63.5 mm)" in warned.message
    assert "keeps 41 x 63 mm (--fit exact)" in warned.message
    with Image.open(tmp_path / "out" / "tiny" / "es" / "mpc" / "supply" / "pilot.png") as image:
        assert image.size == (556, 816)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("card_size", "shop", "expected"),
    [
        ("tarot", "mpc", (897, 1497)),  # 70 x 120 mm is their 2.75 x 4.75 in tarot: no warning
        ("bridge", "mpc", (747, 1122)),
        ("poker", "mpc", (822, 1122)),
    ],
)
def test_sizes_the_shop_sells_come_out_at_its_exact_product_size(
    tiny_copy: Path, tmp_path: Path, card_size: str, shop: str, expected: tuple[int, int]
) -> None:
    result = build(
        tiny_copy, BuildOptions(output=tmp_path / "out", print_shop=shop, decks=("supply",), card_size=card_size)
    )
    assert result.ok and not [f for f in result.findings if f.code == "export/shop-size"]
    # a build at another card size writes into a folder named after it
    with Image.open(tmp_path / "out" / "tiny" / "es" / card_size / "mpc" / "supply" / "pilot.png") as image:
        assert image.size == expected


@pytest.mark.slow
def test_drivethru_tarot_page_is_their_3_x_5_in_file(tiny_copy: Path, tmp_path: Path) -> None:
    result = build(
        tiny_copy,
        BuildOptions(output=tmp_path / "out", print_shop="drivethru", decks=("supply",), card_size="tarot"),
    )
    assert result.ok and not [f for f in result.findings if f.code == "export/shop-size"]
    document = pdfium.PdfDocument(str(tmp_path / "out" / "tiny" / "es" / "tarot" / "drivethru" / "supply.pdf"))
    assert {tuple(round(v, 2) for v in page.get_size()) for page in document} == {(216.0, 360.0)}


def test_bbcode_keeps_literal_brackets_literal() -> None:
    assert to_bbcode("Roba [b] y **[i]**") == "Roba [\u200bb] y [b][\u200bi][/b]"
    assert to_bbcode("Usa {fuel} *o* {parts}") == "Usa [b]fuel[/b] [i]o[/i] [b]parts[/b]"


def test_a_bad_tts_base_url_stops_the_build_before_any_file(tiny_copy: Path, tmp_path: Path) -> None:
    result = build(tiny_copy, BuildOptions(output=tmp_path / "out", tts=True, tts_base_url="www.example.org/tts"))
    (problem,) = [f for f in result.findings if f.code == "export/tts-base-url"]
    assert (
        problem.message == '"www.example.org/tts" is not a web address: write it like https://example.org/my-game/tts/'
    )
    assert not result.ok and result.written == [] and not (tmp_path / "out").exists()


@pytest.mark.slow
def test_double_sided_cards_describe_their_back_too(tmp_path: Path) -> None:
    _build(LOTR, tmp_path / "out", tts=True, dpi=36, decks=("quest-tormentera",))
    folder = tmp_path / "out" / "lotr-sailing" / "es" / "tts"
    (deck,) = json.loads((folder / "quest-tormentera.json").read_text(encoding="utf-8"))["ObjectStates"]
    description = deck["ContainedObjects"][0]["Description"]
    # the stage's front has no rules text: its back's title in bold, then the back's text
    loaded = load_pack(LOTR).pack
    assert loaded is not None
    back = loaded.cards()["tormentera-2"].back
    assert back is not None and back.title["es"].startswith("Etapa 2D")
    assert description.startswith(f"[b]{back.title['es']}[/b]\n[b]Obligado:[/b] Al final de la ronda")


def test_fit_without_a_shop_that_has_sizes_is_a_usage_error(tiny_copy: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", str(tiny_copy), "--fit", "exact", "-o", str(tmp_path / "out")])
    assert result.exit_code == 2 and "--fit is for the shops' sizes" in result.output


@pytest.mark.slow
def test_drivethru_makes_mini_american_decks_as_its_own_mini_cards(tiny_copy: Path, tmp_path: Path) -> None:
    result = build(tiny_copy, BuildOptions(output=tmp_path / "out", print_shop="drivethru", decks=("supply",)))
    assert result.ok and not [f for f in result.findings if f.code == "export/shop-size"]
    document = pdfium.PdfDocument(str(tmp_path / "out" / "tiny" / "es" / "drivethru" / "supply.pdf"))
    # 1.625 x 2.5 in + 0.125 in bleed each side
    assert {tuple(round(v, 2) for v in page.get_size()) for page in document} == {(135.0, 198.0)}


@pytest.mark.slow
def test_a_deck_past_its_block_of_tts_sheet_ids_is_refused_before_writing(tmp_path: Path) -> None:
    from pnp.export.tts import SHEETS_PER_DECK, TooManySheets, TtsCard, TtsDeck, write_tts_deck

    face = tmp_path / "face.png"
    Image.new("RGB", (10, 14), "#ffffff").save(face)
    slots = grid_for(10, 14, 10_000).slots
    cards = [TtsCard(f"c{n}", "", face, 1) for n in range(slots * SHEETS_PER_DECK + 1)]
    deck = TtsDeck("big", "Big", cards, face, first_sheet_id=100, width_mm=63.5, sideways=False)
    with pytest.raises(TooManySheets, match="needs 101 sheets"):
        write_tts_deck(deck, tmp_path / "tts")
    assert not (tmp_path / "tts").exists()  # the next deck's ids are never reused


def test_a_back_title_is_plain_text_in_the_tts_description() -> None:
    title = as_literal("Fase *2* {a} \\ b")
    assert to_bbcode(f"**{title}**") == "[b]Fase *2* {a} \\ b[/b]"


@pytest.mark.slow
def test_drivethru_pages_are_the_printed_copies_times_two_for_every_deck_of_a_pack(tmp_path: Path) -> None:
    blue_sun = LOTR.parent / "blue-sun"
    _build(blue_sun, tmp_path / "out", print_shop="drivethru")
    loaded = load_pack(blue_sun).pack
    assert loaded is not None
    copies = {deck.deck.id: sum(card.count for card in deck.cards) for deck in loaded.decks}
    pages = {
        path.stem: len(pdfium.PdfDocument(str(path)))
        for path in (tmp_path / "out" / "blue-sun" / "es" / "drivethru").glob("*.pdf")
        if not path.stem.endswith("-pdfx")  # the CMYK twins, where Ghostscript is installed: the same pages
    }
    assert pages["supply-meridian"] == 50  # the deck: 25 cards, 42 pages before
    assert pages == {deck: 2 * copies[deck] for deck in pages}


def test_the_size_table_in_the_docs_says_what_the_shop_profiles_do() -> None:
    from pnp.export.printshop import PROFILES, fit_to_shop
    from pnp.units import CARD_SIZES_MM, Size, mm

    docs = (LOTR.parent.parent / "docs" / "exports.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].split()[0]: line.split("|")[2:4] for line in docs.splitlines() if line.startswith("| ")}
    for name, (width, height) in CARD_SIZES_MM.items():
        for shop, cell in zip(("mpc", "drivethru"), rows[name], strict=True):
            fit = fit_to_shop(PROFILES[shop], Size(mm(width), mm(height)))
            assert fit.product is not None
            product, target = fit.product, fit.product_size()
            if fit.sold:
                assert f"{product.name} {product.width_in:g} x {product.height_in:g} in" in cell, (name, shop)
            else:
                wide, high = fit.scale()
                scale = f"{wide:.0%} x {high:.0%}".replace("%", " %")
                assert f"warned, nearest {product.name}" in cell and scale in cell, (name, shop)
            shop_bleed = PROFILES[shop].bleed_in
            assert shop_bleed is not None
            bleed = 2 * shop_bleed
            if shop == "mpc":
                pixels = f"{round((target.width / 72 + bleed) * 300)} x {round((target.height / 72 + bleed) * 300)} px"
                assert pixels in cell, (name, cell)
            elif fit.sold:
                assert f"{target.width / 72 + bleed:g} x {target.height / 72 + bleed:g} in page" in cell, (name, cell)
