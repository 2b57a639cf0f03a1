"""board = load -> check -> layout -> render -> impose -> export, for a pack's board and tokens.

Like the card build: everything is gathered and drawn first, findings
collected, and only a run without errors writes its files, each atomically.
Writes, under <output>/<pack>/<lang>/:

- board-tiled.pdf: an assembly guide, then the map (or the user's board image)
  at full size over as many pages as it needs, with overlap and marks;
- board-stickers.pdf: a placement guide, then the label stickers packed on sheets;
- tokens.pdf: token sheets, backs aligned for duplex or gutter-fold;
- standees.pdf: fold-over standees.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from PIL import Image, UnidentifiedImageError
from reportlab.pdfgen.canvas import Canvas

from pnp.check import check_pack
from pnp.errors import Finding, error, has_errors, warning
from pnp.export.board_pdf import Document, FaceForm, TokenSection, render_sheets, render_stickers, render_tiles
from pnp.export.files import write_atomic
from pnp.impose import ImposeError, SheetSpec, plan_sheet
from pnp.load import load_pack
from pnp.load.board import BOARD_FILE, TOKENS_FILE
from pnp.load.pack import PACK_FILE, shown_path
from pnp.model import LoadedBoard, LoadedTokens, PackData, TokenFace
from pnp.packing import Sticker, StickerSheets, pack_stickers, sticker_size
from pnp.pipeline import FONTS_DIR
from pnp.render.board import BoardArt, draw_map, fit_labels, words
from pnp.render.fonts import FontRegistry, load_fonts
from pnp.render.token import (
    FaceText,
    draw_standee,
    draw_token_face,
    fit_face_text,
    standee_height,
    standee_text_box,
    text_box,
    tokens_crop_marks,
)
from pnp.tiling import TileError, plan_tiles
from pnp.units import Size, mm, paper_size

BoardDuplex = Literal["long", "short", "fold"]

MIN_IMAGE_DPI = 150  # below this a board image prints visibly soft at arm's length
MAX_IMAGE_PIXELS = 200_000_000  # a 10 x 20 in board at 600 dpi is 72 MP; beyond this is a mistake or a bomb
TOKEN_BLEED = mm(1)
TOKEN_SPACING = mm(2)
STICKER_SHEET_MARGIN = mm(8)
STICKER_GAP = mm(3)


@dataclass(frozen=True)
class BoardOptions:
    language: str | None = None
    paper: str = "a4"
    overlap: float = mm(10)
    margin: float = mm(1)  # sticker margin beyond each label region, every side
    image: Path | None = None
    duplex: BoardDuplex = "long"
    output: Path = Path("output")


@dataclass(frozen=True)
class Written:
    path: Path
    pages: int


@dataclass
class BoardResult:
    findings: list[Finding] = field(default_factory=list)
    written: list[Written] = field(default_factory=list)
    tiles: int = 0
    stickers: StickerSheets | None = None
    same: list[str] = field(default_factory=list)  # labels that read the same in the build's language
    tokens: int = 0
    standees: int = 0

    @property
    def ok(self) -> bool:
        return not has_errors(self.findings)


def build_board(
    pack_path: Path, options: BoardOptions, progress: Callable[[int, int], None] | None = None
) -> BoardResult:
    result = BoardResult()
    loaded = load_pack(pack_path)
    result.findings += loaded.findings
    pack = loaded.pack
    if pack is None:
        return result
    result.findings += check_pack(pack)
    language = options.language or (pack.pack.target_languages or [pack.pack.source_language])[0]
    pack_file = shown_path(pack.root / PACK_FILE)
    if language not in pack.languages:
        result.findings.append(
            error(
                "build/language",
                pack_file,
                f'"{language}" is not a language of this pack',
                hint=f"languages: {', '.join(pack.languages)}",
            )
        )
        return result
    if pack.board is None and pack.tokens is None:
        result.findings.append(
            error(
                "board/nothing",
                shown_path(pack.root),
                f"this pack has no {BOARD_FILE} and no {TOKENS_FILE}: there is no board or token to print",
                hint="describe the board in board.toml and the tokens in tokens.toml (docs/pack-format.md)",
            )
        )
        return result
    if options.image is not None and pack.board is None:
        result.findings.append(
            error(
                "board/image",
                str(options.image),
                f"a board image is printed at the board's size, and this pack has no {BOARD_FILE}",
                hint='add board.toml with the board\'s width and height (width = "254mm")',
            )
        )
        return result
    if has_errors(result.findings):
        return result

    fonts = load_fonts(FONTS_DIR)
    title = _pick(pack, pack.board.board.name if pack.board else pack.pack.name, language)
    documents: list[tuple[str, Callable[[Callable[[], None]], Document], int]] = []
    if pack.board is not None:
        documents += _board_documents(pack, pack.board, options, language, fonts, title, result)
    if pack.tokens is not None:
        documents += _token_documents(pack, pack.tokens, options, language, fonts, result)
    if has_errors(result.findings):
        return result

    total = sum(steps for _, _, steps in documents)
    done = 0

    def advance() -> None:
        nonlocal done
        done += 1
        if progress:
            progress(done, total)

    out_dir = options.output / pack.pack.id / language
    rendered = [(out_dir / name, draw(advance)) for name, draw, _ in documents]
    for path, document in rendered:
        try:
            write_atomic(path, document.data)
        except OSError as exc:
            result.findings.append(
                error(
                    "export/write",
                    shown_path(path),
                    f"cannot write the file: {exc.strerror or exc}",
                    hint="choose another folder with -o, or check its permissions and free space",
                )
            )
            return result
        result.written.append(Written(path, document.pages))
    return result


def _pick(pack: PackData, localized: dict[str, str], language: str) -> str:
    return localized.get(language) or localized.get(pack.pack.source_language, "")


# --- the board: tiles and stickers ---------------------------------------------------------


def _board_documents(
    pack: PackData,
    board: LoadedBoard,
    options: BoardOptions,
    language: str,
    fonts: FontRegistry,
    title: str,
    result: BoardResult,
) -> list[tuple[str, Callable[[Callable[[], None]], Document], int]]:
    paper = paper_size(options.paper)
    art = BoardArt(board, language, pack.pack.source_language, fonts)
    result.findings += fit_labels(art, shown_path(board.file))
    documents: list[tuple[str, Callable[[Callable[[], None]], Document], int]] = []

    source = _image_source(board, options.image, result) if options.image is not None else _map_source(art, title)
    if source is not None:
        try:
            plan = plan_tiles(Size(board.width, board.height), paper, options.overlap)
        except TileError as exc:
            result.findings.append(
                error("board/tiles", shown_path(board.file), str(exc), hint="try --overlap 10mm or --paper a4")
            )
        else:
            result.tiles = len(plan.tiles)
            draw_source = source
            documents.append(
                (
                    "board-tiled.pdf",
                    lambda step: render_tiles(plan, draw_source, fonts, language, title, step),
                    len(plan.tiles) + 1,
                )
            )

    stickers = _stickers(board, art, options.margin)
    result.same = [label.text for label in art.labels.values() if not label.needs_sticker and label.text.strip()]
    if stickers:
        sheets = pack_stickers(stickers, paper, STICKER_SHEET_MARGIN, STICKER_GAP)
        result.stickers = sheets
        left, bottom, right, top = sheets.area
        for sticker in sheets.too_large:
            region = board.region(sticker.region)
            result.findings.append(
                error(
                    "board/sticker-too-large",
                    shown_path(board.file),
                    f'the sticker for label "{sticker.region}" is {_mm(sticker.width)} x {_mm(sticker.height)} mm, '
                    f"larger than the {_mm(right - left)} x {_mm(top - bottom)} mm a {options.paper.upper()} "
                    "sheet can print either way round",
                    line=board.lines.get(sticker.region),
                    field=f"region.{sticker.region}.{'rect' if region and region.rect else 'polygon'}",
                    hint="split the label into two regions, or print on larger paper",
                )
            )
        labels = dict(art.labels)
        documents.append(
            (
                "board-stickers.pdf",
                lambda step: render_stickers(sheets, labels, art, options.margin, result.same, title, step),
                sheets.sheets + 1,
            )
        )
    return documents


def _map_source(art: BoardArt, title: str) -> Callable[[Canvas], None]:
    def draw(canvas: Canvas) -> None:
        draw_map(canvas, art, title)

    return draw


def _stickers(board: LoadedBoard, art: BoardArt, margin: float) -> list[Sticker]:
    """One sticker per label whose translation differs from the printed words, numbered in reading order."""
    wanted = [label for label in art.labels.values() if label.needs_sticker]
    wanted.sort(key=lambda label: (round(label.frame[1] + label.frame[3] / 2), label.frame[0], label.region.id))
    stickers = []
    for number, label in enumerate(wanted, start=1):
        _, _, width, height = board.frames[label.region.id]
        size = sticker_size(Size(width, height), margin)
        stickers.append(Sticker(label.region.id, number, size.width, size.height))
    return stickers


def _image_source(board: LoadedBoard, image: Path, result: BoardResult) -> Callable[[Canvas], None] | None:
    """The user's board image, checked before use: readable, not absurdly large, and sharp enough."""
    shown = str(image)
    try:
        with Image.open(image) as probe:
            pixels_wide, pixels_high = probe.size
            if pixels_wide * pixels_high > MAX_IMAGE_PIXELS:
                result.findings.append(
                    error(
                        "board/image",
                        shown,
                        f"the image is {pixels_wide} x {pixels_high} px; the limit is {MAX_IMAGE_PIXELS // 10**6} MP",
                        hint="export it at 300 dpi",
                    )
                )
                return None
    except FileNotFoundError:
        result.findings.append(error("board/image", shown, "no such file", hint="give the path of a PNG or JPEG"))
        return None
    except Image.DecompressionBombError:
        result.findings.append(
            error(
                "board/image", shown, "the image has far too many pixels to be read safely", hint="export it at 300 dpi"
            )
        )
        return None
    except (UnidentifiedImageError, OSError, ValueError) as exc:
        result.findings.append(
            error("board/image", shown, f"the image cannot be read ({type(exc).__name__}): is it a PNG or JPEG?")
        )
        return None
    width_in, height_in = board.width / 72, board.height / 72
    dpi = min(pixels_wide / width_in, pixels_high / height_in)
    if dpi < MIN_IMAGE_DPI:
        result.findings.append(
            warning(
                "board/image-dpi",
                shown,
                f"the image is {pixels_wide} x {pixels_high} px: {dpi:.0f} dpi at the board's "
                f"{_mm(board.width)} x {_mm(board.height)} mm, and below {MIN_IMAGE_DPI} dpi it prints blurred",
                hint=f"scan or export it at 300 dpi: {round(width_in * 300)} x {round(height_in * 300)} px",
            )
        )
    image_ratio, board_ratio = pixels_wide / pixels_high, board.width / board.height
    if abs(image_ratio / board_ratio - 1) > 0.02:
        result.findings.append(
            warning(
                "board/image-aspect",
                shown,
                f"the image's proportions ({pixels_wide} x {pixels_high} px) differ from the board's "
                f"({_mm(board.width)} x {_mm(board.height)} mm) by {abs(image_ratio / board_ratio - 1) * 100:.0f} %: "
                "it is stretched to the board's size",
                hint="crop the image to the board's edges",
            )
        )
    path = str(image.resolve())

    def draw(canvas: Canvas) -> None:
        canvas.drawImage(path, 0, 0, board.width, board.height, mask="auto")

    return draw


# --- tokens and standees --------------------------------------------------------------------


def _token_documents(
    pack: PackData,
    tokens: LoadedTokens,
    options: BoardOptions,
    language: str,
    fonts: FontRegistry,
    result: BoardResult,
) -> list[tuple[str, Callable[[Callable[[], None]], Document], int]]:
    paper = paper_size(options.paper)
    shown = shown_path(tokens.file)
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
            text = _face_text(pack, face, language, text_box(token.shape, width, height, _has_picture(face)), fonts)
            result.findings += _overflow(
                text, shown, tokens.lines.get(("token", token.id)), f"token.{token.id}.{side}", language
            )
            key = f"token-{token.id}-{side}"
            forms[key] = FaceForm(
                Size(width, height),
                TOKEN_BLEED,
                _token_drawer(token.shape, width, height, face, text, side == "front", pack.root),
            )
            keys.append(key)
        group = (round(width, 2), round(height, 2), tokens_crop_marks(token.shape))
        groups.setdefault(group, []).extend([(keys[0] or "", keys[1])] * token.count)
        names.setdefault(group, []).append(_pick(pack, token.name, language))
        result.tokens += token.count
    sections: list[TokenSection] = []
    for (width, height, crop), placements in groups.items():
        try:
            plan = plan_sheet(
                SheetSpec(
                    paper=paper,
                    card=Size(width, height),
                    bleed=TOKEN_BLEED,
                    spacing=TOKEN_SPACING,
                    margin=mm(8),
                    duplex=options.duplex,
                    crop_marks=crop,
                    mark_length=mm(3),
                )
            )
        except ImposeError as exc:
            result.findings.append(error("board/impose", shown, str(exc), hint="make the token smaller"))
            continue
        sections.append(TokenSection(" + ".join(names[(width, height, crop)]), plan, tuple(placements), options.duplex))
    documents: list[tuple[str, Callable[[Callable[[], None]], Document], int]] = []
    if sections:
        steps = sum(-(-len(s.placements) // len(s.plan.fronts)) for s in sections)
        tokens_title = f"{words(language)['tokens']} · {_pick(pack, pack.pack.name, language)}"
        documents.append(
            ("tokens.pdf", lambda step: render_sheets(sections, forms, fonts, language, tokens_title, step), steps)
        )
    standees = _standee_section(pack, tokens, paper, language, fonts, forms, result)
    if standees is not None:
        standees_title = f"{words(language)['standees']} · {_pick(pack, pack.pack.name, language)}"
        steps = -(-len(standees.placements) // len(standees.plan.fronts))
        documents.append(
            (
                "standees.pdf",
                lambda step: render_sheets([standees], forms, fonts, language, standees_title, step),
                steps,
            )
        )
    return documents


def _has_picture(face: TokenFace) -> bool:
    return face.icon is not None or face.art is not None


def _face_text(
    pack: PackData, face: TokenFace, language: str, box: tuple[float, float, float, float], fonts: FontRegistry
) -> FaceText:
    return fit_face_text(face, _pick(pack, face.label, language), box, fonts, language)


def _overflow(text: FaceText, shown: str, line: int | None, field: str, language: str) -> list[Finding]:
    if text.fitted is None or text.fitted.fits:
        return []
    return [
        error(
            "board/text-overflow",
            shown,
            f"the label does not fit on the face, even at {text.fitted.size:g} pt",
            line=line,
            field=f"{field}.label.{language}",
            hint="shorten it, or make the token larger",
        )
    ]


def _token_drawer(
    shape: str, width: float, height: float, face: TokenFace, text: FaceText, front: bool, root: Path
) -> Callable[[Canvas], None]:
    def draw(canvas: Canvas) -> None:
        draw_token_face(canvas, shape, width, height, face, text, TOKEN_BLEED, front, root)

    return draw


def _standee_section(
    pack: PackData,
    tokens: LoadedTokens,
    paper: Size,
    language: str,
    fonts: FontRegistry,
    forms: dict[str, FaceForm],
    result: BoardResult,
) -> TokenSection | None:
    shown = shown_path(tokens.file)
    placements: list[tuple[str, str | None]] = []
    sizes: set[tuple[float, float]] = set()
    for standee in tokens.tokens.standee:
        width, height, base = tokens.standee_sizes[standee.id]
        box = standee_text_box(width, height)
        front_face = standee.front
        back_face = standee.back or standee.front
        faces = []
        for side, face in (("front", front_face), ("back", back_face)):
            text = _face_text(pack, face, language, box, fonts)
            result.findings += _overflow(
                text, shown, tokens.lines.get(("standee", standee.id)), f"standee.{standee.id}.{side}", language
            )
            faces.append((face, text))
        key = f"standee-{standee.id}"
        strip = Size(width, standee_height(height, base))
        forms[key] = FaceForm(strip, 0.0, _standee_drawer(width, height, base, faces[0], faces[1], language, pack.root))
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
        result.findings.append(error("board/impose", shown, str(exc), hint="make the standee smaller"))
        return None
    names = " + ".join(_pick(pack, s.name, language) for s in tokens.tokens.standee)
    return TokenSection(names, plan, tuple(placements), "none")


def _standee_drawer(
    width: float,
    height: float,
    base: float,
    front: tuple[TokenFace, FaceText],
    back: tuple[TokenFace, FaceText],
    language: str,
    root: Path,
) -> Callable[[Canvas], None]:
    def draw(canvas: Canvas) -> None:
        draw_standee(canvas, width, height, base, front, back, words(language)["base"], root)

    return draw


def _mm(points: float) -> str:
    return f"{round(points / mm(1), 1):g}"


__all__ = ["BoardOptions", "BoardResult", "build_board"]
