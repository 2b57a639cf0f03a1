"""Drawing one FaceLayout on a canvas, with the trim box's bottom-left at (0, 0).

The caller wraps this in a PDF form, so a face is drawn once however many
copies are printed.  Problems (text that does not fit, a glyph a font lacks,
an image that cannot be used) come back as findings naming the element.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from pnp import markup
from pnp.assets.fonts import FontRegistry, plain_font
from pnp.errors import Finding, error, warning
from pnp.i18n import _, decimal, ngettext
from pnp.images import source_problem
from pnp.layout import FaceLayout, LaidOutElement
from pnp.layout.templates import IconFile
from pnp.render.icons import draw_icon
from pnp.render.missing_mark import KIND as MISSING_MARK
from pnp.render.missing_mark import draw_missing_mark
from pnp.render.text import FittedText, TextBox, fit_text
from pnp.render.typeset import draw_text

LEGIBLE = 6.0  # pt: text set smaller is a text/small warning
REFUSED = 5.0  # pt: text that needs less stops the build (text/small error), except in draft mode
DRAFT_LOWEST = 3.0  # pt: how far a draft shrinks text before it clips it
MM = 72 / 25.4


@dataclass
class RenderContext:
    fonts: FontRegistry
    pack_root: Path
    template_file: dict[str, str]  # template name -> file as shown, for findings
    bleed: float
    findings: list[Finding] = field(default_factory=list)
    draft: bool = False  # text under the floor is a warning, shrunk further, and printed
    sizes: dict[tuple[str, str], float] = field(default_factory=dict)  # (face key, element) -> size set
    icons: Mapping[str, IconFile] = field(default_factory=dict)  # name -> its drawing (pnp.layout.icons)
    glyphs: dict[tuple[str, object], list[tuple[str, list[str]]]] = field(default_factory=dict)  # _missing_glyphs

    def report(
        self,
        face: FaceLayout,
        element: LaidOutElement,
        message: str,
        hint: str | None = None,
        severity: str = "error",
        code: str = "render/element",
    ) -> None:
        make = error if severity == "error" else warning
        layout = self.template_file.get(face.template, face.template)
        if face.card_file is not None:  # point at the card; name the layout in the message
            file, line, text = (
                face.card_file,
                face.card_line,
                _('layout "{layout}" element "{element}": {message}').format(
                    layout=face.template, element=element.name, message=message
                ),
            )
        else:
            file, line, text = (
                layout,
                None,
                _('element "{element}": {message}').format(element=element.name, message=message),
            )
        self.findings.append(
            make(code, file, text, line=line, card=face.card, field=f"element.{element.name}", hint=hint)
        )


def draw_face(canvas: Canvas, face: FaceLayout, ctx: RenderContext) -> None:
    for element in face.elements:
        draw = _DRAW.get(element.kind)
        if draw is not None:
            canvas.saveState()
            draw(canvas, face, element, ctx)
            canvas.restoreState()


def _box(face: FaceLayout, element: LaidOutElement, bleed: float) -> tuple[float, float, float, float]:
    """x, y (bottom-left, PDF coordinates), width, height; `bleed = true` grows edges lying on the trim."""
    x = element.typed.x
    top = element.typed.y
    width = element.typed.width_on(face.size.width)
    height = element.typed.height_on(face.size.height)
    y = face.size.height - top - height
    if element.typed.bleed:
        left, bottom = x <= 0.01, y <= 0.01
        right, top_edge = x + width >= face.size.width - 0.01, y + height >= face.size.height - 0.01
        x, width = (x - bleed, width + bleed) if left else (x, width)
        width += bleed if right else 0
        y, height = (y - bleed, height + bleed) if bottom else (y, height)
        height += bleed if top_edge else 0
    return x, y, width, height


def _color(value: object) -> HexColor | None:
    if not isinstance(value, str) or not value or value == "none":
        return None
    try:
        return HexColor(value)
    except (ValueError, TypeError):
        return None


def _shape(canvas: Canvas, face: FaceLayout, element: LaidOutElement, ctx: RenderContext) -> None:
    x, y, width, height = _box(face, element, ctx.bleed)
    fill, stroke = _color(element.typed.fill), _color(element.typed.stroke)
    for key in ("fill", "stroke"):
        value = element.get(key)
        if value not in (None, "", "none") and _color(value) is None:
            ctx.report(
                face,
                element,
                _("{key} {value!r} is not a colour").format(key=key, value=value),
                _('write colours as "#rrggbb"'),
            )
    if fill:
        canvas.setFillColor(fill)
    if stroke:
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(element.typed.stroke_width)
    if (opacity := element.typed.opacity) is not None:  # 0 is see-through, not "unset"
        canvas.setFillAlpha(opacity)
    if element.kind == "rounded-rect":
        canvas.roundRect(x, y, width, height, element.typed.radius, stroke=bool(stroke), fill=bool(fill))
    else:
        canvas.rect(x, y, width, height, stroke=bool(stroke), fill=bool(fill))


def _line(canvas: Canvas, face: FaceLayout, element: LaidOutElement, ctx: RenderContext) -> None:
    h = face.size.height
    canvas.setStrokeColor(_color(element.typed.stroke) or HexColor("#000000"))
    canvas.setLineWidth(element.typed.stroke_width)
    canvas.line(element.typed.x, h - element.typed.y, element.typed.x2, h - element.typed.y2)


def _text(canvas: Canvas, face: FaceLayout, element: LaidOutElement, ctx: RenderContext) -> None:
    fitted = fit_element(face, element, ctx)
    if fitted is None:
        return
    x, y, width, height = _box(face, element, 0)
    if turn := element.typed.rotation % 360:
        # turned clockwise about the box's centre: 90 reads downwards, upright with the right edge on top
        canvas.translate(x + width / 2, y + height / 2)
        canvas.rotate(-turn)
        if turn in (90, 270):
            width, height = height, width
        x, y = -width / 2, -height / 2
    valign = element.typed.valign
    used = min(fitted.height, height)
    top = y + height if valign == "top" else y + used if valign == "bottom" else y + (height + used) / 2
    path = canvas.beginPath()
    path.rect(x - 1, y - 1, width + 2, height + 2)
    canvas.clipPath(path, stroke=0, fill=0)  # overflow was reported; never spill over the card
    draw_text(canvas, fitted, x, top, ctx.icons)


def fit_face(face: FaceLayout, ctx: RenderContext) -> None:
    """Fit every text of a face and report what drawing it would report, without drawing:
    `pnp check` runs this, the build runs the same fitting as it draws."""
    for element in face.elements:
        if element.kind == "text":
            fit_element(face, element, ctx)


def _quarter_turn(face: FaceLayout, element: LaidOutElement, ctx: RenderContext) -> float | None:
    """The element's rotation in degrees, or None (reported) when it is not a quarter turn."""
    rotation = element.typed.rotation % 360
    if rotation % 90:
        ctx.report(
            face,
            element,
            _("rotation {rotation:g} is not a quarter turn").format(rotation=rotation),
            _("write 0, 90, 180 or 270"),
        )
        return None
    return rotation


def fit_element(face: FaceLayout, element: LaidOutElement, ctx: RenderContext) -> FittedText | None:
    """The text of one element fitted to its box, with the findings about its glyphs and its size."""
    text = element.typed.text
    if not text.strip():
        return None
    role = ctx.fonts.role(element.typed.font)
    if role is None:
        ctx.report(
            face,
            element,
            _("unknown font role {value!r}").format(value=element.typed.font),
            _("roles: {roles}").format(roles=", ".join(sorted(ctx.fonts.roles))),
        )
        return None
    _check_glyphs(face, element, ctx, text, role)
    turn = _quarter_turn(face, element, ctx)
    if turn is None:
        return None
    _x, _y, width, height = _box(face, element, 0)
    if turn in (90, 270):  # the text runs along the box's height
        width, height = height, width
    size = element.typed.size
    floor = element.typed.floor(LEGIBLE)
    lowest = min(floor, DRAFT_LOWEST if ctx.draft else REFUSED)
    box = TextBox(
        text,
        role,
        width,
        height,
        size,
        lowest,
        leading=element.typed.leading,
        align=element.typed.align,
        color=element.typed.color,
        language=face.language,
        hyphenate=element.typed.hyphenate,
        max_lines=element.typed.max_lines,
        keep=tuple(element.get("keep", ())),  # the pack's listed words this text holds (layout.faces)
    )
    fitted = fit_text(box)
    ctx.sizes[(face.key, element.name)] = fitted.size
    _judge_size(face, element, ctx, box, fitted, floor)
    return fitted


def _judge_size(
    face: FaceLayout, element: LaidOutElement, ctx: RenderContext, box: TextBox, fitted: FittedText, floor: float
) -> None:
    """text/small: an error when the text needs less than REFUSED points (a warning in draft mode),
    a warning when it is set under the legibility floor, or a title under its layout's min_size."""
    refused = "warning" if ctx.draft else "error"
    lines = ngettext(" on {n} line", " on {n} lines", box.max_lines).format(n=box.max_lines) if box.max_lines else ""
    measured = fitted.measured
    word_too_wide = measured.word_too_wide(box.min_size, box.width)
    if not fitted.fits and measured.modelled and (word_too_wide or measured.overfull(box.min_size, box.width)):
        # the height is not what is wrong: say what is too wide, not how tall the text is
        word = measured.widest_word
        if word_too_wide:
            message = _('the word "{word}" is wider than its box, even at {min_size} pt ({width} mm in {box} mm)')
            hint = _("hyphenate it (a - where it may break), or give the element more room")
        else:
            message = _("the icons that open the text make a line wider than its box, even at {min_size} pt")
            hint = _("put a line break among the icons, or give the element more room")
        ctx.report(
            face,
            element,
            message.format(
                word=word if len(word) <= 40 else word[:39] + "…",
                min_size=decimal(box.min_size),
                width=decimal(measured.widest * box.min_size / MM),
                box=decimal(box.width / MM),
            ),
            hint,
            severity=refused,
            code="text/small",
        )
    elif not fitted.fits:
        ctx.report(
            face,
            element,
            _("the text does not fit{lines}, even at {min_size} pt ({text} mm of text in a {box} mm box)").format(
                lines=lines,
                min_size=decimal(box.min_size),
                text=decimal(fitted.height / MM),
                box=decimal(box.height / MM),
            ),
            _("shorten the text, or give the element more room"),
            severity=refused,
            code="text/small",
        )
    elif fitted.size < REFUSED - 1e-9:
        ctx.report(
            face,
            element,
            _("the text is set at {size} pt, under the {refused} pt a build accepts (draft only)").format(
                size=shown_size(fitted.size, REFUSED), refused=decimal(REFUSED)
            ),
            _("shorten the text, or give the element more room"),
            severity=refused,
            code="text/small",
        )
    elif fitted.size < LEGIBLE - 1e-9 or (box.max_lines and fitted.size < floor - 1e-9):
        # body text may shrink to the legibility floor; a title or label (max_lines) only to the
        # floor its layout states, as a title that shrinks further stops looking like a title
        under = (
            _("the {size} pt legibility floor").format(size=decimal(LEGIBLE))
            if fitted.size < LEGIBLE - 1e-9
            else _("its min_size {size} pt").format(size=decimal(floor, 2))
        )
        ctx.report(
            face,
            element,
            _("the text{lines} is set at {size} pt, under {under}").format(
                lines=lines,
                size=shown_size(fitted.size, LEGIBLE if fitted.size < LEGIBLE - 1e-9 else floor),
                under=under,
            ),
            _("shorten the text, or give the element more room"),
            severity="warning",
            code="text/small",
        )


def shown_size(size: float, limit: float) -> str:
    """A size as a person writes it ("5,5"), but never rounded across `limit` (5.96 is not 6)."""
    if (round(size, 1) < limit - 1e-9) == (size < limit - 1e-9):
        return decimal(size)
    return decimal(size, 2)


def _check_glyphs(face: FaceLayout, element: LaidOutElement, ctx: RenderContext, text: str, role) -> None:
    for font_name, missing in _missing_glyphs(ctx, text, role):
        shown = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing)
        ctx.report(
            face,
            element,
            _("the font {value} has no glyph for {shown}").format(value=font_name.removeprefix("pnp-"), shown=shown),
            _("use another character, or a font role that has it"),
            code="render/missing-glyph",
        )


def _missing_glyphs(ctx: RenderContext, text: str, role) -> list[tuple[str, list[str]]]:
    """(font, characters it lacks) for each span of the text that lacks some: once per text and role,
    as the same titles and labels recur on many cards."""
    key = (text, role)
    found = ctx.glyphs.get(key)
    if found is None:
        found = ctx.glyphs[key] = [
            (font_name, missing)
            for paragraph in markup.parse(text)
            for span in paragraph
            if not (span.icon or span.line_break)
            for font_name in [role.name(bold=span.bold, italic=span.italic)]
            if (missing := ctx.fonts.missing(font_name, span.text))
        ]
    return found


def _image(canvas: Canvas, face: FaceLayout, element: LaidOutElement, ctx: RenderContext) -> None:
    source = element.typed.source
    if not source:
        return
    problem = source_problem(ctx.pack_root, str(source))
    if problem is not None:  # found by the layout stage already; a file changed since is found here
        ctx.report(face, element, problem, code="render/image")
        return
    # the pictures' modules with the first picture drawn: fitting a face (pnp check) draws none
    from pnp.render.pictures import draw_image_once, prepared_image
    from pnp.render.png_stream import draw_png, png_stream

    path = (ctx.pack_root / str(source)).resolve()
    x, y, width, height = _box(face, element, ctx.bleed)
    picture, problem = prepared_image(str(path), round(width), round(height), element.typed.fit)
    if picture is None:
        ctx.report(face, element, problem or _("cannot use the image"), code="render/image")
        return
    path_clip = canvas.beginPath()
    path_clip.rect(x, y, width, height)
    canvas.clipPath(path_clip, stroke=0, fill=0)
    iw, ih = picture.size
    scale = max(width / iw, height / ih) if element.typed.fit == "cover" else min(width / iw, height / ih)
    dw, dh = iw * scale, ih * scale
    png = png_stream(path)  # a plain PNG at its own size goes in as its file holds it: nothing to compress
    if png is not None and (png.width, png.height) == picture.size:  # not downsampled
        return draw_png(canvas, png, x + (width - dw) / 2, y + (height - dh) / 2, dw, dh)
    key = (str(path), round(width), round(height), element.typed.fit)
    draw_image_once(canvas, key, picture, x + (width - dw) / 2, y + (height - dh) / 2, dw, dh)


def _scan(canvas: Canvas, face: FaceLayout, element: LaidOutElement, ctx: RenderContext) -> None:
    """The card's own scan over the whole face and into the bleed, made from its edge (pnp/render/scan.py)."""
    source = element.typed.source
    if not source:
        return
    problem = source_problem(ctx.pack_root, str(source))
    if problem is not None:  # the loader reported it at the card; a file changed since is found here
        ctx.report(face, element, problem, code="render/image")
        return
    from pnp.render.pictures import draw_image_once  # as in _image
    from pnp.render.scan import scan_with_bleed

    path = (ctx.pack_root / str(source)).resolve()
    width, height, bleed = face.size.width, face.size.height, ctx.bleed
    edge = element.typed.edge
    picture, problem = scan_with_bleed(path, width, height, bleed, edge)
    if picture is None:
        ctx.report(face, element, problem or _("cannot use the image"), code="render/image")
        return
    key = ("scan", str(path), path.stat().st_mtime_ns, round(width), round(height), round(bleed, 3), edge)
    draw_image_once(canvas, key, picture, -bleed, -bleed, width + 2 * bleed, height + 2 * bleed)


def _icons(canvas: Canvas, face: FaceLayout, element: LaidOutElement, ctx: RenderContext) -> None:
    names = element.typed.icons.replace("{", " ").replace("}", " ").split()
    x, y, width, height = _box(face, element, 0)
    gap = element.typed.gap_for(height)
    align = element.typed.align
    total = len(names) * height + max(0, len(names) - 1) * gap
    start = x if align == "left" else x + width - total if align == "right" else x + (width - total) / 2
    for index, name in enumerate(names):
        draw_icon(canvas, ctx.icons.get(name), start + index * (height + gap), y, height, height)


def _symbol(canvas: Canvas, face: FaceLayout, element: LaidOutElement, ctx: RenderContext) -> None:
    x, y, width, height = _box(face, element, 0)
    draw_icon(canvas, ctx.icons.get(element.typed.shape), x, y, width, height)


def _missing_mark(canvas: Canvas, face: FaceLayout, element: LaidOutElement, ctx: RenderContext) -> None:
    title, label = ctx.fonts.role("title"), ctx.fonts.role("label")
    fonts = (title.name() if title else plain_font(bold=True), label.name() if label else plain_font())
    draw_missing_mark(canvas, face, element, fonts)


_DRAW = {
    "rect": _shape,
    "rounded-rect": _shape,
    "line": _line,
    "text": _text,
    "image": _image,
    "icon-row": _icons,
    "symbol": _symbol,
    "scan": _scan,  # the card's own scan under its panels
    MISSING_MARK: _missing_mark,  # added after layout to placeholders: pnp/render/missing_mark.py
}
