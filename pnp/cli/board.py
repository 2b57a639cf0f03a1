"""`pnp board`: the board's map tiles, label stickers, tokens and standees."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from pnp.cli.common import (
    LANG_OPTION,
    OUTPUT_OPTION,
    PACK_ARG,
    PAPER_OPTION,
    QUIET_OPTION,
    echo_findings,
    with_progress,
)
from pnp.i18n import _, ngettext
from pnp.pipelines.board_options import BOARD_DUPLEX_CHOICES, MARGIN_MM, OVERLAP_MM
from pnp.report import plural


@click.command()
@PACK_ARG
@LANG_OPTION
@PAPER_OPTION
@click.option(
    "--overlap", default="10mm", show_default=True, help=_("How far neighbouring map pages overlap, like 10mm.")
)
@click.option("--margin", default="1mm", show_default=True, help=_("How far each sticker reaches beyond its label."))
@click.option(
    "--image",
    type=click.Path(path_type=Path, dir_okay=False, exists=True),  # a missing image stops before any finding
    default=None,
    help=_("Tile this image of the board (PNG or JPEG) instead of pnp's drawn map."),
)
@click.option(
    "--duplex",
    type=click.Choice(BOARD_DUPLEX_CHOICES),
    default="long",
    show_default=True,
    help=_("Token backs: on the next page for long- or short-edge duplex printing, or gutter-fold."),
)
@OUTPUT_OPTION
@QUIET_OPTION
def board(
    pack: Path,
    lang: str | None,
    paper: str,
    overlap: str,
    margin: str,
    image: Path | None,
    duplex: str,
    output: Path,
    quiet: bool,
) -> None:
    """Print a pack's board, label stickers, tokens and standees.

    The map (board.toml, or a board image) is tiled at full size over pages
    with overlap, alignment marks and an assembly guide; every label whose
    translation differs becomes a sticker cut to its region's shape, packed on
    sheets with a placement guide; tokens.toml gives token sheets with aligned
    backs, each token as drawn, and fold-over standees. Nothing is written when
    the pack has errors.

    \b
    Example:
        pnp board cards/blue-sun
        pnp board cards/blue-sun --paper letter --overlap 15mm --duplex fold
        pnp board cards/blue-sun --image my-board-scan.jpg --margin 2mm
    """
    from pnp.pipelines.board import build_board
    from pnp.pipelines.board_options import BoardOptions
    from pnp.units import UnitError, parse_length

    lengths = {}
    for name, value, (low, high) in (("--overlap", overlap, OVERLAP_MM), ("--margin", margin, MARGIN_MM)):
        try:
            lengths[name] = parse_length(value)
        except UnitError as exc:
            raise click.BadParameter(str(exc), param_hint=name) from exc
        if not low <= lengths[name] / (72 / 25.4) <= high:
            raise click.BadParameter(
                _("must be between {low}mm and {high}mm, got {value}").format(low=low, high=high, value=value),
                param_hint=name,
            )
    options = BoardOptions(
        language=lang,
        paper=paper,
        overlap=lengths["--overlap"],
        margin=lengths["--margin"],
        image=image,
        duplex=duplex,  # type: ignore[arg-type]
        output=output,
    )
    result = with_progress(_("Drawing the board"), lambda progress: build_board(pack, options, progress), quiet)
    echo_findings(result.findings, quiet)
    if not result.ok:
        what = (
            _("Stopped after writing {n_written}").format(n_written=plural(len(result.written), "file"))
            if result.written
            else _("Nothing was written")
        )
        click.echo(_("{what}: fix the errors above and run pnp board again.").format(what=what), err=True)
        sys.exit(1)
    if quiet:
        return  # -q: errors only
    sheets = result.stickers
    if sheets is not None:
        same = (
            ngettext(
                "; {n} label reads the same and needs none",
                "; {n} labels read the same and need none",
                len(result.same),
            ).format(n=len(result.same))
            if result.same
            else ""
        )
        click.echo(
            _("Stickers: {n_placed} on {sheets}, using {value2:.0f} % of the printable sheet area{same}.").format(
                n_placed=len(sheets.placed),
                sheets=plural(sheets.sheets, "sheet"),
                value2=sheets.efficiency * 100,
                same=same,
            )
        )
    if result.written:
        folder = result.written[0].path.parent
        files = ", ".join(
            ngettext("{name} ({n} page)", "{name} ({n} pages)", w.pages).format(name=w.path.name, n=w.pages)
            for w in result.written
        )
        click.echo(_("Wrote to {folder}: {files}.").format(folder=folder, files=files))
