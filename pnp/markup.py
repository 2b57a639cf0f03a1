"""The card-text markup: `{icon}`, `**bold**`, `*italic*`, blank line = new paragraph.

Card text is data, never a template: this parser is the only reader of it,
and everything it does not recognise is literal text ("<b>", "{{ 7*7 }}").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from pnp.i18n import _

ICON = re.compile(r"\{([a-z][a-z0-9-]*)\}")
_TOKEN = re.compile(r"(\\[*{}\\]|\*\*|\*|\{[a-z][a-z0-9-]*\}|\n)")
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n+")


def escape(text: str) -> str:
    """Text for ReportLab's paragraph markup: &, < and > as entities.

    What xml.sax.saxutils.escape does, without its import chain (urllib, http,
    ssl: some 40 ms of every command's start-up)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


@dataclass(frozen=True)
class Span:
    """A run of text with one style, or an icon (text is then the icon name)."""

    text: str
    bold: bool = False
    italic: bool = False
    icon: bool = False
    line_break: bool = False


Paragraph = tuple[Span, ...]


@dataclass(frozen=True)
class MarkupProblem:
    message: str
    hint: str


_SPECIAL = re.compile(r"([*{}\\])")


def as_literal(text: str) -> str:
    """Plain text (a title) as markup that reads back as exactly that text."""
    return _SPECIAL.sub(r"\\\1", text)


def split_paragraphs(text: str) -> list[str]:
    return [p.strip() for p in _PARAGRAPH_BREAK.split(text.strip()) if p.strip()]


def parse(text: str) -> list[Paragraph]:
    """Text -> paragraphs of styled spans.  A marker with no pair prints as a literal star."""
    return list(_parsed(text))


@lru_cache(maxsize=1 << 14)  # layout, fitting and a dozen text rules read each card's text again
def _parsed(text: str) -> tuple[Paragraph, ...]:
    return tuple(_parse_paragraph(p) for p in split_paragraphs(text))


def _parse_paragraph(text: str) -> Paragraph:
    tokens = [t for t in _TOKEN.split(text) if t]
    literal = _unpaired_markers(tokens)
    spans: list[Span] = []
    bold = italic = False
    for index, token in enumerate(tokens):
        if index in literal:
            spans.append(Span(token, bold, italic))
        elif len(token) == 2 and token[0] == "\\":
            spans.append(Span(token[1], bold, italic))
        elif token == "**":
            bold = not bold
        elif token == "*":
            italic = not italic
        elif token == "\n":
            spans.append(Span("", bold, italic, line_break=True))
        elif ICON.fullmatch(token):
            spans.append(Span(token[1:-1], bold, italic, icon=True))
        else:
            spans.append(Span(token, bold, italic))
    return tuple(spans)


def _unpaired_markers(tokens: list[str]) -> set[int]:
    literal, _ = _pair_markers(tokens)
    return literal


def _pair_markers(tokens: list[str]) -> tuple[set[int], set[int]]:
    """Which '*' and '**' pair with nothing (they print as literal stars),
    and among them which opened and were never closed (likely a typo).

    As in Markdown, a marker opens only before a word and not inside one
    ("7*7" stays literal), and closes only after a word.
    """
    literal: set[int] = set()
    unclosed: set[int] = set()
    open_at: dict[str, int | None] = {"**": None, "*": None}
    for index, token in enumerate(tokens):
        if token not in open_at:
            continue
        before = tokens[index - 1][-1:] if index else ""
        after = tokens[index + 1][:1] if index + 1 < len(tokens) else ""
        can_close = open_at[token] is not None and before.strip() != "" and not after.isalnum()
        can_open = after.strip() != "" and not before.isalnum()
        if can_close:
            open_at[token] = None
        elif can_open:
            previous = open_at[token]
            if previous is not None:
                literal.add(previous)
                unclosed.add(previous)
            open_at[token] = index
        else:
            literal.add(index)
    left_open = {i for i in open_at.values() if i is not None}
    return literal | left_open, unclosed | left_open


def icons_in(text: str) -> list[str]:
    return ICON.findall(text)


@lru_cache(maxsize=1 << 14)
def plain_text(text: str) -> str:
    """The words a reader sees, icons kept as their {name}: for text checks."""
    return "\n\n".join(
        "".join("\n" if span.line_break else (f"{{{span.text}}}" if span.icon else span.text) for span in paragraph)
        for paragraph in parse(text)
    )


def problems(text: str) -> list[MarkupProblem]:
    """Markup a writer most likely did not mean: a marker left without its pair."""
    found = []
    for paragraph in split_paragraphs(text):
        tokens = [t for t in _TOKEN.split(paragraph) if t]
        for index in sorted(_pair_markers(tokens)[1]):
            marker = tokens[index]
            found.append(
                MarkupProblem(
                    _(
                        "a '{marker}' marker has no closing pair in its paragraph: it prints as a literal '{marker}'"
                    ).format(marker=marker),
                    _("close it with '{marker}', or write '\\*' for a literal star").format(marker=marker),
                )
            )
    return found


def line_breaks_differ(original: str, translation: str) -> tuple[bool, bool]:
    """(the first line break differs, the last one differs) between a text and its translation.

    gettext's `msgfmt -c` refuses such an entry, and the card prints a blank line the original does
    not: `pnp check` reports it (text/line-breaks) and `pnp export --format po` exports it fuzzy.
    A Windows line ending counts as one break."""
    original, translation = original.replace("\r\n", "\n"), translation.replace("\r\n", "\n")
    return (
        original.startswith("\n") != translation.startswith("\n"),
        original.endswith("\n") != translation.endswith("\n"),
    )
