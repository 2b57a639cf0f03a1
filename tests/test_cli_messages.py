"""Messages every command shares: -q prints errors only; an unknown deck names the decks there are."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main

from .conftest import ROOT, TINY


@pytest.mark.slow
def test_build_quiet_prints_no_progress_and_no_wrote(tiny_copy: Path) -> None:
    result = CliRunner().invoke(main, ["build", str(tiny_copy), "-q"])
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert "Drawing sheets" not in result.stderr
    assert (Path("output") / "tiny" / "es" / "cards.pdf").exists()


@pytest.mark.slow
def test_build_without_quiet_says_what_it_wrote(tiny_copy: Path) -> None:
    result = CliRunner().invoke(main, ["build", str(tiny_copy)])
    assert "wrote output/tiny/es/cards.pdf" in result.stdout
    assert result.stdout.rstrip().endswith(
        "Built 10 cards (8 distinct faces) on 1 sheet (1 sheet saved by sharing sheets between decks). "
        "Every printed card has its text."
    )


def test_unknown_deck_lists_the_decks() -> None:
    result = CliRunner().invoke(main, ["deck", str(TINY), "sup"])
    assert result.exit_code == 2
    assert result.stderr == f"pnp: no deck \"sup\" in {TINY}; did you mean 'supply'?\n"
    result = CliRunner().invoke(main, ["deck", str(TINY), "galley"])
    assert result.stderr == f'pnp: no deck "galley" in {TINY}; decks: supply, nav\n'


def test_deck_counts_agree_in_spanish() -> None:
    result = CliRunner().invoke(main, ["--ui-lang", "es", "deck", str(TINY)])
    assert result.exit_code == 0
    assert "mazo" in result.stdout.splitlines()[0]
    assert "completo" in result.stdout


def test_build_with_an_unknown_deck_lists_the_decks(tiny_copy: Path) -> None:
    result = CliRunner().invoke(main, ["build", str(tiny_copy), "--decks", "galley", "-q"])
    assert result.exit_code == 1
    assert 'error: no deck "galley"\n    hint: decks: supply, nav\n' in result.stdout


@pytest.mark.slow
def test_proof_and_export_quiet_print_nothing(tiny_copy: Path) -> None:
    runner = CliRunner()
    proof = runner.invoke(main, ["proof", str(tiny_copy), "-q"])
    assert (proof.exit_code, proof.stdout) == (0, "")
    assert (Path("output") / "tiny" / "es" / "proof" / "proof.pdf").exists()
    export = runner.invoke(main, ["export", str(tiny_copy), "--format", "csv", "-q"])
    assert (export.exit_code, export.stdout) == (0, "")


def test_a_missing_board_image_is_reported_first_and_alone() -> None:
    result = CliRunner().invoke(main, ["board", str(TINY), "--image", "no-such-scan.jpg"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "Invalid value for '--image': File 'no-such-scan.jpg' does not exist." in result.stderr
    spanish = CliRunner().invoke(main, ["--ui-lang", "es", "board", str(TINY), "--image", "no-such-scan.jpg"])
    assert "Valor no válido para '--image': Archivo 'no-such-scan.jpg' no existe." in spanish.stderr


@pytest.mark.slow
def test_a_reader_that_closes_the_pipe_ends_pnp_quietly() -> None:
    """`pnp deck ... | head` closes pnp's output early: no "internal error", the shell's broken-pipe code."""
    import subprocess
    import sys

    process = subprocess.Popen(
        [sys.executable, "-m", "pnp", "deck", str(ROOT / "cards" / "blue-sun"), "--sources"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader is gone before pnp writes its first line
    errors = process.stderr.read().decode()
    assert process.wait(timeout=60) == 141
    assert errors == ""
