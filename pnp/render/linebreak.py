"""ReportLab's line breaking, by arithmetic on widths measured once.

`pnp check` must judge a text's size as the build sets it, and the build sets
it with ReportLab's Paragraph.  Wrapping a Paragraph re-parses the markup,
re-measures every word and re-hyphenates at every size tried: most of what a
check of a large pack costs.  This module measures a text once (every word
piece's width at 1 pt, every hyphenation point on first need) and replays
`Paragraph.breakLines` (ReportLab 5) on those widths at any size: the same
words, the same spaces, the same 5 % space shrinkage, the same hyphenation
choices, in the same floating-point order, so that the line count is the
one ReportLab finds.  `tests/test_linebreak.py` proves it over generated texts.
`broken_lines` also says what is on each line: the build draws those lines
(pnp.render.typeset) instead of wrapping a Paragraph again.

ReportLab breaks a paragraph one of two ways: a single run of plain text
("kind 0"), or runs of several styles, icons and line breaks ("kind 1");
both are replayed.  What this does not replay (soft hyphens, URIs, which
ReportLab splits at their slashes) marks the text `modelled = False`, and
fitting asks ReportLab itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from string import whitespace
from typing import NamedTuple

import reportlab
from reportlab.lib import rl_accel
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus.paragraph import (
    _hy_letters_pat,
    _hy_pfx_pat,
    _hy_sfx_pat,
    _hy_shy_letters_pat,
    _hy_shy_pat,
    _wsc,
    uri_pat,
)
from reportlab.platypus.paragraph import split as rl_split
from reportlab.rl_settings import hyphenationMinWordLength, spaceShrinkage

try:
    import pyphen
except ImportError:  # pragma: no cover - pyphen is a dependency; ReportLab skips hyphenation without it
    pyphen = None

from pnp import markup

TEXT, IMAGE, BREAK = 0, 1, 2
_ENTITY = re.compile(r"([&<>])")  # ReportLab's parser makes each escaped &, < and > a run of its own
WHITESPACE = re.compile(f"[{re.escape(_wsc)}]")  # where ReportLab may end a line: tabs, thin spaces too


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


class _Word:
    """A ReportLab frag word: pieces in their fonts, and whether a space follows it (_HSFrag).

    What the line breaker asks of every word at every size is worked out once, here."""

    __slots__ = ("counts", "first", "hanging", "head", "icon", "kind", "one", "pieces", "rest", "space", "width")
    pieces: tuple[Piece, ...]
    hanging: bool
    kind: int
    head: bool
    width: float | None
    one: float | None
    first: tuple[str | None, bool]
    rest: tuple[str, ...]
    counts: bool
    space: float
    icon: str  # an icon's name

    def __init__(
        self,
        pieces: tuple[Piece, ...],
        hanging: bool = False,
        kind: int = TEXT,
        head: bool = False,  # the head of a hyphenated word (_SplitFragH): never itself hyphenated
        width: float | None = None,  # at the size, when hyphenation worked it out
        font: str = "",  # of an icon or a line break
        icon: str = "",
    ) -> None:
        self.pieces, self.hanging, self.kind, self.head, self.width = pieces, hanging, kind, head, width
        self.icon = icon
        self._shape(pieces, font)

    def _shape(self, pieces: tuple[Piece, ...], font: str) -> None:
        # one (its width at 1 pt, when in one piece), first (the first piece's font, None for an icon,
        # which never shares a run; whether it has text), rest (the later pieces' fonts: each a run of
        # its own on the line), counts (whether a later piece has text), space (after it, at 1 pt)
        if len(pieces) == 1:
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
        self.space = _space(last) if self.hanging else 0.0

    @classmethod
    def part(cls, pieces: tuple[Piece, ...], width: float, head: bool, hanging: bool) -> _Word:
        """A hyphenated word's head or tail at one size: made while breaking lines, so made cheaply."""
        word = object.__new__(cls)
        word.pieces, word.hanging, word.kind, word.head, word.icon = pieces, hanging, TEXT, head, ""
        word._shape(pieces, "")
        word.one, word.width = None, width
        return word

    def measured(self, size: float) -> float:
        if self.width is not None:
            return self.width
        if self.one is not None:
            return self.one * size
        if self.kind == IMAGE:
            return icon_side(size)
        total = 0.0 if self.pieces else 0
        for piece in self.pieces:
            total += piece.width * size
        return total


@dataclass(frozen=True)
class Paragraph:
    """One paragraph's runs; `plain` is its text when ReportLab takes the single-run path."""

    runs: tuple[Run, ...]
    plain: tuple[str, str] | None  # (font, text)
    words: tuple[_Word, ...] = field(default=(), compare=False)


def paragraph_runs(paragraph: markup.Paragraph, name: Callable[[bool, bool], str]) -> tuple[Run, ...]:
    """The fragments ReportLab's parser makes of the paragraph's markup (text.to_para_markup): a
    styled span is a tagged run of its own, plain spans side by side are one run of text."""
    runs: list[Run] = []
    plain: list[str] = []

    def flush() -> None:
        runs.extend(Run(TEXT, name(False, False), part) for part in _ENTITY.split("".join(plain)) if part)
        plain.clear()

    for span in paragraph:
        if not (span.line_break or span.icon or span.bold or span.italic):
            plain.append(span.text)
            continue
        flush()
        font = name(span.bold, span.italic)
        if span.line_break:
            runs.append(Run(BREAK, font))
        elif span.icon:
            runs.append(Run(IMAGE, font, span.text))
        else:
            runs += [Run(TEXT, font, part) for part in _ENTITY.split(span.text) if part]
    flush()
    return tuple(runs)


# The replay follows ReportLab 5's breakLines, and widths scale exactly with the size only as
# rl-accel's C code computes them: under anything else ReportLab judges every text itself.
REPLAYS = reportlab.Version.split(".")[0] == "5" and "instanceStringWidthTTF" in rl_accel._c_funcs


_PLAIN_SPACES = frozenset(" \t\n\r\x0b\x0c\xa0")


def modelled(text: str) -> bool:
    """Whether the replay covers this text: no soft hyphens, no URIs (ReportLab splits those its own
    way), and no white space but the usual (ReportLab's parser turns a thin or narrow no-break space
    into a plain one before it splits words at a change of style; a zero-width space it drops)."""
    if not REPLAYS or "\xad" in text or "\u200b" in text:
        return False
    if any(char.isspace() and char not in _PLAIN_SPACES for char in text):
        return False
    return not any(uri_pat.match(word) for word in text.split() if "://" in word)


def make_paragraph(runs: tuple[Run, ...]) -> Paragraph:
    if len(runs) == 1 and runs[0].kind != IMAGE:
        return Paragraph(runs, (runs[0].font, runs[0].text))
    words = _frag_words(runs)
    if not words and runs:  # only spaces: ReportLab keeps one empty word
        words = (_Word((Piece(runs[0].font, "", 0.0),)),)
    return Paragraph(runs, None, words)


def _frag_words(runs: tuple[Run, ...]) -> tuple[_Word, ...]:
    """ReportLab's _getFragWords: words across runs, split at whitespace; an icon is a word of its own."""
    words: list[_Word] = []
    gathered: list[Piece] = []
    strip_start = True

    def close(hanging: bool) -> None:
        words.append(_text_word(tuple(gathered), hanging))
        gathered.clear()

    for run in runs:
        if run.kind == TEXT:
            text = run.text
            if strip_start:
                text = text.lstrip(_wsc)
                if not text:
                    continue
                strip_start = False
            parts = rl_split(text)
            if text[0] in whitespace or not parts:
                if gathered:
                    close(False)
                    after_space = False
                else:
                    after_space = bool(words) and words[-1].hanging
                if not after_space:
                    parts.insert(0, "")
                elif not parts:
                    continue
            for part in parts[:-1]:
                gathered.append(Piece(run.font, part, width_at_1pt(part, run.font)))
                close(True)
            last = parts[-1]
            gathered.append(Piece(run.font, last, width_at_1pt(last, run.font)))
            if text[-1] in whitespace:
                close(True)
        elif run.kind == IMAGE:
            if gathered:
                close(False)
            words.append(_Word((), kind=IMAGE, font=run.font, icon=run.text))
            strip_start = False
        else:
            if gathered:
                close(False)
            words.append(_Word((), kind=BREAK, font=run.font))
            strip_start = True
    if gathered:
        close(False)
    return tuple(words)


@lru_cache(maxsize=65536)
def _text_word(pieces: tuple[Piece, ...], hanging: bool) -> _Word:
    """Words recur across a pack's texts: each is made once per process (a word is never changed)."""
    return _Word(pieces, hanging)


def lines(paragraph: Paragraph, size: float, width: float, language: str) -> int:
    """How many lines ReportLab breaks the paragraph into at `size` in a box `width` wide."""
    return counted_lines(paragraph, size, width, language)[0]


def counted_lines(paragraph: Paragraph, size: float, width: float, language: str) -> tuple[int, bool]:
    """(lines, overfull): `lines`, and whether a line holds more than the box is wide.  ReportLab
    ends a line only after a word of text: icons that open a paragraph ("{fuel} {fuel} {parts} ...")
    all stay on its first line, however many, and run out of the box.  (A single word wider than
    the box is MeasuredText.widest.)"""
    if paragraph.plain is not None:
        return _plain_lines(*paragraph.plain, size, width, language), False
    return _frag_lines(paragraph.words, size, width, language)


class Line(NamedTuple):
    """One line as ReportLab breaks it: what drawing needs to set it as ReportLab would."""

    words: tuple  # str on the single-run path, _Word on the other (a hyphenated head ends in its hyphen)
    width: float  # ReportLab's currentWidth: the words and the spaces between them, at the size
    words_counted: int  # ReportLab's wordCount (the other path): its justification spreads over one less
    line_break: bool  # ended by a line break of the text: never justified


def broken_lines(paragraph: Paragraph, size: float, width: float, language: str) -> list[Line]:
    """The paragraph's lines at `size` in a box `width` wide: `lines`, with what is on each."""
    found: list[Line] = []
    if paragraph.plain is not None:
        _plain_lines(*paragraph.plain, size, width, language, found)
    else:
        _frag_lines(paragraph.words, size, width, language, found)
    return found


def _plain_lines(font: str, text: str, size: float, max_width: float, language: str, found: list | None = None) -> int:
    """breakLines, the single-run path; each line's words go to `found` when given."""
    text = text.strip(_wsc)
    if not text:
        return 0
    line: list[str] = []
    queue: list[tuple[str, int]] = [(word, 0) for word in rl_split(text)]  # 1: a hyphenated head
    space = width_at_1pt(" ", font) * size
    shrink = spaceShrinkage * space
    on_line, current, forced, count = 0, -space, False, 0
    while queue:
        word, kind = queue.pop(0)
        word_width = width_at_1pt(word, font) * size
        new = current + space + word_width
        limit = max_width + shrink * on_line
        if new > limit and not (kind == 1 or forced) and word_width:
            split = _split(word, font, language, word_width, new, limit, size)
            if split is not None:
                jc, _jclen, _hw, _tw, head, tail = split
                queue[0:0] = [(head + jc, 1), (tail, 2)]
                forced = True
                continue
        if new <= limit or not on_line or forced:
            on_line += 1
            if found is not None:
                line.append(word)
            if forced:
                forced = False
                count += 1
                if found is not None:
                    found.append(Line(tuple(line), new, len(line), False))
                    line = []
                on_line, current = 0, -space
            else:
                current = new
        else:
            count += 1
            if found is not None:
                found.append(Line(tuple(line), current, len(line), False))
                line = [word]
            on_line, current = 1, word_width
    if found is not None and on_line:
        found.append(Line(tuple(line), current, len(line), False))
    return count + (on_line > 0)


def _frag_lines(
    words: tuple[_Word, ...], size: float, max_width: float, language: str, found: list | None = None
) -> tuple[int, bool]:
    """breakLines, the path of several runs (styles, icons, line breaks); each line's words go to
    `found` when given.

    A line's runs are kept as [font (None: an icon), its space at 1 pt, spaces in its text, whether
    its text ends with one]: a line's space shrinkage is worked out from them, as ReportLab does."""
    stack = list(reversed(words))  # the next word last: a hyphenated word's parts go back on top
    line: list[_Word] = []
    count = 0
    overfull = False
    runs: list[list] = []
    n = 0
    space_width: float = 0
    current: float = 0
    while stack:
        word = stack.pop()
        if not runs:
            n = 0
            space_width = current = 0
        word_width = word.width
        if word_width is None:
            word_width = word.one * size if word.one is not None else word.measured(size)
        new = current + space_width + word_width if word_width > 0 else current
        line_break = word.kind == BREAK
        shrink = space_width
        for run in runs:
            if run[2] and run[0] is not None:
                shrink += run[2] * (run[1] * size)
        shrink *= spaceShrinkage
        limit = max_width + shrink
        if new > limit and not line_break and not word.head and word.kind != IMAGE:
            parts = _split_word(word, new, limit, size, language)
            if parts:
                stack += (parts[1], _BREAK, parts[0])
                continue
        if line_break or (new > limit and n > 0):
            count += 1
            if found is not None:
                # the line break hyphenation puts after a head (_BREAK) is not the text's own
                found.append(Line(tuple(line), current, n, line_break and word is not _BREAK))
                line = [] if line_break else [word]
            if line_break:
                runs = []
                continue
            space_width = word.space * size
            current = word_width
            n = 1
            runs = [_run(word.first[0])] + [_run(font) for font in word.rest]
            continue
        if found is not None:
            line.append(word)
        font, text = word.first
        if text:
            n += 1
        if not runs:
            runs.append(_run(font))
        elif font is None or runs[-1][0] != font:  # a new run: the space goes to the last run of text
            if space_width:
                for run in reversed(runs):
                    if run[0] is not None:
                        if not run[3]:
                            run[2] += 1
                            run[3] = True
                        break
            runs.append(_run(font))
        elif space_width:  # the same run: the space and the word join its text
            run = runs[-1]
            if not run[3]:
                run[2] += 1
            run[3] = not text
        elif text:
            runs[-1][3] = False
        space_width = word.space * size
        runs += [_run(font) for font in word.rest]
        if not text and word.counts:
            n += 1
        if new > limit + 0.01 and current:  # placed after others on a line it overfills
            overfull = True
        current = new
    if found is not None and runs:
        found.append(Line(tuple(line), current, n, False))
    return count + bool(runs), overfull


def _run(font: str | None) -> list:
    return [font, _space(font) if font is not None else 0.0, 0, False]


_SPACES: dict[str, float] = {}


def _space(font: str) -> float:
    """A space's width at 1 pt in the font."""
    width = _SPACES.get(font)
    if width is None:
        width = _SPACES[font] = width_at_1pt(" ", font)
    return width


_BREAK = _Word((), kind=BREAK)


def _split_word(word: _Word, new: float, limit: float, size: float, language: str) -> tuple[_Word, _Word] | None:
    """_hyphenateFragWord: the word's head (with its hyphen) and tail, at the longest head that fits."""
    width = word.measured(size)
    if width == 0:
        return None
    if len(word.pieces) == 1:
        piece = word.pieces[0]
        found = _split(piece.text, piece.font, language, width, new, limit, size)
        if found is None:
            return None
        jc, jclen, hw, tw, head, tail = found
        return (
            _Word.part((Piece(piece.font, head + jc, 0.0),), hw + jclen, True, False),
            _Word.part((Piece(piece.font, tail, 0.0),), tw, False, word.hanging),
        )
    return _split_pieces(word, width, new, limit, size, language)


def _split(
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
    prefix_match = _hy_pfx_pat.match(word)
    prefix = prefix_match.group(0) if prefix_match else ""
    core = word[len(prefix) :]
    suffix_match = _hy_sfx_pat.search(core)
    suffix = suffix_match.group(0) if suffix_match else ""
    core = core[: len(core) - len(suffix)]
    if len(core) < hyphenationMinWordLength:
        return ()
    found: list[tuple[str, str, str]] = []
    pieces = _hy_shy_pat.split(core)
    hyphenate = _hyphenator(language)
    if hyphenate and (_hy_letters_pat.match(core) or (_hy_shy_letters_pat.match(core) and "" not in pieces)):
        for head, tail in hyphenate(core):
            head = prefix + head
            found.append(("" if _hy_shy_pat.match(head[-1]) else "-", head, tail + suffix))
    count = len(pieces)
    if count >= 3 and "" not in pieces and _hy_shy_letters_pat.match(core):
        for index in reversed(range(2, count, 2)):
            found.append(("", prefix + "".join(pieces[:index]), "".join(pieces[index:]) + suffix))
    return tuple(found)


def _split_pieces(word: _Word, width: float, new: float, limit: float, size: float, language: str):
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
                _Word.part(tuple(Piece(f, t, 0.0) for f, t in left), head_width, True, False),
                _Word.part(tuple(Piece(f, t, 0.0) for f, t in right), tail_width, False, word.hanging),
            )
    return None


@lru_cache(maxsize=16)
def _hyphenator(language: str) -> Callable[[str], Iterator[tuple[str, str]]] | None:
    if not language or pyphen is None:
        return None
    return pyphen.Pyphen(lang=language).iterate
