"""Reading a scanned page: any file a scanner or phone writes, within pnp's image limits, as RGB pixels."""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from PIL import Image, ImageOps

from pnp.errors import Finding, error, warning
from pnp.i18n import _
from pnp.images import read_image_info
from pnp.limits import MAX_ART_PIXELS
from pnp.paths import shown_path

# A scanned page: an A4 page at 600 dpi is 35 MP, within the limit on any one image a pack names.
MAX_SCAN_PIXELS = MAX_ART_PIXELS


@dataclass
class Page:
    path: Path
    pixels: np.ndarray  # height x width x 3, uint8 RGB
    dpi: float | None  # what the file says, when it says something believable
    findings: list[Finding] = field(default_factory=list)

    @property
    def shown(self) -> str:
        return shown_path(self.path)


def read_page(path: Path) -> tuple[Page | None, list[Finding]]:
    """The page's pixels, or why it cannot be read.  A CMYK JPEG and a transparent PNG are converted and
    said so; the size is checked from the header before any pixel is decoded."""
    shown = shown_path(path)
    info, problem = read_image_info(path, MAX_SCAN_PIXELS)
    if info is None:
        return None, [
            error(
                "scan/bad-image",
                shown,
                problem or _("the scan cannot be read"),
                hint=_("scan the page again as PNG or JPEG, at 300 to 600 dpi"),
            )
        ]
    findings: list[Finding] = []
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # read_image_info held the limit
            with Image.open(path) as image:
                image.load()
                dpi = _file_dpi(image)
                upright = ImageOps.exif_transpose(image)  # a phone's photo stands as it was taken
                rgb = _as_rgb(upright, shown, findings)
    except Exception as exc:  # a truncated or damaged file Pillow only finds out while decoding
        # Pillow's English and its exception's name say nothing to the person who scanned the page
        cut = "truncated" in str(exc).lower()
        return None, [
            error(
                "scan/bad-image",
                shown,
                _("the scan cannot be read: the file ends too soon, as if it was not copied whole")
                if cut
                else _("the scan cannot be read: the file is damaged, or is not the image its name says"),
                hint=_("copy the file again, or save the scan again as PNG or JPEG"),
            )
        ]
    return Page(path, np.asarray(rgb, dtype=np.uint8), dpi, findings), findings


def _file_dpi(image: Image.Image) -> float | None:
    """The resolution the file states; 72 and 96 are what programs write when they do not know."""
    value = image.info.get("dpi")
    try:
        dpi = float(value[0]) if value else None
    except (TypeError, ValueError, IndexError):
        return None
    if dpi is None or dpi in (72.0, 96.0) or not 100 <= dpi <= 4800:
        return None
    return dpi


def _as_rgb(image: Image.Image, shown: str, findings: list[Finding]) -> Image.Image:
    if image.mode == "CMYK":
        findings.append(
            warning(
                "scan/cmyk",
                shown,
                _("the scan is a CMYK image: it was converted to RGB, and its colours may shift a little"),
                hint=_("scan in colour (RGB) to keep the colours as scanned"),
            )
        )
        return image.convert("RGB")
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        alpha = np.asarray(rgba.getchannel("A"))
        if alpha.min() < 255:
            findings.append(
                warning(
                    "scan/transparent",
                    shown,
                    _("the scan has transparent parts: they are read as white paper"),
                    hint=_("save the scan without transparency (flatten it) if the cards lie there"),
                )
            )
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(white, rgba).convert("RGB")
    if image.mode in ("I;16", "I;16B", "I;16L", "I"):
        # 16-bit greyscale: Pillow's convert("L") clips rather than scales
        array = np.asarray(image, dtype=np.float64)
        top = max(float(array.max()), 1.0)
        return Image.fromarray((array / top * 255).astype(np.uint8), "L").convert("RGB")
    return image.convert("RGB")
