"""What pnp accepts as art: a PNG or JPEG it can read, of at most 50 megapixels.

Both the loader (so `pnp check` reports bad art at its card and field) and the
renderer (the last line of defence) ask here, so they can never disagree.
"""

from __future__ import annotations

import re
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from pnp.i18n import _

MAX_IMAGE_PIXELS = 50_000_000  # 50 MP: a tarot card at 600 dpi needs under 5 MP


def image_problem(path: Path) -> str | None:
    """Why the file cannot be used as art, or None.  Reads the header and checks the
    data's integrity without decoding the pixels (a decompression bomb stays harmless)."""
    try:
        with Image.open(path) as probe:
            width, height = probe.size
            if width * height > MAX_IMAGE_PIXELS:
                return too_large(f"{width} x {height} px ({width * height / 1e6:.0f} MP)")
            probe.verify()
    except FileNotFoundError:
        return _("the image {name} does not exist").format(name=path.name)
    except Image.DecompressionBombError as exc:  # Pillow refuses before reading: say it in our words
        pixels = re.search(r"\((\d+) pixels\)", str(exc))
        return too_large(f"{int(pixels.group(1)) / 1e6:.0f} MP" if pixels else _("too many pixels"))
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        return _("the image {name} cannot be read ({name2}): is it a whole PNG or JPEG?").format(
            name=path.name, name2=type(exc).__name__
        )
    return None


def too_large(size: str) -> str:
    return _("the image is {size}; the limit is {value} MP").format(size=size, value=MAX_IMAGE_PIXELS // 1000000)
