"""Icon drawings: which file draws each {icon} name, and whether that file can be used.

A pack maps names to its own SVG or PNG files (`icon_files` in pack.toml);
a layout family maps names to files in its folder (`[icons]` in family.toml).
The pack's own drawing wins.  An SVG comes from a stranger, so it is read
without entities, network or outside files, and refused when huge.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path

from lxml import etree

from pnp import markup
from pnp.assets import svg_budget
from pnp.errors import Finding, did_you_mean, error
from pnp.i18n import _, number
from pnp.images import image_problem
from pnp.layout.faces import FaceLayout
from pnp.layout.templates import IconFile, TemplateSet
from pnp.load.pack import PACK_FILE, shown_path
from pnp.model import PackData

MAX_SVG_BYTES = 1_000_000
MAX_SVG_ELEMENTS = 10_000
ICON_SUFFIXES = (".svg", ".png")
_HREFS = ("href", "{http://www.w3.org/1999/xlink}href")
_INLINE_IMAGES = ("data:image/png;", "data:image/jpeg;")


def pack_icons(pack: PackData, templates: TemplateSet) -> tuple[dict[str, IconFile], list[Finding]]:
    """Every icon name with a drawing: the pack's own files, then the layout family's set.

    Files that cannot be used are findings and draw nothing, so check and build stop on them.
    """
    findings: list[Finding] = []
    icons: dict[str, IconFile] = {}
    shown_pack = shown_path(pack.root / PACK_FILE)
    root = pack.root.resolve()
    for name, file in pack.pack.icon_files.items():
        path = (pack.root / file).resolve()
        if not path.is_relative_to(root):
            findings.append(
                error(
                    "icon/outside",
                    shown_pack,
                    _("the icon file {file!r} leads outside the pack folder").format(file=file),
                    line=pack.line("pack", "icon_files"),
                    field=f"icon_files.{name}",
                    hint=_("put the drawing in the pack, for example icons/"),
                )
            )
            continue
        icons[name] = IconFile(name, path, shown_path(pack.root / file), shown_pack)
    for name, icon in templates.icons.items():
        icons.setdefault(name, icon)
    usable = {}
    for name, icon in icons.items():
        problem = icon_problem(icon.path)
        if problem is None:
            usable[name] = icon
        else:
            findings.append(
                error(
                    "icon/bad-file",
                    icon.shown,
                    _('the drawing of icon "{name}" cannot be used: {problem}').format(name=name, problem=problem),
                    field=f"icon_files.{name}" if icon.declared_in == shown_pack else f"icons.{name}",
                    hint=_("declared in {declared_in}; give an SVG without outside references, or a PNG").format(
                        declared_in=icon.declared_in
                    ),
                )
            )
    return usable, findings


def missing_drawings(
    pack: PackData, icons: Mapping[str, IconFile], faces: Iterable[FaceLayout], broken: Iterable[str] = ()
) -> list[Finding]:
    """Icons a card's text or a layout uses that nothing draws: each a finding where it is used.

    `broken` names icons whose file was already reported: they are not reported again.
    """
    skip = set(icons) | set(broken)
    findings: list[Finding] = []
    declared = sorted({*pack.pack.icons, *pack.pack.icon_files})
    for deck in pack.decks:
        for card in deck.cards:
            fields = [card.title, card.text, card.flavour]
            if card.back is not None:
                fields += [card.back.title, card.back.text, card.back.flavour]
            used = sorted(
                {name for field in fields for text in field.values() for name in markup.icons_in(text)} - skip
            )
            for name in used:
                findings.append(
                    error(
                        "icon/no-drawing",
                        shown_path(deck.file),
                        _("the icon {{{name}}} has no drawing: it would print as nothing").format(name=name),
                        line=pack.line("card", card.id),
                        card=card.id,
                        field="text",
                        hint=_drawing_hint(pack, name, declared),
                    )
                )
    # what the layouts add: icon rows, symbols, and icons a text element writes itself ({{ card.skills | skills }})
    seen: set[tuple[str | None, str]] = {(f.card, f.message.split("}")[0].split("{")[-1]) for f in findings}
    for face in faces:
        for element in face.elements:
            names = []
            if element.kind == "icon-row":
                names = str(element.get("icons", "")).replace("{", " ").replace("}", " ").split()
            elif element.kind == "symbol":
                names = [str(element.get("shape", ""))]
            elif element.kind == "text":
                names = markup.icons_in(str(element.get("text", "")))
            for name in names:
                if name in skip or (face.card, name) in seen:
                    continue
                seen.add((face.card, name))
                findings.append(
                    error(
                        "icon/no-drawing",
                        face.card_file or face.template,
                        _('layout "{template}" element "{name}" draws the icon "{name2}", which has no drawing').format(
                            template=face.template, name=element.name, name2=name
                        ),
                        line=face.card_line,
                        card=face.card,
                        field=f"element.{element.name}",
                        hint=_drawing_hint(pack, name, declared),
                    )
                )
    return findings


def _drawing_hint(pack: PackData, name: str, declared: list[str]) -> str:
    close = did_you_mean(name, [d for d in declared if d != name])
    if close and name not in declared:
        return close
    return _(
        'give it a drawing in pack.toml: icon_files = {{ {name} = "icons/{name}.svg" }} (an SVG or PNG file)'
    ).format(name=name)


def icon_problem(path: Path) -> str | None:
    """Why an icon file cannot be drawn, or None."""
    try:
        stamp = path.stat()
    except OSError:
        return _("{name} does not exist").format(name=path.name)
    if not path.is_file():
        return _("{name} is not a file").format(name=path.name)
    if path.suffix.lower() not in ICON_SUFFIXES:
        return _("{name} is neither an SVG nor a PNG file").format(name=path.name)
    return _problem_cached(str(path), stamp.st_size, stamp.st_mtime_ns)


@lru_cache(maxsize=512)
def _problem_cached(path: str, size: int, _mtime: int) -> str | None:
    if path.lower().endswith(".png"):
        return image_problem(Path(path))
    if size > MAX_SVG_BYTES:
        return _("the SVG is {value:.1f} MB; an icon may be at most 1 MB").format(value=size / 1000000)
    problem = svg_problem(Path(path).read_bytes())
    if problem is not None:
        return problem
    from pnp.render.icons import svg_drawing  # the renderer reads it as it will draw it (imports this module)

    return svg_drawing(Path(path))[1]


def svg_problem(data: bytes) -> str | None:
    """Why SVG bytes are unsafe or unusable: malformed, huge, or reaching for anything outside."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        return _("the SVG is not well-formed XML: {msg} (line {lineno})").format(msg=exc.msg, lineno=exc.lineno)
    if root is None or etree.QName(root).localname != "svg":
        return _("the file is not an SVG (its root is not <svg>)")
    count = 0
    for element in root.iter():
        count += 1
        if count > MAX_SVG_ELEMENTS:
            return _("the SVG has more than {limit} elements").format(limit=number(MAX_SVG_ELEMENTS))
        if not isinstance(element.tag, str):
            continue  # comments and processing instructions
        for key in _HREFS:
            target = element.get(key)
            if target and not target.startswith("#") and not target.startswith(_INLINE_IMAGES):
                return _("the SVG refers to an outside file or address ({target})").format(target=target[:60])
        styles = " ".join(filter(None, [element.get("style"), element.text if _local(element) == "style" else None]))
        if "@import" in styles or _outside_url(styles):
            return _("the SVG's style refers to an outside file or address")
        for value in element.attrib.values():
            if _outside_url(value):
                return _("the SVG refers to an outside file or address ({value})").format(value=value[:60])
    return svg_budget.drawing_problem(root)  # entities, and what it draws once its <use> copies are expanded


def _local(element: etree._Element) -> str:
    return etree.QName(element).localname


def _outside_url(text: str) -> bool:
    """A CSS url(...) that is not a reference inside the document (url(#gradient))."""
    rest = text
    while "url(" in rest:
        rest = rest.split("url(", 1)[1]
        target = rest.lstrip(" '\"")
        if not target.startswith("#"):
            return True
    return False


def family_and_pack_icons(pack: PackData) -> tuple[dict[str, IconFile], list[Finding]]:
    """The icons a pack can draw, for commands that lay out no cards (boards, tokens)."""
    from pnp.layout.templates import load_family
    from pnp.paths import TEMPLATES_DIR

    templates, findings = load_family(TEMPLATES_DIR, pack.pack.template_family, pack.root)
    icons, problems = pack_icons(pack, templates)
    return icons, [*findings, *problems]


def token_icon_findings(pack: PackData, icons: Mapping[str, IconFile], broken: Iterable[str] = ()) -> list[Finding]:
    """Token and standee faces whose icon nothing draws: `pnp check` and `pnp board` both report them."""
    if pack.tokens is None:
        return []
    skip = set(icons) | set(broken)
    loaded = pack.tokens
    findings = []
    pieces = [("token", t.id, t.front, t.back) for t in loaded.tokens.token]
    pieces += [("standee", s.id, s.front, s.back) for s in loaded.tokens.standee]
    for table, piece_id, *faces in pieces:
        for side, face in zip(("front", "back"), faces, strict=True):
            if face is None or face.icon is None or face.icon in skip:
                continue
            findings.append(
                error(
                    "icon/no-drawing",
                    shown_path(loaded.file),
                    _('the icon "{icon}" has no drawing: the {kind} would print without it').format(
                        icon=face.icon, kind=_(table)
                    ),
                    line=loaded.lines.get((table, piece_id)),
                    field=f"{table}.{piece_id}.{side}.icon",
                    hint=_drawing_hint(pack, face.icon, sorted({*pack.pack.icons, *pack.pack.icon_files})),
                )
            )
    return findings
