"""pnp serve keeps every typed byte: status buttons save the text with them, forms outlive a restart,
conflicts show both texts, a broken deck file is named, markup and long texts go through untouched.

The browser side of the same paths (drafts, errors beside the button) is in tests/test_serve_browser.py.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="pnp serve's extra is not installed: pip install 'pnp[serve]'")

from starlette.testclient import TestClient

from pnp.serve.app import create_app
from tests.test_serve import HOST, csrf, form_of

PILOT_TEXT = "*Manos firmes.* Mueve 1 sector adicional cuando vuelas."


def _client(pack: Path) -> TestClient:
    return TestClient(create_app(pack, pack.parent / "output", hosts=(HOST,)))


@pytest.fixture
def client(tiny_copy: Path) -> TestClient:
    return _client(tiny_copy)


def _status_form(page: str, to: str) -> dict[str, str]:
    """What a click on "Mark translated/reviewed" sends: the editor's texts and bases, the status and its base."""
    base = re.search(r'name="base" value="([a-p]+)"', page)
    assert base is not None
    return {**form_of(page), "to": to, "base": base.group(1)}


def _changed_lines(before: str, after: str) -> list[tuple[str, str]]:
    return [(a, b) for a, b in zip(before.splitlines(), after.splitlines(), strict=True) if a != b]


def _textarea(page: str, field: str) -> str:
    found = re.search(rf'<textarea name="v\.{re.escape(field)}"[^>]*>(.*?)</textarea>', page, re.S)
    assert found, field
    return html.unescape(found.group(1))


def test_mark_translated_saves_the_typed_text_and_the_status_in_one_edit(client: TestClient, tiny_copy: Path) -> None:
    supply = tiny_copy / "supply.toml"
    before = supply.read_text()
    form = _status_form(client.get("/card/pilot").text, "translated")
    form["v.text.es"] = "*Pulso firme.* Mueve 1 sector adicional cuando vuelas."
    response = client.post("/card/pilot/status", data=form)
    assert response.status_code == 200, response.text
    assert "Saved: text (es), status (es)." in response.text
    assert _changed_lines(before, supply.read_text()) == [
        (f'text.es = "{PILOT_TEXT}"', 'text.es = "*Pulso firme.* Mueve 1 sector adicional cuando vuelas."'),
        ('status.es = "draft"', 'status.es = "translated"'),
    ]
    # the card the answer shows is the file's: the text typed, the new status
    assert "Pulso firme" in _textarea(response.text, "text.es")
    assert "es status: translated" in response.text


def test_a_status_click_whose_text_conflicts_writes_nothing_and_keeps_both_texts(
    client: TestClient, tiny_copy: Path
) -> None:
    supply = tiny_copy / "supply.toml"
    form = _status_form(client.get("/card/pilot").text, "reviewed")
    theirs = supply.read_text().replace("Mueve 1 sector adicional", "Mueve un sector más")
    supply.write_text(theirs)  # an editor saves between the page's load and the click
    form["v.text.es"] = "*Manos firmes.* Mueve 1 sector extra cuando vuelas."
    response = client.post("/card/pilot/status", data=form)
    assert response.status_code == 409
    assert supply.read_text() == theirs, "neither the text nor the status may be written over a conflict"
    assert "Mueve un sector más" in response.text  # theirs, in the conflict view
    assert _textarea(response.text, "text.es") == "*Manos firmes.* Mueve 1 sector extra cuando vuelas."
    assert re.search(r'<textarea name="v\.text\.es"[^>]*data-unsaved="1"', response.text), "the page must know"


def test_a_status_click_with_an_emptied_text_is_refused_and_keeps_the_form(client: TestClient, tiny_copy: Path) -> None:
    supply = tiny_copy / "supply.toml"
    before = supply.read_bytes()
    form = _status_form(client.get("/card/pilot").text, "translated")
    form["v.title.es"] = "  "
    form["v.text.es"] = "Otro texto"
    response = client.post("/card/pilot/status", data=form)
    assert response.status_code == 422
    assert supply.read_bytes() == before
    assert _textarea(response.text, "text.es") == "Otro texto"
    assert "pnp never deletes a text" in response.text


def test_a_form_from_before_a_restart_saves_when_the_file_did_not_change(tiny_copy: Path) -> None:
    supply = tiny_copy / "supply.toml"
    first = _client(tiny_copy)
    form = form_of(first.get("/card/pilot").text)
    form["v.title.es"] = "Piloto experto"
    restarted = _client(tiny_copy)  # a new run: a new token, nothing kept in memory
    refused = restarted.post("/card/pilot/save", data=form)
    assert refused.status_code == 403 and refused.headers["x-pnp-stale-token"] == "1"
    assert "Piloto experto" not in supply.read_text()
    # what the page does then: fetch itself again for the new token, send the same texts and bases
    form["csrf"] = csrf(restarted.get("/card/pilot").text)
    response = restarted.post("/card/pilot/save", data=form)
    assert response.status_code == 200, response.text
    assert 'title.es = "Piloto experto"' in supply.read_text()


def test_a_form_from_before_a_restart_meets_a_conflict_when_the_file_changed(tiny_copy: Path) -> None:
    supply = tiny_copy / "supply.toml"
    form = form_of(_client(tiny_copy).get("/card/pilot").text)
    form["v.title.es"] = "Piloto experto"
    supply.write_text(supply.read_text().replace('title.es = "Piloto"', 'title.es = "Pilota"'))
    restarted = _client(tiny_copy)
    form["csrf"] = csrf(restarted.get("/card/pilot").text)
    response = restarted.post("/card/pilot/save", data=form)
    assert response.status_code == 409
    assert "Conflict in title (es)" in response.text
    assert "Pilota" in response.text and _textarea(response.text, "title.es") == "Piloto experto"
    assert 'title.es = "Pilota"' in supply.read_text()


def test_a_request_without_the_pages_token_is_refused_and_says_how_to_recover(
    client: TestClient, tiny_copy: Path
) -> None:
    before = (tiny_copy / "supply.toml").read_bytes()
    form = form_of(client.get("/card/pilot").text)
    form["v.title.es"] = "Pirata"
    del form["csrf"]
    for path in ("/card/pilot/save", "/card/pilot/status"):
        response = client.post(path, data={**form, "to": "translated"})
        assert response.status_code == 403
        assert "reload the page" in response.text
    # a page of another site that sends the form gets nothing, token or not
    evil = client.post(
        "/card/pilot/status", data={**form, "to": "translated"}, headers={"origin": "http://evil.example"}
    )
    assert evil.status_code == 403
    assert (tiny_copy / "supply.toml").read_bytes() == before


def test_a_save_into_broken_toml_names_the_file_and_line_and_writes_nothing(
    client: TestClient, tiny_copy: Path
) -> None:
    supply = tiny_copy / "supply.toml"
    form = form_of(client.get("/card/pilot").text)
    form["v.title.es"] = "Piloto experto"
    broken = supply.read_text().replace("cost = 100", "cost = = 100", 1)
    supply.write_text(broken)
    for path in ("/card/pilot/save", "/card/pilot/status"):
        response = client.post(path, data={**form, "to": "translated"}, headers={"hx-request": "true"})
        assert response.status_code == 409, response.text
        message = html.unescape(re.search(r"<h1>(.*?)</h1>", response.text, re.S).group(1))  # type: ignore[union-attr]
        assert "nothing was saved" in message
        assert "supply.toml line 9: not valid TOML" in message
        assert supply.read_text() == broken
    supply.write_text(broken.replace("cost = = 100", "cost = 100"))
    assert client.post("/card/pilot/save", data=form).status_code == 200  # fixed: the same form saves
    assert 'title.es = "Piloto experto"' in supply.read_text()


@pytest.mark.parametrize(
    "text",
    ["<script>alert(1)</script>", "{{ 7*7 }} {% if %}", "</textarea><b>x</b>", 'comillas "dobles" y \\ barra'],
)
def test_markup_in_a_field_is_saved_byte_for_byte_and_shown_as_text(
    client: TestClient, tiny_copy: Path, text: str
) -> None:
    form = _status_form(client.get("/card/pilot").text, "translated")
    form["v.title.es"] = text
    response = client.post("/card/pilot/status", data=form)
    assert response.status_code == 200, response.text
    assert _textarea(response.text, "title.es") == text
    assert "<script>alert" not in response.text and "</textarea><b>" not in response.text
    from pnp.load import load_pack

    pack = load_pack(tiny_copy).pack
    assert pack is not None and pack.cards()["pilot"].title["es"] == text


def test_a_text_of_fifty_thousand_characters_is_refused_with_the_limit_and_kept_in_the_form(
    client: TestClient, tiny_copy: Path
) -> None:
    supply = tiny_copy / "supply.toml"
    before = supply.read_bytes()
    text = ("Añade una ficha de daño y mueve tu nave. " * 1250)[:50000]
    form = _status_form(client.get("/card/pilot").text, "translated")
    form["v.text.es"] = text
    for path in ("/card/pilot/save", "/card/pilot/status"):
        response = client.post(path, data=form)
        assert response.status_code == 422
        assert "the text is 50,000 characters long; the limit is 5,000" in response.text
        assert "a bug in pnp" not in response.text
        assert _textarea(response.text, "text.es") == text  # every byte still in the form
        assert supply.read_bytes() == before


def test_two_saves_of_one_form_in_turn_write_once_and_say_so(client: TestClient, tiny_copy: Path) -> None:
    """A double click (or a save racing its own retry): the second finds the file already saying it."""
    supply = tiny_copy / "supply.toml"
    form = form_of(client.get("/card/pilot").text)
    form["v.title.es"] = "Piloto experto"
    assert client.post("/card/pilot/save", data=form).status_code == 200
    after = supply.read_bytes()
    again = client.post("/card/pilot/save", data=form)
    assert again.status_code == 200 and "Nothing to save: the file already says this." in again.text
    assert supply.read_bytes() == after


# --- review only what was seen ------------------------------------------------------------------


def test_marking_reviewed_over_a_text_changed_on_disk_is_a_conflict_not_a_silent_review(
    client: TestClient, tiny_copy: Path
) -> None:
    supply = tiny_copy / "supply.toml"
    page = client.get("/card/pilot").text
    theirs = supply.read_text().replace("Mueve 1 sector adicional", "Avanza 1 sector adicional")
    supply.write_text(theirs)  # another tab saves the text this page shows, untouched here
    response = client.post("/card/pilot/status", data=_status_form(page, "reviewed"))
    assert response.status_code == 409
    assert supply.read_text() == theirs, "the card must not be marked reviewed for a text nobody here read"
    assert "This page showed:" in response.text and PILOT_TEXT in response.text
    assert "Avanza 1 sector adicional" in _textarea(response.text, "text.es")  # the form now shows the file
    assert "data-unsaved" not in response.text  # nothing typed here: nothing to keep as a draft
    # read now: the same click marks it
    again = client.post("/card/pilot/status", data=_status_form(response.text, "reviewed"))
    assert again.status_code == 200, again.text
    pilot = supply.read_text().split('id = "pilot"')[1]
    assert 'status.es = "reviewed"' in pilot and "Avanza 1 sector adicional" in pilot


def test_a_plain_save_keeps_a_field_changed_on_disk_that_the_page_did_not_touch(
    client: TestClient, tiny_copy: Path
) -> None:
    supply = tiny_copy / "supply.toml"
    form = form_of(client.get("/card/pilot").text)
    supply.write_text(supply.read_text().replace("Mueve 1 sector adicional", "Avanza 1 sector adicional"))
    form["v.title.es"] = "Piloto experto"
    assert client.post("/card/pilot/save", data=form).status_code == 200
    pilot = supply.read_text().split('id = "pilot"')[1]
    assert 'title.es = "Piloto experto"' in pilot and "Avanza 1 sector adicional" in pilot


def test_marking_a_card_with_errors_reviewed_names_them_and_asks_first(client: TestClient, tiny_copy: Path) -> None:
    supply = tiny_copy / "supply.toml"
    before = supply.read_bytes()
    form = _status_form(client.get("/card/pilot").text, "reviewed")
    form["v.text.es"] = "*Manos firmes.* Mueve 3 sectores adicionales cuando vuelas."  # the original says 1
    asked = client.post("/card/pilot/status", data=form)
    assert asked.status_code == 200
    assert supply.read_bytes() == before, "nothing is written before the person confirms"
    panel = asked.text.split('<div class="confirm-review"')[1].split("</div>")[0]
    assert "Mark reviewed anyway" in panel
    assert "text/numbers" in panel and "numbers differ from the original" in panel  # which error, by name
    assert _textarea(asked.text, "text.es") == form["v.text.es"]  # the typed text stays in the form
    assert "Mark translated" in asked.text  # the other buttons are still there
    confirm = re.search(r'name="confirm" value="([0-9a-f]+)"', asked.text)
    assert confirm is not None
    # a confirmation for other errors than these does not count
    assert client.post("/card/pilot/status", data={**form, "confirm": "0" * 16}).status_code == 200
    assert supply.read_bytes() == before
    done = client.post("/card/pilot/status", data={**form, "confirm": confirm.group(1)})
    assert done.status_code == 200 and "Saved: text (es), status (es)." in done.text, re.findall(
        r"<li class=\"error\".*?</li>", done.text
    )
    pilot = supply.read_text().split('id = "pilot"')[1]
    assert 'status.es = "reviewed"' in pilot and "Mueve 3 sectores" in pilot


def test_marking_a_card_without_errors_reviewed_asks_nothing(client: TestClient, tiny_copy: Path) -> None:
    response = client.post("/card/pilot/status", data=_status_form(client.get("/card/pilot").text, "reviewed"))
    assert response.status_code == 200 and "confirm-review" not in response.text
    assert 'status.es = "reviewed"' in (tiny_copy / "supply.toml").read_text().split('id = "pilot"')[1]


def test_a_note_on_a_text_is_saved_in_the_pack_beside_the_card_and_markup_in_it_stays_text(tiny_copy: Path) -> None:
    from starlette.testclient import TestClient

    from pnp.serve.app import create_app

    client = TestClient(create_app(tiny_copy, tiny_copy.parent / "output", hosts=("testserver",)))
    supply = tiny_copy / "supply.toml"
    page = client.get("/card/fuel-cell").text
    assert 'name="v.comment.text.es"' in page
    token = re.search(r'name="csrf" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    base = re.search(r'name="b.comment.text.es" value="([^"]*)"', page).group(1)  # type: ignore[union-attr]
    note = "¿«Gana» o «Recibe»? <script>alert(1)</script> **no**"
    # a note is not a text of the card: a reviewed card stays reviewed
    saved = client.post(
        "/card/fuel-cell/save", data={"csrf": token, "v.comment.text.es": note, "b.comment.text.es": base}
    )
    assert saved.status_code == 200, saved.text
    text = supply.read_text()
    fuel = text.split('id = "spare-parts"')[0]
    assert 'comment.text.es = "¿«Gana» o «Recibe»? <script>alert(1)</script> **no**"' in fuel
    assert 'status.es = "reviewed"' in fuel, "a note does not undo a review"
    assert (
        "<script>alert(1)</script>" not in saved.text and "&lt;script&gt;alert(1)&lt;/script&gt; **no**" in saved.text
    )
    assert '<details class="comments" open>' in saved.text
