"""A word as ReportLab 5's line breaking sees it, measured once, and where it may be hyphenated.

pnp.render.linebreak replays ReportLab's breakLines on these: every word
piece's width at 1 pt (ReportLab scales a width exactly with the size), a
word's space after it, and its hyphenation points in the order ReportLab tries
them (pyphen's, then the word's own hyphens), each head's width worked out on
first need.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import NamedTuple

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.rl_settings import hyphenationMinWordLength

from pnp.render.rl_paragraph import HY_LETTERS, HY_PREFIX, HY_SHY, HY_SHY_LETTERS, HY_SUFFIX

try:
    import pyphen
except ImportError:  # pragma: no cover - pyphen is a dependency; ReportLab skips hyphenation without it
    pyphen = None

TEXT, IMAGE, BREAK = 0, 1, 2


@lru_cache(maxsize=65536)
def width_at_1pt(text: str, font: str) -> float:
    """stringWidth(text, font, size) is exactly this times size (rl_accel sums the glyphs, then scales)."""
    return stringWidth(text, font, 1)


def icon_side(size: float) -> float:
    """An inline icon's width as ReportLab reads it: the markup writes it with two decimals."""
    return float(f"{size * ICON_SCALE:.2f}")


ICON_SCALE = 1.15  # an inline icon's side, in font sizes
ICON_DROP = 0.2  # how far an inline icon sits below the baseline, in font sizes


class Piece(NamedTuple):
    font: str
    text: str
    width: float  # at 1 pt


class Run(NamedTuple):
    """One of ReportLab's fragments: a run of text in one font, an inline icon (text: its name), or a line break."""

    kind: int
    font: str
    text: str = ""


class Word:
    """A ReportLab frag word: pieces in their fonts, and whether a space follows it (_HSFrag).

    What the line breaker asks of every word at every size is worked out once, here."""

    __slots__ = (
        "counts",
        "first",
        "hanging",
        "head",
        "icon",
        "kind",
        "lead",
        "one",
        "pieces",
        "rest",
        "space",
        "width",
    )
    pieces: tuple[Piece, ...]
    hanging: bool
    kind: int
    head: bool
    width: float | None
    one: float | None
    first: tuple[str | None, bool]
    rest: tuple[str | None, ...]  # None: an icon
    counts: bool
    space: float
    icon: str  # an icon's name
    lead: tuple[Piece, ...]  # an icon's: the number glued before it ("1\xa0{lamp}"), pnp.render.text.set_text

    def __init__(
        self,
        pieces: tuple[Piece, ...],
        hanging: bool = False,
        kind: int = TEXT,
        head: bool = False,  # the head of a hyphenated word (_SplitFragH): never itself hyphenated
        width: float | None = None,  # at the size, when hyphenation worked it out
        font: str = "",  # of an icon or a line break
        icon: str = "",
        lead: tuple[Piece, ...] = (),
    ) -> None:
        self.pieces, self.hanging, self.kind, self.head, self.width = pieces, hanging, kind, head, width
        self.icon, self.lead = icon, lead
        self._shape(pieces, font)

    def _shape(self, pieces: tuple[Piece, ...], font: str) -> None:
        # one (its width at 1 pt, when in one piece), first (the first piece's font, None for an icon,
        # which never shares a run; whether it has text), rest (the later pieces' fonts: each a run of
        # its own on the line), counts (whether a later piece has text), space (after it, at 1 pt).
        # An icon's pieces are the punctuation glued after it ("{parts}."): runs after the icon's;
        # its lead, the number glued before it ("1\xa0{lamp}"): the first run, and runs before the icon's.
        if self.kind == IMAGE:
            lead = self.lead
            self.one = None
            self.first = (lead[0].font, bool(lead[0].text)) if lead else (None, False)
            fonts: tuple[str | None, ...] = (*(piece.font for piece in lead[1:]), None) if lead else ()
            self.rest = (*fonts, *(piece.font for piece in pieces))
            self.counts = any(piece.text for piece in pieces)
            last = pieces[-1].font if pieces else font
        elif len(pieces) == 1:
            piece = pieces[0]
            self.one, self.first, self.rest, self.counts = piece.width, (piece.font, bool(piece.text)), (), False
            last = piece.font
        elif not pieces:
            self.one, self.first, self.rest, self.counts = None, (None, False), (), False
            last = font
        else:
            self.one, self.first = None, (pieces[0].font, bool(pieces[0].text))
            self.rest = tuple(piece.font for piece in pieces[1:])
            self.counts = any(piece.text for piece in pieces[1:])
            last = pieces[-1].font
        self.space = space_at_1pt(last) if self.hanging else 0.0

    @classmethod
    def part(cls, pieces: tuple[Piece, ...], width: float, head: bool, hanging: bool) -> Word:
        """A hyphenated word's head or tail at one size: made while breaking lines, so made cheaply."""
        word = object.__new__(cls)
        word.pieces, word.hanging, word.kind, word.head, word.icon, word.lead = pieces, hanging, TEXT, head, "", ()
        word._shape(pieces, "")
        word.one, word.width = None, width
        return word

    def measured(self, size: float) -> float:
        if self.width is not None:
            return self.width
        if self.one is not None:
            return self.one * size
        if self.kind == IMAGE:
            side = icon_side(size)
            for piece in (*self.lead, *self.pieces):  # the number glued before it, the punctuation after
                side += piece.width * size
            return side
        total = 0.0 if self.pieces else 0
        for piece in self.pieces:
            total += piece.width * size
        return total


_SPACES: dict[str, float] = {}


def space_at_1pt(font: str) -> float:
    """A space's width at 1 pt in the font."""
    width = _SPACES.get(font)
    if width is None:
        width = _SPACES[font] = width_at_1pt(" ", font)
    return width


def split_word(word: Word, new: float, limit: float, size: float, language: str) -> tuple[Word, Word] | None:
    """_hyphenateFragWord: the word's head (with its hyphen) and tail, at the longest head that fits."""
    width = word.measured(size)
    if width == 0:
        return None
    if len(word.pieces) == 1:
        piece = word.pieces[0]
        found = split_text(piece.text, piece.font, language, width, new, limit, size)
        if found is None:
            return None
        jc, jclen, hw, tw, head, tail = found
        return (
            Word.part((Piece(piece.font, head + jc, 0.0),), hw + jclen, True, False),
            Word.part((Piece(piece.font, tail, 0.0),), tw, False, word.hanging),
        )
    return _split_pieces(word, width, new, limit, size, language)


def split_text(
    word: str, font: str, language: str, width: float, new: float, limit: float, size: float
) -> tuple[str, float, float, float, str, str] | None:
    """_hyGenPair: (added hyphen, its width, head width, tail width, head, tail) at the first point that fits."""
    w0 = new - width
    for jc, head, tail, head_1pt, hyphen_1pt in _measured_points(word, font, language):
        hw = head_1pt * size
        jclen = hyphen_1pt * size if jc else 0
        if hw + w0 + jclen <= limit:
            return jc, jclen, hw, width - hw, head, tail
    return None


@lru_cache(maxsize=65536)
def _measured_points(word: str, font: str, language: str) -> tuple[tuple[str, str, str, float, float], ...]:
    """_points with each head's width and the hyphen's, at 1 pt in the font."""
    hyphen = width_at_1pt("-", font)
    return tuple((jc, head, tail, width_at_1pt(head, font), hyphen) for jc, head, tail in _points(word, language))


@lru_cache(maxsize=65536)
def _points(word: str, language: str) -> tuple[tuple[str, str, str], ...]:
    """Where ReportLab may break a word, in the order it tries them: (added hyphen, head, tail).
    Pyphen's points come first, longest head first ("-" added, or none after a hyphen), then the
    word's own hyphens (embeddedHyphenation), also longest head first."""
    prefix_match = HY_PREFIX.match(word)
    prefix = prefix_match.group(0) if prefix_match else ""
    core = word[len(prefix) :]
    suffix_match = HY_SUFFIX.search(core)
    suffix = suffix_match.group(0) if suffix_match else ""
    core = core[: len(core) - len(suffix)]
    if len(core) < hyphenationMinWordLength:
        return ()
    found: list[tuple[str, str, str]] = []
    pieces = HY_SHY.split(core)
    hyphenate = _hyphenator(language)
    if hyphenate and (HY_LETTERS.match(core) or (HY_SHY_LETTERS.match(core) and "" not in pieces)):
        for head, tail in hyphenate(core):
            head = prefix + head
            found.append(("" if HY_SHY.match(head[-1]) else "-", head, tail + suffix))
    count = len(pieces)
    if count >= 3 and "" not in pieces and HY_SHY_LETTERS.match(core):
        for index in reversed(range(2, count, 2)):
            found.append(("", prefix + "".join(pieces[:index]), "".join(pieces[index:]) + suffix))
    return tuple(found)


def _split_pieces(word: Word, width: float, new: float, limit: float, size: float, language: str):
    """_hyGenFragsPair: a word across runs (bold then plain, say) split at a point of their joined text."""
    text = "".join(piece.text for piece in word.pieces)
    w0 = new - width
    for jc, head, _tail in _points(text, language):
        position = len(head)
        index, start = 0, 0  # the piece holding the tail's first letter, and where it starts
        while start + len(word.pieces[index].text) <= position:
            start += len(word.pieces[index].text)
            index += 1
        left = [(p.font, p.text) for p in word.pieces[:index]]
        at = word.pieces[index]
        before, after = at.text[: position - start], at.text[position - start :]
        if before or jc:
            left.append((at.font, before + jc))
        right = [(p.font, p.text) for p in word.pieces[index + 1 :]]
        if after:
            right.insert(0, (at.font, after))
        head_width = sum(width_at_1pt(t, f) * size for f, t in left)
        if w0 + head_width <= limit:
            tail_width = sum(width_at_1pt(t, f) * size for f, t in right)
            return (
                Word.part(tuple(Piece(f, t, 0.0) for f, t in left), head_width, True, False),
                Word.part(tuple(Piece(f, t, 0.0) for f, t in right), tail_width, False, word.hanging),
            )
    return None


KEEP = "|"  # between pyphen's language name and the words kept whole, in a hyphenation key
KEPT = "\x1f"  # between the words kept whole


def hyphenation_key(language: str, keep: tuple[str, ...] | frozenset[str] = ()) -> str:
    """Pyphen's language name, and the words never split ("es_ES|tripulante"): one string, so the
    fitting's caches and ReportLab's style, which key on the language, key on the words too."""
    if not language or not keep:
        return language
    return language + KEEP + KEPT.join(sorted({w.casefold() for w in keep}))


@lru_cache(maxsize=64)
def hyphenator(language: str) -> Callable[[str], Iterator[tuple[str, str]]] | None:
    """Pyphen's points for a word, none for a word that starts with a capital or one the key keeps
    whole (the pack's word list, in any case): a name ("Harrow", "Meridian", "Uroboros", "vipers")
    is never split, as typesetters keep names whole; ReportLab draws with the same function
    (pnp.render.text), so the fitting and the sheet break alike."""
    language, _bar, listed = language.partition(KEEP)
    if not language or pyphen is None:
        return None
    from pnp.render.hyphen_patterns import hyphenation  # pyphen's dictionary, each pattern read on first use

    iterate = hyphenation(language).iterate
    kept = frozenset(listed.split(KEPT)) if listed else frozenset()

    def points(word: str) -> Iterator[tuple[str, str]]:
        if word[:1].isupper() or word.casefold() in kept:
            return iter(())
        return iterate(word)

    return points


_hyphenator = hyphenator
