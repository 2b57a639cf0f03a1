"""text/agreement for nouns neither the glossary nor the reviewed lexicon knows: the phrase tells.

Most nouns of a card are in no list ("fuente", "manzana", "queso"), and the bundled dictionary
gives no gender.  But a noun phrase that says its gender twice contradicts itself whatever the
noun is: "la fuente nuevo" (la: feminine, nuevo: masculine), "las dos manzanas maduro" (las:
plural, maduro: singular), "el botella más antigua".  One of the two words is wrong, and the
message says which two disagree.  Read, in one sentence, with only spaces between the words:

- a determiner with a form per gender or number (el/la, un/una, este/esta, tus...), an optional
  numeral, the noun, an optional "más", "muy", "menos" or "tan", and a regular adjective or
  participle (-o, -a, -os, -as, known with its other gender): a gender of the adjective other
  than the determiner's is a finding, and so is a singular adjective after a plural determiner
  (a plural adjective after a singular one may go with more nouns: "el dado y la carta rojos");
- a noun ending in -o or -os, or in -ón and -ones, and no determiner ("dos quesos blancas", "3
  jarrones terminadas"): such a noun is masculine but for a few (mano, foto, moto, radio; razón,
  sazón) and the epicene ones (piloto, testigo, modelo...); one in -ión is feminine ("dos misiones
  cumplidos") but for avión, camión and a few more;
- a plural subject and a singular copula ("Las dos barricas está vacías").

Not judged: "el agua fría", "un área amplia" (a feminine noun with a stressed a takes el and un);
an epicene noun, which agrees with the person ("la artista hábil", "el centinela despierto"); a
pronoun before a verb ("las deja juntas"); a noun in apposition ("la misión objetivo"); an adverb
("la nave rápido") or a word the dictionary does not know as an adjective.
"""

from __future__ import annotations

import re

from pnp.check.text.lexicon import Speller
from pnp.check.text.nouns import (
    ADVERB_FORMS,
    DETERMINERS,
    KEEP_BEFORE_STRESSED_A,
    Gender,
    Number,
    adjective,
    agrees_earlier,
    common_gender,
    modified_end,
    object_phrase,
    participle,
    relative_subject,
    stressed_a,
    subject,
    wrong_predicate,
)
from pnp.check.text.patterns import lazy
from pnp.i18n import N_, _

_WORD = lazy(r"[^\W\d_]+|\d+")


def _words(spaced: str) -> frozenset[str]:
    return frozenset(spaced.split())


_NUMERALS = _words("dos tres cuatro cinco seis siete ocho nueve diez once doce veinte cien")
_DEGREE = frozenset({"más", "muy", "menos", "tan", "bien"})
_CLITICS = frozenset({"la", "las", "los"})
# words that follow a determiner and are no noun: "La carta esta en juego" (está without its accent),
# and haber, which the dictionary does not read as a verb: "la haya leído" (a pronoun, not the tree)
_FUNCTION = _words(
    "a al ante bajo con contra de del desde en entre hacia hasta para por según sin sobre tras y e o u ni "
    "que se lo le les me te nos os ya muy más menos no si como cuando donde pero ha han has he hemos haya "
    "hayan hayas había habían habrá habrán hubiera hubieran"
)
# nouns in apposition and adverbs that end like an adjective: "la misión objetivo", "la carta tipo"
_NOT_AFTER = _words(
    "objetivo objetivos modelo modelos tipo tipos piloto pilotos clave resto medio solo sola junto luego "
    "bajo cerca fuera arriba abajo encima justo pronto rápido lento directo derecho claro seguido incluso "
    "tanto primero lado"
)
# -o nouns that are feminine or of both genders: "la mano", "la piloto experta"
_NOT_MASCULINE = _words(
    "mano manos foto fotos moto motos radio radios libido nao seo dinamo polio piloto pilotos testigo "
    "testigos modelo modelos soprano sopranos miembro miembros soldado soldados médico médicos reo reos"
)
_SINGULAR_COPULAS = _words("es está era estaba sea esté fue será estará queda quede resulta parece permanece")
# what may follow a noun for this rule to read: a degree word, a copula (and an adjective, by its ending)
_AFTER_NOUN = (
    _DEGREE
    | _SINGULAR_COPULAS
    | _words("son están eran estaban sean estén fueron serán estarán quedan queden resultan parecen permanecen")
    | _words("sigue siguen se")
)
# -a nouns that are masculine, or of both genders (for a determiner that tells no gender: "cada mapa
# nuevo"); -ma nouns are left out whole (el problema, el tema, el sistema)
_NOT_FEMININE = _words(
    "día días mediodía mapa mapas planeta planetas cometa cometas tranvía sofá papá papa cura poeta profeta "
    "monarca patriarca jerarca tequila koala gorila panda vodka yoga alfa delta omega lama caza guardia escolta "
    "pirata piratas atleta colega guía espía centinela vigía recluta camarada compatriota nómada acróbata "
    "idiota patriota homicida suicida policía"
)
_NO_GENDER = _words("cada su sus tu tus mi mis cualquier")
_SAID = {
    ("m", "s"): N_("masculine singular"),
    ("f", "s"): N_("feminine singular"),
    ("m", "p"): N_("masculine plural"),
    ("f", "p"): N_("feminine plural"),
}


def _adjacent(sentence: str, words: list[re.Match[str]], index: int) -> bool:
    """words[index] follows words[index - 1] with only spaces between them."""
    return index < len(words) and sentence[words[index - 1].end() : words[index].start()] in (" ", "\u00a0")


def _ending(word: str, gender: Gender, number: Number) -> str:
    return re.sub(r"[oa]s?$", ("o" if gender == "m" else "a") + ("s" if number == "p" else ""), word)


def phrase_slips(
    sentence: str, checker: Speller, known: dict[str, tuple[Gender, Number]], skip: frozenset[str]
) -> list[tuple[str, str]]:
    """(message, hint) for each noun phrase of one sentence that contradicts itself, the noun being in
    neither `known` (the lexicon, read with its own gender) nor `skip` (the glossary's)."""
    words = list(_WORD.finditer(sentence))
    found: list[tuple[str, str]] = []
    for index, match in enumerate(words):
        lower = match.group().lower()
        slip = None
        if lower in DETERMINERS and index + 1 < len(words):
            slip = _after_determiner(sentence, words, index, checker, known, skip)
        elif (lower.endswith(("o", "os")) or _masculine_in_on(lower)) and (
            index == 0 or words[index - 1].group().lower() not in DETERMINERS
        ):
            slip = _after_masculine(sentence, words, index, checker, known, skip)
        if slip is not None:
            found.append(slip)
    return found


def _noun_at(
    sentence: str,
    words: list[re.Match[str]],
    index: int,
    known: dict[str, tuple[Gender, Number]],
    checker: Speller | None = None,
) -> int:
    """The index of the noun after the determiner at words[index] (past a numeral), or -1."""
    at = index + 1
    if at < len(words) and words[at].group().lower() in _NUMERALS | {"1", "2"} | {str(n) for n in range(3, 21)}:
        at += 1
    if not _adjacent(sentence, words, at) or not _adjacent(sentence, words, index + 1):
        return -1
    noun = words[at].group()
    if not noun.isalpha() or not noun.islower() or noun in DETERMINERS or noun in _FUNCTION:
        return -1
    plural = {entry[2] for entry in DETERMINERS.get(words[index].group().lower(), [])} == {"p"}
    if (plural and not noun.endswith(("s", "x"))) or (checker is not None and checker.only_verb(noun)):
        return -1  # "para que todos puedan verlas": a plural noun ends in -s; "puedan" is a verb
    return at


def _adjective_after(
    sentence: str,
    words: list[re.Match[str]],
    at: int,
    checker: Speller,
    known: dict[str, tuple[Gender, Number]],
    start: int | None = None,
) -> tuple[int, Gender, Number] | None:
    """(index, gender, number) of a regular adjective or participle right after words[at] (past "más",
    "muy"), or None.  One that is also a verb form ("rota": rotar) only when the phrase, starting at
    sentence[start:], is an object and nothing follows the word that a verb would need."""
    next_at = at + 1
    if _adjacent(sentence, words, next_at) and words[next_at].group() in _DEGREE:
        next_at += 1
    if not _adjacent(sentence, words, next_at):
        return None
    word = words[next_at].group()
    lower = word.lower()
    if lower in known or lower in DETERMINERS or lower in _NOT_AFTER:
        return None
    if re.match(rf"[ \u00a0]+a[ \u00a0]+{re.escape(word)}\b", sentence[words[next_at].end() :]):
        return None  # "cara a cara", "paso a paso": a set phrase of a noun
    kind = adjective(word, checker)
    if kind is None:
        found = participle(word, checker)
        return None if found is None else (next_at, *found)
    settled = start is not None and object_phrase(sentence, start, words[next_at].end(), checker)
    if kind[2] and (lower in ADVERB_FORMS or not settled):
        return None
    return next_at, kind[0], kind[1]


def _after_determiner(
    sentence: str,
    words: list[re.Match[str]],
    index: int,
    checker: Speller,
    known: dict[str, tuple[Gender, Number]],
    skip: frozenset[str],
) -> tuple[str, str] | None:
    determiner = words[index].group()
    table, gender, number = DETERMINERS[determiner.lower()][0]
    every = table[("m", "s")] == table[("m", "p")]  # cada: a singular of either gender
    at = _noun_at(sentence, words, index, known, checker)
    if at < 0:
        return None
    if every:
        number = "s"
    copula = _copula_number(sentence, words, index, at, number, checker)
    if copula is not None:
        return copula
    noun = words[at].group()
    if noun in known or noun in skip:
        return None  # the lexicon's and the glossary's nouns are read with their own gender
    after = words[at + 1].group() if at + 1 < len(words) else ""
    if not after.endswith(("o", "a", "os", "as")) and after not in _AFTER_NOUN and after not in ("que", "de", "del"):
        return None  # no adjective, degree word or copula after the noun: nothing to compare
    if determiner.lower() in KEEP_BEFORE_STRESSED_A and stressed_a(noun):
        gender = None  # "el agua": el may stand for la
    by_noun = gender is None and determiner.lower() in _NO_GENDER and not stressed_a(noun)
    if by_noun:
        gender = _gender_by_ending(noun, number)  # "cada cuerda mojado": cuerda is feminine by its ending
    slip = _adjective_slip(sentence, words, index, at, gender, number, checker, known, by_noun)
    by_copula = slip is None
    if by_copula:
        slip = _predicate(sentence, words, index, at, gender, number, checker, by_noun)
    if slip is None:
        return None
    # the dictionary only now, for the rare phrase that contradicts itself: most nouns are new words
    readings = checker.readings(noun)
    if not readings or all(r.verb for r in readings):
        return None  # "las deja": a pronoun before a verb; a word the dictionary does not know
    if determiner.lower() in _CLITICS and any(r.verb for r in readings) and at == index + 1 and not by_copula:
        return None  # "las tintas están secos" is no pronoun and verb: a copula follows, it needs a subject
    return slip


def _adjective_slip(
    sentence: str,
    words: list[re.Match[str]],
    index: int,
    at: int,
    gender: Gender | None,
    number: Number,
    checker: Speller,
    known: dict[str, tuple[Gender, Number]],
    by_noun: bool = False,
) -> tuple[str, str] | None:
    """The adjective after the noun has another gender than the determiner (or than the noun's ending,
    `by_noun`, after "cada", "su"), or is singular after a plural."""
    after = _adjective_after(sentence, words, at, checker, known, words[index].start())
    if after is None:
        return None
    adjective_at, adjective_gender, adjective_number = after
    wrong_gender = gender is not None and adjective_gender != gender and adjective_number == number
    if not wrong_gender and not (number == "p" and adjective_number == "s"):
        return None
    if agrees_earlier(sentence, words[index].start(), adjective_gender, adjective_number, checker):
        return None  # "la ficha del pergamino roja": the ficha's
    noun = words[at].group()
    first = sentence[words[index].start() : words[at].start()].strip()
    word = words[adjective_at].group()
    phrase = sentence[words[index].start() : words[adjective_at].end()]
    right_gender = gender or adjective_gender
    if by_noun and wrong_gender:
        return _by_noun(sentence[words[index].start() : words[adjective_at].end()], noun, right_gender, number, word)
    message = _('"{phrase}": "{first}" is {said}, "{word}" is not, whatever the gender of "{noun}"').format(
        phrase=phrase,
        first=first,
        said=_(_SAID[(right_gender, number)]) if gender else _number(number),
        word=word,
        noun=noun,
    )
    fixed = sentence[words[index].start() : words[adjective_at].start()] + _ending(word, right_gender, number)
    return message, _('write "{phrase}", or correct "{first}" if "{noun}" is the other').format(
        phrase=fixed, first=first, noun=noun
    )


def _predicate(
    sentence: str,
    words: list[re.Match[str]],
    index: int,
    at: int,
    gender: Gender | None,
    number: Number,
    checker: Speller,
    by_noun: bool = False,
) -> tuple[str, str] | None:
    """The phrase opens its clause, or a relative "que" follows it, and the adjective after the copula
    has its number but not the determiner's gender: "Las ventanas quedan cerrados", "ve a la lonja,
    que permanece cerrado"."""
    relative = relative_subject(sentence, words[at].start(), words[at].end())
    if gender is None or not (relative or subject(sentence, words[index].start(), checker)):
        return None
    end = modified_end(sentence, words[at].end(), checker, gender, number)
    wrong = wrong_predicate(sentence, end, checker, gender, number, relative)
    if wrong is None:
        return None
    start, end, right = wrong
    first = sentence[words[index].start() : words[at].start()].strip()
    word = sentence[start:end]
    phrase = sentence[words[index].start() : end]
    if by_noun:
        return _by_noun(phrase, words[at].group(), gender, number, word)
    if word.lower().endswith("s") != (number == "p"):  # of the other number: the noun's gender is not in question
        return (
            _('"{phrase}": "{subject}" is {number}, "{word}" is not').format(
                phrase=phrase,
                subject=sentence[words[index].start() : words[at].end()],
                number=_number(number),
                word=word,
            ),
            _('write "{phrase}"').format(phrase=sentence[words[index].start() : start] + right),
        )
    return (
        _('"{phrase}": "{first}" is {said}, "{word}" is not, whatever the gender of "{noun}"').format(
            phrase=phrase, first=first, said=_(_SAID[(gender, number)]), word=word, noun=words[at].group()
        ),
        _('write "{phrase}", or correct "{first}" if "{noun}" is the other').format(
            phrase=sentence[words[index].start() : start] + right, first=first, noun=words[at].group()
        ),
    )


def _by_noun(phrase: str, noun: str, gender: Gender, number: Number, word: str) -> tuple[str, str]:
    return (
        _('"{phrase}": "{noun}" is {said}, "{word}" is not').format(
            phrase=phrase, noun=noun, said=_(_SAID[(gender, number)]), word=word
        ),
        _('write "{phrase}"').format(phrase=phrase[: len(phrase) - len(word)] + _ending(word, gender, number)),
    )


def _gender_by_ending(noun: str, number: Number) -> Gender | None:
    """The gender of a noun in -o or -a (not -ma) of this number, but for the listed exceptions."""
    lower = noun.lower()
    if lower in _NOT_FEMININE or lower in _NOT_MASCULINE or common_gender(lower):
        return None
    ending = lower[:-1] if number == "p" and lower.endswith("s") else lower
    if ending.endswith("o"):
        return "m"
    if ending.endswith("a") and not ending.endswith("ma"):
        return "f"
    # -ón is masculine (jarrón, escalón, montón) and -ión feminine (misión, región), but for a few
    singular = lower[:-4] + "ón" if number == "p" and lower.endswith("ones") else lower
    if singular.endswith("ión"):
        return "m" if singular in _MASCULINE_IN_ION else "f"
    if singular.endswith("ón") and singular not in _FEMININE_IN_ON:
        return "m"
    return None


def _masculine_in_on(word: str) -> bool:
    """A noun in -ón or -ones, not -ión ("jarrón", "escalones"): masculine by its ending."""
    return word.endswith(("ón", "ones")) and _gender_by_ending(word, "p" if word.endswith("s") else "s") == "m"


_MASCULINE_IN_ION = frozenset({"avión", "camión", "gorrión", "sarampión", "aluvión", "guion", "guión", "turbión"})
_FEMININE_IN_ON = frozenset({"razón", "sazón", "sinrazón"})


def _number(number: Number) -> str:
    return _("plural") if number == "p" else _("singular")


def _copula_number(
    sentence: str, words: list[re.Match[str]], index: int, at: int, number: Number, checker: Speller
) -> tuple[str, str] | None:
    """A plural subject and a singular copula after it, past the adjectives that agree with it: "Las
    barricas está vacías", "Las cartas descartadas es"; or a singular verb of the present whose plural
    the dictionary knows, past one complement with "de": "Todos los marineros de tu gremio descansa"."""
    if number != "p" or not _adjacent(sentence, words, at + 1):
        return None
    gender = DETERMINERS[words[index].group().lower()][0][1]
    end = modified_end(sentence, words[at].end(), checker, gender, number)
    after = _NEXT_WORD.match(sentence, end)
    if after is not None and after.group(1) not in _SINGULAR_COPULAS:
        after = _SINGULAR_VERB.match(sentence, end)
        if after is not None and not _singular_present(after.group(1), checker):
            after = None
    if after is None or not subject(sentence, words[index].start(), checker):
        return None
    verb = after.group(1)
    noun = words[at].group()
    phrase = sentence[words[at].start() : after.end()]
    if verb in _SINGULAR_COPULAS:
        return (
            _('"{phrase}": "{noun}" is plural, "{copula}" is singular').format(phrase=phrase, noun=noun, copula=verb),
            _('write the verb in the plural ("{noun} están", "{noun} son", "{noun} quedan")').format(noun=noun),
        )
    return (
        _('"{phrase}": "{noun}" is plural, "{copula}" is singular').format(phrase=phrase, noun=noun, copula=verb),
        _('write the verb in the plural: "{verb}"').format(verb=verb + "n"),
    )


# a verb right after the subject, or past one complement of it ("los marineros de tu gremio descansa")
_NEXT_WORD = lazy(r"[ \u00a0]+(\w+)")
_COMPLEMENT = r"(?:[ \u00a0]+(?:de|del)(?:[ \u00a0]+(?:la|las|los|el|tu|tus|su|sus|mi|mis))?[ \u00a0]+\w+)?"
# not before a subject of its own: "Las cartas roba el jugador" puts the object first
_SINGULAR_VERB = lazy(_COMPLEMENT + r"[ \u00a0]+(\w+)\b(?![ \u00a0]+(?:el|la|un|una|cada|quien)\b)")


def _singular_present(word: str, checker: Speller) -> bool:
    """A third person singular of the present ("descansa", "mueve") that is nothing but a verb form,
    with a plural the dictionary knows as only a verb form too ("descansan")."""
    lower = word.lower()
    return (
        lower.endswith(("a", "e"))
        and len(lower) > 3
        and lower not in DETERMINERS
        and checker.only_verb(lower)
        and checker.only_verb(lower + "n")
    )


def _after_masculine(
    sentence: str,
    words: list[re.Match[str]],
    at: int,
    checker: Speller,
    known: dict[str, tuple[Gender, Number]],
    skip: frozenset[str],
) -> tuple[str, str] | None:
    """A noun in -o or -os (or -ón, -ones), with no determiner, and a feminine adjective after it: "dos
    quesos blancas", "3 jarrones terminadas"."""
    noun = words[at].group()
    if at + 1 >= len(words) or not words[at + 1].group().endswith(("a", "as", "s", "o")):
        return None  # most words: no feminine adjective (nor "más") after them, nothing to read
    if not noun.isalpha() or not noun.islower() or noun in known or noun in skip or noun in _NOT_MASCULINE:
        return None
    if noun in _FUNCTION or noun in _NUMERALS or len(noun) < 3:
        return None  # "cuando sea", "no haya", "dos"
    number: Number = "p" if noun.endswith("s") else "s"
    after = _adjective_after(sentence, words, at, checker, known)
    if after is None or after[1] == "m" or after[2] != number:
        return None
    if not _head_is_masculine(words, at, after[2], known):
        return None  # "una mota de polvo o ruido descartada": the mota's, the complement's head
    readings = checker.readings(noun)
    if not readings or any(r.verb for r in readings) or adjective(noun, checker) is not None:
        return None  # a verb form ("robo"), or an adjective itself ("rojos")
    word = words[after[0]].group()
    return (
        _('"{phrase}": "{noun}" is {said}, "{word}" is not').format(
            phrase=sentence[words[at].start() : words[after[0]].end()],
            noun=noun,
            said=_(_SAID[("m", number)]),
            word=word,
        ),
        _('write "{phrase}"').format(phrase=f"{noun} {_ending(word, 'm', number)}"),
    )


def _head_is_masculine(
    words: list[re.Match[str]], at: int, number: Number, known: dict[str, tuple[Gender, Number]]
) -> bool:
    """The noun at `at` is no complement ("de polvo", "de polvo o ruido") of a noun that may be feminine.

    An adjective after "N de M" agrees with N or with M: it is judged against M only when N is
    masculine too, by the lexicon or by its -o ending, or when M is no complement at all.
    """
    before = at - 1
    while before >= 2 and words[before].group().lower() in ("o", "y", "e", "u", "ni") and before - 2 >= 0:
        before -= 2  # "de polvo o ruido": back over each coordinated noun
    if before < 1 or words[before].group().lower() not in ("de", "del"):
        return True
    head = words[before - 1].group().lower()
    if head in known:
        return known[head][0] == "m"
    return head.endswith("os" if number == "p" else "o")
