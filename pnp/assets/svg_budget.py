"""What an SVG icon costs to draw, counted as the renderer will draw it: after `<use>` expansion.

The icon gate (pnp.layout.icons) refuses an SVG over 1 MB or over 10,000
elements as written, but a small file can still ask for far more: a `<use>`
draws another element again, and uses of uses multiply (a 401 KB icon
reusing one 40,000-point path 10,000 times).  Here every element is counted
with what it draws, a `<use>` with its target's cost, each target counted once
and remembered, so the count itself is linear in the file.  An inline
`data:` image passes the same gate as card art (pnp.images), with its pixels
counted at every place it is drawn.  A DTD's entities are found in the parsed
document, whatever the file's encoding (a byte search for "<!ENTITY" misses
UTF-16).
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass

from lxml import etree

from pnp.i18n import _, number
from pnp.images import MAX_IMAGE_PIXELS, image_bytes_info
from pnp.limits import MAX_SVG_DEPTH, MAX_SVG_DRAWN_ELEMENTS, MAX_SVG_PATH_POINTS

_XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
_NUMBER = re.compile(rb"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_INLINE = re.compile(r"data:image/(png|jpeg);base64,(.*)", re.DOTALL)


@dataclass(frozen=True)
class _Cost:
    elements: int
    points: int
    pixels: int

    def __add__(self, other: _Cost) -> _Cost:
        return _Cost(self.elements + other.elements, self.points + other.points, self.pixels + other.pixels)


def entities_problem(root: etree._Element) -> str | None:
    """A DTD that declares entities, or an entity left in the text: an icon never needs one."""
    dtd = root.getroottree().docinfo.internalDTD
    if (dtd is not None and any(True for _entity in dtd.iterentities())) or any(
        isinstance(node, etree._Entity) for node in root.iter()
    ):
        return _("the SVG declares XML entities, which an icon never needs")
    return None


def drawing_problem(root: etree._Element) -> str | None:
    """Why the SVG asks for too much once expanded, or an inline image cannot be used; None when it is fine."""
    problem = entities_problem(root)
    if problem is not None:
        return problem
    by_id = {e.get("id"): e for e in root.iter() if isinstance(e.tag, str) and e.get("id")}
    costs: dict[etree._Element, _Cost] = {}
    try:
        total = _cost(root, by_id, costs, set())
    except _Refused as refused:
        return refused.message
    return _over(total)


class _Refused(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _over(cost: _Cost, line: int | None = None) -> str | None:
    """What is over the limits, counted up to the element at `line` of the file."""
    if cost.elements > MAX_SVG_DRAWN_ELEMENTS:
        problem = _("drawn with its <use> copies, the SVG has more than {limit} elements").format(
            limit=number(MAX_SVG_DRAWN_ELEMENTS)
        )
    elif cost.points > MAX_SVG_PATH_POINTS:
        problem = _("drawn with its <use> copies, the SVG has more than {limit} path points").format(
            limit=number(MAX_SVG_PATH_POINTS)
        )
    elif cost.pixels > MAX_IMAGE_PIXELS:
        problem = _("drawn with its <use> copies, the SVG's images have more than {limit} MP").format(
            limit=number(MAX_IMAGE_PIXELS // 1_000_000)
        )
    else:
        return None
    return (
        problem if line is None else _("{problem} (counted up to its line {line})").format(problem=problem, line=line)
    )


def _cost(
    element: etree._Element,
    by_id: dict[str | None, etree._Element],
    costs: dict[etree._Element, _Cost],
    visiting: set[etree._Element],
) -> _Cost:
    """The element with its children and, for a <use>, its target: each element's cost is computed once.

    A <use> that leads back to itself costs nothing more (the renderer skips a circular <use>)."""
    known = costs.get(element)
    if known is not None:
        return known
    if element in visiting:
        return _Cost(0, 0, 0)
    if len(visiting) >= MAX_SVG_DEPTH:
        raise _Refused(
            _("the SVG nests elements and <use> copies more than {limit} deep").format(limit=number(MAX_SVG_DEPTH))
        )
    visiting.add(element)
    total = _own_cost(element)
    if not _is_template(element):  # what <defs> and <symbol> hold is drawn only where a <use> names it
        for child in element:
            if isinstance(child.tag, str):
                total = total + _cost(child, by_id, costs, visiting)
    if isinstance(element.tag, str) and etree.QName(element).localname == "use":
        target = by_id.get((element.get("href") or element.get(_XLINK_HREF) or "").removeprefix("#"))
        if target is not None and _is_template(target):
            for child in target:
                if isinstance(child.tag, str):
                    total = total + _cost(child, by_id, costs, visiting)
        elif target is not None:
            total = total + _cost(target, by_id, costs, visiting)
    visiting.discard(element)
    problem = _over(total, element.sourceline)
    if problem is not None:  # stop counting as soon as one part is over: the totals only grow
        raise _Refused(problem)
    costs[element] = total
    return total


def _is_template(element: etree._Element) -> bool:
    return isinstance(element.tag, str) and etree.QName(element).localname in ("defs", "symbol")


def _own_cost(element: etree._Element) -> _Cost:
    if not isinstance(element.tag, str):
        return _Cost(0, 0, 0)
    name = etree.QName(element).localname
    points = 0
    if name == "path":
        points = len(_NUMBER.findall((element.get("d") or "").encode())) // 2
    elif name in ("polyline", "polygon"):
        points = len(_NUMBER.findall((element.get("points") or "").encode())) // 2
    pixels = 0
    if name == "image":
        pixels = _inline_pixels(element.get("href") or element.get(_XLINK_HREF) or "")
    return _Cost(1, points, pixels)


def _inline_pixels(target: str) -> int:
    """An inline image's pixels, through the image gate; a bad one is refused with the gate's reason."""
    match = _INLINE.match(target.strip())
    if match is None:
        return 0  # not an inline image: the icon gate has refused outside references already
    try:
        data = base64.b64decode(re.sub(r"\s+", "", match.group(2)), validate=True)
    except (binascii.Error, ValueError):
        raise _Refused(_("an image inside the SVG is not valid base64")) from None
    info, problem = image_bytes_info(data, _("inside the SVG"))
    if info is None:
        raise _Refused(problem or _("an image inside the SVG cannot be read"))
    return info.width * info.height
