"""Print-shop profiles: files a print-on-demand shop takes as they are.

- mpc (MakePlayingCards): one PNG per face at 300 dpi with a 0.12 in bleed,
  the pixel size of their templates (a poker card is 822 x 1122 px), and the
  quantity of each image, which their uploader asks for.
- drivethru (DriveThruCards): one PDF per deck, each printed card a front page
  then a back page, 0.125 in bleed.  The shop prints the pages it is given and
  has no quantity per card, so a card with 3 copies is 3 pairs of pages.
- oneup: one face a page with the build's own bleed, for any other shop.

A shop prints only the sizes it sells.  Each profile lists its products; a
deck whose size is none of them (within FIT_TOLERANCE) is made at the nearest
product, the layout scaled, or kept at its own size with --fit exact; either
way a warning names the product and the scale.  Sizes: docs/exports.md.

pnp does not convert to CMYK, embed an output intent or check PDF/X: shops
that require those must convert the files; the colours are sRGB as drawn.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial

from pnp.export.canvas import new_canvas, set_print_boxes
from pnp.export.pdf import Form, place_forms
from pnp.impose.sheet import Slot
from pnp.layout import FaceLayout
from pnp.render.face import RenderContext, draw_face
from pnp.units import Size, mm

INCH = 72.0
FIT_TOLERANCE = mm(1)  # a card within 1 mm of a product on each side is that product (tarot 70 x 120 mm)


@dataclass(frozen=True)
class Product:
    """A card size a shop sells, portrait, in inches as the shops publish them."""

    name: str
    width_in: float
    height_in: float

    @property
    def size(self) -> Size:
        return Size(self.width_in * INCH, self.height_in * INCH)

    def describe(self) -> str:
        size = self.size
        return f"{self.name} ({self.width_in:g} x {self.height_in:g} in, {_mm(size.width)} x {_mm(size.height)} mm)"


@dataclass(frozen=True)
class Profile:
    name: str
    shop: str  # as users know it
    kind: str  # "png" or "pdf"
    bleed_in: float | None  # None: the build's own bleed
    products: tuple[Product, ...] = ()  # empty: any size
    dpi: int = 300


# The shops' card products, from their published specifications (docs/exports.md cites them).
MPC_PRODUCTS = (
    Product("poker", 2.5, 3.5),
    Product("bridge", 2.25, 3.5),
    Product("mini", 1.75, 2.5),
    Product("tarot", 2.75, 4.75),
    Product("square", 2.5, 2.5),
    Product("jumbo", 3.5, 5.75),
)
DRIVETHRU_PRODUCTS = (
    Product("poker", 2.5, 3.5),
    Product("mini", 1.625, 2.5),  # Fantasy Flight's "mini American", not MakePlayingCards' 1.75 in mini
    Product("tarot", 2.75, 4.75),
)

PROFILES = {
    "mpc": Profile("mpc", "MakePlayingCards", "png", 0.12, MPC_PRODUCTS),
    "drivethru": Profile("drivethru", "DriveThruCards", "pdf", 0.125, DRIVETHRU_PRODUCTS),
    "oneup": Profile("oneup", "a one-up PDF", "pdf", None),
}


@dataclass(frozen=True)
class ShopFit:
    """How a deck's card size meets a shop's products."""

    size: Size  # the deck's own size
    product: Product | None  # the matching or nearest product; None when the shop takes any size
    sold: bool  # the shop sells this size (within FIT_TOLERANCE)

    def product_size(self) -> Size:
        """The product in the deck's orientation."""
        assert self.product is not None
        wanted = self.product.size
        return wanted.landscape() if self.size.width > self.size.height + 0.01 else wanted.portrait()

    def scale(self) -> tuple[float, float]:
        """Width and height ratios from the deck's size to the product's."""
        target = self.product_size()
        return target.width / self.size.width, target.height / self.size.height


def fit_to_shop(profile: Profile, size: Size) -> ShopFit:
    """The product this size is, or the nearest one (the smallest change of either side, as a ratio)."""
    if not profile.products:
        return ShopFit(size, None, True)
    portrait = size.portrait()

    def distance(product: Product) -> float:
        return max(
            abs(math.log(product.size.width / portrait.width)), abs(math.log(product.size.height / portrait.height))
        )

    nearest = min(profile.products, key=distance)
    sold = (
        abs(nearest.size.width - portrait.width) <= FIT_TOLERANCE
        and abs(nearest.size.height - portrait.height) <= FIT_TOLERANCE
    )
    return ShopFit(size, nearest, sold)


def size_text(size: Size) -> str:
    """'41 x 63 mm', the way findings name a card size."""
    return f"{_mm(size.width)} x {_mm(size.height)} mm"


def _mm(points: float) -> str:
    return f"{points / mm(1):.2f}".rstrip("0").rstrip(".")


def one_up_pdf(pages: Sequence[str], faces: Mapping[str, FaceLayout], ctx: RenderContext, title: str) -> bytes:
    """One page per key of pages, the page being the face with its bleed; TrimBox and BleedBox say which is which.

    Each face is drawn once, as a form, however many pages show it: a deck of 40 copies is not 40 drawings."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, title)
    b = ctx.bleed
    forms = {key: Form(face.size, b, partial(draw_face, face=face, ctx=ctx)) for key, face in faces.items()}
    defined: set[str] = set()
    for key in pages:
        size = faces[key].size
        canvas.setPageSize((size.width + 2 * b, size.height + 2 * b))
        set_print_boxes(canvas, size.width, size.height, b)
        place_forms(canvas, forms, defined, [key], [Slot(b, b, size.width, size.height, 0)])
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
