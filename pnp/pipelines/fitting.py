"""Layout and text fitting as `pnp check` runs them: the build's own code, without drawing.

`check` and `build` agree because both lay out every face with the build's
layout stage and fit every text with the renderer's fitting (`fit_face`, the
function drawing calls): a text the build would set under the legibility floor,
or refuse, is a `text/small` finding of `pnp check` as well.
"""

from __future__ import annotations

from pnp.build_state import FONTS_DIR, BuildOptions, BuildResult
from pnp.errors import Finding
from pnp.model import PackData
from pnp.pipeline import lay_out
from pnp.render.face import RenderContext, fit_face
from pnp.render.fonts import load_fonts


def fitting_findings(pack: PackData, options: BuildOptions | None = None) -> list[Finding]:
    """What laying out and fitting the default build finds: layout errors, glyphs, text sizes."""
    options = options or BuildOptions()
    language = options.language or (pack.pack.target_languages or [pack.pack.source_language])[0]
    result = BuildResult()
    laid_out = lay_out(pack, options, language, result)
    if laid_out is None:
        return list(dict.fromkeys(result.findings))
    templates, _builds, faces = laid_out
    ctx = RenderContext(
        fonts=load_fonts(FONTS_DIR),
        pack_root=pack.root,
        template_file={name: template.file for name, template in templates.templates.items()},
        bleed=options.bleed,
        draft=options.draft,
    )
    for key in sorted(faces):
        fit_face(faces[key], ctx)
    return list(dict.fromkeys(result.findings + ctx.findings))
