"""text/register: one way of addressing the player on every card, tú or usted.

pack.toml `addressed_as` says which ("tú" or "usted"); without it, the one most texts use is the pack's,
and a pack that uses both equally is not judged.  A Spanish text takes sides by:

- an imperative that opens a sentence or clause (after ". ", ":", ";", "Luego", "Después", or the
  comma that closes an opening "Si ...", "Cuando ..."): "Roba", "Elige", "Pon" are tú, "Robe",
  "Elija", "Ponga" are usted; "Robad", "Elegid" are vosotros.  The regular ones are read from
  the dictionary's morphology (robar: -a for tú, -e for usted; elegir: -e for tú, -a for usted),
  the irregular ones (pon/ponga, ten/tenga, haz/haga, ve/vaya, sé/sea, di/diga, sal/salga,
  ven/venga) and the stem-changing ones the dictionary does not tie to their verb (juega/juegue)
  from a list;
- an imperative with pronouns attached, anywhere: "Descártala", "Ponla" (tú), "Descártela",
  "Póngala" (usted);
- the pronouns and possessives of tú (tú, te, ti, contigo, tu, tus, tuyo), of vosotros (os,
  vosotros, vuestro), and "usted", "ustedes"; the verb forms "puedes", "tienes", "debes"...; and a
  regular verb of tú's present or subjunctive after "si", "cuando", "mientras", "que", "no"...
  ("si robas", "mientras conserves"), a word the dictionary knows only as that verb.

vosotros goes with tú, ustedes with usted.  Not evidence: su, sus, le, se (they are also "his",
"their", "him"), a verb of the third person ("Cada jugador roba", "Tiene 2 cartas"), a
subjunctive after "que", "cuando", "si" ("Que cada jugador robe", "Cuando un jugador robe"), the
set phrases "Pase lo que pase", "Sea cual sea", and "¡Vaya!", "¡Venga!".
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from pnp.check.rule import Parts
from pnp.check.text.consistency import aligned
from pnp.check.text.fields import RULES_TEXT, Places, Text, texts
from pnp.check.text.lexicon import Speller, speller
from pnp.check.text.patterns import lazy
from pnp.errors import Finding, Severity
from pnp.i18n import _, ngettext
from pnp.model import PackData

CODE = "text/register"
LANGUAGES = ("es",)
TU, USTED = "tú", "usted"


def _words(spaced: str) -> frozenset[str]:
    return frozenset(spaced.split())


# fmt: off
_IRREGULAR = {
    TU: "pon ten haz ve sé di sal ven da obtén mantén retén contén detén propón supón dispón juega cuenta "
        "vuelve devuelve sigue consigue persigue pide impide empieza cierra pierde despliega recuerda muestra "
        "encuentra prueba escoge coge recoge elige corrige dirige huye destruye construye sustituye",
    USTED: "ponga tenga haga vaya sea diga salga venga dé obtenga mantenga retenga contenga detenga proponga "
           "suponga disponga juegue cuente vuelva devuelva siga consiga persiga pida impida empiece cierre "
           "pierda despliegue recuerde muestre encuentre pruebe escoja coja recoja elija corrija dirija huya "
           "destruya construya sustituya",
}
# fmt: on
# the imperatives of tú that no other form of the verb has (ve, di, sé are also "sees", "I said", "I know",
# but not where a clause opens)
_STRONG_TU = _words("pon ten haz ve sé di sal ven obtén mantén retén contén detén propón supón dispón")
_VOSOTROS = ("ad", "ed", "id")  # robad, elegid: no other form ends so
_FORMS = {form: register for register, forms in _IRREGULAR.items() for form in forms.split()}
_FORMS.update({form + "n": USTED for form in _IRREGULAR[USTED].split()})  # ustedes: pongan, vayan, den
_TU_WORDS = _words(
    "tú te ti contigo tu tus tuyo tuya tuyos tuyas puedes debes tienes eres estás has quieres vas haces sabes "
    "necesitas os vosotros vosotras vuestro vuestra vuestros vuestras"
)
_USTED_WORDS = frozenset({"usted", "ustedes"})
# Verbs whose third person reads as a description, never as an order: "Puede robar", "Tiene 2 cartas".
_NOT_ORDERS = frozenset({"poder", "deber", "haber", "ser", "estar", "tener", "querer", "soler", "ir", "hacer"})
_DETERMINER_AFTER = _words(
    "un una unos unas el la los las lo tu tus su sus mi otro otra otros otras todas todos cada este esta "
    "ese esa dos tres cuatro cinco"
)
_CLITIC = lazy(r"(?:me|te|se|nos|os|lo|la|los|las|le|les)$")
_UNACCENT = str.maketrans("áéíóú", "aeiou")
_WORD = lazy(r"[^\W\d_]+")
# what opens a clause: a full stop, colon or semicolon and a space, ¿ or ¡, a new paragraph, a list's dash
_CLAUSE_START = lazy(r"(?:[.!?:;]\s|[¿¡]|\n\s*\n|\n\s*[-*•–]\s)[\s«“\"(]*$")
_THEN = frozenset({"luego", "después", "entonces", "finalmente"})
_INTERJECTIONS = frozenset({"vaya", "venga", "anda", "diga", "oiga", "mira"})
_SHORT_WITH_PRONOUNS = frozenset({"ponla", "ponlo", "hazlo", "dime", "dale", "dile", "tenlo", "tenla", "ponte", "vete"})
_OPENERS = frozenset({"si", "cuando", "mientras", "tras", "después", "antes", "al", "siempre", "cada", "en", "una"})
# Words the dictionary also reads as verbs that open a clause as something else: "Sobre el mazo", "Para".
_NEVER_ORDERS = _words(
    "sobre para entre como bajo tras ante contra hacia desde durante salvo excepto cada nada todo toda "
    "sino pues cuando cuanto donde mientras menos solo sola nunca siempre ahora luego cerca lejos fuera "
    "dentro encima debajo delante detrás antes después incluso"
)
_QUOTED = lazy(r"«[^»]*»|“[^”]*”|\"[^\"]*\"")
_FINITE_AFTER = _words("es está son están tiene tienen puede pueden debe deben ha han va van")
_SET_PHRASE_AFTER = frozenset({"lo", "cual", "cuales", "como", "quien", "quienes", "donde", "cuanto"})
_AND = frozenset({"y", "e", "o", "u"})
# words after which a verb is no longer the order's: "Roba hasta que un rival robe y pierda"
_SUBORDINATE = _words("que cuando si hasta mientras donde como porque aunque quien quienes cual cuales")


@dataclass(frozen=True)
class Evidence:
    register: str  # TU or USTED
    word: str
    # False for a regular imperative of tú: it is also the third person, and usted's indicative ("Gana 2"
    # is "you gain 2" to usted), so it counts towards the majority but never goes against usted
    strong: bool = True


def check_register(pack: PackData) -> list[Finding]:
    return combine_register(pack, read_register(pack))


def read_register(pack: PackData) -> Parts:
    """Each card's Spanish rules texts that take sides: the text's field and language, the registers
    it takes (sorted), and the words that go against tú, then against usted, its original read (which
    register the pack uses, the other texts decide)."""
    checker = speller("es")
    if checker is None:
        return {}
    parts: Parts = {}
    for text, original in texts(pack, RULES_TEXT):  # titles and flavour: names and people speaking
        if text.lang.split("-")[0] not in LANGUAGES:
            continue
        found = evidence(text.plain, checker, text.lang)
        against = [_against(text, original, found, register) for register in (TU, USTED)]
        if found or any(against):
            parts.setdefault(text.card, []).append(
                [text.path, text.lang, sorted({e.register for e in found}), *against]
            )
    return parts


def _against(text: Text, original: Text | None, found: list[Evidence], register: str) -> list[str]:
    """The words of a text that go against `register` if the pack uses it, each once, in their order:
    its own evidence, and what its original tells against that register (most texts: nothing)."""
    if original is not None:
        found = found + by_original(text.plain, original.plain, found, USTED if register == TU else TU)
    return list(dict.fromkeys(e.word for e in found if e.register != register and e.strong))


def combine_register(pack: PackData, parts: Parts) -> list[Finding]:
    declared = pack.pack.addressed_as
    every = [(card_id, said) for card_id, card_texts in parts.items() for said in card_texts]
    if declared is not None:
        register: str = declared
        how = _("pack.toml addressed_as")
    else:
        counts = Counter(r for _card, said in every for r in said[2])
        if len(counts) < 2 or counts[TU] == counts[USTED]:
            return []
        register = TU if counts[TU] > counts[USTED] else USTED
        how = _("{n} of {total} texts that take sides").format(n=counts[register], total=sum(counts.values()))
    places = Places(pack)
    findings = []
    for card_id, (path, lang, _registers, against_tu, against_usted) in every:
        other = against_tu if register == TU else against_usted
        if not other:
            continue
        findings.append(
            places.text(card_id, path, lang).finding(
                Severity.WARNING,
                CODE,
                ngettext(
                    "{words} addresses the player as {other}, and this pack uses {register} ({how})",
                    "{words} address the player as {other}, and this pack uses {register} ({how})",
                    len(other),
                ).format(
                    words=", ".join(f'"{w}"' for w in other),
                    other=USTED if register == TU else TU,
                    register=register,
                    how=how,
                ),
                _("write it as the rest of the pack, with {register}, or set addressed_as in pack.toml").format(
                    register=register
                ),
            )
        )
    return findings


def evidence(plain: str, checker: Speller, language: str = "es") -> list[Evidence]:
    """What says tú or usted in a text, in its order: sentence by sentence, each read once (cards repeat
    their sentences; nothing here reads past a sentence's end)."""
    found: list[Evidence] = []
    for sentence in _SENTENCE_END.split(plain):
        found += _sentence_evidence(sentence, checker, language)
    return found


_SENTENCE_END = lazy(r"(?<=[.!?:;])\s+")


@lru_cache(maxsize=1 << 14)
def _sentence_evidence(plain: str, checker: Speller, language: str) -> tuple[Evidence, ...]:
    found: list[Evidence] = []
    matches = list(_WORD.finditer(plain))
    usted_words = _USTED_WORDS if language in ("es", "es-ES") else _USTED_WORDS - {"ustedes"}  # es-419: tú's plural
    opened_by: str | None = None  # the opener of the sentence ("si"), until its first comma
    ordered = False  # a clause of this sentence opened with an order: "Elige un rival y pierda" goes on with one
    quoted = [m.span() for m in _QUOTED.finditer(plain)]
    for index, match in enumerate(matches):
        word = match.group()
        if quoted and any(start < match.start() < end for start, end in quoted):
            continue  # «usted», a quoted card name: words mentioned, not said to the player
        lower = word.lower()
        # what stands between the previous word and this one (slicing the text before it would be quadratic)
        before = plain[matches[index - 1].end() if index else 0 : match.start()]
        starts = index == 0 or bool(_CLAUSE_START.search(before[-8:]))
        if starts:
            opened_by = lower if lower in _OPENERS else None
            ordered = False
        if lower in _SUBORDINATE:
            ordered = False
        if lower in _TU_WORDS:
            found.append(Evidence(TU, word))
            continue
        if lower in usted_words:
            found.append(Evidence(USTED, word))
            continue
        after = matches[index + 1].group().lower() if index + 1 < len(matches) else ""
        clause = starts or (index > 0 and _then_opens(plain, matches, index))
        if not clause and ordered and index > 0 and matches[index - 1].group().lower() in _AND:
            clause = True  # "Elige un rival y pierde": the order goes on after "y"
        if not clause and opened_by is not None and before.rstrip().endswith(","):
            clause, opened_by = True, None  # "Si ganas, roba": the main clause's verb
        interjection = lower in _INTERJECTIONS and before.rstrip().endswith("¡")
        if clause and not interjection and after not in _SET_PHRASE_AFTER:
            # "Toma un farol": a town's name too, but a name is not followed by "un", "la", "tres"
            named = _a_name(word, checker) and after not in _DETERMINER_AFTER
            register = None if named else _imperative(lower, after, checker)
            if register == USTED and lower.endswith("n") and usted_words is not _USTED_WORDS:
                register = None  # "Descarten": ustedes, outside Spain the plural of tú too
            if register is not None:
                ordered = True
                found.append(
                    Evidence(register, word, register == USTED or lower in _STRONG_TU or lower.endswith(_VOSOTROS))
                )
                continue
        if not lower.isascii() and _CLITIC.search(lower) and any(c in lower for c in "áéíóú"):
            register = _with_pronouns(lower, checker)
            if register is not None:
                found.append(Evidence(register, word))
        elif lower in _SHORT_WITH_PRONOUNS:
            found.append(Evidence(TU, word))
        elif (
            lower.endswith(("as", "es"))
            and index > 0
            and matches[index - 1].group().lower() in _BEFORE_SECOND_PERSON
            and _second_person(lower, checker)
        ):
            found.append(Evidence(TU, word, True))  # "Mientras conserves", "si robas": only tú says so
    return tuple(found)


# the words a verb of tú follows where no noun would ("si robas", "mientras conserves", "que no pierdas"):
# "los descartes", "las cargas" are nouns
_BEFORE_SECOND_PERSON = frozenset(
    {"si", "cuando", "mientras", "que", "aunque", "tú", "no", "te", "ya", "también", "solo", "sólo", "nunca"}
)


@lru_cache(maxsize=1 << 13)  # the same verbs come back on card after card
def _second_person(word: str, checker: Speller) -> bool:
    """A regular verb of tú's present or present subjunctive ("robas", "conserves", "temes", "vivas"):
    a word the dictionary knows only as a verb, and made from its infinitive so (-ar: -as, -es; -er,
    -ir: -es, -as).  Not "cartas", "verdes", "terminadas": a noun, an adjective, a participle."""
    readings = checker.readings(word)
    if not readings or any(not r.verb or r.pronouns for r in readings):
        return False
    return any(word in (r.stem[:-2] + "as", r.stem[:-2] + "es") for r in readings if r.stem[-2:] in ("ar", "er", "ir"))


def _then_opens(plain: str, matches: list[re.Match[str]], index: int) -> bool:
    """After "Luego", "Después", "y luego" that open a clause: "Gana 1. Luego baraja", "y después roba"."""
    previous = matches[index - 1]
    if previous.group().lower() not in _THEN:
        return False
    before = plain[matches[index - 2].end() if index > 1 else 0 : previous.start()]
    return (
        index == 1
        or bool(_CLAUSE_START.search(before[-8:]))
        or (index > 1 and matches[index - 2].group().lower() == "y")
    )


def _a_name(word: str, checker: Speller) -> bool:
    """ "Pete": the dictionary knows the word with its capital as a name (it also knows "pete", of petar)."""
    return word[:1].isupper() and any(not r.verb and r.stem[:1].isupper() for r in checker.readings(word))


def _imperative(word: str, after: str, checker: Speller) -> str | None:
    """tú or usted when the word that opens a clause is an imperative of one of them."""
    if word in _FORMS:
        return _FORMS[word]
    if word in _NEVER_ORDERS:
        return None
    readings = checker.readings(word)
    if not readings or any(r.pronouns for r in readings):
        return None  # "Portate": pronouns attached, read by _with_pronouns when the accent is there
    verbs = [r for r in readings if r.verb and r.stem[-2:] in ("ar", "er", "ir")]
    if not verbs or any(r.stem in _NOT_ORDERS or r.stem.endswith(("tener", "poner", "hacer")) for r in verbs):
        return None
    if any(not r.verb for r in readings) and after not in _DETERMINER_AFTER and not after.isdigit():
        return None  # "Carga pesada", "Ataque:": a noun opens the sentence
    if after and (after in _FINITE_AFTER or checker.only_verb(after)):
        return None  # "Pete está", "Reaver ataca": a name, the subject of the verb after it
    found = {_by_ending(word, r.stem) for r in verbs}
    if None in found:
        return None  # "suman": of "sumar" it describes (they add), whatever "sumir" would make of it
    return found.pop() if len(found) == 1 else None


_NOT_PERSONAL = lazy(r"(?:ad|id|ed)[oa]s?$|(?:ando|iendo|yendo)$")  # participles and gerunds


def _by_ending(form: str, infinitive: str) -> str | None:
    bare = form.translate(_UNACCENT)
    if _NOT_PERSONAL.search(bare):
        return None
    if bare.endswith(("ad", "ed", "id")) and bare[:-1] == infinitive[:-1]:
        return TU  # vosotros: robad, elegid
    if bare.endswith("n"):  # ustedes: descarten, pierdan; "descartan", "pierden" describe
        if form.endswith(("án", "én", "ían")) or bare.endswith(("aran", "eran", "iran", "sen")):
            return None  # "imprimirán", "imprimirían", "perdieran": future, conditional, past subjunctive
        plural = bare[:-1]
        return USTED if plural.endswith("e" if infinitive.endswith("ar") else "a") else None
    if infinitive.endswith("ar"):
        return TU if bare.endswith("a") else USTED if bare.endswith("e") else None
    return TU if bare.endswith("e") else USTED if bare.endswith("a") else None


def _with_pronouns(word: str, checker: Speller) -> str | None:
    """Descártala (tú), descártela (usted): the verb once its pronouns and accent are gone."""
    verb = word.translate(_UNACCENT)
    pronouns: list[str] = []
    for _attempt in range(2):
        stripped = _CLITIC.sub("", verb)
        if stripped == verb or len(stripped) < 2:
            break
        pronouns.append(verb[len(stripped) :])
        verb = stripped
        if pronouns[-1] in ("lo", "la", "los", "las") and verb.endswith("se") and len(pronouns) == 1:
            continue  # "enséñasela": se (to someone) and la, both pronouns, never a verb's -se
        found: set[str | None] = set()
        if verb in _FORMS:
            found = {_FORMS[verb]}
        elif verb.endswith(("ar", "er", "ir", "ndo")):
            return None  # robarla, robándola: no imperative
        else:
            readings = [r for r in checker.readings(verb) if r.verb and r.stem[-2:] in ("ar", "er", "ir")]
            if readings and not any(r.stem in _NOT_ORDERS for r in readings):
                found = {_by_ending(verb, r.stem) for r in readings}
                found.discard(None)
        if len(found) == 1:
            register = found.pop()
            if register == USTED and pronouns == ["se"]:
                return None  # "Véase", "Barájese el mazo": the impersonal se, no one addressed
            return register
    return None


# --- what the original says -------------------------------------------------------------------

# An English sentence that opens with one of these is no order: "Each player draws", "If you win".
_EN_NOT_ORDER = _words(
    "you your each all any every the a an if when whenever at during after before while once until as on in "
    "for to then instead only other another both there this that these those they he she it we i no none "
    "nobody some players opponents whoever unless whether"
)
# An order opens with a verb: one of the verbs cards give orders with, or a word the verb's object or
# complement follows ("Sail the boat", "Row 2 spaces").  "Extreme hunger strikes:" opens with no verb:
# its first word is followed by a noun, and it is not in the list.
_EN_ORDERS = _words(
    "draw gain lose discard move place put take roll pay spend choose select reveal shuffle look search return "
    "remove add flip turn give steal trade swap exchange keep play score skip ignore reduce increase double count "
    "attack defend heal repair buy sell collect deal destroy cancel prevent resolve set go raise lower cross throw "
    "travel rest wait repeat replace use ready exhaust activate attach recruit hire fire leave stay sail row fish "
    "build claim refresh rotate tap untap mark name pick hold pass drop store load unload land explore"
)
_EN_AFTER_ORDER = _words(
    "a an the one two three four five six seven eight nine ten your it them this that these those any all each "
    "every another up down back out off in into on onto to from at with until twice again half"
)
_EN_YOU_MAY = lazy(r"\byou (?:may|can|must|have to|need to|wish|want)\b", re.IGNORECASE)
_EN_OTHER_MAY = lazy(
    r"\b(?:he|she|it|they|players?|opponents?|everyone|one|who)\s+"
    r"(?:may|can|must|has|have|wish|wishes|wants?|needs?)\b",
    re.IGNORECASE,
)
_ES_THIRD_MAY = lazy(r"(?<!\w)(?:puede|debe|desea|quiere|necesita)(?!\w)", re.IGNORECASE)
_ES_CLAUSE_OPENING = _words(
    "si lo la los las le les se no ya también solo sólo entonces luego y además aún todavía cuando"
)


def by_original(plain: str, original: str, found: list[Evidence], against: str | None = None) -> list[Evidence]:
    """What takes sides once the original is read, sentence by sentence (only against `against`, when
    given: the pack's other register):

    - a regular imperative of tú that opens a sentence whose original opens with an order ("Draw a
      card." as "Roba una carta."): it is no description there, so it goes against usted too;
    - "puede", "debe", "desea", "quiere", "necesita" opening a clause, for the original's "you may",
      "you must", "you wish" with no one else who may ("If you wish, you may look" as "Si lo desea,
      puede mirar"): usted, though a third person could say it too."""
    more: list[Evidence] = []
    weak = {e.word for e in found if e.register == TU and not e.strong} if against in (None, TU) else set()
    you_may = against in (None, USTED) and _EN_YOU_MAY.search(original) is not None
    if not weak and not you_may:
        return more  # most texts: nothing the original could tell (or nothing against the pack's register)
    for source, target in aligned(original, plain):
        first = re.match(r"\W*([A-Za-z]+)(?:\s+([A-Za-z]+|\d|\W))?", source)
        opening = _WORD.match(target.lstrip(' \n¿¡«"(-*•'))
        verb = first.group(1).lower() if first else ""
        order = bool(verb) and verb not in _EN_NOT_ORDER and (not verb.endswith("s") or verb.endswith("ss"))
        if order and first is not None and verb not in _EN_ORDERS:
            # another first word gives an order when its object or complement follows it, not a noun
            follow = first.group(2) or ""
            order = not follow or not follow.isalpha() or follow.lower() in _EN_AFTER_ORDER or follow[0].isupper()
        if weak and opening and opening.group() in weak and order:  # not "Draws", "Players": a third person, a plural
            more.append(Evidence(TU, opening.group()))
        if not you_may or _EN_YOU_MAY.search(source) is None or _EN_OTHER_MAY.search(source) is not None:
            continue
        for match in _ES_THIRD_MAY.finditer(target):
            clause = re.split(r"[,.;:¿?¡!\n]", target[: match.start()])[-1]
            if all(w.lower() in _ES_CLAUSE_OPENING for w in _WORD.findall(clause)):
                more.append(Evidence(USTED, match.group()))
                break
    return more
