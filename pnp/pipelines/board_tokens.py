"""Token and standee sheets for `pnp board`: faces fitted, imposed like cards, backs aligned."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from pnp.assets.fonts import FontRegistry
from pnp.errors import error
from pnp.export.board_pdf import Document, FaceForm, TokenSection, render_sheets
from pnp.i18n import _
from pnp.impose.sheet import ImposeError, SheetPlan, SheetSpec, plan_sheet
from pnp.layout.icons import family_and_pack_icons
from pnp.layout.templates import IconFile
from pnp.model import LoadedTokens, PackData, TokenFace, pick, token_shapes
from pnp.paths import shown_path
from pnp.pipelines.board_fit import face_overflow, token_face_text
from pnp.pipelines.board_options import BoardOptions, BoardResult
from pnp.render.board import words
from pnp.render.token import FaceText, draw_standee, draw_token_face, standee_height, tokens_crop_marks
from pnp.units import Size, mm, paper_size

TOKEN_BLEED = mm(1)
TOKEN_SPACING = mm(2)


def token_documents(
    pack: PackData,
    tokens: LoadedTokens,
    options: BoardOptions,
    language: str,
    fonts: FontRegistry,
    result: BoardResult,
) -> list[tuple[str, Callable[[Callable[[], None]], Document], int]]:
    paper = paper_size(options.paper)
    shown = shown_path(tokens.file)
    icons, _problems = family_and_pack_icons(pack)  # problems with the drawings are the map's findings
    forms: dict[str, FaceForm] = {}
    groups: dict[tuple[float, float, bool], list[tuple[str, str | None]]] = {}
    names: dict[tuple[float, float, bool], list[str]] = {}
    for token in tokens.tokens.token:
        width, height = tokens.sizes[token.id]
        keys: list[str | None] = []
        for side, face in (("front", token.front), ("back", token.back)):
            if face is None:
                keys.append(None)
                continue
            text = token_face_text(pack, token, face, language, fonts)
            result.findings += face_overflow(pack, token, side, text, language)
            key = f"token-{token.id}-{side}"
            forms[key] = FaceForm(
                Size(width, height),
                token_shapes.reach(token.shape, width, height, TOKEN_BLEED),  # a point's bleed is not clipped
                _token_drawer(token.shape, width, height, face, text, side == "front", pack.root, icons),
            )
            keys.append(key)
        group = (round(width, 2), round(height, 2), tokens_crop_marks(token.shape))
        groups.setdefault(group, []).extend([(keys[0] or "", keys[1])] * token.count)
        names.setdefault(group, []).append(pick(pack, token.name, language))
        result.tokens += token.count
    sections: list[TokenSection] = []
    sizes: dict[TokenSection, Size] = {}
    for (width, height, crop), placements in groups.items():
        try:
            plan = _token_plan(paper, Size(width, height), crop, options)
        except ImposeError as exc:
            result.findings.append(error("board/impose", shown, str(exc), hint=_("make the token smaller")))
            continue
        section = TokenSection(" + ".join(names[(width, height, crop)]), plan, tuple(placements), options.duplex)
        sections.append(section)
        sizes[section] = Size(width, height)
    sections = _shared_by_sizes(sections, sizes, paper, options)
    documents: list[tuple[str, Callable[[Callable[[], None]], Document], int]] = []
    if sections:
        steps = sum(-(-len(s.placements) // len(s.plan.fronts)) for s in sections)
        tokens_title = f"{words(language)['tokens']} · {pick(pack, pack.pack.name, language)}"
        documents.append(
            ("tokens.pdf", lambda step: render_sheets(sections, forms, fonts, language, tokens_title, step), steps)
        )
    standees = _standee_section(pack, tokens, paper, language, fonts, forms, result, icons)
    if standees is not None:
        standees_title = f"{words(language)['standees']} · {pick(pack, pack.pack.name, language)}"
        steps = -(-len(standees.placements) // len(standees.plan.fronts))
        documents.append(
            (
                "standees.pdf",
                lambda step: render_sheets([standees], forms, fonts, language, standees_title, step),
                steps,
            )
        )
    return documents


def _token_plan(paper: Size, size: Size, crop: bool, options: BoardOptions) -> SheetPlan:
    return plan_sheet(
        SheetSpec(
            paper=paper,
            card=size,
            bleed=TOKEN_BLEED,
            spacing=TOKEN_SPACING,
            margin=mm(8),
            duplex=options.duplex,
            crop_marks=crop,
            mark_length=mm(3),
            turn=False,  # a token prints as drawn: a hex's point at the top, its words level
        )
    )


def _sheets(section: TokenSection) -> int:
    return -(-len(section.placements) // len(section.plan.fronts))


def _shared_by_sizes(
    sections: list[TokenSection], sizes: dict[TokenSection, Size], paper: Size, options: BoardOptions
) -> list[TokenSection]:
    """Tokens cut along their outline (no crop marks), of different sizes, on one grid of the
    largest size, each centred in its cell, when that takes fewer sheets: tokens of a few kinds
    then print on one sheet, not on a half-empty sheet each."""
    loose = [s for s in sections if not s.plan.mark_length]
    if len(loose) < 2:
        return sections
    cell = Size(max(sizes[s].width for s in loose), max(sizes[s].height for s in loose))
    try:
        plan = _token_plan(paper, cell, False, options)
    except ImposeError:
        return sections
    placements = tuple(p for s in loose for p in s.placements)
    shared = TokenSection(" + ".join(s.title for s in loose), plan, placements, options.duplex)
    if _sheets(shared) >= sum(_sheets(s) for s in loose):
        return sections
    at = sections.index(loose[0])
    rest = [s for s in sections if s not in loose]
    return [*rest[:at], shared, *rest[at:]]


def _token_drawer(
    shape: str,
    width: float,
    height: float,
    face: TokenFace,
    text: FaceText,
    front: bool,
    root: Path,
    icons: Mapping[str, IconFile],
) -> Callable[[Canvas], None]:
    def draw(canvas: Canvas) -> None:
        draw_token_face(canvas, shape, width, height, face, text, TOKEN_BLEED, front, root, icons)

    return draw


def _standee_section(
    pack: PackData,
    tokens: LoadedTokens,
    paper: Size,
    language: str,
    fonts: FontRegistry,
    forms: dict[str, FaceForm],
    result: BoardResult,
    icons: Mapping[str, IconFile],
) -> TokenSection | None:
    shown = shown_path(tokens.file)
    placements: list[tuple[str, str | None]] = []
    sizes: set[tuple[float, float]] = set()
    for standee in tokens.tokens.standee:
        width, height, base = tokens.standee_sizes[standee.id]
        front_face = standee.front
        back_face = standee.back or standee.front
        faces = []
        for side, face in (("front", front_face), ("back", back_face)):
            text = token_face_text(pack, standee, face, language, fonts)
            result.findings += face_overflow(pack, standee, side, text, language)
            faces.append((face, text))
        key = f"standee-{standee.id}"
        strip = Size(width, standee_height(height, base))
        forms[key] = FaceForm(
            strip, 0.0, _standee_drawer(width, height, base, faces[0], faces[1], language, pack.root, icons)
        )
        sizes.add((round(strip.width, 2), round(strip.height, 2)))
        placements += [(key, None)] * standee.count
        result.standees += standee.count
    if not placements:
        return None
    largest = max(sizes, key=lambda s: s[0] * s[1])
    try:
        plan = plan_sheet(
            SheetSpec(
                paper=paper,
                card=Size(*largest),
                bleed=0.0,
                spacing=mm(4),
                margin=mm(8),
                duplex="none",
                crop_marks=False,
            )
        )
    except ImposeError as exc:
        result.findings.append(error("board/impose", shown, str(exc), hint=_("make the standee smaller")))
        return None
    names = " + ".join(pick(pack, s.name, language) for s in tokens.tokens.standee)
    return TokenSection(names, plan, tuple(placements), "none")


def _standee_drawer(
    width: float,
    height: float,
    base: float,
    front: tuple[TokenFace, FaceText],
    back: tuple[TokenFace, FaceText],
    language: str,
    root: Path,
    icons: Mapping[str, IconFile],
) -> Callable[[Canvas], None]:
    def draw(canvas: Canvas) -> None:
        draw_standee(canvas, width, height, base, front, back, words(language)["base"], root, icons)

    return draw
