"""`pnp deck`: a pack's decks, or one deck's cards, counted against the box, and what swaps make of them."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.cli.common import PACK_ARG, check_selection, fail, load_or_exit, parse_quantities
from pnp.errors import did_you_mean
from pnp.i18n import _
from pnp.paths import shown_path


@click.command()
@PACK_ARG
@click.argument("deck", required=False)
@click.option("--lang", default=None, help=_("Language of the titles shown (default: the first target language)."))
@click.option(
    "--swap", "swaps", multiple=True, metavar="ID", help=_("Apply this swap, whatever its condition (repeatable).")
)
@click.option(
    "--players", type=click.IntRange(1, 99), help=_("Apply the swaps whose condition lists this player count.")
)
@click.option(
    "--variant", "variants", multiple=True, metavar="ID", help=_("Apply the swaps of this variant (repeatable).")
)
@click.option("--setup", "setups", multiple=True, metavar="CARD", help=_("Apply the swaps this setup card prescribes."))
@click.option(
    "--quantity",
    "quantities",
    multiple=True,
    metavar="ID=N",
    help=_("A number known only during play, for swap lines that count per it (resources-at-half=2)."),
)
@click.option("--sources", is_flag=True, help=_("List where the pack's facts come from, and what each source backs."))
def deck(
    pack: Path,
    deck: str | None,
    lang: str | None,
    swaps: tuple[str, ...],
    players: int | None,
    variants: tuple[str, ...],
    setups: tuple[str, ...],
    quantities: tuple[str, ...],
    sources: bool,
) -> None:
    """List a pack's decks, or one deck's cards, with counts against the box.

    Each deck's copies are counted on the completeness ladder: entered,
    written (has its text), translated, reviewed.

    With --swap, --players, --variant or --setup, print the decks that the
    chosen swaps make (or DECK alone): what each card becomes, what is taken
    out at random, and what is added during play, step by step when the
    swaps happen at different moments; then what the variant changes besides.

    \b
    Example:
        pnp deck cards/blue-sun
        pnp deck cards/blue-sun supply-meridian --lang en
        pnp deck cards/blue-sun nav-border-base --swap blue-sun-border-nav
        pnp deck cards/bsg loyalty --players 2 --quantity resources-at-half=1
        pnp deck cards/bsg --variant cylon-attack
        pnp deck cards/bsg loyalty --players 1
        pnp deck cards/blue-sun --sources
    """
    from pnp.compose import Selection, compose, selected_swaps, with_variants_for_players
    from pnp.pipelines.deck_report import (
        format_composition,
        format_deck,
        format_decks,
        format_sources,
        format_steps,
        format_variant,
    )

    data = load_or_exit(pack)
    language = lang or data.pack.printed_language
    if language not in data.languages:
        fail(
            _('"{language}" is not a language of this pack (languages: {languages})').format(
                language=language, languages=", ".join(data.languages)
            )
        )
    loaded = data.deck(deck) if deck is not None else None
    if deck is not None and loaded is None:
        deck_ids = [d.deck.id for d in data.decks]
        hint = did_you_mean(deck, deck_ids) or _("decks: {decks}").format(decks=", ".join(deck_ids))
        fail(_('no deck "{deck}" in {pack}').format(deck=deck, pack=pack) + f"; {hint}")
    if sources:
        click.echo(format_sources(data))
        return
    selection = Selection(swaps=swaps, players=players, variants=variants, setups=setups)
    values = parse_quantities(data, quantities)
    if selection.empty:
        click.echo(format_decks(data, language) if loaded is None else format_deck(data, loaded, language))
        return
    check_selection(data, selection)
    selection = with_variants_for_players(data, selection)
    chosen = selected_swaps(data, selection)
    result = compose(data, chosen, values)
    shown = (
        [loaded.deck.id]
        if loaded
        else [d.deck.id for d in data.decks if any(d.deck.id in (s.deck, s.into) for s in chosen)]
    )
    parts = [
        format_steps(data, chosen, values, deck_id, language) or format_composition(data, result, deck_id, language)
        for deck_id in shown
    ]
    if not shown:
        parts.append(_("No swap applies to what was asked: the decks are as in the box."))
    source = data.pack.source_language
    parts += [format_variant(v, language, source) for v in data.pack.variant if v.id in selection.variants]
    aids = [a for a in data.aids if a.aid.variant in selection.variants]
    if aids:  # the reference cards and set-up sheets `pnp build --variant` prints with it
        named = ", ".join(
            f"{shown_path(a.file)} ({a.aid.title.get(language) or a.aid.title.get(source, a.id)})" for a in aids
        )
        parts.append(_("Printed with it, in aids.pdf: {aids}").format(aids=named))
    click.echo("\n\n".join(parts))
