"""Evaluating a template for one card face: jinja2 in a sandbox, lengths to points."""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field, replace
from functools import cache, cached_property, lru_cache
from typing import Annotated, Any

import jinja2
import tomli  # as pnp.assets.fonts: the parser the pack's files are read with
from pydantic import TypeAdapter
from reportlab.lib.colors import HexColor

from pnp.errors import Finding, error
from pnp.i18n import N_, _
from pnp.layout import budget, recall
from pnp.layout.expressions import MAX_TEXT, compile_expression, render_expression, undefined_name, unsafe_name
from pnp.layout.schema import ELEMENT_MODELS, Element
from pnp.layout.syntax import syntax_message
from pnp.layout.templates import Template
from pnp.limits import MAX_TEXT_POINTS
from pnp.model import Card, Deck, Face, PackData
from pnp.paths import FONTS_DIR
from pnp.units import Size, UnitError, parse_length

LENGTH_FIELDS = ("x", "y", "width", "height", "x2", "y2", "radius", "stroke_width", "gap", "padding")
NUMBER_FIELDS = ("size", "min_size", "max_lines", "leading", "opacity", "rotation")
BOOL_FIELDS = ("bleed", "hyphenate")


@dataclass(frozen=True)
class LaidOutElement:
    """An element with every value final: lengths in points, origin top-left of the trim box."""

    name: str
    kind: str
    props: tuple[tuple[str, Any], ...]

    def get(self, key: str, default: Any = None) -> Any:
        return self._values.get(key, default)

    @cached_property
    def _values(self) -> dict[str, Any]:
        return dict(self.props)

    @cached_property
    def shown(self) -> str:
        """Its repr, written out (the dataclass's own costs more) and kept: a face's key is made of
        its elements' reprs, and an element recalled for many cards is shown once."""
        return f"LaidOutElement(name={self.name!r}, kind={self.kind!r}, props={self.props!r})"

    @cached_property
    def typed(self) -> Element:
        """Its fields typed, each with its one default (pnp.layout.schema.Element)."""
        model = ELEMENT_MODELS.get(self.kind, Element)
        return model.model_validate({**self._values, "name": self.name, "kind": self.kind})

    def field(self, name: str) -> Any:
        """One field of `typed`, without typing the whole element: every field has its default and
        its own converter, so one field typed alone is the same value (a rebuild reads a few fields
        of thousands of faces taken from the cache, and typing each whole is most of its time)."""
        if "typed" in self.__dict__:
            return getattr(self.typed, name)
        model = ELEMENT_MODELS.get(self.kind, Element)
        if name not in self._values:
            return model.model_fields[name].get_default(call_default_factory=True)
        return _field_type(model, name).validate_python(self._values[name])


@cache
def _field_type(model: type[Element], name: str) -> TypeAdapter[Any]:
    """The type of one field, with its converter: what typing the whole element gives that field."""
    info = model.model_fields[name]
    kind: Any = Annotated[(info.annotation, *info.metadata)] if info.metadata else info.annotation
    return TypeAdapter(kind)


@dataclass(frozen=True)
class FaceLayout:
    """One face to draw; equal faces share a key and are drawn once."""

    key: str
    size: Size
    template: str
    card: str | None
    elements: tuple[LaidOutElement, ...]
    language: str
    # where the card is written, so drawing problems point at the card, not only the layout
    card_file: str | None = field(default=None, compare=False)
    card_line: int | None = field(default=None, compare=False)


KEEP_WHOLE = "pnp_keep_whole"  # the context's key for the pack's word list, never hyphenated

BUDGET_HINT = N_(
    "a layout computes a few values for each card: loop over its icons or words, not over long made-up strings"
)


def keyword_word(pack: PackData, keyword_id: str, language: str) -> str:
    """A keyword as a card in `language` prints it: its glossary entry for that language (an entry
    without `lang` is the pack's first target language's), else the original's word, never another
    translation's (a Catalan card printed the Spanish keyword); `load/keyword-untranslated` says so."""
    entries = [k for k in pack.glossary.keyword if k.id == keyword_id]
    if not entries:
        return keyword_id
    first_target = next(iter(pack.pack.target_languages), None)
    if language != pack.pack.source_language:
        for entry in entries:
            if (entry.lang or first_target) == language:
                return entry.target
    return entries[0].source


def card_context(pack: PackData, deck: Deck, card: Card, face: Face | None, language: str) -> dict[str, Any]:
    """The record a template sees: text already in the build's language (source as fallback)."""
    source = pack.pack.source_language

    def pick(localized: dict[str, str]) -> str:
        return localized.get(language) or localized.get(source) or ""

    card_type = next((t for t in pack.pack.card_type if t.id == card.type), None)
    shown = face or card
    art = shown.art if face else card.art
    keywords = []
    for keyword in card.keywords:
        name, _, value = keyword.rpartition(" ") if keyword.rsplit(" ", 1)[-1].isdigit() else (keyword, "", "")
        keywords.append(f"{keyword_word(pack, name, language)} {value}".strip())
    return {
        "card": {
            "id": card.id,
            "type": card.type,
            "type_name": pick(card_type.name) if card_type else card.type,
            "count": card.count,
            "title": pick(shown.title),
            "subtitle": pick(card.subtitle) if face is None else "",
            "text": pick(shown.text),
            "flavour": pick(shown.flavour),
            # printed values belong to the front; a back face carries only its own texts and art
            "cost": card.cost if face is None else None,
            "legality": card.legality if face is None else None,
            "skills": dict(card.skills) if face is None else {},
            "keywords": keywords if face is None else [],
            "stats": dict(card.stats) if face is None else {},
            "art": art,
            "scan": card.scan if face is None else None,  # the original front: a B side has none
            "side": "back" if face else "front",
            "source_share": 0.0,  # bilingual builds: the room the original needs (pnp.layout.bilingual)
        },
        "deck": deck_context(pack, deck, language),
        "pack": {"id": pack.pack.id, "name": pick(pack.pack.name)},
        "lang": language,
        KEEP_WHOLE: tuple(pack.pack.words),
    }


def deck_context(pack: PackData, deck: Deck, language: str) -> dict[str, Any]:
    source = pack.pack.source_language
    return {
        "id": deck.id,
        "name": deck.name.get(language) or deck.name.get(source, ""),
        "label": deck.back.label.get(language) or deck.back.label.get(source, ""),
        "color": deck.back.color or "#444444",
        "image": deck.back.image,
    }


def layout_card(
    template: Template, size: Size, context: dict[str, Any], where: tuple[str, int | None] | None = None
) -> tuple[FaceLayout | None, list[Finding]]:
    face, findings = _layout(template, size, context, context["card"]["id"])
    if face is not None and where is not None:
        face = replace(face, card_file=where[0], card_line=where[1])
    return face, findings


def layout_back(template: Template, size: Size, context: dict[str, Any]) -> tuple[FaceLayout | None, list[Finding]]:
    return _layout(template, size, context, None)


def _layout(
    template: Template, size: Size, context: dict[str, Any], card_id: str | None
) -> tuple[FaceLayout | None, list[Finding]]:
    findings: list[Finding] = []
    scale_x = size.width / template.design_size.width
    scale_y = size.height / template.design_size.height
    elements = []
    with budget.face_budget():
        for raw in template.elements:
            element, problems = _evaluate_once(template, raw, context, card_id, (scale_x, scale_y), size)
            findings += problems
            if problems and any(f.code == "layout/too-large" for f in problems):
                break  # the face's budget is spent: the element that spent it is the one to name
            if element is not None and element.kind == "panels":
                elements += [_kept_whole(e, context.get(KEEP_WHOLE, ())) for e in _panels(element, context)]
            elif element is not None:
                elements.append(_kept_whole(element, context.get(KEEP_WHOLE, ())))
    if findings:
        return None, findings
    # the repr of (size, layout, language, elements), written out: the dataclasses' own repr costs
    # a tenth of laying out a face, and the key must stay what it was (caches and PDFs name faces by it)
    listed = f"[{', '.join(e.shown for e in elements)}]"
    described = f"({size!r}, {template.name!r}, {context.get('lang')!r}, {listed})"
    digest = hashlib.sha256(described.encode()).hexdigest()[:16]
    return FaceLayout(digest, size, template.name, card_id, tuple(elements), str(context.get("lang"))), []


def _kept_whole(element: LaidOutElement, words: tuple[str, ...]) -> LaidOutElement:
    """A text element with the pack's listed words it holds as `keep`: drawing never hyphenates them
    ("tripulante" listed lowercase stays whole as "Meridian" does). Only the words the text holds,
    so a face without them keeps its key."""
    if element.kind != "text" or not words:
        return element
    text = str(element.get("text", "")).casefold()
    found = tuple(sorted({w for w, folded in _casefolded(words) if folded in text}))
    if not found:
        return element
    return replace(element, props=(*element.props, ("keep", found)))


@lru_cache(maxsize=16)  # one word list per pack, asked of every text element of every face
def _casefolded(words: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    return tuple((word, word.casefold()) for word in words)


def _panels(element: LaidOutElement, context: dict[str, Any]) -> list[LaidOutElement]:
    """A `panels` element as the panels of the card's text regions, each a rounded-rect and its text."""
    from pnp.layout.panels import panel_elements

    values = element.typed
    return [
        LaidOutElement(name, kind, tuple(sorted(props.items())))
        for panel in context["card"].get("panels", ())
        for name, kind, props in panel_elements(panel, values)
    ]


@lru_cache(maxsize=4096)
def _length(text: str) -> float:
    return parse_length(text)


def _available(context: dict[str, Any]) -> str:
    names = [
        f"{key}.{sub}" if isinstance(value, dict) else key
        for key, value in sorted(context.items())
        if key != KEEP_WHOLE  # pnp's own, for drawing: no layout reads it
        for sub in (sorted(value) if isinstance(value, dict) else [None])
    ]
    return _("this layout can use: ") + ", ".join(names)


# id(raw element) -> (the element, {(scale, card size): laid out}, or None when it has expressions): an
# element with no expression lays out the same on every card; the element is kept with its entry, so
# that its id is not reused
_STATIC: dict[int, tuple[dict[str, Any], dict[tuple[object, ...], LaidOutElement | None] | None]] = {}


def _evaluate_once(
    template: Template,
    raw: dict[str, Any],
    context: dict[str, Any],
    card_id: str | None,
    scale: tuple[float, float],
    card_size: Size,
) -> tuple[LaidOutElement | None, list[Finding]]:
    """_evaluate, once per size for an element with no expression (a frame, a band, a fixed label)."""
    entry = _STATIC.get(id(raw))
    if entry is None:
        if len(_STATIC) > 4096:
            return _evaluate(template, raw, context, card_id, scale, card_size)
        static = not any(isinstance(v, str) and ("{{" in v or "{%" in v) for v in raw.values())
        entry = _STATIC[id(raw)] = (raw, {} if static else None)
    done = entry[1]
    if done is None:
        return _recalled(template, raw, context, card_id, scale, card_size)
    key = (scale, card_size)
    if key in done:
        return done[key], []
    element, problems = _evaluate(template, raw, context, card_id, scale, card_size)
    if not problems:  # findings name the card: a problem is found again on each
        done[key] = element
    return element, problems


@dataclass
class _Recall:
    """An element's layouts by what its expressions read of the card (pnp.layout.recall): a
    band that only asks whether the card has art is laid out twice, not once per card."""

    raw: dict[str, Any]  # kept with the entry, so that its id is not reused
    reads: tuple[recall.Read, ...] | None  # None: the element is laid out on every card
    # (scale, card size, reading) -> the element, None when `when` left it out, and the steps it took
    done: dict[tuple[object, ...], tuple[LaidOutElement | None, int]] = field(default_factory=dict)
    asked: int = 0
    found: int = 0


_RECALLS: dict[int, _Recall] = {}
_RECALLED_AT_MOST = 1024  # layouts kept for one element: a large pack's titles are not worth keeping
# elements with their layouts kept: the workbench reads its layouts again after each edit, and the
# elements of layouts it no longer uses are forgotten when there are this many
_RECALLING_AT_MOST = 1024


def _recall(raw: dict[str, Any]) -> _Recall:
    entry = _RECALLS.get(id(raw))
    if entry is None:
        sources = [v for v in raw.values() if isinstance(v, str) and ("{{" in v or "{%" in v)]
        found = [recall.reads(source) for source in sources]
        specs = None if any(f is None for f in found) else tuple(dict.fromkeys(r for f in found if f for r in f))
        entry = _Recall(raw, specs)
        if len(_RECALLS) >= _RECALLING_AT_MOST:
            _RECALLS.clear()
        _RECALLS[id(raw)] = entry
    return entry


def _recalled(
    template: Template,
    raw: dict[str, Any],
    context: dict[str, Any],
    card_id: str | None,
    scale: tuple[float, float],
    card_size: Size,
) -> tuple[LaidOutElement | None, list[Finding]]:
    """_evaluate, or the element an earlier card that read the same of its context was given.
    A recalled element takes the budget steps it took when laid out; an element that found a
    problem is not kept (its findings name the card), and one whose cards all differ stops being
    looked up."""
    entry = _recall(raw)
    if entry.reads is None or (entry.asked >= 256 and entry.found * 8 < entry.asked):
        return _evaluate(template, raw, context, card_id, scale, card_size)
    try:
        key = (scale, card_size, recall.reading(entry.reads, context))
    except recall.NotPlain:
        return _evaluate(template, raw, context, card_id, scale, card_size)
    entry.asked += 1
    kept = entry.done.get(key)
    if kept is not None and budget.take_steps(kept[1]):
        entry.found += 1
        return kept[0], []
    before = budget.steps_taken()
    element, problems = _evaluate(template, raw, context, card_id, scale, card_size)
    if not problems and len(entry.done) < _RECALLED_AT_MOST:
        entry.done[key] = (element, budget.steps_taken() - before)
    return element, problems


def _evaluate(
    template: Template,
    raw: dict[str, Any],
    context: dict[str, Any],
    card_id: str | None,
    scale: tuple[float, float],
    card_size: Size,
) -> tuple[LaidOutElement | None, list[Finding]]:
    name = str(raw.get("name", "?"))

    def fail(
        message: str, key: str, hint: str | None = None, code: str = "layout/template"
    ) -> tuple[None, list[Finding]]:
        file, line = template.where(name, key.split(".")[0])
        return None, [
            error(
                code,
                file,
                _('element "{name}": {message}').format(name=name, message=message),
                line=line,
                card=card_id,
                field=f"element.{name}.{key}",
                hint=hint,
            )
        ]

    values: dict[str, Any] = {}
    for key, value in raw.items():
        if isinstance(value, str) and ("{{" in value or "{%" in value):
            try:
                value = render_expression(compile_expression(value), context, "{%" in value)
            except jinja2.UndefinedError as exc:
                return fail(_("undefined value: {name}").format(name=undefined_name(exc)), key, _available(context))
            except jinja2.TemplateSyntaxError as exc:
                return fail(syntax_message(exc), key)
            except jinja2.exceptions.SecurityError as exc:
                return fail(_("not allowed in a template: {name}").format(name=unsafe_name(exc)), key)
            except budget.OverBudget as exc:
                return fail(str(exc), key, _(BUDGET_HINT), code="layout/too-large")
            except RecursionError:
                return fail(_("the expression calls itself without end"), key, code="layout/too-large")
            except ZeroDivisionError:
                return fail(_("the expression divides by zero for this card"), key)
            except Exception:  # a filter given the wrong kind of value, say: Python's English would not help
                return fail(_("the expression cannot be worked out for this card: is a text used as a number?"), key)
            if len(value) > MAX_TEXT:
                return fail(
                    _("the expression made {n_value} characters; at most {MAX_TEXT}").format(
                        n_value=len(value), MAX_TEXT=MAX_TEXT
                    ),
                    key,
                )
        values[key] = value
    when = values.pop("when", True)
    if isinstance(when, str):
        when = when.strip().lower() not in ("", "false", "none", "0", "no")
    if not when:
        return None, []
    props: dict[str, Any] = {}
    sx, sy = scale
    for key, value in values.items():
        if key in ("name", "kind", "overlaps"):  # overlaps is read from the layout by pnp.layout.arrangement
            continue
        if key in LENGTH_FIELDS:
            try:
                length = _length(str(value))
            except UnitError as exc:
                return fail(str(exc), key)
            factor = sx if key in ("x", "width", "x2") else sy if key in ("y", "height", "y2") else min(sx, sy)
            props[key] = round(length * factor, 4)
        elif key in NUMBER_FIELDS:
            try:
                number = float(value)
            except (TypeError, ValueError):
                return fail(_("expected a number, got {value!r}").format(value=value), key)
            if not math.isfinite(number) or number < 0 or (key in ("size", "min_size", "leading") and number == 0):
                return fail(_("expected a number above zero, got {value!r}").format(value=value), key)
            if key in ("size", "min_size") and number > MAX_TEXT_POINTS:
                message = _("a text size is at most {most:g} pt, got {value!r}")
                return fail(message.format(most=MAX_TEXT_POINTS, value=value), key, code="layout/too-large")
            if key == "opacity" and number > 1:
                return fail(
                    _("opacity is from 0 to 1, got {value!r}").format(value=value), key, _("0.5 is half see-through")
                )
            props[key] = number * (min(sx, sy) if key in ("size", "min_size") else 1)
        elif key in BOOL_FIELDS:
            props[key] = value if isinstance(value, bool) else str(value).lower() == "true"
        else:
            props[key] = value
    problem = _geometry_problem(props, card_size, values)
    if problem is not None:
        key, message, hint = problem
        return fail(message, key, hint)
    kind = str(raw.get("kind"))
    for field_name, message, value_hint in _value_problems(kind, props):
        return fail(message, field_name, value_hint)
    return LaidOutElement(name, kind, tuple(sorted(props.items()))), []


CHOICES = {
    "align": ("left", "center", "right", "justify"),
    "valign": ("top", "middle", "bottom"),
    "fit": ("cover", "contain"),
    "edge": ("mirror", "stretch"),
}
COLOUR_FIELDS = ("fill", "stroke", "color")


@lru_cache(maxsize=1024)
def _is_colour(value: object) -> bool:
    """What the renderer can draw (ReportLab's HexColor): the same test, so check and build agree."""
    try:
        HexColor(value)
    except (ValueError, TypeError):
        return False
    return isinstance(value, str)


@lru_cache(maxsize=1)
def font_roles() -> tuple[str, ...]:
    """The font roles a layout may name: the sections of the bundled fonts.toml."""
    return tuple(sorted(tomli.loads((FONTS_DIR / "fonts.toml").read_text(encoding="utf-8"))))


def _value_problems(kind: str, props: dict[str, Any]) -> list[tuple[str, str, str | None]]:
    """Values the renderer could only ignore or report late: found here, so check and build see them."""
    problems: list[tuple[str, str, str | None]] = []
    for key, choices in CHOICES.items():
        if key in props and props[key] not in choices:
            problems.append(
                (
                    key,
                    _("{key} {value!r} is not one of {choices}").format(
                        key=key, value=props[key], choices=", ".join(choices)
                    ),
                    None,
                )
            )
    for key in COLOUR_FIELDS:
        value = props.get(key)
        if value not in (None, "", "none") and not _is_colour(value):
            problems.append(
                (
                    key,
                    _("{key} {value!r} is not a colour").format(key=key, value=value),
                    _('write colours as "#rrggbb"'),
                )
            )
    if kind == "text" and "font" in props and props["font"] not in font_roles():
        problems.append(
            (
                "font",
                _("unknown font role {value!r}").format(value=props["font"]),
                _("roles: {roles}").format(roles=", ".join(font_roles())),
            )
        )
    if kind == "symbol" and not props.get("shape"):
        problems.append(("shape", _('a symbol needs the icon to draw: shape = "name"'), None))
    return problems


# an element may overhang the trim by this much (a hairline, rounding) before it is said to leave the card
_OVERHANG = 1.0 * 72 / 25.4


def _geometry_problem(
    props: dict[str, Any], card: Size, written: dict[str, Any] | None = None
) -> tuple[str, str, str] | None:
    """(field, message, hint) when an element cannot be drawn on the card: no size, or off the card.
    A length is said as the layout wrote it (`written`), not as points turned back into mm ("-3.50001mm")."""
    for key in ("width", "height"):
        if key in props and props[key] <= 0:
            return (
                key,
                _("{key} must be larger than zero, got {value}").format(
                    key=key, value=_as_written(written, key, props)
                ),
                _("give the box a size in mm"),
            )
    if props.get("bleed") or not all(k in props for k in ("x", "y", "width", "height")):
        return None
    x, y, width, height = props["x"], props["y"], props["width"], props["height"]
    if x < -_OVERHANG or y < -_OVERHANG or x + width > card.width + _OVERHANG or y + height > card.height + _OVERHANG:
        return (
            "x",
            _(
                "the box ({x}, {y}) to ({right}, {top}) mm leaves the card of {width} x {height} mm: "
                "what is outside would be cut off"
            ).format(
                x=_mm(x),
                y=_mm(y),
                right=_mm(x + width),
                top=_mm(y + height),
                width=_mm(card.width),
                height=_mm(card.height),
            ),
            _("move or shrink the element to fit inside design_size, or set bleed = true for art meant to overhang"),
        )
    return None


def _as_written(written: dict[str, Any] | None, key: str, props: dict[str, Any]) -> str:
    if written and isinstance(written.get(key), str):
        return str(written[key]).strip()
    return _mm(props[key]) + "mm"


def _mm(points: float) -> str:
    return f"{points / 72 * 25.4:.1f}".removesuffix(".0")
