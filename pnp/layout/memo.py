"""Faces laid out by an earlier build, kept under what made them: a rebuild evaluates only new faces.

Laying out a face runs every jinja2 expression of its template over the
card's context: for a large deck that is seconds.  The result depends on the
template, the card size and the context alone, so each face is kept in one
cache entry per pack, language and deck file, under a digest of those three.
Faces with findings are never kept: they are laid out again, so their findings
are reported again.  An entry holds the faces of the last build only; a
rebuild after editing one card writes again only the entry of that card's
deck, and reads each entry once, when its first card is laid out.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from pathlib import Path
from typing import Any

from pnp.cache import Cache, CacheKind
from pnp.errors import Finding
from pnp.layout.faces import FaceLayout, LaidOutElement, layout_card
from pnp.layout.templates import Template
from pnp.paths import TEMPLATES_DIR
from pnp.units import Size


def layout_memo(
    output: Path,
    read: bool,
    pack_root: Path,
    language: str,
    templates: Path = TEMPLATES_DIR,
    card_size: str | None = None,
    bilingual: bool = False,
) -> LayoutMemo:
    """The faces the last build (or check) with these options laid out, kept in <output>/.cache/layout.

    `pnp check` lays out as a default build does, so the two share their faces."""
    cache = Cache.open(output, CacheKind.LAYOUT, read)
    return LayoutMemo(cache, (str(pack_root), language, str(templates), card_size, bilingual))


# An entry: {"shapes": [...], "faces": {digest: [key, width, height, template, card, language, shape, values]}}.
# A shape is the faces' element names, kinds and property names, [[name, kind, [prop, ...]], ...]: the
# cards of a deck share a few, so an entry holds each once, and a face only its values, in order.  It
# reads in half the time of whole records, and its faces are made with no loop over their properties.
Shape = tuple[tuple[str, str, tuple[str, ...]], ...]
Record = tuple[Shape, list[Any], list[Any]]  # the shape, [key, width, height, template, card, language], values


class LayoutMemo:
    def __init__(self, cache: Cache, scope: tuple[object, ...]) -> None:
        self._cache = cache
        self.cache = cache  # for what the layout keeps beside the faces (pnp.layout.icons)
        self._scope = scope
        self._stored: dict[str, dict[str, Record]] = {}  # deck file -> its entry: digest -> face
        self._used: dict[str, dict[str, Record]] = {}
        self._templates: dict[int, str] = {}
        self.laid_out = 0  # faces evaluated now, not taken from the cache

    def card(
        self, template: Template, size: Size, context: dict[str, Any], where: tuple[str, int | None]
    ) -> tuple[FaceLayout | None, list[Finding]]:
        """layout_card, or the face it gave for the same template, size and context."""
        digest = hashlib.sha256(repr((self._template(template), size, context)).encode()).hexdigest()
        deck = where[0]
        if deck not in self._stored:
            self._stored[deck] = _entry(self._cache.get_json(self._key(deck)))
            self._used[deck] = {}
        stored = self._stored[deck].get(digest)
        if stored is not None:
            face = _face(stored, where)
            if face is not None:
                self._used[deck][digest] = stored
                return face, []
        self.laid_out += 1
        face, findings = layout_card(template, size, context, where)
        if face is not None and not findings:
            self._used[deck][digest] = _record(face)
        return face, findings

    def save(self) -> None:
        """Each deck's entry whose faces changed; the others are left as they are.  A digest says
        everything that makes its face: the same digests, the same faces."""
        for deck, used in self._used.items():
            if used.keys() != self._stored[deck].keys():
                with contextlib.suppress(OSError):  # the cache only saves time
                    self._cache.put(self._key(deck), json.dumps(_written(used), ensure_ascii=False).encode())

    def _key(self, deck: str) -> str:
        return self._cache.key("layout-shapes", self._scope, deck)

    def _template(self, template: Template) -> str:
        if id(template) not in self._templates:
            self._templates[id(template)] = hashlib.sha256(repr(template).encode()).hexdigest()
        return self._templates[id(template)]


def _record(face: FaceLayout) -> Record:
    shape = tuple((e.name, e.kind, tuple(k for k, _ in e.props)) for e in face.elements)
    values = [_plain(v) if type(v) is tuple else v for e in face.elements for _, v in e.props]
    head = [face.key, face.size.width, face.size.height, face.template, face.card, face.language]
    return shape, head, values


def _written(faces: dict[str, Record]) -> dict[str, Any]:
    shapes: dict[Shape, int] = {}
    written = {}
    for digest, (shape, head, values) in faces.items():
        written[digest] = [*head, shapes.setdefault(shape, len(shapes)), values]
    return {"shapes": [[[n, k, list(props)] for n, k, props in shape] for shape in shapes], "faces": written}


def _entry(stored: dict[str, Any]) -> dict[str, Record]:
    """An entry as written by _written, or {} when it is not one (every face is then laid out)."""
    try:
        shapes: list[Shape] = [tuple((n, k, tuple(props)) for n, k, props in shape) for shape in stored["shapes"]]
        return {digest: (shapes[face[6]], face[:6], face[7]) for digest, face in stored["faces"].items()}
    except (KeyError, TypeError, ValueError, IndexError):
        return {}


def _face(record: Record, where: tuple[str, int | None]) -> FaceLayout | None:
    try:
        shape, (key, width, height, template, card, language), values = record
        elements = []
        at = 0
        for name, kind, props in shape:
            chunk = values[at : at + len(props)]
            at += len(props)
            if list in map(type, chunk):  # a list is a tuple as written; every other value is kept as read
                chunk = [_frozen(v) if type(v) is list else v for v in chunk]
            elements.append(LaidOutElement(name, kind, tuple(zip(props, chunk, strict=True))))
        if at != len(values):
            return None
        return FaceLayout(
            key, Size(width, height), template, card, tuple(elements), language, card_file=where[0], card_line=where[1]
        )
    except (TypeError, ValueError):
        return None


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def _frozen(value: Any) -> Any:
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value
