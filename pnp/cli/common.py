"""What every command shares: the pack argument, loading or stopping, progress, findings, the
swaps and quantities that `pnp deck` and `pnp build` both take, and how the editing commands
(glossary apply, import, import-cards, scan) show their changes and write them."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from pnp.errors import Finding, Severity, did_you_mean, error
from pnp.i18n import _
from pnp.paths import shown_path
from pnp.report import format_text, plural
from pnp.units import PAPERS

if TYPE_CHECKING:
    from pnp.compose import Selection
    from pnp.export.edit_set import Snapshot
    from pnp.model import PackData
    from pnp.translate.glossary_apply import Change

PACK_ARG = click.argument("pack", type=click.Path(path_type=Path))
OPTIONAL_PACK_ARG = click.argument("pack", type=click.Path(path_type=Path), required=False)

T = TypeVar("T")


def load_or_exit(pack: Path) -> PackData:
    """The loaded pack, or its errors printed and exit 1."""
    from pnp.load import load_pack

    result = load_pack(pack)
    if result.pack is None:
        click.echo(format_text([f for f in result.findings if f.severity is Severity.ERROR]), err=True)
        sys.exit(1)
    return result.pack


def fail(message: str) -> NoReturn:
    """A usage error: one line, exit 2."""
    click.echo(_("pnp: {message}").format(message=message), err=True)
    sys.exit(2)


def stop(findings: Sequence[Finding], what: str) -> NoReturn:
    """An edit refused: its findings, then what was (not) written, and exit 1."""
    click.echo(format_text(findings))
    click.echo(_("Nothing was written: {what}").format(what=what), err=True)
    sys.exit(1)


def target_language(data: PackData, lang: str | None) -> str:
    """The language a translators' command works on: --lang, or the pack's first; not a target, exit 2."""
    language = lang or data.pack.printed_language
    if language not in data.pack.target_languages:
        fail(
            _('"{language}" is not a target language of this pack (targets: {target_languages})').format(
                language=language, target_languages=", ".join(data.pack.target_languages)
            )
        )
    return language


def write_files(writes: list[tuple[Path, bytes]]) -> list[Finding]:
    """Every file atomically; the first that cannot be written stops the rest."""
    from pnp.files import os_reason, write_atomic

    for path, data in writes:
        try:
            write_atomic(path, data)
        except OSError as exc:
            return [
                error(
                    "export/write",
                    shown_path(path),
                    _("cannot write the file: {value}").format(value=os_reason(exc)),
                    hint=_("check the folder's permissions and free space"),
                )
            ]
    return []


def show_changes(changes: Sequence[Change]) -> None:
    for change in changes:
        click.echo(change.shown())


def write_pack_files(data: PackData, writes: list[tuple[Path, bytes]], before: Snapshot) -> None:
    """All the edited files or none; on a failure say exactly which files changed, and exit 1."""
    from pnp.export.edit_set import apply_edit

    result = apply_edit(data, writes, before)
    if not result.findings:
        return
    if not result.written:
        stop(result.findings, _("the pack is as it was."))
    changed = ", ".join(shown_path(p) for p in result.written)
    click.echo(format_text(result.findings))
    click.echo(
        _("Only part of the edit was written: {changed} changed, the other files did not.").format(changed=changed),
        err=True,
    )
    sys.exit(1)


def with_progress(label: str, work: Callable[[Callable[[int, int], None]], T], quiet: bool = False) -> T:
    """Run work(progress) under a progress bar on stderr; work reports (done, total). Quiet: no bar.

    The bar appears with the first report: a pack that does not load says so without a
    "Drawing sheets" bar above the error."""
    if quiet:
        return work(lambda done, total: None)
    bars: list[Any] = []

    def progress(done: int, total: int) -> None:
        if not bars:
            bars.append(click.progressbar(length=max(total, 1), label=label, file=sys.stderr, show_pos=True))
            bars[0].__enter__()
        bar = bars[0]
        bar.length = max(total, 1)
        bar.update(done - bar.pos)

    try:
        return work(progress)
    finally:
        if bars:
            bars[0].__exit__(None, None, None)


def echo_findings(findings: Sequence[Finding], quiet: bool = False) -> None:
    """Errors and warnings, file first, with a count line; notes are for pnp check.

    Quiet shows errors only, and counts the warnings in one line."""
    shown = [f for f in findings if f.severity is Severity.ERROR or (not quiet and f.severity is Severity.WARNING)]
    if shown:
        click.echo(format_text(shown))
    warnings = sum(1 for f in findings if f.severity is Severity.WARNING)
    if quiet and warnings:
        click.echo(_("{warnings} not shown: pnp check lists them.").format(warnings=plural(warnings, "warning")))


QUIET_OPTION = click.option("-q", "--quiet", is_flag=True, help=_("Show errors only; count the warnings in one line."))

LANG_OPTION = click.option(
    "--lang", default=None, help=_("Language to print (default: the pack's first target language).")
)
PAPER_OPTION = click.option(
    "--paper", type=click.Choice(PAPERS), default=PAPERS[0], show_default=True, help=_("Paper size.")
)
OUTPUT_OPTION = click.option(
    "-o",
    "--output",
    type=click.Path(path_type=Path),
    default=Path("output"),
    show_default=True,
    help=_("Output folder; files go to <output>/<pack>/<lang>/."),
)


def check_selection(data: PackData, selection: Selection) -> None:
    """Names that match nothing are usage errors: a typo must not silently print the box deck."""
    swap_ids = [s.id for s in data.pack.swap]
    variants = sorted(
        {v.id for v in data.pack.variant}
        | {s.condition.variant for s in data.pack.swap if s.condition and s.condition.variant}
    )
    setups = sorted({s.condition.setup for s in data.pack.swap if s.condition and s.condition.setup})
    for given, known, (what, listed, none) in (
        *((name, swap_ids, (_("swap"), _("swaps: {names}"), _("it has no swaps"))) for name in selection.swaps),
        *(
            (name, variants, (_("variant"), _("variants: {names}"), _("it has no variants")))
            for name in selection.variants
        ),
        *(
            (name, setups, (_("setup card"), _("setup cards: {names}"), _("it has no setup cards")))
            for name in selection.setups
        ),
    ):
        if given not in known:
            listed = listed.format(names=", ".join(known)) if known else none
            suggestion = did_you_mean(given, known)
            hint = f"{suggestion} ({listed})" if suggestion else listed
            fail(
                _('no {what} "{given}" in {root}; {hint}').format(
                    what=what, given=given, root=shown_path(data.root), hint=hint
                )
            )
    if selection.players is not None:
        counts = sorted(
            {n for s in data.pack.swap if s.condition for n in s.condition.players}
            | {n for v in data.pack.variant for n in v.players}
            | set(data.pack.players)  # the base game's: its decks as the box holds them
        )
        if selection.players not in counts:
            where = shown_path(data.root)
            if not counts:
                fail(
                    _("{where} defines nothing for a number of players: its decks are the same for any number").format(
                        where=where
                    )
                )
            defined = ", ".join(str(n) for n in counts)
            fail(
                _("{where} defines nothing for {players} players; player counts it defines: {defined}").format(
                    where=where, players=selection.players, defined=defined
                )
            )


def parse_quantities(data: PackData, given: tuple[str, ...]) -> dict[str, int]:
    declared = {q.id: q for q in data.pack.quantity}
    values = {}
    for item in given:
        name, _sep, number = item.partition("=")
        if name not in declared:
            hint = did_you_mean(name, declared) or _("quantities: {names}").format(
                names=", ".join(declared) or _("none")
            )
            fail(_('no quantity "{name}" in {root}; {hint}').format(name=name, root=shown_path(data.root), hint=hint))
        top = declared[name].max
        if not number.isdigit() or (top is not None and int(number) > top):
            fail(
                _("--quantity {item}: write {name}=N with N a whole number from 0 to {value}").format(
                    item=item, name=name, value=top if top is not None else 999
                )
            )
        values[name] = int(number)
    return values
