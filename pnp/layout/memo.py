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


class LayoutMemo:
    def __init__(self, cache: Cache, scope: tuple[object, ...]) -> None:
        self._cache = cache
        self.cache = cache  # for what the layout keeps beside the faces (pnp.layout.icons)
        self._scope = scope
        self._stored: dict[str, dict[str, Any]] = {}  # deck file -> its entry: digest -> face
        self._used: dict[str, dict[str, Any]] = {}
        self._templates: dict[int, str] = {}
        self.laid_out = 0  # faces evaluated now, not taken from the cache

    def card(
        self, template: Template, size: Size, context: dict[str, Any], where: tuple[str, int | None]
    ) -> tuple[FaceLayout | None, list[Finding]]:
        """layout_card, or the face it gave for the same template, size and context."""
        digest = hashlib.sha256(repr((self._template(template), size, context)).encode()).hexdigest()
        deck = where[0]
        if deck not in self._stored:
            self._stored[deck] = self._cache.get_json(self._key(deck))
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
        """Each deck's entry whose faces changed; the others are left as they are."""
        for deck, used in self._used.items():
            if used != self._stored[deck]:
                with contextlib.suppress(OSError):  # the cache only saves time
                    self._cache.put(self._key(deck), json.dumps(used, ensure_ascii=False).encode())

    def _key(self, deck: str) -> str:
        return self._cache.key("layout", self._scope, deck)

    def _template(self, template: Template) -> str:
        if id(template) not in self._templates:
            self._templates[id(template)] = hashlib.sha256(repr(template).encode()).hexdigest()
        return self._templates[id(template)]


def _record(face: FaceLayout) -> dict[str, Any]:
    return {
        "key": face.key,
        "size": [face.size.width, face.size.height],
        "template": face.template,
        "card": face.card,
        "language": face.language,
        "elements": [
            [e.name, e.kind, [[k, _plain(v) if type(v) is tuple else v] for k, v in e.props]] for e in face.elements
        ],
    }


def _face(record: Any, where: tuple[str, int | None]) -> FaceLayout | None:
    try:
        # a list is a tuple as written; every other value is kept as it is read (most are)
        elements = tuple(
            LaidOutElement(name, kind, tuple((k, _frozen(v) if type(v) is list else v) for k, v in props))
            for name, kind, props in record["elements"]
        )
        width, height = record["size"]
        return FaceLayout(
            record["key"],
            Size(width, height),
            record["template"],
            record["card"],
            elements,
            record["language"],
            card_file=where[0],
            card_line=where[1],
        )
    except (KeyError, TypeError, ValueError):
        return None


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def _frozen(value: Any) -> Any:
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value
