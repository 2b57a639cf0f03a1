"""The verdicts of pnp's own icons, written down: the layout families' SVGs are usable.

Whether an SVG can be drawn is known only by reading it as the renderer does:
that imports svglib and ReportLab's graphics (which import all of platypus),
loads a font and draws it, about 0.15 s of every cold check whose family has
icons, when the family's icons are the same files in every pack.  So the
SHA-256 of each bundled SVG is listed (icon_verdicts.json, beside this module)
with the versions of the libraries that read and draw it: a file with those
bytes, read by those versions, is usable without being read.  A file not
listed, or other versions, is read as any other.

tests/test_icon_verdicts.py draws every bundled icon and checks that each is
listed; after an icon or a library changes, write the list again:

    python -m pnp.assets.icons
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from pnp.cache import installed_version
from pnp.paths import TEMPLATES_DIR

LISTED = Path(__file__).with_name("icon_verdicts.json")
READERS = ("reportlab", "svglib", "lxml")  # what reads and draws an SVG (pnp.assets.icons)


def known_usable(data: bytes) -> bool:
    """Whether these bytes are one of pnp's own SVGs, listed as usable by the readers installed."""
    return hashlib.sha256(data).hexdigest() in _usable()


@cache
def _usable() -> frozenset[str]:
    try:
        listed = json.loads(LISTED.read_text(encoding="utf-8"))
    except (OSError, ValueError):  # a broken install: every icon is read
        return frozenset()
    if not isinstance(listed, dict) or listed.get("readers") != _installed():
        return frozenset()
    return frozenset(digest for digest in listed.get("usable", ()) if isinstance(digest, str))


def _installed() -> dict[str, str]:
    return {name: installed_version(name) for name in READERS}


def bundled_svgs() -> list[Path]:
    """Every SVG of the layout families pnp ships."""
    return sorted(TEMPLATES_DIR.glob("*/icons/*.svg"))


def write(usable: list[bytes]) -> None:
    """List these SVGs, each read and drawn without fault by the libraries installed."""
    digests = sorted({hashlib.sha256(data).hexdigest() for data in usable})
    LISTED.write_text(json.dumps({"readers": _installed(), "usable": digests}, indent=1) + "\n", encoding="utf-8")
