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
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

from pnp.assets.fonts import load_fonts
from pnp.assets.icons import icons_kept_in
from pnp.cache import Cache
from pnp.errors import Finding
from pnp.export.assemble import Parsed, Part, assemble, own_fonts, parse
from pnp.export.draft import marked
from pnp.export.pdf import Placement, SheetSection, home_footer, render_face_part, render_frames
from pnp.export.workers import worker_pool
from pnp.layout import FaceLayout
from pnp.render.files_read import forget_files
from pnp.render.icons import IconSettings, icon_map, icon_settings

__all__ = ["DocumentJob", "DrawSettings", "FacePart", "draw_documents", "face_parts", "icon_settings"]

FACES_PER_PART = 100  # faces per part: small enough to spread a deck over cores and redraw little
DRAWN_HERE = 10  # this many faces or fewer (a rebuild after a few edits) are drawn without starting workers


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
    # each face with its art's digest: what a face drawn in another part must match to be taken
    idents: tuple[str, ...] = ()


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
    # where each icon's verdict and form are kept (pnp.assets.icons): drawing a face after an edit
    # places its icons without reading an SVG.  What it holds is the same as read afresh: no part of
    # any key (the documents' keys are made of repr(settings)), nor of equality
    icon_cache: Cache | None = field(default=None, compare=False, repr=False)


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
            idents = tuple(f"{face.key} {art[face.key]}" for face in run)
            parts.append(FacePart(run, _part_key(cache, idents, fonts, settings), idents))
    return parts


def _part_key(cache: Cache, idents: Sequence[str], fonts: str, settings: DrawSettings) -> str:
    return cache.key("faces", tuple(idents), _settings_key(fonts, settings))


def _settings_key(fonts: str, settings: DrawSettings) -> tuple[object, ...]:
    """What a drawn face depends on besides itself and its art."""
    return (
        fonts,
        round(settings.bleed, 4),
        settings.template_files,
        settings.icons,
        settings.draft_mark,
        settings.charset,
        settings.font_roles,
    )


@dataclass(frozen=True)
class _Drawn:
    """A part as drawn (now or by an earlier build): its PDF, each face's form and findings."""

    pdf: bytes
    forms: dict[str, int]
    findings: dict[str, list[Finding]]  # face key -> what drawing it found
    past_charset: bool  # its fonts took characters past the charset: subset unlike other parts'
    parsed: Parsed | None = field(default=None, compare=False)  # its objects, when read to verify it

    def objects(self) -> Parsed:
        """The part's objects, parsed once however many documents take faces from it."""
        return self.parsed if self.parsed is not None else parse(self.pdf)


def draw_documents(
    documents: Sequence[DocumentJob],
    parts: Sequence[FacePart],
    settings: DrawSettings,
    cache: Cache,
    workers: int,
    fonts: str,
    face_index: Cache,
    progress: Callable[[int], None] | None = None,
) -> tuple[dict[str, tuple[bytes, str]], list[Finding], int]:
    """Each document's PDF (by file name) with its SHA-256, the drawing findings, and how many
    parts were drawn.
    `face_index`: where the index of faces to parts is kept.

    A part missing from the cache takes the faces an earlier build drew in other parts (the face
    index says where), and only the faces drawn nowhere are drawn, as a smaller part: after an edit,
    the edited card alone.  The documents are the same either way (pnp.export.assemble), unless a
    part's fonts took characters past the charset (each such part subsets its fonts its own way):
    then the missing parts are drawn whole, as a build with no cache draws them.  Parts are drawn in
    worker processes; meanwhile this process draws every document's sheets, so no core is idle.
    """
    sources: dict[str, _Drawn | None] = {}  # cache key -> the part drawn, None when unreadable
    for part in parts:
        sources[part.key] = _read_cache(cache, part.key, [face.key for face in part.faces])
    missing = [part for part in parts if sources[part.key] is None]
    index_key = face_index.key("face index", _settings_key(fonts, settings))
    index = _read_index(face_index, index_key)
    where = {face.key: part.key for part in parts if sources[part.key] is not None for face in part.faces}
    jobs = _patches(missing, index, where, sources, cache, fonts, settings)
    if progress:
        progress(sum(len(part.faces) for part in parts) - sum(len(job.faces) for job in jobs))
    drawn, frames = _draw_jobs(jobs, settings, cache, workers, progress, documents, parts, fonts, {})
    whole = {part.key for part in missing}
    if any(d.past_charset for d in drawn.values()) and not all(key in whole for key in drawn):
        # a smaller part's fonts took characters past the charset: the missing parts drawn whole
        # after all, as a build with no cache draws them
        redo = [part for part in missing if part.key not in drawn]
        more, frames = _draw_jobs(redo, settings, cache, workers, None, documents, parts, fonts, frames)
        drawn.update(more)
        jobs = [*jobs, *redo]
        where.update({face.key: part.key for part in missing for face in part.faces})
    else:
        for job in jobs:
            where.update(dict.fromkeys((face.key for face in job.faces), job.key))
    readable = {key: source for key, source in sources.items() if source is not None} | drawn
    used = {key: Part(readable[key].objects(), readable[key].forms) for key in dict.fromkeys(where.values())}
    by_face: dict[str, Part] = {}
    findings: list[Finding] = []
    for part in parts:  # in part order, whichever part drew each face
        for face in part.faces:
            by_face[face.key] = used[where[face.key]]
            findings += readable[where[face.key]].findings.get(face.key, [])
    now = {ident: where[face.key] for part in parts for face, ident in zip(part.faces, part.idents, strict=True)}
    _write_index(face_index, index_key, index, now)
    made: dict[bytes, tuple[bytes, str]] = {}
    out = {}
    for document in documents:
        sheets, placeholders = frames[document.name]
        if sheets not in made:  # a one-deck pack's cards.pdf is its deck's file
            made[sheets] = assemble(parse(sheets), placeholders, by_face)
        out[document.name] = made[sheets]
    return out, findings, len(jobs)


def _patches(
    missing: Sequence[FacePart],
    index: Mapping[str, str],
    where: dict[str, str],
    sources: dict[str, _Drawn | None],
    cache: Cache,
    fonts: str,
    settings: DrawSettings,
) -> list[FacePart]:
    """What to draw for the missing parts: of each, the faces no readable part of an earlier build
    holds (`where` learns where the others are).  Whole parts when any part read took characters
    past the charset."""
    if any(source.past_charset for source in sources.values() if source is not None):
        return list(missing)
    found: dict[str, str] = {}
    for part in missing:
        for face, ident in zip(part.faces, part.idents, strict=True):
            key = index.get(ident)
            if key is None or face.key in found:
                continue
            if key not in sources:
                sources[key] = _read_cache(cache, key, [])
            source = sources[key]
            if source is not None and face.key in source.forms:
                if source.past_charset:
                    return list(missing)
                found[face.key] = key
    jobs = []
    for part in missing:
        kept = [i for i, face in enumerate(part.faces) if face.key not in found]
        if len(kept) == len(part.faces):
            jobs.append(part)
        elif kept:
            idents = tuple(part.idents[i] for i in kept)
            jobs.append(FacePart(tuple(part.faces[i] for i in kept), _part_key(cache, idents, fonts, settings), idents))
    where.update(found)
    return jobs


def _draw_jobs(
    jobs: Sequence[FacePart],
    settings: DrawSettings,
    cache: Cache,
    workers: int,
    progress: Callable[[int], None] | None,
    documents: Sequence[DocumentJob],
    parts: Sequence[FacePart],
    fonts: str,
    frames: dict[str, tuple[bytes, dict[str, int]]],
) -> tuple[dict[str, _Drawn], dict[str, tuple[bytes, dict[str, int]]]]:
    """The jobs drawn in worker processes, each written to the cache; the documents' sheets drawn
    meanwhile, unless they are drawn already."""
    drawn: dict[str, _Drawn] = {}
    if sum(len(job.faces) for job in jobs) <= DRAWN_HERE:
        frames = frames or _frames(documents, parts, settings, cache, fonts)
        forget_files()  # this process lives on: a picture rewritten under its old size and time is read again
        try:
            for job in jobs:
                drawn[job.key] = _draw(job.faces, settings)
                _write_cache(cache, job.key, drawn[job.key])
                if progress:
                    progress(len(job.faces))
        finally:
            forget_files()  # nor do workers forked later inherit what was read here
        return drawn, frames
    # the renderer is imported by the first face drawn (pnp.export.pdf): here, before the workers
    # fork, so that they share it instead of each importing it again
    import pnp.render.face  # noqa: F401

    with worker_pool(max(1, min(workers, len(jobs)))) as pool:
        futures = {pool.submit(_draw, job.faces, settings): job for job in jobs}
        frames = frames or _frames(documents, parts, settings, cache, fonts)
        for future in as_completed(futures):
            job = futures[future]
            drawn[job.key] = future.result()
            _write_cache(cache, job.key, drawn[job.key])
            if progress:
                progress(len(job.faces))
    return drawn, frames


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


def _draw(faces: tuple[FaceLayout, ...], settings: DrawSettings) -> _Drawn:
    from pnp.render.face import RenderContext  # with the first face drawn: see pnp.export.pdf

    ctx = RenderContext(
        fonts=load_fonts(settings.fonts_dir),
        pack_root=settings.pack_root,
        bleed=settings.bleed,
        template_file=dict(settings.template_files),
        icons=icon_map(settings.icons),
        draft=bool(settings.draft_mark),
    )
    try:
        with icons_kept_in(settings.icon_cache):
            part = render_face_part(faces, ctx, settings.charset, settings.font_roles)
    finally:
        forget_files()  # a worker draws many parts: holding every picture it read would cost it 100s of MB
    starts = (0, *part.finding_ends)
    by_face = {face.key: ctx.findings[starts[i] : starts[i + 1]] for i, face in enumerate(faces)}
    return _Drawn(own_fonts(part.pdf), part.forms, by_face, part.past_charset)


def _write_cache(cache: Cache, key: str, drawn: _Drawn) -> None:
    findings = {face: [f.as_dict() for f in found] for face, found in drawn.findings.items() if found}
    cache.put(key, drawn.pdf, {"forms": drawn.forms, "findings": findings, "past_charset": drawn.past_charset})


def _read_cache(cache: Cache, key: str, faces: Sequence[str]) -> _Drawn | None:
    """A cached part, or None when the entry is missing or does not verify: then it is drawn again.
    `faces`: the faces it must hold exactly (none: any, as the face index found it)."""
    entry = cache.get(key)
    if entry is None:
        return None
    data, extra = entry
    try:
        findings = {str(face): [Finding.from_dict(item) for item in items] for face, items in extra["findings"].items()}
        forms = {str(face): int(number) for face, number in extra["forms"].items()}
        past_charset = extra["past_charset"]
        parsed = parse(data)
    except (TypeError, KeyError, ValueError, AttributeError):
        return None
    if not isinstance(past_charset, bool) or not set(findings) <= set(forms):
        return None
    if (faces and sorted(forms) != sorted(faces)) or not set(forms.values()) <= set(parsed.objects):
        return None
    return _Drawn(data, forms, findings, past_charset, parsed)


def _read_index(cache: Cache, key: str) -> dict[str, str]:
    """Which part the last build took each face from (face and art -> part key); {} when unreadable."""
    stored = cache.get_json(key)
    where = stored.get("where") if isinstance(stored, dict) else None
    if not isinstance(where, dict):
        return {}
    return {k: v for k, v in where.items() if isinstance(k, str) and isinstance(v, str)}


def _write_index(cache: Cache, key: str, before: Mapping[str, str], now: Mapping[str, str]) -> None:
    if dict(now) != dict(before):
        cache.put_json(key, {"where": now}, sort_keys=True)
