"""Icons drawn by pnp itself (no copied artwork), as small PNGs for inline text.

Drawn at 4x and downsampled for smooth edges; the bytes are deterministic.
"""

from __future__ import annotations

import base64
import io
import math
from collections.abc import Callable
from functools import cache

from PIL import Image, ImageDraw
from reportlab.lib.utils import ImageReader

SIZE = 96
SCALE = 4

Draw = Callable[[ImageDraw.ImageDraw, int], None]


def _drop(d: ImageDraw.ImageDraw, s: int) -> None:
    d.ellipse([s * 0.22, s * 0.38, s * 0.78, s * 0.94], fill="#e07b00")
    d.polygon([(s * 0.5, s * 0.04), (s * 0.24, s * 0.56), (s * 0.76, s * 0.56)], fill="#e07b00")


def _gear(d: ImageDraw.ImageDraw, s: int) -> None:
    c = s / 2
    for i in range(8):
        a = i * math.pi / 4
        d.line([(c, c), (c + math.cos(a) * s * 0.46, c + math.sin(a) * s * 0.46)], fill="#5a6470", width=int(s * 0.16))
    d.ellipse([s * 0.16, s * 0.16, s * 0.84, s * 0.84], fill="#5a6470")
    d.ellipse([s * 0.36, s * 0.36, s * 0.64, s * 0.64], fill=(0, 0, 0, 0))


def _box(color: str, cross: bool) -> Draw:
    def draw(d: ImageDraw.ImageDraw, s: int) -> None:
        d.rectangle([s * 0.1, s * 0.2, s * 0.9, s * 0.9], fill=color)
        d.rectangle([s * 0.1, s * 0.2, s * 0.9, s * 0.36], fill="#00000040")
        if cross:
            d.line([(s * 0.22, s * 0.44), (s * 0.78, s * 0.84)], fill="#ffffff", width=int(s * 0.08))
            d.line([(s * 0.78, s * 0.44), (s * 0.22, s * 0.84)], fill="#ffffff", width=int(s * 0.08))

    return draw


def _person(color: str) -> Draw:
    def draw(d: ImageDraw.ImageDraw, s: int) -> None:
        d.ellipse([s * 0.34, s * 0.06, s * 0.66, s * 0.38], fill=color)
        d.pieslice([s * 0.14, s * 0.44, s * 0.86, s * 1.3], 180, 360, fill=color)

    return draw


def _crosshair(d: ImageDraw.ImageDraw, s: int) -> None:
    w = int(s * 0.1)
    d.ellipse([s * 0.12, s * 0.12, s * 0.88, s * 0.88], outline="#b3261e", width=w)
    d.line([(s * 0.5, 0), (s * 0.5, s)], fill="#b3261e", width=w)
    d.line([(0, s * 0.5), (s, s * 0.5)], fill="#b3261e", width=w)


def _bolt(d: ImageDraw.ImageDraw, s: int) -> None:
    d.polygon(
        [
            (s * 0.58, 0),
            (s * 0.18, s * 0.58),
            (s * 0.46, s * 0.58),
            (s * 0.38, s),
            (s * 0.82, s * 0.4),
            (s * 0.54, s * 0.4),
        ],
        fill="#1f6fb2",
    )


def _bubble(d: ImageDraw.ImageDraw, s: int) -> None:
    d.rounded_rectangle([s * 0.06, s * 0.1, s * 0.94, s * 0.7], radius=s * 0.16, fill="#2e7d32")
    d.polygon([(s * 0.24, s * 0.66), (s * 0.2, s * 0.94), (s * 0.46, s * 0.68)], fill="#2e7d32")


def _alert(color: str) -> Draw:
    def draw(d: ImageDraw.ImageDraw, s: int) -> None:
        d.polygon([(s * 0.5, s * 0.04), (s * 0.96, s * 0.92), (s * 0.04, s * 0.92)], fill=color)
        d.rectangle([s * 0.45, s * 0.32, s * 0.55, s * 0.66], fill="#ffffff")
        d.rectangle([s * 0.45, s * 0.73, s * 0.55, s * 0.83], fill="#ffffff")

    return draw


def _sun(ink: str, core: str) -> Draw:
    def draw(d: ImageDraw.ImageDraw, s: int) -> None:
        c = s / 2
        for i in range(12):
            a = i * math.pi / 6
            d.line([(c, c), (c + math.cos(a) * s * 0.48, c + math.sin(a) * s * 0.48)], fill=ink, width=int(s * 0.07))
        d.ellipse([s * 0.22, s * 0.22, s * 0.78, s * 0.78], fill=ink)
        d.ellipse([s * 0.3, s * 0.3, s * 0.7, s * 0.7], fill=core)

    return draw


def _placeholder(d: ImageDraw.ImageDraw, s: int) -> None:
    d.ellipse([s * 0.1, s * 0.1, s * 0.9, s * 0.9], outline="#555555", width=int(s * 0.1))


ICONS: dict[str, Draw] = {
    "fuel": _drop,
    "parts": _gear,
    "cargo": _box("#8d6e3f", cross=False),
    "contraband": _box("#7b1f1f", cross=True),
    "passenger": _person("#1f4e79"),
    "fugitive": _person("#b3261e"),
    "fight": _crosshair,
    "tech": _bolt,
    "negotiate": _bubble,
    "reaver-alert": _alert("#b3261e"),
    "alliance-alert": _alert("#1f4e79"),
    "blue-sun": _sun("#1f4e79", "#f2f2f2"),
    "blue-sun-light": _sun("#f3ede0", "#00000000"),
}


@cache
def icon_png(name: str) -> bytes:
    """The icon as PNG bytes; an unknown name draws a neutral ring (the loader already reported it)."""
    big = SIZE * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    ICONS.get(name, _placeholder)(ImageDraw.Draw(image), big)
    small = image.resize((SIZE, SIZE), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    small.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


@cache
def icon_uri(name: str) -> str:
    """The icon as a data: URI, for ReportLab's inline <img> in paragraphs."""
    return "data:image/png;base64," + base64.b64encode(icon_png(name)).decode("ascii")


@cache
def icon_reader(name: str) -> ImageReader:
    """The icon for canvas.drawImage.  Drawn from its bytes, not a file name: ReportLab names
    an image by what it is given, and a temporary path would change the PDF's bytes."""
    return ImageReader(io.BytesIO(icon_png(name)))
