"""The translators' commands: glossary apply, export and import (the proof is pnp/cli/proof.py).

Each parses, calls a stage under pnp/translate, and reports;
only this module writes their files, atomically, and only what nothing is wrong
with (import leaves out the rows it refuses, and says which).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnp.cli.common import (
    PACK_ARG,
    QUIET_OPTION,
    fail,
    load_or_exit,
    show_changes,
    stop,
    target_language,
    write_files,
    write_pack_files,
)
from pnp.errors import error, has_errors
from pnp.i18n import _, ngettext
from pnp.paths import shown_path
from pnp.report import format_text, plural

# The stages are imported by the commands that run them: `pnp --help` lists these commands
# without the model, tomlkit or ReportLab.
if TYPE_CHECKING:
    from pnp.translate.glossary_apply import Change
    from pnp.translate.interchange import Row


def _count(changes: list[Change]) -> str:
    """'3 changes (2 cards) in 1 file': the card texts, names and labels that change, and their statuses."""
    cards = len({(c.file, c.card) for c in changes if c.card})
    files = len({c.file for c in changes})
    aids = len({c.aid for c in changes if c.aid})
    if aids:
        return _("{changes} ({cards}, {aids}) in {files}").format(
            changes=plural(len(changes), "change"),
            cards=plural(cards, "card"),
            aids=plural(aids, "aid"),
            files=plural(files, "file"),
        )
    return _("{changes} ({cards}) in {files}").format(
        changes=plural(len(changes), "change"), cards=plural(cards, "card"), files=plural(files, "file")
    )


# --- glossary apply ---------------------------------------------------------------------


@click.group()
def glossary() -> None:
    """Work on a pack's glossary.

    \b
    Example:
        pnp glossary apply cards/blue-sun fixes.txt
    """


@glossary.command("apply")
@PACK_ARG
@click.argument("fixes", type=click.Path(path_type=Path))
@click.option("--lang", default=None, help=_("Target language the fixes are in (default: the pack's first)."))
@click.option("--write", is_flag=True, help=_("Apply the changes; without it, only show them."))
@click.option(
    "--allow-inside",
    is_flag=True,
    help=_("Change whole words even where a term is also part of longer words (those are left as they are)."),
)
def glossary_apply(pack: Path, fixes: Path, lang: str | None, write: bool, allow_inside: bool) -> None:
    """Apply a list of term fixes to every translation, and record them in the glossary.

    FIXES is a text file of lines "wrong term >> right term", with # comments,
    as translators list them in a forum thread. Whole words only, in any case:
    "Paraíso" at the start of a sentence becomes "Refugio". Only translations
    change (titles, texts, names, labels in the target language), and every
    other byte of the TOML files stays as it was. The right terms become the
    glossary's targets and the wrong ones their forbidden variants. When the
    right term's glossary entry has a gender (gender = "f"), the determiners
    and adjectives that agree with it change too ("el marcador rojo" becomes
    "la ficha roja"); a line where pnp cannot tell stops the run.

    Without --write it prints each change, word by word, and writes nothing.

    \b
    Example:
        pnp glossary apply cards/blue-sun cards/blue-sun/rulebook-fixes.txt
        pnp glossary apply cards/blue-sun fixes.txt --write
    """
    from pnp.export.edit_set import prepare_edit
    from pnp.translate.fixes import parse_fixes, read_text_file
    from pnp.translate.glossary_apply import plan_fixes

    before = prepare_edit(pack)
    data = load_or_exit(pack)
    language = target_language(data, lang)
    text, findings = read_text_file(fixes, "fixes/unreadable")
    if text is None:
        stop(findings, _("the fixes file cannot be read."))
    shown = shown_path(fixes)
    parsed, findings = parse_fixes(text, shown)
    if has_errors(findings):
        stop(findings, _("correct {shown} and run again.").format(shown=shown))
    if not parsed:
        fail(_('{shown} holds no fix: write lines like "Refugio >> Paraíso"').format(shown=shown))
    plan = plan_fixes(data, parsed, shown, language, allow_inside)
    findings += plan.findings
    if has_errors(findings):
        stop(findings, _("correct {shown} and run again.").format(shown=shown))
    if findings:
        click.echo(format_text(findings))
    show_changes(plan.changes)
    for line in plan.glossary:
        click.echo(line)
    summary = _("{changes}; the glossary: {n_glossary}.").format(
        changes=_count(plan.changes), n_glossary=plural(len(plan.glossary), "change")
    )
    if not write:
        click.echo(_("{summary} Nothing written: run again with --write to apply.").format(summary=summary))
        return
    write_pack_files(data, plan.writes, before)
    click.echo(_("{summary} Wrote {n_writes}.").format(summary=summary, n_writes=plural(len(plan.writes), "file")))


# --- export and import --------------------------------------------------------------------------


@click.command("export")
@PACK_ARG
@click.option(
    "--format",
    "file_format",
    type=click.Choice(["csv", "xlsx", "po"]),
    required=True,
    help=_("xlsx or csv for spreadsheets, po for translation tools."),
)
@click.option("--lang", default=None, help=_("Target language (default: the pack's first)."))
@click.option(
    "-o",
    "--output",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    help=_("The file to write (default: output/<pack>/<lang>/<pack>-<lang>.csv, .xlsx or .po)."),
)
@click.option("--force", is_flag=True, help=_("Overwrite the file even when it differs from this export."))
@QUIET_OPTION
def export_texts(
    pack: Path, file_format: str, lang: str | None, output: Path | None, force: bool, quiet: bool = False
) -> None:
    """Export every card text and its translation for a spreadsheet or a translation tool.

    CSV has one row per card text (card, field, original, translation, base)
    and one "status" row per card; PO has one entry per card text, msgctxt
    "<card>:<field>". Then the aids' texts (reference cards and set-up sheets),
    one per title, heading, paragraph, list item and table cell: card
    "aids/<aid>", field its place (msgctxt "aids/reavers:block[1].bullets[0]").
    The base (a hidden column, a "#. base:" comment) records
    each translation as exported, so that `pnp import` can tell your changes
    from changes made to the pack since. Leave it as it is.

    A file that is already there and says something else (it may hold edits
    not imported yet) is never overwritten without --force.

    \b
    Example:
        pnp export cards/blue-sun --format csv -o blue-sun-es.csv
        pnp export cards/blue-sun --format po
    """
    from pnp.translate.aid_texts import AID_PREFIX
    from pnp.translate.csvfile import write_csv
    from pnp.translate.interchange import entries
    from pnp.translate.pofile import write_po
    from pnp.translate.sheettexts import write_texts_xlsx

    data = load_or_exit(pack)
    language = target_language(data, lang)
    found = entries(data, language, aids=True)
    if file_format == "csv":
        content = write_csv(found, data.pack.source_language, language)
    elif file_format == "xlsx":
        content = write_texts_xlsx(data, found, data.pack.source_language, language)
    else:
        content = write_po(data, found, language)
    target = output or Path("output") / data.pack.id / language / f"{data.pack.id}-{language}.{file_format}"
    shown = shown_path(target)
    if not force and _differs(target, content):
        problem = error(
            "export/exists",
            shown,
            _("the file is already there and differs from this export: it may hold edits not imported yet"),
            hint=_(
                "to keep its edits, import them first (pnp import {pack} {shown}); to "
                "replace it, run again with --force; or write another file with -o"
            ).format(pack=shown_path(pack), shown=shown),
        )
        stop([problem], _("{shown} is as it was.").format(shown=shown))
    problems = write_files([(target, content)])
    if problems:
        stop(problems, _("choose another file with -o."))
    if quiet:
        return  # -q: errors only
    # the PO leaves out a text with no original, as it does a card's
    aided = [e for e in found if e.card.startswith(AID_PREFIX) and (e.source or file_format != "po")]
    found = [e for e in found if not e.card.startswith(AID_PREFIX)]
    texts = sum(1 for e in found if e.field != "status")
    cards = len({e.card for e in found})
    left_out = sum(1 for e in found if e.field != "status" and not e.source) if file_format == "po" else 0
    if left_out:
        texts -= left_out
        cards = len({e.card for e in found if e.field != "status" and e.source})
    if aided:
        click.echo(
            _("Wrote {shown}: {texts} of {cards} and {aid_texts} of {aids} ({language}).").format(
                shown=shown,
                texts=plural(texts, "text"),
                cards=plural(cards, "card"),
                aid_texts=plural(len(aided), "text"),
                aids=plural(len({e.card for e in aided}), "aid"),
                language=language,
            )
        )
    else:
        click.echo(
            _("Wrote {shown}: {texts} of {cards} ({language}).").format(
                shown=shown, texts=plural(texts, "text"), cards=plural(cards, "card"), language=language
            )
        )
    if left_out:
        click.echo(
            ngettext(
                "{n} text with no original is left out of the PO (gettext has no entry without one): "
                "edit it in the CSV export or the TOML files.",
                "{n} texts with no original are left out of the PO (gettext has no entry without one): "
                "edit them in the CSV export or the TOML files.",
                left_out,
            ).format(n=left_out)
        )


def _differs(path: Path, content: bytes) -> bool:
    """The file exists and holds something else (a path that cannot be read is left to the write to report)."""
    try:
        return path.read_bytes() != content
    except OSError:
        return False


@click.command("import")
@PACK_ARG
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@click.option(
    "--format",
    "file_format",
    type=click.Choice(["csv", "xlsx", "ods", "po"]),
    default=None,
    help=_("The file's format (default: by its extension)."),
)
@click.option("--write", is_flag=True, help=_("Apply the changes; without it, only show them."))
def import_texts(pack: Path, file: Path, file_format: str | None, write: bool) -> None:
    """Import translations edited in a spreadsheet (xlsx, ods, CSV) or a translation tool (PO).

    Only texts changed in the file are written, each in its card's TOML file,
    keeping every other byte. A text changed in the file and also in the pack
    since the export is a conflict: it is reported, never overwritten. A bad
    row, an unknown card, or a text a spreadsheet converted ("007" saved as 7,
    "1/2" as a date, an accent saved as "?") is reported with its row or entry
    and left out; with --write the other rows are written, and a summary names
    the rows written and the rows not. A file that cannot be read as a whole
    writes nothing.

    Without --write it prints each change, word by word, and writes nothing.

    \b
    Example:
        pnp import cards/blue-sun blue-sun-es.xlsx
        pnp import cards/blue-sun blue-sun-es.csv
        pnp import cards/blue-sun output/blue-sun/es/blue-sun-es.po --write
    """
    from pnp.export.edit_set import prepare_edit
    from pnp.translate.csvfile import read_csv, read_csv_file
    from pnp.translate.fixes import read_text_file
    from pnp.translate.interchange import plan_import
    from pnp.translate.pofile import read_po

    before = prepare_edit(pack)
    data = load_or_exit(pack)
    kind = file_format or file.suffix.lower().lstrip(".")
    if kind not in ("csv", "xlsx", "ods", "po"):
        fail(_("cannot tell the format of {file}: give --format xlsx, csv or po").format(file=shown_path(file)))
    shown = shown_path(file)
    targets = data.pack.target_languages
    if kind in ("xlsx", "ods"):
        from pnp.translate.sheetfile import read_sheets
        from pnp.translate.sheettexts import read_sheet

        sheets, findings = read_sheets(file)
        if sheets is None:
            stop(findings, _("the file cannot be read."))
        lang, rows, found = read_sheet(sheets, shown, data.pack.source_language, targets)
    else:
        if kind == "csv":
            text, findings = read_csv_file(file)
        else:
            text, findings = read_text_file(file, "import/unreadable")
        if text is None:
            stop(findings, _("the file cannot be read."))
        if kind == "csv":
            lang, rows, found = read_csv(text, shown, data.pack.source_language, targets)
        else:
            lang, rows, found = read_po(text, shown, targets)
    findings += found
    if lang is None or any(f.code == "import/bad-file" for f in findings):
        stop(findings, _("correct {shown} and import again.").format(shown=shown))
    plan = plan_import(
        data, rows, lang, shown, spreadsheet=kind != "po"
    )  # every row is judged on its own: every problem at once
    findings += plan.findings
    if findings:
        click.echo(format_text(findings))
    show_changes(plan.changes)
    refused = _row_list(shown, plan.refused)
    if not plan.changes:
        if has_errors(findings):
            click.echo(_("Nothing was written: correct {shown} and import again.").format(shown=shown), err=True)
            sys.exit(1)
        click.echo(_("No changes: the pack already says what the file says."))
        return
    summary = _count(plan.changes) + "."
    if not write:
        click.echo(_("{summary} Nothing written: run again with --write to apply.").format(summary=summary))
        if refused:
            click.echo(_("With --write, these rows would not be written: {rows}.").format(rows=refused), err=True)
            sys.exit(1)
        return
    write_pack_files(data, plan.writes, before)
    click.echo(
        _("{summary} Wrote {n_writes}, from {rows}.").format(
            summary=summary, n_writes=plural(len(plan.writes), "file"), rows=_row_list(shown, plan.written)
        )
    )
    if refused:
        click.echo(_("Not written (see above): {rows}.").format(rows=refused), err=True)
        sys.exit(1)


def _row_list(shown: str, rows: list[Row]) -> str:
    """'t.csv row 3, row 7': the rows, named as the messages above name them, each once."""
    labels = list(dict.fromkeys(row.label for row in rows))
    return f"{shown} {', '.join(labels)}" if labels else ""
