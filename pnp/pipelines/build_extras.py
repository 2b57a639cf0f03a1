"""The build's optional outputs: per-face PNG, print-shop files, Tabletop Simulator decks.

Each takes the faces the build laid out and writes its files; images come
from one cache of rasterized faces, so asking for PNG and TTS draws once.

Print shops sell decks at their own sizes: a deck whose size is a product of
the shop (within a millimetre) is made at the product's exact size, so the
files match the shop's templates to the pixel.  Any other size gets a warning
naming the nearest product and the scale; with --fit nearest (the default)
the deck is laid out at that product, with --fit exact it keeps its own size.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.assets.fonts import load_fonts
from pnp.cache import Cache, CacheKind
from pnp.errors import Finding, error, has_errors, warning
from pnp.export.png import (
    PngJob,
    RasterSettings,
    art_digest,
    cpu_workers,
    export_pngs,
    fonts_digest,
    job_digest,
    rasterize,
)
from pnp.files import write_error, write_if_changed
from pnp.i18n import _
from pnp.layout import FaceLayout, TemplateSet
from pnp.layout.plan import lay_out_pack
from pnp.load.pack import PACK_FILE
from pnp.markup import as_literal
from pnp.model import Card, PackData, pick
from pnp.paths import shown_path
from pnp.pipelines.build_options import FONTS_DIR, BuildOptions, BuildResult, DeckBuild
from pnp.pipelines.sheet_sets import impose_deck
from pnp.render.icons import icon_settings
from pnp.units import Size, mm

# The print shops' and Tabletop Simulator's modules are imported by the exports that use them:
# most builds ask for neither.
if TYPE_CHECKING:
    from pnp.export.printshop import Profile, ShopFit


@dataclass(frozen=True)
class LaidOut:
    """What the build made before the extras: the pack, its decks' faces, and the options."""

    pack: PackData
    builds: list[DeckBuild]
    faces: dict[str, FaceLayout]
    templates: TemplateSet
    options: BuildOptions
    out_dir: Path
    language: str

    def pick(self, localized: dict[str, str]) -> str:
        return pick(self.pack, localized, self.language)

    def raster_settings(self, dpi: int, bleed: float, keep_bleed: bool) -> RasterSettings:
        return RasterSettings(
            dpi=dpi,
            bleed=bleed,
            keep_bleed=keep_bleed,
            pack_root=self.pack.root,
            fonts_dir=FONTS_DIR,
            template_files=tuple((n, t.file) for n, t in sorted(self.templates.templates.items())),
            icons=icon_settings(self.templates.icons),
            draft=self.options.draft,
        )


def export_extras(done: LaidOut, result: BuildResult) -> None:
    """Everything asked for beyond the PDF sheets."""
    options = done.options
    if options.png:
        _export_pngs(done, result)
    if options.tts:
        _export_tts(done, result)
    if options.print_shop == "mpc":
        _export_mpc(done, result)
    elif options.print_shop in ("drivethru", "oneup"):
        _export_one_up(done, result)


def _png_jobs(
    done: LaidOut, wanted: dict[str, list[Path]], settings: RasterSettings, faces: dict[str, FaceLayout] | None = None
) -> tuple[list[PngJob], Cache]:
    fonts = fonts_digest(FONTS_DIR)
    faces = done.faces if faces is None else faces
    jobs = [
        PngJob(
            faces[key], tuple(targets), job_digest(faces[key], settings, art_digest(faces[key], done.pack.root), fonts)
        )
        for key, targets in wanted.items()
    ]
    # --no-cache draws every image again and replaces its entry: it repairs the cache too
    return jobs, Cache.open(done.options.output, CacheKind.PNG, done.options.cache)


def _write_images(
    done: LaidOut,
    wanted: dict[str, list[Path]],
    settings: RasterSettings,
    result: BuildResult,
    faces: dict[str, FaceLayout] | None = None,
) -> None:
    jobs, cache = _png_jobs(done, wanted, settings, faces)
    try:
        written, findings, drawn = export_pngs(jobs, settings, cache, cpu_workers())
    except OSError as exc:
        result.findings.append(_write_error(cache.folder, exc))
        return
    result.findings += findings
    result.written += written
    result.images_drawn += drawn
    result.images += sum(len(job.targets) for job in jobs)


def _export_pngs(done: LaidOut, result: BuildResult) -> None:
    options = done.options
    settings = done.raster_settings(options.dpi, options.bleed, options.png_bleed)
    _write_images(done, _face_files(done.builds, done.out_dir / "png"), settings, result)


def _export_mpc(done: LaidOut, result: BuildResult) -> None:
    from pnp.export.printshop import PROFILES

    profile = PROFILES["mpc"]
    builds, faces = shop_builds(done, profile, result)
    if builds is None:
        return
    settings = done.raster_settings(profile.dpi, (profile.bleed_in or 0) * 72, True)
    for built in builds:
        # the deck's back is printed behind the cards that have no back of their own: a double-sided card's
        # copies are counted once, under its own <card>-back.png
        common = sum(1 for p in built.section.cards if p.back == built.back_key)
        counts = [f"back.png\t{common}"] if common else []
        for card_id, front, back in built.faces:
            copies = sum(1 for p in built.section.cards if p.front == front and p.back == back)
            counts.append(f"{card_id}.png\t{copies}")
            if back != built.back_key:
                counts.append(f"{card_id}-back.png\t{copies}")
        tsv = ("image\tcopies\n" + "\n".join(counts) + "\n").encode()
        _write_file(done.out_dir / "mpc" / built.deck.deck.id / "quantities.tsv", tsv, result)
    _write_images(done, _face_files(builds, done.out_dir / "mpc"), settings, result, faces)


def _face_files(builds: list[DeckBuild], root: Path) -> dict[str, list[Path]]:
    """Each face's image files: <root>/<deck>/<card>.png, <card>-back.png for its own back, back.png."""
    wanted: dict[str, list[Path]] = {}
    for built in builds:
        folder = root / built.deck.deck.id
        wanted.setdefault(built.back_key, []).append(folder / "back.png")
        for card_id, front, back in built.faces:
            wanted.setdefault(front, []).append(folder / f"{card_id}.png")
            if back != built.back_key:
                wanted.setdefault(back, []).append(folder / f"{card_id}-back.png")
    return wanted


def _export_one_up(done: LaidOut, result: BuildResult) -> None:
    from pnp.export.printshop import PROFILES, one_up_pdf
    from pnp.render.face import RenderContext  # as the shop's module: with the export that draws

    profile = PROFILES[done.options.print_shop or "oneup"]
    builds, faces = shop_builds(done, profile, result)
    if builds is None:
        return
    bleed = done.options.bleed if profile.bleed_in is None else profile.bleed_in * 72
    ctx = RenderContext(
        fonts=load_fonts(FONTS_DIR),
        pack_root=done.pack.root,
        bleed=bleed,
        template_file={n: t.file for n, t in done.templates.templates.items()},
        icons=done.templates.icons,
        draft=done.options.draft,  # as the sheets: a draft's small text is drawn, not refused
    )
    convert = True
    for built in builds:
        # every printed copy, front then back: the shop prints the pages it is given, no more
        pages = [key for placement in built.section.cards for key in (placement.front, placement.back) if key]
        data = one_up_pdf(pages, faces, ctx, done.pick(built.deck.deck.name))
        target = done.out_dir / profile.name / f"{built.deck.deck.id}.pdf"
        _write_file(target, data, result)
        if profile.name == "drivethru" and convert:
            convert = _cmyk_twin(data, target, done.pick(built.deck.deck.name), result)  # said once, if at all
    result.findings += ctx.findings


def _cmyk_twin(data: bytes, target: Path, title: str, result: BuildResult) -> bool:
    """DriveThruCards asks for PDF/X-1a CMYK: <deck>-pdfx.pdf beside the RGB one, by Ghostscript where installed.

    False when there is none to make (Ghostscript missing or failing): said once, and the RGB PDFs stand."""
    from pnp.export.pdfx import ConversionError, ghostscript, to_cmyk_pdfx

    program = ghostscript()
    twin = target.with_name(f"{target.stem}-pdfx.pdf")
    if program is None:
        result.findings.append(
            warning(
                "export/no-ghostscript",
                shown_path(target.parent),
                _(
                    "Ghostscript is not installed: the PDFs are RGB, and DriveThruCards asks for CMYK (PDF/X-1a); "
                    "it converts RGB itself, with colours it chooses"
                ),
                hint=_(
                    "install Ghostscript (Debian and Ubuntu: apt install ghostscript; macOS: brew install "
                    "ghostscript) and build again: pnp then writes <deck>-pdfx.pdf, CMYK PDF/X, beside each PDF"
                ),
            )
        )
        return False
    try:
        converted = to_cmyk_pdfx(data, program, title)
    except ConversionError as exc:
        result.findings.append(
            warning(
                "export/no-ghostscript",
                shown_path(twin),
                _("Ghostscript could not convert {name} to CMYK PDF/X: {reason}").format(name=target.name, reason=exc),
                hint=_("upload the RGB PDF, or convert it with your own tools"),
            )
        )
        return False
    _write_file(twin, converted, result)
    return True


def option_findings(options: BuildOptions, out_dir: Path) -> list[Finding]:
    """What the extras' options get wrong, found before anything is drawn or written."""
    base_url = options.tts_base_url
    problem = None
    if options.tts and base_url is not None:
        from pnp.export.tts import base_url_problem

        problem = base_url_problem(base_url)
    if problem:
        return [
            error(
                "export/tts-base-url",
                shown_path(out_dir / "tts"),
                problem,
                hint=_("--tts-base-url takes the address of the folder the tts images are uploaded to"),
            )
        ]
    return []


def _export_tts(done: LaidOut, result: BuildResult) -> None:
    from pnp.export.tts import TooManySheets, TtsCard, TtsDeck, first_sheet_id, write_tts_box, write_tts_deck

    folder = done.out_dir / "tts"
    base_url = done.options.tts_base_url
    settings = done.raster_settings(done.options.dpi, done.options.bleed, False)
    wanted: dict[str, list[Path]] = {}
    for built in done.builds:
        for key in (built.back_key, *(k for _card, front, back in built.faces for k in (front, back))):
            wanted.setdefault(key, [])
    jobs, cache = _png_jobs(done, wanted, settings)
    try:
        findings, drawn = rasterize(jobs, settings, cache, cpu_workers())
    except OSError as exc:
        result.findings.append(_write_error(cache.folder, exc))
        return
    result.findings += findings
    result.images_drawn += drawn
    image = {job.face.key: cache.path(job.digest) for job in jobs}
    cards = done.pack.cards()
    number = {deck.deck.id: n for n, deck in enumerate(done.pack.decks, start=1)}
    states = []
    words = icon_words(done.pack, done.language)
    for built in done.builds:
        size = done.faces[built.back_key].size
        deck = TtsDeck(
            deck_id=built.deck.deck.id,
            name=done.pick(built.deck.deck.name),
            cards=[
                TtsCard(
                    nickname=done.pick(cards[card_id].title),
                    description=_description(done, cards[card_id]),
                    image=image[front],
                    copies=cards[card_id].count,
                    back_image=image[back] if back != built.back_key else None,
                )
                for card_id, front, back in built.faces
            ],
            back=image[built.back_key],
            first_sheet_id=first_sheet_id(number[built.deck.deck.id]),
            width_mm=min(size.width, size.height) / mm(1),
            sideways=size.width > size.height + 0.01,
            icon_words=words,
        )
        try:
            written, state = write_tts_deck(deck, folder, base_url)
        except OSError as exc:
            result.findings.append(_write_error(folder, exc))
            return
        except TooManySheets as exc:
            result.findings.append(
                error(
                    "export/tts-too-large",
                    shown_path(built.deck.file),
                    str(exc),
                    hint=_("build --tts with a lower --dpi"),
                )
            )
            return
        result.written += written
        states.append(state)
    if states and not done.options.decks:  # like cards.pdf: the box holds every deck, or is left as it was
        try:
            result.written += write_tts_box(done.pick(done.pack.pack.name), done.pack.pack.id, states, folder)
        except OSError as exc:
            result.findings.append(_write_error(folder, exc))


def icon_words(pack: PackData, language: str) -> dict[str, str]:
    """Each icon's word in the card language, for text that names icons (TTS descriptions).

    The pack's glossary says it: a term whose original is the icon's name ("Fuel" for {fuel}) gives the
    translation ("combustible"); in the original language the name itself is the word, its hyphens spaces.
    An icon the glossary has no term for keeps its name."""
    names = {*pack.pack.icons, *pack.pack.icon_files}
    default = pack.pack.target_languages[0] if pack.pack.target_languages else pack.pack.source_language
    if language == pack.pack.source_language:
        return {name: name.replace("-", " ") for name in names}
    by_source = {
        term.source.strip().casefold(): term.target for term in pack.glossary.term if (term.lang or default) == language
    }
    return {name: by_source[key] for name in names if (key := name.replace("-", " ").casefold()) in by_source}


def _description(done: LaidOut, card: Card) -> str:
    """The card's text, and for a double-sided card its back's title and text after it."""
    text = done.pick(card.text)
    if card.back is None:
        return text
    title, back_text = done.pick(card.back.title), done.pick(card.back.text)
    back = f"**{as_literal(title)}**\n{back_text}" if title else back_text
    return "\n\n".join(part for part in (text, back.strip()) if part)


def _write_file(path: Path, data: bytes, result: BuildResult) -> None:
    try:
        changed = write_if_changed(path, data)
    except OSError as exc:
        result.findings.append(_write_error(path, exc))
        return
    if changed:
        result.written.append(path)


def _write_error(path: Path, exc: OSError) -> Finding:
    return write_error(path, exc)


SAME = 0.05  # points: a size this close is the same size


def shop_builds(
    done: LaidOut, profile: Profile, result: BuildResult
) -> tuple[list[DeckBuild] | None, dict[str, FaceLayout]]:
    """Each deck as the shop will print it, and the faces they use; None when laying out again failed."""
    from pnp.export.printshop import fit_to_shop

    faces = dict(done.faces)
    builds: list[DeckBuild] = []
    for built in done.builds:
        size = done.faces[built.back_key].size
        fit = fit_to_shop(profile, size)
        if fit.product is None:
            builds.append(built)
            continue
        keep = not fit.sold and done.options.shop_fit == "exact"
        if not fit.sold:
            result.findings.append(_size_warning(done, built, profile, fit, keep))
        target = fit.product_size()
        if keep or (abs(target.width - size.width) < SAME and abs(target.height - size.height) < SAME):
            builds.append(built)
            continue
        relaid = _lay_out_at(done, built, target, faces, result)
        if relaid is None:
            return None, faces
        builds.append(relaid)
    return builds, faces


def _lay_out_at(
    done: LaidOut, built: DeckBuild, size: Size, faces: dict[str, FaceLayout], result: BuildResult
) -> DeckBuild | None:
    options = replace(done.options, card_size=f"{size.width / 72:.4f}in x {size.height / 72:.4f}in")
    found = BuildResult()
    laid = lay_out_pack(
        done.pack, done.language, [built.deck], done.options.templates, options.card_size, options.bilingual
    )
    found.findings += laid.findings
    faces.update(laid.faces())
    relaid = impose_deck(done.pack, laid.decks[0], done.language, options) if laid.decks else None
    if isinstance(relaid, Finding):
        found.findings.append(relaid)
        relaid = None
    result.findings += found.findings
    return None if relaid is None or has_errors(found.findings) else relaid


def _size_warning(done: LaidOut, built: DeckBuild, profile: Profile, fit: ShopFit, keep: bool) -> Finding:
    from pnp.export.printshop import size_text

    assert fit.product is not None
    deck_id = built.deck.deck.id
    wide, high = fit.scale()
    scale = _("{wide:.0%} wide and {high:.0%} high").format(wide=wide, high=high)
    own = size_text(fit.size)
    if keep:
        message = _(
            "{shop} sells no {own} cards; the nearest is {describe}, {scale}: deck "
            '"{deck_id}" keeps {own} (--fit exact), which the shop will not take as '
            "it is"
        ).format(shop=profile.shop, own=own, describe=fit.product.describe(), scale=scale, deck_id=deck_id)
        hint = _("--fit nearest makes the files at the shop's size, the layout scaled")
    else:
        message = _(
            '{shop} sells no {own} cards: deck "{deck_id}" is made as their {describe}, the layout scaled {scale}'
        ).format(shop=profile.shop, own=own, deck_id=deck_id, describe=fit.product.describe(), scale=scale)
        hint = _("--fit exact keeps the deck's own size instead; docs/exports.md lists each shop's sizes")
    return warning(
        "export/shop-size",
        shown_path(done.pack.root / PACK_FILE),
        message,
        line=done.pack.line("deck", deck_id),
        field=f"deck.{deck_id}.card_size",
        hint=hint,
    )
