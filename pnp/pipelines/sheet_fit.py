"""Whether a deck's cards fit on the paper: `pnp build` and `pnp check` ask this one function.

A card larger than the paper (with its bleed, margins and crop marks) cannot be
imposed; the build stops on it, so `pnp check` must say so too, with the same
finding, for the options a default build uses.
"""

from __future__ import annotations

from pnp.errors import Finding, error
from pnp.export.pdf import FOOTER_BAND
from pnp.i18n import _
from pnp.impose.sheet import ImposeError, SheetPlan, SheetSpec, plan_sheet
from pnp.layout.plan import deck_size
from pnp.load.pack import PACK_FILE
from pnp.model import PackData
from pnp.paths import shown_path
from pnp.pipelines.build_options import BuildOptions
from pnp.units import Size, UnitError, mm, paper_size


def deck_sheet_plan(
    pack: PackData, deck_id: str, card: Size, options: BuildOptions
) -> tuple[SheetPlan | None, Finding | None]:
    """The sheet the deck's cards are imposed on, or the finding that says they do not fit."""
    try:
        plan = plan_sheet(
            SheetSpec(
                paper=paper_size(options.paper),
                card=card,
                bleed=options.bleed,
                margin=mm(5),
                mark_length=mm(3),
                duplex=options.duplex,
                back_offset=options.back_offset,
                footer=FOOTER_BAND,
                tight=options.tight or options.duplex == "fold",
            )
        )
    except ImposeError as exc:
        return None, error(
            "build/impose",
            shown_path(pack.root / PACK_FILE),
            str(exc),
            line=pack.line("deck", deck_id),
            field=f"deck.{deck_id}.card_size",
            hint=_("try --paper letter, a smaller --bleed, or a smaller card size"),
        )
    return plan, None


def sheet_fit_findings(pack: PackData, options: BuildOptions | None = None) -> list[Finding]:
    """Every deck with cards whose cards a build with `options` (default: a default build) cannot impose."""
    options = options or BuildOptions()
    findings = []
    for deck in pack.decks:
        if not deck.cards:
            continue
        try:
            size = deck_size(deck)
        except UnitError:
            continue  # the loader reported the size already
        _plan, problem = deck_sheet_plan(pack, deck.deck.id, size, options)
        if problem is not None:
            findings.append(problem)
    return findings
