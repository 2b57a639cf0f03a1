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


def check_periods(pack: PackData) -> list[Finding]:
    return against_english(pack, compare_periods, LANGUAGES)


def compare_periods(text: Text, original: Text) -> list[Finding]:
    if _ANY.search(original.raw) is None:
        return []  # most texts name no span
    for source, target in aligned(markup.plain_text(original.raw), markup.plain_text(text.raw)):
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
