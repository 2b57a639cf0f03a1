"""ReportLab's line breaking, by arithmetic on widths measured once.

`pnp check` must judge a text's size as the build sets it, and the build sets
it with ReportLab's Paragraph.  Wrapping a Paragraph re-parses the markup,
re-measures every word and re-hyphenates at every size tried: most of what a
check of a large pack costs.  This module measures a text once (every word
piece's width at 1 pt, every hyphenation point on first need: pnp.render.words) and replays
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
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from string import whitespace
from typing import NamedTuple

import reportlab
from reportlab.lib import rl_accel
from reportlab.rl_settings import spaceShrinkage

from pnp import markup
from pnp.render.rl_paragraph import WHITESPACE as _wsc
from pnp.render.rl_paragraph import split as rl_split
from pnp.render.rl_paragraph import uri
from pnp.render.words import BREAK, IMAGE, TEXT, Piece, Run, Word, space_at_1pt, split_text, split_word, width_at_1pt

_ENTITY = re.compile(r"([&<>])")  # ReportLab's parser makes each escaped &, < and > a run of its own
WHITESPACE = re.compile(f"[{re.escape(_wsc)}]")  # where ReportLab may end a line: tabs, thin spaces too


@dataclass(frozen=True)
class Paragraph:
    """One paragraph's runs; `plain` is its text when ReportLab takes the single-run path."""

    runs: tuple[Run, ...]
    plain: tuple[str, str] | None  # (font, text)
    words: tuple[Word, ...] = field(default=(), compare=False)


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
    if any(char.isspace() for char in set(text).difference(_PLAIN_SPACES)):  # each character once
        return False
    return "://" not in text or not any(uri().match(word) for word in text.split() if "://" in word)


# What never opens a line: closing punctuation stays with the word or icon before it.
CLOSING = frozenset(".,;:)?!»]…")


def glues_to_previous(text: str) -> bool:
    """Whether a run of text written right after an icon (no space between) opens with punctuation:
    a no-break space before it ("{parts}\xa0!") glues too."""
    opening = text.lstrip("\xa0")
    return bool(opening) and opening[0] in CLOSING


def make_paragraph(runs: tuple[Run, ...]) -> Paragraph:
    if len(runs) == 1 and runs[0].kind != IMAGE:
        return Paragraph(runs, (runs[0].font, runs[0].text))
    words = _frag_words(runs)
    if not words and runs:  # only spaces: ReportLab keeps one empty word
        words = (Word((Piece(runs[0].font, "", 0.0),)),)
    return Paragraph(runs, None, words)


def _frag_words(runs: tuple[Run, ...]) -> tuple[Word, ...]:
    """ReportLab's _getFragWords: words across runs, split at whitespace; an icon is a word of its own,
    but for the punctuation written right after it ("gana 2 {parts}."), which ReportLab would let
    open the next line, and a word joined to it by a no-break space (the number it counts, "gana
    1\xa0{lamp}": text.set_text), which ReportLab would leave at the end of the line before: pnp
    keeps each with the icon, one word (the drawing sets these words)."""
    words: list[Word] = []
    gathered: list[Piece] = []
    strip_start = True
    glued: Word | None = None  # the icon the word being gathered starts with

    def close(hanging: bool) -> None:
        nonlocal glued
        if glued is not None:
            words.append(Word(tuple(gathered), hanging, kind=IMAGE, icon=glued.icon, lead=glued.lead))
            glued = None
        else:
            words.append(_text_word(tuple(gathered), hanging))
        gathered.clear()

    for run in runs:
        if run.kind == TEXT:
            text = run.text
            if words and words[-1].kind == IMAGE and not gathered and glues_to_previous(text):
                glued = words.pop()
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
            lead: tuple[Piece, ...] = ()
            if gathered and glued is None and gathered[-1].text.endswith("\xa0"):
                lead = tuple(gathered)  # "1\xa0{lamp}": a number and the icon it counts, one word
                gathered.clear()
            elif gathered:
                close(False)
            words.append(Word((), kind=IMAGE, font=run.font, icon=run.text, lead=lead))
            strip_start = False
        else:
            if gathered:
                close(False)
            words.append(Word((), kind=BREAK, font=run.font))
            strip_start = True
    if gathered:
        close(False)
    return tuple(words)


@lru_cache(maxsize=65536)
def _text_word(pieces: tuple[Piece, ...], hanging: bool) -> Word:
    """Words recur across a pack's texts: each is made once per process (a word is never changed)."""
    return Word(pieces, hanging)


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

    words: tuple  # str on the single-run path, Word on the other (a hyphenated head ends in its hyphen)
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
            split = split_text(word, font, language, word_width, new, limit, size)
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
    words: tuple[Word, ...], size: float, max_width: float, language: str, found: list | None = None
) -> tuple[int, bool]:
    """breakLines, the path of several runs (styles, icons, line breaks); each line's words go to
    `found` when given.

    A line's runs are kept as [font (None: an icon), its space at 1 pt, spaces in its text, whether
    its text ends with one]: a line's space shrinkage is worked out from them, as ReportLab does."""
    stack = list(reversed(words))  # the next word last: a hyphenated word's parts go back on top
    line: list[Word] = []
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
            parts = split_word(word, new, limit, size, language)
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
    return [font, space_at_1pt(font) if font is not None else 0.0, 0, False]


_BREAK = Word((), kind=BREAK)
