"""Decks at the sizes a print shop sells: the same layouts, laid out again at the shop's product size.

A deck whose size is a product of the shop (within a millimetre) is made at
the product's exact size, so the files match the shop's templates to the
pixel.  Any other size gets a warning naming the nearest product and the
scale; with --fit nearest (the default) the deck is laid out at that product,
with --fit exact it keeps its own size.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from pnp.build_state import BuildResult, DeckBuild
from pnp.errors import Finding, has_errors, warning
from pnp.export.printshop import Profile, ShopFit, fit_to_shop, size_text
from pnp.layout import FaceLayout
from pnp.load.pack import PACK_FILE, shown_path
from pnp.units import Size

if TYPE_CHECKING:
    from pnp.build_exports import LaidOut

SAME = 0.05  # points: a size this close is the same size


def shop_builds(
    done: LaidOut, profile: Profile, result: BuildResult
) -> tuple[list[DeckBuild] | None, dict[str, FaceLayout]]:
    """Each deck as the shop will print it, and the faces they use; None when laying out again failed."""
    faces = dict(done.faces)
    builds: list[DeckBuild] = []
    for built in done.builds:
        size = done.faces[built.back_key].size
        fit = fit_to_shop(profile, size)
        if fit.product is None:
            builds.append(built)
            continue
        keep = not fit.sold and done.options.shop_fit == "exact"
        if not fit.sold:
            result.findings.append(_size_warning(done, built, profile, fit, keep))
        target = fit.product_size()
        if keep or (abs(target.width - size.width) < SAME and abs(target.height - size.height) < SAME):
            builds.append(built)
            continue
        relaid = _lay_out_at(done, built, target, faces, result)
        if relaid is None:
            return None, faces
        builds.append(relaid)
    return builds, faces


def _lay_out_at(
    done: LaidOut, built: DeckBuild, size: Size, faces: dict[str, FaceLayout], result: BuildResult
) -> DeckBuild | None:
    from pnp import pipeline  # the pipeline imports the exports: only here, at run time
    from pnp.layout.plan import lay_out_pack

    options = replace(done.options, card_size=f"{size.width / 72:.4f}in x {size.height / 72:.4f}in")
    found = BuildResult()
    laid = lay_out_pack(
        done.pack, done.language, [built.deck], done.options.templates, options.card_size, options.bilingual
    )
    found.findings += laid.findings
    faces.update(laid.faces())
    relaid = pipeline._impose_deck(done.pack, laid.decks[0], done.language, options, found) if laid.decks else None
    result.findings += found.findings
    return None if relaid is None or has_errors(found.findings) else relaid


def _size_warning(done: LaidOut, built: DeckBuild, profile: Profile, fit: ShopFit, keep: bool) -> Finding:
    assert fit.product is not None
    deck_id = built.deck.deck.id
    wide, high = fit.scale()
    scale = f"{wide:.0%} wide and {high:.0%} high"
    own = size_text(fit.size)
    if keep:
        message = (
            f'{profile.shop} sells no {own} cards; the nearest is {fit.product.describe()}, {scale}: deck "{deck_id}" '
            f"keeps {own} (--fit exact), which the shop will not take as it is"
        )
        hint = "--fit nearest makes the files at the shop's size, the layout scaled"
    else:
        message = (
            f'{profile.shop} sells no {own} cards: deck "{deck_id}" is made as their {fit.product.describe()}, '
            f"the layout scaled {scale}"
        )
        hint = "--fit exact keeps the deck's own size instead; docs/exports.md lists each shop's sizes"
    return warning(
        "export/shop-size",
        shown_path(done.pack.root / PACK_FILE),
        message,
        line=done.pack.line("deck", deck_id),
        field=f"deck.{deck_id}.card_size",
        hint=hint,
    )
