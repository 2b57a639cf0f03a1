"""Notes on a card's texts (comment.<field>.<lang>): kept in the pack's TOML, shown by the proof as text and
given to translation tools as translator comments in the PO export."""

from __future__ import annotations

from pathlib import Path

import polib

from pnp.load import load_pack
from pnp.proof.collect import collect
from pnp.proof.html import render_html
from pnp.translate.card_edit import card_comments
from pnp.translate.interchange import entries
from pnp.translate.pofile import read_po, write_po

NOTE = "¿«Gana» o «Recibe»? <b>ojo</b> **no** {fuel}"


def _noted(tiny_copy: Path) -> Path:
    supply = tiny_copy / "supply.toml"
    supply.write_text(
        supply.read_text().replace(
            'status.es = "reviewed"',
            f'status.es = "reviewed"\ncomment.text.es = "{NOTE}"\ncomment.title.es = "Revisado con el reglamento."',
            1,
        ),
        encoding="utf-8",
    )
    return tiny_copy


def test_a_note_is_read_from_the_card_per_field_and_language(tiny_copy: Path) -> None:
    pack = load_pack(_noted(tiny_copy)).pack
    assert pack is not None
    card = pack.cards()["fuel-cell"]
    assert card_comments(card, "es") == {"title": "Revisado con el reglamento.", "text": NOTE}
    assert card_comments(card, "en") == {}


def test_a_note_goes_to_the_po_export_as_a_translator_comment_and_the_review_mark_stays(tiny_copy: Path) -> None:
    pack = load_pack(_noted(tiny_copy)).pack
    assert pack is not None
    po = polib.pofile(write_po(pack, entries(pack, "es"), "es").decode("utf-8"))
    text = next(e for e in po if e.msgctxt == "fuel-cell:text")
    assert text.tcomment.splitlines() == ["reviewed", NOTE]
    other = next(e for e in po if e.msgctxt == "spare-parts:text")
    assert NOTE not in (other.tcomment or "")
    _language, rows, _findings = read_po(str(po), "tiny.po", ["es"])
    status = next(r for r in rows if r.card == "fuel-cell" and r.field == "status")
    assert status.target == "reviewed", "the note beside the review mark does not unmark it"


def test_the_proof_shows_the_notes_under_the_card_as_text(tiny_copy: Path) -> None:
    pack = load_pack(_noted(tiny_copy)).pack
    assert pack is not None
    html = render_html(collect(pack, "es", []), {})
    card = html.split('id="card-fuel-cell"')[1].split("</article>")[0]
    assert "&lt;b&gt;ojo&lt;/b&gt; **no** {fuel}" in card and "<b>ojo</b>" not in card
    assert "Revisado con el reglamento." in card
