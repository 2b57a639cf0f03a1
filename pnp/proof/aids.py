"""The proof's aids section: each reference card and set-up sheet, text by text, original beside translation.

An aid's texts are read as the checks read them (pnp.check.aid_rules: one
text per heading, paragraph, list item or table cell); each finding about
the aid's file is marked in the text it names, as a card's are.
"""

from __future__ import annotations

from dataclasses import replace
from html import escape

from pnp.check.aid_rules import aids_as_cards
from pnp.errors import Finding
from pnp.i18n import _
from pnp.model.aids import LoadedAid
from pnp.paths import shown_path
from pnp.proof.collect import CardEntry, Proof, card_entry
from pnp.proof.html import finding_html, marked_html


def aid_entries(proof: Proof) -> list[tuple[LoadedAid, list[tuple[str, CardEntry]]]]:
    """Per aid, its texts as proof entries: (the field path without language, the entry)."""
    pack = proof.pack
    if not pack.aids:
        return []
    as_cards, places = aids_as_cards(pack)
    source, lang = pack.pack.source_language, proof.lang
    by_file: dict[str, list[Finding]] = {}
    for finding in proof.pack_findings:
        by_file.setdefault(finding.file, []).append(finding)
    result = []
    for aid, deck in zip(pack.aids, as_cards.decks, strict=True):
        findings = by_file.get(shown_path(aid.file), [])
        entries = []
        for card in deck.cards:
            _aid, path = places[card.id]
            field = "title" if card.title else "text"
            # as the card's own field for placing the marks; listed as found, naming the aid's field
            mine = {
                replace(f, card=card.id, field=f"{field}.{language}"): f
                for f in findings
                for language in (lang, source)
                if f.field == path.format(lang=language)
            }
            entry = card_entry(card, deck.deck.id, lang, source, list(mine))
            entry.findings = [mine[f] for f in entry.findings]
            entries.append((path.replace(".{lang}", ""), entry))
        result.append((aid, entries))
    return result


def aids_html(proof: Proof) -> str:
    """The section, or nothing for a pack without aids."""
    aids = aid_entries(proof)
    if not aids:
        return ""
    source = proof.pack.pack.source_language
    # an aid's field paths (block[7].rows[1][0]) are longer than a card's field names
    parts = [
        "<style>.texts.aid th.f, .texts.aid td.f { width: 170px; overflow-wrap: anywhere; }</style>",
        "<h2>" + escape(_("Reference cards and set-up sheets")) + "</h2>",
    ]
    for aid, entries in aids:
        title = aid.aid.title.get(proof.lang) or aid.aid.title.get(source, aid.id)
        meta = f"{aid.id} · {aid.aid.kind} · {aid.aid.size}" + (f" · ×{aid.aid.copies}" if aid.aid.copies > 1 else "")
        body = [f"<h3>{escape(title)} <small>{escape(meta)}</small></h3>"]
        notes = [aid.aid.verify] + [block.verify for block in aid.aid.block]
        for note in filter(None, notes):
            body.append(
                '<p class="hint">' + escape(_("to verify (printed on the aid): {verify}").format(verify=note)) + "</p>"
            )
        field = escape(_("field"))
        rows = [f'<tr><th class="f">{field}</th><th>{escape(source)}</th><th>{escape(proof.lang)}</th></tr>']
        findings: list[Finding] = []
        for path, entry in entries:
            for row in entry.rows:
                rows.append(
                    f'<tr><td class="f">{escape(path)}</td>'
                    f'<td class="t">{marked_html(row.source, _renumbered(row.source_marks, len(findings)))}</td>'
                    f'<td class="t">{marked_html(row.target, _renumbered(row.target_marks, len(findings)))}</td></tr>'
                )
            findings += entry.findings
        body.append(f'<table class="texts aid">{"".join(rows)}</table>')
        if findings:
            body.append(
                '<ol class="findings">' + "".join(finding_html(f, n) for n, f in enumerate(findings, 1)) + "</ol>"
            )
        parts.append(
            f'<article class="card aid" id="aid-{escape(aid.id)}"><div class="body">{"".join(body)}</div></article>'
        )
    return "\n".join(parts)


def _renumbered(marks: tuple, offset: int) -> tuple:
    """Marks numbered across the whole aid, as its one list of findings is."""
    return tuple(replace(mark, number=mark.number + offset) for mark in marks)
