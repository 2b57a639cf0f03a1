"""Babel extraction for pnp: the gettext calls, and the docstrings click shows as each command's help.

Used by babel.cfg (`pybabel extract -F babel.cfg`) and by the test that every
message has its translation; Babel is a development tool, not needed to run pnp.
"""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

# gettext's names in pnp, by catalogue.  The interface (pnp.po): _("..."), N_("..."), ngettext(s, p, n),
# plural_forms(s, p), pgettext(context, "...").  The words printed on sheets (sheets.po): printed(lang, "..."),
# printed_n, P_("...").
KEYWORDS: Mapping[str, Any] = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "plural_forms": (1, 2),
    "pgettext": ((1, "c"), 2),
}
# Where the messages are, as babel.cfg says it: the Python code, and the workbench's Jinja pages.
METHOD_MAP = [
    ("pnp/**.py", "pnp.i18n_extract:extract_pnp"),
    ("pnp/serve/templates/**.html", "jinja2.ext:babel_extract"),
    ("templates/**.toml", "pnp.i18n_extract:extract_layout_words"),
]
OPTIONS_MAP = {
    "pnp/serve/templates/**.html": {"extensions": "jinja2.ext.i18n", "newstyle_gettext": "true", "trim_blocks": "true"}
}
SHEET_KEYWORDS: Mapping[str, Any] = {
    "printed": (2,),
    "printed_n": (2, 3),
    "P_": None,
}


def extract_pnp(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str], options: dict[str, Any]
) -> Iterator[tuple[Any, ...]]:
    """What Babel's Python extractor finds, plus the docstring of every click command and group."""
    from babel.messages.extract import extract_python

    source = fileobj.read()
    fileobj.seek(0)
    yield from extract_python(fileobj, keywords, comment_tags, options)  # type: ignore[arg-type]
    if "_" not in keywords:  # the sheets catalogue: no --help there
        return
    for lineno, docstring in command_docstrings(source.decode("utf-8")):
        yield lineno, None, docstring, []


# A word the bundled layouts print in the card's language: 'SHADOW' | printed(lang), quoted with ' inside
# the layout's TOML string (pnp.layout.expressions).
LAYOUT_WORD = re.compile(r"'((?:[^'\\]|\\.)+)'\s*\|\s*printed\b")


def extract_layout_words(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str], options: dict[str, Any]
) -> Iterator[tuple[Any, ...]]:
    """The words a layout file marks `| printed(lang)`: for the sheets catalogue only."""
    if "printed" not in keywords:
        return
    for lineno, line in enumerate(fileobj.read().decode("utf-8").splitlines(), start=1):
        for match in LAYOUT_WORD.finditer(line):
            yield lineno, None, match.group(1), []


def command_docstrings(source: str) -> Iterator[tuple[int, str]]:
    """(line, cleaned docstring) of each function decorated as a click command or group."""
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef) or not any(_is_command(d) for d in node.decorator_list):
            continue
        docstring = ast.get_docstring(node, clean=False)
        if docstring:
            yield node.lineno, inspect.cleandoc(docstring)


def _is_command(decorator: ast.expr) -> bool:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
    return name in {"command", "group"}
