"""Cross-checks of a loaded pack: references between records, languages, files, icons.

The records each validated on their own (pnp.load.validate); here they are
checked against each other: a deck names card types that exist, a card's
type is one its deck holds, a swap's cards exist, art is inside the pack.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from pnp import markup
from pnp.errors import Finding, did_you_mean, error, has_errors, warning
from pnp.files import content_stamp
from pnp.i18n import _
from pnp.images import image_problem
from pnp.load import remembered
from pnp.load.card_memo import CardMemo, Placed
from pnp.load.swap_refs import check_swap_refs
from pnp.load.toml import TomlFile, inside_pack, key_lines, text_digest, unknown_reference
from pnp.model import Card, LoadedDeck, Pack, card_json
from pnp.model.glossary import Glossary
from pnp.paths import shown_path
from pnp.units import UnitError, parse_card_size


def cross_check(
    root: Path,
    pack_file: TomlFile,
    pack: Pack,
    decks: list[LoadedDeck],
    sources: dict[str, TomlFile],
    glossary: Glossary,
) -> list[Finding]:
    findings: list[Finding] = []
    findings += _check_pack_refs(pack_file, pack)
    findings += _check_duplicate_ids(decks, sources)
    cards = {card.id: card for deck in decks for card in deck.cards}
    findings += _check_cards(root, pack, decks, sources, glossary)
    findings += _check_keyword_languages(pack, decks, glossary)
    if len(decks) == len(pack.deck):  # else references into an unread deck cannot be judged
        known = set(cards) | {
            raw["id"]
            for source in sources.values()
            for raw in source.data.get("card", [])
            if isinstance(raw, dict) and isinstance(raw.get("id"), str)
        }
        findings += check_swap_refs(pack_file, pack, known)
    if not cards and not has_errors(findings):
        findings.append(
            error(
                "load/empty-pack",
                pack_file.shown,
                _("the pack has no cards"),
                hint=_("add [[card]] tables to the deck files that pack.toml names"),
            )
        )
    return findings


def _check_keyword_languages(pack: Pack, decks: list[LoadedDeck], glossary: Glossary) -> list[Finding]:
    """A keyword cards use with no name in a target language: that language's cards print the original's."""
    used: dict[str, str] = {}  # keyword id -> the first deck file that uses it
    for deck in decks:
        for card in deck.cards:
            for keyword in card.keywords:
                used.setdefault(_keyword_id(keyword), shown_path(deck.file))
    first_target = next(iter(pack.target_languages), None)
    findings = []
    for keyword_id, shown in used.items():
        entries = [k for k in glossary.keyword if k.id == keyword_id]
        if not entries:
            continue  # load/unknown-ref names it
        named = {k.lang or first_target for k in entries}
        for lang in pack.target_languages:
            if lang not in named:
                findings.append(
                    warning(
                        "load/keyword-untranslated",
                        shown,
                        _('keyword "{keyword}" has no name in "{lang}": its cards print "{word}", the original').format(
                            keyword=keyword_id, lang=lang, word=entries[0].source
                        ),
                        hint=_('add a [[keyword]] with id = "{keyword}" and lang = "{lang}" to glossary.toml').format(
                            keyword=keyword_id, lang=lang
                        ),
                    )
                )
    return findings


def _check_pack_refs(pack_file: TomlFile, pack: Pack) -> list[Finding]:
    findings: list[Finding] = []
    languages = [pack.source_language, *pack.target_languages]
    type_ids = [t.id for t in pack.card_type]
    deck_ids = [d.id for d in pack.deck]
    for label, ids in (
        ("card_type", type_ids),
        ("deck", deck_ids),
        ("swap", [s.id for s in pack.swap]),
        ("manifest", [m.id for m in pack.manifest]),
        ("quantity", [q.id for q in pack.quantity]),
    ):
        for index, dup in _duplicates(ids):
            findings.append(
                error(
                    "load/duplicate-id",
                    pack_file.shown,
                    _('the {label} id "{dup}" is used twice').format(label=label, dup=dup),
                    line=pack_file.line_of(label, index, "id"),
                    field=f"{label}.{dup}.id",
                )
            )
    for index, deck in enumerate(pack.deck):
        for card_type in deck.card_types:
            if card_type not in type_ids:
                findings.append(
                    unknown_reference(
                        pack_file,
                        "deck",
                        index,
                        "card_types",
                        f"deck.{deck.id}.card_types",
                        _("card type"),
                        card_type,
                        type_ids,
                        _("declare it as a [[card_type]]"),
                    )
                )
        try:
            parse_card_size(deck.card_size)
        except UnitError as exc:
            findings.append(
                error(
                    "load/invalid",
                    pack_file.shown,
                    str(exc),
                    line=pack_file.line_of("deck", index, "card_size"),
                    field=f"deck.{deck.id}.card_size",
                    hint=did_you_mean(
                        deck.card_size, ["poker", "bridge", "mini-american", "mini-euro", "tarot", "square"]
                    ),
                )
            )
        findings += _check_languages(
            pack_file.shown,
            languages,
            {"name": deck.name, "back.label": deck.back.label},
            pack_file.line_of("deck", index, "name"),
            prefix=f"deck.{deck.id}.",
        )
    for index, line in enumerate(pack.manifest):
        for deck_id in line.decks:
            if deck_id not in deck_ids:
                findings.append(
                    unknown_reference(
                        pack_file, "manifest", index, "decks", f"manifest.{line.id}.decks", "deck", deck_id, deck_ids
                    )
                )
    findings += _check_languages(pack_file.shown, languages, {"name": pack.name}, pack_file.line_of(None, None, "name"))
    named: list[tuple[str, int, str, dict[str, str]]] = [
        *(("card_type", i, r.id, r.name) for i, r in enumerate(pack.card_type)),
        *(("swap", i, r.id, r.name) for i, r in enumerate(pack.swap)),
        *(("manifest", i, r.id, r.name) for i, r in enumerate(pack.manifest)),
        *(("quantity", i, r.id, r.name) for i, r in enumerate(pack.quantity)),
    ]
    for table, index, record_id, name in named:
        findings += _check_languages(
            pack_file.shown,
            languages,
            {"name": name},
            pack_file.line_of(table, index, "name"),
            prefix=f"{table}.{record_id}.",
        )
    card_fields = set(Card.model_fields)
    for index, kind in enumerate(pack.card_type):
        for required in kind.requires:
            if required not in card_fields:
                findings.append(
                    error(
                        "load/unknown-ref",
                        pack_file.shown,
                        _('"{required}" is not a card field').format(required=required),
                        line=pack_file.line_of("card_type", index, "requires"),
                        field=f"card_type.{kind.id}.requires",
                        hint=did_you_mean(required, card_fields),
                    )
                )
    for index, deck in enumerate(pack.deck):
        if deck.back.image is not None:
            findings += _check_file_ref(
                pack_file.path.parent,
                pack_file.shown,
                deck.back.image,
                {"line": pack_file.line_of("deck", index, "back"), "field": f"deck.{deck.id}.back.image"},
            )
    return findings


def _check_duplicate_ids(decks: list[LoadedDeck], sources: dict[str, TomlFile]) -> list[Finding]:
    findings = []
    first_seen: dict[str, LoadedDeck] = {}
    for deck in decks:
        deck_file = sources[deck.deck.id]
        for card in deck.cards:
            if card.id in first_seen:
                other = first_seen[card.id]
                findings.append(
                    error(
                        "load/duplicate-id",
                        shown_path(deck.file),
                        _('the card id "{id}" is used twice').format(id=card.id),
                        line=_card_line(deck_file, card.id, occurrence=2 if other is deck else 1),
                        card=card.id,
                        field="id",
                        hint=_("it is also at {file}:{line}; give one of them another id").format(
                            file=shown_path(other.file), line=_card_line(sources[other.deck.id], card.id) or 1
                        ),
                    )
                )
            else:
                first_seen[card.id] = deck
    return findings


def _card_line(deck_file: TomlFile | None, card_id: str, occurrence: int = 1, key: str | None = "id") -> int | None:
    if deck_file is None:
        return None
    indices = deck_file.indices_of("card", card_id)
    return deck_file.line_of("card", indices[occurrence - 1], key) if len(indices) >= occurrence else None


def _dotted_line(deck_file: TomlFile | None, card_id: str, key: str) -> int | None:
    """The line of `title.fr` itself (locate() finds the first `title.` key of the card)."""
    if deck_file is None:
        return None
    indices = deck_file.indices_of("card", card_id)
    records = key_lines(deck_file.text, "card")
    if indices and indices[0] < len(records) and key in records[indices[0]]:
        return records[indices[0]][key]
    return _card_line(deck_file, card_id, key=key)


def _check_cards(
    root: Path, pack: Pack, decks: list[LoadedDeck], sources: dict[str, TomlFile], glossary: Glossary
) -> list[Finding]:
    """Every card's own cross-check, in deck and card order.  While pnp.load.remembered is on, a card
    whose key (card_key) is the one an earlier load kept is not checked again: its findings are taken
    from the cache, and their lines found again in its deck file, as for a card checked now."""
    cache = remembered.current()
    reads = PackReads.of(root, pack, glossary) if cache is not None else None
    findings: list[Finding] = []
    for deck in decks:
        shown = shown_path(deck.file)
        deck_file = sources[deck.deck.id]
        if reads is None:
            for card in deck.cards:
                findings += _placed(_check_card(root, pack, deck, card, glossary, shown), deck_file, card.id)
            continue
        memo = CardMemo(cache, deck.file, deck.deck.id)
        whole = deck_key(reads, deck, deck_file, shown)
        if (kept := memo.whole(whole, len(deck.cards))) is not None:  # the same deck file, reading the same
            for card, placed in zip(deck.cards, kept, strict=True):
                findings += _placed(placed, deck_file, card.id)
            continue
        for card in deck.cards:
            key = card_key(reads, deck, card, shown)
            found = memo.recall(key)
            if found is None:
                found = _check_card(root, pack, deck, card, glossary, shown)
                memo.keep(key, found)
            findings += _placed(found, deck_file, card.id)
        memo.save(whole)
    return findings


def _placed(found: list[Placed], deck_file: TomlFile | None, card_id: str) -> list[Finding]:
    """A card's findings with their lines, found in the deck file as it is now."""
    placed = []
    for finding, kind in found:
        key = finding.field or ""
        line = _dotted_line(deck_file, card_id, key) if kind == "dotted" else _card_line(deck_file, card_id, key=key)
        placed.append(replace(finding, line=line))
    return placed


@dataclass(frozen=True)
class PackReads:
    """What a card's check may read of the rest of the pack, gathered once per load (see card_key)."""

    root: Path
    type_ids: list[str]
    requires: dict[str, list[str]]  # a card type's required fields, by id (the first type of an id)
    languages: list[str]
    icons: list[str]
    icon_names: frozenset[str]  # every name {icon} may use: pack.icons and pack.icon_files
    keyword_ids: list[str]
    keyword_set: frozenset[str]

    def said(self) -> tuple[object, ...]:
        """All of it, the same in every process (a set's order is not)."""
        return (
            str(self.root),
            self.type_ids,
            sorted(self.requires.items()),
            self.languages,
            self.icons,
            sorted(self.icon_names),
            self.keyword_ids,
        )

    @classmethod
    def of(cls, root: Path, pack: Pack, glossary: Glossary) -> PackReads:
        """`root` as inside_pack takes it: every file a card names is resolved against it."""
        requires: dict[str, list[str]] = {}
        for card_type in pack.card_type:
            requires.setdefault(card_type.id, list(card_type.requires))
        keyword_ids = [k.id for k in glossary.keyword]
        return cls(
            root=Path(os.path.realpath(root)),
            type_ids=[t.id for t in pack.card_type],
            requires=requires,
            languages=[pack.source_language, *pack.target_languages],
            icons=list(pack.icons),
            icon_names=frozenset(pack.icons) | frozenset(pack.icon_files),
            keyword_ids=keyword_ids,
            keyword_set=frozenset(keyword_ids),
        )


def deck_key(reads: PackReads, deck: LoadedDeck, deck_file: TomlFile, shown: str) -> str:
    """The digest of everything the checks of all of a deck's cards may read: its file's text (its cards
    are made from it alone), the deck, all of PackReads, and the files its cards name.  More than any
    card_key of the deck says, so a deck of the same key holds cards of the same keys."""
    named = [(card.art, card.back.art if card.back else None, card.scan) for card in deck.cards]
    parts = (
        text_digest(deck_file.text),
        shown,
        deck.deck.id,
        deck.deck.card_types,
        reads.said(),
        [file_state(reads.root, relative) for files in named for relative in files if relative is not None],
    )
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def card_key(reads: PackReads, deck: LoadedDeck, card: Card, shown: str) -> str:
    """The digest of everything _check_card reads: the card itself, its deck, and of the rest of the pack
    only what this card's findings depend on.  A name the card refers to adds only whether it exists; the
    list of known names too when it does not (its hint names the closest).  A file it names adds what the
    file system says of it (file_state).  Every read _check_card makes must be said here: a read left out
    would keep a card's old findings after what it read had changed."""
    if card.type not in reads.type_ids:
        kind: tuple[object, ...] = ("unknown", reads.type_ids)
    else:
        kind = ("known", reads.requires[card.type])
    icons = [icon for text in _card_texts(card) for icon in markup.icons_in(text) if icon not in reads.icon_names]
    keywords = [k for k in (_keyword_id(keyword) for keyword in card.keywords) if k not in reads.keyword_set]
    named = (card.art, card.back.art if card.back else None, card.scan)
    digest = hashlib.sha256(card_json(card).encode())
    rest = (
        str(reads.root),
        shown,
        deck.deck.id,
        deck.deck.card_types,
        kind,
        reads.languages,
        (icons, reads.icons) if icons else (),
        (keywords, reads.keyword_ids) if keywords else (),
        [file_state(reads.root, relative) for relative in named],
    )
    digest.update(b"\0" + repr(rest).encode())  # plain strings, numbers and lists: their repr says them all
    return digest.hexdigest()


def file_state(root: Path, relative: str | None) -> tuple[object, ...] | None:
    """What _check_file_ref (and a scan's test of being there) reads of the file system for `relative`:
    where it leads (inside_pack resolves it the same way); for a plain file its size, times, inode and
    device (its bytes are the same while these are: pnp.assets.file_digests says why); else whether
    anything is there and what its folder holds (the hint names the closest file)."""
    if relative is None:
        return None
    path = os.path.realpath(os.path.join(root, relative))
    try:
        info = os.stat(path)
    except OSError:
        info = None
    if info is not None and stat.S_ISREG(info.st_mode):
        return (relative, path, *content_stamp(info))
    try:
        names: list[str] | None = sorted(os.listdir(os.path.dirname(path)))
    except OSError:
        names = None
    return (relative, path, info is not None, names)


def _card_texts(card: Card) -> list[str]:
    return [text for localized in _card_fields(card).values() for text in localized.values()]


def _card_fields(card: Card) -> dict[str, dict[str, str]]:
    """The card's texts per language, by field, in the order they are checked."""
    texts = {"title": card.title, "subtitle": card.subtitle, "text": card.text, "flavour": card.flavour}
    if card.back is not None:
        texts |= {"back.title": card.back.title, "back.text": card.back.text, "back.flavour": card.back.flavour}
    return texts


def _keyword_id(keyword: str) -> str:
    """ "boarding 2" -> "boarding": a keyword's value is not part of its id."""
    return keyword.rsplit(" ", 1)[0] if keyword.rsplit(" ", 1)[-1].isdigit() else keyword


def _check_card(root: Path, pack: Pack, deck: LoadedDeck, card: Card, glossary: Glossary, shown: str) -> list[Placed]:
    """One card's findings, each without its line and with how to find it (_placed): the line is the
    only thing they take from the deck file, and it moves when a card above is edited."""
    findings: list[Placed] = []

    def where(key: str) -> dict:
        return {"card": card.id, "field": key}

    def add(finding: Finding) -> None:
        findings.append((finding, "card"))

    type_ids = [t.id for t in pack.card_type]
    if card.type not in type_ids:
        add(
            error(
                "load/unknown-ref",
                shown,
                _('unknown card type "{type}"').format(type=card.type),
                **where("type"),
                hint=did_you_mean(card.type, type_ids) or _("declare it in pack.toml as a [[card_type]]"),
            )
        )
    elif card.type not in deck.deck.card_types:
        add(
            error(
                "load/wrong-deck",
                shown,
                _('deck "{id}" does not hold cards of type "{type}"').format(id=deck.deck.id, type=card.type),
                **where("type"),
                hint=_("this deck holds: {card_types}").format(card_types=", ".join(deck.deck.card_types)),
            )
        )
    else:
        card_type = next(t for t in pack.card_type if t.id == card.type)
        for required in card_type.requires:
            if getattr(card, required, None) in (None, {}, [], ""):
                add(
                    error(
                        "load/missing-field",
                        shown,
                        _('cards of type "{type}" need the field "{required}"').format(
                            type=card.type, required=required
                        ),
                        **where(required),
                    )
                )
    languages = [pack.source_language, *pack.target_languages]
    texts = _card_fields(card)
    # each at the line of its dotted key (title.fr), found by _dotted_line from the finding's field
    findings += [(finding, "dotted") for finding in _check_languages(shown, languages, texts, None, card=card.id)]
    if pack.source_language not in card.title:
        add(
            error(
                "load/missing-field",
                shown,
                _("the title in the source language ({source_language}) is missing").format(
                    source_language=pack.source_language
                ),
                **where("title"),
                hint=_('write title.{source_language} = "..."').format(source_language=pack.source_language),
            )
        )
    for lang in card.status:
        if lang not in pack.target_languages:
            add(
                error(
                    "load/unknown-language",
                    shown,
                    _('status is per target language, and "{lang}" is not one').format(lang=lang),
                    **where("status"),
                    hint=_("target languages: {target_languages}").format(
                        target_languages=", ".join(pack.target_languages)
                    ),
                )
            )
    for key, localized in texts.items():
        for lang, text in localized.items():
            for icon in markup.icons_in(text):
                if icon not in pack.icons and icon not in pack.icon_files:
                    add(
                        error(
                            "load/unknown-icon",
                            shown,
                            _("unknown icon {{{icon}}}").format(icon=icon),
                            **where(f"{key}.{lang}"),
                            hint=did_you_mean(icon, pack.icons) or _("declare it in pack.toml icons"),
                        )
                    )
            for problem in markup.problems(text):
                add(warning("load/markup", shown, problem.message, **where(f"{key}.{lang}"), hint=problem.hint))
    keyword_ids = [k.id for k in glossary.keyword]
    for keyword in card.keywords:
        keyword_id = _keyword_id(keyword)
        if keyword_id not in keyword_ids:
            add(
                error(
                    "load/unknown-ref",
                    shown,
                    _('unknown keyword "{keyword}"').format(keyword=keyword),
                    **where("keywords"),
                    hint=did_you_mean(keyword_id, keyword_ids) or _("declare it in glossary.toml as a [[keyword]]"),
                )
            )
    for key, art in (("art", card.art), ("back.art", card.back.art if card.back else None)):
        if art is not None:
            for finding in _check_file_ref(root, shown, art, where(key)):
                add(finding)
    # a scan is of the owner's own copy and stays out of a shared pack: one not there is no error (the
    # card prints with its layout, pnp.layout.plan says so once); one that is there must be a usable image
    if card.scan is not None and (inside_pack(root, card.scan) is None or (root / card.scan).exists()):
        for finding in _check_file_ref(root, shown, card.scan, where("scan")):
            add(finding)
    return findings


def _check_file_ref(root: Path, shown: str, relative: str, where: dict) -> list[Finding]:
    path = inside_pack(root, relative)
    if path is None:
        return [
            error(
                "load/outside-pack",
                shown,
                _('the path "{relative}" leads outside the pack folder').format(relative=relative),
                **where,
                hint=_('put the file in the pack\'s art/ folder and write art = "art/<name>"'),
            )
        ]
    if not path.is_file():
        nearby = (
            [f"{Path(relative).parent / p.name}".removeprefix("./") for p in path.parent.glob("*")]
            if path.parent.is_dir()
            else []
        )
        return [
            error(
                "load/missing-file",
                shown,
                _('the file "{relative}" does not exist').format(relative=relative),
                **where,
                hint=did_you_mean(relative, nearby) or _("check the name, or remove the field until the file exists"),
            )
        ]
    problem = image_problem(path)
    if problem is not None:
        return [
            error(
                "load/bad-image",
                shown,
                problem,
                **where,
                hint=_("export the art again as PNG or JPEG, at most about 600 dpi at its printed size"),
            )
        ]
    return []


def _check_languages(
    shown: str,
    languages: list[str],
    fields: dict[str, dict[str, str]],
    line: int | None,
    prefix: str = "",
    card: str | None = None,
    line_of=None,
) -> list[Finding]:
    findings = []
    for key, localized in fields.items():
        for lang in localized:
            if lang not in languages:
                findings.append(
                    error(
                        "load/unknown-language",
                        shown,
                        _('"{lang}" is not a language of this pack').format(lang=lang),
                        line=line_of(f"{key}.{lang}") if line_of else line,
                        card=card,
                        field=f"{prefix}{key}.{lang}",
                        hint=did_you_mean(lang, languages)
                        or _("languages: {languages}").format(languages=", ".join(languages)),
                    )
                )
    return findings


def _duplicates(ids: Iterable[str]) -> list[tuple[int, str]]:
    seen: set[str] = set()
    found = []
    for index, item in enumerate(ids):
        if item in seen:
            found.append((index, item))
        seen.add(item)
    return found
