"""Tabletop Simulator decks and print-shop files: sizes, counts and the JSON TTS reads."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image

from pnp.export.tts import MAX_SIDE, grid_for
from pnp.pipeline import BuildOptions, build


def _build(pack: Path, out: Path, **options: object) -> list[Path]:
    result = build(pack, BuildOptions(output=out, **options))  # type: ignore[arg-type]
    assert result.ok, [f.message for f in result.findings]
    return result.written


def _poker(pack: Path) -> None:
    pack_toml = pack / "pack.toml"
    pack_toml.write_text(
        pack_toml.read_text().replace('card_size = "mini-american"', 'card_size = "poker"'), encoding="utf-8"
    )


def test_tts_saved_object_matches_the_custom_deck_fields(tiny_copy: Path, tmp_path: Path) -> None:
    _build(tiny_copy, tmp_path / "out", tts=True, dpi=150)
    folder = tmp_path / "out" / "tiny" / "es" / "tts"
    saved = json.loads((folder / "supply.json").read_text(encoding="utf-8"), parse_constant=pytest.fail)
    (deck,) = saved["ObjectStates"]
    assert deck["Name"] == "DeckCustom"
    assert set(deck["CustomDeck"]) == {"1"}
    sheet = deck["CustomDeck"]["1"]
    assert set(sheet) == {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack", "Type"}
    assert sheet["FaceURL"] == (folder / "supply-1.jpg").resolve().as_uri()
    assert sheet["BackURL"] == (folder / "supply-back.jpg").resolve().as_uri()
    # 3 designs: fuel-cell x2, spare-parts x1, pilot x2, each copy a card of the deck
    assert deck["DeckIDs"] == [100, 100, 101, 102, 102]
    assert [c["Nickname"] for c in deck["ContainedObjects"]] == [
        "Célula de combustible",
        "Célula de combustible",
        "Repuestos",
        "Piloto",
        "Piloto",
    ]
    assert all(c["Name"] == "Card" and c["CustomDeck"] == {"1": sheet} for c in deck["ContainedObjects"])
    with Image.open(folder / "supply-1.jpg") as image:
        columns, rows = sheet["NumWidth"], sheet["NumHeight"]
        assert columns * rows >= 3 + 1  # the designs and the hidden-card slot
        assert image.width % columns == 0 and image.height % rows == 0
        assert max(image.size) <= MAX_SIDE


def test_tts_sheets_split_when_cards_would_pass_4096_px() -> None:
    tarot_at_300_dpi = (827, 1417)
    grid = grid_for(*tarot_at_300_dpi, designs=20)
    assert (grid.columns, grid.rows) == (4, 2)  # 4 x 827 and 2 x 1417 px stay within 4096
    assert grid.slots == 7  # 20 designs need 3 sheets
    assert grid.columns * grid.card_width <= MAX_SIDE and grid.rows * grid.card_height <= MAX_SIDE
    huge = grid_for(5000, 8000, designs=1)
    assert huge.card_width * huge.columns <= MAX_SIDE and huge.card_height * huge.rows <= MAX_SIDE


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
    per_sheet = sheets["1"]["NumWidth"] * sheets["1"]["NumHeight"] - 1
    assert len(sheets) == -(-43 // per_sheet) > 1
    assert sorted(p.name for p in folder.glob("supply-*.jpg")) == sorted(
        [f"supply-{n}.jpg" for n in range(1, len(sheets) + 1)] + ["supply-back.jpg"]
    )
    assert len(deck["DeckIDs"]) == 45


def test_mpc_images_have_the_pixel_size_of_their_templates(tiny_copy: Path, tmp_path: Path) -> None:
    _poker(tiny_copy)
    _build(tiny_copy, tmp_path / "out", print_shop="mpc")
    folder = tmp_path / "out" / "tiny" / "es" / "mpc" / "supply"
    with Image.open(folder / "pilot.png") as image:
        assert image.size == (822, 1122)  # poker, 0.12 in bleed, 300 dpi
    assert (folder / "quantities.tsv").read_text() == (
        "image\tcopies\nback.png\t5\nfuel-cell.png\t2\nspare-parts.png\t1\npilot.png\t2\n"
    )


def test_drivethru_pdf_is_one_face_a_page_with_its_bleed(tiny_copy: Path, tmp_path: Path) -> None:
    _poker(tiny_copy)
    _build(tiny_copy, tmp_path / "out", print_shop="drivethru")
    document = pdfium.PdfDocument(str(tmp_path / "out" / "tiny" / "es" / "drivethru" / "supply.pdf"))
    # 3 designs, front then back: poker 2.5 x 3.5 in with 0.125 in bleed each side
    assert [tuple(round(v, 1) for v in page.get_size()) for page in document] == [(198.0, 270.0)] * 6
