"""A --players / --variant build says what it is: its own folder, its footers, its manifest."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from pnp.cli import main
from tests.conftest import ROOT


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def _first_page_text(path: Path) -> str:
    document = pdfium.PdfDocument(path)
    try:
        page = document[0]
        text = page.get_textpage().get_text_range()
        return text
    finally:
        document.close()


@pytest.mark.slow
def test_a_variant_build_has_its_own_folder_footer_and_manifest(tiny_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    code, output = _run("build", str(tiny_copy), "-o", str(out), "--no-cache")
    assert code == 0, output
    box = (out / "tiny" / "es" / "cards.pdf").read_bytes()
    code, output = _run("build", str(tiny_copy), "-o", str(out), "--no-cache", "--variant", "calm-seas")
    assert code == 0, output
    assert (out / "tiny" / "es" / "cards.pdf").read_bytes() == box  # the box's cards are not overwritten
    folder = out / "tiny" / "es" / "calm-seas"
    assert "· calm-seas ·" in _first_page_text(folder / "cards.pdf")
    assert "· calm-seas ·" not in _first_page_text(out / "tiny" / "es" / "cards.pdf")
    described = json.loads((folder / "build-manifest.json").read_text(encoding="utf-8"))["build"]
    assert described["variants"] == ["calm-seas"] and described["players"] is None
    assert "variants" not in json.loads((out / "tiny" / "es" / "build-manifest.json").read_text())["build"]


@pytest.mark.slow
def test_a_player_count_build_names_the_count_and_the_variant_it_selects(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    code, output = _run("build", "cards/bsg", "--players", "1", "--decks", "loyalty", "-o", str(tmp_path))
    assert code == 0, output
    folder = tmp_path / "bsg" / "es" / "players-1-one-player"
    assert "· 1 jugador · Partida para Un Jugador ·" in _first_page_text(folder / "cards-loyalty.pdf")
    described = json.loads((folder / "build-manifest.json").read_text(encoding="utf-8"))["build"]
    assert (described["players"], described["variants"]) == (1, ["one-player"])


@pytest.mark.slow
def test_the_base_games_player_counts_are_accepted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code, output = _run("build", "cards/bsg", "--players", "4", "--decks", "loyalty", "-o", str(tmp_path))
    assert code == 0, output
    assert "· 4 jugadores ·" in _first_page_text(tmp_path / "bsg" / "es" / "players-4" / "cards-loyalty.pdf")
