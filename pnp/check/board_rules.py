"""Rules about the board and the tokens: shapes, adjacency, citations, box counts.

The loader has turned every length into points (PackData.board.shapes), so
these rules are plain geometry; messages give millimetres, as the data does.
"""

from __future__ import annotations

from pnp import geometry
from pnp.check.rule import Rule
from pnp.errors import Finding, Severity, did_you_mean, error, info, warning
from pnp.i18n import N_, _
from pnp.load.pack import PACK_FILE
from pnp.model import LoadedBoard, PackData, Region, Standee, Token
from pnp.paths import shown_path
from pnp.units import mm

EDGE_TOLERANCE = mm(1.5)  # measured positions are not exact: edges this close count as one line
MIN_SHARED_EDGE = mm(2)  # neighbours share at least this much border; less is a corner touch
BOARD_TOLERANCE = 0.01  # points: a shape on the board's edge is inside it


def _mm(points: float) -> str:
    return f"{round(points / mm(1), 1):g}"


def _where(board: LoadedBoard, region: Region, field: str) -> dict[str, object]:
    return {"line": board.lines.get(region.id), "field": f"region.{region.id}.{field}"}


def check_regions_inside(pack: PackData) -> list[Finding]:
    board = pack.board
    if board is None:
        return []
    findings = []
    frame = geometry.Box(0, 0, board.width, board.height)
    for region in board.board.region:
        corners = board.shapes.get(region.id, ())
        if not corners or all(frame.contains(p, BOARD_TOLERANCE) for p in corners):
            continue
        box = geometry.bounding_box(corners)
        overs = {
            "left": -box.x,
            "top": -box.y,
            "right": box.right - board.width,
            "bottom": box.bottom - board.height,
        }
        side, beyond = max(overs.items(), key=lambda item: item[1])
        findings.append(
            error(
                "board/outside",
                shown_path(board.file),
                _(
                    'region "{id}" reaches {beyond} mm beyond the board\'s {side} edge (the '
                    "board is {width} x {height} mm)"
                ).format(id=region.id, beyond=_mm(beyond), side=side, width=_mm(board.width), height=_mm(board.height)),
                **_where(board, region, "rect" if region.rect else "polygon"),
                hint=_("correct its position or size, or the board's width and height"),
            )
        )
    return findings


def check_polygons(pack: PackData) -> list[Finding]:
    board = pack.board
    if board is None:
        return []
    findings = []
    for region in board.board.region:
        if region.polygon is None:
            continue
        corners = board.shapes.get(region.id, ())
        message = None
        if len(corners) < 3:
            message = _("a polygon needs at least 3 corners, got {n_corners}").format(n_corners=len(corners))
        elif (crossing := geometry.first_crossing(corners)) is not None:
            first, second = crossing
            message = _(
                "the polygon crosses itself: its edge from corner {value} to {value2} "
                "meets the edge from corner {value3} to {value4}"
            ).format(value=first + 1, value2=first + 2, value3=second + 1, value4=(second + 1) % len(corners) + 1)
        elif geometry.area(corners) < mm(1) ** 2:
            message = _("the polygon has no area: its corners lie on one line")
        if message:
            findings.append(
                error(
                    "board/polygon",
                    shown_path(board.file),
                    message,
                    **_where(board, region, "polygon"),
                    hint=_("list the corners in order around the shape, clockwise or anticlockwise"),
                )
            )
    return findings


def check_adjacency(pack: PackData) -> list[Finding]:
    board = pack.board
    if board is None:
        return []
    findings = []
    regions = {r.id: r for r in board.board.region}
    for region in board.board.region:
        for other_id in region.adjacent:
            other = regions.get(other_id)
            if other is None or other.kind != "sector":
                continue  # the loader reported it
            if board.routed(region.id, other_id):
                continue  # a declared route (a sea lane) joins them both ways, touching or not
            mutual = region.id in other.adjacent
            problem = _adjacency_problem(board, region, other) if region.id < other_id or not mutual else None
            if problem:
                findings.append(
                    error(
                        "board/adjacency",
                        shown_path(board.file),
                        problem,
                        **_where(board, region, "adjacent"),
                        hint=_(
                            "sectors are adjacent only when they share an edge (no diagonal moves), or when a "
                            "[[route]] joins them, like a sea lane between islands"
                        ),
                    )
                )
            if not mutual:
                findings.append(
                    error(
                        "board/adjacency",
                        shown_path(board.file),
                        _('"{id}" lists "{other_id}" as adjacent, but "{other_id}" does not list "{id}"').format(
                            id=region.id, other_id=other_id
                        ),
                        **_where(board, other, "adjacent"),
                        hint=_('add "{id}" to the adjacent of "{other_id}", or remove the move both ways').format(
                            id=region.id, other_id=other_id
                        ),
                    )
                )
    return findings


def _adjacency_problem(board: LoadedBoard, region: Region, other: Region) -> str | None:
    a, b = board.shapes.get(region.id, ()), board.shapes.get(other.id, ())
    if len(a) < 3 or len(b) < 3:
        return None
    if geometry.shared_edge_length(a, b, EDGE_TOLERANCE) >= MIN_SHARED_EDGE:
        return None
    gap = geometry.distance(a, b)
    if gap <= EDGE_TOLERANCE:
        return _('"{id}" and "{id2}" touch only at a corner: that would be a diagonal move').format(
            id=region.id, id2=other.id
        )
    return _('"{id}" and "{id2}" are listed as adjacent but lie {gap} mm apart').format(
        id=region.id, id2=other.id, gap=_mm(gap)
    )


def check_within(pack: PackData) -> list[Finding]:
    board = pack.board
    if board is None:
        return []
    findings = []
    for region in board.board.region:
        if region.within is None:
            continue
        inner, outer = board.shapes.get(region.id, ()), board.shapes.get(region.within, ())
        if len(inner) < 3 or len(outer) < 3:
            continue
        if not geometry.contains(outer, geometry.centroid(inner)):
            findings.append(
                warning(
                    "board/within",
                    shown_path(board.file),
                    _('sector "{id}" is within "{within}", but its centre lies outside that region').format(
                        id=region.id, within=region.within
                    ),
                    **_where(board, region, "within"),
                    hint=_("correct the sector's position, the region's shape, or within"),
                )
            )
    return findings


def check_cited_regions(pack: PackData) -> list[Finding]:
    """Tokens cite regions by id in `regions`; cards in the `stats` the board names in place_stats."""
    board = pack.board
    known = {r.id: r for r in board.board.region if r.kind != "label"} if board else {}
    findings: list[Finding] = []
    tokens = pack.tokens
    if tokens is not None:
        for token in tokens.tokens.token:
            for n, region_id in enumerate(token.regions):
                if region_id in known:
                    continue
                findings.append(
                    error(
                        "board/unknown-region",
                        shown_path(tokens.file),
                        _('unknown region "{region_id}"').format(region_id=region_id)
                        if board
                        else _('the token cites region "{region_id}", but the pack has no board.toml').format(
                            region_id=region_id
                        ),
                        line=tokens.lines.get(("token", token.id)),
                        field=f"token.{token.id}.regions[{n}]",
                        hint=did_you_mean(region_id, known) if board else _("add board.toml, or remove regions"),
                    )
                )
    if board is None or not board.board.place_stats:
        return findings
    for loaded in pack.decks:
        for card in loaded.cards:
            for stat in board.board.place_stats:
                value = card.stats.get(stat)
                if value is None or (isinstance(value, str) and value in known):
                    continue
                findings.append(
                    error(
                        "board/unknown-region",
                        shown_path(loaded.file),
                        _('"{stat}" names a region of the board, and there is no region "{value}"').format(
                            stat=stat, value=value
                        ),
                        card=card.id,
                        line=pack.line("card", card.id),
                        field=f"stats.{stat}",
                        hint=did_you_mean(str(value), known) or _("write the id of a sector or region of board.toml"),
                    )
                )
    return findings


def check_label_translations(pack: PackData) -> list[Finding]:
    board = pack.board
    if board is None:
        return []
    legend = board.board.legend
    untold = [
        warning(
            "board/untranslated",
            shown_path(board.file),
            _('the board\'s legend has no text in "{lang}": its {lang} map would print the {source} words').format(
                lang=lang, source=pack.pack.source_language
            ),
            field=f"legend.{lang}",
            hint=_('write legend.{lang} = "..."').format(lang=lang),
        )
        for lang in pack.pack.target_languages
        if any(text.strip() for text in legend.values()) and not legend.get(lang, "").strip()
    ]
    return untold + [
        warning(
            "board/untranslated",
            shown_path(board.file),
            _('label "{id}" has no text in "{lang}": pnp cannot print its sticker').format(id=region.id, lang=lang),
            **_where(board, region, f"name.{lang}"),
            hint=_('write name.{lang} = "..."').format(lang=lang),
        )
        for region in board.board.region
        if region.kind == "label"
        for lang in pack.pack.target_languages
        if not region.name.get(lang, "").strip()
    ]


def check_token_labels(pack: PackData) -> list[Finding]:
    """A token face with words has them in every language the pack prints in: else that language's
    sheets would show the source words, or a blank face."""
    tokens = pack.tokens
    if tokens is None:
        return []
    findings = []
    pieces: list[tuple[str, Token | Standee]] = [
        *((N_("token"), t) for t in tokens.tokens.token),
        *((N_("standee"), s) for s in tokens.tokens.standee),
    ]
    for table, piece in pieces:
        for side in (N_("front"), N_("back")):
            face = getattr(piece, side)
            if face is None or not any(text.strip() for text in face.label.values()):
                continue  # a face without words (an icon only) needs no translation
            for lang in pack.pack.target_languages:
                if face.label.get(lang, "").strip():
                    continue
                shown = face.label.get(pack.pack.source_language, "").strip()
                printed = (
                    _("would print «{words}», the {language} words").format(
                        words=shown, language=pack.pack.source_language
                    )
                    if shown
                    else _("would be blank")
                )
                findings.append(
                    warning(
                        "tokens/untranslated",
                        shown_path(tokens.file),
                        _('{kind} "{id}": its {side} has no label in "{lang}": the {lang} sheets {printed}').format(
                            kind=_(table), id=piece.id, side=_(side), lang=lang, printed=printed
                        ),
                        line=tokens.lines.get((table, piece.id)),
                        field=f"{table}.{piece.id}.{side}.label.{lang}",
                        hint=_('write {side}.label.{lang} = "..."').format(side=side, lang=lang),
                    )
                )
    return findings


def check_token_counts(pack: PackData) -> list[Finding]:
    """Tokens and standees name the box-contents line that counts them; the totals must agree."""
    tokens = pack.tokens
    if tokens is None:
        return []
    totals: dict[str, int] = {}
    pieces: dict[str, list[str]] = {}
    everything: list[Token | Standee] = [*tokens.tokens.token, *tokens.tokens.standee]
    for piece in everything:
        if piece.manifest is not None:
            totals[piece.manifest] = totals.get(piece.manifest, 0) + piece.count
            pieces.setdefault(piece.manifest, []).append(f"{piece.id} {piece.count}")
    findings = []
    for line in pack.pack.manifest:
        if line.id not in totals or totals[line.id] == line.count:
            continue
        name = line.name.get(pack.pack.source_language) or line.id
        findings.append(
            warning(
                "tokens/manifest",
                shown_path(pack.root / PACK_FILE),
                _('box contents "{name}": {count}, but tokens.toml counts {totals} ({pieces})').format(
                    name=name, count=line.count, totals=totals[line.id], pieces=", ".join(pieces[line.id])
                ),
                line=pack.line("manifest", line.id),
                field=f"manifest.{line.id}.count",
                hint=_("correct the counts in tokens.toml, or this line's count"),
            )
        )
    return findings


def check_board_verify(pack: PackData) -> list[Finding]:
    findings = []
    if pack.board is not None and pack.board.board.verify:
        findings.append(
            info(
                "board/verify",
                shown_path(pack.board.file),
                _("to verify: {verify}").format(verify=pack.board.board.verify),
                field="verify",
            )
        )
    tokens = pack.tokens
    if tokens is not None:
        shown = shown_path(tokens.file)
        if tokens.tokens.verify:
            findings.append(
                info(
                    "board/verify", shown, _("to verify: {verify}").format(verify=tokens.tokens.verify), field="verify"
                )
            )
        for table, pieces in (("token", tokens.tokens.token), ("standee", tokens.tokens.standee)):
            for piece in pieces:
                if piece.verify:
                    findings.append(
                        info(
                            "board/verify",
                            shown,
                            _("to verify: {verify}").format(verify=piece.verify),
                            line=tokens.lines.get((table, piece.id)),
                            field=f"{table}.{piece.id}.verify",
                        )
                    )
    return findings


RULES = (
    Rule(
        "board/outside", Severity.ERROR, N_("Every region of board.toml lies inside the board."), check_regions_inside
    ),
    Rule(
        "board/polygon",
        Severity.ERROR,
        N_("Polygons have 3 or more corners and do not cross themselves."),
        check_polygons,
    ),
    Rule(
        "board/adjacency",
        Severity.ERROR,
        N_(
            "Adjacent sectors share an edge (no diagonal moves) and list each other; a [[route]] joins "
            "sectors that do not touch."
        ),
        check_adjacency,
    ),
    Rule("board/within", Severity.WARNING, N_("A sector lies inside the region it is `within`."), check_within),
    Rule(
        "board/unknown-region",
        Severity.ERROR,
        N_("Regions that tokens (`regions`) and cards (place `stats`) cite exist on the board."),
        check_cited_regions,
    ),
    Rule(
        "board/untranslated",
        Severity.WARNING,
        N_("Every label has text in each target language, for its sticker."),
        check_label_translations,
    ),
    Rule(
        "tokens/untranslated",
        Severity.WARNING,
        N_("Every token and standee face with words has them in each target language."),
        check_token_labels,
    ),
    Rule(
        "tokens/manifest",
        Severity.WARNING,
        N_("Tokens and standees add up to the box-contents line they name."),
        check_token_counts,
    ),
    Rule(
        "board/verify",
        Severity.INFO,
        N_("Board positions and token counts marked `verify` still need checking."),
        check_board_verify,
    ),
)
