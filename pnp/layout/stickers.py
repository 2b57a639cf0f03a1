"""Translation stickers: each card's panels on their own, to print on sticker paper and stick
on the cards you own.

A sticker is the panel a scanned card would carry, laid out by the same `scan` layout
and `panels` element: the same box, fill and text, so it fits its text as the card
does.  Each becomes a face of the region's size, its elements moved to the region's
top-left corner; cards need no scan (a `sample` fill without one is white).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from pnp.errors import Finding, has_errors
from pnp.layout.faces import FaceLayout, LaidOutElement, layout_card
from pnp.layout.panels import panel_context
from pnp.layout.plan import _context, _region_scale, _scan_template, deck_size
from pnp.layout.templates import load_family
from pnp.model import PackData
from pnp.paths import TEMPLATES_DIR, shown_path
from pnp.units import Size, mm


@dataclass(frozen=True)
class StickerPanel:
    card: str
    title: str  # the card's title in the build's language, for the label beside the cut
    region: str
    field: str
    copies: int
    fill: str
    face: FaceLayout  # the panel alone: its size is the region's, its origin the region's corner


def sticker_panels(
    pack: PackData, language: str, templates_root: Path = TEMPLATES_DIR
) -> tuple[list[StickerPanel], list[Finding]]:
    """Every panel of every card whose type declares text regions, in deck and card order."""
    templates, findings = load_family(templates_root, pack.pack.template_family, pack.root)
    if has_errors(findings):
        return [], findings
    panels: list[StickerPanel] = []
    typed = {t.id for t in pack.pack.card_type if t.region}
    for deck in pack.decks:
        if deck.deck.origin is not None or not any(c.type in typed for c in deck.cards):
            continue
        size = deck_size(deck)
        scale = _region_scale(deck, size)
        template = _scan_template(templates, size, deck, deck.cards[0], findings)
        if template is None:
            return [], findings
        shown = shown_path(deck.file)
        for card in deck.cards:
            if card.type not in typed or card.placeholder:
                continue
            context = _context(pack, deck, card, None, language, False)
            context["card"]["scan"] = None  # the sticker is the panel alone
            regions = panel_context(pack, card, context["card"], scale)
            context["card"]["panels"] = regions
            face, problems = layout_card(template, size, context, (shown, pack.line("card", card.id)))
            findings += problems
            if face is None:
                continue
            for region in regions:
                elements = [
                    e for e in face.elements if e.name in (f"panel-{region['id']}", f"panel-{region['id']}-text")
                ]
                if len(elements) < 2:  # no text for this region on this card: nothing to stick
                    continue
                panels.append(
                    StickerPanel(
                        card.id,
                        str(context["card"]["title"]),
                        region["id"],
                        region["field"],
                        card.count,
                        region["fill"],
                        _alone(face, elements, region),
                    )
                )
    return panels, findings


def _alone(face: FaceLayout, elements: list[LaidOutElement], region: dict[str, object]) -> FaceLayout:
    """The panel's elements on a face of the region's size, its corner at the origin."""
    left, top = mm(float(region["x"])), mm(float(region["y"]))  # type: ignore[arg-type]
    moved = []
    for element in elements:
        values = dict(element.props)
        values["x"] = round(values["x"] - left, 4)
        values["y"] = round(values["y"] - top, 4)
        moved.append(LaidOutElement(element.name, element.kind, tuple(sorted(values.items()))))
    size = Size(mm(float(region["width"])), mm(float(region["height"])))  # type: ignore[arg-type]
    key = f"{face.key}-{region['id']}"
    return replace(face, key=key, size=size, elements=tuple(moved))
