"""text/false-friend: an English word translated by its look-alike in a sense the Spanish word lacks.

A short, reviewed list, each entry with its source.  An entry is flagged only where the original
shows the wrong sense: "Eventualmente" for "Eventually" (finally), not for "occasionally"; "Aplica"
for "Apply for the job", not for "Apply the effect"; "Realiza" for "realize", not for "perform".
A calque that is wrong in any sense ("tomar lugar") needs no original.

Left out on purpose, with the reason: "jugar un papel" (the DPD accepts it as an established
galicism), "en orden a" (the DPD takes it as correct for "con vistas a"), "ignorar" for "not heed"
(in the DLE since 2014), "remover" for "quitar" (in the DLE, and the DPD, «remover», 2, says it
is not to be censured in the sense "quitar [algo] de un lugar": "Remueve una ficha" is no error).

"soportar" is flagged only where the original supports someone or their move ("support an ally",
"support the attack"): "soportar" bears a weight or puts up with, so "Soporta hasta 3 fichas" for
"Supports up to 3 tokens" is right.  "a nivel de" is flagged only where the original has no
"level": "a nivel del mar", "a nivel 3" for "at level 3" are levels; "a nivel de caravana" for
"per caravan" is the calque.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from pnp.check.text.fields import RULES_TEXT, Text, texts
from pnp.check.text.forms import fold
from pnp.check.text.patterns import lazy
from pnp.errors import Finding, Severity
from pnp.i18n import N_, _
from pnp.model import PackData

CODE = "text/false-friend"
LANGUAGES = ("es",)


@dataclass(frozen=True)
class FalseFriend:
    spanish: re.Pattern[str]  # on the folded translation (lowercase, no accents)
    english: re.Pattern[str] | None  # the wrong sense, on the original; None: wrong in every sense
    sense: str  # what the Spanish word means (N_: shown through _); for a calque, the English it copies
    write: str  # what to write instead
    source: str
    # for a calque right in one sense: the original's words that make it right ("level"); with it set,
    # a text without its original is not judged
    kept_by: re.Pattern[str] | None = None

    @cached_property
    def starts(self) -> tuple[str, ...] | None:
        """What a match of `spanish` starts with, one text per alternative, or None when some
        alternative starts otherwise: a text holding none of them is not searched.  The lookbehind
        each expression opens with keeps it from skipping ahead to a likely start, and every text
        is searched for every entry."""
        own = self.spanish.pattern[len(_ES_BEFORE) + len("(?:") : -len(_ES_AFTER) - len(")")]  # as _es wrote it
        return _starts(own)


_ES_BEFORE, _ES_AFTER = r"(?<!\w)", r"(?!\w)"


def _es(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"{_ES_BEFORE}(?:{pattern}){_ES_AFTER}")


def _starts(pattern: str) -> tuple[str, ...] | None:
    """The plain letters and spaces each top-level alternative of `pattern` starts with (a letter
    made optional by ?, * or {} left out), or None when one starts with anything else."""
    starts = []
    for alternative in _alternatives(pattern):
        plain = re.match(r"[a-z ]*", alternative)
        assert plain is not None  # it matches the empty text
        start = plain.group()
        if alternative[len(start) : len(start) + 1] in ("?", "*", "{"):
            start = start[:-1]
        if not start:
            return None
        starts.append(start)
    return tuple(starts)


def _alternatives(pattern: str) -> list[str]:
    """`pattern` split at each | outside parentheses and brackets (an escaped character is skipped)."""
    parts, depth, start, at = [], 0, 0, 0
    while at < len(pattern):
        char = pattern[at]
        if char == "\\":
            at += 1
        elif char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif char == "|" and depth == 0:
            parts.append(pattern[start:at])
            start = at + 1
        at += 1
    return [*parts, pattern[start:]]


def _en(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"\b(?:{pattern})\b", re.IGNORECASE)


FALSE_FRIENDS = (
    FalseFriend(
        _es("eventualmente"),
        _en("eventually"),
        N_("by chance, possibly"),
        "finalmente, al final, tarde o temprano",
        "DPD, «eventual»; Fundéu, «eventualmente no es finalmente»",
    ),
    FalseFriend(
        _es("actualmente"),
        _en("actually"),
        N_("at present"),
        "en realidad, de hecho",
        "DLE, «actualmente»; Fundéu, «actualmente no es en realidad»",
    ),
    FalseFriend(
        _es(r"actual(?:es)?"),
        _en(r"actual"),
        N_("current, of now"),
        "real, verdadero, efectivo",
        "DLE, «actual»",
    ),
    FalseFriend(
        _es(r"especies?"),
        _en(r"spices?|spiced|spicy"),
        N_("a species, a kind, not a spice"),
        "especia, especias",
        "DLE, «especie» y «especia»",
        _en(r"species|kinds?|sorts?|types?"),  # the original says the sense too
    ),
    FalseFriend(
        _es(r"pregunt\w*"),
        _en(r"(?:ask|asks|asked) (?:\w+ ){1,3}for"),
        N_("to ask a question; what one asks to be given is 'pedir'"),
        "pedir, pide",
        "DLE, «preguntar» y «pedir»",
    ),
    FalseFriend(
        _es(r"adviert\w*|advert\w*|advirt\w*"),
        _en(r"advertis\w*|advertiz\w*|adverts?"),
        N_("to warn or to notice, not to advertise"),
        "anunciar, promocionar, hacer publicidad",
        "DLE, «advertir»",
        _en(r"warns?|warned|warning|notices?|noticed"),  # the original warns too
    ),
    FalseFriend(
        _es(r"(?<!a lo )larg[oa]s?"),  # not "a lo largo de" (along)
        _en(r"large|larger|largest"),
        N_("long, not big"),
        "grande, amplio, mayor",
        "DLE, «largo»",
        _en(r"long|longer|longest|length|lengths|lengthy"),  # "a large, long barge": the length is said too
    ),
    FalseFriend(
        _es(r"librerias?"),
        _en(r"librar(?:y|ies)"),
        N_("a bookshop"),
        "biblioteca",
        "DLE, «librería»",
    ),
    FalseFriend(
        _es(r"asum\w*"),
        _en(r"assum\w* (?:that|you|it|he|she|they|we|there|this|the (?:worst|best))"),
        N_("to take on (a duty, a cost, a role), not to suppose"),
        "suponer, dar por hecho",
        "DPD, «asumir»",
    ),
    FalseFriend(
        _es(r"aplic\w*"),
        _en(r"appl(?:y|ies|ied|ying) (?:for|to (?:a|an|the|this|that) (?:job|position|post|crew|guild))"),
        N_("to put on, to use, not to ask for"),
        "solicitar, presentarse a",
        "DPD, «aplicar»",
    ),
    FalseFriend(
        _es(r"tom\w* lugar"),
        None,
        "take place",  # a calque: sense is the English it copies
        "tener lugar, ocurrir, celebrarse",
        "Fundéu, «tener lugar, no tomar lugar»",
    ),
    FalseFriend(
        # not "toma ventaja de 2 puntos": a lead, counted
        _es(r"tom\w* ventaja (?:de|del)(?! (?:\d|un|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez)\b)"),
        None,
        "take advantage of",
        "aprovechar, aprovecharse de, sacar partido de",
        "Sandro Cohen, Redacción sin dolor, «tomar ventaja de», anglicismo calcado de to take advantage of",
    ),
    FalseFriend(
        _es(r"en base (?:a|al|de)"),
        None,
        "based on",
        "según, a partir de, sobre la base de",
        "Fundéu, «en base a, mejor sobre la base de, según»; DPD, «base»",
    ),
    FalseFriend(
        _es(r"en adicion (?:a|al|de)"),
        None,
        "in addition to",
        "además de",
        "Fundéu, «en adición a es un anglicismo: además de»",
    ),
    FalseFriend(
        _es(r"(?:hac\w*|hiz\w*) sentido"),
        None,
        "make sense",
        "tener sentido",
        "Fundéu, «tener sentido, mejor que hacer sentido»",
    ),
    FalseFriend(
        _es(r"resum\w*"),
        _en(r"resum(?:e|es|ed|ing)"),
        N_("to sum up, not to start again"),
        "reanudar, continuar",
        "DLE, «resumir»; Fundéu, «resumir no es reanudar»",
    ),
    FalseFriend(
        _es(r"realiz\w*"),
        _en(r"reali[sz](?:e|es|ed|ing)"),
        N_("to carry out, not to become aware"),
        "darse cuenta de, descubrir",
        "DPD, «realizar»",
    ),
    FalseFriend(
        _es(r"atend\w*|atiend\w*"),
        _en(r"attend(?:s|ed|ing)?(?! to)"),
        N_("to look after, not to be present at"),
        "asistir a, acudir a",
        "DPD, «atender»",
    ),
    FalseFriend(
        _es(r"soport\w*"),
        _en(
            r"support(?:s|ed|ing)? (?:(?:an?|the|your|their|his|her|its|another|each|any|one|other) )?(?:\w+ )?"
            r"(?:players?|opponents?|all(?:y|ies)|rivals?|neighbou?rs?|team(?:mate)?s?|partners?|friends?|attacks?|"
            r"bids?|claims?|votes?|proposals?|causes?|efforts?)|"
            r"support(?:s|ed|ing)? (?:him|her|them|another|each other)"
        ),
        N_("to bear a weight, to put up with, not to back or help"),
        "apoyar, ayudar, respaldar",
        "DLE, «soportar»",
    ),
    FalseFriend(
        _es(r"a nivel (?:de|del)"),
        None,
        "at the level of",
        "por, en, en cuanto a, en el ámbito de",
        "DPD, «nivel»; Fundéu, «a nivel de»",
        _en(r"levels?"),
    ),
)


def check_false_friends(pack: PackData) -> list[Finding]:
    if pack.pack.source_language.split("-")[0] != "en":
        return []
    findings = []
    for text, original in texts(pack, RULES_TEXT):
        if text.lang.split("-")[0] in LANGUAGES:
            findings += false_friends(text, original)
    return findings


# what every entry's Spanish starts with, accents or not: most texts have none, and are not folded
_ANY = lazy(
    r"eventualmente|actual|librer|asum|aplic|lugar|realiz|atend|atiend|base|adici|sentido|resum|soport|nivel|"
    r"ventaja|larg|especie|advi|advert|pregunt|pregúnt"
)


def false_friends(text: Text, original: Text | None) -> list[Finding]:
    plain = text.plain
    if _ANY.search(plain.lower()) is None:
        return []
    folded = fold(plain)
    findings = []
    for friend in FALSE_FRIENDS:
        if friend.starts is not None and not any(start in folded for start in friend.starts):
            continue
        match = friend.spanish.search(folded)
        if match is None:
            continue
        said = plain[match.start() : match.end()]
        if friend.kept_by is not None and (original is None or friend.kept_by.search(original.plain)):
            continue  # "a nivel del mar" for "at sea level"; or no original to tell
        if friend.english is None:
            message = _('"{said}" is a calque of the English "{english}"').format(said=said, english=friend.sense)
        else:
            sense = friend.english.search(original.plain) if original is not None else None
            if sense is None:
                continue
            message = _('"{said}" for "{english}": in Spanish it means {sense}').format(
                said=said, english=sense.group(), sense=_(friend.sense)
            )
        findings.append(
            text.finding(
                Severity.WARNING,
                CODE,
                message,
                _("write {write} ({source})").format(write=friend.write, source=friend.source),
            )
        )
    return findings
