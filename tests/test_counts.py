"""Counts that mean it: one function's figures in `pnp deck`, the build, the workbench and the proof."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.load import load_pack
from pnp.pipelines.build import BuildOptions, build
from pnp.proof.collect import collect
from pnp.proof.html import totals
from pnp.serve.workbench import Workbench
from tests.conftest import ROOT


def _deck_lines(pack: Path) -> dict[str, str]:
    result = CliRunner().invoke(main, ["deck", str(pack)])
    assert result.exit_code == 0, result.output
    return {line.split()[0]: line for line in result.output.splitlines() if line.strip()}


def test_a_deck_the_box_counts_only_with_others_is_not_complete_alone(tiny_copy: Path) -> None:
    """Blue Sun's deal and challenge decks share one box line ("75 Cartas Trato"): one written card
    in a deck was "complete" while the line said 74 were still to enter."""
    pack_file = tiny_copy / "pack.toml"
    text = pack_file.read_text(encoding="utf-8").replace("expected_count = 5\n", "")
    pack_file.write_text(text.replace("count = 10\n", "count = 30\n"), encoding="utf-8")
    lines = _deck_lines(tiny_copy)
    assert "complete" not in lines["supply"] and "complete" not in lines["nav"], lines
    assert "complete" not in lines["total"]
    assert "20 still to enter" in lines["box"], lines


def test_a_deck_whose_every_box_card_is_written_is_complete(tiny_copy: Path) -> None:
    lines = _deck_lines(tiny_copy)
    assert lines["supply"].endswith("complete") and lines["total"].endswith("complete"), lines


@pytest.mark.slow
def test_every_place_gives_the_same_totals(tmp_path: Path) -> None:
    from pnp.check.completeness import pack_counts

    root = ROOT / "cards" / "blue-sun"
    pack = load_pack(root).pack
    assert pack is not None
    counted = pack_counts(pack)
    assert (counted.entered, counted.placeholders, counted.box) == (33, 3, 137)
    lines = _deck_lines(root)
    assert lines["total"].split()[1] == "33"
    assert "a whole build prints 36 cards, 36 without text" in lines["a"]
    built = build(root, BuildOptions(output=tmp_path, cache=False))
    assert built.ok
    assert (built.cards, built.without_text) == (counted.printed, counted.without_text) == (36, 36)
    _decks, box = Workbench(root, tmp_path / "serve").progress()
    assert (box.total, box.written, box.translated) == (36, 0, 0)
    copies, translated, reviewed = totals(collect(pack, "es", []))[1:4]
    assert (copies, translated, reviewed) == (36, 0, 0)
