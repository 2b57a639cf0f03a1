"""pnp proof: the reviewers' HTML and PDF, findings in place, changes since a revision, opened in a browser."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli import main
from tests.browser import FLAGS
from tests.conftest import BLUE_SUN
from tests.test_glossary_apply import edit, rulebook_pack, snapshot  # noqa: F401  (a fixture)

WARNING_MARK = (0xFF, 0xE0, 0x8A)  # mark.warning in pnp/proof/html.py


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.slow
def test_the_proof_shows_every_finding_in_place(rulebook_pack: Path) -> None:  # noqa: F811
    code, out, _ = run("proof", "blue-sun", "-o", "proof")
    assert (code, out) == (0, "Wrote proof/proof.html and proof.pdf: 37 cards, 17 findings on them.\n")
    html = Path("proof/proof.html").read_text(encoding="utf-8")
    assert '<mark class="warning">Haven</mark><sup class="n warning" title="finding 1">1</sup>' in html
    assert '<mark class="warning">refugio</mark><sup class="n warning" title="finding 2">2</sup>' in html
    assert '<mark class="warning">ficha de Alerta</mark>' in html
    assert '<mark class="warning">indicadores de Alerta</mark>' in html
    assert '<mark class="warning">Con tus manos</mark>' in html
    # the summary: per deck designs, copies, translated, reviewed, findings, and all decks; then findings by kind
    assert (
        "<tr><th>Deck</th><th>Designs</th><th>Copies</th><th>Translated</th><th>Reviewed</th><th>Findings</th></tr>"
        in html
    )
    assert (
        "<tr><td>Grandes Desafíos Malditos del Sr. Universo <code>challenge-universe</code></td>"
        '<td class="n">1</td><td class="n">1</td><td class="n">0</td><td class="n">0</td><td class="n">2</td></tr>'
        in html
    )
    assert (
        # this product's decks, as `pnp deck`, the build and the workbench count them: the base
        # game's deck (12 copies of 5 designs) has its row, in no total but the findings'
        '<tr><th>All</th><th class="n">32</th><th class="n">36</th><th class="n">0</th><th class="n">0</th>'
        '<th class="n">17</th></tr>' in html
    )
    assert '<p class="meta">blue-sun · en → es · 32 card designs, 36 copies · every card</p>' in html
    assert '<tr><td><code>text/glossary</code></td><td class="n">0</td><td class="n">6</td>' in html
    assert html.count('<article class="card"') == 37
    assert html.count('src="data:image/png;base64,') == 37
    assert "http://" not in html and "https://" not in html and "<script" not in html  # opens from disk, alone
    pdf = Path("proof/proof.pdf").read_bytes()
    assert pdf.startswith(b"%PDF-")
    run("proof", "blue-sun", "-o", "again")
    assert Path("again/proof.pdf").read_bytes() == pdf  # invariant: no dates, same bytes


def _glyph_overlaps(pdf_path: Path, page: int) -> list[str]:
    """Characters drawn over one another on a page: two tables laid out on top of each other."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf_path)
    text = document[page].get_textpage()
    boxes = sorted(
        (text.get_charbox(i), text.get_text_range(i, 1))
        for i in range(text.count_chars())
        if text.get_text_range(i, 1).strip()
    )
    found = []
    for n, ((left, bottom, right, top), char) in enumerate(boxes):
        for (left2, bottom2, right2, top2), char2 in boxes[n + 1 :]:
            if left2 >= right - 0.5:
                break
            if min(right, right2) - max(left, left2) > 0.5 and min(top, top2) - max(bottom, bottom2) > 0.5:
                found.append(f"{char!r} and {char2!r} at ({left:.0f}, {bottom:.0f})")
    document.close()
    return found


@pytest.mark.slow
def test_the_pdf_summary_fits_the_page_and_every_character_is_in_its_font(
    rulebook_pack: Path,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import pypdfium2 as pdfium
    from reportlab.pdfgen.textobject import PDFTextObject

    from pnp.assets.fonts import load_fonts
    from pnp.pipelines.build_options import FONTS_DIR

    drawn: list[tuple[str, str]] = []  # (font, text): every string the PDF draws, faces included
    format_text = PDFTextObject._formatText

    def recording(self: PDFTextObject, text: str) -> str:
        drawn.append((self._fontname, text))
        return format_text(self, text)

    monkeypatch.setattr(PDFTextObject, "_formatText", recording)
    code, out, _ = run("proof", "blue-sun", "-o", "proof")
    assert (code, out) == (0, "Wrote proof/proof.html and proof.pdf: 37 cards, 17 findings on them.\n")
    fonts = load_fonts(FONTS_DIR)
    assert drawn and {(font, char) for font, text in drawn for char in fonts.missing(font, text)} == set()
    document = pdfium.PdfDocument("proof/proof.pdf")
    lines = document[0].get_textpage().get_text_range().splitlines()
    document.close()
    assert lines[:4] == [
        "Proof: Firefly: El Juego — Sol Azul",
        "blue-sun · en to es · 32 card designs, 36 copies · every card",
        "Summary",
        "Deck Designs Copies Translated Reviewed Findings",  # each heading on one line, not "Error s"
    ]
    assert "Líderes (leader) 2 2 0 0 2" in lines
    assert "All 32 36 0 0 17" in lines
    assert "Finding Errors Warnings Notes" in lines
    assert _glyph_overlaps(Path("proof/proof.pdf"), 0) == []


@pytest.mark.slow
def test_only_findings_leaves_out_the_clean_cards(rulebook_pack: Path) -> None:  # noqa: F811
    code, out, _ = run("proof", "blue-sun", "--only-findings", "-o", "proof")
    assert code == 0
    assert out == "Wrote proof/proof.html and proof.pdf: 12 cards, 17 findings on them.\n"
    html = Path("proof/proof.html").read_text(encoding="utf-8")
    assert "25 cards without findings left out" in html
    assert 'id="card-cortland"' not in html and 'id="card-awful-crowded-in-my-sky"' in html


def _git(folder: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=pnp", "-c", "user.email=pnp@example.invalid", *args],
        cwd=folder,
        check=True,
        capture_output=True,
    )


@pytest.mark.slow
def test_since_a_git_revision_shows_only_what_changed_word_by_word(rulebook_pack: Path) -> None:  # noqa: F811
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo = rulebook_pack.parent
    _git(repo, "init", "-q")
    _git(repo, "add", "blue-sun")
    _git(repo, "commit", "-q", "-m", "first proof")
    edit(
        rulebook_pack / "setup.toml",
        'empieza en tu refugio."\nstatus.es = "draft"',
        'sale de tu refugio."\nstatus.es = "translated"',
    )
    code, out, _ = run("proof", "blue-sun", "--since", "HEAD", "-o", "proof")
    assert (code, out) == (
        0,
        "Wrote proof/proof.html and proof.pdf: 1 card changed since git HEAD (36 unchanged), 3 findings on them.\n",
    )
    html = Path("proof/proof.html").read_text(encoding="utf-8")
    assert '<td class="f">status.es</td><td class="t"><del>draft</del><ins>translated</ins></td>' in html
    assert "<del>empieza</del><ins>sale</ins>" in html
    assert 'id="card-awful-crowded-in-my-sky"' in html and html.count('<article class="card"') == 1


@pytest.mark.slow
def test_since_another_pack_folder(rulebook_pack: Path) -> None:  # noqa: F811
    shutil.copytree(rulebook_pack, rulebook_pack.parent / "old" / "blue-sun")
    edit(rulebook_pack / "challenge-universe.toml", 'title.es = "Con tus manos"', 'title.es = "Con las manos atadas"')
    code, out, _ = run("proof", "blue-sun", "--since", "old/blue-sun", "-o", "proof")
    assert code == 0
    assert out == (
        "Wrote proof/proof.html and proof.pdf: 1 card changed since folder old/blue-sun (36 unchanged), "
        "1 finding on them.\n"
    )
    html = Path("proof/proof.html").read_text(encoding="utf-8")
    assert "Con <del>tus</del><ins>las</ins> manos<ins> atadas</ins>" in html
    assert "32 card designs, 36 copies · changes since folder old/blue-sun: 1 card changed, 36 unchanged</p>" in html


@pytest.mark.slow
def test_since_something_that_is_neither_a_folder_nor_a_revision(rulebook_pack: Path) -> None:  # noqa: F811
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    before = snapshot(rulebook_pack.parent)
    code, out, err = run("proof", "blue-sun", "--since", "last-week", "-o", "proof")
    assert code == 1
    assert out == (
        'blue-sun: error: "--since" names no folder with a pack.toml, and blue-sun is not in a git repository\n'
        "    hint: give a git revision (HEAD~1, a tag) of the pack's repository, or another pack folder\n"
        "Found 1 error and 0 warnings in 1 file.\n"
    )
    assert err == "Nothing was written: the pack at --since last-week cannot be read.\n"
    assert snapshot(rulebook_pack.parent) == before


# --- in a browser ---------------------------------------------------------------------------------


def _chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("chromium is not installed (Debian: apt-get install -y chromium): the HTML proof was not opened")
    profile = tmp_path / "chromium-profile"
    return subprocess.run(
        [browser, *FLAGS, f"--user-data-dir={profile}", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.slow
def test_the_html_proof_opens_from_disk_in_chromium_with_its_findings_marked(
    rulebook_pack: Path,  # noqa: F811
    tmp_path: Path,
) -> None:
    run("proof", "blue-sun", "--only-findings", "-o", "proof")
    page = (tmp_path / "proof" / "proof.html").as_uri()
    dom = _chromium(tmp_path, "--dump-dom", page)
    assert dom.returncode == 0, dom.stderr
    assert "<h1>Proof: Firefly: El Juego — Sol Azul</h1>" in dom.stdout
    written = (tmp_path / "proof" / "proof.html").read_text(encoding="utf-8")
    # the browser keeps every mark the file holds (the glossary's warnings: Haven, refugio, …)
    assert dom.stdout.count('<mark class="warning">') == written.count('<mark class="warning">') >= 5
    # the page is tall: the summary and the whole-pack findings (verify notes included) come before the cards
    shot = tmp_path / "proof.png"
    done = _chromium(tmp_path, f"--screenshot={shot}", "--window-size=1280,5000", page)
    assert done.returncode == 0 and shot.exists(), done.stderr
    image = Image.open(shot).convert("RGB")
    assert image.size == (1280, 5000)
    colours = dict((colour, n) for n, colour in image.getcolors(maxcolors=1 << 20) or [])
    marked = sum(n for c, n in colours.items() if all(abs(a - b) <= 6 for a, b in zip(c, WARNING_MARK, strict=True)))
    assert marked > 2000, f"{marked} pixels of the warning mark: the marks did not render ({shot})"
    parchment = colours.get((0xF3, 0xED, 0xE0), 0)  # the thumbnails drew: the Firefly cards' ground
    assert parchment > 5000, f"no thumbnail in the screenshot ({shot})"


def test_every_kind_of_text_finding_is_placed_where_it_is(tiny_copy: Path) -> None:
    from pnp.check import check_pack
    from pnp.load import load_pack
    from pnp.proof.collect import collect

    edit(
        tiny_copy / "supply.toml",
        'text.es = "Gana 2 {fuel}."',
        'text.es = "Gana 3 {fuel}  de gasolina ,  market y combustibel. Estás listo? Ve a “Tormentas."',
    )
    pack = load_pack(tiny_copy).pack
    assert pack is not None
    entry = collect(pack, "es", check_pack(pack)).entries[0]
    row = next(r for r in entry.rows if r.name == "text")
    placed = {m.number: row.target[m.start : m.end] for m in row.target_marks}
    assert [(f.code, placed.get(n)) for n, f in enumerate(entry.findings, start=1)] == [
        ("text/numbers", "3"),
        ("text/typography", "{fuel}  de"),
        ("text/glossary", "gasolina"),
        ("text/typography", "gasolina ,  market"),
        ("text/typography", ",  market"),
        ("text/untranslated", "market"),
        ("text/spelling", "combustibel"),
        ("text/typography", "Estás listo?"),
        ("text/typography", "“Tormentas."),
    ]


@pytest.mark.slow
def test_a_placeholder_thumbnail_carries_the_missing_text_band_as_the_sheet_does() -> None:
    from pnp.load import load_pack
    from pnp.proof.thumbs import lay_out_fronts, thumbnails

    pack = load_pack(BLUE_SUN.parent / "bsg").pack
    assert pack is not None
    faces = lay_out_fronts(pack, "es")
    images, _ = thumbnails(faces)

    def red(card_id: str) -> int:
        image = Image.open(io.BytesIO(images[card_id])).convert("RGB")
        return sum(n for n, (r, g, b) in image.getcolors(1 << 20) or [] if r > 150 and g < 60 and b < 60)

    placeholder = next(card for deck in pack.decks for card in deck.cards if card.placeholder)
    real = next(card for deck in pack.decks for card in deck.cards if not card.placeholder and card.title)
    assert red(placeholder.id) > 20 * max(red(real.id), 50)
