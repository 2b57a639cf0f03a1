"""`pnp build --stickers`: translation stickers for the cards you own.

Only the translated panels, each at its region's exact size, as many copies as the
card's count, on full-sheet sticker paper (cut lines) or a label sheet.  The pack is
laid out as a build lays it out (its errors stop this too), each panel's text is
fitted by the card renderer, and nothing is written while there are errors.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pnp.assets.fonts import load_fonts
from pnp.errors import Finding, error, has_errors, info, warning
from pnp.files import write_atomic
from pnp.i18n import _, ngettext, printed
from pnp.impose.label_sheets import FULL_SHEETS, LABEL_SHEETS, place_stickers
from pnp.impose.packing import Sticker
from pnp.layout.panels import region_word
from pnp.layout.plan import lay_out_pack
from pnp.layout.stickers import StickerPanel, sticker_panels
from pnp.load import load_pack
from pnp.model import PackData
from pnp.paths import shown_path
from pnp.pipelines.build_options import FONTS_DIR, BuildResult
from pnp.render.face import RenderContext, fit_face
from pnp.units import mm

if TYPE_CHECKING:
    from pnp.export.sticker_labels import FittedLabel, LabelSpot

STICKER_FOLDER = "stickers"


def build_stickers(pack_path: Path, language: str | None, paper: str, output: Path) -> BuildResult:
    result = BuildResult()
    loaded = load_pack(pack_path)
    result.findings += loaded.findings
    pack = loaded.pack
    if pack is None or has_errors(result.findings):
        return result
    language = language or pack.pack.printed_language
    if language not in pack.languages:
        result.findings.append(
            error(
                "build/language",
                shown_path(pack.root / "pack.toml"),
                _('"{language}" is not a language of this pack').format(language=language),
                hint=_("languages: {languages}").format(languages=", ".join(pack.languages)),
            )
        )
        return result
    result.findings += lay_out_pack(pack, language).findings  # the build's own judgement of the pack
    panels, findings = sticker_panels(pack, language)
    result.findings += findings
    if not panels and not has_errors(result.findings):
        result.findings.append(_no_regions(pack))
    if has_errors(result.findings) or not panels:
        return result
    ctx = RenderContext(fonts=load_fonts(FONTS_DIR), pack_root=pack.root, template_file={}, bleed=0.0)
    for panel in panels:
        fit_face(panel.face, ctx)  # the findings drawing would make, before anything is written
    result.findings += ctx.findings
    if has_errors(result.findings):
        return result
    keyed: dict[str, StickerPanel] = {}
    labels: dict[str, str] = {}
    stickers: list[Sticker] = []
    for panel in panels:
        for copy in range(1, panel.copies + 1):
            key = f"{panel.card}/{panel.region}/{copy}"
            keyed[key] = panel
            labels[key] = f"{panel.title} · {region_word(panel.field, language)}" + (
                f" · {copy}/{panel.copies}" if panel.copies > 1 else ""
            )
            stickers.append(Sticker(key, len(stickers) + 1, panel.face.size.width, panel.face.size.height))
    sheets = place_stickers(stickers, paper)
    for sticker in sheets.too_large:
        card, region, _copy = sticker.region.split("/")
        result.findings.append(
            error(
                "build/sticker-size",
                shown_path(pack.root / "pack.toml"),
                _('the sticker of region "{region}" ({width:.1f} x {height:.1f} mm) does not fit on {paper}').format(
                    region=region, width=sticker.width / mm(1), height=sticker.height / mm(1), paper=paper
                ),
                card=card,
                field=f"card_type.region.{region}",
                hint=_("print the stickers on full-sheet sticker paper: --sticker-paper a4 (or letter)"),
            )
        )
    if has_errors(result.findings):
        return result
    from pnp.export.sticker_labels import label_font, placed_labels
    from pnp.export.stickers import render_card_stickers

    placed = placed_labels(sheets, labels, paper, label_font(ctx))
    result.findings += _shortened_labels(pack, placed, labels)

    # what the sheets print is in the stickers' language, not the interface's
    title = (pack.pack.name.get(language) or pack.pack.id) + " · " + printed(language, "stickers")
    footer = f"{title} · {paper} · " + printed(language, "sheet {number} of {total}; print at 100 % (actual size)")
    data = render_card_stickers(keyed, placed, sheets, ctx, title, footer)
    target = output / pack.pack.id / language / STICKER_FOLDER / f"stickers-{paper}.pdf"
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(target, data)
    result.written.append(target)
    result.cards = len({p.card for p in panels})
    result.sheets = sheets.sheets
    result.findings.append(
        info(
            "build/stickers",
            shown_path(target),
            ngettext("{n} sticker", "{n} stickers", len(stickers)).format(n=len(stickers))
            + ", "
            + ngettext("{sheets} sheet of {paper}", "{sheets} sheets of {paper}", sheets.sheets).format(
                sheets=sheets.sheets, paper=paper
            ),
        )
    )
    return result


def _shortened_labels(
    pack: PackData, placed: dict[str, tuple[LabelSpot, FittedLabel]], texts: dict[str, str]
) -> list[Finding]:
    """A warning for each label that fits beside its sticker only shortened: the sticker is whole, but
    its label no longer says in full which card it goes on."""
    findings = []
    for key, (_spot, fitted) in placed.items():
        if not fitted.shortened:
            continue
        card, region, _copy = key.split("/")
        findings.append(
            warning(
                "build/sticker-label",
                shown_path(pack.root / "pack.toml"),
                _('the label "{label}" is printed shortened beside its sticker: "{shown}"').format(
                    label=texts[key], shown=" ".join(fitted.lines)
                ),
                card=card,
                field=f"card_type.region.{region}",
                hint=_("the sticker is whole; a shorter card title gives a whole label"),
            )
        )
    return findings


def _no_regions(pack: PackData) -> Finding:
    return error(
        "build/no-regions",
        shown_path(pack.root / "pack.toml"),
        _("no card type declares text regions: there are no panels to print as stickers"),
        hint=_("declare each card type's text regions as [[card_type.region]] (docs/pack-format.md)"),
    )


STICKER_PAPERS = (*FULL_SHEETS, *LABEL_SHEETS)
