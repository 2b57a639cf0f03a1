"""What makes a card's scan unfit to print under its panels: found when the card is laid out,
so `pnp check` reports what `pnp build` would print badly.

The loader has already refused a scan that is missing, outside the pack, not an image or
over the pixel limit (`load/bad-image`, at the card's `scan` field); this reads the rest
from the image's header: its colour mode, transparency, proportions and resolution, and
the regions as this card has them (inside the card, apart, nudges naming real regions).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PIL import Image

from pnp.errors import Finding, error, warning
from pnp.i18n import _
from pnp.images import image_problem
from pnp.layout.panels import PlacedRegion, card_regions
from pnp.model import Card, PackData
from pnp.units import Size, mm

PRINT_DPI = 300  # under this, at the card's size, a scan prints visibly soft
PROPORTION_TOLERANCE = 0.03  # a scan cut a little off the edge still fits; more is another shape
SIZE_TOLERANCE_MM = 2.0  # a scan whose file states its dpi may measure this far from the card
PRINTABLE_MODES = ("RGB", "L", "P", "RGBA", "LA", "1")  # what the renderer turns into RGB faithfully
TRANSPARENT_MODES = ("RGBA", "LA", "PA")


def scan_findings(pack: PackData, card: Card, card_size: Size, where: tuple[str, int | None]) -> list[Finding]:
    """The card's scan and its regions, judged against the card's size."""
    if card.scan is None:
        return []
    file, line = where
    findings = _region_findings(pack, card, card_size, file, line)
    path = (pack.root / card.scan).resolve()
    if not path.is_relative_to(pack.root.resolve()) or image_problem(path) is not None:
        return findings  # the loader reported it at the card's scan field
    try:
        with Image.open(path) as probe:
            mode, (width, height), dpi = probe.mode, probe.size, probe.info.get("dpi")
            transparent = _has_transparency(probe)
    except Exception:  # read once already by the loader; a file changed since is found by the build
        return findings

    def finding(make: Callable[..., Finding], code: str, message: str, hint: str) -> Finding:
        return make(code, file, message, line=line, card=card.id, field="scan", hint=hint)

    name = Path(card.scan).name
    if mode not in PRINTABLE_MODES:
        findings.append(
            finding(
                error,
                "scanned/colour-mode",
                _("the scan {name} is in {mode} colours, which pnp cannot print faithfully").format(
                    name=name, mode=mode
                ),
                _("save it again as an RGB PNG or JPEG (in your image editor: Image > Mode > RGB)"),
            )
        )
    if transparent:
        findings.append(
            finding(
                error,
                "scanned/transparent",
                _("the scan {name} has see-through pixels: they would print as blank paper").format(name=name),
                _("save it again without transparency (flatten it onto white), or scan it again with pnp scan"),
            )
        )
    card_w, card_h = card_size.width / mm(1), card_size.height / mm(1)
    ratio, card_ratio = width / height, card_w / card_h
    if abs(ratio / card_ratio - 1) > PROPORTION_TOLERANCE:
        findings.append(
            finding(
                error,
                "scanned/proportions",
                _(
                    "the scan {name} is {width} x {height} px, proportions {ratio:.2f}; the card is "
                    "{card_w:g} x {card_h:g} mm ({card_ratio:.2f}): it would be stretched, and the panels miss its text"
                ).format(
                    name=name,
                    width=width,
                    height=height,
                    ratio=ratio,
                    card_w=round(card_w, 1),
                    card_h=round(card_h, 1),
                    card_ratio=card_ratio,
                ),
                _("crop the scan to the card's edge (pnp scan does), or check the deck's card_size"),
            )
        )
        return findings
    if dpi and _positive(dpi):
        measured = (width / float(dpi[0]) * 25.4, height / float(dpi[1]) * 25.4)
        if abs(measured[0] - card_w) > SIZE_TOLERANCE_MM or abs(measured[1] - card_h) > SIZE_TOLERANCE_MM:
            findings.append(
                finding(
                    warning,
                    "scanned/size",
                    _(
                        "the scan {name} measures {w:.1f} x {h:.1f} mm at the {dpi:g} dpi its file states; "
                        "the card is {card_w:g} x {card_h:g} mm: is it a scan of this card?"
                    ).format(
                        name=name,
                        w=measured[0],
                        h=measured[1],
                        dpi=float(dpi[0]),
                        card_w=round(card_w, 1),
                        card_h=round(card_h, 1),
                    ),
                    _("it is printed at the card's size either way; check that the scan is of the right card"),
                )
            )
    resolution = min(width / (card_w / 25.4), height / (card_h / 25.4))
    if resolution < PRINT_DPI - 0.5:
        findings.append(
            finding(
                warning,
                "scanned/resolution",
                _(
                    "the scan {name} has {dpi:.0f} dpi at the card's size; print needs {PRINT_DPI}: it would print soft"
                ).format(name=name, dpi=resolution, PRINT_DPI=PRINT_DPI),
                _("scan the card again at 300 dpi or more (pnp scan saves at 300 dpi)"),
            )
        )
    return findings


def _positive(dpi: object) -> bool:
    try:
        return float(dpi[0]) > 1 and float(dpi[1]) > 1  # type: ignore[index]
    except (TypeError, ValueError, IndexError):
        return False


def _has_transparency(image: Image.Image) -> bool:
    """Whether any pixel is see-through: an alpha channel that is all opaque does no harm."""
    if image.mode == "P" and "transparency" in image.info:
        return True
    if image.mode not in TRANSPARENT_MODES:
        return False
    extrema = image.getchannel("A").getextrema()
    return isinstance(extrema[0], int | float) and extrema[0] < 255


def _region_findings(pack: PackData, card: Card, card_size: Size, file: str, line: int | None) -> list[Finding]:
    findings = []
    card_type = next((t for t in pack.pack.card_type if t.id == card.type), None)
    declared = [r.id for r in card_type.region] if card_type else []
    for name in card.nudge:
        if name not in declared:
            findings.append(
                error(
                    "scanned/region",
                    file,
                    _('nudge names the region "{region}", which card type "{type}" does not declare').format(
                        region=name, type=card.type
                    ),
                    line=line,
                    card=card.id,
                    field=f"nudge.{name}",
                    hint=_("regions of {type}: {names}").format(type=card.type, names=", ".join(declared) or "-"),
                )
            )
    if not declared:
        findings.append(
            warning(
                "scanned/region",
                file,
                _(
                    'card type "{type}" declares no text regions: the scan prints with its original text, uncovered'
                ).format(type=card.type),
                line=line,
                card=card.id,
                field="scan",
                hint=_("declare its regions in pack.toml as [[card_type.region]] (docs/pack-format.md)"),
            )
        )
    regions = card_regions(pack, card)
    card_w, card_h = card_size.width / mm(1), card_size.height / mm(1)
    for index, region in enumerate(regions):
        if region.width <= 0 or region.height <= 0 or not _inside(region, card_w, card_h):
            findings.append(
                error(
                    "scanned/region",
                    file,
                    _(
                        'the region "{region}" of this card, ({x:g}, {y:g}) to ({right:g}, {bottom:g}) mm, '
                        "leaves the card of {card_w:g} x {card_h:g} mm"
                    ).format(
                        region=region.id,
                        x=round(region.x, 2),
                        y=round(region.y, 2),
                        right=round(region.x + region.width, 2),
                        bottom=round(region.y + region.height, 2),
                        card_w=round(card_w, 2),
                        card_h=round(card_h, 2),
                    ),
                    line=line,
                    card=card.id,
                    field=f"nudge.{region.id}" if region.id in card.nudge else "type",
                    hint=_("measure the region on the card from its top-left corner, without bleed"),
                )
            )
        for other in regions[:index]:
            if _overlap(region, other):
                findings.append(
                    error(
                        "scanned/region",
                        file,
                        _('on this card the regions "{a}" and "{b}" overlap: a panel would cover the other').format(
                            a=other.id, b=region.id
                        ),
                        line=line,
                        card=card.id,
                        field=f"nudge.{region.id}" if region.id in card.nudge else f"nudge.{other.id}",
                        hint=_("nudge one of them apart"),
                    )
                )
    return findings


_EPSILON = 0.01  # mm: a region measured to the card's very edge is inside


def _inside(region: PlacedRegion, width: float, height: float) -> bool:
    return (
        region.x >= -_EPSILON
        and region.y >= -_EPSILON
        and region.x + region.width <= width + _EPSILON
        and region.y + region.height <= height + _EPSILON
    )


def _overlap(a: PlacedRegion, b: PlacedRegion) -> bool:
    return a.x < b.x + b.width and b.x < a.x + a.width and a.y < b.y + b.height and b.y < a.y + a.height
