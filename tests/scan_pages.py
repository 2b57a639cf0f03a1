"""Synthetic scans for the `pnp scan` tests: a small pack, and pages of its cards drawn with Pillow.

Each card is a coloured face with a white panel inset FRAME_MM from its edge; the panel holds the
card's title and rules text in the regions pack.toml declares.  A test measures the panel's edges
on the images pnp writes, which needs nothing of pnp's own geometry.
"""

from __future__ import annotations

import math
import random
import textwrap
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from pnp.paths import FONTS_DIR

CARD_MM = (63.5, 88.9)  # poker
FRAME_MM = 3.048  # 0.12 in: whole pixels at 300, 400 and 600 dpi, so that the drawn frame is this wide
FONT = FONTS_DIR / "OpenSans-Regular.ttf"
BOLD = FONTS_DIR / "OpenSans-Bold.ttf"

# region id, field, x, y, width, height in mm on the card
REGIONS = [
    ("title", "title", 6.0, 6.0, 51.5, 9.0),
    ("rules", "text", 6.0, 40.0, 51.5, 40.0),
    ("flavour", "flavour", 6.0, 81.0, 51.5, 4.5),  # left blank on these cards
]

CARDS = {
    "spare-parts": ("Spare Parts", "Gain two parts and draw a card from the supply deck."),
    "fuel-cells": ("Fuel Cells", "Take three fuel tokens. Your ship may move one more sector this turn."),
    "old-charts": ("Old Charts", "Look at the top four cards of any nav deck and put them back in any order."),
    "long-haul": ("Long Haul", "When you deliver cargo far away, collect five hundred more credits."),
}
COLOURS = [(150, 40, 40), (40, 90, 150), (40, 120, 60), (120, 70, 140)]


def mm_px(value: float, dpi: float) -> int:
    return round(value / 25.4 * dpi)


def write_pack(root: Path, with_text: bool = False) -> Path:
    """A pack whose deck holds the four cards, their rules text empty for pnp scan to read; and a deck of
    mini cards holding one, "beacon"."""
    root.mkdir(parents=True, exist_ok=True)
    regions = "".join(
        f'\n[[card_type.region]]\nid = "{rid}"\nfield = "{field}"\n'
        f'x = "{x}mm"\ny = "{y}mm"\nwidth = "{w}mm"\nheight = "{h}mm"\n'
        for rid, field, x, y, w, h in REGIONS
    )
    (root / "pack.toml").write_text(
        'id = "scans"\nname.en = "Scans"\ngame = "A made-up game"\nsource_language = "en"\n'
        'target_languages = ["es"]\ntemplate_family = "generic"\n\n'
        '[[card_type]]\nid = "gear"\nname = { en = "Gear", es = "Equipo" }\n'
        + regions
        + '\n[[deck]]\nid = "supply"\nname = { en = "Supply", es = "Suministro" }\ncard_size = "poker"\n'
        'card_types = ["gear"]\n'
        '\n[[deck]]\nid = "beacons"\nname = { en = "Beacons" }\ncard_size = "mini-american"\ncard_types = ["gear"]\n',
        encoding="utf-8",
    )
    (root / "beacons.toml").write_text(
        '[[card]]\nid = "beacon"\ntype = "gear"\ntitle.en = "Beacon"\n', encoding="utf-8"
    )
    cards = []
    for card_id, (title, text) in CARDS.items():
        lines = [f'[[card]]\nid = "{card_id}"\ntype = "gear"\ntitle.en = "{title}"  # typed by hand']
        if with_text:
            lines.append(f'text.en = "{text}"')
        cards.append("\n".join(lines) + "\n")
    (root / "supply.toml").write_text("\n".join(cards), encoding="utf-8")
    return root


def draw_card(
    title: str,
    text: str,
    colour: tuple[int, int, int],
    dpi: float,
    size_mm: tuple[float, float] = CARD_MM,
    scribbled: bool = False,
) -> Image.Image:
    width, height = mm_px(size_mm[0], dpi), mm_px(size_mm[1], dpi)
    card = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(card)
    # rounded corners, as printed cards have them (3 mm is the common radius)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=mm_px(3.0, dpi), fill=colour)
    inset = mm_px(FRAME_MM, dpi)
    draw.rectangle((inset, inset, width - inset - 1, height - inset - 1), fill=(250, 250, 246))
    _, _, x, y, _w, _h = REGIONS[0]
    draw.text(
        (mm_px(x, dpi), mm_px(y, dpi)), title, font=ImageFont.truetype(str(BOLD), mm_px(5.5, dpi)), fill=(0, 0, 0)
    )
    _, _, x, y, _w, _h = REGIONS[1]
    font = ImageFont.truetype(str(FONT), mm_px(4.0, dpi))
    if scribbled:  # a rules box of strokes no one could read: a doodle, a stain, a torn-off sticker
        rng = random.Random(title)
        left, top = mm_px(x, dpi), mm_px(y, dpi)
        for _ in range(400):
            a, b = left + rng.randrange(mm_px(50, dpi)), top + rng.randrange(mm_px(38, dpi))
            draw.line((a, b, a + rng.randint(-12, 12), b + rng.randint(-12, 12)), fill=(30, 30, 30), width=2)
        text = ""
    wrapped = textwrap.wrap(text, width=22)
    for index, line in enumerate(wrapped):
        draw.text((mm_px(x, dpi), mm_px(y, dpi) + index * mm_px(6.0, dpi)), line, font=font, fill=(20, 20, 20))
    # art between the title and the rules: a few shapes, as cards have pictures
    draw.ellipse((mm_px(15, dpi), mm_px(18, dpi), mm_px(48, dpi), mm_px(37, dpi)), fill=tuple(c // 2 for c in colour))
    return card


def draw_page(
    path: Path,
    angles: list[float],
    dpi: float = 300,
    noise: float = 6.0,
    page_mm: tuple[float, float] = (210.0, 297.0),
    extras: bool = True,
    seed: int = 7,
    cards: dict[str, tuple[str, str]] = CARDS,
    save_dpi: bool = True,
    sizes: list[tuple[float, float]] | None = None,
    scribbled: tuple[int, ...] = (),
) -> None:
    """An A4 page with the cards in two rows, each turned by its angle (degrees, clockwise), with noise,
    dust and, when `extras`, a strip of tape and a coin that are not cards."""
    rng = random.Random(seed)
    page = Image.new("RGB", (mm_px(page_mm[0], dpi), mm_px(page_mm[1], dpi)), (246, 246, 243))
    slots = [(45, 60), (140, 60), (45, 180), (140, 180)]
    for index, ((title, text), angle) in enumerate(zip(cards.values(), angles, strict=False)):
        size = sizes[index] if sizes else CARD_MM
        card = draw_card(title, text, COLOURS[index % len(COLOURS)], dpi, size, index in scribbled)
        turned = card.rotate(-angle, resample=Image.BICUBIC, expand=True)  # PIL turns counter-clockwise
        cx, cy = slots[index]
        page.paste(turned, (mm_px(cx, dpi) - turned.width // 2, mm_px(cy, dpi) - turned.height // 2), turned)
    draw = ImageDraw.Draw(page)
    if extras:
        draw.rectangle((mm_px(20, dpi), mm_px(262, dpi), mm_px(80, dpi), mm_px(270, dpi)), fill=(200, 190, 120))
        draw.ellipse((mm_px(150, dpi), mm_px(255, dpi), mm_px(172, dpi), mm_px(277, dpi)), fill=(160, 150, 90))
    for _ in range(40):  # dust
        x, y = rng.randrange(page.width), rng.randrange(page.height)
        r = rng.choice([1, 1, 2, 3])
        draw.ellipse((x - r, y - r, x + r, y + r), fill=(90, 90, 90))
    pixels = np.asarray(page).astype(np.float32)
    pixels += np.random.default_rng(seed).normal(0, noise, pixels.shape).astype(np.float32)
    out = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    out.save(path, dpi=(dpi, dpi) if save_dpi else None, compress_level=1)


def panel_edges(image: Image.Image) -> dict[str, tuple[float, float]]:
    """For each side of the white panel, (mean distance from the image's edge in px, slope in degrees),
    measured row by row (or column by column) where the face's colour turns into the panel's white."""
    grey = np.asarray(image.convert("L")).astype(np.float64)
    height, width = grey.shape
    colour_level = float(np.median(grey[: max(2, height // 200), width // 3 : 2 * width // 3]))
    panel_level = 250.0
    middle = (panel_level + colour_level) / 2

    def crossing(profile: np.ndarray) -> float:
        above = np.nonzero(profile[3:] > middle)[0]  # past a sliver of paper the edge's antialiasing may leave
        i = int(above[0]) + 3
        a, b = profile[i - 1], profile[i]
        return i - 1 + (middle - a) / (b - a)

    def edge(lines: range, getter) -> tuple[float, float]:
        positions = [(n, crossing(getter(n))) for n in lines]
        ns = np.array([p[0] for p in positions], dtype=np.float64)
        xs = np.array([p[1] for p in positions], dtype=np.float64)
        slope, _intercept = np.polyfit(ns, xs, 1)
        return float(xs.mean()), math.degrees(math.atan(slope))

    rows = range(int(height * 0.2), int(height * 0.8), 3)
    cols = range(int(width * 0.2), int(width * 0.8), 3)
    return {
        "left": edge(rows, lambda r: grey[r, : width // 3]),
        "right": edge(rows, lambda r: grey[r, ::-1][: width // 3]),
        "top": edge(cols, lambda c: grey[: height // 4, c]),
        "bottom": edge(cols, lambda c: grey[::-1, c][: height // 4]),
    }
