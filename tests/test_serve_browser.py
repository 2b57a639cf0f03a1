"""pnp serve in a real browser: headless Chromium edits a translation, sees the card redrawn, saves, meets a conflict.

Chromium is driven through the DevTools protocol (tests/browser.py).  Without
Chromium the test is skipped and says why; CI installs it as for the proof.
Set PNP_SCREENSHOTS to a folder to keep the screenshots of the list and the
card page.
"""

from __future__ import annotations

import base64
import io
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageChops

pytest.importorskip("starlette", reason="pnp serve's extra is not installed: pip install 'pnp[serve]'")

from pnp.serve.app import create_app
from tests.browser import Browser, headless, keep_screenshots, serving

pytestmark = pytest.mark.slow  # each test here takes seconds: whole builds, subprocesses, a browser

NEW_TEXT = "Gana 1 {parts}.\\n\\n**Descarta** esta carta y repara tu nave entera con gasolina, ahora mismo."


@pytest.fixture
def server(tiny_copy: Path) -> Iterator[str]:
    with serving(create_app(tiny_copy, tiny_copy.parent / "output", hosts=("127.0.0.1", "localhost"))) as url:
        yield url


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Browser]:
    with headless(tmp_path / "chromium-profile") as opened:
        yield opened


def _preview(browser: Browser) -> Image.Image:
    source = browser.run("document.querySelector('#preview img').src")
    data = base64.b64decode(source.split(",", 1)[1])
    return Image.open(io.BytesIO(data)).convert("RGB")


def _changed_pixels(a: Image.Image, b: Image.Image) -> int:
    assert a.size == b.size
    difference = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 32 else 0)
    return difference.histogram()[255]


def test_edit_preview_save_and_conflict_in_chromium(
    server: str, browser: Browser, tiny_copy: Path, tmp_path: Path
) -> None:
    supply = tiny_copy / "supply.toml"
    before = supply.read_text()
    browser.open(f"{server}/")
    assert browser.run("document.querySelectorAll('table.cards tbody tr').length") >= 3
    browser.wait_for(  # the thumbnails, drawn on demand by the build's renderer
        "[...document.querySelectorAll('td.thumb img')].every(i => i.complete && i.naturalWidth > 0)", "the thumbnails"
    )
    shots = [browser.screenshot(tmp_path / "workbench-list.png")]

    browser.open(f"{server}/card/spare-parts")
    first = _preview(browser)
    browser.run(
        "(() => { const t = document.querySelector('textarea[name=\"v.text.es\"]');"
        f" t.value = '{NEW_TEXT}'; t.dispatchEvent(new Event('input', {{bubbles: true}})); }})()"
    )
    browser.wait_for(
        f"document.querySelector('#preview img').src !== {_js(browser, '#preview img')}", "the redrawn card"
    )
    second = _preview(browser)
    # the findings follow the unsaved text: the glossary's forbidden "gasolina", marked where it is
    browser.wait_for("(document.querySelector('#findings mark.warning') || {}).textContent === 'gasolina'")
    changed = _changed_pixels(first, second)
    assert changed > 200, f"only {changed} pixels changed: the preview did not redraw the text"

    browser.run("document.querySelector('button.save').click()")
    browser.wait_for("(document.querySelector('.message') || {}).textContent === 'Saved: text (es).'", "the save")
    changed_lines = [
        (a, b) for a, b in zip(before.splitlines(), supply.read_text().splitlines(), strict=True) if a != b
    ]
    assert changed_lines == [
        (
            'text.es = "Gana 1 {parts}.\\n\\n**Descarta** esta carta para reparar tu nave."',
            f'text.es = "{NEW_TEXT}"',
        )
    ]
    shots.append(browser.screenshot(tmp_path / "workbench-card.png"))
    real = browser.run("document.querySelector('.card-image').width")
    browser.run("document.querySelector('.card-image').click()")
    assert browser.run("document.querySelector('.card-image').width") == 2 * real  # larger to read

    # someone edits the same text on disk; this page still shows its own version and saves it
    supply.write_text(supply.read_text().replace("repara tu nave entera", "repara la nave"))
    on_disk = supply.read_text()
    browser.run(
        "(() => { const t = document.querySelector('textarea[name=\"v.text.es\"]');"
        " t.value = t.value.replace('ahora mismo', 'ya'); })()"
    )
    browser.run("document.dispatchEvent(new KeyboardEvent('keydown', {key: 's', ctrlKey: true}))")  # Ctrl+S
    browser.wait_for("!!document.querySelector('.conflict')", "the conflict")
    assert "repara la nave" in browser.run("document.querySelector('.conflict').textContent")
    assert supply.read_text() == on_disk, "a conflict must never overwrite the file"
    shots.append(browser.screenshot(tmp_path / "workbench-conflict.png"))

    for shot in shots:
        assert Image.open(shot).size[0] == 1400
    keep_screenshots(*shots)


def _js(browser: Browser, selector: str) -> str:
    """The current src of an image as a JavaScript string literal (to wait until it changes)."""
    import json

    return json.dumps(browser.run(f"document.querySelector('{selector}').src"))


def test_a_page_stopped_on_a_dialog_fails_the_wait_instead_of_hanging_the_suite(
    browser: Browser, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dialog the test did not expect (an alert, a "leave this page?") makes Chromium answer nothing."""
    monkeypatch.setattr("tests.browser.WAIT_SECONDS", 2)

    def ring(_signum: int, _frame: object) -> None:
        raise AssertionError("the wait on Chromium's pipe had no end")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(60)  # far above the bound: only a wait without one gets here
    try:
        with pytest.raises(TimeoutError, match="dialog"):
            browser.run("alert('stopped')")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def test_the_print_page_checkboxes_sit_before_their_words_at_800_px(server: str, tmp_path: Path) -> None:
    with headless(tmp_path / "narrow-profile", width=800, height=900) as narrow:
        narrow.open(f"{server}/print")
        assert narrow.run("document.documentElement.scrollWidth") <= 800, "nothing wider than the window"
        placed = narrow.run(
            "[...document.querySelectorAll('form.print input[type=checkbox]')].map(box => {"
            " const b = box.getBoundingClientRect(), l = box.parentElement.getBoundingClientRect();"
            " return [box.name, Math.round(b.left - l.left), Math.round(l.height)]; })"
        )
        assert len(placed) == 3
        for name, offset, height in placed:
            # at the label's left edge, and the label one line high (not a box centred above its words)
            assert offset <= 4 and height <= 30, (name, offset, height)


@pytest.mark.parametrize("sizing", ["css", "script"])
def test_a_long_title_shows_every_line_of_its_box_whole(server: str, browser: Browser, sizing: str) -> None:
    """A title box is one row high: a title longer than the row wrapped, and the box showed the top half of
    its second line. It grows to its lines instead, in the column's width: by CSS (field-sizing), or by
    workbench.js in a browser without it."""
    browser.open(f"{server}/card/fuel-cell")
    if sizing == "script":  # as a browser that does not know field-sizing
        browser.run("document.querySelector('textarea[name=\"v.title.es\"]').style.fieldSizing = 'fixed'")
    measure = (
        "(() => { const t = document.querySelector('textarea[name=\"v.title.es\"]');"
        " return [t.clientHeight, t.scrollHeight, t.offsetWidth,"
        " parseFloat(getComputedStyle(t).lineHeight)]; })()"
    )
    short_height, _scroll, width, line = browser.run(measure)
    browser.run(
        "(() => { const t = document.querySelector('textarea[name=\"v.title.es\"]');"
        " t.value = 'Célula de combustible auxiliar de largo alcance para naves de carga ligera y pesada';"
        " t.dispatchEvent(new Event('input', {bubbles: true})); })()"
    )
    height, scroll, long_width, _line = browser.run(measure)
    assert scroll <= height, f"{scroll - height} px of the title hidden below the box"
    assert height >= short_height + line - 1  # a whole second line, not the top of one
    assert long_width == width  # the box grew down, not across the page
