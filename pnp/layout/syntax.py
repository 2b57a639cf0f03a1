"""A layout expression that cannot be read, said as a layout writer thinks of it, not in jinja2's English.

jinja2's TemplateSyntaxError carries an English sentence ("unexpected end of template, expected 'end of
print statement'."); a layout writer needs to know which `{{`, `{%` or block is left open, or which name
is unknown.  The sentences jinja2 writes are few and stable: each is read here and said again through
`_()`; one not foreseen is said in general words, never in jinja2's.
"""

from __future__ import annotations

import re

import jinja2

from pnp.i18n import _

# what jinja2 names a token by, as the layout writer typed it
_TOKENS = {"end of print statement": "}}", "end of statement block": "%}", "end of template": ""}

_OPEN_BLOCK = re.compile(r"The innermost block that needs to be closed is '(?P<tag>\w+)'")
_UNKNOWN_TAG = re.compile(r"^Encountered unknown tag '(?P<tag>\w+)'")
_NO_FILTER = re.compile(r"^No (?P<what>filter|test) named '(?P<name>[^']+)'")
_CHAR = re.compile(r"^unexpected char (?P<char>'.'|\".\") at \d+")
_NEAR = re.compile(r"(?:got|unexpected) '(?P<token>[^']*)'")


def syntax_message(exc: jinja2.TemplateSyntaxError) -> str:
    """What is wrong in an expression that cannot be read, in the interface language."""
    text = exc.message or ""
    line = exc.lineno or 1
    said = _said(text)
    if line > 1:
        return _("{message} (line {line} of the expression)").format(message=said, line=line)
    return said


def _said(text: str) -> str:
    tag = _UNKNOWN_TAG.match(text)
    block = _OPEN_BLOCK.search(text)
    if tag and block:
        return _("{{% {tag} %}} does not belong here: close the {{% {block} %}} block first").format(
            tag=tag["tag"], block=block["tag"]
        )
    if block:
        return _("the {{% {block} %}} block is not closed: end it with {closing}").format(
            block=block["tag"], closing=f"{{% end{block['tag']} %}}"
        )
    if tag:
        if tag["tag"].startswith("end"):
            return _("{{% {tag} %}} closes a block that was never opened: is a {{% {opening} %}} missing?").format(
                tag=tag["tag"], opening=tag["tag"].removeprefix("end")
            )
        return _("unknown instruction {{% {tag} %}}: a layout may use {known}").format(
            tag=tag["tag"], known="if, elif, else, for, set"
        )
    if found := _NO_FILTER.match(text):
        return _('there is no filter called "{name}"').format(name=found["name"])
    if text.startswith("Missing end of comment tag"):
        return _('a comment "{#" is not closed: end it with "#}"')
    if found := _CHAR.match(text):
        char = found["char"][1]
        if char in "\"'":
            return _("a text in quotes is not closed: end it with {char}").format(char=char)
        return _('the character "{char}" cannot stand here').format(char=char)
    if text.lower().startswith("unexpected end of template"):
        if "print statement" in text:
            return _('a "{{" is not closed: end it with "}}"')
        if "statement block" in text:
            return _('a "{%" is not closed: end it with "%}"')
    if found := _NEAR.search(text):
        token = _TOKENS.get(found["token"], found["token"])
        if token:
            return _('the expression cannot be read near "{token}": is a value, a name or a bracket missing?').format(
                token=token
            )
    return _('the expression cannot be read: check that each "{{" has its "}}" and each "{%" its "%}"')
