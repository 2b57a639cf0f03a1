"""load_board_files: read board.toml and tokens.toml, turn their lengths into points.

Both files are optional.  Problems of structure (a wrong type, a length
without a unit, a reference to nothing) are found here; problems of
geometry (a region off the board, a polygon that crosses itself, a diagonal
adjacency) are check rules, which see the shapes this loader builds.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from pnp import geometry
from pnp.errors import Finding, did_you_mean, error
from pnp.i18n import _
from pnp.images import ART_HINT, image_problem
from pnp.limits import MAX_BOARD_SIDE_MM
from pnp.load.toml import TomlFile, read_toml, symlink_outside
from pnp.load.validate import Problem, validate
from pnp.model import Board, LoadedBoard, LoadedTokens, Pack, Region, TokenFace, TokenFile
from pnp.model.token_shapes import face_size
from pnp.units import UnitError, mm, parse_length

M = TypeVar("M", bound=BaseModel)

BOARD_FILE = "board.toml"
TOKENS_FILE = "tokens.toml"


def load_board_files(
    root: Path, pack: Pack, shown: str
) -> tuple[LoadedBoard | None, LoadedTokens | None, list[Finding]]:
    """`shown` is how the pack folder is named in messages (relative to where the user stands)."""
    board, findings = _load_board(root, pack, f"{shown}/{BOARD_FILE}")
    tokens, found = _load_tokens(root, pack, f"{shown}/{TOKENS_FILE}")
    return board, tokens, findings + found


def _read_validated(path: Path, shown: str, model: type[M]) -> tuple[TomlFile | None, M | None, list[Finding]]:
    """An optional file of the pack, read and validated; (None, None, []) when it is absent."""
    if not path.exists():
        return None, None, []
    if escape := symlink_outside(path.parent, path.name):
        return None, None, [escape]
    source, findings = read_toml(path, shown)
    if source is None:
        return None, None, findings
    record, problems = validate(model, source.data)
    return source, record, findings + _located(source, problems)


# --- board.toml ------------------------------------------------------------------


def _load_board(root: Path, pack: Pack, shown: str) -> tuple[LoadedBoard | None, list[Finding]]:
    source, board, findings = _read_validated(root / BOARD_FILE, shown, Board)
    if source is None or board is None:
        return None, findings
    where = _Where(source, "region", [r.id for r in board.region])
    languages = [pack.source_language, *pack.target_languages]
    width = _board_side(board.width, where.top("width"), findings)
    height = _board_side(board.height, where.top("height"), findings)
    findings += _languages(board.name, languages, where.top("name"), "name")

    ids = [r.id for r in board.region]
    findings += _duplicates(ids, "region", where)
    kinds = {r.id: r.kind for r in board.region}
    shapes: dict[str, tuple[tuple[float, float], ...]] = {}
    frames: dict[str, tuple[float, float, float, float]] = {}
    for index, region in enumerate(board.region):
        findings += _languages(region.name, languages, where.record(index, "name"), f"region.{region.id}.name")
        findings += _region_refs(region, index, kinds, where)
        shape = _shape(region, index, where, findings)
        if shape is not None:
            shapes[region.id], frames[region.id] = shape
    routes = _routes(board, kinds, _Where(source, "route", [f"#{i + 1}" for i in range(len(board.route))]), findings)
    if width is None or height is None or any(f.severity.value == "error" for f in findings):
        return None, findings
    lines = {r.id: line for i, r in enumerate(board.region) if (line := source.line_of("region", i, None))}
    loaded = LoadedBoard(
        board=board,
        file=source.path,
        width=width,
        height=height,
        shapes=shapes,
        frames=frames,
        lines=lines,
        routes=routes,
        route_lines=tuple(source.line_of("route", i, None) for i in range(len(board.route))),
    )
    return loaded, findings


def _routes(
    board: Board, kinds: Mapping[str, str], where: _Where, findings: list[Finding]
) -> tuple[tuple[str, str, tuple[tuple[float, float], ...]], ...]:
    """Each [[route]]: two distinct sectors, and its bend points in points."""
    sectors = sorted(k for k, kind in kinds.items() if kind == "sector")
    routes = []
    for index, route in enumerate(board.route):
        ends = route.between
        bad = [(n, end) for n, end in enumerate(ends) if kinds.get(end) != "sector" or (n == 1 and end == ends[0])]
        for n, end in bad:
            findings.append(
                _error_at(
                    "load/unknown-ref",
                    _("a route joins two different sectors")
                    if end in kinds and kinds[end] == "sector"
                    else _('"{other}" is a {kind}, not a sector').format(other=end, kind=kinds[end])
                    if end in kinds
                    else _('unknown sector "{other}"').format(other=end),
                    where.record(index, "between", f"route[{index}].between[{n}]"),
                    did_you_mean(end, sectors)
                    or _("sectors: {names}").format(names=", ".join(sectors) or _("none yet")),
                )
            )
        via = []
        for n, point in enumerate(route.via):
            place = where.record(index, "via", f"route[{index}].via[{n}]")
            if len(point) != 2:
                findings.append(_error_at("load/invalid", _('a point is [x, y], like ["120mm", "80mm"]'), place))
                continue
            x, y = (_length(value, place, findings) for value in point)
            if x is not None and y is not None:
                via.append((x, y))
        if not bad:
            routes.append((ends[0], ends[1], tuple(via)))
    return tuple(routes)


def _region_refs(region: Region, index: int, kinds: Mapping[str, str], where: _Where) -> list[Finding]:
    findings = []
    regions = sorted(k for k, kind in kinds.items() if kind == "region")
    sectors = sorted(k for k, kind in kinds.items() if kind == "sector")
    if region.within is not None and kinds.get(region.within) != "region":
        known = region.within in kinds
        findings.append(
            _error_at(
                "load/unknown-ref",
                _('"{within}" is a {kind}, not a region').format(within=region.within, kind=kinds[region.within])
                if known
                else _('unknown region "{within}"').format(within=region.within),
                where.record(index, "within", f"region.{region.id}.within"),
                did_you_mean(region.within, regions)
                or _("regions: {names}").format(names=", ".join(regions) or _("none yet")),
            )
        )
    if region.adjacent and region.kind != "sector":
        findings.append(
            _error_at(
                "load/invalid",
                _("only sectors have neighbours, and this is a {kind}").format(kind=region.kind),
                where.record(index, "adjacent", f"region.{region.id}.adjacent"),
                _('remove adjacent, or set kind = "sector"'),
            )
        )
    for n, other in enumerate(region.adjacent):
        if kinds.get(other) == "sector" and other != region.id:
            continue
        if other == region.id:
            message = _("a sector cannot be its own neighbour")
        elif other in kinds:
            message = _('"{other}" is a {kind}, not a sector').format(other=other, kind=kinds[other])
        else:
            message = _('unknown sector "{other}"').format(other=other)
        findings.append(
            _error_at(
                "load/unknown-ref",
                message,
                where.record(index, "adjacent", f"region.{region.id}.adjacent[{n}]"),
                did_you_mean(other, [s for s in sectors if s != region.id]),
            )
        )
    return findings


def _shape(
    region: Region, index: int, where: _Where, findings: list[Finding]
) -> tuple[tuple[tuple[float, float], ...], tuple[float, float, float, float]] | None:
    """The region's corners in points (rotation applied) and its unrotated bounding box."""
    if (region.rect is None) == (region.polygon is None):
        findings.append(
            _error_at(
                "load/invalid",
                _("a region needs a shape: give either rect or polygon")
                if region.rect is None
                else _("a region has one shape: give rect or polygon, not both"),
                where.record(index, "rect" if region.rect else "id", f"region.{region.id}"),
                'rect = { x = "10mm", y = "10mm", width = "60mm", height = "40mm" }'
                if region.rect is None
                else _("keep the one that matches the board and delete the other"),
            )
        )
        return None
    corners: list[tuple[float, float]] = []
    if region.rect is not None:
        rect = region.rect
        values = [
            _length(getattr(rect, key), where.record(index, "rect", f"region.{region.id}.rect.{key}"), findings)
            for key in ("x", "y", "width", "height")
        ]
        if any(v is None for v in values):
            return None
        x, y, w, h = (v or 0.0 for v in values)
        if w <= 0 or h <= 0:
            findings.append(
                _error_at(
                    "load/invalid",
                    _("a rectangle's width and height must be larger than zero"),
                    where.record(index, "rect", f"region.{region.id}.rect"),
                )
            )
            return None
        corners = list(geometry.rectangle(x, y, w, h))
    else:
        for n, point in enumerate(region.polygon or []):
            field = f"region.{region.id}.polygon[{n}]"
            if len(point) != 2:
                findings.append(
                    _error_at(
                        "load/invalid",
                        _("a corner is two lengths [x, y], got {n_point} values").format(n_point=len(point)),
                        where.record(index, "polygon", field),
                        _('write each corner as ["12mm", "30mm"]'),
                    )
                )
                return None
            px = _length(point[0], where.record(index, "polygon", field), findings)
            py = _length(point[1], where.record(index, "polygon", field), findings)
            if px is None or py is None:
                return None
            corners.append((px, py))
    if not corners:
        return (), (0.0, 0.0, 0.0, 0.0)
    box = geometry.bounding_box(corners)
    return geometry.rotate(corners, region.rotation, box.centre), (box.x, box.y, box.width, box.height)


# --- tokens.toml -----------------------------------------------------------------


def _load_tokens(root: Path, pack: Pack, shown: str) -> tuple[LoadedTokens | None, list[Finding]]:
    source, tokens, findings = _read_validated(root / TOKENS_FILE, shown, TokenFile)
    if source is None or tokens is None:
        return None, findings
    languages = [pack.source_language, *pack.target_languages]
    manifest_ids = [m.id for m in pack.manifest]
    token_where = _Where(source, "token", [t.id for t in tokens.token])
    standee_where = _Where(source, "standee", [s.id for s in tokens.standee])
    seen: set[str] = set()
    for table, where, table_ids in (
        ("token", token_where, [t.id for t in tokens.token]),
        ("standee", standee_where, [s.id for s in tokens.standee]),
    ):
        for index, piece_id in enumerate(table_ids):
            if piece_id in seen:
                findings.append(
                    _error_at(
                        "load/duplicate-id",
                        _('the id "{piece_id}" is used twice among the tokens and standees').format(piece_id=piece_id),
                        where.record(index, "id", f"{table}.{piece_id}.id"),
                    )
                )
            seen.add(piece_id)

    sizes: dict[str, tuple[float, float]] = {}
    for index, token in enumerate(tokens.token):
        prefix = f"token.{token.id}"
        size = _length(token.size, token_where.record(index, "size", f"{prefix}.size"), findings, positive=True)
        if size is not None:
            sizes[token.id] = face_size(token.shape, size)
        findings += _languages(token.name, languages, token_where.record(index, "name"), f"{prefix}.name")
        findings += _manifest_ref(
            token.manifest, manifest_ids, token_where.record(index, "manifest", f"{prefix}.manifest")
        )
        for side, face in (("front", token.front), ("back", token.back)):
            if face is not None:
                findings += _face(root, pack, face, languages, token_where.record(index, side, f"{prefix}.{side}"))
    standee_sizes: dict[str, tuple[float, float, float]] = {}
    for index, standee in enumerate(tokens.standee):
        prefix = f"standee.{standee.id}"
        lengths = [
            _length(
                getattr(standee, key),
                standee_where.record(index, key, f"{prefix}.{key}"),
                findings,
                positive=True,
            )
            for key in ("width", "height", "base")
        ]
        if all(v is not None for v in lengths):
            w, h, b = (v or 0.0 for v in lengths)
            standee_sizes[standee.id] = (w, h, b)
        findings += _languages(standee.name, languages, standee_where.record(index, "name"), f"{prefix}.name")
        findings += _manifest_ref(
            standee.manifest, manifest_ids, standee_where.record(index, "manifest", f"{prefix}.manifest")
        )
        for side, face in (("front", standee.front), ("back", standee.back)):
            if face is not None:
                findings += _face(root, pack, face, languages, standee_where.record(index, side, f"{prefix}.{side}"))
    if any(f.severity.value == "error" for f in findings):
        return None, findings
    lines: dict[tuple[str, str], int] = {}
    for table, table_ids in (("token", [t.id for t in tokens.token]), ("standee", [s.id for s in tokens.standee])):
        for index, piece_id in enumerate(table_ids):
            line = source.line_of(table, index, None)
            if line is not None:
                lines[(table, piece_id)] = line
    loaded = LoadedTokens(tokens=tokens, file=source.path, sizes=sizes, standee_sizes=standee_sizes, lines=lines)
    return loaded, findings


def _face(root: Path, pack: Pack, face: TokenFace, languages: list[str], where: dict[str, Any]) -> list[Finding]:
    field = where["field"]
    findings = _languages(face.label, languages, where, f"{field}.label")
    if face.icon is not None and face.icon not in pack.icons and face.icon not in pack.icon_files:
        findings.append(
            error(
                "load/unknown-icon",
                where["shown"],
                _('unknown icon "{icon}"').format(icon=face.icon),
                line=where["line"],
                field=f"{field}.icon",
                hint=did_you_mean(face.icon, pack.icons) or _("declare it in pack.toml icons"),
            )
        )
    if face.art is not None:
        target = (root / face.art).resolve()
        try:
            target.relative_to(root.resolve())
        except ValueError:
            findings.append(
                error(
                    "load/outside-pack",
                    where["shown"],
                    _('the path "{art}" leads outside the pack folder').format(art=face.art),
                    line=where["line"],
                    field=f"{field}.art",
                    hint=_("put the file in the pack's art/ folder"),
                )
            )
            return findings
        if not target.is_file():
            findings.append(
                error(
                    "load/missing-file",
                    where["shown"],
                    _('the file "{art}" does not exist').format(art=face.art),
                    line=where["line"],
                    field=f"{field}.art",
                )
            )
        elif problem := image_problem(target):
            findings.append(
                error(
                    "load/bad-image",
                    where["shown"],
                    problem,
                    line=where["line"],
                    field=f"{field}.art",
                    hint=_(ART_HINT),
                )
            )
    return findings


def _manifest_ref(manifest: str | None, known: list[str], where: dict[str, Any]) -> list[Finding]:
    if manifest is None or manifest in known:
        return []
    return [
        error(
            "load/unknown-ref",
            where["shown"],
            _('unknown box-contents line "{manifest}"').format(manifest=manifest),
            line=where["line"],
            field=where["field"],
            hint=did_you_mean(manifest, known) or _("add a [[manifest]] line with this id to pack.toml"),
        )
    ]


# --- shared ----------------------------------------------------------------------


class _Where:
    """Locations inside one file of [[table]] records: the file, a line, a field path."""

    def __init__(self, source: TomlFile, table: str, ids: list[str]) -> None:
        self.source = source
        self.table = table
        self.ids = ids
        self.shown = source.shown

    def top(self, key: str) -> dict[str, Any]:
        return {"shown": self.shown, "line": self.source.line_of(None, None, key), "field": key}

    def record(self, index: int, key: str, field: str | None = None) -> dict[str, Any]:
        name = self.ids[index] if index < len(self.ids) else f"#{index + 1}"
        return {
            "shown": self.shown,
            "line": self.source.line_of(self.table, index, key),
            "field": field or f"{self.table}.{name}.{key}",
        }


def _error_at(code: str, message: str, where: dict[str, Any], hint: str | None = None) -> Finding:
    return error(code, where["shown"], message, line=where["line"], field=where["field"], hint=hint)


def _length(text: str, where: dict[str, Any], findings: list[Finding], positive: bool = False) -> float | None:
    try:
        value = parse_length(text)
    except UnitError as exc:
        findings.append(_error_at("load/invalid", str(exc), where))
        return None
    if positive and value <= 0:
        findings.append(
            _error_at("load/invalid", _("expected a length larger than zero, got {text!r}").format(text=text), where)
        )
        return None
    return value


def _board_side(text: str, where: dict[str, Any], findings: list[Finding]) -> float | None:
    """A board side within the limit: larger boards tile over hundreds of pages and exhaust memory."""
    value = _length(text, where, findings, positive=True)
    if value is not None and value > mm(MAX_BOARD_SIDE_MM):
        findings.append(
            _error_at(
                "load/too-large",
                _("{value} is too large: a board side may be at most {limit:g} mm").format(
                    value=text.strip(), limit=MAX_BOARD_SIDE_MM
                ),
                where,
            )
        )
        return None
    return value


def _languages(localized: dict[str, str], languages: list[str], where: dict[str, Any], field: str) -> list[Finding]:
    return [
        error(
            "load/unknown-language",
            where["shown"],
            _('"{lang}" is not a language of this pack').format(lang=lang),
            line=where["line"],
            field=f"{field}.{lang}",
            hint=did_you_mean(lang, languages) or _("languages: {languages}").format(languages=", ".join(languages)),
        )
        for lang in localized
        if lang not in languages
    ]


def _duplicates(ids: list[str], table: str, where: _Where) -> list[Finding]:
    seen: set[str] = set()
    findings = []
    for index, item in enumerate(ids):
        if item in seen:
            findings.append(
                _error_at(
                    "load/duplicate-id",
                    _('the {table} id "{item}" is used twice').format(table=table, item=item),
                    where.record(index, "id", f"{table}.{item}.id"),
                )
            )
        seen.add(item)
    return findings


def _located(source: TomlFile, problems: list[Problem]) -> list[Finding]:
    """Schema problems, named by record id where there is one: region.burnham.rect.x."""
    findings = []
    for problem in problems:
        loc = problem.loc
        table = loc[0] if len(loc) >= 2 and isinstance(loc[0], str) and isinstance(loc[1], int) else None
        index = loc[1] if table is not None and isinstance(loc[1], int) else None
        field = problem.field
        key = None
        if table is not None and index is not None:
            raw = source.data.get(table, [])
            record = raw[index] if isinstance(raw, list) and index < len(raw) else None
            name = record.get("id") if isinstance(record, dict) else None
            label = name if isinstance(name, str) and name else f"#{index + 1}"
            field = f"{table}.{label}" + field[len(f"{table}[{index}]") :]
            key = ".".join(str(p) for p in loc[2:] if isinstance(p, str)) or None
        elif loc:
            key = str(loc[0])
        line = source.line_of(table, index, key) if table is not None else source.line_of(None, None, key)
        findings.append(error("load/invalid", source.shown, problem.message, line=line, field=field, hint=problem.hint))
    return findings
