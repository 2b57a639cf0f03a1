"""pnp import-cards: the cards of a spreadsheet (CSV, xlsx, ods) into a deck of the pack."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from pnp.cli.common import PACK_ARG, fail, load_or_exit, show_changes, stop, write_pack_files
from pnp.errors import has_errors
from pnp.i18n import _
from pnp.paths import shown_path
from pnp.report import format_text, plural


@click.command("import-cards")
@PACK_ARG
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--deck", "deck_id", default=None, help=_("The deck new cards go into (default: the pack's only deck)."))
@click.option(
    "--column",
    "columns",
    multiple=True,
    metavar="COLUMN=FIELD",
    help=_('Read a column as a card field: --column "Nombre=title.es". Repeat for more columns.'),
)
@click.option("--write", is_flag=True, help=_("Apply the changes; without it, only show them."))
def import_cards(pack: Path, file: Path, deck_id: str | None, columns: tuple[str, ...], write: bool) -> None:
    """Add the cards of a spreadsheet to a deck: one row per card, one column per field.

    FILE is a CSV (any delimiter and encoding a spreadsheet saves), an xlsx or
    an ods. Columns are read by their names: id, type, count, title.en,
    text.es, cost, art, stats.attack or any card field, or in Spanish (nombre,
    texto, cantidad, coste, tipo, arte, notas; without a language they are
    the pack's original). --column maps any other name. A row without an id
    gets one from its title. Cards the pack does not have are added; for a
    card it has, only the fields it lacks are filled in, and a field that says
    otherwise is reported, never overwritten. A row with a problem is named
    with its row and column and left out.

    Without --write it shows what would change and writes nothing.

    \b
    Example:
        pnp new cards/mi-juego --game "Mi juego" --languages es,en
        pnp import-cards cards/mi-juego cartas.xlsx --column "Nombre=title.es"
        pnp import-cards cards/mi-juego cartas.xlsx --write
    """
    from pnp.export.edit_set import prepare_edit
    from pnp.translate.cardsheet import plan_cards
    from pnp.translate.cardsheet_columns import map_columns, parse_mapping
    from pnp.translate.cardsheet_read import read_table

    before = prepare_edit(pack)
    data = load_or_exit(pack)
    decks = {d.deck.id: d for d in data.decks}
    if deck_id is None:
        if not decks:
            fail(_("the pack has no deck yet: declare one in pack.toml, then give it with --deck"))
        if len(decks) > 1:
            fail(_("the pack has more than one deck: say which with --deck ({decks})").format(decks=", ".join(decks)))
        deck_id = next(iter(decks))
    if deck_id not in decks:
        fail(_('no deck "{deck}" in the pack (decks: {decks})').format(deck=deck_id, decks=", ".join(decks)))
    shown = shown_path(file)
    mapping, findings = parse_mapping(columns)
    rows, found = read_table(file)
    findings += found
    if rows is None or has_errors(findings):
        stop(findings, _("correct the file and run again."))
    if not rows:
        stop(findings, _("{shown} has no rows.").format(shown=shown))
    assert rows is not None
    mapped, found = map_columns(rows[0].cells, data, mapping, shown)
    findings += found
    if has_errors(findings):
        stop(findings, _("correct the file and run again."))
    plan = plan_cards(data, decks[deck_id], rows[1:], mapped, shown)
    findings += plan.findings
    if findings:
        click.echo(format_text(findings))
    for number, card_id, title in plan.new_cards:
        click.echo(
            _('{shown} row {number}: new card "{card}" ({title})').format(
                shown=shown, number=number, card=card_id, title=title
            )
        )
    show_changes(plan.changes)
    summary = _("New: {new}; filled in: {updated}; rows left out: {refused}.").format(
        new=plural(len(plan.new_cards), "card"),
        updated=plural(len(plan.updated_cards), "card"),
        refused=len(plan.refused_rows),
    )
    if not plan.writes:
        click.echo(_("Nothing to write: {summary}").format(summary=summary))
        sys.exit(1 if has_errors(findings) else 0)
    if not write:
        click.echo(_("{summary} Nothing written: run again with --write to apply.").format(summary=summary))
        sys.exit(1 if has_errors(findings) else 0)
    write_pack_files(data, plan.writes, before)
    click.echo(_("{summary} Wrote {n_writes}.").format(summary=summary, n_writes=plural(len(plan.writes), "file")))
    if plan.refused_rows:
        numbers = ", ".join(str(n) for n in plan.refused_rows)
        click.echo(_("Not written (see above): {shown} rows {rows}.").format(shown=shown, rows=numbers), err=True)
    if has_errors(findings):
        sys.exit(1)
