"""text/accent-noun, text/accent-question, text/accent-pronoun: missing accents a dictionary cannot see.

Each slip here leaves a word the dictionary knows: "tu limite" (limite is a
subjunctive of limitar), "¿Que haces?" (que is a conjunction), "Portate" (the
voseo imperative).  So these rules read the grammar around the word, with the
dictionary's own morphology (lexicon.Speller.readings):

- accent-noun: after a determiner (tu, su, el, un, este…), a word the
  dictionary knows only as a verb form, when the same word with one accent is
  a noun or adjective: "tu limite" -> "tu límite", "el calculo" -> "el
  cálculo".  The determiner and the word must agree in number ("tu publicas"
  is a "tú" without its accent, not a noun), and "la", "las", "los" count only
  after a preposition or a verb ("de la practica", "coloca la ultima"), since
  elsewhere they may be pronouns ("la practica": she practises it).  Right
  after a preposition, with no determiner, a word is a noun too: no finite verb
  follows "de" ("barra de titulo" -> "título").  "solo" and the demonstratives
  are never flagged: since the RAE's 2010 rules they take no accent.
- accent-question: the interrogative that opens a question or exclamation,
  "¿Que haces?" -> "¿Qué haces?", "¡Que suerte!" -> "¡Qué suerte!", after a
  leading "y", "pero" or a preposition ("¿De que color…?").  "¿Cuando robas,
  descartas?" is a yes/no question opened by a clause (a comma follows), and
  "¡Que te diviertas!" a wish (a pronoun or verb follows): neither is flagged.
  And an indirect question after a verb of choosing, before a noun: "elige
  que carta" -> "elige qué carta" (not "decide que roba": a verb follows).
- accent-pronoun: a verb with pronouns attached that pushes the stress to the
  third syllable from the end needs the accent: "Portate" -> "Pórtate",
  "damelo" -> "dámelo", "descartala" -> "descártala".  text/spelling leaves
  these words to this rule, so a slip is reported once.
- accent-diacritic: the words an accent tells apart, read by the next word:
  "una carta mas" -> "más" (unless it opens a clause: ", mas no"), "esta en
  juego", "esta colocada" -> "está" (a preposition or a participle follows),
  "que este en" -> "esté", "si tu robas" -> "tú" (a verb of "tú" follows),
  "para mi.", "a mi me gusta" -> "mí" (nothing, or "me", follows the
  preposition's pronoun).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from pnp.check.text.fields import Text, known_words, quote, texts
from pnp.check.text.forms import fold
from pnp.check.text.lexicon import Speller, english_words, speller
from pnp.check.text.nouns import DETERMINERS
from pnp.check.text.patterns import lazy
from pnp.check.text.term_agreement import noun_genders
from pnp.errors import Finding, Severity
from pnp.i18n import _
from pnp.model import PackData

NOUN = "text/accent-noun"
QUESTION = "text/accent-question"
PRONOUN = "text/accent-pronoun"
DIACRITIC = "text/accent-diacritic"

_WORD = lazy(r"\w+", re.UNICODE)
_ACCENTS = {"a": "á", "e": "é", "i": "í", "o": "ó", "u": "ú"}

# fmt: off
_SINGULAR = frozenset({
    "el", "un", "una", "mi", "tu", "su", "este", "esta", "ese", "esa", "aquel", "aquella", "del", "al", "cada",
    "cualquier", "nuestro", "nuestra", "vuestro", "vuestra", "otro", "otra", "ningun", "ninguna", "algun",
    "alguna",
})
_PLURAL = frozenset({
    "unos", "unas", "mis", "tus", "sus", "estos", "estas", "esos", "esas", "aquellos", "aquellas", "nuestros",
    "nuestras", "vuestros", "vuestras", "otros", "otras", "algunos", "algunas",
})
_PRONOUN_ARTICLES = {"la": False, "las": True, "los": True}  # -> plural; determiners only after a preposition
_PREPOSITIONS = frozenset({
    "a", "ante", "bajo", "con", "contra", "de", "desde", "en", "entre", "hacia", "hasta", "para", "por", "segun",
    "sin", "sobre", "tras",
})
# A finite verb never follows these directly, so a word right after one is a noun ("barra de titulo", "en
# numero"). Not "según" ("según indica la carta") nor "hasta" ("hasta limita el daño": even), nor "bajo" and
# "entre", verb forms themselves.
_BARE_PREPOSITIONS = frozenset({
    "a", "ante", "con", "contra", "de", "desde", "en", "hacia", "para", "por", "sin", "sobre", "tras",
})
_LEADING = frozenset({"y", "e", "o", "u", "pero", "entonces", "pues"}) | _PREPOSITIONS
_INTERROGATIVES = {
    "que": "qué", "como": "cómo", "cuando": "cuándo", "donde": "dónde", "adonde": "adónde", "cuanto": "cuánto",
    "cuanta": "cuánta", "cuantos": "cuántos", "cuantas": "cuántas", "quien": "quién", "quienes": "quiénes",
    "cual": "cuál", "cuales": "cuáles",
}
_CLAUSE_OPENERS = frozenset({"como", "cuando", "donde"})  # "¿Cuando robas, descartas?": a clause, not a question
_EXCLAIMED = frozenset({"que", "cuanto", "cuanta", "cuantos", "cuantas"})
_CLITICS = frozenset({"me", "te", "se", "nos", "os", "lo", "la", "los", "las", "le", "les"})
# fmt: on
_OPENED = lazy(r"([¿¡])([^¿¡?!]*)([?!])?")


@dataclass(frozen=True)
class Slip:
    """A missing accent in a plain text: the words quoted, the word to change, and what to write."""

    code: str
    start: int
    end: int
    word: str
    written: str
    quoted: str
    why: str


def accent_slips(plain: str, checker: Speller, known: frozenset[str] = frozenset()) -> list[Slip]:
    """Every missing accent of the three rules in one text, in order."""
    words = list(_WORD.finditer(plain))
    # fold keeps every character in its place: the folded text's words are the words folded, in one call
    folded = _WORD.findall(fold(plain))
    slips = [*_noun_slips(plain, words, folded, checker, known), *_question_slips(plain, checker)]
    slips += _indirect_question_slips(plain, words, folded, checker)
    slips += _pronoun_slips(words, _WORD.findall(plain), checker, known)
    slips += _diacritic_slips(plain, words, folded, checker, known)
    return sorted(slips, key=lambda s: s.start)


# "esta en juego" is está; not "de": "esta de aquí" is a demonstrative
_STATE_PREPOSITIONS = frozenset({"en", "a", "al", "sobre", "bajo", "entre", "con", "sin", "dentro", "fuera"})
_PARTICIPLE = lazy(r"\w+[ai]d[oa]s?$")
_CLAUSE_START = lazy(r"(^|[.;:,!?¡¿(\n])\s*$")


def _diacritic_slips(
    plain: str, words: list[re.Match[str]], folded: list[str], checker: Speller, known: frozenset[str]
) -> Iterator[Slip]:
    """Words a missing accent turns into another word, told apart by the next one:
    "una carta mas" (más), "esta en juego" (está), "si tu robas" (tú), "para mi." (mí).

    "el roba" is "él roba" when the dictionary knows the word only as a verb form and pnp's lexicon
    has no such noun, but for the forms that nouns the dictionary lacks share ("el descarte", the
    subjunctive of descartar: _only_a_verb).  An article never comes before "no", a
    pronoun such as "se" or "lo", or an adverb such as "ya" or "también", nor ends a phrase:
    "si el no tiene", "el se queda", "para el." are "él", and "si tu no puedes" is "tú"."""
    for index, match in enumerate(words):
        if folded[index] not in _DIACRITICS:  # the word in lowercase is one of them only if folded it is
            continue
        word = match.group()
        lower = word.lower()
        if lower not in _DIACRITICS or lower in known:
            continue
        following = words[index + 1] if index + 1 < len(words) else None
        joined = following is not None and plain[match.end() : following.start()] in (" ", "\u00a0")
        after = following.group().lower() if following is not None and joined else None
        written = None
        if lower == "mas" and not _CLAUSE_START.search(plain[: match.start()]):
            written = "más"  # "mas" for "pero" opens a clause: ", mas no"
        elif lower in ("esta", "estas", "este") and after is not None:
            if (
                after in _STATE_PREPOSITIONS
                or _participle(after, checker)
                or _masculine_after(lower, after)
                or (
                    lower == "esta"
                    and _after_subject(folded, index)
                    and _ends_phrase(plain, words, folded, index + 2)
                    and _feminine_adjective(after, checker)
                )
            ):
                written = {"esta": "está", "estas": "estás", "este": "esté"}[lower]
        elif lower == "tu" and after is not None and after.endswith("s") and checker.only_verb(after):
            written = "tú"  # "si tu robas": a subject, not "your"
        elif (
            lower in ("el", "tu")
            and following is not None
            and after is not None
            and _before_a_subject(plain, following, after)
        ):
            written = "él" if lower == "el" else "tú"  # "si el no tiene", "el se queda", "tu ya has jugado"
        elif lower == "el" and after is not None and _only_a_verb(after, checker):
            written = "él"  # "si no, el roba una carta": no noun after the article, but a verb
        elif lower == "el" and following is not None and not joined and _closes(plain[match.end() : following.start()]):
            written = "él"  # "para el, ...": no noun follows the article
        elif (
            lower == "el" and following is None and (_closes(plain[match.end() :]) or not plain[match.end() :].strip())
        ):
            written = "él"  # "juega con el."
        elif lower == "mi" and (not joined or after == "me") and _after_preposition(words, index):
            written = "mí"  # "para mi.", "a mi me gusta": a pronoun; "para mi turno": a possessive
        if written is None:
            continue
        written = written[:1].upper() + written[1:] if word[:1].isupper() else written
        quoted = f"{word} {following.group()}" if following is not None and joined else word
        yield Slip(
            DIACRITIC,
            match.start(),
            match.end(),
            word,
            written,
            quoted,
            _('"{word}" is another word without its accent: here it is "{written}"').format(word=word, written=written),
        )


_DIACRITICS = frozenset({"mas", "esta", "estas", "este", "tu", "mi", "el"})  # the words _diacritic_slips reads

# What follows a subject pronoun and never an article or a possessive: "no", the unstressed pronouns
# that go before a verb, and adverbs that stand between a subject and its verb
_AFTER_SUBJECT = frozenset(
    {"no", "se", "lo", "la", "le", "les", "los", "las", "nos", "os", "me", "te", "ya", "también", "tampoco", "nunca"}
)


def _only_a_verb(word: str, checker: Speller) -> bool:
    """A word the dictionary knows only as a verb form, and no noun of pnp's lexicon: "roba", "tiene",
    "pierda".  In -a (the present of -ar verbs, the subjunctive of the others), or in -e from an -er or
    -ir verb: an -e of an -ar verb is its subjunctive, which nouns the dictionary lacks share ("el
    descarte", "el empate"), and a stressed -ía is a person's noun too ("el vigía"); an -o is the
    first person, never after "él" ("el robo")."""
    if len(word) < 3 or not word.isalpha() or not word.islower():
        return False
    readings = checker.readings(word)
    if not readings or any(not r.verb for r in readings) or word in noun_genders():
        return False
    if word.endswith("a"):
        # but a stressed -ía, -úa: "vigía", "espía", "guía" are nouns of a person as often as verbs
        return not word.endswith(("ía", "úa"))
    infinitives = [r.stem for r in readings]
    return (
        word.endswith("e")
        and any(i.endswith(("er", "ir", "ír")) for i in infinitives)
        and not any(i.endswith("ar") for i in infinitives)
    )


def _before_a_subject(plain: str, following: re.Match[str], after: str) -> bool:
    """The next word is one of _AFTER_SUBJECT, standing alone ("el no-muerto" is a noun)."""
    return after in _AFTER_SUBJECT and plain[following.end() : following.end() + 1] not in ("-", "\u2011")


def _closes(gap: str) -> bool:
    """What comes after a word ends its phrase: a comma, a full stop, a closing mark (a line break
    does not: "en el\ndisco")."""
    rest = gap.strip()
    return rest != "" and rest[0] in ",.;:)?!»”"


def _after_preposition(words: list[re.Match[str]], index: int) -> bool:
    return index > 0 and fold(words[index - 1].group()) in _PREPOSITIONS


# "esta" is feminine: a masculine word after it ("esta despejado", "esta listo") is no noun it
# determines, but a participle or adjective after the verb.  The feminine nouns in -o are the exceptions.
_FEMININE_IN_O = frozenset({"mano", "foto", "moto", "radio", "dinamo", "libido", "nao", "seo", "polio", "virago"})
_NOT_STATE = frozenset({"o", "no", "ni", "pero", "como", "cuando", "donde", "luego", "solo", "sino", "mismo"})


_SUBJECT_DETERMINERS = frozenset({"la", "una", "tu", "su", "mi", "cada", "nuestra", "vuestra", "otra", "toda"})


def _after_subject(folded: list[str], index: int) -> bool:
    """ "la torre esta ...": "esta" right after a determiner and its noun, where a verb goes."""
    return index >= 2 and folded[index - 2] in _SUBJECT_DETERMINERS and folded[index - 1].isalpha()


_CLOSE_PHRASE = frozenset(
    {
        "y",
        "e",
        "o",
        "u",
        "ni",
        "pero",
        "que",
        "si",
        "en",
        "de",
        "a",
        "al",
        "del",
        "con",
        "por",
        "para",
        "hasta",
        "durante",
        "cuando",
        "mientras",
        "sin",
        "sobre",
        "tras",
    }
)


def _ends_phrase(plain: str, words: list[re.Match[str]], folded: list[str], at: int) -> bool:
    """No noun at folded[at]: "esta misma ronda" is a demonstrative before its noun, "esta vacía, roba" no."""
    if at >= len(folded) or not folded[at].isalpha() or folded[at] in _CLOSE_PHRASE:
        return True
    return plain[words[at - 1].end() : words[at].start()].strip() != ""  # a comma, a full stop


def _feminine_adjective(word: str, checker: Speller) -> bool:
    """ "vacía", "encendida": an adjective or participle in -a (known with its -o).  One the dictionary
    also lists as a noun of its own ("densa", "rota", "lista") still is, when it is the feminine of an
    adjective, but for the nouns a game counts its time by: "la carta esta jugada" may be "this
    move's" ("esta ronda", "esta partida"), and those in -ada, -ida are such nouns as often as not."""
    if not word.endswith("a") or not word.isalpha() or len(word) < 4:
        return False
    masculine = word[:-1] + "o"
    if not checker.knows(masculine):
        return False
    readings = checker.readings(word)
    if not any(not r.verb and r.stem == word for r in readings):
        return True
    adjective = any(not r.verb and r.stem == masculine for r in readings)
    return adjective and not _ACTION_NOUN.search(word) and word not in _TIME_NOUNS


_ACTION_NOUN = lazy(r"[ai]da$")  # jugada, partida, tirada, salida: the act, and the turn it takes
_TIME_NOUNS = frozenset({"vuelta", "tanda", "mano", "ronda", "fase", "jornada", "temporada", "campaña"})


def _masculine_after(demonstrative: str, word: str) -> bool:
    """ "esta despejado", "estas preparado" (estás): a masculine singular word after a feminine one."""
    return (
        demonstrative in ("esta", "estas")
        and len(word) > 2
        and word.endswith("o")
        and word.isalpha()
        and word not in _FEMININE_IN_O
        and word not in _NOT_STATE
    )


def _participle(word: str, checker: Speller) -> bool:
    """A participle and nothing else: "colocada" (colocar, or the adjective colocado), not "tirada" (a noun
    too)."""
    if not _PARTICIPLE.match(word):
        return False
    readings = checker.readings(word)
    return any(r.verb for r in readings) and all(r.verb or r.stem != word for r in readings)


def _noun_slips(
    plain: str, words: list[re.Match[str]], folded: list[str], checker: Speller, known: frozenset[str]
) -> Iterator[Slip]:
    for index in range(1, len(words)):
        if folded[index - 1] not in _NOUN_CONTEXT:
            continue
        before, match = words[index - 1], words[index]
        if plain[before.end() : match.start()] not in (" ", "\u00a0"):
            continue
        plural = _determiner(words, folded, index - 1, plain, checker)
        bare = plural is None and folded[index - 1] in _BARE_PREPOSITIONS  # "de titulo": no verb follows "de"
        if plural is None and not bare:
            continue
        word = match.group()
        noun = _noun_meant(word, plural, bare, checker, known)
        if noun is None:
            continue
        determiner = before.group()
        yield Slip(
            NOUN,
            match.start(),
            match.end(),
            word,
            noun,
            f"{determiner} {word}",
            _('"{word}" is a verb form, but after "{determiner}" a noun is meant: "{noun}"').format(
                word=word, determiner=determiner, noun=noun
            ),
        )


@lru_cache(maxsize=1 << 14)  # texts repeat their phrases: "la carta", "de paga"
def _noun_meant(word: str, plural: bool | None, bare: bool, checker: Speller, known: frozenset[str]) -> str | None:
    """The noun the verb form `word` lacks the accent of, after a determiner (plural or not) or a bare
    preposition; None when it is none."""
    if word.casefold() in known or not word.islower() or len(word) < 3:
        return None
    if (not bare and word.endswith("s") != plural) or not checker.only_verb(word):
        return None
    return next((n for n in _accented(word) if checker.not_verb(n)), None)


# the words after which _noun_slips reads a noun: determiners, and prepositions with or without one
_NOUN_CONTEXT = _SINGULAR | _PLURAL | frozenset(_PRONOUN_ARTICLES) | _BARE_PREPOSITIONS


def _determiner(words: list[re.Match[str]], folded: list[str], index: int, plain: str, checker: Speller) -> bool | None:
    """Whether the word at index is a plural determiner (True), a singular one (False), or none (None)."""
    word = folded[index]
    if word in _SINGULAR:
        return False
    if word in _PLURAL:
        return True
    if word in _PRONOUN_ARTICLES and index > 0:
        before = words[index - 1]
        if plain[before.end() : words[index].start()].strip() != "":
            return None
        if folded[index - 1] in _PREPOSITIONS or checker.only_verb(before.group().lower()):
            return _PRONOUN_ARTICLES[word]  # "de la linea", "coloca la ultima": an article, not a pronoun
    return None


def _accented(word: str) -> Iterator[str]:
    for i, char in enumerate(word):
        if char in _ACCENTS:
            yield word[:i] + _ACCENTS[char] + word[i + 1 :]


def _question_slips(plain: str, checker: Speller) -> Iterator[Slip]:
    for opened in _OPENED.finditer(plain):
        mark, inside = opened.group(1), opened.group(2)
        words = list(_WORD.finditer(inside))
        first = 0
        while first < len(words) - 1 and fold(words[first].group()) in _LEADING:
            first += 1
        if first >= len(words):
            continue
        match = words[first]
        word = match.group()
        lower = word.lower()
        if lower not in _INTERROGATIVES:
            continue
        following = words[first + 1].group() if first + 1 < len(words) else None
        if mark == "¿" and lower in _CLAUSE_OPENERS and "," in inside[match.end() :]:
            continue
        if mark == "¡" and (lower not in _EXCLAIMED or not _exclaims(following, checker)):
            continue
        written = _INTERROGATIVES[lower]
        written = written[:1].upper() + written[1:] if word[:1].isupper() else written
        start = opened.start(2) + match.start()
        end = opened.start(2) + match.end()
        closing = opened.group(3) or ""
        yield Slip(
            QUESTION,
            start,
            end,
            word,
            written,
            quote(plain[opened.start() : opened.end()]) if closing else quote(mark + inside),
            (
                _('"{word}" asks a question: it takes its accent, "{written}"')
                if mark == "¿"
                else _('"{word}" asks in an exclamation: it takes its accent, "{written}"')
            ).format(word=word, written=written),
        )


# Verbs of choosing: what follows "elige que" + a noun is which one, an indirect question ("elige qué carta").
# fmt: off
_CHOOSING = frozenset({
    "elegir", "elige", "eliges", "eligen", "elija", "elijas", "elijan", "elegid", "escoger", "escoge", "escoges",
    "escogen", "escoja", "escojas", "escojan", "decidir", "decide", "decides", "deciden", "decida", "decidas",
    "decidan",
})
# fmt: on


def _indirect_question_slips(
    plain: str, words: list[re.Match[str]], folded: list[str], checker: Speller
) -> Iterator[Slip]:
    """ "elige que carta" -> "elige qué carta": after a verb of choosing, "que", "cual", "cuantos"… before a
    noun asks which.  Not before a verb, determiner or pronoun: "decide que roba", "elige que la carta"."""
    for index in range(1, len(words) - 1):
        if folded[index - 1] not in _CHOOSING:
            continue
        verb, match, noun = words[index - 1], words[index], words[index + 1]
        word = match.group()
        lower = word.lower()
        if lower not in _INTERROGATIVES or lower in _CLAUSE_OPENERS:
            continue
        if plain[verb.end() : match.start()] != " " or plain[match.end() : noun.start()] != " ":
            continue
        following = noun.group()
        if not following.islower() or following in DETERMINERS or following in _CLITICS or following == "no":
            continue
        if checker.only_verb(following) or not checker.not_verb(following):
            continue
        written = _INTERROGATIVES[lower]
        yield Slip(
            QUESTION,
            match.start(),
            match.end(),
            word,
            written,
            f"{verb.group()} {word} {following}",
            _('"{word}" asks which, after "{verb}": it takes its accent, "{written}"').format(
                word=word, verb=verb.group(), written=written
            ),
        )


def _exclaims(following: str | None, checker: Speller) -> bool:
    """ "¡Que suerte!" exclaims; "¡Que te diviertas!" and "¡Que gane el mejor!" wish."""
    if following is None:
        return False
    lower = following.lower()
    if lower in _CLITICS or lower in ("no", "si", "sí"):
        return False
    return not checker.only_verb(lower) and (checker.not_verb(lower) or not checker.knows(lower))


def _pronoun_slips(
    words: list[re.Match[str]], written_words: list[str], checker: Speller, known: frozenset[str]
) -> Iterator[Slip]:
    """Each word once, at its first place (written_words: the words as written, one per match)."""
    seen: set[str] = set()
    for word, match in zip(written_words, words, strict=True):
        written = _with_pronoun_accent(word, checker, known)
        if written is None or word in seen:
            continue
        seen.add(word)
        yield Slip(
            PRONOUN,
            match.start(),
            match.end(),
            word,
            written,
            word,
            _('"{word}" needs its accent with the pronouns attached: "{written}"').format(word=word, written=written),
        )


@lru_cache(maxsize=1 << 14)  # texts repeat their words
def _with_pronoun_accent(word: str, checker: Speller, known: frozenset[str]) -> str | None:
    """The word with the accent its attached pronouns need, when it lacks it; else None."""
    if len(word) < 4 or word.casefold() in known or not word.isalpha():
        return None
    written = checker.pronoun_accent(word)
    if written is not None and not checker.knows(word) and word.lower() in english_words():
        return None  # "Release": an English word, text/untranslated's
    return written


def _slips_by_rule(pack: PackData, code: str) -> list[Finding]:
    known = known_words(pack)
    findings = []
    for text, _original in texts(pack):
        for slip in _text_slips(text.plain, text.lang, known):
            if slip.code == code:
                findings.append(_finding(text, slip))
    return findings


@lru_cache(maxsize=1 << 14)  # three rules read the same slips of each text
def _text_slips(plain: str, lang: str, known: frozenset[str]) -> tuple[Slip, ...]:
    checker = speller(lang)
    return () if checker is None else tuple(accent_slips(plain, checker, known))


def _finding(text: Text, slip: Slip) -> Finding:
    fixed = slip.quoted.replace(slip.word, slip.written, 1)
    message = slip.why if slip.quoted == slip.word else f'"{slip.quoted}": {slip.why}'
    return text.finding(Severity.WARNING, slip.code, message, _('write "{fixed}"').format(fixed=fixed))


def check_noun_accents(pack: PackData) -> list[Finding]:
    return _slips_by_rule(pack, NOUN)


def check_question_accents(pack: PackData) -> list[Finding]:
    return _slips_by_rule(pack, QUESTION)


def check_pronoun_accents(pack: PackData) -> list[Finding]:
    return _slips_by_rule(pack, PRONOUN)


def check_diacritic_accents(pack: PackData) -> list[Finding]:
    return _slips_by_rule(pack, DIACRITIC)
