"""Layout and text fitting as `pnp check` runs them: the build's own code, without drawing.

`check` and `build` agree because both lay out every face with the same
layout stage (`lay_out_pack`) and fit every text with the renderer's fitting
(`fit_face`, the function drawing calls): a text the build would set under
the legibility floor, or refuse, is a `text/small` finding of `pnp check` too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pnp.build_state import FONTS_DIR, BuildOptions
from pnp.errors import Finding
from pnp.layout.memo import LayoutMemo
from pnp.layout.plan import lay_out_pack
from pnp.model import LoadedDeck, PackData
from pnp.render.face import RenderContext, fit_face
from pnp.render.fonts import load_fonts


def layout_and_fitting_findings(
    pack: PackData,
    options: BuildOptions | None = None,
    memos: Callable[[str], LayoutMemo | None] | None = None,
    decks: Sequence[LoadedDeck] | None = None,
) -> list[Finding]:
    """What laying out finds in every language of the pack, and what fitting the text finds in
    the language a build prints by default (or `options.language`). `memos` gives a language's
    faces laid out by an earlier run, as the build keeps them; `decks` (default: all) the cards
    to look at, as the workbench does after saving one."""
    options = options or BuildOptions()
    built = options.language or (pack.pack.target_languages or [pack.pack.source_language])[0]
    findings: list[Finding] = []
    for language in pack.languages:
        memo = memos(language) if memos else None
        laid = lay_out_pack(pack, language, decks, options.templates, options.card_size, options.bilingual, memo=memo)
        findings += laid.findings
        if language != built:
            continue
        ctx = RenderContext(
            fonts=load_fonts(FONTS_DIR),
            pack_root=pack.root,
            template_file={name: template.file for name, template in laid.templates.templates.items()},
            bleed=options.bleed,
            draft=options.draft,
        )
        faces = laid.faces()
        for key in sorted(faces):
            fit_face(faces[key], ctx)
        findings += ctx.findings
    return list(dict.fromkeys(findings))


def fitting_findings(pack: PackData, options: BuildOptions | None = None) -> list[Finding]:
    """Only what fitting the text finds (text/small, render/missing-glyph, ...)."""
    return [f for f in layout_and_fitting_findings(pack, options) if not f.code.startswith(("layout/", "icon/"))]
