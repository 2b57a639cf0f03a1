"""text/period: the time a rule lasts or repeats in stays the same span: a turn, a round, a phase, a game.

English originals against Spanish translations, sentence by sentence where both have as many
(text/consistency's pairing), else the whole text.  A sentence whose original names one or more of
these spans and whose translation names only others is a finding: "Once per turn" as "Una vez por
ronda", "until the end of the round" as "hasta el final del turno".  A sentence that names a span on
one side only is not judged ("on your turn" as "cuando te toque"), nor one whose translation keeps
any span of the original ("Turn it over at the end of the round" as "Dale la vuelta al final de la
ronda": "turn" there is a verb).  A game's own spans (a night, a season) are its glossary's.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from pnp import markup
from pnp.check.text.consistency import aligned
from pnp.check.text.fields import Text, against_english, quote
from pnp.check.text.patterns import lazy
from pnp.errors import Finding, Severity
from pnp.i18n import N_, _
from pnp.model import PackData

CODE = "text/period"
LANGUAGES = ("es",)

# span -> (English words, Spanish words); "game" is "partida" or "juego" ("retírala del juego")
_SPANS = {
    N_("turn"): (r"turns?", r"turnos?"),
    N_("round"): (r"rounds?", r"rondas?"),
    N_("phase"): (r"phases?", r"fases?"),
    N_("game"): (r"games?", r"partidas?|juegos?"),
}
# English phrases with a span's word in another sense: "in turn" is one after another, "turn over"
# turns a card, "a round token" is round in shape
_EN_ASIDE = (
    r"\b(?:in turn|turns? (?:\w+ )?(?:over|face|around|back|up|down|into|sideways|to face)"
    r"|turn(?:s|ed|ing)? (?:it|them|the|a|an|this|that|your)\b"
    r"|round (?:token|marker|base|tile|counter|hole)s?\b|all year round|round(?:ed)? (?:up|down)\b"
    r"|game (?:box|board|components?|designer)s?\b)"
)


@cache
def _compiled() -> tuple[re.Pattern[str], dict[str, tuple[re.Pattern[str], re.Pattern[str]]]]:
    spans = {
        name: (re.compile(rf"\b(?:{en})\b", re.IGNORECASE), re.compile(rf"(?<!\w)(?:{es})(?!\w)", re.IGNORECASE))
        for name, (en, es) in _SPANS.items()
    }
    return re.compile(_EN_ASIDE, re.IGNORECASE), spans


_ANY = lazy(r"turn|round|phase|game", re.IGNORECASE)


@lru_cache(maxsize=1 << 14)  # texts repeat their sentences
def spans_changed(source: str, target: str) -> tuple[str, str, str, str] | None:
    """(the original's span and word, the translation's span and word) when the translation names
    only spans the original does not."""
    aside, spans = _compiled()
    told = aside.sub(" ", source)
    said = {name: found for name, (en, _es) in spans.items() if (found := en.search(told))}
    written = {name: found for name, (_en, es) in spans.items() if (found := es.search(target))}
    if not said or not written or set(said) & set(written):
        return None
    theirs, ours = next(iter(said)), next(iter(written))
    return theirs, said[theirs].group(), ours, written[ours].group()


# How often: once every so many spans ("every two rounds", "cada dos rondas") against so many times in
# one ("twice per round", "dos veces por ronda"); "every two rounds" said as "dos veces por ronda" makes
# a card that works in every other round work twice in each
_EN_SPAN = r"(?:turns?|rounds?|phases?|games?|nights?|seasons?|days?|years?)"
_EN_INTERVAL = lazy(rf"\bevery (?:other|second|third|fourth|two|three|four|five|\d+) {_EN_SPAN}\b", re.IGNORECASE)
_EN_FREQUENCY = lazy(
    rf"\b(?:once|twice|thrice|(?:two|three|four|five|\d+) times) (?:per|a|an|each|every|in (?:a|each)) {_EN_SPAN}\b",
    re.IGNORECASE,
)
_ES_SPAN = r"(?:turnos?|rondas?|fases?|partidas?|noches?|estaci(?:ón|ones)|días?|años?)"
_ES_INTERVAL = lazy(
    rf"(?<!\w)(?:cada (?:dos|tres|cuatro|cinco|\d+|otr[oa]) {_ES_SPAN}"
    r"|(?:un|una) (?:turno|ronda|fase|noche|partida) sí y (?:otro|otra) no"
    r"|(?:turnos|días|años) alternos|(?:rondas|fases|noches|partidas) alternas)(?!\w)",
    re.IGNORECASE,
)
_ES_FREQUENCY = lazy(
    rf"(?<!\w)(?:una vez|(?:dos|tres|cuatro|cinco|\d+) veces) (?:por|cada|en cada|durante cada|al|a la) {_ES_SPAN}"
    r"(?!\w)",
    re.IGNORECASE,
)


# When against how long: "In two rounds, it moves" (once, two rounds from now) said as "Durante dos rondas"
# (all through them), and back: "for two rounds" as "dentro de dos rondas"
_EN_COUNT = r"(?:two|three|four|five|six|\d+)"
_EN_DELAY = lazy(rf"\b(?:in|after) {_EN_COUNT} (?:more )?{_EN_SPAN}\b(?! of\b)", re.IGNORECASE)
_EN_DURATION = lazy(
    rf"\b(?:for|during) (?:the next |the following )?{_EN_COUNT} {_EN_SPAN}|\b{_EN_COUNT} {_EN_SPAN} in a row\b",
    re.IGNORECASE,
)
_ES_COUNT = r"(?:dos|tres|cuatro|cinco|seis|\d+)"
_ES_DELAY = lazy(
    rf"(?<!\w)(?:dentro de|al cabo de|pasad[oa]s|tras|después de|en) {_ES_COUNT} {_ES_SPAN}(?!\w)", re.IGNORECASE
)
_ES_DURATION = lazy(
    rf"(?<!\w)(?:durante|por) (?:l[oa]s )?(?:(?:próxim[oa]s|siguientes) )?{_ES_COUNT} {_ES_SPAN}(?!\w)"
    rf"|(?<!\w){_ES_COUNT} {_ES_SPAN} (?:seguid[oa]s|consecutiv[oa]s)(?!\w)",
    re.IGNORECASE,
)


def when_changed(source: str, target: str) -> tuple[str, str, bool] | None:
    """(the original's words, the translation's, whether the original says when) when one says a time
    so many spans from now and the other how long it lasts."""
    for said_as, other_as, written_as, kept_as, delay in (
        (_EN_DELAY, _EN_DURATION, _ES_DURATION, _ES_DELAY, True),
        (_EN_DURATION, _EN_DELAY, _ES_DELAY, _ES_DURATION, False),
    ):
        said, written = said_as.search(source), written_as.search(target)
        if said and written and not other_as.search(source) and not kept_as.search(target):
            return said.group(), written.group(), delay
    return None


def how_often_changed(source: str, target: str) -> tuple[str, str, bool] | None:
    """(the original's words, the translation's, whether the original says an interval) when one says
    once every so many spans and the other so many times in one."""
    for said_as, other_as, written_as, kept_as, interval in (
        (_EN_INTERVAL, _EN_FREQUENCY, _ES_FREQUENCY, _ES_INTERVAL, True),
        (_EN_FREQUENCY, _EN_INTERVAL, _ES_INTERVAL, _ES_FREQUENCY, False),
    ):
        said, written = said_as.search(source), written_as.search(target)
        if said and written and not other_as.search(source) and not kept_as.search(target):
            return said.group(), written.group(), interval
    return None


def _how_often(text: Text, source: str, target: str) -> Finding | None:
    changed = how_often_changed(source, target)
    if changed is None:
        if (when := when_changed(source, target)) is None:
            return None
        said, written, delay = when
        at, lasting = _("a time so many spans from now"), _("how long it lasts")
        message = _('the original says "{said}" ({how}), but "{translation}" says "{written}" ({other})').format(
            said=said, how=at if delay else lasting, translation=quote(target, 60), written=written,
            other=lasting if delay else at,
        )  # fmt: skip
        hint = _('"in two rounds" is "dentro de dos rondas"; "for two rounds", "durante dos rondas"')
        return text.finding(Severity.WARNING, CODE, message, hint)
    said, written, interval = changed
    every, times = _("once every so many spans"), _("so many times in one span")
    message = _('the original says "{said}" ({how}), but "{translation}" says "{written}" ({other})').format(
        said=said, how=every if interval else times, translation=quote(target, 60), written=written,
        other=times if interval else every,
    )  # fmt: skip
    hint = _('say how often as the original does: "every two rounds" is "cada dos rondas", "twice per round" is '
             '"dos veces por ronda"')  # fmt: skip
    return text.finding(Severity.WARNING, CODE, message, hint)


# The seasons of the year, which a game's calendar names: "Until spring" as "Hasta el otoño" ends the
# card at another time.  Judged only where the translation names a season, and none the original does
_SEASONS = {
    "winter": (r"winters?|wintertime", r"inviernos?|invernal\w*"),
    "spring": (r"spring|springtime", r"primaveras?|primaveral\w*"),
    "summer": (r"summers?|summertime", r"veranos?|estival\w*|estío"),
    "autumn": (r"autumns?|autumnal", r"otoños?|otoñal\w*"),
}


@cache
def _seasons() -> dict[str, tuple[re.Pattern[str], re.Pattern[str]]]:
    return {
        name: (re.compile(rf"\b(?:{en})\b", re.IGNORECASE), re.compile(rf"(?<!\w)(?:{es})(?!\w)", re.IGNORECASE))
        for name, (en, es) in _SEASONS.items()
    }


_ANY_SEASON = lazy(r"winter|spring|summer|autumn", re.IGNORECASE)


def season_changed(source: str, target: str) -> tuple[str, str] | None:
    """(the original's season word, the translation's) when the translation names only seasons the
    original does not."""
    said = {name: found for name, (en, _es) in _seasons().items() if (found := en.search(source))}
    written = {name: found for name, (_en, es) in _seasons().items() if (found := es.search(target))}
    if not said or not written or set(said) & set(written):
        return None
    return next(iter(said.values())).group(), next(iter(written.values())).group()


def check_periods(pack: PackData) -> list[Finding]:
    return against_english(pack, compare_periods, LANGUAGES)


def compare_periods(text: Text, original: Text) -> list[Finding]:
    if _ANY_SEASON.search(original.raw):  # sentence by sentence: "From winter until spring"
        for source, target in aligned(markup.plain_text(original.raw), markup.plain_text(text.raw)):
            if (season := season_changed(source, target)) is not None:
                message = _('the original says "{said}", but the translation says "{written}": another season')
                hint = _("name the season the original names")
                return [text.finding(Severity.WARNING, CODE, message.format(said=season[0], written=season[1]), hint)]
    if _ANY.search(original.raw) is None:
        return []  # most texts name no span
    for source, target in aligned(markup.plain_text(original.raw), markup.plain_text(text.raw)):
        if (often := _how_often(text, source, target)) is not None:
            return [often]
        changed = spans_changed(source, target)
        if changed is None:
            continue
        span, said, other, written = changed
        message = _(
            'the original says "{said}" ({span}), but "{translation}" says "{written}" ({other}): another span of time'
        ).format(said=said, span=_(span), translation=quote(target, 60), written=written, other=_(other))
        hint = _('keep the span of "{original}" (turn: turno; round: ronda; phase: fase; game: partida)').format(
            original=quote(source, 60)
        )
        return [text.finding(Severity.WARNING, CODE, message, hint)]
    return []
