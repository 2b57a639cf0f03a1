"""Every face of a pack laid out, once, for whoever needs it: build, check and proof.

This is the one code path that decides whether the cards can be laid out:
a missing family or layout, a layout error, a card whose art no layout element
shows, an icon with no drawing.  `pnp build` lays out with it and stops on its
errors; `pnp check` runs it too, so a pack that check passes never fails here.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.collector import collector_paused
from pnp.errors import Finding, error, has_errors, info, once_per_place, warning
from pnp.i18n import N_, _, ngettext
from pnp.images import source_problem
from pnp.layout.arrangement import arrangement_findings
from pnp.layout.bilingual import resize, with_source_text
from pnp.layout.faces import KEEP_WHOLE, FaceLayout, card_context, deck_context, layout_back, layout_card
from pnp.layout.icons import broken_icons, missing_drawings, pack_icons, token_icon_findings
from pnp.layout.memo import CardRecord, DeckMemo, DeckRecord, KeptCard, LayoutMemo, Told
from pnp.layout.panels import card_mm, panel_context
from pnp.layout.scans import scan_findings
from pnp.layout.templates import IconFile, Template, TemplateSet, layout_candidates, load_family, size_class
from pnp.model import Card, Face, LoadedDeck, PackData, card_json
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

    With a memo, a deck, a card or a face laid out before from the same inputs is taken from it
    (pnp.layout.memo)."""
    with collector_paused():  # the faces taken from the memo are many objects, none in a cycle
        return _lay_out_pack(pack, language, decks, templates_root, card_size, bilingual, memo)


def _lay_out_pack(
    pack: PackData,
    language: str,
    decks: Iterable[LoadedDeck] | None,
    templates_root: Path,
    card_size: str | None,
    bilingual: bool,
    memo: LayoutMemo | None,
) -> PackFaces:
    templates, findings = load_family(templates_root, pack.pack.template_family, pack.root)
    icons, problems = pack_icons(pack, templates, memo.cache if memo is not None else None)
    templates.icons = icons  # from here on, the icons these faces can draw: the pack's and the family's
    laid = PackFaces(templates, icons, findings=[*findings, *problems])
    if not templates.templates or has_errors(findings):
        return laid  # a broken layout would only repeat as "no layout" on every card
    chosen = list(decks) if decks is not None else [d for d in pack.decks if d.cards]
    inputs = pack_inputs(pack, templates, language, card_size, bilingual) if memo is not None else ""
    for deck in chosen:
        built = _lay_out_deck(pack, deck, templates, language, card_size, bilingual, laid.findings, memo, inputs)
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
    inputs: str = "",
) -> DeckFaces | None:
    """The deck's faces, their findings added to `findings`.  With a memo, `inputs` is what every
    deck of the pack reads (pack_inputs): a deck whose inputs are all as the last build found them
    is taken whole from the memo, and in one whose cards alone changed, only those are laid out."""
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
    shown = shown_path(deck.file)  # once per deck: resolving paths is not free at 5000 cards
    lines = [pack.line("card", card.id) for card in deck.cards]
    kept = memo.deck(f"{shown}#{deck.deck.id}") if memo is not None else None
    digest = cards = ""
    head = None
    written: list[str] = []
    if kept is not None:
        digest = deck_digest(pack, deck, templates, size, shown, inputs, kept.memo.template_digest)
        written = [card_json(card) for card in deck.cards]
        cards = cards_digest(pack, deck, written, lines)
        whole = kept.whole(digest, cards, pack.root, lambda index: (shown, lines[index]))
        if whole is not None:
            return _as_before(deck, size, whole, findings)
        head = kept.head(digest, pack.root)
    work = _DeckWork(pack, deck, templates, language, bilingual, size, shown, kept)
    if head is None:
        head = work.back(back_template)
        if head is None:
            findings += work.back_problems
            return None
    findings += head.findings
    laid = DeckFaces(deck, size, head.back)
    told: set[tuple[str, str]] = set()
    recorded: list[tuple[int, tuple[str, int | None], CardRecord | None, tuple[FaceLayout, FaceLayout] | None]] = []
    for index, card in enumerate(deck.cards):
        where = (shown, lines[index])
        record: CardRecord | None = None
        if kept is None:
            faces, found, told_card = work.card(card, where, head.back)[:3]
        else:
            card_key = card_digest(pack, card, written[index])
            again = kept.card_as_before(card_key, where, pack.root, head.back) if head is not work.laid_head else None
            if again is not None:
                record, faces = again
            else:
                record, faces = work.recorded_card(card, where, head.back, card_key)
            found, told_card = (record.findings, record.told) if record is not None else work.last[1:3]
        findings += _with_told(found, told_card, told)
        if faces is not None:
            laid.cards.append(CardFaces(card, *faces))
        recorded.append((index, where, record, faces))
    if kept is not None:
        kept.save(digest, cards, head, recorded)
    return laid


def _as_before(
    deck: LoadedDeck, size: Size, whole: tuple[DeckRecord, list[KeptCard]], findings: list[Finding]
) -> DeckFaces:
    """The deck as the memo kept it: its findings in the order a fresh layout finds them."""
    head, cards = whole
    findings += head.findings
    laid = DeckFaces(deck, size, head.back)
    told: set[tuple[str, str]] = set()
    for index, faces, found, told_card in cards:
        if found or told_card:
            findings += _with_told(found, told_card, told)
        if faces is not None:
            laid.cards.append(CardFaces(deck.cards[index], *faces))
    return laid


def _with_told(
    found: list[Finding], told_card: tuple[tuple[str, str], int, Finding] | None, told: set[tuple[str, str]]
) -> list[Finding]:
    """A card's findings, with the deck's warning of panels without regions if it is the first to say it."""
    if told_card is None or told_card[0] in told:
        return found
    told.add(told_card[0])
    _, at, finding = told_card
    return [*found[:at], finding, *found[at:]]


Laid = tuple[tuple[FaceLayout, FaceLayout] | None, list[Finding], Told | None, list[str], bool]


class _DeckWork:
    """What laying out one deck's cards shares: the layouts found per type, the arrangements and
    pictures judged so far, the regions' scale."""

    def __init__(
        self,
        pack: PackData,
        deck: LoadedDeck,
        templates: TemplateSet,
        language: str,
        bilingual: bool,
        size: Size,
        shown: str,
        kept: DeckMemo | None,
    ) -> None:
        self.pack, self.deck, self.templates, self.language, self.bilingual = pack, deck, templates, language, bilingual
        self.size, self.shown, self.kept = size, shown, kept
        self.images: dict[str, str | None] = {}  # source -> its problem: a layout's own picture is read once per deck
        self.arranged: dict[tuple[object, ...], list[Finding]] = {}  # while these templates live
        self.scale = _region_scale(deck, size)
        self.with_regions = {t.id for t in pack.pack.card_type if t.region}
        self.chosen: dict[str, tuple[Template | None, list[Template]]] = {}  # card type -> its layout, own layouts
        self.back_problems: list[Finding] = []
        self.laid_head: DeckRecord | None = None
        self.last: Laid = (None, [], None, [], True)

    def back(self, back_template: Template) -> DeckRecord | None:
        """The deck's shared back laid out, with what judging it finds; None (back_problems) when it fails."""
        pack, deck, language = self.pack, self.deck, self.language
        deck_back, problems = layout_back(
            back_template,
            self.size,
            {
                "deck": deck_context(pack, deck.deck, language),
                "pack": {"id": pack.pack.id, "name": pack.pack.name.get(language) or _source(pack, pack.pack.name)},
                "lang": language,
                KEEP_WHOLE: tuple(pack.pack.words),
            },
        )
        if deck_back is None:
            self.back_problems = problems
            return None
        asked: list[str] = []
        found = [*problems, *_image_problems(pack, deck_back, deck.deck.back.image, back_template, self.images, asked)]
        found += arrangement_findings(deck_back, back_template, self.arranged)
        files = self.kept.memo.file_states(pack.root, asked) if self.kept is not None else []
        self.laid_head = DeckRecord(deck_back, found, files)
        return self.laid_head

    def recorded_card(
        self, card: Card, where: tuple[str, int | None], deck_back: FaceLayout, digest: str
    ) -> tuple[CardRecord | None, tuple[FaceLayout, FaceLayout] | None]:
        """The card laid out, with its record for the memo; no record when its faces had findings."""
        assert self.kept is not None
        faces, found, told, sources, clean = self.last = self.card(card, where, deck_back)
        if not clean:
            return None, faces
        contexts = None
        if faces is not None:
            front, back = (self.kept.context_of(face) for face in faces)
            if front is None or (card.back is not None and back is None):
                return None, faces
            contexts = (front, back if card.back is not None else None)
        return CardRecord(digest, contexts, found, told, self.kept.memo.file_states(self.pack.root, sources)), faces

    def card(self, card: Card, where: tuple[str, int | None], deck_back: FaceLayout) -> Laid:
        """One card's faces (None: it has none to print), its findings, the panels warning it would say
        first, the pictures it read, and whether its faces were laid out without findings."""
        pack, deck, templates, size = self.pack, self.deck, self.templates, self.size
        found: list[Finding] = []
        told: Told | None = None
        sources: list[str] = [card.scan] if card.scan is not None else []
        template = _card_template(pack, deck, card, templates, size, found, self.chosen)
        if template is None:
            return None, found, None, sources, True
        lay_out = self.kept.card if self.kept is not None else layout_card
        front_template, context = template, _context(pack, deck, card, None, self.language, self.bilingual)
        if card.scan is not None and (pack.root / card.scan).is_file():
            found += scan_findings(pack, card, deck_size(deck), where)
            front_template = _scan_template(templates, size, deck, card, found) or template
            context["card"]["panels"] = panel_context(pack, card, context["card"], self.scale)
        elif _draws_panels(template):  # a type's own layout with panels (over a drawn frame): the same regions
            if card.type in self.with_regions:
                context["card"]["panels"] = panel_context(pack, card, context["card"], self.scale)
            else:
                told = ((template.name, card.type), len(found), _no_regions(template, card))
        front, problems = lay_out(front_template, size, context, where)
        found += problems
        clean = not problems
        back: FaceLayout | None = deck_back
        if card.back is not None:
            back_context = _context(pack, deck, card, card.back, self.language, self.bilingual)
            back, problems = lay_out(template, size, back_context, where)
            found += problems
            clean = clean and not problems
        if front is None or back is None:
            return None, found, told, sources, clean
        arranged, images = self.arranged, self.images
        if front_template is template:  # a scan's panels sit where the original's text is: not the layout's
            found += arrangement_findings(front, template, arranged)
        if card.back is not None:
            found += arrangement_findings(back, template, arranged)
        if front_template is template:  # over a scan, the card's art is the scan's own
            found += _unplaced_art(front, card.art, template, "art", where)
        if card.back is not None:
            found += _unplaced_art(back, card.back.art, template, "back.art", where)
        found += _image_problems(pack, front, card.art, front_template, images, sources)
        if card.back is not None:
            found += _image_problems(pack, back, card.back.art, template, images, sources)
        return (front, back), found, told, sources, clean


def pack_inputs(pack: PackData, templates: TemplateSet, language: str, card_size: str | None, bilingual: bool) -> str:
    """What every deck's layout reads of the pack and the options: the pack's settings but its list of
    decks and what makes them up (a deck added or changed is not another deck's input), the glossary's
    keywords (a card prints them), the family."""
    settings = pack.pack.model_dump_json(exclude={"deck", "swap", "quantity", "manifest", "variant", "players"})
    keywords = pack.glossary.model_dump_json(include={"keyword"})
    return repr((str(pack.root), settings, keywords, language, card_size, bilingual, templates.family, templates.root))


def deck_digest(
    pack: PackData,
    deck: LoadedDeck,
    templates: TemplateSet,
    size: Size,
    shown: str,
    inputs: str,
    template_digest: Callable[[Template], str],
) -> str:
    """What a deck's layout reads but its cards: the pack's (`inputs`), the deck's own settings and
    file, and every layout its cards and back may be drawn with (those that exist, and those that do not)."""
    landscape, shape = _is_landscape(size), size_class(size)
    names = [BACK_TEMPLATE, SCAN_TEMPLATE, *sorted({card.type for card in deck.cards})]
    tried = dict.fromkeys(n for name in names for n in layout_candidates(name, landscape, shape))
    layouts = [(n, template_digest(t) if (t := templates.get(n)) is not None else None) for n in tried]
    described = repr((inputs, deck.deck.model_dump_json(), str(deck.file), shown, size, layouts))
    return hashlib.sha256(described.encode()).hexdigest()


def cards_digest(pack: PackData, deck: LoadedDeck, written: list[str], lines: list[int | None]) -> str:
    """The deck's cards (`written`: each card's JSON, card_json, which card_digest reads too: a card
    is written out once), where each is written, and the size of the deck a scanned card comes from."""
    digest = hashlib.sha256(deck.model_dump_json(exclude={"cards"}).encode())
    for text in written:
        digest.update(b"\0" + text.encode())
    scanned = [card_mm(pack, card) for card in deck.cards if card.scan is not None]
    digest.update(b"\0" + repr((lines, scanned)).encode())
    return digest.hexdigest()


def card_digest(pack: PackData, card: Card, written: str | None = None) -> str:
    """One card (`written`: its card_json, when made already), and for a scanned card the size of the
    deck it comes from (its panels' sampled colours are measured on it).  Not its line: a card taken
    from the memo is placed where it is now."""
    scanned = card_mm(pack, card) if card.scan is not None else None
    digest = hashlib.sha256((card_json(card) if written is None else written).encode())
    digest.update(b"\0" + repr(scanned).encode())
    return digest.hexdigest()[:32]


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
    asked: list[str] | None = None,
) -> list[Finding]:
    """Pictures an image element names that the renderer could not draw: missing, outside the pack,
    not a usable PNG or JPEG.  The card's own art (and a deck back's image) the loader has checked.
    `asked` gets every picture looked at: what the face's findings depend on, besides the face."""
    findings = []
    for element in face.elements:
        source = (element.field("source") or "") if element.kind == "image" else ""
        if not source or source == art:
            continue
        if asked is not None:
            asked.append(source)
        if source not in known:
            known[source] = source_problem(pack.root, source)
        problem = known[source]
        if problem is not None:
            file, line = template.where(element.name, "source")  # the layout names the picture: point there
            findings.append(
                error(
                    "layout/image",
                    file,
                    f'element "{element.name}": {problem}',
                    line=line,
                    card=face.card,
                    field=f"element.{element.name}.source",
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
