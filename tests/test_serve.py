"""pnp serve: the workbench's pages, saving, conflicts, glossary fixes, builds and its guards."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

pytest.importorskip("starlette", reason="pnp serve's extra is not installed: pip install 'pnp[serve]'")

from starlette.testclient import TestClient

from pnp.cli import main
from pnp.serve.app import create_app

HOST = "testserver"


@pytest.fixture
def client(tiny_copy: Path) -> TestClient:
    return TestClient(create_app(tiny_copy, tiny_copy.parent / "output", hosts=(HOST,)))


def csrf(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page) or re.search(r'"X-CSRF-Token": "([^"]+)"', page)
    assert found, "no CSRF token in the page"
    return found.group(1)


def form_of(page: str) -> dict[str, str]:
    """The editor's fields as the page holds them: v.<field> and b.<field>, and the token."""
    values = {
        f"v.{m.group(1)}": _unescape(m.group(2))
        for m in re.finditer(r'<textarea name="v\.([^"]+)"[^>]*>(.*?)</textarea>', page, re.S)
    }
    bases = {f"b.{m.group(1)}": m.group(2) for m in re.finditer(r'name="b\.([^"]+)" value="([^"]*)"', page)}
    return {**values, **bases, "csrf": csrf(page)}


def _unescape(text: str) -> str:
    import html

    return html.unescape(text)


def save(client: TestClient, card: str, form: dict[str, str]) -> tuple[int, str]:
    response = client.post(f"/card/{card}/save", data=form)
    return response.status_code, response.text


# --- the list -----------------------------------------------------------------------------------


def test_the_list_shows_every_card_with_deck_status_findings_and_thumbnail(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    for card in ("fuel-cell", "spare-parts", "pilot"):
        assert f'href="/card/{card}"' in page.text
        assert f'src="/thumb/{card}.png?v=' in page.text
    assert '<span class="status reviewed">reviewed</span>' in page.text
    assert "The box" in page.text
    thumb = re.search(r'src="(/thumb/fuel-cell\.png\?v=[0-9a-f]+-\d+)"', page.text)
    assert thumb is not None
    image = client.get(thumb.group(1))
    assert image.status_code == 200 and image.content.startswith(b"\x89PNG")


def test_the_list_filters_by_deck_type_status_finding_and_words_in_either_language(client: TestClient) -> None:
    def shown(**query: str) -> set[str]:
        page = client.get("/", params=query).text
        return set(re.findall(r'<td><a href="/card/([a-z0-9-]+)(?:\?[^"]*)?">', page))

    everything = shown()
    assert {"fuel-cell", "spare-parts", "pilot"} <= everything
    supply = shown(deck="supply")
    assert "fuel-cell" in supply and supply < everything
    assert "pilot" in shown(type="crew") and "fuel-cell" not in shown(type="crew")
    reviewed = shown(status="reviewed")
    assert "fuel-cell" in reviewed and not {"pilot", "spare-parts"} & reviewed
    assert "spare-parts" in shown(status="translated") and "pilot" in shown(status="draft")
    assert shown(q="Repuestos") == {"spare-parts"}  # Spanish
    assert shown(q="spare") == {"spare-parts"}  # English
    assert shown(q="celula") == {"fuel-cell"}  # without the accent
    assert shown(q="zzz-nothing") == set()


def test_the_finding_filter_lists_the_cards_with_that_finding(client: TestClient, tiny_copy: Path) -> None:
    supply = tiny_copy / "supply.toml"
    supply.write_text(supply.read_text().replace('text.es = "Gana 2 {fuel}."', 'text.es = "Gana 2 gasolina."'))
    page = client.get("/").text
    assert 'value="text/glossary"' in page
    cards = re.findall(
        r'<td><a href="/card/([a-z0-9-]+)(?:\?[^"]*)?">', client.get("/", params={"code": "text/glossary"}).text
    )
    assert "fuel-cell" in cards


# --- the card page --------------------------------------------------------------------------


def test_the_card_page_shows_both_languages_the_drawn_card_its_terms_and_findings(
    client: TestClient, tiny_copy: Path
) -> None:
    supply = tiny_copy / "supply.toml"
    supply.write_text(supply.read_text().replace('text.es = "Gana 2 {fuel}."', 'text.es = "Gana 2 gasolina."'))
    page = client.get("/card/fuel-cell").text
    assert 'name="v.text.en"' in page and 'name="v.text.es"' in page
    assert ">Gana 2 gasolina.</textarea>" in page
    assert '<img class="card-image"' in page and "data:image/png;base64," in page
    assert "<td>Fuel</td><td><strong>combustible</strong></td>" in page  # the glossary term of the original
    assert '<mark class="warning">gasolina</mark>' in page  # the finding where it is
    assert "text/glossary" in page


def test_a_card_that_does_not_exist_is_404_and_changes_nothing(client: TestClient, tiny_copy: Path) -> None:
    before = (tiny_copy / "supply.toml").read_bytes()
    assert client.get("/card/no-such-card").status_code == 404
    token = csrf(client.get("/").text)
    assert client.post("/card/no-such-card/save", data={"csrf": token, "v.text.es": "x"}).status_code == 404
    assert client.post("/card/no-such-card/status", data={"csrf": token, "to": "reviewed"}).status_code == 404
    assert client.get("/thumb/no-such-card.png").status_code == 404
    assert (tiny_copy / "supply.toml").read_bytes() == before


@pytest.mark.slow
def test_the_preview_draws_the_unsaved_text(client: TestClient) -> None:
    form = form_of(client.get("/card/spare-parts").text)
    first = client.post("/card/spare-parts/preview", data=form).text
    form["v.text.es"] = "Un texto nuevo, mucho más largo que el de antes, para que la carta cambie a la vista."
    second = client.post("/card/spare-parts/preview", data=form).text
    images = [re.search(r"data:image/png;base64,([A-Za-z0-9+/=]+)", page) for page in (first, second)]
    assert images[0] and images[1] and images[0].group(1) != images[1].group(1)


# --- saving ---------------------------------------------------------------------------------


@pytest.mark.slow
def test_saving_changes_only_the_value(client: TestClient, tiny_copy: Path) -> None:
    supply = tiny_copy / "supply.toml"
    before = supply.read_text()
    form = form_of(client.get("/card/spare-parts").text)
    form["v.text.es"] = "Gana 1 {parts}.\r\n\r\n**Descarta** esta carta para arreglar tu nave."  # a browser's \r\n
    status, page = save(client, "spare-parts", form)
    assert status == 200, page
    assert "Saved: text (es)." in page
    after = supply.read_text()
    changed = [(a, b) for a, b in zip(before.splitlines(), after.splitlines(), strict=True) if a != b]
    assert changed == [
        (
            'text.es = "Gana 1 {parts}.\\n\\n**Descarta** esta carta para reparar tu nave."',
            'text.es = "Gana 1 {parts}.\\n\\n**Descarta** esta carta para arreglar tu nave."',
        )
    ]


@pytest.mark.slow
def test_a_reviewed_card_whose_translation_changes_is_translated_again(client: TestClient, tiny_copy: Path) -> None:
    form = form_of(client.get("/card/fuel-cell").text)
    form["v.text.es"] = "Obtén 2 {fuel}."
    status, page = save(client, "fuel-cell", form)
    assert status == 200, page
    text = (tiny_copy / "supply.toml").read_text()
    assert 'text.es = "Obtén 2 {fuel}."' in text
    assert 'status.es = "translated"' in text.split('id = "spare-parts"')[0]


@pytest.mark.slow
def test_a_text_changed_on_disk_since_the_page_loaded_is_a_conflict_never_overwritten(
    client: TestClient, tiny_copy: Path
) -> None:
    supply = tiny_copy / "supply.toml"
    form = form_of(client.get("/card/pilot").text)
    theirs = supply.read_text().replace("Mueve 1 sector adicional", "Mueve un sector más")
    supply.write_text(theirs)  # an editor saves meanwhile
    form["v.text.es"] = "*Manos firmes.* Mueve 1 sector extra cuando vuelas."
    status, page = save(client, "pilot", form)
    assert status == 409
    assert "Conflict in text (es)" in page
    assert "Mueve un sector más" in page and "Mueve 1 sector extra" in page
    assert supply.read_text() == theirs
    # the form now holds the text on disk as its base: saving again replaces it, knowingly
    status, page = save(client, "pilot", form_of(page))
    assert status == 200, page
    assert "Mueve 1 sector extra" in supply.read_text()


@pytest.mark.slow
def test_two_tabs_editing_one_card_get_a_conflict_not_a_lost_edit(client: TestClient, tiny_copy: Path) -> None:
    tab1 = form_of(client.get("/card/pilot").text)
    tab2 = form_of(client.get("/card/pilot").text)
    tab1["v.title.es"] = "Piloto experto"
    tab2["v.title.es"] = "Pilota"
    assert save(client, "pilot", tab1)[0] == 200
    status, page = save(client, "pilot", tab2)
    assert status == 409 and "Piloto experto" in page
    assert 'title.es = "Piloto experto"' in (tiny_copy / "supply.toml").read_text()


@pytest.mark.slow
def test_an_edit_of_another_card_on_disk_is_kept_when_saving(client: TestClient, tiny_copy: Path) -> None:
    supply = tiny_copy / "supply.toml"
    form = form_of(client.get("/card/pilot").text)
    supply.write_text(supply.read_text().replace('title.es = "Repuestos"', 'title.es = "Recambios"'))
    form["v.title.es"] = "Piloto experto"
    assert save(client, "pilot", form)[0] == 200
    text = supply.read_text()
    assert 'title.es = "Recambios"' in text and 'title.es = "Piloto experto"' in text


def test_a_field_that_does_not_exist_is_404_and_changes_nothing(client: TestClient, tiny_copy: Path) -> None:
    before = (tiny_copy / "supply.toml").read_bytes()
    form = form_of(client.get("/card/pilot").text)
    for name in ("v.cost.es", "v.text.xx", "v.../pack.toml", "v.status.en"):
        status, _ = save(client, "pilot", {**form, name: "x"})
        assert status == 404, name
    assert (tiny_copy / "supply.toml").read_bytes() == before


@pytest.mark.slow
def test_mark_translated_and_reviewed(client: TestClient, tiny_copy: Path) -> None:
    page = client.get("/card/pilot").text
    base = re.search(r'name="base" value="([a-p]+)"', page)
    assert base is not None
    response = client.post("/card/pilot/status", data={"csrf": csrf(page), "to": "translated", "base": base.group(1)})
    assert response.status_code == 200, response.text
    pilot = (tiny_copy / "supply.toml").read_text().split('id = "pilot"')[1]
    assert 'status.es = "translated"' in pilot
    page = response.text
    base = re.search(r'name="base" value="([a-p]+)"', page)
    assert base is not None
    client.post("/card/pilot/status", data={"csrf": csrf(page), "to": "reviewed", "base": base.group(1)})
    assert 'status.es = "reviewed"' in (tiny_copy / "supply.toml").read_text().split('id = "pilot"')[1]
    listed = client.get("/", params={"status": "reviewed"}).text
    assert 'href="/card/pilot?status=reviewed"' in listed  # the card opened from the list keeps its filter


# --- glossary -----------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_glossary_fix_is_previewed_then_applied(client: TestClient, tiny_copy: Path) -> None:
    supply = tiny_copy / "supply.toml"
    before = supply.read_bytes()
    page = client.get("/glossary").text
    assert "combustible" in page and 'href="/card/fuel-cell"' in page  # the term, and the card using it
    preview = client.post("/glossary/preview", data={"csrf": csrf(page), "fixes": "Descarta >> Desecha"})
    assert preview.status_code == 200
    assert "<del>Descarta</del><ins>Desecha</ins>" in preview.text
    assert supply.read_bytes() == before  # a preview writes nothing
    digest = re.search(r'name="digest" value="([0-9a-f]+)"', preview.text)
    assert digest is not None
    applied = client.post(
        "/glossary/apply", data={"csrf": csrf(page), "fixes": "Descarta >> Desecha", "digest": digest.group(1)}
    )
    assert "Applied: 1 changes in 2 files." in applied.text
    assert "**Desecha** esta carta" in supply.read_text()
    assert '"Descarta"' in (tiny_copy / "glossary.toml").read_text()  # recorded as forbidden


@pytest.mark.slow
def test_a_glossary_fix_applied_after_the_pack_changed_asks_for_a_new_preview(
    client: TestClient, tiny_copy: Path
) -> None:
    token = csrf(client.get("/glossary").text)
    preview = client.post("/glossary/preview", data={"csrf": token, "fixes": "Descarta >> Desecha"}).text
    digest = re.search(r'name="digest" value="([0-9a-f]+)"', preview)
    assert digest is not None
    supply = tiny_copy / "supply.toml"
    supply.write_text(supply.read_text().replace("para reparar tu nave", "para arreglar tu nave"))
    changed = supply.read_bytes()
    applied = client.post("/glossary/apply", data={"csrf": token, "fixes": "Descarta >> Desecha", "digest": digest[1]})
    assert "The pack changed since this preview" in applied.text
    assert supply.read_bytes() == changed


# --- printing -----------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_build_from_the_page_shows_progress_and_links_its_pdfs(client: TestClient) -> None:
    page = client.get("/print").text
    started = client.post("/print", data={"csrf": csrf(page), "deck": "supply", "paper": "a4", "duplex": "long"})
    assert started.status_code == 200, started.text
    job = re.search(r'hx-get="/jobs/(\d+)"', started.text) or re.search(r"Build (\d+):", started.text)
    assert job is not None
    for _ in range(600):  # bounded: the build of three cards finishes long before
        state = client.get(f"/jobs/{job.group(1)}").text
        if 'hx-trigger="every' not in state:
            break
        import time

        time.sleep(0.1)
    assert "<progress" in state and "Done:" in state, state
    link = re.search(r'href="(/files/[^"]+\.pdf)"', state)
    assert link is not None
    pdf = client.get(link.group(1))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_a_build_with_a_bad_option_is_refused(client: TestClient) -> None:
    token = csrf(client.get("/print").text)
    assert client.post("/print", data={"csrf": token, "deck": "../supply"}).status_code == 404
    assert client.post("/print", data={"csrf": token, "paper": "a0"}).status_code == 404
    assert client.post("/print", data={"csrf": token, "bleed": "40mm"}).status_code == 422


# --- guards -------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    "path",
    [
        "/files/../../tiny/supply.toml",
        "/files/%2e%2e/%2e%2e/tiny/supply.toml",
        "/files/..%2f..%2ftiny%2fsupply.toml",
        "/files//etc/passwd",
        "/card/..%2fsupply.toml",
        "/thumb/..%2f..%2fsupply.png",
        "/static/../app.py",
    ],
)
def test_a_path_in_a_request_never_leaves_its_folder(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404, path
    assert "[[card]]" not in response.text and "root:" not in response.text


@pytest.mark.slow
def test_a_write_without_this_runs_token_or_from_another_site_is_refused(client: TestClient, tiny_copy: Path) -> None:
    before = (tiny_copy / "supply.toml").read_bytes()
    form = form_of(client.get("/card/pilot").text)
    form["v.title.es"] = "Pirata"
    assert save(client, "pilot", {k: v for k, v in form.items() if k != "csrf"})[0] == 403
    assert save(client, "pilot", {**form, "csrf": "guessed"})[0] == 403
    evil = client.post("/card/pilot/save", data=form, headers={"origin": "http://evil.example"})
    assert evil.status_code == 403
    cross = client.post("/card/pilot/save", data=form, headers={"sec-fetch-site": "cross-site"})
    assert cross.status_code == 403
    assert (tiny_copy / "supply.toml").read_bytes() == before
    assert save(client, "pilot", form)[0] == 200  # the same form from the page itself


def test_another_host_name_is_refused(client: TestClient) -> None:
    assert client.get("/", headers={"host": "attacker.example"}).status_code == 421


@pytest.mark.slow
def test_with_an_access_token_only_browsers_that_bring_it_get_in(tiny_copy: Path) -> None:
    client = TestClient(create_app(tiny_copy, tiny_copy.parent / "output", hosts=("*",), access_token="s3cret"))
    assert client.get("/").status_code == 403
    entered = client.get("/?token=s3cret", follow_redirects=False)
    assert entered.status_code == 303 and "pnp_access=s3cret" in entered.headers["set-cookie"]
    assert client.get("/").status_code == 200  # the cookie carries it from now on


@pytest.mark.slow
def test_pack_text_is_escaped_everywhere(client: TestClient, tiny_copy: Path) -> None:
    supply = tiny_copy / "supply.toml"
    supply.write_text(supply.read_text().replace('title.es = "Repuestos"', 'title.es = "<script>alert(1)</script>"'))
    for path in ("/", "/card/spare-parts", "/glossary"):
        page = client.get(path).text
        assert "<script>alert(1)" not in page, path
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in client.get("/card/spare-parts").text


def test_pages_carry_a_content_security_policy(client: TestClient) -> None:
    headers = client.get("/").headers
    assert "script-src 'self'" in headers["content-security-policy"]
    assert headers["x-frame-options"] == "DENY"


def test_a_pack_that_does_not_load_shows_its_findings_on_the_page(client: TestClient, tiny_copy: Path) -> None:
    supply = tiny_copy / "supply.toml"
    supply.write_text(supply.read_text().replace("cost = 100", 'cost = "cien"'))
    page = client.get("/")
    assert page.status_code == 200
    assert "The pack cannot be opened" in page.text and "supply.toml" in page.text
    assert "Traceback" not in page.text
    assert client.get("/card/fuel-cell").status_code == 404
    supply.write_text(supply.read_text().replace('cost = "cien"', "cost = 100"))
    assert "The pack cannot be opened" not in client.get("/").text  # fixed on disk: the page reloads it


# --- history ------------------------------------------------------------------------------------


def _git(folder: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=Ana", "-c", "user.email=ana@example.org", *args],
        cwd=folder,
        check=True,
        capture_output=True,
    )


@pytest.mark.slow
def test_the_card_history_shows_each_commit_word_by_word(client: TestClient, tiny_copy: Path) -> None:
    _git(tiny_copy, "init", "-q")
    _git(tiny_copy, "add", ".")
    _git(tiny_copy, "commit", "-q", "-m", "first")
    supply = tiny_copy / "supply.toml"
    supply.write_text(supply.read_text().replace("Mueve 1 sector adicional", "Mueve un sector más"))
    _git(tiny_copy, "commit", "-q", "-am", "better Spanish")
    supply.write_text(supply.read_text().replace('title.es = "Piloto"', 'title.es = "Pilota"'))
    page = client.get("/card/pilot/history").text
    assert "Not committed yet" in page and "<del>Piloto</del><ins>Pilota</ins>" in page
    assert '<td class="f">title (es)</td>' in page and '<td class="f">title.es</td>' not in page  # no raw keys
    assert "better Spanish" in page and "<del>1</del>" in page and "<ins>un</ins>" in page
    assert "The card appears." in page
    assert "No history: the pack is not in a git repository." not in page


# --- the command --------------------------------------------------------------------------------


def test_serve_without_its_extra_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch, tiny_copy: Path) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    result = CliRunner().invoke(main, ["serve", str(tiny_copy)])
    assert result.exit_code == 2
    assert "pip install 'pnp[serve]'" in result.output


def test_serve_help_says_how_to_start_it() -> None:
    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0 and "pnp serve cards/blue-sun" in result.output


@pytest.mark.slow
def test_after_a_save_the_findings_are_those_of_a_fresh_start(client: TestClient, tiny_copy: Path) -> None:
    from pnp.serve.workbench import Workbench

    form = form_of(client.get("/card/spare-parts").text)
    form["v.text.es"] = "Gana 1 {parts}  de gasolina.\n\n**Descarta** esta carta para reparar tu nave."
    status, page = save(client, "spare-parts", form)
    assert status == 200, page
    assert '<mark class="warning">gasolina</mark>' in page  # the new finding, in place
    workbench = client.app.state.workbench  # type: ignore[attr-defined]
    fresh = Workbench(tiny_copy, tiny_copy.parent / "output")
    assert sorted(workbench.findings, key=repr) == sorted(fresh.findings, key=repr)


@pytest.mark.slow
@pytest.mark.parametrize("pack", ["blue-sun", "bsg", "lotr-sailing"])
def test_every_bundled_pack_opens_in_the_workbench(pack: str, tmp_path: Path) -> None:
    root = Path(__file__).resolve().parent.parent / "cards" / pack
    client = TestClient(create_app(root, tmp_path / "output", hosts=(HOST,)))
    listed = client.get("/")
    assert listed.status_code == 200 and "The pack cannot be opened" not in listed.text
    first = re.search(r'<td><a href="/card/([a-z0-9-]+)">', listed.text)
    assert first is not None
    page = client.get(f"/card/{first.group(1)}")
    assert page.status_code == 200 and "data:image/png;base64," in page.text
    assert client.get("/glossary").status_code == 200 and client.get("/print").status_code == 200


@pytest.mark.slow
def test_serve_listens_on_this_computer_unless_told_and_then_prints_a_token(
    monkeypatch: pytest.MonkeyPatch, tiny_copy: Path
) -> None:
    import uvicorn

    import pnp.cli.serve

    calls: list[dict[str, object]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: calls.append({"app": app, **options}))
    monkeypatch.setattr(pnp.cli.serve, "_cannot_listen", lambda host, port: None)  # no real port taken
    local = CliRunner().invoke(main, ["serve", str(tiny_copy), "--port", "9123"])
    assert local.exit_code == 0, local.output
    assert "open http://127.0.0.1:9123/ " in local.output and "token" not in local.output
    assert calls[-1]["host"] == "127.0.0.1"
    settings = calls[-1]["app"].state.settings  # type: ignore[attr-defined]
    assert settings.access_token is None and "attacker.example" not in settings.hosts
    shared = CliRunner().invoke(main, ["serve", str(tiny_copy), "--host", "0.0.0.0"])
    assert shared.exit_code == 0, shared.output
    token = calls[-1]["app"].state.settings.access_token  # type: ignore[attr-defined]
    assert token and f"http://0.0.0.0:8765/?token={token}" in shared.output
    assert calls[-1]["host"] == "0.0.0.0"


@pytest.mark.slow
def test_the_preview_shows_the_findings_of_the_unsaved_text(client: TestClient, tiny_copy: Path) -> None:
    before = (tiny_copy / "supply.toml").read_bytes()
    form = form_of(client.get("/card/fuel-cell").text)
    form["v.text.es"] = "Gana 2 gasolina."
    page = client.post("/card/fuel-cell/preview", data=form).text
    assert '<div id="findings" hx-swap-oob="true">' in page
    assert '<mark class="warning">gasolina</mark>' in page and "text/glossary" in page
    # the words in the box as typed (characters 7-15 of "Gana 2 gasolina."), for its mirror, and the hint
    marks = json.loads(_unescape(re.search(r'class="box-marks" data-marks="([^"]*)"', page).group(1)))  # type: ignore[union-attr]
    assert [m[:3] for m in marks["text.es"]] == [[7, 15, "warning"]]
    assert '<tr class="bad"><td>Fuel</td>' in page and "✗ uses gasolina" in page
    form["v.text.es"] = "Gana 2 {fuel}."
    again = client.post("/card/fuel-cell/preview", data=form).text
    assert "text/glossary" not in again and "✓ used" in again and 'data-marks="{}"' in again
    assert (tiny_copy / "supply.toml").read_bytes() == before


@pytest.mark.slow
def test_the_card_page_leads_to_printing_its_deck(client: TestClient) -> None:
    page = client.get("/card/pilot").text
    link = re.search(r'href="(/print\?deck=[a-z0-9-]+)"', page)
    assert link is not None
    assert re.search(r'<option value="supply" selected>', client.get(link.group(1)).text)


@pytest.mark.slow
def test_new_art_under_the_same_name_gives_new_thumbnails(client: TestClient, tiny_copy: Path) -> None:
    from PIL import Image

    def thumb() -> tuple[str, bytes]:
        found = re.search(r'src="(/thumb/spare-parts\.png\?v=[^"]+)"', client.get("/").text)
        assert found is not None
        return found.group(1), client.get(found.group(1)).content

    before = thumb()
    art = tiny_copy / "art" / "spare-parts.png"
    size = Image.open(art).size
    Image.new("RGB", size, (200, 20, 20)).save(art)
    after = thumb()
    assert after[0] != before[0] and after[1] != before[1]


@pytest.mark.slow
def test_every_word_of_the_pages_goes_through_gettext(monkeypatch: pytest.MonkeyPatch, tiny_copy: Path) -> None:
    from pnp.serve import app, card_pages, glossary_pages, print_pages, site

    for module in (app, card_pages, glossary_pages, print_pages, site):  # site gives the templates theirs
        monkeypatch.setattr(module, "_", lambda message: f"«{message}»")
    client = TestClient(create_app(tiny_copy, tiny_copy.parent / "output", hosts=(HOST,)))
    listed = client.get("/").text
    assert "«Cards»" in listed and "«The box»" in listed and "«no text in any language»" in listed
    page = client.get("/card/pilot").text
    assert "«Save»" in page and "«Mark reviewed»" in page and "«Findings»" in page
    form = form_of(page)
    form["v.title.es"] = "Piloto experto"
    assert "«Saved: title (es).»" in save(client, "pilot", form)[1]  # translated, then filled in
    assert "«Glossary»" in client.get("/glossary").text and "«Build the PDFs»" in client.get("/print").text


def test_serve_on_a_port_in_use_says_so_before_loading(tiny_copy: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", str(tiny_copy), "--port", str(port)])
    assert result.exit_code == 2
    assert f"cannot listen on 127.0.0.1 port {port}" in result.output and "--port" in result.output


@pytest.mark.slow
def test_two_tabs_editing_different_fields_of_one_card_both_save(client: TestClient, tiny_copy: Path) -> None:
    tab1 = form_of(client.get("/card/pilot").text)
    tab2 = form_of(client.get("/card/pilot").text)
    tab1["v.title.es"] = "Piloto experto"
    tab2["v.text.es"] = "*Manos firmes.* Mueve un sector más cuando vuelas."
    assert save(client, "pilot", tab1)[0] == 200
    status, page = save(client, "pilot", tab2)  # its title is as the page showed it: not an edit
    assert status == 200, page
    text = (tiny_copy / "supply.toml").read_text()
    assert 'title.es = "Piloto experto"' in text and "Mueve un sector más" in text


def test_a_card_opened_from_a_filtered_list_links_the_cards_before_and_after_it_in_that_list(
    client: TestClient,
) -> None:
    page = client.get("/card/fuel-cell", params={"status": "reviewed"}).text
    assert 'class="next-card" rel="next" href="/card/storm?status=reviewed"' in page  # spare-parts, pilot skipped
    assert 'class="prev-card"' not in page  # the first of that list
    assert 'action="/card/fuel-cell/save?status=reviewed"' in page  # a save keeps the list for its next card
    assert 'readonly tabindex="-1" class="original"' in page  # the original: read, not typed in, not tabbed to
    last = client.get("/card/clear-skies", params={"deck": "nav"}).text
    assert 'href="/card/reshuffle?deck=nav"' in last and 'class="next-card"' not in last


NEW_NAV = """
[[card]]
id = "squall"
type = "nav"
title.en = "Squall"
text.en = "Shuffle the discards back into the box."
status.es = "draft"
"""


def test_a_card_page_suggests_the_translation_of_an_original_one_word_away(tiny_copy: Path) -> None:
    nav = tiny_copy / "nav.toml"
    nav.write_text(nav.read_text() + NEW_NAV)
    client = TestClient(create_app(tiny_copy, tiny_copy.parent / "output", hosts=(HOST,)))
    page = client.get("/card/squall").text
    panel = page.split('data-field="text"')[1].split("</div>")[0]
    assert 'data-text="Baraja los descartes de nuevo en el mazo."' in panel
    assert "reshuffle · text" in panel and re.search(r'class="similarity">(8\d|9\d) %<', panel)
    assert "Shuffle the discards back into the <del>deck</del><ins>box</ins>." in panel  # the word that differs
    # the memory follows the pack: once squall is translated, it is suggested for reshuffle
    translated = 'text.es = "Baraja los descartes en la caja."\nstatus.es = "translated"'
    nav.write_text(nav.read_text().replace('status.es = "draft"', translated))
    page = client.get("/card/reshuffle").text
    assert 'data-text="Baraja los descartes en la caja."' in page and "squall · text" in page


def test_other_packs_and_compendiums_are_suggested_too_and_a_broken_one_is_said(
    tiny_copy: Path, tmp_path: Path
) -> None:
    po = tmp_path / "compendium.es.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n\nmsgid "Gain 3 {fuel}."\nmsgstr "Gana 3 {fuel}, de la caja."\n', encoding="utf-8"
    )
    broken = tmp_path / "broken"
    broken.mkdir()
    app = create_app(tiny_copy, tiny_copy.parent / "output", hosts=(HOST,), memory=[po, broken])
    client = TestClient(app)
    page = client.get("/card/fuel-cell").text
    assert "Gana 3 {fuel}, de la caja." in page and "compendium.es.po" in page
    assert "does not load, so its texts are not suggested" in client.get("/").text


def test_the_print_page_offers_a_draft_build_and_names_the_backs_and_types_in_spanish(tiny_copy: Path) -> None:
    from pnp.i18n import set_ui_language

    set_ui_language("es")
    client = TestClient(create_app(tiny_copy, tiny_copy.parent / "output", hosts=(HOST,)))
    page = client.get("/print").text
    assert '<input type="checkbox" name="draft"> borrador (imprime aunque haya errores)' in page
    assert '<option value="long">con dorsos, volteando por el borde largo</option>' in page
    listing = client.get("/").text
    assert "<td>Equipo</td>" in listing and '<option value="gear">Equipo</option>' in listing
    card = client.get("/card/pilot").text
    assert '<th class="f">título</th>' in card and '<th class="f">texto</th>' in card
    assert "› Piloto <small>(pilot)</small>" in card
