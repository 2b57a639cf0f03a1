"""`pnp new`: the command line of the skeleton pack writer (pnp/pipelines/new_pack.py)."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.cli.common import fail
from pnp.files import os_reason
from pnp.i18n import _
from pnp.paths import shown_path
from pnp.units import CARD_SIZES_MM


@click.command("new")
@click.argument("pack", type=click.Path(path_type=Path))
@click.option("--game", required=True, help=_('The game\'s name, as the box prints it: --game "Tiny Epic Quest".'))
@click.option(
    "--size",
    default="poker",
    show_default=True,
    help=_('The cards\' size: {CARD_SIZES_MM}, or "63mm x 88mm".').format(CARD_SIZES_MM=", ".join(CARD_SIZES_MM)),
)
@click.option(
    "--languages",
    default="en,es",
    show_default=True,
    help=_("The original's language, then the translations, separated by commas."),
)
def new(pack: Path, game: str, size: str, languages: str) -> None:
    """Write a new pack to start from: it checks and builds at once.

    The folder gets pack.toml, one deck of sample cards (main.toml), a
    glossary, the pack's own layout (templates/<pack>/, extending pnp's
    generic layouts) and one icon of its own (icons/star.svg).

    \b
    Example:
        pnp new cards/my-game --game "My Game" --size tarot --languages en,es
        pnp check cards/my-game && pnp build cards/my-game
    """
    from pnp.pipelines.new_pack import SkeletonError, write_skeleton

    codes = tuple(code.strip() for code in languages.split(",") if code.strip())
    try:
        skeleton = write_skeleton(pack, game, size, codes)
    except SkeletonError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(_("cannot write {value}: {value2}").format(value=exc.filename or pack, value2=os_reason(exc)))
    for path in skeleton.files:
        click.echo(_("wrote {path}").format(path=shown_path(path)))
    click.echo(_("Next: pnp check {pack} && pnp build {pack}").format(pack=shown_path(pack)))
