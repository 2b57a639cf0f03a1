"""The proof as one static HTML page: styles and thumbnails inside it, so it opens from disk and travels by mail."""

from __future__ import annotations

import base64
from html import escape

from pnp.errors import Finding, Severity
from pnp.i18n import N_, _, decimal, ngettext
from pnp.proof.collect import CardEntry, FieldChange, Mark, Proof, segments
from pnp.proof.element_words import element_words
from pnp.render.face import LEGIBLE, shown_size
from pnp.report import field_name, plural, subject
from pnp.translate.card_edit import card_comments
from pnp.translate.worddiff import Piece

SEVERITY_WORD = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
STATUS_WORD = {"": N_("no status"), "draft": N_("draft"), "translated": N_("translated"), "reviewed": N_("reviewed")}
# The severity words as a reviewer reads them (the class names above stay in English).
SEVERITY_LABEL = {Severity.ERROR: N_("error"), Severity.WARNING: N_("warning"), Severity.INFO: N_("note")}

STYLE = """
:root { --ink: #1f2328; --muted: #656d76; --line: #d0d7de; --paper: #ffffff; --band: #f6f8fa;
  --error: #ffc9c9; --error-ink: #a40e26; --warning: #ffe08a; --warning-ink: #7d4e00;
  --note: #cfe3ff; --note-ink: #0b4a8b; --del: #ffd7d5; --ins: #ccffd8; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Open Sans", sans-serif;
  color: var(--ink); background: var(--band); }
header, main { max-width: 1180px; margin: 0 auto; padding: 0 20px; }
header { padding-top: 18px; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 26px 0 10px; }
.meta { color: var(--muted); margin: 0; }
table { border-collapse: collapse; background: var(--paper); }
th, td { border: 1px solid var(--line); padding: 4px 10px; text-align: left; vertical-align: top; }
th { background: var(--band); font-weight: 600; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
.summary { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
.card { display: flex; gap: 18px; background: var(--paper); border: 1px solid var(--line); border-radius: 8px;
  padding: 14px; margin: 0 0 14px; break-inside: avoid; }
.card img { width: 160px; height: auto; flex: none; border-radius: 6px; box-shadow: 0 1px 3px rgba(0,0,0,.25);
  align-self: flex-start; }
.card .sides { display: flex; flex-direction: column; gap: 6px; flex: none; }
.card .body { flex: 1; min-width: 0; }
.card h3 { margin: 0 0 8px; font-size: 17px; }
.card h3 small { color: var(--muted); font-weight: 400; font-size: 13px; }
.status { display: inline-block; font-size: 12px; font-weight: 600; padding: 1px 8px; border-radius: 10px;
  background: #eaeef2; color: var(--muted); vertical-align: 2px; }
.status.translated { background: #ddf4ff; color: #0969da; }
.status.reviewed { background: #dafbe1; color: #1a7f37; }
.status.new { background: #fbefff; color: #8250df; }
.texts { width: 100%; table-layout: fixed; }
.texts th.f, .texts td.f { width: 88px; color: var(--muted); font-size: 13px; }
.texts td.t { white-space: pre-wrap; overflow-wrap: anywhere; }
mark { border-radius: 3px; padding: 0 1px; }
mark.error { background: var(--error); box-shadow: inset 0 -2px var(--error-ink); }
mark.warning { background: var(--warning); box-shadow: inset 0 -2px var(--warning-ink); }
mark.note { background: var(--note); box-shadow: inset 0 -2px var(--note-ink); }
sup.n { font-size: 11px; font-weight: 700; margin-left: 1px; }
sup.error { color: var(--error-ink); } sup.warning { color: var(--warning-ink); } sup.note { color: var(--note-ink); }
ol.findings { margin: 10px 0 0; padding-left: 26px; }
p.sizes { margin: 8px 0 0; font-size: 12px; color: var(--muted); }
p.sizes b { color: #cf222e; }
ol.findings li { margin: 3px 0; }
ol.findings li.error::marker { color: var(--error-ink); font-weight: 700; }
ol.findings li.warning::marker { color: var(--warning-ink); font-weight: 700; }
.sev { font-size: 12px; font-weight: 700; text-transform: uppercase; margin-right: 4px; }
.sev.error { color: var(--error-ink); } .sev.warning { color: var(--warning-ink); }
.sev.note { color: var(--note-ink); }
code { font-size: 12.5px; background: var(--band); padding: 0 4px; border-radius: 4px; }
.hint { color: var(--muted); }
.changes { margin: 0 0 10px; }
.changes td.t { white-space: pre-wrap; overflow-wrap: anywhere; }
del { background: var(--del); text-decoration: line-through; }
ins { background: var(--ins); text-decoration: none; }
.none { color: var(--muted); font-style: italic; }
"""


def render_html(proof: Proof, images: dict[str, bytes], more: str = "") -> str:
    pack = proof.pack.pack
    name = pack.name.get(proof.lang) or pack.name.get(pack.source_language, pack.id)
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{escape(proof.lang)}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>" + escape(_("Proof: {name} ({language})").format(name=name, language=proof.lang)) + "</title>",
        f"<style>{STYLE}</style></head><body>",
        "<header>",
        "<h1>" + escape(_("Proof: {name}").format(name=name)) + "</h1>",
        f'<p class="meta">{escape(pack.id)} · {escape(pack.source_language)} → {escape(proof.lang)} · '
        f"{escape(count_line(proof))} · {escape(shown_line(proof))}</p>",
        "</header><main>",
        _summary(proof),
        "<h2>" + escape(_("Cards")) + "</h2>",
    ]
    if not proof.entries:
        parts.append('<p class="none">' + escape(_("No card to show.")) + "</p>")
    for entry in proof.entries:
        parts.append(_card(entry, proof, images.get(entry.card.id), images.get(entry.card.id + "/back")))
    parts.append(more)  # sections of other modules (pnp.proof.aids: the reference cards and sheets)
    parts.append("</main></body></html>\n")
    return "\n".join(parts)


SUMMARY_COLUMNS = (N_("Designs"), N_("Copies"), N_("Translated"), N_("Reviewed"), N_("Findings"))
KINDS_COLUMNS = (N_("Finding"), N_("Errors"), N_("Warnings"), N_("Notes"))
SUMMARY_KEYS = ("designs", "copies", "translated", "reviewed", "findings")


def totals(proof: Proof) -> list[int]:
    """The "All" row of the summary: SUMMARY_KEYS summed over this product's decks (another
    product's deck has its row but is in no total, as in `pnp deck` and the workbench)."""
    return [
        sum(getattr(d, key) for d in proof.decks if key == "findings" or not d.other_product) for key in SUMMARY_KEYS
    ]


def count_line(proof: Proof) -> str:
    """'34 card designs, 45 copies': the proof shows designs; a build prints, and `pnp deck` counts, copies."""
    designs, copies = totals(proof)[:2]
    copies_text = ngettext("{n} copy", "{n} copies", copies).format(n=copies)
    return f"{plural(designs, 'card design')}, {copies_text}"


def shown_line(proof: Proof) -> str:
    shown = []
    if proof.since:
        shown.append(
            ngettext(
                "changes since {since}: {cards} changed, {unchanged} unchanged",
                "changes since {since}: {cards} changed, {unchanged} unchanged",
                len(proof.entries),
            ).format(since=proof.since, cards=plural(len(proof.entries), "card"), unchanged=proof.unchanged)
        )
        if proof.removed:
            shown.append(_("removed: {cards}").format(cards=", ".join(proof.removed)))
    if proof.hidden:
        shown.append(_("{cards} without findings left out").format(cards=plural(proof.hidden, "card")))
    return "; ".join(shown) or _("every card")


def _summary(proof: Proof) -> str:
    rows = [
        "<tr><th>"
        + escape(_("Deck"))
        + "</th>"
        + "".join(f"<th>{escape(_(c))}</th>" for c in SUMMARY_COLUMNS)
        + "</tr>",
        *(
            f"<tr><td>{escape(d.name)} <code>{escape(d.id)}</code></td>"
            + "".join(f'<td class="n">{getattr(d, key)}</td>' for key in SUMMARY_KEYS)
            + "</tr>"
            for d in proof.decks
        ),
    ]
    rows.append(
        "<tr><th>" + escape(_("All")) + "</th>" + "".join(f'<th class="n">{n}</th>' for n in totals(proof)) + "</tr>"
    )
    kinds = ["<tr>" + "".join(f"<th>{escape(_(h))}</th>" for h in KINDS_COLUMNS) + "</tr>"]
    kinds += [
        f"<tr><td><code>{escape(code)}</code></td>" + "".join(f'<td class="n">{k}</td>' for k in (e, w, n)) + "</tr>"
        for code, e, w, n in proof.kinds
    ] or ['<tr><td colspan="4" class="none">' + escape(_("No findings.")) + "</td></tr>"]
    out = [
        "<h2>" + escape(_("Summary")) + "</h2>",
        '<div class="summary">',
        f'<table class="decks">{"".join(rows)}</table>',
        f'<table class="kinds">{"".join(kinds)}</table>',
        "</div>",
    ]
    if proof.pack_findings:
        out.append("<h2>" + escape(_("About the whole pack")) + '</h2><ol class="findings">')
        out += [finding_html(f) for f in proof.pack_findings]
        out.append("</ol>")
    return "\n".join(out)


def _card(entry: CardEntry, proof: Proof, image: bytes | None, back: bytes | None = None) -> str:
    source = proof.pack.pack.source_language
    status = "new" if entry.new else entry.status
    label = _("new card") if entry.new else _(STATUS_WORD.get(entry.status, entry.status))
    sides = [(image, entry.title), (back, _("{title} (B side)").format(title=entry.title))]
    pictures = [
        f'<img src="data:image/png;base64,{base64.b64encode(data).decode()}" alt="{escape(alt)}">'
        for data, alt in sides
        if data
    ]
    # a double-sided card shows both sides, one above the other
    picture = f'<div class="sides">{"".join(pictures)}</div>' if len(pictures) > 1 else "".join(pictures)
    head = (
        f'<h3>{escape(entry.title)} <span class="status {escape(status)}">{escape(label)}</span> '
        f"<small>{escape(entry.card.id)} · {escape(entry.deck)} · {escape(entry.card.type)}"
        f"{f' · ×{entry.card.count}' if entry.card.count > 1 else ''}</small></h3>"
    )
    body = [head]
    if entry.changes:
        body.append(_changes(entry.changes, proof.since or ""))
    field = escape(_("field"))
    rows = [f'<tr><th class="f">{field}</th><th>{escape(source)}</th><th>{escape(proof.lang)}</th></tr>']
    for row in entry.rows:
        rows.append(
            f'<tr><td class="f">{escape(row.name)}</td><td class="t">{marked_html(row.source, row.source_marks)}</td>'
            f'<td class="t">{marked_html(row.target, row.target_marks)}</td></tr>'
        )
    body.append(f'<table class="texts">{"".join(rows)}</table>')
    notes = card_comments(entry.card, proof.lang)  # the translator's and reviewer's notes: text, never markup
    if notes:
        items = "".join(
            f'<li><span class="f">{escape(name)}</span> {escape(note)}</li>' for name, note in notes.items()
        )
        body.append(f'<div class="comments"><p>{escape(_("Notes on the texts:"))}</p><ul>{items}</ul></div>')
    if entry.text_sizes:
        body.append(f'<p class="sizes">{sizes_line(entry.text_sizes)}</p>')
    if entry.findings:
        body.append(
            '<ol class="findings">' + "".join(finding_html(f, n) for n, f in enumerate(entry.findings, 1)) + "</ol>"
        )
    return (
        f'<article class="card" id="card-{escape(entry.card.id)}">{picture}'
        f'<div class="body">{"".join(body)}</div></article>'
    )


def _changes(changes: list[FieldChange], since: str) -> str:
    rows = [
        '<tr><th class="f">'
        + escape(_("changed"))
        + "</th><th>"
        + escape(_("since {since}").format(since=since))
        + "</th></tr>"
    ]
    rows += [f'<tr><td class="f">{escape(c.name)}</td><td class="t">{pieces_html(c.pieces)}</td></tr>' for c in changes]
    return f'<table class="texts changes">{"".join(rows)}</table>'


def pieces_html(pieces: tuple[Piece, ...]) -> str:
    tags = {"delete": "del", "insert": "ins"}
    return "".join(f"<{tags[p.op]}>{escape(p.text)}</{tags[p.op]}>" if p.op in tags else escape(p.text) for p in pieces)


def marked_html(text: str, marks: tuple[Mark, ...]) -> str:
    if not text:
        return '<span class="none">—</span>'
    out = []
    for piece, severity, ending in segments(text, marks):
        shown = escape(piece)
        if severity is not None:
            shown = f'<mark class="{SEVERITY_WORD[severity]}">{shown}</mark>'
        out.append(shown)
        for number in ending:
            word = SEVERITY_WORD[next(m.severity for m in marks if m.number == number)]
            title = escape(_("finding {number}").format(number=number))
            out.append(f'<sup class="n {word}" title="{title}">{number}</sup>')
    return "".join(out)


def finding_html(finding: Finding, number: int | None = None, located: bool = False) -> str:
    """One finding as a list item; its file and line when it is about no card (or `located` asks for them)."""
    word = SEVERITY_WORD[finding.severity]
    where = _field_html(finding.field) if finding.field else ""
    hint = f' <span class="hint">— {escape(finding.hint)}</span>' if finding.hint else ""
    value = f' value="{number}"' if number else ""
    place = (
        "" if finding.card and not located else f"{escape(finding.file)}{f':{finding.line}' if finding.line else ''}: "
    )
    if located and finding.card:
        place += escape(subject(finding.card, None)) + " "

    return (
        f'<li class="{word}"{value}><span class="sev {word}">{escape(_(SEVERITY_LABEL[finding.severity]))}</span>'
        f"{place}{where}"
        f"{escape(finding.message)} <code>{escape(finding.code)}</code>{hint}</li>"
    )


def _field_html(field: str) -> str:
    """The field a finding is about as the form names it ("texto (es)"); a key no reader has a name for
    (a layout's, a deck's) stays as the file writes it."""
    named = field_name(field)
    if named == field:
        return f"<code>{escape(field)}</code> "
    return f'<span class="field">{escape(named)}</span>: '


def sizes_line(sizes: tuple[tuple[str, float], ...]) -> str:
    """ "set at: title 10 pt · text 5.5 pt (under 6 pt)", the sizes under the floor in bold; each element
    in words ("título", "texto original"), as findings name fields."""
    parts = []
    for name, size in sizes:
        piece = f"{escape(element_words(name))} {shown_size(size, LEGIBLE)} pt"
        if size < LEGIBLE - 1e-9:
            piece = "<b>" + _("{piece} (under {size} pt)").format(piece=piece, size=decimal(LEGIBLE)) + "</b>"
        parts.append(piece)
    return escape(_("set at:")) + " " + " · ".join(parts)
