"""Icon drawings: which file draws each {icon} name, and whether that file can be used.

A pack maps names to its own SVG or PNG files (`icon_files` in pack.toml);
a layout family maps names to files in its folder (`[icons]` in family.toml).
The pack's own drawing wins.  Whether a file can be used at all (an SVG from
a stranger, read safely) is pnp.assets.icons' question.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from pnp import markup
from pnp.assets.icons import icon_problem_at
from pnp.cache import Cache
from pnp.errors import Finding, did_you_mean, error
from pnp.i18n import _
from pnp.layout.faces import FaceLayout, LaidOutElement
from pnp.layout.templates import IconFile, TemplateSet
from pnp.load.pack import PACK_FILE
from pnp.model import PackData
from pnp.paths import shown_path


def pack_icons(
    pack: PackData, templates: TemplateSet, verdicts: Cache | None = None
) -> tuple[dict[str, IconFile], list[Finding]]:
    """Every icon name with a drawing: the pack's own files, then the layout family's set.

    Files that cannot be used are findings and draw nothing, so check and build stop on them.
    `verdicts`: a cache of whether each file's bytes can be used (pnp.assets.icons.icon_problem).
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
                    line=pack.line("pack", "icon_files") or _icon_files_line(pack, name),
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
        found = icon_problem_at(icon.path, verdicts)
        if found is None:
            usable[name] = icon
        else:
            problem, line = found
            findings.append(
                error(
                    "icon/bad-file",
                    icon.shown,
                    _('the drawing of icon "{name}" cannot be used: {problem}').format(name=name, problem=problem),
                    line=line,
                    field=f"icon_files.{name}" if icon.declared_in == shown_pack else f"icons.{name}",
                    # a line is known only for XML that does not parse: a broken file, not an unsafe one
                    hint=(
                        _("declared in {declared_in}; correct that line, or save the drawing again as plain SVG")
                        if line is not None
                        else _("declared in {declared_in}; give an SVG without outside references, or a PNG")
                    ).format(declared_in=icon.declared_in),
                )
            )
    return usable, findings


def _icon_files_line(pack: PackData, name: str) -> int | None:
    """The line of pack.toml that gives icon `name` its file (an inline table or an [icon_files] table)."""
    try:
        text = (pack.root / PACK_FILE).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        if re.match(r"\s*icon_files\s*=", line) and re.search(rf"\b{re.escape(name)}\s*=", line):
            return number
    return next((n for n, line in enumerate(lines, 1) if re.match(r"\s*(\[icon_files\]|icon_files\s*=)", line)), None)


def broken_icons(findings: Iterable[Finding]) -> set[str]:
    """The icons whose file was reported as unusable (outside the pack, missing, malformed): the cards that
    draw them are not reported again as drawing an icon with no drawing."""
    return {
        f.field.partition(".")[2]
        for f in findings
        if f.code in ("icon/bad-file", "icon/outside") and f.field and "." in f.field
    }


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
                {name for field in fields for text in field.values() if "{" in text for name in markup.icons_in(text)}
                - skip
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
    drawn: dict[int, list[str]] = {}  # id(element) -> the icons it draws: faces share most of their elements
    for face in faces:
        for element in face.elements:
            if element.kind not in _DRAWING_ICONS:
                continue
            names = drawn.get(id(element))
            if names is None:
                names = drawn[id(element)] = _drawn_icons(element)
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


_DRAWING_ICONS = frozenset({"icon-row", "symbol", "text"})


def _drawn_icons(element: LaidOutElement) -> list[str]:
    """The icons an icon row, a symbol or a text element draws."""
    if element.kind == "icon-row":
        return str(element.field("icons")).replace("{", " ").replace("}", " ").split()
    if element.kind == "symbol":
        return [element.field("shape")]
    text = element.get("text", "")  # a text field is the value as a string: typed only when it is not one
    text = text if type(text) is str else element.field("text")
    return markup.icons_in(text) if "{" in text else []


def _drawing_hint(pack: PackData, name: str, declared: list[str]) -> str:
    close = did_you_mean(name, [d for d in declared if d != name])
    if close and name not in declared:
        return close
    return _(
        'give it a drawing in pack.toml: icon_files = {{ {name} = "icons/{name}.svg" }} (an SVG or PNG file)'
    ).format(name=name)


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
