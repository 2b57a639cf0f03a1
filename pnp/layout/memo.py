"""Decks laid out by an earlier build, kept under what made them: a rebuild lays out only what changed.

Laying out a face runs every jinja2 expression of its template over the card's
context, and judging it (its arrangement, its art, its pictures) reads every
element: for a large pack that is seconds.  So each deck's result is kept in one
cache entry per pack, language and deck, at three depths:

- the whole deck, under a digest of everything it reads (pnp.layout.plan says
  what: its cards and their lines, its own settings, the pack's settings a card
  reads, the layouts it can choose, the options) and the stamps of the pictures
  it read (scans, a layout's own pictures): when nothing changed, the deck is
  taken whole, its findings with it, and no card is looked at;
- each card, under a digest of the card, while the rest of the deck is as it was:
  after editing one card, the others are taken as they were, findings and all,
  each placed at the line it is at now (a card added above moves them);
- each face, under a digest of its template, size and context: after editing a
  layout or a setting every card reads, a face whose context did not change is
  not evaluated again.  Faces with findings are never kept: their cards are laid
  out again, so their findings are found again.

An entry holds the deck of the last build only, and is written whenever the deck
was not taken whole.  The laid-out elements of a deck are kept once each (most of
a face's elements are the same on many cards), and so are read once each; after an
edit the table is written as it was read, the edited card's new elements after it.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pnp.assets.file_digests import FileDigests
from pnp.cache import Cache, CacheKind
from pnp.errors import Finding
from pnp.layout.faces import FaceLayout, LaidOutElement, layout_card
from pnp.layout.templates import Template
from pnp.paths import TEMPLATES_DIR
from pnp.units import Size

Where = tuple[str, int | None]
# the warning of a layout with panels and a type without regions, said by the first card of the deck
# that has both: (layout, type), where it goes among the card's findings, the warning
Told = tuple[tuple[str, str], int, Finding]


def layout_memo(
    output: Path,
    read: bool,
    pack_root: Path,
    language: str,
    templates: Path = TEMPLATES_DIR,
    card_size: str | None = None,
    bilingual: bool = False,
) -> LayoutMemo:
    """The decks the last build (or check) with these options laid out, kept in <output>/.cache/layout.

    `pnp check` lays out as a default build does, so the two share their decks."""
    cache = Cache.open(output, CacheKind.LAYOUT, read)
    return LayoutMemo(cache, (str(pack_root), language, str(templates), card_size, bilingual))


@dataclass
class CardRecord:
    """What one card of a deck gave, to be given again while the card and its deck are as they were."""

    digest: str  # of the card (pnp.layout.plan.card_digest)
    contexts: tuple[str, str | None] | None  # its faces by context digest (back None: the deck's); None: no faces
    findings: list[Finding]
    told: Told | None
    files: list[list[str]]  # the pictures it read, each [source, resolved path, digest]


# a card of a deck taken whole: its index, its faces (None: it has none to print), findings, Told
KeptCard = tuple[int, tuple[FaceLayout, FaceLayout] | None, list[Finding], Told | None]


@dataclass
class DeckRecord:
    """A deck's back and its findings, which every card of the deck shares."""

    back: FaceLayout
    findings: list[Finding]
    files: list[list[str]]


class LayoutMemo:
    def __init__(self, cache: Cache, scope: tuple[object, ...]) -> None:
        self._cache = cache
        self.cache = cache  # for what the layout keeps beside the faces (pnp.layout.icons)
        self._scope = scope
        self._files: FileDigests | None = None
        self._templates: dict[int, str] = {}
        self.laid_out = 0  # faces evaluated now, not taken from the cache
        self.decks_kept = 0  # decks taken whole
        self.cards_kept = 0  # cards taken from their deck's entry, the deck having changed

    def deck(self, name: str) -> DeckMemo:
        """The entry of one deck (its file and id name it), read now."""
        key = self._cache.key("layout-decks", self._scope, name)
        return DeckMemo(self, key, _Stored.read(self._cache.get_json(key)))

    def template_digest(self, template: Template) -> str:
        if id(template) not in self._templates:
            self._templates[id(template)] = hashlib.sha256(repr(template).encode()).hexdigest()
        return self._templates[id(template)]

    def file_states(self, root: Path, sources: list[str]) -> list[list[str]]:
        """[source, resolved path, digest] of each picture: what reading it found, to compare later."""
        if self._files is None:
            self._files = FileDigests(self._cache, root)
        states = []
        for source in dict.fromkeys(sources):
            path = root / source
            digest = self._files.digest(path)
            if digest is None:
                digest = "not-a-file" if path.exists() else "missing"
            states.append([source, str(path.resolve()), digest])
        return states

    def files_unchanged(self, root: Path, states: list[list[str]]) -> bool:
        """Whether each picture is as it was found (a picture read for several cards, once)."""
        if not states:
            return True
        found: dict[str, list[str]] = {}
        for state in states:
            if found.setdefault(state[0], state) != state:
                return False
        return self.file_states(root, list(found)) == list(found.values())

    def save(self) -> None:
        """The stamps of the pictures read (the entries of decks are written as each is laid out)."""
        if self._files is not None:
            self._files.save()


class DeckMemo:
    """One deck's entry: what the last build laid out, and what this one lays out, to be kept."""

    def __init__(self, memo: LayoutMemo, key: str, stored: _Stored) -> None:
        self.memo = memo
        self._key = key
        self._stored = stored
        self._contexts: dict[int, str] = {}  # id(face) -> its context digest, for the faces laid out now
        self._head_kept = False  # the deck's back and findings taken from the entry

    def whole(
        self, digest: str, cards: str, root: Path, where: Callable[[int], Where]
    ) -> tuple[DeckRecord, list[KeptCard]] | None:
        """The deck as the last build laid it out, when nothing it reads has changed; `where` places
        its card of that index.  Every card's faces are read now: a broken entry gives None."""
        stored = self._stored
        deck = stored.head
        if stored.deck != digest or stored.cards_digest != cards or deck is None:
            return None
        try:
            if not self.memo.files_unchanged(root, stored.files_read()):
                return None
            kept = self._kept(where, deck.back)
        except (TypeError, ValueError, IndexError, KeyError, AttributeError):
            return None
        if kept is None:
            return None
        self.memo.decks_kept += 1
        return deck, kept

    def _kept(self, where: Callable[[int], Where], back: FaceLayout) -> list[KeptCard] | None:
        """Every card of the entry, in order; None when a face of one cannot be read."""
        kept: list[KeptCard] = []
        face = self._stored.face
        for index, _, contexts, found, told, _ in self._stored.rows:
            faces = None
            place = where(index)
            if contexts is not None:
                front = face(contexts[0], place)
                own_back = back if contexts[1] is None else face(contexts[1], place)
                if front is None or own_back is None:
                    return None
                faces = (front, own_back)
            kept.append((index, faces, _findings(found, place) if found else [], _told(told, place) if told else None))
        return kept

    def head(self, digest: str, root: Path) -> DeckRecord | None:
        """The deck's back and findings, when nothing the deck reads but its cards has changed."""
        stored = self._stored
        if stored.deck != digest or stored.head is None or not self.memo.files_unchanged(root, stored.head.files):
            return None
        self._head_kept = True
        return stored.head

    def card_as_before(
        self, digest: str, where: Where, root: Path, back: FaceLayout
    ) -> tuple[CardRecord, tuple[FaceLayout, FaceLayout] | None] | None:
        """A card as the last build laid it out (call only when `head` gave the deck's back)."""
        record = self._stored.record(digest, where)
        if record is None or not self.memo.files_unchanged(root, record.files):
            return None
        faces = None
        if record.contexts is not None:
            front = self._stored.face(record.contexts[0], where)
            own_back = back if record.contexts[1] is None else self._stored.face(record.contexts[1], where)
            if front is None or own_back is None:
                return None
            faces = (front, own_back)
        self.memo.cards_kept += 1
        return record, faces

    def card(
        self, template: Template, size: Size, context: dict[str, Any], where: Where
    ) -> tuple[FaceLayout | None, list[Finding]]:
        """layout_card, or the face it gave for the same template, size and context."""
        digest = hashlib.sha256(repr((self.memo.template_digest(template), size, context)).encode()).hexdigest()[:32]
        face = self._stored.face(digest, where)
        if face is None:
            self.memo.laid_out += 1
            face, findings = layout_card(template, size, context, where)
            if face is None or findings:
                return face, findings
        self._contexts[id(face)] = digest
        return face, []

    def context_of(self, face: FaceLayout) -> str | None:
        """The context digest `card` gave this face under, or None for a face it did not give."""
        return self._contexts.get(id(face))

    def save(
        self,
        digest: str,
        cards: str,
        deck: DeckRecord,
        laid: list[tuple[int, Where, CardRecord | None, tuple[FaceLayout, FaceLayout] | None]],
    ) -> None:
        """Keep the deck as laid out now (a deck taken whole is not laid out, nor kept again).  A card
        without a record (its faces had findings) is laid out again next time, and so is its deck.

        When only cards changed, the entry's elements and faces are written again as they were read,
        the new ones after them (the old ones of an edited card stay, unused, until they are a fifth
        of the table: then the entry is made anew)."""
        stored = self._stored
        reuse = self._head_kept and stored.table_read()
        written = self._written(digest, cards, deck, laid, stored if reuse else None)
        if reuse and written["added"] * 5 > len(written["elements"]):
            written = self._written(digest, cards, deck, laid, None)
        with contextlib.suppress(OSError):  # the cache only saves time
            self.memo.cache.put_json(self._key, written)

    def _written(
        self,
        digest: str,
        cards: str,
        deck: DeckRecord,
        laid: list[tuple[int, Where, CardRecord | None, tuple[FaceLayout, FaceLayout] | None]],
        before: _Stored | None,
    ) -> dict[str, Any]:
        writer = _Writer(before)
        rows = []
        for index, where, record, faces in laid:
            if record is None:
                cards = ""  # never taken whole
                continue
            if faces is not None and record.contexts is not None:
                for context, face in zip(record.contexts, faces, strict=True):
                    if context is not None:
                        writer.faces[context] = writer.kept(context) or writer.face(face)
            rows.append([index, *_card_row(record, where)])
        back = before.raw_back if before is not None else writer.face(deck.back)
        return {
            "deck": digest,
            "cards_digest": cards,
            "back": back,
            "findings": [f.as_dict() for f in deck.findings],
            "files": deck.files,
            "cards": rows,
            **writer.tables(),
        }


class _Stored:
    """An entry as read: its cards' records and faces are made when first asked for."""

    def __init__(self) -> None:
        self.deck = ""
        self.cards_digest = ""
        self.head: DeckRecord | None = None
        self.rows: list[list[Any]] = []  # [index, digest, contexts, findings, told, files] of each card
        self._by_digest: dict[str, list[Any]] | None = None
        self.raw_faces: dict[str, list[Any]] = {}
        self.raw_back: list[Any] = []
        self.read_faces: set[str] = set()  # the faces read without fault, by context digest
        self.props: list[tuple[str, ...]] = []
        self.elements: list[list[Any]] = []
        self.added = 0  # elements added to the table since it was last made anew
        self._decoded: list[LaidOutElement] | None = None
        self._sizes: dict[tuple[float, float], Size] = {}

    @classmethod
    def read(cls, entry: dict[str, Any]) -> _Stored:
        """The entry as written by DeckMemo.save, or an empty one when it is not one (everything is
        laid out).  What is read later and is not what it should be makes its deck or card laid out."""
        stored = cls()
        try:
            stored.props = [tuple(props) for props in entry["props"]]
            stored.elements = entry["elements"]
            stored.added = int(entry.get("added", 0))
            faces, rows = entry["faces"], entry["cards"]
            if not isinstance(faces, dict) or not isinstance(rows, list):
                return cls()
            stored.raw_faces, stored.rows = faces, rows
            back = stored._face(entry["back"], (None, None))
            if back is None or not isinstance(stored.elements, list):
                return cls()
            stored.raw_back = entry["back"]
            stored.head = DeckRecord(back, _findings(entry["findings"], ("", None)), _files(entry["files"]))
            stored.deck, stored.cards_digest = str(entry["deck"]), str(entry["cards_digest"])
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return cls()
        return stored

    def files_read(self) -> list[list[str]]:
        """Every picture the deck read, the back's and the cards'."""
        assert self.head is not None
        return [*self.head.files, *(state for row in self.rows if row[5] for state in _files(row[5]))]

    def record(self, digest: str, where: Where) -> CardRecord | None:
        if self._by_digest is None:
            self._by_digest = {}
            with contextlib.suppress(TypeError, IndexError, AttributeError):
                self._by_digest = {row[1]: row for row in self.rows if isinstance(row, list) and len(row) == 6}
        row = self._by_digest.get(digest)
        if row is None:
            return None
        try:
            return _card_record(row[1:], where)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return None

    def face(self, digest: str, where: Where) -> FaceLayout | None:
        raw = self.raw_faces.get(digest)
        if raw is None:
            return None
        face = self._face(raw, where)
        if face is not None:
            self.read_faces.add(digest)
        return face

    def table_read(self) -> bool:
        """Whether every element of the table was read without fault."""
        return self._decoded is not None and len(self._decoded) == len(self.elements)

    def _face(self, raw: list[Any], where: tuple[str | None, int | None]) -> FaceLayout | None:
        try:
            key, width, height, template, card, language, indices = raw
            table = self.table()
            if indices and min(indices) < 0:
                return None
            elements = tuple([table[i] for i in indices])
            size = self._sizes.get((width, height))
            if size is None:
                size = self._sizes[(width, height)] = Size(width, height)
            return FaceLayout(key, size, template, card, elements, language, card_file=where[0], card_line=where[1])
        except (TypeError, ValueError, IndexError):
            return None

    def table(self) -> list[LaidOutElement]:
        """Every element of the entry, each made once however many faces show it (an element is never
        changed once made): ValueError when one is not an element."""
        if self._decoded is None:
            self._decoded = []  # a broken table has no elements: every face that needs one is laid out again
            self._decoded = [self._element(row) for row in self.elements]
        return self._decoded

    def _element(self, row: list[Any]) -> LaidOutElement:
        name, kind, props, values = row
        names = self.props[props]
        if list in map(type, values):  # a list is a tuple as written; every other value is kept as read
            values = [_frozen(v) if type(v) is list else v for v in values]
        if len(names) != len(values) or not isinstance(name, str) or not isinstance(kind, str):
            raise ValueError(row)
        return LaidOutElement(name, kind, tuple(zip(names, values, strict=True)))


class _Writer:
    """An entry in the making: each distinct element and each list of property names once; with the
    entry `before`, its elements first, as they were, and its faces read without fault as they were."""

    def __init__(self, before: _Stored | None = None) -> None:
        self.faces: dict[str, list[Any]] = {}  # context digest -> face
        self._before = before
        self._props: dict[tuple[str, ...], int] = {}  # each list of property names, by its index
        self._prop_rows: list[tuple[str, ...]] = []
        self._by_id: dict[int, int] = {}  # id(element) -> its index
        self._by_value: dict[tuple[str, str, tuple[tuple[str, Any], ...]], int] | None = None  # equal: one index
        self._kept: list[LaidOutElement] = []  # so that no id is reused while the entry is made
        self._rows: list[list[Any]] = []
        if before is not None:
            self._prop_rows = list(before.props)
            for index, names in enumerate(before.props):
                self._props.setdefault(names, index)
            self._rows = list(before.elements)

    def kept(self, context: str) -> list[Any] | None:
        """The face of the entry before, as it was written, when it was read without fault."""
        if self._before is None or context not in self._before.read_faces:
            return None
        return self._before.raw_faces[context]

    def _values(self) -> dict[tuple[str, str, tuple[tuple[str, Any], ...]], int]:
        if self._by_value is None:
            self._by_value = {}
            if self._before is not None:  # the elements before: a new face shares most of them
                for index, element in enumerate(self._before.table()):
                    with contextlib.suppress(TypeError):
                        self._by_value.setdefault((element.name, element.kind, element.props), index)
        return self._by_value

    def element(self, element: LaidOutElement) -> int:
        index = self._by_id.get(id(element))
        if index is not None:
            return index
        by_value = self._values()
        try:  # a frame coloured by the card's type is made anew for each card, and is the same on many
            index = by_value.get((element.name, element.kind, element.props))
        except TypeError:  # a value that cannot key a dict: kept on its own
            index = None
        if index is None:
            names = tuple(k for k, _ in element.props)
            props = self._props.get(names, -1)
            if props < 0:
                props = self._props[names] = len(self._prop_rows)
                self._prop_rows.append(names)
            values = [_plain(v) if type(v) is tuple else v for _, v in element.props]
            index = len(self._rows)
            self._rows.append([element.name, element.kind, props, values])
            with contextlib.suppress(TypeError):
                by_value[(element.name, element.kind, element.props)] = index
        self._by_id[id(element)] = index
        self._kept.append(element)
        return index

    def face(self, face: FaceLayout) -> list[Any]:
        indices = [self.element(e) for e in face.elements]
        return [face.key, face.size.width, face.size.height, face.template, face.card, face.language, indices]

    def tables(self) -> dict[str, Any]:
        before = self._before
        added = before.added + len(self._rows) - len(before.elements) if before is not None else 0
        props = [list(p) for p in self._prop_rows]
        return {"props": props, "elements": self._rows, "faces": self.faces, "added": added}


def _card_row(record: CardRecord, where: Where) -> list[Any]:
    told = None
    if record.told is not None:
        key, at, finding = record.told
        told = [list(key), at, _finding_row(finding, where)]
    contexts = None if record.contexts is None else list(record.contexts)
    return [record.digest, contexts, [_finding_row(f, where) for f in record.findings], told, record.files]


def _card_record(row: list[Any], where: Where) -> CardRecord:
    digest, contexts, findings, told, files = row
    faces = None if contexts is None else (str(contexts[0]), None if contexts[1] is None else str(contexts[1]))
    found = _findings(findings, where)
    return CardRecord(str(digest), faces, found, _told(told, where) if told else None, _files(files))


def _told(told: list[Any], where: Where) -> Told:
    (template, card_type), at, finding = told
    return (str(template), str(card_type)), int(at), _findings([finding], where)[0]


# A finding at its card's line is written with this line: it is read with the line the card is at now
# (a card added above it moves it down, and changes nothing else of it)
AT_THE_CARD = -1


def _finding_row(finding: Finding, where: Where) -> dict[str, object]:
    row = finding.as_dict()
    if where[1] is not None and finding.line == where[1] and finding.file == where[0]:
        row["line"] = AT_THE_CARD
    return row


def _findings(rows: list[Any], where: Where) -> list[Finding]:
    found = [Finding.from_dict(row) for row in rows]
    return [replace(f, line=where[1]) if f.line == AT_THE_CARD else f for f in found]


def _files(rows: list[Any]) -> list[list[str]]:
    if not all(isinstance(row, list) and len(row) == 3 and all(isinstance(v, str) for v in row) for row in rows):
        raise ValueError(rows)
    return rows


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def _frozen(value: Any) -> Any:
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value
