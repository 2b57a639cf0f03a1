"""Reading layout templates: one TOML file per card type, with `extends`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.errors import Finding, did_you_mean, error
from pnp.load.pack import shown_path
from pnp.load.toml import read_toml
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
}
TEMPLATE_FIELDS = {"extends", "design_size", "element", "remove", "description"}


@dataclass(frozen=True)
class Template:
    name: str
    file: str  # as shown to the user
    design_size: Size
    elements: tuple[dict[str, Any], ...]


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
    raw: dict[str, tuple[str, dict[str, Any]]] = {}
    findings: list[Finding] = []
    for path in sorted(root.glob("*.toml")):
        source, problems = read_toml(path, shown_path(path))
        findings += problems
        if source is not None:
            raw[path.stem] = (source.shown, source.data)
    for name in raw:
        template, problems = _resolve(name, raw, ())
        findings += problems
        if template is not None:
            found.templates[name] = template
    return found, _dedupe(findings)


def _resolve(
    name: str, raw: dict[str, tuple[str, dict[str, Any]]], chain: tuple[str, ...]
) -> tuple[Template | None, list[Finding]]:
    shown, data = raw[name]
    if name in chain:
        cycle = " -> ".join([*chain, name])
        return None, [
            error(
                "layout/extends-cycle",
                shown,
                f"templates extend each other in a circle: {cycle}",
                field="extends",
                hint="one template in the circle must not extend another",
            )
        ]
    findings = _check_fields(shown, data)
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
            return None, [*findings, error("layout/invalid", shown, str(exc), field="design_size")]
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
    return Template(name, shown, size, elements), findings


def _merge(
    inherited: tuple[dict[str, Any], ...], own: list[dict[str, Any]], removed: list[str]
) -> tuple[dict[str, Any], ...]:
    """A child's element with a parent's name overrides its fields in place; new ones go on top."""
    merged = [dict(e) for e in inherited if e.get("name") not in removed]
    by_name = {e.get("name"): e for e in merged}
    for element in own:
        name = element.get("name")
        if name in by_name:
            by_name[name].update(element)
        else:
            merged.append(dict(element))
    return tuple(merged)


def _check_fields(shown: str, data: dict[str, Any]) -> list[Finding]:
    findings = []
    for key in sorted(set(data) - TEMPLATE_FIELDS):
        findings.append(
            error("layout/invalid", shown, "unknown template field", field=key, hint=did_you_mean(key, TEMPLATE_FIELDS))
        )
    elements = data.get("element", [])
    if not isinstance(elements, list):
        return [*findings, error("layout/invalid", shown, "expected [[element]] tables", field="element")]
    for index, element in enumerate(elements):
        label = f"element.{element.get('name', f'#{index + 1}')}"
        for key in sorted(set(element) - ELEMENT_FIELDS):
            findings.append(
                error(
                    "layout/invalid",
                    shown,
                    "unknown element field",
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
