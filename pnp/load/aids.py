"""load_aids: read aids/*.toml, the pack's reference cards and set-up sheets.

The folder is optional.  Problems of structure are found here, each naming the
file, the line and the field (block[3].bullets.es[2]): an unknown language, a
translation with fewer items than its original, a row with more cells than the
table has columns, an unknown variant or icon, a size pnp cannot print.  What
the texts say is checked by the text rules, as card text is (pnp.check.aid_rules).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path

from pnp import markup
from pnp.errors import Finding, did_you_mean, error
from pnp.i18n import _
from pnp.load.toml import TomlFile, key_lines, read_toml, symlink_outside
from pnp.load.validate import Problem, validate
from pnp.model import Pack
from pnp.model.aids import AID_FOLDER, PAGE_SIZES, Aid, Block, LoadedAid, block_texts, field_line
from pnp.paths import shown_path
from pnp.units import UnitError, parse_card_size

At = Callable[..., None]  # at(field, message, hint=None, code="load/invalid"): a finding at a field of the aid
MAX_AIDS = 100  # more files than this in aids/ is a mistake (a folder of something else)
_SLUG_HINT = "aids/reaver-space.toml"


def load_aids(root: Path, pack: Pack) -> tuple[tuple[LoadedAid, ...], list[Finding]]:
    folder = root / AID_FOLDER
    if not folder.is_dir():
        return (), []
    paths = sorted(p for p in folder.iterdir() if p.suffix == ".toml")
    findings: list[Finding] = []
    if len(paths) > MAX_AIDS:
        return (), [
            error(
                "load/too-large",
                shown_path(folder),
                _("{n} aid files; a pack may hold at most {limit}").format(n=len(paths), limit=MAX_AIDS),
            )
        ]
    loaded = []
    for path in paths:
        aid, found = _load_aid(root, path, pack)
        findings += found
        if aid is not None:
            loaded.append(aid)
    return tuple(loaded), findings


def _load_aid(root: Path, path: Path, pack: Pack) -> tuple[LoadedAid | None, list[Finding]]:
    shown = shown_path(path)
    if escape := symlink_outside(root, f"{AID_FOLDER}/{path.name}"):
        return None, [escape]
    aid_id = path.stem
    findings: list[Finding] = []
    if not _is_slug(aid_id):
        findings.append(
            error(
                "load/invalid",
                shown,
                _("an aid's file name is its id: lowercase letters, digits and hyphens"),
                hint=_("rename it like {example}").format(example=_SLUG_HINT),
            )
        )
    source, found = read_toml(path, shown)
    findings += found
    if source is None:
        return None, findings
    lines = _lines(source)
    aid, problems = validate(Aid, source.data)
    findings += [_located(shown, lines, problem) for problem in problems]
    if aid is None:
        return None, findings
    loaded = LoadedAid(id=aid_id, aid=aid, file=path, lines=lines)
    findings += _cross_check(loaded, pack)
    if any(f.severity.value == "error" for f in findings):
        return None, findings
    return loaded, findings


def _is_slug(text: str) -> bool:
    return re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", text) is not None


def _lines(source: TomlFile) -> dict[str, int]:
    lines: dict[str, int] = {}
    for key in source.data:
        if key != "block" and (line := source.line_of(None, None, key)) is not None:
            lines[key] = line
    for index, keys in enumerate(key_lines(source.text, "block")):
        for path, line in keys.items():
            lines[f"block[{index}]" + (f".{path}" if path else "")] = line
    first = min(lines.values(), default=1)
    lines[""] = first
    return lines


def _located(shown: str, lines: dict[str, int], problem: Problem) -> Finding:
    field = problem.field
    line = field_line(lines, field)
    return error("load/invalid", shown, problem.message, line=line, field=field, hint=problem.hint)


def _cross_check(loaded: LoadedAid, pack: Pack) -> list[Finding]:
    aid, shown = loaded.aid, shown_path(loaded.file)
    languages = [pack.source_language, *pack.target_languages]
    findings: list[Finding] = []

    def at(field: str, message: str, hint: str | None = None, code: str = "load/invalid") -> None:
        findings.append(error(code, shown, message, line=loaded.line(field), field=field, hint=hint))

    size = aid.size.strip().lower()
    if size not in PAGE_SIZES:
        try:
            parse_card_size(aid.size)
        except UnitError as exc:
            at("size", str(exc), _("or a page: {pages}").format(pages=", ".join(PAGE_SIZES)))
    if aid.variant is not None and aid.variant not in (known := [v.id for v in pack.variant]):
        at(
            "variant",
            _('unknown variant "{variant}"').format(variant=aid.variant),
            did_you_mean(aid.variant, known) or _("declare it in pack.toml as [[variant]]"),
            "load/unknown-ref",
        )
    _language_keys(aid.title, "title", languages, at)
    icons = set(pack.icons) | set(pack.icon_files)
    for index, block in enumerate(aid.block):
        prefix = f"block[{index}]"
        _block_shape(block, prefix, pack.source_language, languages, at)
        for lang in languages:
            for path, text in block_texts(block, lang):
                for name in sorted({m.group(1) for m in markup.ICON.finditer(text)} - icons):
                    at(
                        f"{prefix}.{path}",
                        _('unknown icon "{icon}"').format(icon=name),
                        did_you_mean(name, icons) or _("declare it in pack.toml icons"),
                        "load/unknown-icon",
                    )
    return findings


def _language_keys(localized: Mapping[str, object], field: str, languages: list[str], at: At) -> None:
    for lang in localized:
        if lang not in languages:
            at(
                f"{field}.{lang}",
                _('"{lang}" is not a language of this pack').format(lang=lang),
                did_you_mean(lang, languages) or _("languages: {languages}").format(languages=", ".join(languages)),
                "load/unknown-language",
            )


def _block_shape(block: Block, prefix: str, original: str, languages: list[str], at: At) -> None:
    """Every language of a list or table holds as many items (rows, cells) as the original."""
    for kind in ("heading", "text", "bullets", "steps", "rows"):
        _language_keys(getattr(block, kind), f"{prefix}.{kind}", languages, at)
    for n, column in enumerate(block.columns):
        _language_keys(column.header, f"{prefix}.columns[{n}].header", languages, at)
    widths = sum(c.width or 0 for c in block.columns)
    if widths > 100:
        at(f"{prefix}.columns", _("the columns' widths add up to {n} %, more than 100").format(n=widths))
    for kind in ("bullets", "steps", "rows"):
        per_language: dict[str, list] = getattr(block, kind)
        if not per_language:
            continue
        base = per_language.get(original)
        for lang, items in per_language.items():
            if base is not None and lang != original and len(items) != len(base):
                at(
                    f"{prefix}.{kind}.{lang}",
                    _("not as many items as the original ({original}): {n} here, {m} there").format(
                        n=len(items), m=len(base), original=original
                    ),
                    _("translate each item of the original, in the same order"),
                )
    for lang, rows in block.rows.items():
        for r, row in enumerate(rows):
            if len(row) != len(block.columns):
                at(
                    f"{prefix}.rows.{lang}[{r}]",
                    _("cells in this row: {n}; columns in the table: {m}").format(n=len(row), m=len(block.columns)),
                    _('write a cell per column, "" for an empty one'),
                )
