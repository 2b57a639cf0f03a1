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
(a value to type, 'write "none"') is a citation, not a negation, on both sides.  A Spanish word of
negative meaning excuses a lost negation only where the original has no word of its kind: "a menos
que" renders the original's "unless", so "cannot move unless they pay" as "pueden moverse a menos que
paguen" lost its "cannot".

A positive is often said as the negation of its opposite ("safe" as "no hay peligro", "stays put" as
"no se mueve", "keep" as "no descartes") and a negation as the opposite positive ("cannot move" as "se
queda quieto"): such a restatement is no negation, where the other text has the positive and does not
already say it literally (_RESTATED).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from pnp import markup
from pnp.check.text.consistency import aligned
from pnp.check.text.fields import Text, against_english, quote
from pnp.check.text.patterns import lazy
from pnp.errors import Finding, Severity
from pnp.i18n import _
from pnp.model import PackData

CODE = "text/negation"
LANGUAGES = ("es",)  # translations into Spanish (any variety) of an English original

_EN_NEGATION = lazy(
    r"\b(?:not|never|no|none|nobody|nothing|nowhere|cannot|without|nor|neither)\b|\b\w+n['’]t\b", re.IGNORECASE
)
_ES_NEGATION = lazy(
    r"(?<!\w)(?:no|nunca|jamás|ningún|ninguna|ninguno|ningunas|ningunos|nada|nadie|sin|ni|tampoco)(?!\w)",
    re.IGNORECASE,
)
# Phrases with a negation word that negate nothing: taken out before looking for negations.
_EN_NOT_NEGATION = lazy(
    r"\b(?:whether or not|or not|no (?:more|fewer|less|later|sooner) than|not only|no matter)\b", re.IGNORECASE
)
_ES_NOT_NEGATION = lazy(
    r"(?<!\w)(?:o no(?=\s*(?:[,.;:!?)»”]|$|(?:una?|unos|unas)\s))"  # "escondiendo o no una moneda"
    r"|como si no(?=\s*(?:[,.;:!?)»”]|$))"  # "whether or not" as "tanto si ... como si no"
    r"|no más de|no menos de|no más que|a no ser que|sin embargo|no obstante"
    r"|no solo|no sólo"
    r"|(?:más|menos|mejor|peor|antes|después)(?!\w)[^.;:!?]{0,40}? que"
    r" (?:nunca|nadie|nada|ninguno|ninguna|jamás)|antes de(?: \w+){0,3} (?:nada|nadie|ningún|ninguna))(?!\w)",
    re.IGNORECASE,
)
# Words that say something negative without a negation word: a unit with one is not judged.
_EN_NEGATIVE_MEANING = lazy(
    r"\b(?:unless|else|otherwise|only|except|excepting|all but|until|till|instead|rather|free|lacks?|lacking|"
    r"fails?|failing|"
    r"(?:prevent|ignor|avoid|cancel|refus)\w*|empty|unable|impossible|forbid\w*|zero|up to|at most|"
    r"other than|apart from|left out|gone|missing|miss(?:es|ed)?|differs?|different|"
    r"non-?\w+|un(?!der|its?\b|ions?\b)\w{3,}|dis(?:abled?|allow\w*)|\w+less|"
    r"(?:in|im|il|ir)(?:valid|correct|complete|active|possible|proper|legal|relevant|sufficient)\w*)\b",
    re.IGNORECASE,
)
_ES_NEGATIVE_MEANING = lazy(
    r"(?<!\w)(?:salvo|excepto|a menos que|(?:todos|todas|todo) menos|solo|sólo|solamente|únicamente|"
    r"en lugar de|en vez de|fuera de|fuera del|qued\w* fuera|gratis|gratuit\w*|"
    r"carec\w*|falta\w*|vací\w+|imposible|incapaz|impid\w+|imped\w+|evit\w+|ignor\w+|cancel\w+|anul\w+|"
    r"prohib\w+|rechaz\w+|cero|hasta|como (?:mucho|máximo)|inválid\w*|incorrect\w*|incomplet\w*|"
    r"insuficiente\w*|inútil\w*|desconocid\w*|desactiv\w*)(?!\w)",
    re.IGNORECASE,
)


# The kinds of those words on both sides: a Spanish "a menos que" renders the original's own "unless",
# and so cannot also stand for a "cannot" the translation dropped ("cannot move unless they pay" as
# "pueden moverse a menos que paguen").  Only the Spanish words of a kind the original has fewer of
# may say one of its negations another way; a word of no kind here always may.
_KINDS: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = tuple(
    (re.compile(rf"\b(?:{en})\b", re.IGNORECASE), re.compile(rf"(?<!\w)(?:{es})(?!\w)", re.IGNORECASE))
    for en, es in (
        (
            r"unless|except|excepting|all but|other than|apart from",
            r"salvo|excepto|a menos que|(?:todos|todas|todo) menos",
        ),
        (r"only", r"solo|sólo|solamente|únicamente"),
        (r"until|till|up to|at most", r"hasta|como (?:mucho|máximo)"),
        (r"instead|rather", r"en lugar de|en vez de"),
        (r"free", r"gratis|gratuit\w*"),
        (r"lacks?|lacking|missing|miss(?:es|ed)?", r"carec\w*|falta\w*"),
        (r"empty", r"vací\w+"),
        (r"unable|impossible", r"imposible|incapaz"),
        (r"(?:prevent|avoid)\w*", r"impid\w+|imped\w+|evit\w+"),
        (r"ignor\w*", r"ignor\w+"),
        (r"cancel\w*", r"cancel\w+|anul\w+"),
        (r"forbid\w*", r"prohib\w+"),
        (r"refus\w*", r"rechaz\w+|neg[aá]\w*|nieg\w*"),
        (r"zero", r"cero"),
        (
            r"(?:in|im|il|ir)(?:valid|correct|complete|sufficient)\w*",
            r"inválid\w*|incorrect\w*|incomplet\w*|insuficiente\w*",
        ),
    )
)


# verbs whose Spanish verb says all they say: "refuse" is "negarse", "ignore" "ignorar"; beside that verb
# a "no" is no rendering of them ("may refuse" as "no puede negarse"), unlike "only" as "solo ... ningún"
_VERB_KINDS = lazy(r"(?:prevent|avoid|ignor|cancel|forbid|refus)\w*", re.IGNORECASE)


# "si no," alone before its clause: "otherwise", which renders an alternative ("must stop or lose 1" as
# "debe detenerse; si no, pierde 1") and negates nothing of what the original says
_ES_OTHERWISE = lazy(r"(?<!\w)si no(?=\s*,)", re.IGNORECASE)


def _otherwise_alone(ours: Sequence[str], target: str) -> bool:
    """Whether the translation's only negations are the "no" of "si no," (otherwise)."""
    return all(word.lower() == "no" for word in ours) and len(_ES_OTHERWISE.findall(target)) >= len(ours)


def _may_become_negation(source: str, target: str) -> bool:
    """Whether a word of the original that says something negative ("only", "refuse", "unless") may be
    what the translation's negation renders: a verb of _VERB_KINDS the translation renders with a verb of
    its own kind cannot."""
    for found in _EN_NEGATIVE_MEANING.finditer(source):
        word = found.group()
        kind = next((es for en, es in _KINDS if en.fullmatch(word)), None)
        if kind is None or not _VERB_KINDS.fullmatch(word) or kind.search(target) is None:
            return True
    return False


def _said_otherwise(source: str, target: str, negative: re.Pattern[str]) -> int:
    """How many of the Spanish unit's negative-meaning words (negative: which ones count) are not the
    rendering of an English word of the same kind in the original."""
    found = negative.findall(target)
    if not found:
        return 0
    left = len(found)
    for en, es in _KINDS:
        ours = sum(1 for word in es.findall(target) if negative.fullmatch(word))
        if ours:
            left -= min(ours, len(en.findall(source)))
    return left


# An English positive said in Spanish as the negation of its opposite, and back: "safe" as "no hay
# peligro", "stays put" as "no se mueve", "keep" as "no descartes", "the same" as "no cambia", "skip
# your turn" as "no juegas", "secretly" as "sin que nadie la vea"; "cannot move" as "se queda quieto".
# Each kind: the English positive, the Spanish "no" + opposite, the English "not" + opposite, the
# Spanish positive, and the Spanish said with "sin" where it has such a way ("se queda sin jugar").
# A restatement is read as no negation only where its own side has fewer literal renderings of the
# kind than the other side has positives: "stays and cannot move" as "se queda y puede moverse"
# pairs "stays" with "se queda", and "cannot move" is lost.
_CLITIC = r"(?:(?:me|te|se|nos|os|le|les|lo|la|los|las) )"
_ES_NO = rf"(?<!\w)no {_CLITIC}{{0,2}}"
_EN_NOT = r"\b(?:not|never|cannot|\w+n['’]t)(?: \w+){0,2}? "
_Restated = tuple[
    re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str] | None, re.Pattern[str], re.Pattern[str] | None
]
_RESTATED: tuple[_Restated, ...] = tuple(
    (
        re.compile(rf"\b(?:{en_pos})\b", re.IGNORECASE),
        re.compile(rf"{_ES_NO}(?:{es_neg})(?!\w)", re.IGNORECASE),
        re.compile(rf"{_EN_NOT}(?:{en_neg})\b", re.IGNORECASE),
        re.compile(rf"(?<!\w)(?:{es_pos})(?!\w)", re.IGNORECASE) if es_pos else None,
        re.compile(rf"(?<!\w)(?:{es_neg})(?!\w)", re.IGNORECASE),  # the opposite, with or without "no"
        re.compile(rf"(?<!\w)(?:{es_sin[0]})(?!\w)", re.IGNORECASE) if es_sin else None,
    )
    for en_pos, es_neg, en_neg, es_pos, *es_sin in (
        (  # safety
            r"safe|safely|safety|secure|protected|out of (?:danger|harm's way)",
            r"(?:hay|corre|corren|corres|está|están|estás|sufre|sufren|sufres|recibe|reciben|recibes|"
            r"puede|pueden|puedes)(?: \w+){0,2}? (?:peligro|riesgo|daños?|dañad[oa]s?|herid[oa]s?)",
            r"(?:in )?(?:danger|harm|harmed|hurt|at risk|damaged?|injured)",
            r"a salvo|fuera de peligro|protegid[oa]s?",
        ),
        (  # staying where one is
            r"stays?|stayed|staying|remains?|remained|remaining|(?:stands?|holds?|keeps?) (?:still|put|fast)",
            r"(?:mueve|mueven|muevas|muevan|mueva|muevo|movemos|moverse|moverte|desplaza|desplazan|desplaces|"
            r"desplacen|desplace|desplazarse|sale|salen|salgas|salga|salgan|salir|abandona|abandonan|abandones|"
            r"abandone|abandonen)"
            r"|(?:(?<=se )|(?<=te )|(?<=me )|(?<=os ))(?:va|van|vaya|vayan|vas|vayas|marcha|marchan)",
            r"move|moves|moving|leave|leaves|go|goes|budge",
            r"(?:(?:se|te|me|nos|os) qued\w+|qu[eé]d(?:ate|ese|ense|aos|arse|arte))(?! con)"
            r"|permanec\w+|permanezc\w+|quiet[oa]s?|inmóvil(?:es)?",
        ),
        (  # keeping
            r"keeps?|keeping|kept|retains?|retained|hold on to|holds on to",
            r"(?:descart\w+|devuelv\w+|devolv\w+|pierd\w+|perd\w+|entreg\w+|deshac\w+|deshag\w+)",
            r"discard|discards|discarded|return|returns|returned|lose|loses|lost|give (?:up|away)|gives (?:up|away)"
            r"|get rid",
            r"(?:(?:se|te|me|nos|os) qued\w+|qu[eé]d(?:ate|ese|ense|aos|arse|arte)) con"
            # guardar, not the nouns "guardia", "guardián", "guardaespaldas" (one who guards)
            r"|conserv\w+|guard(?!ia|ián|iana|aespaldas|abosque|acostas|arropa)\w+|retien\w+|reten\w+",
        ),
        (  # unchanged
            r"(?:the )?same|unchanged|unaltered",
            r"(?:cambi\w+|modific\w+|varí\w+|vari\w+|alter\w+)",
            r"change|changes|vary|varies",
            r"igual(?:es)?",
        ),
        (  # skipping a turn
            r"skips?|skipped|skipping|sits? out|lose (?:your|their|his|her|its|a|one|the|the next) turn",
            r"(?:juega|juegan|juegas|juegue|jueguen|jugar|actúa|actúan|actúas|actúe|actúen|actuar)",
            r"play|plays|act|acts|take (?:a|your|their|his|her) turn",
            r"pierd\w+ (?:el|su|tu|un|el próximo|su próximo|tu próximo) turno",
            r"(?:se )?qued(?:a|as|e|es|an|en|arse|arte) sin (?:jugar|actuar|turno)",  # "se queda sin jugar"
        ),
        (  # lit: "not lit" is "apagada", "not out" is "encendida"
            r"unlit|extinguished|(?:goes|gone|went|put|burnt|burned) out",
            r"(?:encend\w+|enciend\w+|prendid[oa]s?)",
            r"lit|alight|burning",
            r"apagad[oa]s?|apag[aeuó]\w*",
        ),
        (  # open: "not open" is "cerrada"
            r"closed|shut",
            r"(?:abiert[oa]s?|abr[eai]\w*)",
            r"open|opened",
            r"cerrad[oa]s?",
        ),
        (  # accepting
            r"accept|accepts|accepted|accepting",
            r"(?:(?:puede|pueden|puedes|podrá|podrán|podrás|podéis) )?"
            r"(?:rechaz\w+|neg[aá]rse\w*|nieg\w+|rehús\w*|rehus\w+)",
            r"refuse|refuses|reject|rejects|decline|declines",
            r"acept\w+",
        ),
        (  # secrecy
            r"secret|secretly|in secret|hidden|hide|hides|conceal\w*|face[- ]down|privately",
            r"(?:muestr\w+|mostr\w+|revel\w+|enseñ\w+|descubr\w+)",
            r"reveal|reveals|show|shows",
            r"en secreto|boca abajo|ocult\w+|escond\w+",
            # "sin que nadie la vea", "sin enseñarla"
            rf"sin (?:que (?:nadie|ningún \w+|ninguna \w+|los demás|el resto) {_CLITIC}{{0,2}}"
            r"(?:vea|vean|conozca|conozcan|sepa|sepan)|(?:mostrar|revelar|enseñar|descubrir)\w*)",
        ),
    )
)


@lru_cache(maxsize=1 << 14)
def _without_restatements(source: str, target: str, english: bool, spanish: bool) -> tuple[str, str]:
    """Both units with their negations of an opposite blanked where the other says the positive (english,
    spanish: whether that side has a negation to blank at all)."""
    for en_pos, es_neg, en_neg, es_pos, es_opposite, es_sin in _RESTATED:
        positives = len(en_pos.findall(source))
        theirs = len(es_pos.findall(target)) if es_pos else 0
        if spanish and positives > theirs:
            negations = list(es_neg.finditer(target))
            if es_sin is not None:
                negations += es_sin.finditer(target)
            # "Keep it, do not discard it" as "Guárdala, no la descartes": a "not" of the original said
            # as a "no" of the opposite is no restatement, unless the opposite is said without its "no"
            # elsewhere ("and cannot move" as "y se mueve": that "not" is the one lost)
            unnegated = max(0, len(es_opposite.findall(target)) - len(es_neg.findall(target)))
            blanked = min(positives - theirs, len(negations) - max(0, len(en_neg.findall(source)) - unnegated))
            for match in sorted(negations, key=lambda m: m.start())[: max(0, blanked)]:
                target = target[: match.start()] + " " * (match.end() - match.start()) + target[match.end() :]
        if english and theirs > positives:
            for match in list(en_neg.finditer(source))[: theirs - positives]:
                source = source[: match.start()] + " " * (match.end() - match.start()) + source[match.end() :]
    return source, target


def check_negation(pack: PackData) -> list[Finding]:
    return against_english(pack, compare_negation, LANGUAGES)


@lru_cache(maxsize=1 << 14)  # texts repeat their sentences
def _negations(unit: str, negation: re.Pattern[str], not_negation: re.Pattern[str]) -> tuple[str, ...]:
    if negation.search(unit) is None:
        return ()  # most sentences: no negation word at all
    return tuple(negation.findall(not_negation.sub(" ", unit)))


# A quotation in straight or curly double quotes, or in «»: its words are someone's, not the rule's.
_QUOTED = lazy(r'"([^"\n]{1,80})"|“([^”\n]{1,80})”|«([^»\n]{1,80})»')


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
_ES_CLAUSE = lazy(
    r"[,;:.!?()—–]|(?=(?<!\w)(?:y|e|o|u|pero|sino|que|quien|quienes|si|cuando|aunque|porque|mientras)(?!\w))",
    re.IGNORECASE,
)
_ES_WORD = lazy(r"\w+")
# Said negatively without a negation word; not "hasta", which renders "until" as often as "not ... until".
_ES_NEGATIVE_WORDS = lazy(_ES_NEGATIVE_MEANING.pattern.replace("|hasta|", "|"), re.IGNORECASE)


# A clause that is one negation word alone: a word cited in a list, "(no, nunca, sin)", not a ban.
_BARE = lazy(r"\W*\w+['’]?\w*\W*")
_EN_CLAUSE = lazy(r"[,;:.!?()—–]|(?=\b(?:and|or|but|if|when|unless|while|because)\b)", re.IGNORECASE)


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
    """How many things a Spanish unit negates with negation words: its negations less those that agree
    with one before (the words said negatively are _said_otherwise's)."""
    count = 0
    for clause in _ES_CLAUSE.split(_ES_NOT_NEGATION.sub(" ", unit)):
        if _BARE.fullmatch(clause):
            continue
        negated = False
        for word in _ES_WORD.findall(clause.lower()):
            if word in _ES_ALWAYS or (not negated and _ES_NEGATION.fullmatch(word)):
                count += 1
                negated = True
    return count


# "sin" before a noun: "sin peligro", "sin una red", not "sin mirar", "sin pagarla" or "sin que".
_ES_SIN_NOUN = lazy(
    r"(?<!\w)sin (?:(?:un|una|unos|unas|el|la|los|las|su|sus|tu|tus) )?(?!que\b)\w+?(?<![aeiíu]r)"
    r"(?<![aeiíu]rl[oae])(?<![aeiíu]rl[oa]s)(?<![aeiíu]rse)(?<![aeiíu]rte)(?<![aeiíu]rle)(?<![aeiíu]rles)\b",
    re.IGNORECASE,
)
# Words that agree with the "sin" before them: "sin nada", "sin ningún marinero".
_AFTER_SIN = frozenset({"sin", "nada", "ningún", "ninguna", "ninguno", "nadie"})
_EN_WITH = lazy(r"\bwith\b", re.IGNORECASE)
_ES_CON = lazy(r"(?<!\w)con(?!\w)", re.IGNORECASE)


def _only_sin_before_nouns(ours: tuple[str, ...], source: str, target: str) -> bool:
    """The translation's negations are all "sin" + noun, an English adverb said in Spanish ("sin peligro")."""
    words = [word.lower() for word in ours]
    sin = words.count("sin")
    if not sin or any(word not in _AFTER_SIN for word in words) or len(words) > 2 * sin:
        return False  # a "no" or "nunca" of its own, or "sin que nadie"
    if len(_ES_SIN_NOUN.findall(target)) < sin:
        return False
    return not (_EN_WITH.search(source) and not _ES_CON.search(target))  # "with a pilot" as "sin piloto"


_EN_NOR = lazy(r"\bnor\b", re.IGNORECASE)
_ES_NOR = frozenset({"ni", "tampoco"})


def compare_negation(text: Text, original: Text) -> list[Finding]:
    findings = []
    nor = "nor" in original.raw.lower() and _EN_NOR.search(original.raw) is not None
    for whole_source, whole_target in aligned(markup.plain_text(original.raw), markup.plain_text(text.raw)):
        source, target = _without_kept_quotes(whole_source, whole_target)
        theirs = _negations(source, _EN_NEGATION, _EN_NOT_NEGATION)
        ours = _negations(target, _ES_NEGATION, _ES_NOT_NEGATION)
        if theirs or ours:  # most sentences negate nothing: no restatement to look for
            source, target = _without_restatements(source, target, bool(theirs), bool(ours))
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
        if (
            theirs
            and ours
            and len(theirs) > 1
            and _spanish_count(target) + _said_otherwise(source, target, _ES_NEGATIVE_WORDS)
            < (count := _english_count(source))
        ):
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
        if (theirs and _said_otherwise(source, target, _ES_NEGATIVE_MEANING)) or (
            ours and (_may_become_negation(source, target) or _otherwise_alone(ours, target))
        ):
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
