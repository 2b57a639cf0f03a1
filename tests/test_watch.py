"""`pnp build --watch`: builds again after each saved change, not after a save that changed nothing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from pnp.pipelines.watch import CannotWatch, watch


def _scripted(steps: dict[int, Callable[[], None]]) -> Callable[[float], None]:
    """A sleep that, on its n-th call, does what steps[n] says (an editor saving a file)."""
    calls = [0]

    def sleep(_seconds: float) -> None:
        calls[0] += 1
        if calls[0] in steps:
            steps[calls[0]]()

    return sleep


def _pack_with_deck(tmp_path: Path, text: str) -> tuple[Path, Path]:
    pack = tmp_path / "pack"
    pack.mkdir()
    deck = pack / "deck.toml"
    deck.write_text(text, encoding="utf-8")
    return pack, deck


def test_a_saved_change_builds_once_and_a_save_without_change_builds_nothing(tmp_path: Path) -> None:
    pack, deck = _pack_with_deck(tmp_path, 'title = "uno"\n')
    builds: list[list[str]] = []
    steps = {
        2: lambda: deck.write_text('title = "dos"\n', encoding="utf-8"),
        5: lambda: os.utime(deck, ns=(time.time_ns(), time.time_ns() + 5 * 10**9)),  # saved, not changed
        7: lambda: (pack / "art.png").write_bytes(b"new art"),
    }
    watch([pack], tmp_path / "output", builds.append, 0, _scripted(steps), 9)
    assert builds == [["deck.toml"], ["art.png"]]  # the edit, then the new picture


def test_a_file_still_being_written_is_built_when_it_stops_changing(tmp_path: Path) -> None:
    pack, deck = _pack_with_deck(tmp_path, "a\n")
    builds: list[list[str]] = []
    steps = {
        2: lambda: deck.write_text("ab\n"),
        3: lambda: deck.write_text("abc\n"),
        4: lambda: deck.write_text("abcd\n"),
    }
    watch([pack], tmp_path / "output", lambda _changed: builds.append(deck.read_text()), 0, _scripted(steps), 6)
    assert builds == ["abcd\n"]


def test_a_folder_that_cannot_be_read_cannot_be_watched(tmp_path: Path) -> None:
    with pytest.raises(CannotWatch):
        watch([tmp_path / "missing"], tmp_path / "output", lambda _changed: None, 0, _scripted({}), 1)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="Ctrl-C is a signal")
def test_the_command_builds_again_after_an_edit_and_ctrl_c_ends_it_quietly(tiny_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    command = [sys.executable, "-m", "pnp", "--ui-lang", "en", "build", str(tiny_copy), "-o", str(out), "--watch"]
    errors, said = tmp_path / "stderr.txt", tmp_path / "stdout.txt"
    with errors.open("w") as err, said.open("w") as out_file:
        run = subprocess.Popen(command, stdout=out_file, stderr=err, text=True, start_new_session=True)
    cards = out / "tiny" / "es" / "cards.pdf"
    try:
        _wait_for(lambda: "Watching" in errors.read_text())  # said once the files are known
        first = cards.read_bytes()
        supply = tiny_copy / "supply.toml"
        supply.write_text(supply.read_text(encoding="utf-8").replace('title.es = "', 'title.es = "Nuevo ', 1))
        # the second build has written its sheets and said so: a Ctrl-C between the two was a race
        _wait_for(lambda: cards.read_bytes() != first and said.read_text().count("Built ") == 2)
    finally:
        os.killpg(run.pid, signal.SIGINT)
        run.wait(timeout=60)
    err_text, out_text = errors.read_text(), said.read_text()
    assert run.returncode == 0, err_text
    assert "Watching" in err_text and "supply.toml changed; building again" in err_text
    assert err_text.strip().splitlines()[-1] == "Stopped watching."
    assert "Traceback" not in err_text + out_text
    assert out_text.count("Built ") == 2


def _wait_for(condition: Callable[[], bool], seconds: float = 90) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError("the watched build did not happen in time")
