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
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from pnp.assets.fonts import FontRegistry, font_problems, load_fonts
from pnp.check import check_pack
from pnp.errors import error, has_errors, warning
from pnp.export.board_pdf import Document, render_stickers, render_tiles
from pnp.files import write_atomic, write_error
from pnp.i18n import _
from pnp.images import read_image_info
from pnp.impose.packing import Sticker, pack_stickers
from pnp.impose.tiling import TileError, plan_tiles
from pnp.layout.icons import family_and_pack_icons, token_icon_findings
from pnp.limits import MAX_BOARD_IMAGE_PIXELS
from pnp.load import load_pack
from pnp.load.board import BOARD_FILE, TOKENS_FILE
from pnp.load.pack import PACK_FILE
from pnp.model import LoadedBoard, PackData, pick
from pnp.paths import shown_path
from pnp.pipelines.board_options import BoardOptions, BoardResult, Written
from pnp.pipelines.board_tokens import token_documents
from pnp.pipelines.build import FONTS_DIR
from pnp.render.board import BoardArt, board_legend, draw_map, fit_labels, label_sticker, printed_boxes
from pnp.units import Size, mm, paper_size

MIN_IMAGE_DPI = 150  # below this a board image prints visibly soft at arm's length
MAX_IMAGE_PIXELS = MAX_BOARD_IMAGE_PIXELS
STICKER_SHEET_MARGIN = mm(8)
STICKER_GAP = mm(3)


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
    language = options.language or pack.pack.printed_language
    pack_file = shown_path(pack.root / PACK_FILE)
    if language not in pack.languages:
        result.findings.append(
            error(
                "build/language",
                pack_file,
                _('"{language}" is not a language of this pack').format(language=language),
                hint=_("languages: {languages}").format(languages=", ".join(pack.languages)),
            )
        )
        return result
    if pack.board is None and pack.tokens is None:
        result.findings.append(
            error(
                "board/nothing",
                shown_path(pack.root),
                _("this pack has no {BOARD_FILE} and no {TOKENS_FILE}: there is no board or token to print").format(
                    BOARD_FILE=BOARD_FILE, TOKENS_FILE=TOKENS_FILE
                ),
                hint=_("describe the board in board.toml and the tokens in tokens.toml (docs/pack-format.md)"),
            )
        )
        return result
    if options.image is not None and pack.board is None:
        result.findings.append(
            error(
                "board/image",
                str(options.image),
                _("a board image is printed at the board's size, and this pack has no {BOARD_FILE}").format(
                    BOARD_FILE=BOARD_FILE
                ),
                hint=_('add board.toml with the board\'s width and height (width = "254mm")'),
            )
        )
        return result
    result.findings += font_problems(FONTS_DIR)
    if has_errors(result.findings):
        return result

    icons, problems = family_and_pack_icons(pack)
    result.findings += [f for f in problems if f.code.startswith("icon/")] + token_icon_findings(pack, icons)
    if has_errors(result.findings):
        return result
    fonts = load_fonts(FONTS_DIR)
    title = pick(pack, pack.board.board.name if pack.board else pack.pack.name, language)
    documents: list[tuple[str, Callable[[Callable[[], None]], Document], int]] = []
    if pack.board is not None:
        documents += _board_documents(pack, pack.board, options, language, fonts, title, result)
    if pack.tokens is not None:
        documents += token_documents(pack, pack.tokens, options, language, fonts, result)
    if has_errors(result.findings):
        return result

    total = sum(steps for _name, _draw, steps in documents)
    done = 0

    def advance() -> None:
        nonlocal done
        done += 1
        if progress:
            progress(done, total)

    out_dir = options.output / pack.pack.id / language
    rendered = [(out_dir / name, draw(advance)) for name, draw, _steps in documents]
    for path, document in rendered:
        try:
            write_atomic(path, document.data)
        except OSError as exc:
            result.findings.append(write_error(path, exc))
            return result
        result.written.append(Written(path, document.pages))
    return result


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
    icons, _problems = family_and_pack_icons(pack)  # their problems are reported once, before any drawing
    art = BoardArt(board, language, pack.pack.source_language, fonts, icons=icons)
    result.findings += fit_labels(art, shown_path(board.file))
    documents: list[tuple[str, Callable[[Callable[[], None]], Document], int]] = []

    source = _image_source(board, options.image, result) if options.image is not None else _map_source(art, title)
    if source is not None:
        try:
            avoid = printed_boxes(art) if options.image is None else ()
            plan = plan_tiles(Size(board.width, board.height), paper, options.overlap, avoid=avoid)
        except TileError as exc:
            result.findings.append(
                error("board/tiles", shown_path(board.file), str(exc), hint=_("try --overlap 10mm or --paper a4"))
            )
        else:
            result.tiles = len(plan.tiles)
            draw_source = source
            documents.append(
                (
                    "board-tiled.pdf",
                    lambda step: render_tiles(plan, draw_source, fonts, language, title, step, board_legend(art)),
                    len(plan.tiles) + 1,
                )
            )

    stickers = _stickers(art, options.margin)
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
                    _(
                        'the sticker for label "{region}" is {width} x {height} mm, larger than '
                        "the {value} x {value2} mm a {upper} sheet can print either way round"
                    ).format(
                        region=sticker.region,
                        width=_mm(sticker.width),
                        height=_mm(sticker.height),
                        value=_mm(right - left),
                        value2=_mm(top - bottom),
                        upper=options.paper.upper(),
                    ),
                    line=board.lines.get(sticker.region),
                    field=f"region.{sticker.region}.{'rect' if region and region.rect else 'polygon'}",
                    hint=_("split the label into two regions, or print on larger paper"),
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


def _stickers(art: BoardArt, margin: float) -> list[Sticker]:
    """One sticker per label whose translation differs from the printed words, numbered in reading order."""
    wanted = [label for label in art.labels.values() if label.needs_sticker]
    wanted.sort(key=lambda label: (round(label.frame[1] + label.frame[3] / 2), label.frame[0], label.region.id))
    stickers = []
    for number, label in enumerate(wanted, start=1):
        shape = label_sticker(label, margin)  # a polygon label's sticker: the polygon grown by the margin
        stickers.append(Sticker(label.region.id, number, shape.width, shape.height))
    return stickers


def _image_source(board: LoadedBoard, image: Path, result: BoardResult) -> Callable[[Canvas], None] | None:
    """The user's board image, checked before use: readable, not absurdly large, and sharp enough."""
    shown = str(image)
    info, problem = read_image_info(image, MAX_IMAGE_PIXELS)
    if info is None:
        result.findings.append(
            error(
                "board/image",
                shown,
                problem or _("the image cannot be read"),
                hint=_("export it as PNG or JPEG at 300 dpi"),
            )
        )
        return None
    pixels_wide, pixels_high = info.width, info.height
    width_in, height_in = board.width / 72, board.height / 72
    dpi = min(pixels_wide / width_in, pixels_high / height_in)
    if dpi < MIN_IMAGE_DPI:
        result.findings.append(
            warning(
                "board/image-dpi",
                shown,
                _(
                    "the image is {pixels_wide} x {pixels_high} px: {dpi:.0f} dpi at the "
                    "board's {width} x {height} mm, and below {MIN_IMAGE_DPI} dpi it prints "
                    "blurred"
                ).format(
                    pixels_wide=pixels_wide,
                    pixels_high=pixels_high,
                    dpi=dpi,
                    width=_mm(board.width),
                    height=_mm(board.height),
                    MIN_IMAGE_DPI=MIN_IMAGE_DPI,
                ),
                hint=_("scan or export it at 300 dpi: {value} x {value2} px").format(
                    value=round(width_in * 300), value2=round(height_in * 300)
                ),
            )
        )
    image_ratio, board_ratio = pixels_wide / pixels_high, board.width / board.height
    if abs(image_ratio / board_ratio - 1) > 0.02:
        result.findings.append(
            warning(
                "board/image-aspect",
                shown,
                _(
                    "the image's proportions ({pixels_wide} x {pixels_high} px) differ from "
                    "the board's ({width} x {height} mm) by {value:.0f} %: it is stretched "
                    "to the board's size"
                ).format(
                    pixels_wide=pixels_wide,
                    pixels_high=pixels_high,
                    width=_mm(board.width),
                    height=_mm(board.height),
                    value=abs(image_ratio / board_ratio - 1) * 100,
                ),
                hint=_("crop the image to the board's edges"),
            )
        )
    path = str(image.resolve())

    def draw(canvas: Canvas) -> None:
        canvas.drawImage(path, 0, 0, board.width, board.height, mask="auto")

    return draw


# --- tokens and standees --------------------------------------------------------------------


def _mm(points: float) -> str:
    return f"{round(points / mm(1), 1):g}"


__all__ = ["BoardOptions", "BoardResult", "build_board"]
