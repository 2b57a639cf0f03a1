"""Drawing a card's scan over its whole face, bleed included.

A scan is cut at the card's edge (pnp scan cuts it there), so it has no bleed of
its own: the bleed is made from its edge, mirrored (the card's border pattern
runs on, as a printer's bleed does) or stretched (the last row of pixels
repeated).  The layout stage says so once per pack (`scanned/bleed`).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageOps

from pnp.i18n import _
from pnp.images import image_problem

MAX_SCAN_DPI = 600  # a scan is drawn at most this sharp: more only makes the PDF larger


def scan_with_bleed(
    path: Path, width: float, height: float, bleed: float, edge: str
) -> tuple[Image.Image | None, str | None]:
    """The scan at the card's size (width x height points), with `bleed` points of its edge round it."""
    try:
        stamp = path.stat()
    except OSError:
        return None, _("the image {name} does not exist").format(name=path.name)
    return _with_bleed(str(path), stamp.st_size, stamp.st_mtime_ns, width, height, bleed, edge)


@lru_cache(maxsize=64)
def _with_bleed(
    path: str, _size: int, _mtime: int, width: float, height: float, bleed: float, edge: str
) -> tuple[Image.Image | None, str | None]:
    """The scan at the card's size (at most 600 dpi), with `bleed` points of made-up edge round it."""
    problem = image_problem(Path(path))
    if problem is not None:
        return None, problem
    try:
        with Image.open(path) as probe:
            image = probe.convert("RGB")
    except Exception:  # the reader's exception name (UnidentifiedImageError) tells a translator nothing
        return None, _("the image {name} cannot be read: is it a whole PNG or JPEG?").format(name=Path(path).name)
    most = (round(width / 72 * MAX_SCAN_DPI), round(height / 72 * MAX_SCAN_DPI))
    if image.width > most[0] or image.height > most[1]:
        image = image.resize(most, Image.Resampling.LANCZOS)
    if bleed <= 0:
        return image, None
    # the bleed in the scan's own pixels, from each side's own scale (the proportions were checked)
    pad_x = max(1, round(bleed / width * image.width))
    pad_y = max(1, round(bleed / height * image.height))
    return extend(image, pad_x, pad_y, edge), None


def extend(image: Image.Image, pad_x: int, pad_y: int, edge: str) -> Image.Image:
    """The image with pad_x pixels added left and right and pad_y top and bottom, from its edge."""
    w, h = image.size
    pad_x, pad_y = min(pad_x, w), min(pad_y, h)
    out = Image.new("RGB", (w + 2 * pad_x, h + 2 * pad_y))
    out.paste(image, (pad_x, pad_y))
    if edge == "stretch":
        strips = {
            "left": image.crop((0, 0, 1, h)).resize((pad_x, h)),
            "right": image.crop((w - 1, 0, w, h)).resize((pad_x, h)),
        }
        out.paste(strips["left"], (0, pad_y))
        out.paste(strips["right"], (w + pad_x, pad_y))
        wide = out.crop((0, pad_y, w + 2 * pad_x, pad_y + 1)).resize((w + 2 * pad_x, pad_y))
        out.paste(wide, (0, 0))
        low = out.crop((0, pad_y + h - 1, w + 2 * pad_x, pad_y + h)).resize((w + 2 * pad_x, pad_y))
        out.paste(low, (0, pad_y + h))
        return out
    out.paste(ImageOps.mirror(image.crop((0, 0, pad_x, h))), (0, pad_y))
    out.paste(ImageOps.mirror(image.crop((w - pad_x, 0, w, h))), (w + pad_x, pad_y))
    full_w = w + 2 * pad_x
    top = out.crop((0, pad_y, full_w, 2 * pad_y))
    out.paste(ImageOps.flip(top), (0, 0))
    bottom = out.crop((0, h, full_w, h + pad_y))
    out.paste(ImageOps.flip(bottom), (0, h + pad_y))
    return out
