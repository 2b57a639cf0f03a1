"""Every face of a pack laid out, once, for whoever needs it: build, check and proof.

This is the one code path that decides whether the cards can be laid out:
a missing family or layout, a layout error, a card whose art no layout element
shows, an icon with no drawing.  `pnp build` lays out with it and stops on its
errors; `pnp check` runs it too, so a pack that check passes never fails here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.errors import Finding, error, has_errors, info, once_per_place, warning
from pnp.i18n import N_, _, ngettext
from pnp.images import source_problem
from pnp.layout.arrangement import arrangement_findings
from pnp.layout.bilingual import resize, with_source_text
from pnp.layout.faces import KEEP_WHOLE, FaceLayout, card_context, deck_context, layout_back, layout_card
from pnp.layout.icons import broken_icons, missing_drawings, pack_icons, token_icon_findings
from pnp.layout.memo import LayoutMemo
from pnp.layout.panels import panel_context
from pnp.layout.scans import scan_findings
from pnp.layout.templates import IconFile, Template, TemplateSet, layout_candidates, load_family, size_class
from pnp.model import Card, Face, LoadedDeck, PackData
from pnp.paths import TEMPLATES_DIR, shown_path
from pnp.units import Size, UnitError, parse_card_size

BACK_TEMPLATE = "back"
DEFAULT_TEMPLATE = "default"


@dataclass(frozen=True)
class CardFaces:
    card: Card
    front: FaceLayout
    back: FaceLayout  # its own B side, or the deck's back


@dataclass
class DeckFaces:
    deck: LoadedDeck
    size: Size
    back: FaceLayout  # the deck's shared back
    cards: list[CardFaces] = field(default_factory=list)


@dataclass
class PackFaces:
    templates: TemplateSet
    icons: dict[str, IconFile]
    decks: list[DeckFaces] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    def faces(self) -> dict[str, FaceLayout]:
        """Every distinct face by key: equal faces are drawn once."""
        found: dict[str, FaceLayout] = {}
        for deck in self.decks:
            found[deck.back.key] = deck.back
            for card in deck.cards:
                found[card.front.key] = card.front
                found[card.back.key] = card.back
        return found


def deck_size(deck: LoadedDeck, card_size: str | None = None) -> Size:
    """The deck's card size, or --card-size in the deck's orientation (the layout scales to it)."""
    size = parse_card_size(deck.deck.card_size)
    size = size.landscape() if deck.deck.orientation == "landscape" else size.portrait()
    return resize(size, card_size)


def lay_out_pack(
    pack: PackData,
    language: str,
    decks: Iterable[LoadedDeck] | None = None,
    templates_root: Path = TEMPLATES_DIR,
    card_size: str | None = None,
    bilingual: bool = False,
    memo: LayoutMemo | None = None,
) -> PackFaces:
    """Lay out every card of `decks` (default: every deck with cards) in `language`.

    With a memo, a face laid out before for the same template, size and context is taken from it."""
    templates, findings = load_family(templates_root, pack.pack.template_family, pack.root)
    icons, problems = pack_icons(pack, templates, memo.cache if memo is not None else None)
    templates.icons = icons  # from here on, the icons these faces can draw: the pack's and the family's
    laid = PackFaces(templates, icons, findings=[*findings, *problems])
    if not templates.templates or has_errors(findings):
        return laid  # a broken layout would only repeat as "no layout" on every card
    chosen = list(decks) if decks is not None else [d for d in pack.decks if d.cards]
    for deck in chosen:
        built = _lay_out_deck(pack, deck, templates, language, card_size, bilingual, laid.findings, memo)
        if built is not None:
            laid.decks.append(built)
    if memo is not None:
        memo.save()
    laid.findings += _bleed_note(pack, laid)
    broken = broken_icons(problems)
    laid.findings += missing_drawings(pack, icons, laid.faces().values(), broken)
    laid.findings += token_icon_findings(pack, icons, broken)
    laid.findings = once_per_place(laid.findings)
    return laid


def _bleed_note(pack: PackData, laid: PackFaces) -> list[Finding]:
    """Once per pack: the scans are cut at the card's edge, so their bleed is made up."""
    scanned = [c.front for d in laid.decks for c in d.cards if any(e.kind == "scan" for e in c.front.elements)]
    absent = [c.card.id for d in laid.decks for c in d.cards if c.card.scan and not (pack.root / c.card.scan).is_file()]
    notes = []
    if absent:
        notes.append(
            info(
                "scanned/missing",
                shown_path(pack.root / "pack.toml"),
                ngettext(
                    "{n} card names a scan that is not in the pack ({cards}): it prints with its layout",
                    "{n} cards name scans that are not in the pack ({cards}): they print with their layouts",
                    len(absent),
                ).format(n=len(absent), cards=", ".join(absent[:5]) + (", ..." if len(absent) > 5 else "")),
                hint=_("scans are of your own copy and stay out of a shared pack: pnp scan makes them"),
            )
        )
    if not scanned:
        return notes
    edges = sorted({e.typed.edge for face in scanned for e in face.elements if e.kind == "scan"})
    return [
        *notes,
        info(
            "scanned/bleed",
            shown_path(pack.root / "pack.toml"),
            ngettext(
                "{n} card is printed over its scan, which ends at the card's edge: its bleed is its edge, {edges}",
                "{n} cards are printed over their scans, which end at the card's edge: their bleed is "
                "their edge, {edges}",
                len(scanned),
            ).format(n=len(scanned), edges=", ".join(_(_EDGES[e]) for e in edges if e in _EDGES)),
            hint=_('a scan layout\'s scan element chooses: edge = "mirror" or edge = "stretch"'),
        ),
    ]


_EDGES = {"mirror": N_("mirrored"), "stretch": N_("stretched")}


def layout_findings(pack: PackData, memos: Callable[[str], LayoutMemo | None] | None = None) -> list[Finding]:
    """What laying out the pack finds, in every language it prints in, without fitting any text.

    `pnp check` lays out and fits as the build does (pnp.pipelines.fitting.layout_and_fitting_findings);
    this is the layout's half alone, for the tests of layouts."""
    findings: list[Finding] = []
    for language in pack.languages:
        findings += lay_out_pack(pack, language, memo=memos(language) if memos else None).findings
    return once_per_place(findings)


def _context(
    pack: PackData, deck: LoadedDeck, card: Card, face: Face | None, language: str, bilingual: bool
) -> dict[str, Any]:
    context = card_context(pack, deck.deck, card, face, language)
    return with_source_text(context, pack, card, face) if bilingual else context


def _lay_out_deck(
    pack: PackData,
    deck: LoadedDeck,
    templates: TemplateSet,
    language: str,
    card_size: str | None,
    bilingual: bool,
    findings: list[Finding],
    memo: LayoutMemo | None = None,
) -> DeckFaces | None:
    try:
        size = deck_size(deck, card_size)
    except UnitError:
        return None  # the loader reported the deck's size; --card-size is checked by the command
    landscape, shape = _is_landscape(size), size_class(size)
    back_template = templates.back_for(landscape, shape)
    if back_template is None:
        back_name = f"{BACK_TEMPLATE}-landscape" if landscape else BACK_TEMPLATE
        findings.append(
            error(
                "layout/no-template",
                shown_path(templates.root),
                _('the family has no {back_name}.toml for the backs of deck "{id}"').format(
                    back_name=back_name, id=deck.deck.id
                ),
                hint=_("add templates/{family}/{back_name}.toml").format(family=templates.family, back_name=back_name),
            )
        )
        return None
    deck_back, problems = layout_back(
        back_template,
        size,
        {
            "deck": deck_context(pack, deck.deck, language),
            "pack": {"id": pack.pack.id, "name": pack.pack.name.get(language) or _source(pack, pack.pack.name)},
            "lang": language,
            KEEP_WHOLE: tuple(pack.pack.words),
        },
    )
    findings += problems
    if deck_back is None:
        return None
    images: dict[str, str | None] = {}  # source -> its problem: a layout's own picture is read once per deck
    findings += _image_problems(pack, deck_back, deck.deck.back.image, back_template, images)
    arranged: dict[tuple[object, ...], list[Finding]] = {}  # while these templates live
    findings += arrangement_findings(deck_back, back_template, arranged)
    laid = DeckFaces(deck, size, deck_back)
    shown = shown_path(deck.file)  # once per deck: resolving paths is not free at 5000 cards
    scale = _region_scale(deck, size)
    with_regions = {t.id for t in pack.pack.card_type if t.region}
    told: set[tuple[str, str]] = set()
    chosen: dict[str, tuple[Template | None, list[Template]]] = {}  # card type -> its layout, its own layouts
    for card in deck.cards:
        template = _card_template(pack, deck, card, templates, size, findings, chosen)
        if template is None:
            continue
        where = (shown, pack.line("card", card.id))
        lay_out = memo.card if memo is not None else layout_card
        front_template, context = template, _context(pack, deck, card, None, language, bilingual)
        if card.scan is not None and (pack.root / card.scan).is_file():
            findings += scan_findings(pack, card, deck_size(deck), where)
            front_template = _scan_template(templates, size, deck, card, findings) or template
            context["card"]["panels"] = panel_context(pack, card, context["card"], scale)
        elif _draws_panels(template):  # a type's own layout with panels (over a drawn frame): the same regions
            if card.type in with_regions:
                context["card"]["panels"] = panel_context(pack, card, context["card"], scale)
            elif (template.name, card.type) not in told:
                told.add((template.name, card.type))
                findings.append(_no_regions(template, card))
        front, problems = lay_out(front_template, size, context, where)
        findings += problems
        back: FaceLayout | None = deck_back
        if card.back is not None:
            back, problems = lay_out(template, size, _context(pack, deck, card, card.back, language, bilingual), where)
            findings += problems
        if front is None or back is None:
            continue
        if front_template is template:  # a scan's panels sit where the original's text is: not the layout's
            findings += arrangement_findings(front, template, arranged)
        if card.back is not None:
            findings += arrangement_findings(back, template, arranged)
        if front_template is template:  # over a scan, the card's art is the scan's own
            findings += _unplaced_art(front, card.art, template, "art", where)
        if card.back is not None:
            findings += _unplaced_art(back, card.back.art, template, "back.art", where)
        findings += _image_problems(pack, front, card.art, front_template, images)
        if card.back is not None:
            findings += _image_problems(pack, back, card.back.art, template, images)
        laid.cards.append(CardFaces(card, front, back))
    return laid


SCAN_TEMPLATE = "scan"


def _draws_panels(template: Template) -> bool:
    return any(element.get("kind") == "panels" for element in template.elements)


def _no_regions(template: Template, card: Card) -> Finding:
    """A layout's panels with no regions to draw: said, not left blank in silence."""
    return warning(
        "layout/no-regions",
        template.file,
        _(
            'layout "{layout}" draws text panels, but card type "{type}" declares no text regions: '
            "its cards print no panel"
        ).format(layout=template.name, type=card.type),
        card=card.id,
        hint=_("declare the type's regions as [[card_type.region]] in pack.toml (docs/pack-format.md)"),
    )


def _region_scale(deck: LoadedDeck, size: Size) -> tuple[float, float]:
    """Regions are measured on the deck's cards; --card-size draws them at another size."""
    try:
        own = deck_size(deck)
    except UnitError:
        return (1.0, 1.0)
    return (size.width / own.width, size.height / own.height)


def _scan_template(
    templates: TemplateSet, size: Size, deck: LoadedDeck, card: Card, findings: list[Finding]
) -> Template | None:
    """The family's scan layout, for the card's shape and orientation: the scan under its panels."""
    landscape = _is_landscape(size)
    names = [n for n in layout_candidates(SCAN_TEMPLATE, landscape, size_class(size)) if n.startswith(SCAN_TEMPLATE)]
    found = [templates.templates[n] for n in names if n in templates.templates]
    matching = [t for t in found if _is_landscape(t.design_size) == landscape]
    if matching:
        return matching[0]
    name = f"{SCAN_TEMPLATE}-landscape" if landscape else SCAN_TEMPLATE
    findings.append(
        error(
            "layout/no-template",
            shown_path(templates.root),
            _('the family has no {name}.toml to print card "{card}" over its scan').format(name=name, card=card.id),
            card=card.id,
            field="scan",
            hint=_('add templates/{family}/{name}.toml with extends = "generic/{name}"').format(
                family=templates.family, name=name
            ),
        )
    )
    return None


def _card_template(
    pack: PackData,
    deck: LoadedDeck,
    card: Card,
    templates: TemplateSet,
    size: Size,
    findings: list[Finding],
    chosen: dict[str, tuple[Template | None, list[Template]]] | None = None,
) -> Template | None:
    """The card's layout, its problems added to `findings`.  `chosen`: the layouts found for each
    card type of this deck so far (the same type, size and templates find the same layouts)."""
    chosen = {} if chosen is None else chosen
    if card.type not in chosen:
        landscape, shape = _is_landscape(size), size_class(size)
        chosen[card.type] = (
            templates.layout_for(card.type, landscape, shape),
            templates.own_layouts(card.type, landscape, shape),
        )
    template, own = chosen[card.type]
    if template is None:
        findings.append(
            error(
                "layout/no-template",
                shown_path(deck.file),
                _('no layout for cards of type "{type}" in the "{family}" family').format(
                    type=card.type, family=templates.family
                ),
                line=pack.line("card", card.id),
                card=card.id,
                field="type",
                hint=_("add templates/{family}/{type}.toml (or {DEFAULT_TEMPLATE}.toml)").format(
                    family=templates.family, type=card.type, DEFAULT_TEMPLATE=DEFAULT_TEMPLATE
                ),
            )
        )
        return None
    if own and all(t is not template for t in own):
        # the type's own layout exists but is drawn for the other orientation: say why it is not used
        findings.append(
            warning(
                "layout/orientation",
                own[0].file,
                _(
                    'this layout is drawn for {design_size} cards, and deck "{deck}" is {size}: '
                    'its "{type}" cards are drawn with "{layout}" instead'
                ).format(
                    design_size=_(_orientation(own[0].design_size)),
                    deck=deck.deck.id,
                    size=_(_orientation(size)),
                    type=card.type,
                    layout=template.name,
                ),
                field="design_size",  # one finding per deck and layout, not per card
                hint=_("name it {file} and give it a {orientation} design_size").format(
                    file=f"{card.type}-{_orientation(size)}.toml", orientation=_(_orientation(size))
                ),
            )
        )
    if _is_landscape(template.design_size) != _is_landscape(size):
        findings.append(
            error(
                "layout/orientation",
                template.file,
                _('this layout is drawn for {design_size} cards, and deck "{id}" is {size}').format(
                    design_size=_(_orientation(template.design_size)), id=deck.deck.id, size=_(_orientation(size))
                ),
                card=card.id,
                field="design_size",
                hint=_("add a {name}-landscape.toml (or -portrait), or set the deck's orientation").format(
                    name=template.name
                ),
            )
        )
        return None
    return template


def _unplaced_art(
    face: FaceLayout, art: str | None, template: Template, field_name: str, where: tuple[str, int | None]
) -> list[Finding]:
    """Art that no image element of the face shows would be dropped without a word: an error."""
    if art is None or any(e.kind == "image" and e.field("source") == art for e in face.elements):
        return []
    return [
        error(
            "layout/art-unplaced",
            where[0],
            _(
                'the card has art ({art}), and its layout "{name}" has no image element '
                "showing it: the art would not print"
            ).format(art=art, name=template.name),
            line=where[1],
            card=face.card,
            field=field_name,
            hint=_(
                'give {file} an element with kind = "image" and source = "{{{{ card.art }}}}" (docs/layouts.md)'
            ).format(file=template.file),
        )
    ]


def _image_problems(
    pack: PackData,
    face: FaceLayout,
    art: str | None,
    template: Template,
    known: dict[str, str | None],
) -> list[Finding]:
    """Pictures an image element names that the renderer could not draw: missing, outside the pack,
    not a usable PNG or JPEG.  The card's own art (and a deck back's image) the loader has checked."""
    findings = []
    for element in face.elements:
        source = (element.field("source") or "") if element.kind == "image" else ""
        if not source or source == art:
            continue
        if source not in known:
            known[source] = source_problem(pack.root, source)
        problem = known[source]
        if problem is not None:
            file, line = template.where(element.name)  # the layout names the picture: point there
            findings.append(
                error(
                    "layout/image",
                    file,
                    f'element "{element.name}": {problem}',
                    line=line,
                    card=face.card,
                    field=f"element.{element.name}",
                    hint=_("a layout's pictures are PNG or JPEG files inside the pack (docs/layouts.md)"),
                )
            )
    return findings


def _source(pack: PackData, localized: dict[str, str]) -> str:
    return localized.get(pack.pack.source_language, "")


def _is_landscape(size: Size) -> bool:
    return size.width > size.height + 0.01


def _orientation(size: Size) -> str:
    return N_("landscape") if _is_landscape(size) else N_("portrait")  # also a file name: translated where shown
