"""text/comparison: "at least" stays a lower bound and "at most" an upper one in the translation.

English originals against Spanish translations, sentence by sentence where both have as many
(text/consistency's pairing), else the whole text.  Each side's comparisons are read as bounds:

- lower: "at least", "or more", "minimum", "no fewer/less than" (≥) and "more/greater than",
  "more … than" (>), against "al menos", "como mínimo", "por lo menos", "o más", "no menos de" (≥)
  and "más de", "más … que", "mayor que", "superior a" (>);
- upper: "at most", "up to N", "or fewer/less", "maximum", "no more than" (≤) and "fewer/less than",
  "fewer … than" (<), against "como máximo", "como mucho", "a lo sumo", "hasta N", "o menos",
  "no más de" (≤) and "menos de", "menos … que", "menor que", "inferior a" (<).

A "more than" denied ("cannot hold more than 2", "no caben más de 2") is an upper bound, a "fewer
than" denied a lower one.  A sentence whose original bounds only one way and whose translation bounds
only the other is a finding ("at least 3" as "como máximo 3", "fewer than 2" as "más de 2"); so is one bound each, on
the same number, one strict and one not ("at least 3" as "más de 3").  Rewordings that keep the
bound are clean: "at least 2" as "2 o más", "no more than 2" as "2 como máximo".  Not read:
"a menos que" (unless), "más o menos", "hasta que" and "hasta el final" (until), superlatives
("the most", "el que más tenga"), and a comparison said in other words ("only if you have 3" for
"at least 3").  A bound the translation drops altogether is not judged: "once per turn" is often
"at most once per turn" in other words.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from pnp import markup
from pnp.check.text.consistency import aligned
from pnp.check.text.fields import Text, against_english, quote
from pnp.check.text.forms import number_words
from pnp.check.text.patterns import lazy
from pnp.errors import Finding, Severity
from pnp.i18n import _
from pnp.model import PackData

CODE = "text/comparison"
LANGUAGES = ("es",)

GE, GT, LE, LT = "≥", ">", "≤", "<"
_LOWER, _UPPER = frozenset({GE, GT}), frozenset({LE, LT})
_COUNT = (
    r"(?:\d+|\ufffc|one|two|three|four|five|six|seven|eight|nine|ten|a|an"
    r"|uno|una|un|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez)"
)

# (pattern, bound), tried in order: each match is taken out of the text before the next pattern;
# compiled at the first text that has a comparison word (a check whose cards are all cached needs none)
_EN_DENIED = r"\b(?:no|not|never|nobody|none|cannot|\w+n't)(?: [^\s,;.:]+){0,3}?"
_ES_DENIED = r"(?<!\w)(?:no|nunca|jamás|ningún|ninguna|ninguno|nadie)(?: [^\s,;.:]+){1,4}?"
_EN = (
    (r"\bno (?:more|greater|higher) than\b", LE),
    (r"\bno (?:fewer|less|lower) than\b", GE),
    (r"\bat least\b|\bor (?:more|greater|higher|above)\b|\b(?:a )?minimum(?: of)?\b", GE),
    (r"\bat most\b|\bor (?:fewer|less|lower|below)\b|\b(?:a )?maximum(?: of)?\b", LE),
    (rf"\bup to {_COUNT}\b", LE),
    # "cannot hold more than 2": a "more than" denied is an upper bound, as "no caben más de 2" is
    (_EN_DENIED + r" (?:more|greater|higher)(?: \S+){0,3}? than\b", LE),
    (_EN_DENIED + r" (?:fewer|less|lower)(?: \S+){0,3}? than\b", GE),
    (r"\b(?:more|greater|higher)(?: \S+){0,3}? than\b", GT),
    (r"\b(?:fewer|less|lower)(?: \S+){0,3}? than\b", LT),
)
_ES = (
    (r"(?<!\w)(?:a menos que|más o menos|ni más ni menos|nada más|nadie más|una vez más)(?!\w)", None),
    (r"(?<!\w)no más (?:de|que)(?!\w)", LE),
    (r"(?<!\w)no menos (?:de|que)(?!\w)", GE),
    (_ES_DENIED + r" más(?: \S+){0,3}? (?:de|que)(?!\w)", LE),
    (_ES_DENIED + r" menos(?: \S+){0,3}? (?:de|que)(?!\w)", GE),
    (r"(?<!\w)(?:al menos|por lo menos|cuando menos|como mínimo|o más|(?:un )?mínimo de)(?!\w)", GE),
    (r"(?<!\w)(?:como máximo|como mucho|a lo sumo|o menos|(?:un )?máximo de)(?!\w)", LE),
    (rf"(?<!\w)hasta {_COUNT}(?!\w)", LE),
    (r"(?<!\w)(?:más(?: \S+){0,3}? (?:de|que)|mayor(?:es)? (?:de|que)|superior(?:es)? a)(?!\w)", GT),
    (r"(?<!\w)(?:menos(?: \S+){0,3}? (?:de|que)|menor(?:es)? (?:de|que)|inferior(?:es)? a)(?!\w)", LT),
)


@cache
def _compiled(english: bool) -> tuple[tuple[re.Pattern[str], str | None], ...]:
    return tuple((re.compile(pattern, re.IGNORECASE), bound) for pattern, bound in (_EN if english else _ES))


_ANY_EN = lazy(r"least|most|more|fewer|less|minimum|maximum|greater|higher|lower|up to", re.IGNORECASE)
_ANY_ES = lazy(r"menos|más|mínimo|máximo|mucho|sumo|mayor|menor|superior|inferior|hasta", re.IGNORECASE)
_NUMBER = lazy(r"\d+|\ufffc")


_AS_MANY_AS = lazy(r"(?<!\w)tant[oa]s? (?:\w+ )?como(?!\w)", re.IGNORECASE)


@lru_cache(maxsize=1 << 14)  # texts repeat their sentences
def bounds(unit: str, english: bool) -> tuple[tuple[str, str, str], ...]:
    """(bound, words, the number after them or "") of each comparison of one unit, in its order."""
    if (_ANY_EN if english else _ANY_ES).search(unit) is None:
        return ()
    found: list[tuple[int, str, str, str]] = []
    rest = unit
    for pattern, bound in _compiled(english):
        for match in pattern.finditer(rest):
            if bound is not None:
                number = _NUMBER.search(rest, match.end(), match.end() + 4) or _NUMBER.search(rest, 0, match.start())
                found.append((match.start(), bound, match.group(), number.group() if number else ""))
        rest = pattern.sub(lambda m: " " * len(m.group()), rest)
    return tuple((bound, words, number) for _at, bound, words, number in sorted(found))


def check_comparison(pack: PackData) -> list[Finding]:
    return against_english(pack, compare_bounds, LANGUAGES)


# Superlatives of how many: "the fewest cards" is "menos cartas", "the most cards" "más cartas".
# "lowest", "smallest" are left out: "the lowest value" is rightly "el valor más bajo".
_EN_FEWEST = lazy(r"\bfewest\b|\bleast\b(?= (?:of|number|amount)\b|\s*(?:[.,;:!?)]|$))", re.IGNORECASE)
_EN_MOST = lazy(r"\b(?:the|who has|with) most\b|\bmost (?:of|number)\b", re.IGNORECASE)
_EN_NOT_SUPERLATIVE = lazy(r"\b(?:at (?:the )?(?:least|most)|not least|most of all)\b", re.IGNORECASE)
_ES_FEW = lazy(r"(?<!\w)(?:menos|menor|menores|mínimo|mínima|mínimos|mínimas)(?!\w)", re.IGNORECASE)
_ES_MANY = lazy(r"(?<!\w)(?:más|mayor|mayores|máximo|máxima|máximos|máximas|mayoría)(?!\w)", re.IGNORECASE)
_ES_NOT_SUPERLATIVE = lazy(
    r"(?<!\w)(?:a menos que|al menos|por lo menos|cuando menos|más o menos|nada más|nadie más|una vez más|"
    r"ni más ni menos|no más|no menos|como mínimo|como máximo|además|demás"
    # "el que esté más lejos": how far or how soon, not how many
    r"|(?:más|menos) (?:lejos|cerca|tarde|pronto|arriba|abajo|adelante|atrás|alejad[oa]s?|cercan[oa]s?))(?!\w)",
    re.IGNORECASE,
)


def superlatives(source: str, target: str) -> tuple[str, str] | None:
    """(the original's superlative, the translation's word) when "fewest" became "más" or "most" "menos"."""
    source = _EN_NOT_SUPERLATIVE.sub(" ", source)
    fewest, most = _EN_FEWEST.search(source), _EN_MOST.search(source)
    if (fewest is None) == (most is None):
        return None  # none, or both: not judged
    target = _ES_NOT_SUPERLATIVE.sub(" ", target)
    few, many = _ES_FEW.search(target), _ES_MANY.search(target)
    if fewest is not None and many is not None and few is None:
        return fewest.group(), many.group()
    if most is not None and few is not None and many is None:
        return most.group(), few.group()
    return None


def compare_bounds(text: Text, original: Text) -> list[Finding]:
    findings: list[Finding] = []
    if "most" in original.raw or "fewest" in original.raw or "least" in original.raw:
        for source, target in aligned(markup.plain_text(original.raw), markup.plain_text(text.raw)):
            flipped = superlatives(source, target)
            if flipped is not None:
                message = _(
                    'the original says "{said}", but "{translation}" says "{written}": the most and the '
                    "fewest are swapped"
                ).format(said=flipped[0], translation=quote(target, 60), written=flipped[1])
                hint = _('"the fewest": "menos"; "the most": "más", as in "{original}"')
                findings.append(text.finding(Severity.WARNING, CODE, message, hint.format(original=quote(source, 60))))
    if "exactly" in original.raw.lower():
        findings += _exactly_bounded(text, original)
    if _ANY_EN.search(original.raw) is None:
        return findings  # most texts compare nothing
    if _UP_TO.search(original.raw) is not None or _AT_LEAST.search(original.raw) is not None:
        findings += _dropped_bounds(text, original)
    if _ANY_ES.search(text.raw) is None:
        return findings
    for source, target in aligned(markup.plain_text(original.raw), markup.plain_text(text.raw)):
        theirs, ours = bounds(source, True), bounds(target, False)
        if not theirs or not ours:
            continue
        kinds, our_kinds = {b for b, _w, _n in theirs}, {b for b, _w, _n in ours}
        turned = (kinds <= _LOWER and our_kinds <= _UPPER) or (kinds <= _UPPER and our_kinds <= _LOWER)
        # one bound each, strict on one side and not on the other: on the same figure ("at least 3" as
        # "más de 3"), or on none ("more favours than the player on your left" as "al menos tantos como")
        strictness = (
            len(theirs) == len(ours) == 1
            and not turned
            and theirs[0][0] != ours[0][0]
            and theirs[0][2] == ours[0][2]
            and (theirs[0][2] != "" or _AS_MANY_AS.search(target) is not None)
        )
        if not turned and not strictness:
            continue
        said = ", ".join(dict.fromkeys(w for _b, w, _n in theirs))
        written = ", ".join(dict.fromkeys(w for _b, w, _n in ours))
        if turned:
            message = _('the original says "{said}", but "{translation}" says "{written}": the bound is turned around')
        else:
            message = _(
                'the original says "{said}", but "{translation}" says "{written}": '
                "one counts the number itself, the other does not"
            )
        findings.append(
            text.finding(
                Severity.WARNING,
                CODE,
                message.format(said=said, translation=quote(target, 60), written=written),
                _(
                    'bound it as "{original}" does ("at least 3": "al menos 3", "3 o más"; '
                    '"at most 3": "como máximo 3", "hasta 3")'
                ).format(original=quote(source, 60)),
            )
        )
    return findings


# "Draw up to 2 cards" as "Roba 2 cartas": a choice of none to two became two, always; "If you have at
# least 3 coins" as "Si tienes 3 monedas": four coins no longer count
_EN_CARDINAL = r"\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty"
_UP_TO = lazy(rf"\bup to ({_EN_CARDINAL})\b", re.IGNORECASE)
_AT_LEAST = lazy(rf"\bat least ({_EN_CARDINAL})\b|\b({_EN_CARDINAL}) or more\b", re.IGNORECASE)
# a figure, or a Spanish cardinal word ("un", "una" are articles too: not counted)
_FIGURE = lazy(
    r"\d+(?:[.,]\d+)*|(?<!\w)(?:dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|quince|veinte)(?!\w)",
    re.IGNORECASE,
)


def _value(figure: str) -> str:
    """A figure as digits: "three" and "tres" are "3"."""
    words = number_words("en") | number_words("es")
    return str(words.get(figure.lower(), figure))


# Spanish ways to bound a figure that are no bound of `bounds`: "a partir de 3", "3 o superior"
_ES_BOUNDED = lazy(
    r"(?<!\w)(?:a partir de|cuando menos|mínimo|máximo)(?!\w)|(?<!\w)o (?:superior|mayor|inferior|menor)",
    re.IGNORECASE,
)


_EXACTLY = lazy(rf"\bexactly ({_EN_CARDINAL}|one)\b", re.IGNORECASE)
_ES_EXACTLY = lazy(r"(?<!\w)(?:exactamente|justo|justamente|ni más ni menos|exact[oa]s?)(?!\w)", re.IGNORECASE)


def _exactly_bounded(text: Text, original: Text) -> list[Finding]:
    """ "exactly 3" said with a bound ("3 o más", "al menos 3"): more now count, or fewer."""
    for source, target in aligned(markup.plain_text(original.raw), markup.plain_text(text.raw)):
        said = _EXACTLY.search(source)
        if said is None or _ES_EXACTLY.search(target) or bounds(source, True):
            continue
        ours = bounds(target, False)
        if not ours:
            continue
        message = _('the original says "{said}", but "{translation}" says "{written}": a bound, not exactly')
        return [
            text.finding(
                Severity.WARNING,
                CODE,
                message.format(said=said.group(), translation=quote(target, 60), written=ours[0][1]),
                _('say it exactly, as "{original}" does ("exactamente 3")').format(original=quote(source, 60)),
            )
        ]
    return []


_NEAR_BOUND = lazy(
    r"(?<!\w)(?:o más|o menos|como mínimo|como máximo|como mucho|al menos|por lo menos|a partir de|o superior"
    r"|o inferior|mínimo|máximo|hasta|o mayor|o menor|más de|menos de)(?!\w)",
    re.IGNORECASE,
)


def _bare(target: str, figure: str) -> bool:
    """Whether the figure stands in the sentence with no bound word within a few words of it."""
    at = re.search(rf"(?<![\w.,]){re.escape(figure)}(?![\w.,]?\d)", target)
    if at is None:
        return False
    return _NEAR_BOUND.search(target[max(0, at.start() - 25) : at.end() + 25]) is None


def _dropped_bounds(text: Text, original: Text) -> list[Finding]:
    """A sentence whose original bounds a figure with "up to" or "at least" and whose translation has
    that figure alone (no other figure, no bound, no "o", "entre" beside it), as an exact number."""
    findings = []
    for source, target in aligned(markup.plain_text(original.raw), markup.plain_text(text.raw)):
        up_to, at_least = _UP_TO.search(source), _AT_LEAST.search(source)
        bound = up_to or at_least
        if bound is None or len(bounds(source, True)) != 1 or bounds(target, False) or _ES_BOUNDED.search(target):
            continue
        figure = _value(next(group for group in bound.groups() if group is not None))
        figures = _FIGURE.findall(target)
        values = [_value(f) for f in figures]
        if values.count(figure) != 1 or (len(values) > 1 and not _bare(target, figures[values.index(figure)])):
            continue  # with other figures, only a figure with no bound word near it is judged
        if re.search(r"(?<!\w)(?:o|u|entre|ni)\s+" + re.escape(figures[values.index(figure)]), target, re.IGNORECASE):
            continue
        if up_to is not None:
            message = _(
                'the original says "{said}", but "{translation}" says "{written}" with no bound: exactly, not at most'
            )
            hint = _('bound it as "{original}" does ("up to 3": "hasta 3", "3 como máximo")')
        else:
            message = _(
                'the original says "{said}", but "{translation}" says "{written}" with no bound: exactly, not at least'
            )
            hint = _('bound it as "{original}" does ("at least 3": "al menos 3", "3 o más")')
        findings.append(
            text.finding(
                Severity.WARNING,
                CODE,
                message.format(
                    said=bound.group(), translation=quote(target, 60), written=figures[values.index(figure)]
                ),
                hint.format(original=quote(source, 60)),
            )
        )
    return findings
