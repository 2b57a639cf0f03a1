"""Sheet PDFs from faces drawn once: the faces in parts, drawn in parallel on every core and cached
per part; each document (a deck's file, cards.pdf) assembled from them.

A build's faces are cut into parts of FACES_PER_PART faces, deck by deck, in
the order the cards come.  Each part is a document of its own holding its
faces as forms, drawn in a worker process, so the parts are drawn on all cores
at once, and each face is drawn once however many documents show it.  Each
part is cached (pnp.cache) under a key made of what it shows: its faces, the
bytes of their art, the fonts, the templates and the options.  A rebuild after
editing one card draws the one part that holds it again, and takes every other
part as it was.  The documents are their sheets with an empty form per face
(pages, marks and footers: quick to draw), each filled with its face's form
from its part (pnp.export.assemble).  Parts are cut by face count, never by
core count, so every machine writes the same bytes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import as_completed
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from pnp.assets.fonts import load_fonts
from pnp.cache import Cache
from pnp.errors import Finding
from pnp.export.assemble import Part, assemble, parse
from pnp.export.draft import marked
from pnp.export.pdf import Placement, SheetSection, home_footer, render_face_part, render_frames
from pnp.export.workers import worker_pool
from pnp.layout import FaceLayout
from pnp.render.face import RenderContext
from pnp.render.icons import IconSettings, icon_map, icon_settings

__all__ = ["DocumentJob", "DrawSettings", "FacePart", "draw_documents", "face_parts", "icon_settings"]

FACES_PER_PART = 100  # faces per part: small enough to spread a deck over cores and redraw little


@dataclass(frozen=True)
class DocumentJob:
    """One PDF a build writes: its sheets, which place faces of the parts."""

    name: str  # its file name
    title: str
    sections: tuple[SheetSection, ...]


@dataclass(frozen=True)
class FacePart:
    faces: tuple[FaceLayout, ...]
    key: str  # its cache key


@dataclass(frozen=True)
class DrawSettings:
    pack_root: Path
    fonts_dir: Path
    bleed: float
    template_files: tuple[tuple[str, str], ...]
    icons: IconSettings = ()
    draft_mark: str = ""  # the word a draft prints on every sheet; "" for a normal build
    charset: str = ""  # the characters each part gives its fonts first, alike (render_face_part)
    font_roles: tuple[str, ...] = ()  # the font roles the faces use: their fonts are subset alike


def face_parts(
    groups: Sequence[Sequence[FaceLayout]], art: Mapping[str, str], fonts: str, settings: DrawSettings, cache: Cache
) -> list[FacePart]:
    """The faces cut into parts: each group (a deck's faces, in the order its cards come) in runs of
    FACES_PER_PART; a face two groups show is drawn in the first.  `art`: each face's art digest."""
    seen: set[str] = set()
    parts = []
    for group in groups:
        faces = [face for face in group if face.key not in seen]
        seen.update(face.key for face in faces)
        for start in range(0, len(faces), FACES_PER_PART):
            run = tuple(faces[start : start + FACES_PER_PART])
            keys = tuple(face.key for face in run)
            key = cache.key(
                "faces",
                keys,
                tuple(art[k] for k in keys),
                fonts,
                round(settings.bleed, 4),
                settings.template_files,
                settings.icons,
                settings.draft_mark,
                settings.charset,
                settings.font_roles,
            )
            parts.append(FacePart(run, key))
    return parts


def draw_documents(
    documents: Sequence[DocumentJob],
    parts: Sequence[FacePart],
    settings: DrawSettings,
    cache: Cache,
    workers: int,
    fonts: str,
    progress: Callable[[int], None] | None = None,
) -> tuple[dict[str, bytes], list[Finding], int]:
    """Each document's PDF (by file name), the drawing findings, and how many parts were drawn.

    Parts missing from the cache are drawn in worker processes; meanwhile this
    process draws every document's sheets, so no core is idle.
    """
    drawn: dict[int, tuple[bytes, dict[str, int], list[Finding]]] = {}
    missing = []
    for index, part in enumerate(parts):
        cached = _read_cache(cache, part)
        if cached is None:
            missing.append(index)
            continue
        drawn[index] = cached
        if progress:
            progress(len(part.faces))
    frames: dict[str, tuple[bytes, dict[str, int]]] = {}
    if missing:
        with worker_pool(max(1, min(workers, len(missing)))) as pool:
            futures = {pool.submit(_draw, parts[index].faces, settings): index for index in missing}
            frames = _frames(documents, parts, settings, cache, fonts)
            for future in as_completed(futures):
                index = futures[future]
                drawn[index] = future.result()
                _write_cache(cache, parts[index].key, *drawn[index])
                if progress:
                    progress(len(parts[index].faces))
    else:
        frames = _frames(documents, parts, settings, cache, fonts)
    by_face: dict[str, Part] = {}
    findings: list[Finding] = []
    for index in range(len(parts)):  # in part order, whichever worker finished first
        data, forms, found = drawn[index]
        by_face.update(dict.fromkeys(forms, Part(parse(data), forms)))
        findings += found
    made: dict[bytes, bytes] = {}
    out = {}
    for document in documents:
        sheets, placeholders = frames[document.name]
        if sheets not in made:  # a one-deck pack's cards.pdf is its deck's file
            made[sheets] = assemble(parse(sheets), placeholders, by_face)
        out[document.name] = made[sheets]
    return out, findings, len(missing)


def _frames(
    documents: Sequence[DocumentJob], parts: Sequence[FacePart], settings: DrawSettings, cache: Cache, fonts: str
) -> dict[str, tuple[bytes, dict[str, int]]]:
    """Each document's sheets, with an empty form per face, and each face's form object number.

    The forms are named by the order the faces come in, not by the faces: an edited card changes
    no sheet, and the sheets are taken from the cache as they were."""
    sizes = {face.key: face.size for part in parts for face in part.faces}
    frames: dict[str, tuple[bytes, dict[str, int]]] = {}
    drawn: dict[tuple[str, tuple[SheetSection, ...]], tuple[bytes, dict[str, int]]] = {}
    for document in documents:
        if (document.title, document.sections) not in drawn:
            cards = [card for section in document.sections for card in section.cards]
            order = list(dict.fromkeys(key for card in cards for key in (card.front, card.back) if key))
            place = {key: str(index) for index, key in enumerate(order)}
            sections = tuple(
                replace(s, cards=tuple(Placement(place[c.front], c.back and place[c.back]) for c in s.cards))
                for s in document.sections
            )
            slots = {place[key]: sizes[key] for key in order}
            options = (fonts, round(settings.bleed, 4), settings.draft_mark)
            key = cache.key("sheets", document.title, sections, slots, options)
            made = _read_frames(cache, key, set(slots))
            if made is None:
                language = sections[0].language if sections else "en"
                # the footer's words: the card language; a draft's mark opens it, clear of every crop mark
                plain = partial(home_footer, language=language, mark=settings.draft_mark)
                footer = marked(plain, settings.draft_mark) if settings.draft_mark else None
                made = render_frames(sections, slots, settings.bleed, document.title, footer)
                cache.put(key, made[0], {"forms": made[1]})
            drawn[document.title, document.sections] = made[0], {order[int(n)]: num for n, num in made[1].items()}
        frames[document.name] = drawn[document.title, document.sections]
    return frames


def _read_frames(cache: Cache, key: str, slots: set[str]) -> tuple[bytes, dict[str, int]] | None:
    """Cached sheets, or None when the entry is missing or does not verify: then they are drawn again."""
    entry = cache.get(key)
    if entry is None:
        return None
    data, extra = entry
    try:
        forms = {str(name): int(number) for name, number in extra["forms"].items()}
        objects = parse(data).objects
    except (TypeError, KeyError, ValueError, AttributeError):
        return None
    if set(forms) != slots or not set(forms.values()) <= set(objects):
        return None
    return data, forms


def _draw(faces: tuple[FaceLayout, ...], settings: DrawSettings) -> tuple[bytes, dict[str, int], list[Finding]]:
    ctx = RenderContext(
        fonts=load_fonts(settings.fonts_dir),
        pack_root=settings.pack_root,
        bleed=settings.bleed,
        template_file=dict(settings.template_files),
        icons=icon_map(settings.icons),
        draft=bool(settings.draft_mark),
    )
    data, forms = render_face_part(faces, ctx, settings.charset, settings.font_roles)
    return data, forms, ctx.findings


def _write_cache(cache: Cache, key: str, data: bytes, forms: dict[str, int], findings: list[Finding]) -> None:
    cache.put(key, data, {"forms": forms, "findings": [f.as_dict() for f in findings]})


def _read_cache(cache: Cache, part: FacePart) -> tuple[bytes, dict[str, int], list[Finding]] | None:
    """A cached part, or None when the entry is missing or does not verify: then it is drawn again."""
    entry = cache.get(part.key)
    if entry is None:
        return None
    data, extra = entry
    try:
        findings = [Finding.from_dict(item) for item in extra["findings"]]
        forms = {str(key): int(number) for key, number in extra["forms"].items()}
        objects = parse(data).objects
    except (TypeError, KeyError, ValueError, AttributeError):
        return None
    if sorted(forms) != sorted(face.key for face in part.faces) or not set(forms.values()) <= set(objects):
        return None
    return data, forms, findings
