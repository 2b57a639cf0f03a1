"""The workbench by keyboard alone, in a real headless Chromium against a real `pnp serve` in Spanish: the
cursor lands in the text to translate, Tab skips the originals, Ctrl+Shift+Enter saves the typed text as
translated and opens the next card of the list as filtered, Alt+PageDown/PageUp move one card, the "?"
panel lists the keys.  Keys are sent as a keyboard sends them (DevTools' Input.dispatchKeyEvent).
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="pnp serve's extra is not installed: pip install 'pnp[serve]'")

from tests.browser import Browser
from tests.test_serve import NEW_NAV
from tests.test_serve_browser_saving import ServeProcess, _message, _pilot, _shot, _value, browser, server

pytestmark = pytest.mark.slow  # child processes, a browser or drawn pages: left out of the quick loop

__all__ = ["browser", "server"]  # the fixtures, shared with the saving tests

ALT, CTRL, SHIFT = 1, 2, 8
KEYS = {"1": 49, "Enter": 13, "Tab": 9, "PageDown": 34, "PageUp": 33, "?": 191, "/": 191, "Escape": 27}


def press(browser: Browser, key: str, modifiers: int = 0) -> None:
    """One key with its modifiers, down and up, as a keyboard sends it."""
    code = {"?": "Slash", "/": "Slash"}.get(key, key)
    event = {"key": key, "code": code, "windowsVirtualKeyCode": KEYS[key], "modifiers": modifiers}
    browser.send("Input.dispatchKeyEvent", {"type": "rawKeyDown", **event})
    if key == "?":
        browser.send("Input.dispatchKeyEvent", {"type": "char", "text": "?", **event})
    browser.send("Input.dispatchKeyEvent", {"type": "keyUp", **event})


def focused(browser: Browser) -> str:
    return str(browser.run("document.activeElement.name || document.activeElement.tagName"))


def arrived(browser: Browser, path: str) -> None:
    browser.wait_for(f"location.pathname + location.search === {path!r} && document.readyState === 'complete'", path)
    browser.wait_for("!!window.htmx && document.activeElement.tagName === 'TEXTAREA'", "the cursor in a box")


def test_a_card_translated_and_saved_by_keyboard_opens_the_next_card_of_the_filtered_list(
    server: ServeProcess, browser: Browser, tiny_copy: Path, tmp_path: Path
) -> None:
    supply = tiny_copy / "supply.toml"
    browser.open(f"{server.url}/?deck=supply")
    assert "/card/pilot?deck=supply" in browser.run("document.querySelector('#rows').innerHTML")
    browser.open(f"{server.url}/card/spare-parts?deck=supply")
    browser.wait_for("document.activeElement.name === 'v.title.es'", "the cursor in the first text to translate")
    press(browser, "Tab")
    assert focused(browser) == "v.text.es", "Tab skips the original"
    assert browser.run("document.querySelector('textarea[name=\"v.text.en\"]').readOnly")
    _shot(browser, tmp_path, "workbench-keys-1280.png")
    press(browser, "PageDown", ALT)
    arrived(browser, "/card/pilot?deck=supply")  # the next card of the filtered list, in one key
    press(browser, "PageUp", ALT)
    arrived(browser, "/card/spare-parts?deck=supply")
    press(browser, "PageDown", ALT)
    arrived(browser, "/card/pilot?deck=supply")
    # type, then one chord: the text and the status saved in one edit, and on to the next card
    browser.run("document.querySelector('textarea[name=\"v.text.es\"]').focus()")
    browser.run("document.activeElement.select()")
    browser.send("Input.insertText", {"text": "*Pulso firme.* Mueve 1 sector más cuando vuelas."})
    press(browser, "Enter", CTRL | SHIFT)
    # pilot is the deck's last card: it stays, saved, and says so
    _message(browser, "Guardado: texto (es), estado (es).")
    assert 'text.es = "*Pulso firme.* Mueve 1 sector más cuando vuelas."' in _pilot(supply)
    assert 'status.es = "translated"' in _pilot(supply)
    assert "última carta de la lista" in browser.run("document.querySelector('.card-nav').innerText")


def test_save_and_next_keeps_the_filters_and_lands_in_the_text_to_translate(
    server: ServeProcess, browser: Browser, tiny_copy: Path
) -> None:
    supply = tiny_copy / "supply.toml"
    nav = tiny_copy / "nav.toml"
    browser.open(f"{server.url}/card/fuel-cell?status=reviewed")  # the list of reviewed cards only
    browser.wait_for("document.activeElement.name === 'v.title.es'", "the cursor in the title")
    press(browser, "Tab")
    browser.run("document.activeElement.select()")
    browser.send("Input.insertText", {"text": "Gana 2 {fuel} ahora."})
    press(browser, "Enter", CTRL)  # save and next
    # spare-parts and pilot are not reviewed: the next card of this list is storm, in the other deck
    arrived(browser, "/card/storm?status=reviewed")
    assert 'text.es = "Gana 2 {fuel} ahora."' in supply.read_text()
    assert focused(browser) == "v.title.es"
    press(browser, "Tab")
    browser.run("document.activeElement.select()")
    browser.send("Input.insertText", {"text": "Pierde 1 {fuel} ya."})
    press(browser, "Enter", ALT)  # mark reviewed and next: it is reviewed already, so it saves the text
    arrived(browser, "/card/reshuffle?status=reviewed")
    storm = nav.read_text().split('id = "reshuffle"')[0]
    assert 'text.es = "Pierde 1 {fuel} ya."' in storm and 'status.es = "reviewed"' in storm  # still reviewed
    assert browser.run("localStorage.length") == 0
    press(browser, "PageUp", ALT)
    arrived(browser, "/card/storm?status=reviewed")
    assert _value(browser, "text.es") == "Pierde 1 {fuel} ya."


def test_moving_with_unsaved_text_asks_first_and_keeps_it_as_a_draft(server: ServeProcess, browser: Browser) -> None:
    browser.open(f"{server.url}/card/fuel-cell")
    browser.send("Input.insertText", {"text": "Célula"})
    assert browser.run("localStorage.length") == 1
    key = {"type": "rawKeyDown", "key": "PageDown", "code": "PageDown", "windowsVirtualKeyCode": 34, "modifiers": ALT}
    dialogs = browser.leave("Input.dispatchKeyEvent", key)
    assert dialogs == ["beforeunload"]
    browser.wait_for("location.pathname === '/card/spare-parts' && document.readyState === 'complete'", "the next card")
    browser.open(f"{server.url}/card/fuel-cell")
    browser.wait_for("!document.querySelector('.draft-offer').hidden", "the draft offered back")


def test_the_keys_are_listed_on_the_page(server: ServeProcess, browser: Browser, tmp_path: Path) -> None:
    browser.open(f"{server.url}/card/pilot")
    assert browser.run("document.getElementById('keys').hidden")
    press(browser, "/", CTRL)
    assert not browser.run("document.getElementById('keys').hidden")
    listed = browser.run("document.getElementById('keys').innerText")
    assert "Guardar e ir a la siguiente carta" in listed and "Alt+PageDown" in listed.replace(" ", "")
    press(browser, "Escape")
    assert browser.run("document.getElementById('keys').hidden")


def test_a_suggestion_goes_into_the_box_with_one_chord(server: ServeProcess, browser: Browser, tiny_copy: Path) -> None:
    nav = tiny_copy / "nav.toml"
    nav.write_text(nav.read_text() + NEW_NAV)  # its original is reshuffle's with one word changed
    browser.open(f"{server.url}/card/squall")
    browser.wait_for("document.activeElement.name === 'v.title.es'", "the cursor in the empty title")
    press(browser, "Tab")
    assert focused(browser) == "v.text.es"
    panel = browser.run("document.querySelector('.suggest-for:not([hidden])').dataset.field")
    assert panel == "text", "the suggestions shown are the focused field's"
    browser.send(
        "Input.dispatchKeyEvent",
        {"type": "rawKeyDown", "key": "!", "code": "Digit1", "windowsVirtualKeyCode": 49, "modifiers": ALT | SHIFT},
    )
    assert _value(browser, "text.es") == "Baraja los descartes de nuevo en el mazo."
    assert browser.run("localStorage.length") == 1, "an inserted suggestion is unsaved text: kept as a draft"


def test_findings_and_glossary_hints_follow_the_text_as_typed_and_point_at_its_words_in_the_box(
    server: ServeProcess, browser: Browser, tiny_copy: Path, tmp_path: Path
) -> None:
    supply = tiny_copy / "supply.toml"
    before = supply.read_bytes()
    browser.open(f"{server.url}/card/fuel-cell")
    assert browser.run("document.querySelector('table.terms tr.ok') !== null"), "combustible is used"
    browser.run("document.querySelector('textarea[name=\"v.title.es\"]').select()")
    browser.send("Input.insertText", {"text": "Célula de gasolina"})  # a variant the glossary forbids
    browser.wait_for("document.querySelector('table.terms tr.bad') !== null", "the glossary hint, live")
    assert "gasolina" in browser.run("document.querySelector('table.terms tr.bad').innerText")
    mark = "document.querySelector('textarea[name=\"v.title.es\"]').previousElementSibling.querySelector('mark')"
    browser.wait_for(f"{mark} !== null", "the finding's words marked in the box")
    assert browser.run(f"{mark}.textContent") == "gasolina"
    box = browser.run(
        f"(() => {{ const m = {mark}.getBoundingClientRect(); const t = document.querySelector("
        "'textarea[name=\"v.title.es\"]').getBoundingClientRect();"
        " return m.left >= t.left && m.right <= t.right && m.top >= t.top && m.bottom <= t.bottom; })()"
    )
    assert box, "the mark is under the box's own words, not in a copy elsewhere"
    _shot(browser, tmp_path, "workbench-live-check.png")
    number = int(browser.run(f"{mark}.dataset.number"))
    browser.run(f"document.querySelectorAll('#findings ol.findings > li')[{number - 1}].click()")
    selected = browser.run(
        "(() => { const b = document.activeElement; return b.value.slice(b.selectionStart, b.selectionEnd); })()"
    )
    assert selected == "gasolina" and focused(browser) == "v.title.es"
    # emptied: the note says which text is still to translate, before any save
    browser.run("document.querySelector('textarea[name=\"v.text.es\"]').select()")
    browser.send("Input.insertText", {"text": " "})
    browser.wait_for("(document.querySelector('.empty-note') || {}).innerText", "the note of the empty text")
    assert "texto" in browser.run("document.querySelector('.empty-note').innerText")
    assert supply.read_bytes() == before, "nothing was saved: all of it from the text as typed"


def test_from_the_list_one_key_reaches_the_search_and_one_the_first_card_as_filtered(
    server: ServeProcess, browser: Browser
) -> None:
    browser.open(f"{server.url}/?deck=supply")
    press(browser, "/")
    assert focused(browser) == "q", "/ puts the cursor in the search box"
    browser.send("Input.insertText", {"text": "piloto"})
    press(browser, "Enter", CTRL)  # at once: the rows have not caught up with the search yet
    arrived(browser, "/card/pilot?deck=supply&q=piloto")
    browser.open(f"{server.url}/")
    press(browser, "?")
    listed = browser.run("document.getElementById('keys').innerText")
    assert "Abrir la primera carta de la lista filtrada" in listed and "Poner el cursor en la búsqueda" in listed
