"""What a layout file may say: its fields, its elements' kinds and fields, and the findings for the rest.

docs/layouts.md documents every field and kind listed here, and a test keeps the two in step.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict

from pnp.errors import Finding, did_you_mean, error, warning
from pnp.i18n import _
from pnp.load.toml import TomlFile
from pnp.units import mm

ELEMENT_KINDS = ("rect", "rounded-rect", "line", "image", "text", "icon-row", "symbol", "scan", "panels")


def _text(value: Any) -> str:
    return str(value)


def _optional_text(value: Any) -> str | None:
    return None if value is None else str(value)


# The values of a laid-out element are already checked and converted (pnp.layout.faces: lengths in
# points, numbers, true/false, choices, colours, font roles); these turn them to their Python type as
# every reader did before, so that no laid-out element can fail here.
Text = Annotated[str, BeforeValidator(_text)]
OptionalText = Annotated[str | None, BeforeValidator(_optional_text)]
Number = Annotated[float, BeforeValidator(float)]
Whole = Annotated[int, BeforeValidator(int)]
Flag = Annotated[bool, BeforeValidator(bool)]


class Element(BaseModel):
    """A layout element once evaluated for one card: each field with its type and its one default.

    A layout file writes any of these on any kind (a field a kind does not draw is not read); every
    string there may be a jinja2 expression, evaluated per card before the element is typed here
    (LaidOutElement.typed).  docs/layouts.md documents each field; the fields are also the names a
    layout file may use (ELEMENT_FIELDS)."""

    model_config = ConfigDict(frozen=True, extra="ignore", defer_build=True)  # the missing mark carries its own words

    name: Text = ""
    kind: Text = ""
    when: OptionalText = None  # the element is drawn only when this is true (read while evaluating)
    overlaps: Any = None  # elements this one may overlap on purpose (pnp.layout.arrangement reads the layout's)
    # the box, in points from the top-left of the trim box; without a size, to the face's far edge
    x: Number = 0.0
    y: Number = 0.0
    width: Number | None = None
    height: Number | None = None
    bleed: Flag = False  # the box may run into the bleed (art meant to overhang)
    rotation: Number = 0.0  # degrees; a text turned a quarter is fitted to its turned box
    # rect, rounded-rect and line
    fill: OptionalText = None
    stroke: OptionalText = None
    stroke_width: Number = 0.5
    radius: Number = 2.0
    opacity: Number | None = None  # of the fill; 0 is see-through, not "unset"
    x2: Number = 0.0
    y2: Number = 0.0
    # text
    text: Text = ""
    font: Text = "body"
    size: Number = 8.0
    min_size: Number | None = None  # the smallest size fitting may shrink to: see floor()
    max_lines: Whole = 0  # 0: as many as fit
    leading: Number = 1.15
    align: Literal["left", "center", "right", "justify"] = "left"
    valign: Literal["top", "middle", "bottom"] = "top"
    color: Text = "#000000"
    hyphenate: Flag = True
    # image, scan, icon-row, symbol and panels
    source: OptionalText = None
    fit: Literal["cover", "contain"] = "cover"
    edge: Literal["mirror", "stretch"] = "mirror"  # how a scan's edge grows into the bleed
    icons: Text = ""
    gap: Number | None = None  # between icons: see gap_for()
    shape: Text = ""
    padding: Number = mm(0.8)  # room between a panel's edge and its text (panels)

    def width_on(self, face_width: float) -> float:
        return self.width if self.width is not None else face_width - self.x

    def height_on(self, face_height: float) -> float:
        return self.height if self.height is not None else face_height - self.y

    def floor(self, legible: float) -> float:
        """The size a text may shrink to: its min_size, or the legible size (never above its own size)."""
        return self.min_size if self.min_size is not None else min(self.size, legible)

    def gap_for(self, height: float) -> float:
        """The room between icons: its gap, or a fifth of the row's height."""
        return self.gap if self.gap is not None else height * 0.2


class PanelsElement(Element):
    """A `panels` element: its text is sized and coloured for the panels it becomes (pnp.layout.panels)."""

    size: Number = 9.0  # the rules text's largest size; the other fields keep their proportion to it
    color: Text = ""  # without one: black on a light panel, white on a dark one


ELEMENT_MODELS: dict[str, type[Element]] = {"panels": PanelsElement}  # the kinds whose defaults differ
ELEMENT_FIELDS = frozenset(Element.model_fields)
TEMPLATE_FIELDS = {"extends", "design_size", "element", "remove", "description"}
FAMILY_FIELDS = {"description", "extends", "icons"}


def kind_findings(
    shown: str, elements: tuple[dict[str, Any], ...], places: dict[str, tuple[TomlFile, int]]
) -> list[Finding]:
    """After merging: every element has a kind (its own or its parent's).  `places`: each element's
    layout file and position there, where it was last written."""
    findings = []
    for element in elements:
        if "kind" not in element and "name" in element:
            place = places.get(str(element["name"]))
            file, line = (place[0].shown, place[0].line_of("element", place[1], None)) if place else (shown, None)
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
