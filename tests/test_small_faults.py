"""The smaller faults of issue 28, item 5: each as a person meets it, in a process of its own under a time limit."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.hostile import run_pnp

pytestmark = pytest.mark.slow  # child processes, a browser or drawn pages: left out of the quick loop


def test_ctrl_c_as_workers_start_never_reaches_them(tmp_path: Path) -> None:
    """A Ctrl-C at the worst moment, in each forked process before any of its own code runs."""
    script = textwrap.dedent(
        """
        import os, signal
        from pnp.export.workers import Background, worker_pool
        os.register_at_fork(after_in_child=lambda: os.kill(os.getpid(), signal.SIGINT))
        with worker_pool(2) as pool:
            print(sorted(pool.map(abs, [-1, -2, -3])))
        print(Background(lambda: 42).result())
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PYTHONPATH": str(ROOT)},
    )
    assert done.stdout == "[1, 2, 3]\n42\n", done.stdout + done.stderr
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr, done.stderr


@pytest.mark.parametrize("damage", ["corrupt", "missing"])
def test_a_damaged_bundled_font_is_install_fonts_in_check_as_in_build(tiny_copy: Path, damage: str) -> None:
    installed = tiny_copy.parent / "installed"
    shutil.copytree(ROOT / "pnp", installed / "pnp", ignore=shutil.ignore_patterns("__pycache__"))
    for bundled in ("fonts", "templates"):  # where a wheel puts them: inside the package
        shutil.copytree(ROOT / bundled, installed / "pnp" / bundled)
    font = installed / "pnp" / "fonts" / "OpenSans-Bold.ttf"
    if damage == "corrupt":
        font.write_bytes(b"not a font at all")
    else:
        font.unlink()
    for command in (["check", "tiny", "--no-cache"], ["build", "tiny", "-o", "out", "--no-cache"]):
        done = run_pnp(command, cwd=tiny_copy.parent, timeout=120, pythonpath=installed)
        assert done.returncode == 1, done.stdout + done.stderr
        assert "internal error" not in done.stderr, done.stderr
        assert "pnp/fonts: error: the bundled fonts cannot be read" in done.stdout
        assert "reinstall" in done.stdout
        assert "icon" not in done.stdout  # the icons are not to blame


def test_a_deeply_nested_toml_in_a_cards_history_leaves_the_history_page_working(tiny_copy: Path) -> None:
    testclient = pytest.importorskip("starlette.testclient", reason="pnp serve's extra is not installed")
    from pnp.serve.app import create_app

    def git(*args: str) -> None:
        subprocess.run(
            ["git", "-c", "user.name=Ana", "-c", "user.email=ana@example.org", *args],
            cwd=tiny_copy,
            check=True,
            capture_output=True,
        )

    supply = tiny_copy / "supply.toml"
    honest = supply.read_text(encoding="utf-8")
    git("init", "-q")
    supply.write_text(honest + "\nnested = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    git("add", ".")
    git("commit", "-q", "-m", "a stranger's commit")
    supply.write_text(honest, encoding="utf-8")
    git("commit", "-q", "-am", "honest again")
    client = testclient.TestClient(create_app(tiny_copy, tiny_copy.parent / "output", hosts=("testserver",)))
    page = client.get("/card/pilot/history")
    assert page.status_code == 200, page.text[:500]
    assert "honest again" in page.text or "The card appears." in page.text


def test_check_refuses_a_card_larger_than_the_paper_as_build_does(tiny_copy: Path) -> None:
    pack = tiny_copy / "pack.toml"
    pack.write_text(
        pack.read_text(encoding="utf-8").replace('card_size = "mini-american"', 'card_size = "250mm x 350mm"', 1),
        encoding="utf-8",
    )
    said = (
        'tiny/pack.toml:26: error: field "deck.supply.card_size": a 250 x 350 mm card with 3 mm bleed does not fit '
        "on a 210 x 297 mm page"
    )
    checked = run_pnp(["check", "tiny"], cwd=tiny_copy.parent)
    built = run_pnp(["build", "tiny", "-o", "out"], cwd=tiny_copy.parent)
    for done in (checked, built):
        assert done.returncode == 1 and said in done.stdout, done.stdout + done.stderr


@pytest.mark.parametrize("game", ["My\nGame", "Tiny\rEpic", "Bell\x07"])
def test_pnp_new_refuses_a_game_name_with_a_line_break(tmp_path: Path, game: str) -> None:
    done = run_pnp(["new", "my-game", "--game", game], cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "--game is the name on one line" in done.stderr
    assert not (tmp_path / "my-game").exists()


def test_pnp_new_still_takes_an_accented_name(tmp_path: Path) -> None:
    done = run_pnp(["new", "my-game", "--game", "El Señor de los Anillos: Viaje"], cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert run_pnp(["check", "my-game"], cwd=tmp_path).returncode == 0


def test_the_import_preview_shows_an_escape_sequence_that_write_would_write(tiny_copy: Path) -> None:
    exported = run_pnp(["export", "tiny", "--format", "csv", "-o", "texts.csv"], cwd=tiny_copy.parent)
    assert exported.returncode == 0, exported.stderr
    csv = tiny_copy.parent / "texts.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace("Repuestos", "Repuestos\x1b[31m", 1), encoding="utf-8")
    preview = run_pnp(["import", "tiny", "texts.csv"], cwd=tiny_copy.parent)  # piped, as into a file or a pager
    assert 'field "title.es": Repuestos{+\\x1b[31m+}' in preview.stdout, preview.stdout
    assert "\x1b" not in preview.stdout
