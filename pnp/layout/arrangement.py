"""Where a face's elements lie: what a layout prints must stay in the card's safe area, and
no two things printed may cover each other unless the layout says it means them to.

Checked on laid-out faces (the boxes are final there: a layout's boxes may depend on the
card), once per layout and element pair: the findings name the layout and the elements.

- Content (text, images, symbols, icon rows) stays 3 mm inside the trim, where a cut a
  little off does not reach it.  Shapes (backgrounds, bands, frames, rules) may run to the
  trim and beyond: they are what content is printed on.
- Two content boxes that overlap cover each other's print.  An outline (a frame, a rule)
  that runs through a content box crosses its text.  Content on a filled shape (a title on
  its band) is intended.  A layout declares an overlap it wants with `overlaps = ["name"]`
  on either element (an emblem under the text, say).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pnp.errors import Finding, warning
from pnp.i18n import _
from pnp.layout.faces import FaceLayout, LaidOutElement
from pnp.layout.templates import Template
from pnp.units import Size, mm

SAFE_MARGIN = mm(3)
_TOLERANCE = mm(0.05)  # rounding of scaled boxes
CONTENT_KINDS = frozenset({"text", "image", "symbol", "icon-row"})

Box = tuple[float, float, float, float]  # left, top, right, bottom; y down, as layouts are written


def arrangement_findings(
    face: FaceLayout, template: Template, memo: dict[tuple[object, ...], list[Finding]] | None = None
) -> list[Finding]:
    """Content outside the safe area, and content covered by other content or crossed by an outline.

    They depend on the layout, the card size and the boxes alone, which most cards of a deck share:
    with a `memo` (kept by the caller while its templates live), each arrangement is judged once."""
    if memo is None:
        return _arrangement_findings(face, template)
    key = (id(template), face.size, tuple((e.name, e.kind, *map(e._values.get, _READ)) for e in face.elements))
    try:
        known = memo.get(key)
    except TypeError:  # a value that cannot key a dict: judged each time
        return _arrangement_findings(face, template)
    if known is None:
        known = memo[key] = _arrangement_findings(face, template)
    return list(known)


_READ = ("x", "y", "width", "height", "x2", "y2", "bleed", "stroke", "fill")  # what the judgement reads


def _arrangement_findings(face: FaceLayout, template: Template) -> list[Finding]:
    findings = []
    content = [(e, box) for e in face.elements if e.kind in CONTENT_KINDS and (box := _box(e)) is not None]
    width, height = face.size.width, face.size.height
    # the safe area of the layout's own size: a layout scaled to a smaller card keeps its proportions
    margin_x = SAFE_MARGIN * width / template.design_size.width
    margin_y = SAFE_MARGIN * height / template.design_size.height
    safe = (margin_x, margin_y, width - margin_x, height - margin_y)
    for element, box in content:
        if element.field("bleed") or _inside(box, safe):
            continue
        file, line = template.where(element.name)
        findings.append(
            warning(
                "layout/safe-area",
                file,
                _(
                    'layout "{layout}": element "{element}" comes within {reach} mm of the cut, '
                    "inside the 3 mm a cut a little off may take"
                ).format(
                    layout=template.name, element=element.name, reach=_mm(_reach(box, face.size, template.design_size))
                ),
                line=line,
                field=f"element.{element.name}",
                hint=_("move it or make it smaller, 3 mm or more inside the card's edges"),
            )
        )
    declared = _declared(template)
    for first, second in _pairs(face.elements, content):
        if frozenset((first.name, second.name)) in declared:
            continue
        file, line = template.where(second.name)
        what = _("crosses") if first.kind not in CONTENT_KINDS else _("overlaps")
        findings.append(
            warning(
                "layout/overlap",
                file,
                _('layout "{layout}": element "{first}" {what} "{second}": one prints over the other').format(
                    layout=template.name, first=first.name, what=what, second=second.name
                ),
                line=line,
                field=f"element.{second.name}",
                hint=_(
                    'move one of them; if the overlap is meant, write overlaps = ["{first}"] in element "{second}"'
                ).format(first=first.name, second=second.name),
            )
        )
    return findings


def _pairs(
    elements: Iterable[LaidOutElement], content: list[tuple[LaidOutElement, Box]]
) -> Iterable[tuple[LaidOutElement, LaidOutElement]]:
    """(earlier, later) pairs in drawing order: content over content, outlines through content."""
    for index, (element, box) in enumerate(content):
        for other, other_box in content[index + 1 :]:
            if _overlap(box, other_box):
                yield element, other
    for shape in elements:
        if shape.kind in CONTENT_KINDS or shape.get("bleed"):
            continue
        for element, box in content:
            if _crosses(shape, box):
                yield shape, element


def _crosses(shape: LaidOutElement, box: Box) -> bool:
    """An outline, or a line, that runs through the box: a filled shape is a surface to print on."""
    if shape.kind == "line":
        x1, y1, x2, y2 = (float(shape.get(k, 0.0)) for k in ("x", "y", "x2", "y2"))
        if abs(y1 - y2) < _TOLERANCE:  # layouts draw rules level or upright
            return box[1] + _TOLERANCE < y1 < box[3] - _TOLERANCE and _overlap_1d(
                min(x1, x2), max(x1, x2), box[0], box[2]
            )
        if abs(x1 - x2) < _TOLERANCE:
            return box[0] + _TOLERANCE < x1 < box[2] - _TOLERANCE and _overlap_1d(
                min(y1, y2), max(y1, y2), box[1], box[3]
            )
        return False
    if not shape.get("stroke") or shape.get("fill"):
        return False
    outline = _box(shape)
    return outline is not None and _overlap(outline, box) and not _inside(box, outline)


def _declared(template: Template) -> frozenset[frozenset[str]]:
    pairs = set()
    for raw in template.elements:
        names: Any = raw.get("overlaps", [])
        for other in [names] if isinstance(names, str) else names if isinstance(names, list) else []:
            pairs.add(frozenset((str(raw.get("name")), str(other))))
    return frozenset(pairs)


def _box(element: LaidOutElement) -> Box | None:
    try:
        x, y, width, height = (float(element.get(k)) for k in ("x", "y", "width", "height"))
    except (TypeError, ValueError):
        return None
    return x, y, x + width, y + height


def _overlap(a: Box, b: Box) -> bool:
    return _overlap_1d(a[0], a[2], b[0], b[2]) and _overlap_1d(a[1], a[3], b[1], b[3])


def _overlap_1d(a0: float, a1: float, b0: float, b1: float) -> bool:
    return min(a1, b1) - max(a0, b0) > _TOLERANCE


def _inside(inner: Box, outer: Box) -> bool:
    return (
        inner[0] >= outer[0] - _TOLERANCE
        and inner[1] >= outer[1] - _TOLERANCE
        and inner[2] <= outer[2] + _TOLERANCE
        and inner[3] <= outer[3] + _TOLERANCE
    )


def _reach(box: Box, card: Size, design: Size) -> float:
    """How close to the cut the box comes, at the layout's own size: the smallest distance from an edge."""
    sx, sy = design.width / card.width, design.height / card.height
    return max(0.0, min(box[0] * sx, box[1] * sy, (card.width - box[2]) * sx, (card.height - box[3]) * sy))


def _mm(points: float) -> str:
    return f"{round(points / mm(1), 1):g}"
