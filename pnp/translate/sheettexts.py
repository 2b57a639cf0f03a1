"""The texts' export as an xlsx, and the rows of an xlsx or ods read back, for pnp.translate.interchange.

The sheet has the CSV's columns (card, field, original, translation, base)
and then the card's deck, a column pnp writes for the translator's filters and
does not read back.  Rows come back as interchange.Row, so an xlsx is judged
row by row exactly as a CSV is; only the cells' types differ: a text cell was
not converted by anyone, a typed one may have been (interchange.Row.typed).
"""

from __future__ import annotations

from pnp.errors import Finding, error
from pnp.i18n import _
from pnp.model import PackData
from pnp.model.aids import AID_FOLDER
from pnp.translate.aid_texts import AID_PREFIX
from pnp.translate.csvfile import BASE, check_header, header, note_finding
from pnp.translate.interchange import Entry, Row
from pnp.translate.sheetfile import Cell, Sheet, write_xlsx

DECK = "deck"
OWN = (BASE, DECK)


def write_texts_xlsx(pack: PackData, entries: list[Entry], source: str, target: str) -> bytes:
    decks = {card.id: deck.deck.id for deck in pack.decks for card in deck.cards}
    decks |= {f"{AID_PREFIX}{aid.id}": AID_FOLDER for aid in pack.aids}  # an aid's texts filter as "aids"
    rows = [[e.card, e.field, e.source, e.target, e.base, decks.get(e.card, "")] for e in entries]
    note = _("pnp's own column: leave it as it is (base tells your changes from the pack's; deck is for filtering)")
    return write_xlsx([*header(source, target), DECK], rows, OWN, note)


def pick_sheet(sheets: list[Sheet]) -> Sheet | None:
    """The sheet pnp wrote ("pnp"), or else the first visible one."""
    return next((s for s in sheets if s.name == "pnp"), sheets[0] if sheets else None)


def read_sheet(
    sheets: list[Sheet], shown: str, source: str, targets: list[str]
) -> tuple[str | None, list[Row], list[Finding]]:
    """(the target language its header names, its rows, findings), like csvfile.read_csv."""
    sheet = pick_sheet(sheets)
    if sheet is None or not sheet.rows:
        return None, [], [error("import/bad-file", shown, _("the spreadsheet has no visible sheet with rows"), line=1)]
    head = [cell.text.strip() for cell in sheet.rows[0].cells]
    while head and not head[-1]:
        head.pop()
    lang, problem = check_header(head, shown, source, targets, ",", own=(DECK,))
    if problem is not None:
        return None, [], [problem]
    rows: list[Row] = []
    findings: list[Finding] = []
    for sheet_row in sheet.rows[1:]:
        cells = [*sheet_row.cells, *[Cell("")] * max(0, len(head) - len(sheet_row.cells))]
        if not any(cell.text.strip() for cell in cells):
            continue
        label = _("row {number}").format(number=sheet_row.number)
        card, field, original, target, base = (cell.text for cell in cells[:5])
        for name, note in zip(head[5:], cells[5 : len(head)], strict=True):
            if name not in OWN and note.text.strip():
                findings.append(
                    note_finding(shown, label, name, note.text, sheet_row.number, card.strip(), field.strip())
                )
        rows.append(
            Row(
                card.strip(),
                field.strip(),
                original,
                target,
                base.strip(),
                sheet_row.number,
                label,
                typed=cells[3].typed,
            )
        )
    return lang, rows, findings
