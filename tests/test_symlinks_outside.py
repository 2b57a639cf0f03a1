"""pack.toml, glossary.toml, board.toml and tokens.toml that link outside the pack are not read (issue 10)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main

SECRET = 'password = "hunter2"\nunknown_key = "the secret value"\n'


@pytest.mark.parametrize("name", ["pack.toml", "glossary.toml", "board.toml", "tokens.toml"])
def test_a_linked_file_outside_the_pack_is_refused_unread(tiny_copy: Path, name: str) -> None:
    secret = tiny_copy.parent / "private.toml"
    secret.write_text(SECRET, encoding="utf-8")
    target = tiny_copy / name
    target.unlink(missing_ok=True)
    target.symlink_to(secret)
    result = CliRunner().invoke(main, ["check", "tiny", "--format", "json"])
    assert result.exit_code == 1
    assert "hunter2" not in result.output and "secret" not in result.output and "password" not in result.output
    assert f"{name} is a link to a file outside the pack folder; pnp does not read it" in result.output


@pytest.mark.slow
def test_a_link_inside_the_pack_is_fine(tiny_copy: Path) -> None:
    (tiny_copy / "glossary.toml").rename(tiny_copy / "terms.toml")
    (tiny_copy / "glossary.toml").symlink_to("terms.toml")
    assert CliRunner().invoke(main, ["check", "tiny"]).exit_code == 0
