"""What a layout file may say: its fields, its elements' kinds and fields, and the findings for the rest.

docs/layouts.md documents every field and kind listed here, and a test keeps the two in step.
"""

from __future__ import annotations

from typing import Any

from pnp.errors import Finding, did_you_mean, error, warning
from pnp.i18n import _
from pnp.load.toml import TomlFile

ELEMENT_KINDS = ("rect", "rounded-rect", "line", "image", "text", "icon-row", "symbol", "scan", "panels")

# Fields an element may carry; every string may be a jinja2 expression.
ELEMENT_FIELDS = {
    "name",
    "kind",
    "when",
    "x",
    "y",
    "width",
    "height",
    "x2",
    "y2",
    "fill",
    "stroke",
    "stroke_width",
    "radius",
    "bleed",
    "text",
    "font",
    "size",
    "min_size",
    "max_lines",
    "leading",
    "align",
    "valign",
    "color",
    "hyphenate",
    "source",
    "fit",
    "icons",
    "gap",
    "shape",
    "opacity",
    "rotation",
    "edge",  # how a scan's edge grows into the bleed: mirror or stretch
    "padding",  # room between a panel's edge and its text
    "overlaps",  # elements this one may overlap on purpose (pnp.layout.arrangement)
}
TEMPLATE_FIELDS = {"extends", "design_size", "element", "remove", "description"}
FAMILY_FIELDS = {"description", "extends", "icons"}


def kind_findings(
    shown: str, elements: tuple[dict[str, Any], ...], lines: dict[str, tuple[str, int | None]]
) -> list[Finding]:
    """After merging: every element has a kind (its own or its parent's)."""
    findings = []
    for element in elements:
        if "kind" not in element and "name" in element:
            file, line = lines.get(str(element["name"]), (shown, None))
            findings.append(
                error(
                    "layout/invalid",
                    file,
                    _('element "{element}" has no kind, and no inherited element of that name gives one').format(
                        element=element["name"]
                    ),
                    line=line,
                    field=f"element.{element['name']}.kind",
                    hint=_("kinds: {ELEMENT_KINDS}").format(ELEMENT_KINDS=", ".join(ELEMENT_KINDS)),
                )
            )
    return findings


def element_findings(source: TomlFile) -> list[Finding]:
    """What a layout file says that a layout may not: unknown fields and kinds, elements without a
    name or with the name of another."""
    shown, data = source.shown, source.data
    findings = []
    for key in sorted(set(data) - TEMPLATE_FIELDS):
        findings.append(
            error(
                "layout/invalid",
                shown,
                _("unknown template field"),
                line=source.line_of(None, None, key),
                field=key,
                hint=did_you_mean(key, TEMPLATE_FIELDS),
            )
        )
    elements = data.get("element", [])
    if not isinstance(elements, list) or not all(isinstance(e, dict) for e in elements):
        return [*findings, error("layout/invalid", shown, _("expected [[element]] tables"), field="element")]
    seen: set[object] = set()
    for index, element in enumerate(elements):
        if not isinstance(element, dict):
            findings.append(error("layout/invalid", shown, _("expected [[element]] tables"), field=f"element[{index}]"))
            continue
        label = f"element.{element.get('name', f'#{index + 1}')}"
        line = source.line_of("element", index, None)
        for key in sorted(set(element) - ELEMENT_FIELDS):
            findings.append(
                error(
                    "layout/invalid",
                    shown,
                    _("unknown element field"),
                    line=source.line_of("element", index, key) or line,
                    field=f"{label}.{key}",
                    hint=did_you_mean(key, ELEMENT_FIELDS),
                )
            )
        kind = element.get("kind")
        if kind is not None and kind not in ELEMENT_KINDS:
            findings.append(
                error(
                    "layout/invalid",
                    shown,
                    _("unknown element kind {kind!r}").format(kind=kind),
                    line=source.line_of("element", index, "kind") or line,
                    field=f"{label}.kind",
                    hint=did_you_mean(str(kind), ELEMENT_KINDS)
                    or _("kinds: {ELEMENT_KINDS}").format(ELEMENT_KINDS=", ".join(ELEMENT_KINDS)),
                )
            )
        if "opacity" in element and kind is not None and kind not in ("rect", "rounded-rect"):
            findings.append(
                warning(
                    "layout/invalid",
                    shown,
                    _("opacity applies to the fill of a rect or rounded-rect: this {kind} is drawn opaque").format(
                        kind=kind
                    ),
                    line=source.line_of("element", index, "opacity") or line,
                    field=f"{label}.opacity",
                    hint=_("remove it, or lay a see-through rect over the element"),
                )
            )
        if "name" not in element:
            findings.append(
                error(
                    "layout/invalid",
                    shown,
                    _("every element needs a name (for extends and findings)"),
                    line=line,
                    field=f"{label}.name",
                )
            )
        elif element["name"] in seen:  # the second would silently change the first, as extends does
            findings.append(
                error(
                    "layout/invalid",
                    shown,
                    _("two elements are named {name!r}; a name is unique in its layout").format(name=element["name"]),
                    line=line,
                    field=f"{label}.name",
                    hint=_("rename one; to change an inherited element, write its name once"),
                )
            )
        seen.add(element.get("name"))
    return findings
