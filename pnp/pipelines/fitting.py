"""Layout and text fitting as `pnp check` runs them: the build's own code, without drawing.

`check` and `build` agree because both lay out every face with the same
layout stage (`lay_out_pack`) and fit every text with the renderer's fitting
(`fit_face`, the function drawing calls): a text the build would set under
the legibility floor, or refuse, is a `text/small` finding of `pnp check` too.

Fitting a face depends on the face alone (its elements, its card's file and
line) and on the fonts, templates and options: with a cache, each face's
findings are kept under a digest of those, so a check of an unchanged pack
fits nothing, and one after an edit fits the faces that changed.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from pnp.assets.fonts import font_problems, load_fonts
from pnp.cache import Cache
from pnp.errors import Finding
from pnp.i18n import _
from pnp.layout import FaceLayout
from pnp.layout.memo import LayoutMemo
from pnp.layout.plan import lay_out_pack
from pnp.layout.stickers import sticker_panels
from pnp.model import LoadedDeck, PackData
from pnp.pipelines.aids import aid_fit_findings
from pnp.pipelines.build_options import FONTS_DIR, BuildOptions
from pnp.render.face import RenderContext, fit_face


def layout_and_fitting_findings(
    pack: PackData,
    options: BuildOptions | None = None,
    memos: Callable[[str], LayoutMemo | None] | None = None,
    decks: Sequence[LoadedDeck] | None = None,
    fitted: Cache | None = None,
    languages: Sequence[str] | None = None,
) -> list[Finding]:
    """What laying out finds in every language of the pack (or in `languages`), and what fitting
    the text finds in the language a build prints (`options.language`, else the pack's
    printed_language). `memos` gives a language's faces laid out by an earlier run, as the build
    keeps them; `decks` (default: all) the cards to look at, as the workbench does after saving
    one; `fitted` keeps each face's fitting findings."""
    options = options or BuildOptions()
    # A build fits the language it prints; `pnp check` every language a build may print (each target
    # language), so that a Catalan overflow stops `check --strict` as it stops `build --lang ca`.
    printed = (
        {options.language} if options.language else set(pack.pack.target_languages or [pack.pack.printed_language])
    )
    findings: list[Finding] = []
    for language in pack.languages if languages is None else languages:
        memo = memos(language) if memos else None
        laid = lay_out_pack(pack, language, decks, options.templates, options.card_size, options.bilingual, memo=memo)
        findings += laid.findings
        if language not in printed:
            continue
        template_file = {name: template.file for name, template in laid.templates.templates.items()}
        faces = laid.faces()
        # the panels every card of a type with text regions prints as stickers (build --stickers), scan or not
        stickers, problems = _sticker_faces(pack, language, options, decks)
        findings += problems
        listed = [faces[key] for key in sorted(faces)] + stickers
        found = _fitting(listed, pack.root, template_file, options, fitted, language)
        if len(printed) > 1 and language != pack.pack.printed_language:  # say which language's sheets it is about
            found = [
                replace(f, message=_("in {lang}: {message}").format(lang=language, message=f.message)) for f in found
            ]
        findings += found
    if decks is None and pack.aids:  # the whole pack: its aids are fitted too
        findings += aid_fit_findings(pack, printed, options.templates, fitted)
    return list(dict.fromkeys(findings))


def _sticker_faces(
    pack: PackData, language: str, options: BuildOptions, decks: Sequence[LoadedDeck] | None
) -> tuple[list[FaceLayout], list[Finding]]:
    """The sticker panels `pnp build --stickers` would fit, laid out by its own code."""
    if not any(t.region for t in pack.pack.card_type):
        return [], []
    panels, problems = sticker_panels(pack, language, options.templates)
    if decks is not None:
        wanted = {card.id for deck in decks for card in deck.cards}
        panels = [panel for panel in panels if panel.card in wanted]
    return [panel.face for panel in panels], problems


def _fitting(
    faces: list[FaceLayout],
    root: Path,
    template_file: dict[str, str],
    options: BuildOptions,
    cache: Cache | None,
    language: str,
) -> list[Finding]:
    """Each face's fitting findings, in face order: from the cache for a face fitted before."""
    settings = (str(root), language, sorted(template_file.items()), round(options.bleed, 4), options.draft)
    key = cache.key("fitting", settings) if cache is not None else ""
    stored = cache.get_json(key) if cache is not None else {}
    setting_digest = repr(settings)
    kept: dict[str, list[dict[str, Any]]] = {}
    findings: list[Finding] = []
    ctx: RenderContext | None = None
    for face in faces:
        # the face's key digests its size, layout, language and elements; findings also name the card
        drawn = repr((face.key, face.card, face.card_file, face.card_line))
        digest = hashlib.sha256((setting_digest + drawn).encode()).hexdigest()[:32]
        items = stored.get(digest)
        found = _findings(items) if isinstance(items, list) else None
        if found is None:
            if ctx is None:  # fonts are loaded only when a face is fitted
                if broken := font_problems(FONTS_DIR):  # install/fonts, as the build says it: nothing is fitted
                    return [*findings, *broken]
                ctx = RenderContext(
                    fonts=load_fonts(FONTS_DIR),
                    pack_root=root,
                    template_file=template_file,
                    bleed=options.bleed,
                    draft=options.draft,
                )
            before = len(ctx.findings)
            fit_face(face, ctx)
            found = ctx.findings[before:]
        kept[digest] = [f.as_dict() for f in found]
        findings += found
    if cache is not None and kept != stored:
        with contextlib.suppress(OSError):  # the cache only saves time
            cache.put_json(key, kept)
    return findings


def _findings(items: list[Any]) -> list[Finding] | None:
    try:
        return [Finding.from_dict(item) for item in items]
    except (TypeError, KeyError, ValueError):
        return None


def fitting_findings(pack: PackData, options: BuildOptions | None = None) -> list[Finding]:
    """Only what fitting the text finds (text/small, render/missing-glyph, ...)."""
    return [f for f in layout_and_fitting_findings(pack, options) if not f.code.startswith(("layout/", "icon/"))]
