"""A missing or damaged bundled font is a finding naming the file, in check as in build (issue 10)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.paths import FONTS_DIR

pytestmark = pytest.mark.slow  # each test here takes seconds: whole builds, subprocesses, a browser


@pytest.fixture
def broken_fonts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    fonts = tmp_path / "fonts"
    shutil.copytree(FONTS_DIR, fonts)
    (fonts / "OpenSans-Bold.ttf").write_bytes(b"not a font at all")
    (fonts / "RobotoCondensed-Bold.ttf").unlink()
    for module in ("pnp.check.glyph_rules", "pnp.pipelines.build"):
        monkeypatch.setattr(f"{module}.FONTS_DIR", fonts)
    return fonts


@pytest.mark.parametrize("command", ["check", "build"])
def test_a_damaged_font_is_a_finding_not_an_internal_error(broken_fonts: Path, tiny_copy: Path, command: str) -> None:
    result = CliRunner().invoke(main, [command, str(tiny_copy)])
    assert result.exit_code == 1, result.output
    assert "internal error" not in result.output
    assert "error: the bundled fonts cannot be read" in result.output
    assert "reinstall" in result.output
