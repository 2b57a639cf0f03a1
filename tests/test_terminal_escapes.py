"""Control characters from a pack are shown escaped, never obeyed by the terminal (issue 10)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.terminal import terminal_safe

SET_TITLE = "\x1b]0;pwned\x07"


def _plant(tiny: Path, in_id: bool = True) -> None:
    supply = tiny / "supply.toml"
    text = supply.read_text(encoding="utf-8")
    text = text.replace('title.es = "Repuestos"', 'title.es = "Repuestos\\u001b]0;pwned\\u0007\\u202e"')
    if in_id:
        text = text.replace('id = "pilot"', 'id = "pilot\\u001b[2J"')
    supply.write_text(text, encoding="utf-8")


def test_escapes_are_shown_not_obeyed() -> None:
    assert terminal_safe(f"a{SET_TITLE}b\u202ec\n\td") == "a\\x1b]0;pwned\\x07b\\u202ec\n\td"


def test_findings_and_deck_lists_print_pack_text_escaped(tiny_copy: Path) -> None:
    _plant(tiny_copy)
    for command in (["check", "tiny"], ["deck", "tiny", "supply"]):
        result = CliRunner().invoke(main, command, color=True)  # as on a terminal: click strips nothing
        assert "\x1b" not in result.output and "\u202e" not in result.output, command
    checked = CliRunner().invoke(main, ["check", "tiny"], color=True).output
    assert 'card "pilot\\x1b[2J"' in checked


@pytest.mark.slow
def test_the_installed_command_escapes_too(tiny_copy: Path) -> None:
    _plant(tiny_copy, in_id=False)
    run = subprocess.run(
        [sys.executable, "-m", "pnp", "deck", "tiny", "supply"], cwd=tiny_copy.parent, capture_output=True, text=True
    )
    assert "\x1b" not in run.stdout + run.stderr
    assert "Repuestos\\x1b]0;pwned\\x07\\u202e" in run.stdout
