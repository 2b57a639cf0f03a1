"""Reading layout templates: one TOML file per card type, with `extends`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.errors import Finding, did_you_mean, error
from pnp.load.pack import shown_path
from pnp.load.toml import TomlFile, key_lines, read_toml
from pnp.units import Size, UnitError, parse_card_size

ELEMENT_KINDS = ("rect", "rounded-rect", "line", "image", "text", "icon-row", "symbol")

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
}
TEMPLATE_FIELDS = {"extends", "design_size", "element", "remove", "description"}


@dataclass(frozen=True)
class Template:
    name: str
    file: str  # as shown to the user
    design_size: Size
    elements: tuple[dict[str, Any], ...]
    # element name -> (file as shown, line of its [[element]]): where a finding about it points
    places: tuple[tuple[str, tuple[str, int]], ...] = ()

    def place_of(self, element: str) -> tuple[str, int | None]:
        return dict(self.places).get(element, (self.file, None))


@dataclass
class TemplateSet:
    family: str
    root: Path
    templates: dict[str, Template] = field(default_factory=dict)

    def get(self, name: str) -> Template | None:
        return self.templates.get(name)

    def layout_for(self, card_type: str, landscape: bool) -> Template | None:
        """The card type's own layout, else the family's default for that orientation."""
        if card_type in self.templates:
            return self.templates[card_type]
        default = "default-landscape" if landscape else "default"
        return self.templates.get(default) or self.templates.get("default")


def load_family(templates_root: Path, family: str) -> tuple[TemplateSet, list[Finding]]:
    """Every template of a family, with `extends` resolved; problems as findings."""
    root = templates_root / family
    found = TemplateSet(family, root)
    if not root.is_dir():
        return found, [
            error(
                "layout/no-family",
                shown_path(root),
                f'no template family "{family}"',
                hint=did_you_mean(family, [p.name for p in templates_root.glob("*") if p.is_dir()]),
            )
        ]
    raw: dict[str, TomlFile] = {}
    findings: list[Finding] = []
    for path in sorted(root.glob("*.toml")):
        source, problems = read_toml(path, shown_path(path))
        findings += problems
        if source is not None:
            raw[path.stem] = source
    for name in raw:
        template, problems = _resolve(name, raw, ())
        findings += problems
        if template is not None:
            found.templates[name] = template
    return found, _dedupe(findings)


def _element_places(source: TomlFile) -> dict[str, tuple[str, int]]:
    elements = source.data.get("element", [])
    if not isinstance(elements, list):
        return {}
    places = {}
    for element, keys in zip(elements, key_lines(source.text, "element"), strict=False):
        if isinstance(element, dict) and isinstance(element.get("name"), str):
            places[element["name"]] = (source.shown, keys[""])
    return places


def _resolve(name: str, raw: dict[str, TomlFile], chain: tuple[str, ...]) -> tuple[Template | None, list[Finding]]:
    source = raw[name]
    shown, data = source.shown, source.data
    if name in chain:
        # one circle is one finding, whichever template of it the walk started from
        members = list(chain[chain.index(name) :])
        first = members.index(min(members))
        members = members[first:] + members[:first]
        cycle = " -> ".join([*members, members[0]])
        return None, [
            error(
                "layout/extends-cycle",
                raw[members[0]].shown,
                f"templates extend each other in a circle: {cycle}",
                line=raw[members[0]].line_of(None, None, "extends"),
                field="extends",
                hint="one template in the circle must not extend another",
            )
        ]
    places = _element_places(source)
    findings = _check_fields(shown, data, places)
    parent: Template | None = None
    if "extends" in data:
        base = data["extends"]
        if not isinstance(base, str) or base not in raw:
            return None, [
                *findings,
                error(
                    "layout/unknown-template",
                    shown,
                    f"extends an unknown template {base!r}",
                    line=source.line_of(None, None, "extends"),
                    field="extends",
                    hint=did_you_mean(str(base), raw),
                ),
            ]
        parent, problems = _resolve(base, raw, (*chain, name))
        findings += problems
        if parent is None:
            return None, findings
    size = parent.design_size if parent else None
    if "design_size" in data:
        try:
            size = parse_card_size(str(data["design_size"]))
        except UnitError as exc:
            return None, [
                *findings,
                error(
                    "layout/invalid",
                    shown,
                    str(exc),
                    line=source.line_of(None, None, "design_size"),
                    field="design_size",
                ),
            ]
    if size is None:
        return None, [
            *findings,
            error(
                "layout/invalid",
                shown,
                "design_size is missing",
                field="design_size",
                hint='write design_size = "41mm x 63mm"',
            ),
        ]
    elements = _merge(parent.elements if parent else (), data.get("element", []), data.get("remove", []))
    inherited = dict(parent.places) if parent else {}
    return Template(name, shown, size, elements, tuple(sorted((inherited | places).items()))), findings


def _merge(
    inherited: tuple[dict[str, Any], ...], own: list[dict[str, Any]], removed: list[str]
) -> tuple[dict[str, Any], ...]:
    """A child's element with a parent's name overrides its fields in place; new ones go on top."""
    removed = [r for r in removed if isinstance(r, str)] if isinstance(removed, list) else []
    merged = [dict(e) for e in inherited if e.get("name") not in removed]
    by_name = {e.get("name"): e for e in merged}
    for element in own if isinstance(own, list) else []:
        if not isinstance(element, dict):
            continue  # reported by _check_fields
        name = element.get("name")
        if name in by_name:
            by_name[name].update(element)
        else:
            merged.append(dict(element))
    return tuple(merged)


def _check_fields(shown: str, data: dict[str, Any], places: dict[str, tuple[str, int]]) -> list[Finding]:
    findings = []
    for key in sorted(set(data) - TEMPLATE_FIELDS):
        findings.append(
            error("layout/invalid", shown, "unknown template field", field=key, hint=did_you_mean(key, TEMPLATE_FIELDS))
        )
    elements = data.get("element", [])
    if not isinstance(elements, list):
        return [*findings, error("layout/invalid", shown, "expected [[element]] tables", field="element")]
    for index, element in enumerate(elements):
        if not isinstance(element, dict):
            findings.append(error("layout/invalid", shown, "expected [[element]] tables", field=f"element[{index}]"))
            continue
        label = f"element.{element.get('name', f'#{index + 1}')}"
        line = places.get(str(element.get("name")), (shown, None))[1]
        for key in sorted(set(element) - ELEMENT_FIELDS):
            findings.append(
                error(
                    "layout/invalid",
                    shown,
                    "unknown element field",
                    line=line,
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
                    f"unknown element kind {kind!r}",
                    line=line,
                    field=f"{label}.kind",
                    hint=did_you_mean(str(kind), ELEMENT_KINDS) or f"kinds: {', '.join(ELEMENT_KINDS)}",
                )
            )
        if "name" not in element:
            findings.append(
                error(
                    "layout/invalid",
                    shown,
                    "every element needs a name (for extends and findings)",
                    field=f"{label}.name",
                )
            )
    return findings


def _dedupe(findings: list[Finding]) -> list[Finding]:
    seen = set()
    unique = []
    for finding in findings:
        if finding not in seen:
            seen.add(finding)
            unique.append(finding)
    return unique
