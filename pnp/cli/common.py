"""What every command shares: the pack argument, loading or stopping, progress, findings."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from pnp.errors import Finding, Severity
from pnp.i18n import _
from pnp.report import format_text, plural

if TYPE_CHECKING:
    from pnp.model import PackData

PACK_ARG = click.argument("pack", type=click.Path(path_type=Path))

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
    "--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True, help=_("Paper size.")
)
OUTPUT_OPTION = click.option(
    "-o",
    "--output",
    type=click.Path(path_type=Path),
    default=Path("output"),
    show_default=True,
    help=_("Output folder; files go to <output>/<pack>/<lang>/."),
)
