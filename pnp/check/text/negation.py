"""text/negation: a rule that holds only with its negation keeps it in the translation.

English originals against Spanish translations, sentence by sentence where both texts have as
many sentences (text/consistency's pairing), else paragraph by paragraph or the whole text.  A unit
is negative when it has a negation word: "not", "n't", "never", "no", "none", "nobody", "nothing",
"cannot", "without", "nor", "neither" against "no", "nunca", "jamás", "ningún", "nada", "nadie",
"sin", "ni", "tampoco".  First whether a unit is negative is compared, not how many negation words
it has: Spanish doubles its negation ("No robes ninguna carta") where English has one ("Draw no
cards").

Where both units are negative, the negations are also counted, logically: a unit that bans two things
("Boats cannot leave and no player may fish") keeps both bans.  English counts its negation words;
Spanish counts each "no", "sin", "ni" and "tampoco", and the other negation words ("nadie", "nada",
"ningún", "nunca", "jamás") only where no negation comes before them in the same clause: "No robes
ninguna carta" and "Nadie roba nada" are one negation.  A word that says something negative without
a negation word ("solo", "salvo", "a menos que", "gratis", ...) counts as one on the Spanish side.  A
translation with fewer negations than its original lost one.

"sin" before a noun often renders an English adverb or adjective that has no negation word ("safely"
as "sin peligro", "unopposed" as "sin oposición", "for free" as "sin coste"): a Spanish unit whose only
negations are such "sin" is not an added negation.  "sin" before a verb ("sin mirar") or a clause
("sin que") still is, and so is a "sin" where the original says "with" and the translation has no
"con".  Where the original is negative, "sin" counts as the negation it is.

Negative meaning is also said without a negation word, and those units are not judged: "unless"
(a menos que, si no), "only" (solo), "except" (salvo), "until" (no ... hasta), "free" (sin pagar),
"lack" (carecer), "up to" (no más de).  Set phrases whose negation word negates nothing are read
as no negation: "whether or not" / "o no", "no more than" / "no más de", "a no ser que",
"sin embargo", "más que nunca", "antes de hacer nada".  A quoted word the translation keeps as it is
(a value to type, 'write "none"') is a citation, not a negation, on both sides.
"""

from __future__ import annotations

import re
from functools import lru_cache

from pnp import markup
from pnp.check.text.consistency import aligned
from pnp.check.text.fields import Text, against_english, quote
from pnp.errors import Finding, Severity
from pnp.i18n import _
from pnp.model import PackData

CODE = "text/negation"
LANGUAGES = ("es",)  # translations into Spanish (any variety) of an English original

_EN_NEGATION = re.compile(
    r"\b(?:not|never|no|none|nobody|nothing|nowhere|cannot|without|nor|neither)\b|\b\w+n['’]t\b", re.IGNORECASE
)
_ES_NEGATION = re.compile(
    r"(?<!\w)(?:no|nunca|jamás|ningún|ninguna|ninguno|ningunas|ningunos|nada|nadie|sin|ni|tampoco)(?!\w)",
    re.IGNORECASE,
)
# Phrases with a negation word that negate nothing: taken out before looking for negations.
_EN_NOT_NEGATION = re.compile(
    r"\b(?:whether or not|or not|no (?:more|fewer|less|later|sooner) than|not only|no matter)\b", re.IGNORECASE
)
_ES_NOT_NEGATION = re.compile(
    r"(?<!\w)(?:o no(?=\s*(?:[,.;:!?)»”]|$))|no más de|no menos de|no más que|a no ser que|sin embargo|no obstante"
    r"|no solo|no sólo"
    r"|(?:más|menos|mejor|peor|antes|después)(?!\w)[^.;:!?]{0,40}? que"
    r" (?:nunca|nadie|nada|ninguno|ninguna|jamás)|antes de(?: \w+){0,3} (?:nada|nadie|ningún|ninguna))(?!\w)",
    re.IGNORECASE,
)
# Words that say something negative without a negation word: a unit with one is not judged.
_EN_NEGATIVE_MEANING = re.compile(
    r"\b(?:unless|else|otherwise|only|except|excepting|all but|until|till|instead|rather|free|lacks?|lacking|"
    r"fails?|failing|"
    r"(?:prevent|ignor|avoid|cancel|refus)\w*|empty|unable|impossible|forbid\w*|zero|up to|at most|"
    r"other than|apart from|left out|gone|missing|miss(?:es|ed)?|differs?|different|"
    r"non-?\w+|un(?!der|its?\b|ions?\b)\w{3,}|dis(?:abled?|allow\w*)|\w+less|"
    r"(?:in|im|il|ir)(?:valid|correct|complete|active|possible|proper|legal|relevant|sufficient)\w*)\b",
    re.IGNORECASE,
)
_ES_NEGATIVE_MEANING = re.compile(
    r"(?<!\w)(?:salvo|excepto|a menos que|(?:todos|todas|todo) menos|solo|sólo|solamente|únicamente|"
    r"en lugar de|en vez de|fuera de|gratis|gratuit\w*|"
    r"carec\w*|falta\w*|vací\w+|imposible|incapaz|impid\w+|imped\w+|evit\w+|ignor\w+|cancel\w+|anul\w+|"
    r"prohib\w+|rechaz\w+|cero|hasta|como (?:mucho|máximo)|inválid\w*|incorrect\w*|incomplet\w*|"
    r"insuficiente\w*|inútil\w*|desconocid\w*|desactiv\w*)(?!\w)",
    re.IGNORECASE,
)


def check_negation(pack: PackData) -> list[Finding]:
    return against_english(pack, compare_negation, LANGUAGES)


@lru_cache(maxsize=1 << 14)  # texts repeat their sentences
def _negations(unit: str, negation: re.Pattern[str], not_negation: re.Pattern[str]) -> tuple[str, ...]:
    if negation.search(unit) is None:
        return ()  # most sentences: no negation word at all
    return tuple(negation.findall(not_negation.sub(" ", unit)))


# A quotation in straight or curly double quotes, or in «»: its words are someone's, not the rule's.
_QUOTED = re.compile(r'"([^"\n]{1,80})"|“([^”\n]{1,80})”|«([^»\n]{1,80})»')


def _without_kept_quotes(source: str, target: str) -> tuple[str, str]:
    """Both sentences without the quotations the translation keeps word for word."""
    kept = {"".join(m.groups("")) for m in _QUOTED.finditer(source)} & {
        "".join(m.groups("")) for m in _QUOTED.finditer(target)
    }
    if not kept:
        return source, target

    def blank(match: re.Match[str]) -> str:
        return " " if "".join(match.groups("")) in kept else match.group(0)

    return _QUOTED.sub(blank, source), _QUOTED.sub(blank, target)


# Spanish negations that always count: "no" marks its own verb, "ni" and "tampoco" add a ban, "sin" is
# its own phrase.  The others agree with a negation before them in the clause ("no ... nada").
_ES_ALWAYS = frozenset({"no", "sin", "ni", "tampoco"})
# Where a clause ends (a conjunction opens the next one: "si no" is no bare word), and with it the
# agreement of a negation word with the "no" before it: erring towards a new clause only counts more
# Spanish negations, never fewer.
_ES_CLAUSE = re.compile(
    r"[,;:.!?()—–]|(?=(?<!\w)(?:y|e|o|u|pero|sino|que|quien|quienes|si|cuando|aunque|porque|mientras)(?!\w))",
    re.IGNORECASE,
)
_ES_WORD = re.compile(r"\w+")
# Said negatively without a negation word; not "hasta", which renders "until" as often as "not ... until".
_ES_NEGATIVE_WORDS = re.compile(_ES_NEGATIVE_MEANING.pattern.replace("|hasta|", "|"), re.IGNORECASE)


# A clause that is one negation word alone: a word cited in a list, "(no, nunca, sin)", not a ban.
_BARE = re.compile(r"\W*\w+['’]?\w*\W*")
_EN_CLAUSE = re.compile(r"[,;:.!?()—–]|(?=\b(?:and|or|but|if|when|unless|while|because)\b)", re.IGNORECASE)


def _english_count(unit: str) -> int:
    """How many things an English unit negates: "not ... without" is one condition ("solo con")."""
    count = 0
    for clause in _EN_CLAUSE.split(_EN_NOT_NEGATION.sub(" ", unit)):
        words = [w.lower() for w in _EN_NEGATION.findall(clause)]
        if _BARE.fullmatch(clause):
            continue  # a word named, "(not, never, no)", or an answer: no rule is negated
        count += len(words) - (1 if "without" in words[1:] else 0)
    return count


@lru_cache(maxsize=1 << 14)
def _spanish_count(unit: str) -> int:
    """How many things a Spanish unit negates: its negations less those that agree with one before."""
    count = 0
    for clause in _ES_CLAUSE.split(_ES_NOT_NEGATION.sub(" ", unit)):
        if _BARE.fullmatch(clause):
            continue
        negated = False
        for word in _ES_WORD.findall(clause.lower()):
            if word in _ES_ALWAYS or (not negated and _ES_NEGATION.fullmatch(word)):
                count += 1
                negated = True
    return count + len(_ES_NEGATIVE_WORDS.findall(unit))


# "sin" before a noun: "sin peligro", "sin una red", not "sin mirar", "sin pagarla" or "sin que".
_ES_SIN_NOUN = re.compile(
    r"(?<!\w)sin (?:(?:un|una|unos|unas|el|la|los|las|su|sus|tu|tus) )?(?!que\b)\w+?(?<![aeiíu]r)"
    r"(?<![aeiíu]rl[oae])(?<![aeiíu]rl[oa]s)(?<![aeiíu]rse)(?<![aeiíu]rte)(?<![aeiíu]rle)(?<![aeiíu]rles)\b",
    re.IGNORECASE,
)
# Words that agree with the "sin" before them: "sin nada", "sin ningún marinero".
_AFTER_SIN = frozenset({"sin", "nada", "ningún", "ninguna", "ninguno", "nadie"})
_EN_WITH = re.compile(r"\bwith\b", re.IGNORECASE)
_ES_CON = re.compile(r"(?<!\w)con(?!\w)", re.IGNORECASE)


def _only_sin_before_nouns(ours: tuple[str, ...], source: str, target: str) -> bool:
    """The translation's negations are all "sin" + noun, an English adverb said in Spanish ("sin peligro")."""
    words = [word.lower() for word in ours]
    sin = words.count("sin")
    if not sin or any(word not in _AFTER_SIN for word in words) or len(words) > 2 * sin:
        return False  # a "no" or "nunca" of its own, or "sin que nadie"
    if len(_ES_SIN_NOUN.findall(target)) < sin:
        return False
    return not (_EN_WITH.search(source) and not _ES_CON.search(target))  # "with a pilot" as "sin piloto"


_EN_NOR = re.compile(r"\bnor\b", re.IGNORECASE)
_ES_NOR = frozenset({"ni", "tampoco"})


def compare_negation(text: Text, original: Text) -> list[Finding]:
    findings = []
    nor = "nor" in original.raw.lower() and _EN_NOR.search(original.raw) is not None
    for whole_source, whole_target in aligned(markup.plain_text(original.raw), markup.plain_text(text.raw)):
        source, target = _without_kept_quotes(whole_source, whole_target)
        theirs = _negations(source, _EN_NEGATION, _EN_NOT_NEGATION)
        ours = _negations(target, _ES_NEGATION, _ES_NOT_NEGATION)
        if nor and ours and len(ours) < 2 and _EN_NOR.search(source) and not _ES_NOR & {w.lower() for w in ours}:
            # "nor" bans a second thing: "ni", "tampoco" or a second negation; one "no" leaves it allowed
            message = _(
                'the original says "nor", but "{translation}" has one negation ("{word}") and no "ni": '
                "the second ban is lost"
            ).format(word=ours[0], translation=quote(whole_target, 60))
            hint = _('ban both things as "{original}" does, with "ni" or "tampoco"')
            findings.append(
                text.finding(Severity.WARNING, CODE, message, hint.format(original=quote(whole_source, 60)))
            )
            continue
        if theirs and ours and len(theirs) > 1 and _spanish_count(target) < (count := _english_count(source)):
            message = _(
                'the original negates {count} things ("{words}"), but "{translation}" negates fewer: one is lost'
            ).format(count=count, words=", ".join(w.lower() for w in theirs), translation=quote(whole_target, 60))
            hint = _('keep every negation of "{original}" (no, nunca, ningún, ni, tampoco...)')
            findings.append(
                text.finding(Severity.WARNING, CODE, message, hint.format(original=quote(whole_source, 60)))
            )
            continue
        if bool(theirs) == bool(ours) or (not theirs and _only_sin_before_nouns(ours, source, target)):
            continue
        if (theirs and _ES_NEGATIVE_MEANING.search(target)) or (ours and _EN_NEGATIVE_MEANING.search(source)):
            continue  # "unless" -> "si no", "Only you" -> "Nadie más que tú": said another way
        if theirs:
            message = _('the original says "{words}", but "{translation}" has no negation').format(
                words=", ".join(dict.fromkeys(w.lower() for w in theirs)), translation=quote(whole_target, 60)
            )
            hint = _(
                'keep the negation of "{original}" (no, nunca, ningún, sin, ni...), or say why in the card\'s notes'
            )
        else:
            message = _('the translation says "{words}", but the original "{original}" has no negation').format(
                words=", ".join(dict.fromkeys(w.lower() for w in ours)), original=quote(whole_source, 60)
            )
            hint = _('a negation the original lacks turns the rule around: check "{original}"')
        findings.append(text.finding(Severity.WARNING, CODE, message, hint.format(original=quote(whole_source, 60))))
    return findings
