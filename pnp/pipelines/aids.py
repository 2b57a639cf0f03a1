"""The build's aids.pdf: the pack's reference cards and set-up sheets, fitted and drawn.

Written by whole builds (like cards.pdf: not with --decks), unless --no-aids.
A build for some players or variants prints the aids for no variant in
particular and those of the variants it makes.  Fitting is checked as a card's
is, by `pnp check` and the build alike (aid/fit): an aid that does not fit its
sides at 6 pt, the legibility floor, is an error, in every language printed.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from pnp.assets.fonts import load_fonts
from pnp.cache import Cache, CacheKind
from pnp.errors import Finding, error
from pnp.export.png import fonts_digest
from pnp.export.workers import Background
from pnp.i18n import _, ngettext
from pnp.layout.aid_style import AidStyles, load_aid_styles
from pnp.layout.templates import IconFile
from pnp.model import PackData, pick
from pnp.model.aids import LoadedAid
from pnp.paths import shown_path
from pnp.pipelines.build_options import FONTS_DIR, TEMPLATES_DIR, BuildOptions
from pnp.render.icons import icon_settings
from pnp.units import paper_size

# the aids' fitting and drawing (ReportLab's frames and tables) are imported when a pack has aids
if TYPE_CHECKING:
    from pnp.render.aids import FittedAid

AIDS_FILE = "aids.pdf"


def chosen_aids(pack: PackData, options: BuildOptions) -> list[LoadedAid]:
    selection = options.selection
    if selection is None or selection.empty:
        return list(pack.aids)
    return [a for a in pack.aids if a.aid.variant is None or a.aid.variant in selection.variants]


def aid_styles(pack: PackData, templates_root: Path = TEMPLATES_DIR) -> tuple[AidStyles, list[Finding]]:
    """The pack's family's aid style, the pack's own templates/<family>/aids.toml over the bundled one."""
    return load_aid_styles(templates_root, pack.pack.template_family, pack.root)


def aid_fit_findings(
    pack: PackData, languages: set[str], templates_root: Path = TEMPLATES_DIR, cache: Cache | None = None
) -> list[Finding]:
    """aid/fit errors: each aid that does not fit its sides at the floor, in each language given; and
    what is wrong in the aid style it is fitted in.  With a cache (`pnp check`'s fitting cache), the
    aid/fit errors of aids, languages, style and fonts fitted before are taken from it."""
    styles, findings = aid_styles(pack, templates_root)
    # the key holds what fit_aid reads (the cache's own key adds pnp's code and ReportLab's version):
    # a check after a card's edit then fits no aid, and never imports ReportLab's platypus, 70 ms of
    # it (its paragraph module compiles a case-blind pattern over the whole of Unicode)
    key = (
        cache.key("aid-fit", pack.aids, sorted(languages), pack.pack.source_language, styles, fonts_digest(FONTS_DIR))
        if cache is not None
        else ""
    )
    if cache is not None and (kept := _kept_findings(cache.get_json(key).get("findings"))) is not None:
        return findings + kept
    from pnp.render.aids import fit_aid

    fonts = load_fonts(FONTS_DIR)
    fitted = [
        finding
        for aid in pack.aids
        for language in sorted(languages)
        if (finding := _fit_finding(fit_aid(aid, language, pack.pack.source_language, fonts, styles))) is not None
    ]
    if cache is not None:
        with contextlib.suppress(OSError):  # the cache only saves time
            cache.put_json(key, {"findings": [f.as_dict() for f in fitted]})
    return findings + fitted


def _kept_findings(items: object) -> list[Finding] | None:
    """The findings a cache entry holds, or None when it holds none that can be used."""
    if not isinstance(items, list):
        return None
    try:
        return [Finding.from_dict(item) for item in items]
    except (TypeError, KeyError, ValueError):
        return None


def _fit_finding(fitted: FittedAid) -> Finding | None:
    from pnp.render.aids import MIN_SIZE

    if fitted.fits:
        return None
    aid = fitted.aid
    if fitted.too_wide:
        message = _("something in it cannot be set in the width of a {size} aid, even at {floor:g} pt").format(
            size=aid.aid.size, floor=MIN_SIZE
        )
    else:
        message = _("the {lang} text needs {n} sides at {floor:g} pt, and the aid may take {sides}").format(
            lang=fitted.language, n=len(fitted.sides), floor=MIN_SIZE, sides=aid.aid.sides
        )
    return error(
        "aid/fit",
        shown_path(aid.file),
        message,
        line=aid.line("size"),
        field="size",
        hint=_("shorten it, split it into two aids, or give it a larger size (tarot, a4)"),
    )


AidDocuments = tuple[list[tuple[Path, bytes]], list[str], list[Finding]]


class AidsMade(Protocol):
    def result(self) -> AidDocuments: ...
    def cancel(self) -> None: ...


@dataclass(frozen=True)
class _Ready:
    documents: AidDocuments

    def result(self) -> AidDocuments:
        return self.documents

    def cancel(self) -> None:
        return None


def start_aid_documents(
    pack: PackData, language: str, options: BuildOptions, out_dir: Path, icons: Mapping[str, IconFile]
) -> AidsMade:
    """aid_documents, begun now: an aids.pdf to be made is fitted and drawn in a process of its own
    while this one draws the cards (the last quarter of a cold build of Blue Sun, which left a core
    idle); one taken from the cache, or none, is ready at once, and no process is started for it.

    aids.pdf as (path, bytes), the notes for the person printing it, and the fitting's errors;
    nothing without aids.  An aids.pdf made without errors from the same aids, style, fonts, icons,
    paper and language is taken from the cache: editing a card leaves the aids as they were."""
    work = _aid_work(pack, language, options, out_dir, icons)
    return Background(work) if callable(work) else _Ready(work)


def _aid_work(
    pack: PackData, language: str, options: BuildOptions, out_dir: Path, icons: Mapping[str, IconFile]
) -> AidDocuments | Callable[[], AidDocuments]:
    """The aids as the cache or their absence gives them, or the work that makes them."""
    aids = chosen_aids(pack, options)
    if not options.aids or options.decks or not aids:
        return [], [], []
    styles, findings = aid_styles(pack, options.templates)
    title = pick(pack, pack.pack.name, language)
    cache = Cache.open(options.output, CacheKind.AIDS, options.cache)
    key = cache.key(
        "aids",
        aids,
        language,
        pack.pack.source_language,
        styles,
        fonts_digest(FONTS_DIR),
        icon_settings(icons),
        options.paper,
        options.duplex,
        title,
    )
    if not findings and (kept := _kept(cache, key)) is not None:
        data, notes = kept
        return [(out_dir / AIDS_FILE, data)], notes, []
    return partial(_make_aids, aids, language, pack, styles, findings, options, icons, title, cache, key, out_dir)


def _make_aids(
    aids: list[LoadedAid],
    language: str,
    pack: PackData,
    styles: AidStyles,
    findings: list[Finding],
    options: BuildOptions,
    icons: Mapping[str, IconFile],
    title: str,
    cache: Cache,
    key: str,
    out_dir: Path,
) -> AidDocuments:
    from pnp.export.aids_pdf import render_aids
    from pnp.render.aids import fit_aid

    fonts = load_fonts(FONTS_DIR)
    fitted = [fit_aid(aid, language, pack.pack.source_language, fonts, styles) for aid in aids]
    findings = findings + [f for aid in fitted if (f := _fit_finding(aid)) is not None]
    data = render_aids(fitted, paper_size(options.paper), options.duplex, icons, title)
    notes = []
    two_sided = [f.aid.id for f in fitted if len(f.sides) > 1]
    if two_sided:
        notes.append(
            ngettext(
                "{file}: print it double-sided; {n} aid runs over to its back ({ids})",
                "{file}: print it double-sided; {n} aids run over to their backs ({ids})",
                len(two_sided),
            ).format(file=AIDS_FILE, n=len(two_sided), ids=", ".join(two_sided))
        )
    if not findings:  # an aid that does not fit is told again each time: only a clean result is kept
        with contextlib.suppress(OSError):  # the cache only saves time
            cache.put(key, data, {"notes": notes})
    return [(out_dir / AIDS_FILE, data)], notes, findings


def _kept(cache: Cache, key: str) -> tuple[bytes, list[str]] | None:
    """The cached aids.pdf and its notes, or None when there is no entry that can be used."""
    entry = cache.get(key)
    if entry is None:
        return None
    data, extra = entry
    notes = extra.get("notes")
    if not isinstance(notes, list) or not all(isinstance(note, str) for note in notes):
        return None
    return data, notes
