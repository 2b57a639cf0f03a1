"""Fitting a board's label stickers and its token and standee words: `pnp board` and `pnp check`
call these same functions, so a label `pnp board` refuses is a finding of `pnp check` first.

Words are fitted as they print, never below the 6 pt floor of every sheet: a label that would
need less is `board/text-overflow`, not a tiny print.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.assets.fonts import FontRegistry, font_problems, load_fonts
from pnp.errors import Finding, error
from pnp.i18n import _
from pnp.layout.icons import family_and_pack_icons
from pnp.model import PackData, Standee, Token, TokenFace, pick
from pnp.paths import shown_path
from pnp.pipelines.build_options import FONTS_DIR
from pnp.render.board import BoardArt, fit_labels
from pnp.render.token import TEXT_MIN_SIZE, FaceText, fit_face_text, standee_text_box, text_box


def token_face_text(
    pack: PackData, piece: Token | Standee, face: TokenFace, language: str, fonts: FontRegistry
) -> FaceText:
    """A token's or standee's face words in `language`, fitted into the room its shape gives them."""
    tokens = pack.tokens
    assert tokens is not None  # a piece comes from tokens.toml
    if isinstance(piece, Token):
        width, height = tokens.sizes[piece.id]
        box = text_box(piece.shape, width, height, face.icon is not None or face.art is not None)
    else:
        width, height, _base = tokens.standee_sizes[piece.id]
        box = standee_text_box(width, height)
    return fit_face_text(face, pick(pack, face.label, language), box, fonts, language)


def face_overflow(pack: PackData, piece: Token | Standee, side: str, text: FaceText, language: str) -> list[Finding]:
    """The finding for a face whose words do not fit at the floor size: none when they fit."""
    tokens = pack.tokens
    if tokens is None or text.fitted is None or text.fitted.fits:
        return []
    table = "token" if isinstance(piece, Token) else "standee"
    return [
        error(
            "board/text-overflow",
            shown_path(tokens.file),
            _("the label does not fit on the face, even at {size:g} pt").format(size=TEXT_MIN_SIZE),
            line=tokens.lines.get((table, piece.id)),
            field=f"{table}.{piece.id}.{side}.label.{language}",
            hint=_("shorten it, or make the token larger"),
        )
    ]


def board_fit_findings(pack: PackData, languages: Sequence[str] | None = None) -> list[Finding]:
    """What fitting the board's stickers and the token and standee words finds, in each language a
    `pnp board` may print (`languages`, default: the pack's target languages)."""
    if pack.board is None and pack.tokens is None:
        return []
    if font_problems(FONTS_DIR):
        return []  # the card fitting says so, once
    fonts = load_fonts(FONTS_DIR)
    findings: list[Finding] = []
    for language in languages or pack.pack.target_languages or [pack.pack.printed_language]:
        if pack.board is not None:
            icons, _problems = family_and_pack_icons(pack)
            art = BoardArt(pack.board, language, pack.pack.source_language, fonts, icons=icons)
            findings += fit_labels(art, shown_path(pack.board.file))  # what pnp board says of them, word for word
        if pack.tokens is not None:
            pieces: list[Token | Standee] = [*pack.tokens.tokens.token, *pack.tokens.tokens.standee]
            for piece in pieces:
                back = piece.back if isinstance(piece, Token) else piece.back or piece.front
                for side, face in (("front", piece.front), ("back", back)):
                    if face is not None:
                        text = token_face_text(pack, piece, face, language, fonts)
                        findings += face_overflow(pack, piece, side, text, language)
    return findings
