"""Export defects of issue 25, one test each: MakePlayingCards counts, TTS words and addresses, mini packs, PDF/X."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.export import pdfx
from pnp.pipelines.build import build
from pnp.pipelines.build_options import BuildOptions


def _build(pack: Path, out: Path, **options: object) -> list[str]:
    result = build(pack, BuildOptions(output=out, **options))  # type: ignore[arg-type]
    assert result.ok, [f.message for f in result.findings]
    return [f.code for f in result.findings]


def _poker(pack: Path) -> None:
    pack_toml = pack / "pack.toml"
    pack_toml.write_text(pack_toml.read_text().replace('"mini-american"', '"poker"'), encoding="utf-8")


@pytest.mark.slow
def test_mpc_counts_a_double_sided_cards_back_once(tiny_copy: Path, tmp_path: Path) -> None:
    _poker(tiny_copy)
    supply = tiny_copy / "supply.toml"
    supply.write_text(
        supply.read_text(encoding="utf-8").replace(
            'cost = 100\nstatus.es = "reviewed"',
            'cost = 100\nstatus.es = "reviewed"\nback.title.en = "Spent"\nback.title.es = "Gastada"\n'
            'back.text.en = "Nothing."\nback.text.es = "Nada."',
            1,
        ),
        encoding="utf-8",
    )
    _build(tiny_copy, tmp_path / "out", print_shop="mpc")
    folder = tmp_path / "out" / "tiny" / "es" / "mpc" / "supply"
    # 5 cards: fuel-cell x2 has its own back; the deck's back is behind the other 3
    assert (folder / "quantities.tsv").read_text() == (
        "image\tcopies\nback.png\t3\nfuel-cell.png\t2\nfuel-cell-back.png\t2\nspare-parts.png\t1\npilot.png\t2\n"
    )


@pytest.mark.slow
def test_tts_descriptions_name_icons_in_the_card_language_and_the_address_is_percent_encoded(
    tiny_copy: Path, tmp_path: Path
) -> None:
    _build(tiny_copy, tmp_path / "out", tts=True, dpi=100, tts_base_url="https://ejemplo.es/juegos/cañón/")
    saved = json.loads((tmp_path / "out" / "tiny" / "es" / "tts" / "supply.json").read_text(encoding="utf-8"))
    (deck,) = saved["ObjectStates"]
    descriptions = [card["Description"] for card in deck["ContainedObjects"]]
    assert "Gana 2 [b]combustible[/b]." in descriptions  # the glossary's word for {fuel}, not "fuel"
    assert not any("[b]fuel[/b]" in d for d in descriptions)
    assert deck["CustomDeck"]["100"]["FaceURL"] == "https://ejemplo.es/juegos/ca%C3%B1%C3%B3n/supply-1.jpg"
    assert all(ord(c) < 128 for c in json.dumps(deck["CustomDeck"], ensure_ascii=False))


@pytest.mark.slow
@pytest.mark.parametrize("size", ["mini-american", "mini-euro"])
def test_a_new_mini_pack_builds(size: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    game = "Las Crónicas del Reino Perdido"  # the back prints the pack's name: a long one must still fit
    result = runner.invoke(main, ["new", "mini", "--game", game, "--size", size])
    assert result.exit_code == 0, result.output
    result = runner.invoke(main, ["build", "mini"])
    assert result.exit_code == 0, result.output
    assert "element.pack" not in result.output


@pytest.mark.slow
def test_drivethru_says_when_ghostscript_is_missing(
    tiny_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _poker(tiny_copy)
    monkeypatch.setattr(pdfx, "ghostscript", lambda: None)
    codes = _build(tiny_copy, tmp_path / "out", print_shop="drivethru")
    assert codes.count("export/no-ghostscript") == 1  # once, for every deck
    folder = tmp_path / "out" / "tiny" / "es" / "drivethru"
    assert sorted(p.name for p in folder.iterdir()) == ["nav.pdf", "supply.pdf"]


@pytest.mark.slow
@pytest.mark.skipif(pdfx.ghostscript() is None, reason="Ghostscript is not installed")
def test_drivethru_gets_a_cmyk_pdfx_twin_where_ghostscript_is_installed(tiny_copy: Path, tmp_path: Path) -> None:
    import pypdf

    _poker(tiny_copy)
    codes = _build(tiny_copy, tmp_path / "out", print_shop="drivethru")
    assert "export/no-ghostscript" not in codes
    path = tmp_path / "out" / "tiny" / "es" / "drivethru" / "supply-pdfx.pdf"
    reader = pypdf.PdfReader(str(path))
    assert reader.metadata is not None and reader.metadata["/GTS_PDFXVersion"].startswith("PDF/X-3")
    (intent,) = reader.trailer["/Root"]["/OutputIntents"]
    assert intent.get_object()["/S"] == "/GTS_PDFX"
    assert len(reader.pages) == 10
    for page in reader.pages:
        assert [round(float(v), 2) for v in page.trimbox] == [9.0, 9.0, 189.0, 261.0]
    raw = path.read_bytes()
    assert b"/DeviceRGB" not in raw
