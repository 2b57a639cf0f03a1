"""Nothing typed in the workbench is lost, in a real headless Chromium against a real `pnp serve` process
in Spanish: a status click saves the typed text with it; a form outlives a restart of the server; a save
while the server is down says so beside the button and works once it is back; a save into a broken deck
file names the file and line; a reload offers the unsaved text back.

Text is typed as a person types it (DevTools' Input.insertText into the focused box).  Set PNP_SCREENSHOTS
to a folder to keep the screenshots of each error state (1280x800).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="pnp serve's extra is not installed: pip install 'pnp[serve]'")

from pnp.serve.app import create_app
from pnp.serve.workbench import Workbench
from tests.browser import Browser, free_port, headless, keep_screenshots, serving, wait

pytestmark = pytest.mark.slow  # child processes, a browser or drawn pages: left out of the quick loop

PILOT_TEXT = "*Manos firmes.* Mueve 1 sector adicional cuando vuelas."
TYPED = "*Pulso firme.* Mueve 1 sector más cuando vuelas."


class ServeProcess:
    """`pnp serve` as a person runs it, in Spanish: started, stopped (as Ctrl-C does) and started again."""

    def __init__(self, pack: Path, port: int) -> None:
        self.pack, self.port = pack, port
        self.url = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "pnp", "serve", str(self.pack), "--port", str(self.port)]
        environment = {**os.environ, "PNP_UI_LANG": "es"}
        self.process = subprocess.Popen(
            [*command, "--output", str(self.pack.parent / "output")],
            cwd=self.pack.parent,
            env=environment,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait(self._answers, "pnp serve to answer")

    def _answers(self) -> bool:
        assert self.process is not None
        if self.process.poll() is not None:
            raise RuntimeError(f"pnp serve stopped with {self.process.returncode}")
        try:
            with urllib.request.urlopen(f"{self.url}/", timeout=5) as response:
                return bool(response.status == 200)
        except (urllib.error.URLError, OSError):
            return False

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


@pytest.fixture
def server(tiny_copy: Path) -> Iterator[ServeProcess]:
    running = ServeProcess(tiny_copy, free_port())
    running.start()
    yield running
    running.stop()


@pytest.fixture
def in_process(tiny_copy: Path) -> Iterator[str]:
    """The server in this process (in English), so that a test can break it."""
    app = create_app(tiny_copy, tiny_copy.parent / "output", hosts=("127.0.0.1", "localhost"))
    with serving(app, log_level="critical") as url:
        yield url


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Browser]:
    with headless(tmp_path / "chromium-profile", width=1280, height=800) as opened:
        yield opened


def _type(browser: Browser, field: str, text: str) -> None:
    """Select the box's text and type over it, key events and all, as a person does."""
    browser.run(f"(() => {{ const box = {_box(field)}; box.focus(); box.select(); }})()")
    browser.send("Input.insertText", {"text": text})


def _box(field: str) -> str:
    return f"document.querySelector('textarea[name=\"v.{field}\"]')"


def _value(browser: Browser, field: str) -> str:
    return str(browser.run(f"{_box(field)}.value"))


def _click(browser: Browser, selector: str) -> None:
    browser.run(f"document.querySelector({json.dumps(selector)}).click()")


def _save_error(browser: Browser) -> str:
    """The error beside the buttons, once it shows; it must be on screen, right under them."""
    browser.wait_for("!document.querySelector('.save-error').hidden", "the error beside the buttons")
    box = browser.run(
        "(() => { const e = document.querySelector('.save-error').getBoundingClientRect();"
        " const b = document.querySelector('.actions').getBoundingClientRect();"
        " return {top: e.top, bottom: e.bottom, height: e.height, gap: e.top - b.bottom}; })()"
    )
    assert box["height"] > 20 and 0 <= box["gap"] < 40, box  # beside (right under) the buttons, not elsewhere
    return str(browser.run("document.querySelector('.save-error').innerText"))


def _message(browser: Browser, expected: str) -> str:
    """Wait for the card's message to say this (a message from an earlier save may still be showing)."""
    probe = "(document.querySelector('.message') || {}).textContent || ''"
    try:
        browser.wait_for(f"({probe}) === {json.dumps(expected)}", f"the message {expected!r}")
    except TimeoutError:
        raise AssertionError(f"the page says {browser.run(probe)!r}, not {expected!r}") from None
    return expected


def _shot(browser: Browser, tmp_path: Path, name: str) -> Path:
    browser.run("document.querySelector('.actions').scrollIntoView({block: 'center'})")
    shot = browser.screenshot(tmp_path / name, full_page=False)
    keep_screenshots(shot)
    return shot


def _pilot(supply: Path) -> str:
    return supply.read_text().split('id = "pilot"')[1]


def test_mark_translated_saves_the_typed_text_with_the_status(
    server: ServeProcess, browser: Browser, tiny_copy: Path
) -> None:
    supply = tiny_copy / "supply.toml"
    before = supply.read_text()
    browser.open(f"{server.url}/card/pilot")
    _type(browser, "text.es", TYPED)
    _click(browser, "button.mark[value=translated]")
    _message(browser, "Guardado: texto (es), estado (es).")
    changed = [(a, b) for a, b in zip(before.splitlines(), supply.read_text().splitlines(), strict=True) if a != b]
    assert changed == [
        (f'text.es = "{PILOT_TEXT}"', f'text.es = "{TYPED}"'),
        ('status.es = "draft"', 'status.es = "translated"'),
    ]
    assert _value(browser, "text.es") == TYPED  # the card shown is the file's, which now holds the typed text
    assert browser.run("localStorage.length") == 0, "a saved text leaves no draft behind"


def test_a_form_opened_before_a_restart_still_saves(server: ServeProcess, browser: Browser, tiny_copy: Path) -> None:
    supply = tiny_copy / "supply.toml"
    browser.open(f"{server.url}/card/pilot")
    _type(browser, "text.es", TYPED)
    server.stop()
    server.start()  # a new run: a new token for the pages, nothing kept in memory
    _click(browser, "button.save")
    _message(browser, "Guardado: texto (es).")
    assert f'text.es = "{TYPED}"' in _pilot(supply)
    # the preview and the next save work on with the new token
    _type(browser, "title.es", "Piloto experto")
    _click(browser, "button.mark[value=reviewed]")
    _message(browser, "Guardado: título (es), estado (es).")
    assert 'status.es = "reviewed"' in _pilot(supply) and 'title.es = "Piloto experto"' in _pilot(supply)


def test_a_form_opened_before_a_restart_shows_both_texts_when_the_file_changed(
    server: ServeProcess, browser: Browser, tiny_copy: Path, tmp_path: Path
) -> None:
    supply = tiny_copy / "supply.toml"
    browser.open(f"{server.url}/card/pilot")
    _type(browser, "text.es", TYPED)
    server.stop()
    theirs = supply.read_text().replace("Mueve 1 sector adicional", "Avanza 1 sector adicional")
    supply.write_text(theirs)
    server.start()
    _click(browser, "button.mark[value=translated]")
    browser.wait_for("!!document.querySelector('.conflict')", "the conflict")
    conflict = browser.run("document.querySelector('.conflict').innerText")
    assert "Avanza 1 sector adicional" in conflict and TYPED in conflict  # theirs and yours
    assert _value(browser, "text.es") == TYPED  # yours, still in the box
    assert supply.read_text() == theirs
    assert "Alguien cambió estos textos" in _save_error(browser)  # said beside the button too
    _shot(browser, tmp_path, "workbench-restart-conflict.png")


def test_a_save_while_the_server_is_down_says_so_and_works_once_it_is_back(
    server: ServeProcess, browser: Browser, tiny_copy: Path, tmp_path: Path
) -> None:
    supply = tiny_copy / "supply.toml"
    browser.open(f"{server.url}/card/pilot")
    _type(browser, "text.es", TYPED)
    server.stop()
    _click(browser, "button.mark[value=translated]")
    said = _save_error(browser)
    assert said.startswith("No se ha guardado: tu texto sigue aquí.")
    assert "pnp serve no responde" in said
    assert _value(browser, "text.es") == TYPED
    _shot(browser, tmp_path, "workbench-server-down.png")
    server.start()
    _click(browser, "button.mark[value=translated]")  # the retry
    _message(browser, "Guardado: texto (es), estado (es).")
    assert browser.run("document.querySelector('.save-error').hidden")
    assert f'text.es = "{TYPED}"' in _pilot(supply) and 'status.es = "translated"' in _pilot(supply)


def test_a_save_into_a_broken_deck_file_names_the_file_and_line_and_keeps_the_form(
    server: ServeProcess, browser: Browser, tiny_copy: Path, tmp_path: Path
) -> None:
    supply = tiny_copy / "supply.toml"
    browser.open(f"{server.url}/card/pilot")
    _type(browser, "text.es", TYPED)
    broken = supply.read_text().replace("cost = 100", "cost = = 100", 1)
    supply.write_text(broken)
    _click(browser, "button.save")
    said = _save_error(browser)
    assert "supply.toml, línea 9" in said and "TOML" in said, said
    assert "no se ha guardado nada" in said
    assert _value(browser, "text.es") == TYPED
    assert supply.read_text() == broken
    _shot(browser, tmp_path, "workbench-broken-toml.png")
    supply.write_text(broken.replace("cost = = 100", "cost = 100"))
    _click(browser, "button.save")  # fixed on disk: the same form saves
    _message(browser, "Guardado: texto (es).")
    assert f'text.es = "{TYPED}"' in _pilot(supply)


def test_unsaved_text_survives_a_reload_and_is_offered_back(
    server: ServeProcess, browser: Browser, tiny_copy: Path, tmp_path: Path
) -> None:
    supply = tiny_copy / "supply.toml"
    browser.open(f"{server.url}/card/pilot")
    _type(browser, "text.es", TYPED)
    # leaving asks first: the reload meets a "leave this page?" dialog (accepted here)
    assert browser.leave("Page.reload") == ["beforeunload"]
    browser.wait_for("document.readyState === 'complete' && !!window.htmx")
    assert _value(browser, "text.es") == PILOT_TEXT  # the file's text, as loaded
    browser.wait_for("!document.querySelector('.draft-offer').hidden", "the draft offered back")
    offer = browser.run("document.querySelector('.draft-offer').innerText")
    assert "Aquí escribiste texto que no se guardó: texto (es)." in offer
    _shot(browser, tmp_path, "workbench-draft-offered.png")
    _click(browser, ".draft-restore")
    assert _value(browser, "text.es") == TYPED
    _click(browser, "button.save")
    _message(browser, "Guardado: texto (es).")
    assert f'text.es = "{TYPED}"' in _pilot(supply)
    assert browser.run("localStorage.length") == 0, "a saved draft is cleared"
    assert browser.leave("Page.reload") == [], "nothing unsaved: leaving does not ask"


def test_a_draft_typed_in_a_closed_tab_against_an_older_file_comes_back_as_a_conflict(
    server: ServeProcess, browser: Browser, tiny_copy: Path
) -> None:
    supply = tiny_copy / "supply.toml"
    browser.open(f"{server.url}/card/pilot")
    _type(browser, "text.es", TYPED)
    assert browser.leave("Page.navigate", {"url": "about:blank"}) == ["beforeunload"]  # the tab goes elsewhere
    browser.wait_for("location.href === 'about:blank' && document.readyState === 'complete'", "the other page")
    theirs = supply.read_text().replace("Mueve 1 sector adicional", "Avanza 1 sector adicional")
    supply.write_text(theirs)  # meanwhile someone else saves the same text
    browser.open(f"{server.url}/card/pilot")
    browser.wait_for("!document.querySelector('.draft-offer').hidden", "the draft offered back")
    assert not browser.run("document.querySelector('.draft-changed').hidden"), "it must say the file changed"
    _click(browser, ".draft-restore")
    _click(browser, "button.save")
    browser.wait_for("!!document.querySelector('.conflict')", "the conflict")
    conflict = browser.run("document.querySelector('.conflict').innerText")
    assert "Avanza 1 sector adicional" in conflict and TYPED in conflict
    assert supply.read_text() == theirs and _value(browser, "text.es") == TYPED
    _click(browser, "button.save")  # knowingly, now: yours replaces theirs
    _message(browser, "Guardado: texto (es).")
    assert f'text.es = "{TYPED}"' in _pilot(supply)


def test_a_save_that_fails_in_the_server_says_so_and_keeps_the_text(
    in_process: str, browser: Browser, tiny_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bug in pnp during a save (a 500): the page says it failed, with its code, and keeps the text."""
    address = in_process
    before = (tiny_copy / "supply.toml").read_bytes()

    def broken_save(self: Workbench, card_id: str, edits: object) -> None:
        raise RuntimeError("a bug in the save")

    monkeypatch.setattr(Workbench, "save", broken_save)
    browser.open(f"{address}/card/pilot")
    _type(browser, "text.es", TYPED)
    _click(browser, "button.mark[value=translated]")
    said = _save_error(browser)
    assert said.startswith("Not saved: your text is still here.") and "pnp serve failed (error 500)" in said, said
    assert _value(browser, "text.es") == TYPED
    assert (tiny_copy / "supply.toml").read_bytes() == before
    _shot(browser, tmp_path, "workbench-server-error.png")
    monkeypatch.undo()
    _click(browser, "button.mark[value=translated]")
    _message(browser, "Saved: text (es), status (es).")


def test_marking_a_card_with_errors_reviewed_asks_first_and_names_them(
    server: ServeProcess, browser: Browser, tiny_copy: Path, tmp_path: Path
) -> None:
    supply = tiny_copy / "supply.toml"
    before = supply.read_bytes()
    browser.open(f"{server.url}/card/pilot")
    typed = "*Manos firmes.* Mueve 3 sectores adicionales cuando vuelas."  # the original says 1
    _type(browser, "text.es", typed)
    _click(browser, "button.mark[value=reviewed]")
    panel = str(browser.wait_for("(document.querySelector('.confirm-review') || {}).innerText", "the question"))
    assert "Aún no se ha marcado como revisada." in panel and "text/numbers" in panel
    assert supply.read_bytes() == before and _value(browser, "text.es") == typed
    _shot(browser, tmp_path, "workbench-confirm-review.png")
    _click(browser, ".confirm-review button.mark")
    _message(browser, "Guardado: texto (es), estado (es).")
    assert 'status.es = "reviewed"' in _pilot(supply) and typed in _pilot(supply)


def test_a_click_while_a_save_is_on_its_way_is_done_after_it(
    server: ServeProcess, browser: Browser, tiny_copy: Path
) -> None:
    supply = tiny_copy / "supply.toml"
    browser.open(f"{server.url}/card/pilot")
    _type(browser, "text.es", TYPED)
    # (the card's preview, due 350 ms after the typing, goes out after these clicks: it must stay a preview,
    # whatever button was clicked last)
    browser.run(  # Save, then at once Mark translated: one request at a time, both done, in order
        "document.querySelector('button.save').click(); document.querySelector('button.mark[value=translated]').click()"
    )
    _message(browser, "Guardado: estado (es).")
    assert f'text.es = "{TYPED}"' in _pilot(supply) and 'status.es = "translated"' in _pilot(supply)
