"""text/condition and text/shortened: what a rule holds under, and how much of it is left.

text/condition: English originals against Spanish translations, sentence by sentence where both
have as many (text/consistency's pairing), else the whole text.  An original with a condition
("if", "unless", "provided", "as long as", "in case"; not "even if", "as if", nor "as long as you
can", which says how long) whose translation
has none ("si", "a menos que", "salvo que", "excepto si", "en caso de", "siempre que", "de ser así",
"en ese caso", "de hacerlo", "de lo contrario") lost it: "If you control a hive, gain 2" as "Gana
2".  A translation with "si" or "a menos que" whose original has no condition nor a word that may
become one ("when", "whenever", "once", "otherwise", "else", "whether", "may", "able") gained one,
when it is also 1.6 times as long as the original (Spanish runs about a fifth longer than
English, so the condition is words the original lacks): "Gain 1" as "Si es tu turno, gana 1".
A condition that only rewords the original ("unsaved text asks first" as "si hay texto sin
guardar, pregunta") is about as long, and no finding; an added condition in a long sentence is
not seen.  Not counted: "si quieres", "si lo deseas", "si puedes" (the
original's "you may" said another way), "como si", "si bien".  A condition said without these words
("Controlando una colmena, gana 2") is not seen, and nor is one changed for another.

text/shortened: a translation with less than 60 % of its original's letters (icons count as
four), where the original has at least 40: a sentence or clause is likely gone ("Discard a
seed and shuffle your discard pile into your deck" as "Descarta una semilla").  Spanish runs about
a fifth longer than English; a terse translation can be shorter ("lleva tilde" for "it takes its
accent"), rarely by this much.  It cannot see a
short clause dropped from a long text, nor tell which clause is missing.
"""

from __future__ import annotations

import re
from functools import lru_cache

from pnp import markup
from pnp.check.text.consistency import aligned
from pnp.check.text.fields import ICON, RULES_TEXT, Text, against_english, quote, texts
from pnp.check.text.patterns import lazy
from pnp.errors import Finding, Severity
from pnp.i18n import _
from pnp.model import PackData

CONDITION = "text/condition"
SHORTENED = "text/shortened"
LANGUAGES = ("es",)
RATIO = 0.6  # of the original's letters
LEAST = 40  # letters of the original, so that a short text's rewording is no finding
ADDED = 1.4  # Spanish runs about a fifth longer than English; a condition gained adds a clause more

# "as long as you can" and "as long as possible" measure how long, and hold under nothing
_EN_NOT = lazy(
    r"\b(?:even if|as if|if any|if able|if possible|as long as (?:possible|it takes|(?:you|they|we|he|she|it|"
    r"one|each player|a player|the player|players) (?:can|could|may|like|likes|want|wants|wish|wishes|need|needs)))\b",
    re.IGNORECASE,
)
_EN_CONDITION = lazy(r"\b(?:if|unless|provided|as long as|in case)\b", re.IGNORECASE)
_EN_MAYBE = lazy(
    r"\b(?:if|unless|provided|as long as|in case|when|whenever|once|otherwise|whether|may|able|wish|want|"
    r"instead|only|each time|every time|else)\b",
    re.IGNORECASE,
)
_ES_NOT = lazy(
    r"(?<!\w)(?:si (?:quieres|queréis|quiere|quieren|lo deseas|lo desea|lo deseáis|deseas|desea|puedes|puede|"
    r"podéis|pueden|es posible|lo hay|los hay|las hay)|como si|si bien)(?!\w)",
    re.IGNORECASE,
)
_ES_CONDITION = lazy(
    r"(?<!\w)(?:si|a menos que|a no ser que|salvo que|salvo si|excepto si|excepto que|en caso de|siempre que|"
    r"siempre y cuando|de ser así|en ese caso|en tal caso|de hacerlo|de lo contrario|solo si|"
    r"con tal de que|mientras|salvo|excepto|a no ser"
    # a relative of whoever does it: "if they do, they gain 1" as "quien lo haga gana 1"
    r"|quien|quienes|(?:el|la|los|las) que (?:lo |la |los |las )?(?:haga|hagan|tenga|tengan|pague|paguen))(?!\w)",
    re.IGNORECASE,
)
_ES_ADDED = lazy(r"(?<!\w)(?:si|a menos que|salvo que|excepto si|en caso de que)(?!\w)", re.IGNORECASE)
# "unless" kept: a negated condition ("si no", "salvo que"); a bare "si" with no negation turns it around
_EN_UNLESS = lazy(r"\bunless\b", re.IGNORECASE)
_ES_UNLESS = lazy(
    # "cannot enter unless she is face up" as "solo puede entrar si está boca arriba": the same rule
    r"(?<!\w)(?:a menos que|a no ser que|salvo|excepto|sin que|no|nunca|ningún|ninguna|ninguno|nadie|nada|ni|sin|"
    r"tampoco|menos|solo|sólo|solamente|únicamente)(?!\w)",
    re.IGNORECASE,
)
# "when" kept: a moment, or a condition it may become
_EN_WHEN = lazy(r"\b(?<!even )(?:when|whenever|each time|every time)\b", re.IGNORECASE)
_ES_WHEN = lazy(
    r"(?<!\w)(?:cuando|cuándo|tras|después|antes|ante|si|cada vez|siempre que|en cuanto|mientras|una vez|"
    r"momento|durante|apenas|nada más|cada|aunque|incluso|en (?:el |la |los |las )?(?:que|cual)|donde|luego|"
    # "al robar", "al final": a moment; not "al oasis" (a el), nor "hasta un oasis" (as far as)
    r"al (?:\w+(?:ar|er|ir|ír)(?:se|lo|la|los|las|le|les)?|final|principio|comienzo|inicio|término|fin)|"
    r"hasta que)(?!\w)",
    re.IGNORECASE,
)
_NOT_LETTER = lazy(r"\W+")
_NOTHING = lazy(r"(?!)")


@lru_cache(maxsize=1 << 14)  # texts repeat their sentences
def _said(unit: str, condition: re.Pattern[str], not_condition: re.Pattern[str]) -> str | None:
    """The first condition word of a unit, once the phrases that are no condition are out, or None."""
    match = condition.search(not_condition.sub(" ", unit))
    return match.group() if match else None


def check_conditions(pack: PackData) -> list[Finding]:
    return against_english(pack, compare_conditions, LANGUAGES)


def compare_conditions(text: Text, original: Text) -> list[Finding]:
    findings: list[Finding] = []
    when = _EN_WHEN.search(original.raw) is not None
    relative = ", qu" in text.raw or ", cuy" in text.raw or " have " in original.raw or " has " in original.raw
    if _EN_CONDITION.search(original.raw) is None and _ES_ADDED.search(text.raw) is None and not when and not relative:
        return findings  # most texts: no condition on either side
    for source, target in aligned(markup.plain_text(original.raw), markup.plain_text(text.raw)):
        explained, done = _explained(source, target), _done_before(source, target)
        if explained is not None:
            message = _(
                'the original says "{said}" (only those), but "{translation}" says "{written}": between commas, '
                "every one of them"
            ).format(said=explained[0], translation=quote(target, 60), written=explained[1])
            hint = _('leave out the commas: "{written}"').format(written=explained[1].replace(",", ""))
        elif done is not None:
            message = _(
                'the original says "{said}" (done before), but "{translation}" says it in the present: '
                "the condition is read at another time"
            ).format(said=done, translation=quote(target, 60))
            hint = _('say it as done: "si has movido", "si ya moviste"')
        if explained is not None or done is not None:
            findings.append(text.finding(Severity.WARNING, CONDITION, message, hint))
            continue
        theirs = _said(source, _EN_CONDITION, _EN_NOT)
        if when and theirs is None and _said(source, _EN_WHEN, _NOTHING) and not _said(target, _ES_WHEN, _NOTHING):
            message = _(
                'the original says "{word}", but "{translation}" says not when (cuando, al...): '
                "the rule became an order"
            )
            hint = _('keep the moment of "{original}" (cuando, al robar, cada vez que...)')
            word = _said(source, _EN_WHEN, _NOTHING)
            findings.append(
                text.finding(
                    Severity.WARNING,
                    CONDITION,
                    message.format(word=word, translation=quote(target, 60)),
                    hint.format(original=quote(source, 60)),
                )
            )
            continue
        if theirs is not None:
            if theirs.lower() == "unless" and _said(target, _ES_UNLESS, _NOTHING) is None:
                said = _said(target, _ES_CONDITION, _NOTHING)
                if said is not None:
                    message = _(
                        'the original says "unless", but "{translation}" says "{word}" with no negation: '
                        "the condition is turned around"
                    ).format(word=said, translation=quote(target, 60))
                    hint = _('write "a menos que", "salvo que" or "si no" as "{original}" does')
                    findings.append(
                        text.finding(Severity.WARNING, CONDITION, message, hint.format(original=quote(source, 60)))
                    )
                    continue
            if _said(target, _ES_CONDITION, _NOTHING) is None:  # "si puedes" keeps "if you can"
                message = _('the original says "{word}", but "{translation}" has no condition').format(
                    word=theirs, translation=quote(target, 60)
                )
                hint = _('keep the condition of "{original}" (si, a menos que, siempre que...)')
                findings.append(
                    text.finding(Severity.WARNING, CONDITION, message, hint.format(original=quote(source, 60)))
                )
            continue
        ours = _said(target, _ES_ADDED, _ES_NOT)
        if (
            ours is not None
            and _EN_MAYBE.search(_kept_may(_EN_NOT.sub(" ", source), target)) is None
            and _letters(target) >= ADDED * _letters(source)
        ):
            message = _('the translation says "{word}", but the original "{original}" has no condition').format(
                word=ours, original=quote(source, 60)
            )
            hint = _('a condition the original lacks limits the rule: check "{original}"')
            findings.append(text.finding(Severity.WARNING, CONDITION, message, hint.format(original=quote(source, 60))))
    return findings


# "may" said as "puede", "puedes": kept as a permission, so it is no "if you wish" behind an added "si"
_EN_MAY = lazy(r"\b(?:may|can)\b", re.IGNORECASE)
_ES_MAY = lazy(r"(?<!\w)(?:pued\w*|pod[eéií]\w*|podr\w*)(?!\w)", re.IGNORECASE)


# "Players who have no lantern lose 1" as "Los jugadores, que no tienen farol, pierden 1": between commas
# the relative says something of every player, and the condition is gone
_EN_RESTRICTIVE = lazy(r"^\W*(?:(?:the|all|any) )?(?:\w+ )?\w+s (?:who|that|whose) ", re.IGNORECASE)
_ES_EXPLICATIVE = lazy(r"^\W*(?:tod[oa]s )?(?:los|las) \w+(?: \w+)?, (?:que|quienes|cuy[oa]s?) ", re.IGNORECASE)


def _explained(source: str, target: str) -> tuple[str, str] | None:
    said = _EN_RESTRICTIVE.match(source) if (" who " in source or " that " in source or " whose " in source) else None
    if said is None:
        return None
    written = _ES_EXPLICATIVE.match(target)
    return None if written is None else (said.group().strip(), written.group().strip())


# "only if you have moved a cart this turn" as "solo si mueve una vagoneta": what was done became what is
# done.  A perfect or a preterite of the translation ("si ha movido", "si moviste", "si ya"), or
# "antes", keeps it
_EN_PERFECT = lazy(
    r"\b(?:if|when|unless|once|after) (?:you|they|he|she|it|a player|that player|the player|each player|\w+) "
    r"(?:have|has)(?: (?:already|not|just|never|ever))? (?!to\b|no\b|any\b|an?\b|the\b|more\b|most\b|fewer\b|at\b"
    r"|least\b|just\b|first\b|enough\b)(?P<done>\w+(?:ed|en|wn|ne|ught|ut|un|ft|lt|id|ld|ck|at|ot|ght|it|st))\b",
    re.IGNORECASE,
)
_ES_DONE = lazy(
    r"(?<!\w)(?:ha|has|han|he|hemos|habéis|haya|hayas|hayan|hayamos|había|habías|habían|hubiera|hubieras|ya|antes"
    r"|previamente|anteriormente)(?!\w)|\w(?:aste|iste|asteis|isteis|aron|ieron|ó)(?!\w)",
    re.IGNORECASE,
)


# only where the original reads the condition over a time gone by ("this turn", "already"): "if you have
# taken damage" is often "si tienes daño", a state, rightly
_EN_WINDOW = lazy(r"\b(?:this (?:turn|round|phase|game)|already|before|earlier|previously|yet)\b", re.IGNORECASE)


def _done_before(source: str, target: str) -> str | None:
    """The original's "if you have moved" (this turn, already...) when the translation says its
    condition with no perfect, preterite nor "ya", "antes"."""
    said = _EN_PERFECT.search(source) if (" have " in source or " has " in source) else None
    if said is None or _EN_WINDOW.search(source) is None or _ES_DONE.search(target):
        return None
    if not re.search(r"(?<!\w)(?:si|cuando|cuanto)(?!\w)", target, re.IGNORECASE):
        return None
    return said.group()


def _kept_may(source: str, target: str) -> str:
    """The original without its "may" when the translation keeps it as "puede"."""
    return _EN_MAY.sub(" ", source) if _ES_MAY.search(target) else source


@lru_cache(maxsize=1 << 14)
def _letters(plain: str) -> int:
    return len(_NOT_LETTER.sub("", plain)) + 4 * plain.count(ICON)


def check_shortened(pack: PackData) -> list[Finding]:
    findings = []
    for text, original in texts(pack, RULES_TEXT):
        if original is not None and text.lang.split("-")[0] in LANGUAGES:
            finding = shortened(text, original)
            if finding is not None:
                findings.append(finding)
    return findings


def shortened(text: Text, original: Text) -> Finding | None:
    """A finding when the translation has much fewer letters than a long enough original."""
    if len(original.raw) < LEAST:
        return None  # fewer characters than the letters it takes: no need to count them
    theirs = _letters(original.plain)
    ours = _letters(text.plain) if theirs >= LEAST else theirs
    if ours >= RATIO * theirs:
        return None
    return text.finding(
        Severity.WARNING,
        SHORTENED,
        _("the translation has {ours} letters, the original {theirs}: part of it may be missing").format(
            ours=ours, theirs=theirs
        ),
        _('compare it clause by clause with "{original}"').format(original=quote(original.plain, 80)),
    )
