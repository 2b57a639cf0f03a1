"""Draws the stand-in "scans" of this example pack: cards as a scanner would give them,
at 300 dpi, with their English text where pack.toml's regions say.  No real art: bands,
boxes and simple shapes, and the pack's own fonts.

    python examples/scans/draw_scans.py

The drawn PNGs are committed (art/scans/), so the example builds as it is; this script
is how they were made, and how to make them again after changing a region.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

HERE = Path(__file__).resolve().parent
FONTS = HERE.parent.parent / "fonts"
DPI = 300
CARD_MM = (63.5, 88.9)


def px(value_mm: float) -> int:
    return round(value_mm / 25.4 * DPI)


def font(name: str, size_pt: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / name), round(size_pt / 72 * DPI))


def box(draw: ImageDraw.ImageDraw, x: float, y: float, w: float, h: float, fill: str, radius: float = 0) -> None:
    draw.rounded_rectangle((px(x), px(y), px(x + w) - 1, px(y + h) - 1), radius=px(radius), fill=fill)


CARDS = {
    "lantern": {
        "title": "Storm Lantern",
        "text": "Draw 1 card. Your crew ignores the first Storm this turn.",
        "flavour": "It has never gone out.",
        "sky": "#6f9fb8",
        "shape": "lantern",
    },
    "rope": {
        "title": "Rope",
        "text": "Move 1 crew member to an adjacent island.",
        "flavour": "Fifty feet, give or take.",
        "sky": "#8fb873",
        "shape": "rope",
    },
    "compass": {
        "title": "Old Compass",
        "text": "Look at the top 3 cards of the Sea deck and put them back in any order. "
        "This printing has its rules lower and longer, and no flavour text.",
        "flavour": "",
        "sky": "#c9a46a",
        "shape": "compass",
        "rules_y": 55,
    },
}


def draw_card(card_id: str, card: dict[str, str | float]) -> Image.Image:
    image = Image.new("RGB", (px(CARD_MM[0]), px(CARD_MM[1])), "#3b3b3b")
    draw = ImageDraw.Draw(image)
    box(draw, 2, 2, 59.5, 84.9, "#d8cfb8", 2)  # the card's face inside its dark border
    box(draw, 3, 3, 57.5, 11, "#27466e", 1)  # the title band
    draw.text(
        (px(31.75), px(8.5)), str(card["title"]), font=font("RobotoCondensed-Bold.ttf", 13), fill="#ffffff", anchor="mm"
    )
    box(draw, 5, 15, 53.5, 31, str(card["sky"]), 1)  # the art window: simple shapes
    centre = (px(31.75), px(30.5))
    if card["shape"] == "lantern":
        draw.rectangle(
            (centre[0] - px(6), centre[1] - px(9), centre[0] + px(6), centre[1] + px(9)),
            fill="#f5d547",
            outline="#3b3b3b",
            width=px(0.8),
        )
    elif card["shape"] == "rope":
        for turn in range(4):
            draw.ellipse(
                (centre[0] - px(12) + turn * px(4), centre[1] - px(6), centre[0] + turn * px(4), centre[1] + px(6)),
                outline="#8a5a2b",
                width=px(1.2),
            )
    else:
        draw.ellipse(
            (centre[0] - px(11), centre[1] - px(11), centre[0] + px(11), centre[1] + px(11)),
            fill="#f0ead8",
            outline="#3b3b3b",
            width=px(1),
        )
        draw.polygon(
            [
                (centre[0], centre[1] - px(9)),
                (centre[0] + px(2), centre[1]),
                (centre[0], centre[1] + px(9)),
                (centre[0] - px(2), centre[1]),
            ],
            fill="#b03030",
        )
    box(draw, 5, 47, 53.5, 5, "#1f1f1f")  # the type line
    draw.text((px(31.75), px(49.5)), "ITEM", font=font("RobotoCondensed-Bold.ttf", 8), fill="#ffffff", anchor="mm")
    box(draw, 5, 53, 53.5, 31, "#efe3c2", 1.5)  # the parchment text box
    rules_y = float(card.get("rules_y", 54.5))
    lines = textwrap.wrap(str(card["text"]), 34)
    body = font("OpenSans-Regular.ttf", 8.5)
    for number, line in enumerate(lines):
        draw.text((px(7), px(rules_y + 0.8) + number * px(3.8)), line, font=body, fill="#1a1a1a")
    if card["flavour"]:
        draw.text((px(7), px(76)), str(card["flavour"]), font=font("OpenSans-Italic.ttf", 7.5), fill="#5a4a2a")
    return image


def main() -> None:
    folder = HERE / "art" / "scans"
    folder.mkdir(parents=True, exist_ok=True)
    for card_id, card in CARDS.items():
        draw_card(card_id, card).save(folder / f"{card_id}.png", dpi=(DPI, DPI), optimize=True)
        print(folder / f"{card_id}.png")


if __name__ == "__main__":
    main()
