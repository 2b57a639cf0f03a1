"""Rules about the pack's aids (aids/*.toml): their texts checked as card text is, their fitting, their notes.

The text rules read cards; an aid's texts are handed to them as cards of a
deck of their own, one card per text (a heading, a paragraph, a list item, a
table cell), every language of it: so the glossary, the numbers and icons,
spelling, typography, accents and the rest judge an aid exactly as a card.
Their findings are then put back where the text is: the aid's file, the
line and the field (block[3].bullets.es[2]).  Headings, column headers and
cells are read as titles, paragraphs and list items as rules text.

Fitting (aid/fit) is a stage of the build, as a card's is: pnp.pipelines.aids.
"""

from __future__ import annotations

from dataclasses import replace

from pnp.check.rule import Rule
from pnp.errors import Finding, Severity, info, warning
from pnp.i18n import N_, _
from pnp.model import Card, Deck, LoadedDeck, PackData
from pnp.model.aids import Block, LoadedAid
from pnp.paths import shown_path

_TITLE_KINDS = ("heading", "columns", "rows")  # read as titles: short, no final period expected


def _units(block: Block) -> list[tuple[str, dict[str, str]]]:
    """The block's texts as (field path with {lang} for the language, text per language)."""
    if block.heading:
        return [("heading.{lang}", dict(block.heading))]
    if block.text:
        return [("text.{lang}", dict(block.text))]
    if block.bullets or block.steps:
        kind = "bullets" if block.bullets else "steps"
        items: dict[str, list[str]] = getattr(block, kind)
        count = max((len(v) for v in items.values()), default=0)
        return [
            (f"{kind}.{{lang}}[{n}]", {lang: values[n] for lang, values in items.items() if n < len(values)})
            for n in range(count)
        ]
    units = [(f"columns[{n}].header.{{lang}}", dict(c.header)) for n, c in enumerate(block.columns)]
    rows = max((len(v) for v in block.rows.values()), default=0)
    for r in range(rows):
        for c in range(len(block.columns)):
            cell = {lang: table[r][c] for lang, table in block.rows.items() if r < len(table) and c < len(table[r])}
            units.append((f"rows.{{lang}}[{r}][{c}]", cell))
    return units


_CITED = "text/cited-name"  # the one card-text rule that reads the pack's cards besides the aids' texts
_Place = tuple[LoadedAid, str]  # the aid and the field path, {lang} still to fill in


def aids_as_cards(pack: PackData) -> tuple[PackData, dict[str, _Place]]:
    """The pack holding only its aids' texts, one card per text, and where each card's text is."""
    decks, places, lines = [], {}, {}
    for aid in pack.aids:
        cards = []
        units = [("title.{lang}", dict(aid.aid.title))]
        for index, block in enumerate(aid.aid.block):
            units += [(f"block[{index}].{path}", texts) for path, texts in _units(block)]
        for n, (path, texts) in enumerate(units):
            card_id = f"{aid.id}-t{n}"
            as_title = path.startswith("title") or any(f".{kind}" in path for kind in _TITLE_KINDS)
            field = "title" if as_title else "text"
            given = {k: v for k, v in texts.items() if v}
            card = Card(id=card_id, type="aid", title=given if as_title else {}, text={} if as_title else given)
            cards.append(card)
            places[card_id] = (aid, path)
            for lang in texts:
                if (line := aid.line(path.format(lang=lang))) is not None:
                    lines[("field", f"{card_id}:{field}.{lang}")] = line
        deck = Deck(id=f"aid-{aid.id}", name=dict(aid.aid.title), card_size="poker", card_types=["aid"])
        decks.append(LoadedDeck(deck=deck, file=aid.file, cards=tuple(cards)))
    return pack.model_copy(update={"decks": tuple(decks), "lines": lines}), places


def _placed(finding: Finding, places: dict[str, _Place], source: str) -> Finding:
    place = places.get(finding.card or "")
    if place is None:
        return finding
    aid, path = place
    lang = (finding.field or "").rpartition(".")[2]
    field = path.format(lang=lang) if lang else path.replace(".{lang}", "")
    message, hint = finding.message, finding.hint
    for synthetic in ("title", "text"):  # "the original (title.en) ends with…": the aid's own field
        for language in {lang, source}:
            named, real = f"({synthetic}.{language})", f"({path.format(lang=language)})"
            message = message.replace(named, real)
            hint = hint.replace(named, real) if hint else hint
    return replace(
        finding,
        file=shown_path(aid.file),
        message=message,
        hint=hint,
        card=None,
        field=field,
        line=aid.line(field) or finding.line,
    )


def check_aid_texts(pack: PackData) -> list[Finding]:
    return aid_texts_with_cards(pack, aid_texts_alone(pack))


def aid_texts_alone(pack: PackData) -> dict[str, list[dict[str, object]]]:
    """By rule id, the findings of the card-text rules that judge the aids' texts alone: all but the
    cited names.  They depend on the aids and the pack's settings, never on a card, so a check after
    a card's edit takes them from its cache (pnp.check.cached).  As JSON, for that cache."""
    from pnp.check.text import RULES as TEXT_RULES  # the card-text rules, run on the aids' texts

    if not pack.aids:
        return {}
    as_cards, places = aids_as_cards(pack)
    source = pack.pack.source_language
    return {
        rule.id: [_placed(f, places, source).as_dict() for f in rule.run(as_cards) if f.card in places]
        for rule in TEXT_RULES
        if rule.id != _CITED
    }


def aid_texts_with_cards(pack: PackData, alone: dict[str, list[dict[str, object]]]) -> list[Finding]:
    """Every finding of the card-text rules on the aids' texts, in the order of the rules: those
    judged alone (`aid_texts_alone`) and the cited names, which may be any card of the pack's decks."""
    from pnp.check.text import RULES as TEXT_RULES

    if not pack.aids:
        return []
    as_cards, places = aids_as_cards(pack)
    beside_cards = as_cards.model_copy(
        update={"decks": pack.decks + as_cards.decks, "lines": pack.lines | as_cards.lines}
    )
    source = pack.pack.source_language
    findings = []
    for rule in TEXT_RULES:
        if rule.id == _CITED:
            findings += [_placed(f, places, source) for f in rule.run(beside_cards) if f.card in places]
        else:
            findings += [Finding.from_dict(item) for item in alone.get(rule.id, [])]
    return findings


def check_aid_gaps(pack: PackData) -> list[Finding]:
    """A text the original has and a target language lacks: that language's aid prints the original's."""
    findings = []
    source = pack.pack.source_language
    as_cards, places = aids_as_cards(pack) if pack.aids else (pack, {})
    for deck in as_cards.decks if pack.aids else ():
        for card in deck.cards:
            aid, path = places[card.id]
            texts = card.title or card.text
            for lang in pack.pack.target_languages:
                if texts.get(source, "").strip() and not texts.get(lang, "").strip():
                    field = path.format(lang=lang)
                    findings.append(
                        warning(
                            "aid/untranslated",
                            shown_path(aid.file),
                            _('no "{lang}" text: the {lang} aid prints the original\'s words here').format(lang=lang),
                            line=aid.line(field),
                            field=field,
                            hint=_("translate it as {field} = ...").format(field=field),
                        )
                    )
    return findings


def check_aid_verify(pack: PackData) -> list[Finding]:
    findings = []
    for aid in pack.aids:
        notes = [("verify", aid.aid.verify)] + [
            (f"block[{n}].verify", block.verify) for n, block in enumerate(aid.aid.block)
        ]
        findings += [
            info(
                "aid/verify",
                shown_path(aid.file),
                _("to verify (printed on the aid): {verify}").format(verify=reason),
                line=aid.line(field),
                field=field,
            )
            for field, reason in notes
            if reason
        ]
    return findings


RULES = (
    Rule(
        "aid/text",
        Severity.WARNING,
        N_("The texts of aids/*.toml pass the card-text rules (glossary, numbers, spelling, typography, …)."),
        check_aid_texts,
        alone=aid_texts_alone,
        with_cards=aid_texts_with_cards,
    ),
    Rule(
        "aid/untranslated",
        Severity.WARNING,
        N_("Every text of an aid's original has its translation."),
        check_aid_gaps,
    ),
    Rule(
        "aid/verify",
        Severity.INFO,
        N_("Aids and blocks marked `verify` still need checking; they print with the mark."),
        check_aid_verify,
    ),
)
