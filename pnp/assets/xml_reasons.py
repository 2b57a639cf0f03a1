"""Why an SVG file is not well-formed XML, in the interface language, not in libxml2's English.

lxml reports libxml2's sentence with the place appended ("error parsing attribute name, line 3,
column 1"); the place belongs to the finding, once, and the sentence is said again here in words a
pack writer who drew an icon can act on.  A sentence not foreseen is said in general words.
"""

from __future__ import annotations

import re

from lxml import etree

from pnp.i18n import _

_TAG_MISMATCH = re.compile(r"^Opening and ending tag mismatch: (?P<open>\S+) line \d+ and (?P<close>[^,\s]+)")
_PREMATURE = re.compile(r"^Premature end of data in tag (?P<tag>\S+)")
_REDEFINED = re.compile(r"^Attribute (?P<name>\S+) redefined")
_NO_VALUE = re.compile(r"^Specification mandates value for attribute (?P<name>[^,\s]+)")
_NOT_CLOSED = re.compile(r"^Couldn't find end of Start Tag (?P<tag>\S+)")


def xml_reason(exc: etree.XMLSyntaxError) -> str:
    """libxml2's sentence, said for a person who edits the drawing in a text editor."""
    text = exc.msg or ""
    if found := _TAG_MISMATCH.match(text):
        return _("<{open}> is closed by </{close}>").format(open=found["open"], close=found["close"])
    if found := _PREMATURE.match(text):
        return _("the file ends before <{tag}> is closed").format(tag=found["tag"])
    if found := _NOT_CLOSED.match(text):
        return _('the tag <{tag}> is not closed with ">"').format(tag=found["tag"])
    if found := _REDEFINED.match(text):
        return _('the attribute "{name}" is written twice').format(name=found["name"])
    if found := _NO_VALUE.match(text):
        return _('the attribute "{name}" has no value: write {name}="…"').format(name=found["name"])
    said = {
        "error parsing attribute name": _('an attribute is badly written, or a tag is not closed with ">"'),
        "attributes construct error": _('an attribute is badly written, or a tag is not closed with ">"'),
        "AttValue": _("an attribute's value must be in quotes"),
        "Start tag expected": _("the file is not an SVG drawing (it does not start with <)"),
        "Document is empty": _("the file is empty"),
        "Extra content at the end": _("something follows the closing </svg>"),
        "xmlParseEntityRef": _('a "&" must be written {entity}').format(entity='"&amp;"'),
        "EntityRef: expecting": _('a "&" must be written {entity}').format(entity='"&amp;"'),
        "Unescaped '<'": _('a "<" inside an attribute must be written {entity}').format(entity='"&lt;"'),
        "StartTag: invalid element name": _("a tag's name is badly written"),
        "XML declaration allowed only at the start": _("{declaration} must be the very first thing in the file").format(
            declaration="<?xml ?>"
        ),
        "Input is not proper UTF-8": _("the file is not saved as UTF-8"),
    }
    for start, reason in said.items():
        if text.startswith(start):
            return reason
    return _("the text of the drawing cannot be read as SVG")


def xml_place(exc: etree.XMLSyntaxError) -> tuple[int | None, int | None]:
    """The line and column libxml2 stopped at."""
    line, column = exc.position if exc.position else (exc.lineno, None)
    return (line or None), (column or None)
