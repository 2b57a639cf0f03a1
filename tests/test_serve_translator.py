"""pnp serve as a translator finds it: the list's filters kept everywhere it leads, the "not translated"
filter, the list's keys, findings naming fields as the form does, papers named as people write them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="pnp serve's extra is not installed: pip install 'pnp[serve]'")

from starlette.testclient import TestClient

from pnp.serve.app import create_app
from tests.test_serve import HOST, form_of


@pytest.fixture
def client(tiny_copy: Path) -> TestClient:
    return TestClient(create_app(tiny_copy, tiny_copy.parent / "output", hosts=(HOST,)))


def test_the_conflict_views_reload_link_keeps_the_lists_filters(client: TestClient, tiny_copy: Path) -> None:
    supply = tiny_copy / "supply.toml"
    form = form_of(client.get("/card/pilot", params={"deck": "supply", "status": "draft"}).text)
    supply.write_text(supply.read_text().replace("Mueve 1 sector adicional", "Mueve un sector más"))
    form["v.text.es"] = "Mueve 1 sector extra cuando vuelas."
    response = client.post("/card/pilot/save?deck=supply&status=draft", data=form)
    assert response.status_code == 409
    link = re.search(r'<a href="([^"]*)">reload the page</a>', response.text)
    assert link is not None and link.group(1) == "/card/pilot?deck=supply&amp;status=draft"


def test_findings_on_the_card_page_name_fields_as_the_form_does(tiny_copy: Path) -> None:
    from pnp.i18n import set_ui_language

    set_ui_language("es")
    supply = tiny_copy / "supply.toml"
    supply.write_text(supply.read_text().replace('text.es = "Gana 2 {fuel}."', 'text.es = "Gana 2 gasolina."'))
    client = TestClient(create_app(tiny_copy, tiny_copy.parent / "output", hosts=(HOST,)))
    page = client.get("/card/fuel-cell").text
    findings = re.search(r'<ol class="findings"[^>]*>(.*?)</ol>', page, re.S)
    assert findings is not None and "text/glossary" in findings.group(1)
    assert '<span class="field">texto (es)</span>: ' in findings.group(1)
    assert "<code>text.es</code>" not in page


def test_the_print_page_names_papers_as_people_write_them(tiny_copy: Path) -> None:
    from pnp.i18n import set_ui_language

    set_ui_language("es")
    client = TestClient(create_app(tiny_copy, tiny_copy.parent / "output", hosts=(HOST,)))
    page = client.get("/print").text
    assert '<option value="a4">A4</option><option value="letter">Carta</option>' in page


def test_not_translated_lists_cards_without_a_translation_or_not_marked_translated(
    client: TestClient, tiny_copy: Path
) -> None:
    supply = tiny_copy / "supply.toml"
    supply.write_text(supply.read_text().replace('text.es = "Gana 2 {fuel}."', 'text.es = ""'))  # still "reviewed"

    def shown(**query: str) -> set[str]:
        page = client.get("/", params=query).text
        return set(re.findall(r'<td><a href="/card/([a-z0-9-]+)(?:\?[^"]*)?">', page))

    untranslated = shown(status="untranslated")
    assert {"pilot", "fuel-cell"} <= untranslated  # a draft, and a card whose Spanish text is empty
    assert not {"spare-parts", "storm"} & untranslated  # translated, reviewed, with their Spanish
    assert "fuel-cell" not in shown(status="missing")  # it has its English text: "no text" is another filter
    page = client.get("/").text
    wanted = '<option value="untranslated" title="no text in es yet, or not marked translated">not translated (es)'
    assert wanted in page
    assert '<option value="missing">no text in any language</option>' in page


def test_the_first_card_of_the_filtered_list_is_one_address_away(client: TestClient) -> None:
    first = client.get("/first", params={"deck": "supply", "status": "draft"}, follow_redirects=False)
    assert first.status_code == 303 and first.headers["location"] == "/card/pilot?deck=supply&status=draft"
    assert client.get("/first", follow_redirects=False).headers["location"] == "/card/fuel-cell"
    none = client.get("/first", params={"q": "zzz-nothing"}, follow_redirects=False)
    assert none.headers["location"] == "/?q=zzz-nothing"  # no card matches: the list says so


def test_the_keys_panels_list_the_lists_keys_and_the_confirmation_of_a_review(tiny_copy: Path) -> None:
    from pnp.i18n import set_ui_language

    set_ui_language("es")
    client = TestClient(create_app(tiny_copy, tiny_copy.parent / "output", hosts=(HOST,)))
    listing = client.get("/").text
    assert '<section id="keys" class="keys" hidden>' in listing and 'src="/static/list.js"' in listing
    assert "<td><kbd>/</kbd> (fuera de un cuadro de texto)</td><td>Poner el cursor en la búsqueda</td>" in listing
    assert "<td><kbd>Ctrl</kbd>+<kbd>Enter</kbd></td><td>Abrir la primera carta de la lista filtrada</td>" in listing
    assert client.get("/static/list.js").status_code == 200
    card = client.get("/card/pilot").text
    assert "En una carta con errores, Alt+Enter pide confirmación primero" in card
