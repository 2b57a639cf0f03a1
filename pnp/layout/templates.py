"""Reading layout templates: one TOML file per card type, with `extends`.

A family's layouts are looked up in layers: the pack's own
`<pack>/templates/<family>/` first, then pnp's bundled `templates/<family>/`,
then the family named by the family's `family.toml` `extends`.  Pack layouts
come from strangers: they are read with size limits, never through a link
leading outside the pack, and run in the same sandbox as bundled ones.
What a layout file may say, and the findings for the rest, are in
pnp.layout.schema.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.errors import Finding, did_you_mean, error
from pnp.i18n import _
from pnp.layout.schema import FAMILY_FIELDS, element_findings, kind_findings
from pnp.load.toml import TomlFile, read_toml
from pnp.paths import shown_path
from pnp.units import Size, UnitError, parse_card_size

_SLUG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
FAMILY_FILE = "family.toml"  # the family's own settings and icon set; not a layout
AID_STYLE_FILE = "aids.toml"  # how the family prints aids (pnp.layout.aid_style); not a layout either
NOT_LAYOUTS = (FAMILY_FILE, AID_STYLE_FILE)

# Limits for layouts that come with a pack: a layout is a page of data, not a program.
MAX_LAYOUT_BYTES = 256 * 1024
MAX_ELEMENTS = 300
MAX_LAYOUTS = 200
MAX_FAMILY_DEPTH = 8


@dataclass(frozen=True)
class Template:
    name: str
    file: str  # as shown to the user
    design_size: Size
    elements: tuple[dict[str, Any], ...]
    # element name -> the layout file and the element's place in it where it was last defined or
    # changed: findings point there.  The line is found when a finding asks for it: most builds
    # find nothing, and finding the lines of every key was half the time a family took to read
    element_places: tuple[tuple[str, TomlFile, int], ...] = field(default=(), repr=False, compare=False)
    # (element name, key) -> the same for the key, where it was last set: a wrong value is pointed at
    key_places: tuple[tuple[str, str, TomlFile, int], ...] = field(default=(), repr=False, compare=False)
    # the texts of the files it was made of, this one's and those it extends, as one digest: in its
    # repr (the layout memo's key, pnp.layout.memo) in place of the files, whose lines findings name
    sources: str = ""

    def where(self, element: str, key: str | None = None) -> tuple[str, int | None]:
        """Where the element, or the key of it a finding is about, was last written."""
        if key is not None:
            for name, field_name, source, index in self.key_places:
                if name == element and field_name == key:
                    return source.shown, source.line_of("element", index, key)
        for name, source, index in self.element_places:
            if name == element:
                return source.shown, source.line_of("element", index, None)
        return self.file, None


@dataclass(frozen=True)
class IconFile:
    """A drawing for an icon name: an SVG or PNG file, declared by a pack or a layout family."""

    name: str
    path: Path
    shown: str  # as the user sees it, for findings
    declared_in: str  # the file that maps the name to it


@dataclass
class TemplateSet:
    family: str
    root: Path
    templates: dict[str, Template] = field(default_factory=dict)
    icons: dict[str, IconFile] = field(default_factory=dict)  # the family's icon set, from family.toml

    def get(self, name: str) -> Template | None:
        return self.templates.get(name)

    def layout_for(self, card_type: str, landscape: bool, shape: str | None = None) -> Template | None:
        """The card type's own layout, else the family's default for that shape and orientation.

        `shape` is the size class of the card (see `size_class`): a tarot card takes
        `<type>-tarot` or `default-tarot` before the plain ones.  Among the layouts
        that exist, one drawn for the card's orientation wins.
        """
        found = [self.templates[n] for n in layout_candidates(card_type, landscape, shape) if n in self.templates]
        matching = [t for t in found if _is_landscape(t.design_size) == landscape]
        chosen = matching or found
        return chosen[0] if chosen else None

    def own_layouts(self, card_type: str, landscape: bool, shape: str | None = None) -> list[Template]:
        """The layouts named after the card type among those `layout_for` tries."""
        names = layout_candidates(card_type, landscape, shape)
        return [self.templates[n] for n in names if n in self.templates and not n.startswith("default")]

    def back_for(self, landscape: bool, shape: str | None = None) -> Template | None:
        """The deck back: back-<shape>, back-landscape or back, one drawn for the orientation first."""
        names = [n for n in layout_candidates("back", landscape, shape) if n.startswith("back")]
        found = [self.templates[n] for n in names if n in self.templates]
        matching = [t for t in found if _is_landscape(t.design_size) == landscape]
        return matching[0] if matching else None


def size_class(size: Size) -> str:
    """portrait, landscape, tarot (long and narrow, like 70 x 120 mm) or square."""
    long, short = max(size.width, size.height), min(size.width, size.height)
    if long <= short * 1.1:
        return "square"
    if long >= short * 1.6:
        return "tarot" if size.height >= size.width else "tarot-landscape"
    return "landscape" if size.width > size.height else "portrait"


def layout_candidates(card_type: str, landscape: bool, shape: str | None = None) -> list[str]:
    """The layout names tried for a card, in order: the type's own, then the family's default."""
    names = []
    for base in (card_type, "default"):
        if shape and shape not in ("portrait", "landscape"):
            names.append(f"{base}-{shape}")
        if landscape:
            names.append(f"{base}-landscape")
        names.append(base)
    return list(dict.fromkeys(names))


def _is_landscape(size: Size) -> bool:
    return size.width > size.height + 0.01


@dataclass
class _Layers:
    """The folders a family's files are found in, pack first, and where lookups fall back to."""

    templates_root: Path
    pack_root: Path | None
    files: dict[Path, TomlFile | None] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)

    def folders(self, family: str) -> list[Path]:
        found = []
        if self.pack_root is not None:
            local = self.pack_root / "templates" / family
            if local.is_dir() and self._inside_pack(local):
                found.append(local)
        bundled = self.templates_root / family
        if bundled.is_dir():
            found.append(bundled)
        return found

    def known_families(self) -> list[str]:
        roots = [self.templates_root] + ([self.pack_root / "templates"] if self.pack_root else [])
        return sorted({p.name for root in roots if root.is_dir() for p in root.iterdir() if p.is_dir()})

    def _inside_pack(self, path: Path) -> bool:
        assert self.pack_root is not None
        try:
            path.resolve().relative_to(self.pack_root.resolve())
        except ValueError:
            self.findings.append(
                error(
                    "layout/outside-pack",
                    shown_path(path),
                    _("this layout folder leads outside the pack (a link?): it is not read"),
                    hint=_("copy the layouts into the pack instead of linking to them"),
                )
            )
            return False
        return True

    def read(self, path: Path) -> TomlFile | None:
        if path in self.files:
            return self.files[path]
        self.files[path] = None
        shown = shown_path(path)
        if self.pack_root is not None and path.is_relative_to(self.pack_root) and not self._inside_pack(path):
            return None
        try:
            size = path.stat().st_size
        except OSError:
            size = 0
        if size > MAX_LAYOUT_BYTES:
            self.findings.append(
                error(
                    "layout/too-large",
                    shown,
                    _("the layout is {value} KB; a layout may be at most {value2} KB").format(
                        value=size // 1024, value2=MAX_LAYOUT_BYTES // 1024
                    ),
                )
            )
            return None
        source, problems = read_toml(path, shown)
        self.findings += problems
        self.files[path] = source
        return source


def load_family(templates_root: Path, family: str, pack_root: Path | None = None) -> tuple[TemplateSet, list[Finding]]:
    """Every layout a family can use, with `extends` resolved, and its icon set; problems as findings."""
    layers = _Layers(templates_root, pack_root)
    chain, findings = _family_chain(layers, family)
    first = layers.folders(family)
    found = TemplateSet(family, first[0] if first else templates_root / family)
    if not chain:
        return found, _dedupe([*layers.findings, *findings])
    names: dict[str, Path] = {}
    for _name, folder in chain:
        for path in sorted(folder.glob("*.toml")):
            if path.name not in NOT_LAYOUTS:
                names.setdefault(path.stem, path)
    if len(names) > MAX_LAYOUTS:
        findings.append(
            error(
                "layout/too-large",
                shown_path(found.root),
                _("more than {MAX_LAYOUTS} layouts in one family").format(MAX_LAYOUTS=MAX_LAYOUTS),
            )
        )
        return found, _dedupe([*layers.findings, *findings])
    for name, path in names.items():
        template, problems = _resolve(layers, chain, path, ())
        findings += problems
        if template is not None:
            found.templates[name] = template
    found.icons = _icon_set(layers, chain, findings)
    return found, _dedupe([*layers.findings, *findings])


def _family_chain(layers: _Layers, family: str) -> tuple[list[tuple[str, Path]], list[Finding]]:
    """(family, folder) pairs in lookup order, following family.toml `extends`."""
    chain: list[tuple[str, Path]] = []
    seen: list[str] = []
    name: str | None = family
    where: tuple[str, str] | None = None  # the family.toml that named the next family
    while name is not None:
        if not _SLUG.fullmatch(name):  # a family is a folder name, never a path
            file, key = where if where else (shown_path(layers.templates_root), None)
            return chain, [
                error(
                    "layout/no-family",
                    file,
                    _("{name!r} is not a family name: lowercase letters, digits and hyphens").format(name=name),
                    field=key,
                )
            ]
        folders = layers.folders(name)
        if not folders:
            known = layers.known_families()
            file, key = where if where else (shown_path(layers.templates_root / name), None)
            hint = did_you_mean(name, known) or (
                _("families: {known}; or add templates/{name}/ to the pack").format(known=", ".join(known), name=name)
                if known
                else None
            )
            return chain, [
                error(
                    "layout/no-family", file, _('no template family "{name}"').format(name=name), field=key, hint=hint
                )
            ]
        if name in seen or len(seen) >= MAX_FAMILY_DEPTH:
            file = where[0] if where else name
            return chain, [
                error(
                    "layout/extends-cycle",
                    file,
                    _("families extend each other in a circle: {value}").format(value=" -> ".join([*seen, name])),
                    field="extends",
                )
            ]
        seen.append(name)
        chain += [(name, folder) for folder in folders]
        settings = _family_settings(layers, folders)
        if settings is None:
            break
        parent = settings.data.get("extends")
        name = parent if isinstance(parent, str) else None
        where = (settings.shown, "extends")
    return chain, []


def _family_settings(layers: _Layers, folders: list[Path]) -> TomlFile | None:
    """The family's family.toml: the pack's own replaces the bundled one."""
    for folder in folders:
        path = folder / FAMILY_FILE
        if path.is_file():
            source = layers.read(path)
            if source is not None:
                for key in sorted(set(source.data) - FAMILY_FIELDS):
                    layers.findings.append(
                        error(
                            "layout/invalid",
                            source.shown,
                            _("unknown family field"),
                            line=source.line_of(None, None, key),
                            field=key,
                            hint=did_you_mean(key, FAMILY_FIELDS)
                            or _("fields: {FAMILY_FIELDS}").format(FAMILY_FIELDS=", ".join(sorted(FAMILY_FIELDS))),
                        )
                    )
            return source
    return None


def _icon_set(layers: _Layers, chain: list[tuple[str, Path]], findings: list[Finding]) -> dict[str, IconFile]:
    """Icons declared in family.toml `[icons]`, a family's own before the one it extends."""
    icons: dict[str, IconFile] = {}
    for _name, folder in chain:
        path = folder / FAMILY_FILE
        source = layers.files.get(path)
        if source is None:
            continue
        table = source.data.get("icons", {})
        if not isinstance(table, dict):
            findings.append(error("layout/invalid", source.shown, _("expected an [icons] table"), field="icons"))
            continue
        for name, file in table.items():
            if name in icons:
                continue
            if not isinstance(file, str):
                findings.append(
                    error(
                        "layout/invalid",
                        source.shown,
                        _("an icon maps to a file name"),
                        line=_key_line(source.text, name),
                        field=f"icons.{name}",
                        hint=_('{name} = "icons/{name}.svg"').format(name=name),
                    )
                )
                continue
            target = (folder / file).resolve()
            if not target.is_relative_to(folder.resolve()):
                findings.append(
                    error(
                        "icon/outside",
                        source.shown,
                        _("the icon file {file!r} leads outside the layout family's folder").format(file=file),
                        line=_key_line(source.text, name),
                        field=f"icons.{name}",
                    )
                )
                continue
            icons[name] = IconFile(name, target, shown_path(folder / file), source.shown)
    return icons


def _key_line(text: str, key: str) -> int | None:
    """The line that sets `key` in a plain table (an [icons] map)."""
    pattern = re.compile(rf'^\s*"?{re.escape(key)}"?\s*=')
    return next((n for n, line in enumerate(text.splitlines(), 1) if pattern.match(line)), None)


def _lookup(layers: _Layers, chain: list[tuple[str, Path]], reference: str, exclude: Path) -> Path | None:
    """The file a layout's `extends` names: "name" in its own family, "family/name" in another."""
    family, _, name = reference.rpartition("/")
    if not _SLUG.fullmatch(name) or (family and not _SLUG.fullmatch(family)):
        return None  # "name" or "family/name": never a path out of the layout folders
    if family:
        chain, problems = _family_chain(layers, family)
        if problems:
            return None
    for _, folder in chain:
        path = folder / f"{name}.toml"
        if path != exclude and path.name not in NOT_LAYOUTS and path.is_file():
            return path
    return None


def _resolve(
    layers: _Layers, chain: list[tuple[str, Path]], path: Path, seen: tuple[Path, ...]
) -> tuple[Template | None, list[Finding]]:
    source = layers.read(path)
    if source is None:
        return None, []
    shown, data = source.shown, source.data
    if path in seen or len(seen) > 2 * MAX_FAMILY_DEPTH:
        # one circle is one finding, whichever layout of it the walk started from: it starts at the first by name
        members = list(seen[seen.index(path) :]) if path in seen else [*seen, path]
        start = members.index(min(members))
        members = members[start:] + members[:start]
        first = layers.read(members[0]) or source
        cycle = " -> ".join([*(shown_path(p) for p in members), shown_path(members[0])])
        return None, [
            error(
                "layout/extends-cycle",
                first.shown,
                _("templates extend each other in a circle: {cycle}").format(cycle=cycle),
                line=first.line_of(None, None, "extends"),
                field="extends",
                hint=_("one template in the circle must not extend another"),
            )
        ]
    findings = element_findings(source)
    parent: Template | None = None
    if "extends" in data:
        base = data["extends"]
        found = _lookup(layers, chain, base, path) if isinstance(base, str) else None
        if found is None and base == path.stem:
            return None, [
                *findings,
                error(
                    "layout/extends-cycle",
                    shown,
                    _("the layout extends itself ({base!r}), and no other family layer has a {base}.toml").format(
                        base=base
                    ),
                    line=source.line_of(None, None, "extends"),
                    field="extends",
                    hint=_("a pack's layout may extend the bundled one of the same name; here there is none"),
                ),
            ]
        if found is None:
            family = base.rpartition("/")[0] if isinstance(base, str) else ""
            choices = {p.stem for _, folder in chain for p in folder.glob("*.toml") if p.name not in NOT_LAYOUTS}
            return None, [
                *findings,
                error(
                    "layout/unknown-template",
                    shown,
                    _("extends an unknown template {base!r}").format(base=base),
                    line=source.line_of(None, None, "extends"),
                    field="extends",
                    hint=(
                        did_you_mean(str(base), choices)
                        if not family
                        else _('"family/name" names a layout of another family, like "generic/default"')
                    ),
                ),
            ]
        parent, problems = _resolve(layers, chain, found, (*seen, path))
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
                _("design_size is missing"),
                field="design_size",
                hint=_('write design_size = "41mm x 63mm"'),
            ),
        ]
    own = data.get("element", [])
    own = own if isinstance(own, list) else []
    removed = data.get("remove", [])
    elements = _merge(parent.elements if parent else (), own, removed if isinstance(removed, list) else [])
    places = {name: (file, index) for name, file, index in (parent.element_places if parent else ())}
    keys = {(name, key): (file, index) for name, key, file, index in (parent.key_places if parent else ())}
    for index, element in enumerate(own):
        if isinstance(element, dict) and "name" in element:
            name = str(element["name"])
            places[name] = (source, index)
            for key in element:  # a child's element overrides the keys it writes; the rest stay its parent's
                keys[(name, str(key))] = (source, index)
    findings += kind_findings(shown, elements, places)
    if len(elements) > MAX_ELEMENTS:
        findings.append(
            error(
                "layout/too-large",
                shown,
                _("more than {MAX_ELEMENTS} elements in one layout").format(MAX_ELEMENTS=MAX_ELEMENTS),
            )
        )
    if findings:
        return None, findings
    element_places = tuple((name, file, index) for name, (file, index) in places.items())
    key_places = tuple((name, key, file, index) for (name, key), (file, index) in keys.items())
    sources = hashlib.sha256(f"{parent.sources if parent else ''}\0{source.text}".encode()).hexdigest()
    return Template(path.stem, shown, size, elements, element_places, key_places, sources), []


def _merge(
    inherited: tuple[dict[str, Any], ...], own: list[dict[str, Any]], removed: list[str]
) -> tuple[dict[str, Any], ...]:
    """A child's element with a parent's name overrides its fields in place; new ones go on top."""
    removed = [r for r in removed if isinstance(r, str)] if isinstance(removed, list) else []
    merged = [dict(e) for e in inherited if e.get("name") not in removed]
    by_name = {e.get("name"): e for e in merged}
    for element in own:
        if not isinstance(element, dict):
            continue
        name = element.get("name")
        if name in by_name:
            by_name[name].update(element)
        else:
            merged.append(dict(element))
    return tuple(merged)


def _dedupe(findings: list[Finding]) -> list[Finding]:
    return list(dict.fromkeys(findings))
