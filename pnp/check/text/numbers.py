"""text/numbers: every number and icon of the original, with the same values and count, in the translation.

A number is a figure (2, 1.000) or a number word ("two", "dos", "twice", "el doble"), and both sides are
compared as values: "Draw two cards" / "Roba tres cartas" differ, "Draw 2 cards" / "Roba dos cartas" do not.
Articles and ordinals ("a", "una", "first") are not numbers of their own: they only stand for a figure of
the other text ("Draw 1 card" / "Roba una carta"), so "a card" / "una carta" is never a finding.  So do
pronouns: English "one" in "which one", and Spanish "dos" naming two people ("ninguno de los dos" for
"neither of you", "vosotros dos" for "the two of you"), and "one" with no noun after it ("take one
from the supply" as "tómela de la reserva").  A bound said the other way round is the same number:
"more than 3" as "cuatro o más", "fewer than 3" as "dos o menos", "at least 4" as "más de tres"; only
in those constructions, elsewhere 3 and 4 differ.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cache, lru_cache

from pnp import markup
from pnp.check.text.consistency import aligned
from pnp.check.text.counted import PAIRED_LANGUAGES, Concepts, swapped
from pnp.check.text.fields import RULES_TEXT, Text, icons, quote, texts
from pnp.check.text.forms import NUMBER_WORDS, fold, has_number_words, number_like_words, number_words
from pnp.check.text.patterns import lazy
from pnp.errors import Finding, Severity
from pnp.i18n import _, ngettext
from pnp.model import PackData
from pnp.report import field_name

CODE = "text/numbers"

# 1000, 1,000 (English) and 1.000 or 1 000 (Spanish) are one number; 1,5 and 1.5 are two
_NOT_DIGIT = lazy(r"\D")
_NUMBER = lazy(r"(?=\d)(?:\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+(?!\d)|\d+)")  # (?=\d): skips to a digit fast


def numbers(plain: str) -> dict[int, int]:
    """The figures of a text, with how many times each is there: "1.000" and "1,000" are 1000."""
    found: dict[int, int] = {}
    for figure in _NUMBER.findall(plain):
        value = int(figure if figure.isdecimal() else _NOT_DIGIT.sub("", figure))
        found[value] = found.get(value, 0) + 1
    return found


@dataclass(frozen=True)
class Counted:
    """The numbers of a text: figures and number words as values, how each was first written, and the
    articles and ordinals that may stand for a figure, each with its count (plain dicts: most texts
    compare equal, and dicts compare fastest)."""

    values: dict[int, int]
    written: dict[int, str]
    stand_ins: dict[int, int]


@lru_cache(maxsize=1 << 14)  # compare_numbers and compare_pairs read the same texts
def counted(plain: str, language: str) -> Counted:
    values = numbers(plain)
    written = {value: str(value) for value in values}
    words, like = number_words(language), number_like_words(language)
    stand_ins: dict[int, int] = {}
    # fold keeps every character in its place, so the words of the folded text are the folded words
    folded = fold(plain)
    found = _number_words(language).findall(folded)
    if "one" not in found and not any(word in words for word in found):  # articles and ordinals only
        for word in found:
            stand_ins[like[word]] = stand_ins.get(like[word], 0) + 1
        return Counted(values, written, stand_ins)
    for match in _number_words(language).finditer(folded):
        word = match.group()
        if word == "one" and _pronoun_one(plain, match):
            stand_ins[1] = stand_ins.get(1, 0) + 1  # "which one", "one of them": a pronoun, not a count
        elif word == "dos" and language.split("-")[0] == "es" and _pronoun_dos(folded, match):
            stand_ins[2] = stand_ins.get(2, 0) + 1  # "ninguno de los dos" for "neither": who, not a count
        elif word in words:
            values[words[word]] = values.get(words[word], 0) + 1
            written.setdefault(words[word], f'"{plain[match.start() : match.end()]}"')
        elif word in like:
            stand_ins[like[word]] = stand_ins.get(like[word], 0) + 1
    return Counted(values, written, stand_ins)


@cache
def _number_words(language: str) -> re.Pattern[str]:
    """The whole words (runs of \\w) of a folded text that are number words, articles or ordinals."""
    known = sorted({"one", *number_words(language), *number_like_words(language)}, key=len, reverse=True)
    first = "".join(sorted({re.escape(word[0]) for word in known}))  # a first letter to look for: a fast scan
    return re.compile(rf"(?=[{first}])(?<!\w)(?:{'|'.join(map(re.escape, known))})(?!\w)")


_BEFORE_PRONOUN_ONE = lazy(
    r"(?:which|each|the|this|that|any|no|every|another|a|only|last|first|next|other|same|right)\s+$", re.IGNORECASE
)


# "one" with no noun after it stands for a thing already named ("take one from the supply", "if you have
# one, discard it", "one at a time"), which Spanish says with a pronoun ("tómela", "una a una"): it may
# stand for a 1 of the translation, as an article does, but asks for none.  "one card", "one {icon}",
# "one more" and "one or more" count.
_AFTER_PRONOUN_ONE = lazy(
    r"\s*(?:[,.;:!?)]|$)|\s+(?:of|another|from|to|at|in|into|on|onto|for|with|by|off|out|up|back|away|instead"
    r"|here|there|and|but|if|then|unless|when|too|yet)\b",
    re.IGNORECASE,
)


def _pronoun_one(plain: str, match: re.Match[str]) -> bool:
    """English "one" as a pronoun: "which one", "the one", "no one", "one of", "one another", "take one from"."""
    before = plain[: match.start()]
    # the match ends at the trailing spaces and its words are at most 7 letters: search only there
    if _BEFORE_PRONOUN_ONE.search(before[max(0, len(before.rstrip()) - 8) :]):
        return True
    return _AFTER_PRONOUN_ONE.match(plain, match.end()) is not None


# Spanish "dos" naming two people, as English "both", "neither", "either", "the two of you" do: "ninguno
# de los dos", "cualquiera de los dos", "vosotros dos", "entre los dos", and "los dos" with no noun after
# it ("los dos.", "los dos juntos", "los dos os", "los dos perdéis").  Not "las dos cartas", which counts.
_BEFORE_PRONOUN_DOS = lazy(
    r"(?<!\w)(?:(?:ninguno|ninguna|cualquiera|uno|una|alguno|alguna|cual|quien|cada uno|cada una) de (?:los|las)"
    r"|vosotros|vosotras|nosotros|nosotras|ellos|ellas|ustedes|entre (?:los|las))\s+$"
)
_BEFORE_DOS = lazy(r"(?<!\w)(?:los|las)\s+$")
_AFTER_PRONOUN_DOS = lazy(r"\W*$|\s*[,.;:!?)]|\s+(?:juntos|juntas|a la vez|os|se|les?|nos|\w+(?:ais|eis|is))\b")


def _pronoun_dos(folded: str, match: re.Match[str]) -> bool:
    """Spanish "dos" as a pronoun of two people: "ninguno de los dos", "vosotros dos", "los dos."."""
    before = folded[max(0, match.start() - 24) : match.start()]
    if _BEFORE_PRONOUN_DOS.search(before):
        return True
    return _BEFORE_DOS.search(before) is not None and _AFTER_PRONOUN_DOS.match(folded, match.end()) is not None


def check_numbers(pack: PackData) -> list[Finding]:
    findings = []
    concepts: Concepts | None = None
    unread: dict[str, Text] = {}  # language -> its first text, for the note
    for text, original in texts(pack):
        if original is None:
            continue
        if not has_number_words(text.lang) and has_number_words(original.lang):
            unread.setdefault(text.lang, text)
        differ = compare_numbers(text, original)
        findings += differ
        findings += _compare_icons(text, original)
        paired = text.path in RULES_TEXT and original.lang.split("-")[0] == "en"
        if paired and not differ and text.lang.split("-")[0] in PAIRED_LANGUAGES:
            if concepts is None:
                concepts = Concepts(_glossary_nouns(pack))
            findings += compare_pairs(text, original, concepts)
        if paired and text.lang.split("-")[0] == "es":
            findings += compare_ordinals(text, original)
    return findings + [words_not_compared(lang, text) for lang, text in unread.items()]


def words_not_compared(lang: str, first: Text) -> Finding:
    """One note per language whose number words pnp does not read: only its figures were compared."""
    return Finding(
        Severity.INFO,
        CODE,
        first.file,
        _('numbers written as words were not compared in "{lang}": pnp reads them only in {known}').format(
            lang=lang, known=", ".join(sorted(NUMBER_WORDS))
        ),
        hint=_("its figures and icons were compared; write numbers as figures to have them checked"),
    )


def _glossary_nouns(pack: PackData) -> list[tuple[str, str]]:
    default = pack.pack.printed_language
    return [(t.source, t.target) for t in pack.glossary.term if (t.lang or default).split("-")[0] == "es"]


def compare_pairs(text: Text, original: Text, concepts: Concepts) -> list[Finding]:
    """Numbers that count other things than in the original: "2 fuel and 3 parts" / "3 de combustible y 2
    piezas" (counted.py says when they are compared)."""
    if len(counted(original.plain, original.lang).values) < 2:
        return []  # fewer than two different numbers: nothing a swap would change
    found = swapped(original.plain, original.raw, text.plain, text.raw, text.lang, concepts)
    if found is None:
        return []
    theirs, ours = found
    return [
        text.finding(
            Severity.WARNING,
            CODE,
            _("numbers count other things than in the original: {original} there, {translation} here").format(
                original=", ".join(f'"{quote(p)}"' for p in theirs),
                translation=", ".join(f'"{quote(p)}"' for p in ours),
            ),
            _("give each number what it counts in the original"),
        )
    ]


def compare_numbers(text: Text, original: Text) -> list[Finding]:
    theirs = counted(original.plain, original.lang)
    if not has_number_words(text.lang):
        # a language whose number words pnp cannot read ("zwei", "eine"): a figure of the original may be
        # a word there, so only a figure the original lacks is a finding; a note says so (words_not_compared)
        ours = Counted(numbers(text.plain), {}, {})
        extra = Counter(ours.values) - Counter(theirs.values) - Counter(theirs.stand_ins)
        missing: Counter[int] = Counter()
        ours = Counted(ours.values, {value: str(value) for value in ours.values}, {})
    else:
        ours = counted(text.plain, text.lang)
        if theirs.values == ours.values:
            return []
        missing = Counter(theirs.values) - Counter(ours.values)
        extra = Counter(ours.values) - Counter(theirs.values)
        if missing and extra:  # before the stand-ins: "more than one" -> "al menos dos", not "una"
            _restated_bounds(original, text, missing, extra)  # "more than 3" -> "cuatro o más"
        missing -= Counter(ours.stand_ins)  # "Draw 1 card" -> "Roba una carta"
        missing -= Counter(value for value, english, spanish in _SAID_WITHOUT_A_FIGURE
                           if english.search(original.plain) and spanish.search(text.plain))  # fmt: skip
        extra -= Counter(theirs.stand_ins)  # "Draw a card" -> "Roba 1 carta"
        if extra and _EN_THE_REST.search(original.plain):
            extra -= _counts_of_the_rest(text.plain, text.lang)  # "the others" -> "los otros dos"
    if not missing and not extra:
        return []
    parts = []
    if missing:
        parts.append(_("missing {numbers}").format(numbers=_listed(missing, theirs.written)))
    if extra:
        parts.append(_("not in the original: {numbers}").format(numbers=_listed(extra, ours.written)))
    return [
        text.finding(
            Severity.ERROR,
            CODE,
            _("numbers differ from the original: {differences}").format(differences="; ".join(parts)),
            _('the original {field} ({lang}) reads "{raw}"').format(
                field=field_name(original.path), lang=original.lang, raw=quote(markup.plain_text(original.raw))
            ),
        )
    ]


# A bound said the other way round: "more than 3" is "cuatro o más", "fewer than 3" is "dos o menos",
# "at least 4" is "más de tres".  Each construction is read as the lowest (">") or highest ("<") number
# it allows; N is a figure or a number word.
# A number of the original that Spanish says with a word and no figure: "take one more camel" as
# "tome otro camello", "if two or more players are tied" as "si varios empatan"
# "Keep one and place the others" as "Quédate uno y coloca los otros dos": the count of the rest, which the
# original's figures make, said
_EN_THE_REST = lazy(r"\bthe (?:others|other ones|rest|remaining(?: ones)?)\b", re.IGNORECASE)


@cache
def _the_rest_counted(language: str) -> re.Pattern[str]:
    written = "|".join(sorted(map(re.escape, number_words(language)), key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:l[oa]s (?:otr[oa]s|demás) (\d+|{written})|l[oa]s (\d+|{written}) restantes)(?!\w)")


def _counts_of_the_rest(plain: str, language: str) -> Counter[int]:
    values = number_words(language)
    found: Counter[int] = Counter()
    for match in _the_rest_counted(language).finditer(fold(plain)):
        written = match.group(1) or match.group(2)
        found[int(written) if written.isdecimal() else values[written]] += 1
    return found


_SAID_WITHOUT_A_FIGURE = (
    (1, lazy(r"\bone (?:more|other)\b", re.IGNORECASE), lazy(r"(?<!\w)otr[oa](?!\w)", re.IGNORECASE)),
    (2, lazy(r"\b(?:two|2) or more\b", re.IGNORECASE), lazy(r"(?<!\w)vari[oa]s(?!\w)", re.IGNORECASE)),
)
_EN_BOUNDS = (
    (("no (?:more|greater|higher) than N", "at most N", "up to N", r"N(?: \w+){0,3} or (?:fewer|less|lower)"), "<", 0),
    (("(?:fewer|less|lower) than N",), "<", -1),
    (("at least N", r"N(?: \w+){0,3} or (?:more|greater|higher)"), ">", 0),
    (("(?:more|greater|higher) than N",), ">", 1),
)
_ES_BOUNDS = (
    (("no mas de N", "como maximo N", "como mucho N", "a lo sumo N", "hasta N", r"N(?: \w+){0,3} o menos"), "<", 0),
    (("menos de N", "(?:inferior|menor) (?:a|de|que) N"), "<", -1),
    (("al menos N", "por lo menos N", "como minimo N", r"N(?: \w+){0,3} o mas"), ">", 0),
    (("mas de N", "(?:superior|mayor) (?:a|de|que) N"), ">", 1),
)


@cache
def _bound_pattern(language: str) -> tuple[re.Pattern[str], tuple[tuple[str, int], ...]]:
    """One pattern for a language's bounds, a group for each, and what each group means."""
    words = sorted({*number_words(language), *(("uno", "una", "un") if language == "es" else ())}, key=len)
    number = rf"(\d+|{'|'.join(reversed(words))})"
    table = _ES_BOUNDS if language == "es" else _EN_BOUNDS
    parts, meaning = [], []
    for alternatives, side, shift in table:
        for alternative in alternatives:
            parts.append(alternative.replace("N", number))
            meaning.append((side, shift))
    return re.compile(rf"(?<!\w)(?:{'|'.join(parts)})(?!\w)"), tuple(meaning)


def _bounds(plain: str, language: str) -> list[tuple[str, int, int]]:
    """The bounds of a text: which side, the number the bound allows, the number written."""
    pattern, meaning = _bound_pattern(language)
    values = {**number_like_words(language), **number_words(language)}
    found = []
    for match in pattern.finditer(fold(plain)):
        index = next(i for i, group in enumerate(match.groups()) if group is not None)
        written = match.group(index + 1)
        value = int(written) if written.isdecimal() else values[written]
        side, shift = meaning[index]
        found.append((side, value + shift, value))
    return found


def _restated_bounds(original: Text, text: Text, missing: Counter[int], extra: Counter[int]) -> None:
    """Takes out of missing and extra the numbers of a bound the translation says the other way round."""
    english, spanish = original.lang.split("-")[0], text.lang.split("-")[0]
    if (english, spanish) != ("en", "es"):
        return
    ours = _bounds(text.plain, spanish)
    for side, bound, written in _bounds(original.plain, english):
        for other in ours:
            if other[:2] == (side, bound) and other[2] != written and missing[written] and extra[other[2]]:
                missing[written] -= 1
                extra[other[2]] -= 1
                ours.remove(other)
                break
    missing += Counter()  # drops the counts now 0
    extra += Counter()


# "gana 1 {coin}, o 2 si ...": a second amount of the same icon, the icon left understood
_ELIDED_ICON = lazy(r"\d+\s*\{(?P<icon>[\w-]+)\}[^.;:!?{}]{0,40}?(?:,\s*|\s)(?:o|u|y|e|ni)\s+\d+(?!\s*\{)(?!\d|[.,]\d)")


# "Gasta hasta 3 {coin}. Por cada una que gastes...", "si no gastas ninguna,": a pronoun for an icon named
# before; "hasta un máximo de seis.": a bound whose icon is the one just named
_ICON_PRONOUN = lazy(
    r"(?<!\w)(?:cada\s+un[ao]|ningun[ao]|algun[ao])"
    r"(?=\s+que\b|\s*[,.;:)]|\s*$|\s+de\s+(?:ell[ao]s|l[ao]s|tus|sus|vuestr[ao]s)\b)"
)


@cache
def _bound_without_icon(language: str) -> re.Pattern[str]:
    written = "|".join(sorted(map(re.escape, number_words(language)), key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:maximo|minimo)\s+de\s+(?:\d+|{written})(?=\s*[.;,:)]|\s*$)")


def _understood_icons(text: Text, theirs: Counter[str], ours: Counter[str]) -> None:
    """Counts in `ours` the icons a Spanish text leaves understood, as Spanish leaves a repeated noun: a
    second amount of the same icon ("gana 1 {coin}, o 2 si..."); and, when one icon alone is short, a
    pronoun or a bound after it that stands for it."""
    for found in _ELIDED_ICON.finditer(text.raw):
        if ours[found["icon"]] < theirs[found["icon"]]:
            ours[found["icon"]] += 1
    short = [name for name in theirs if ours[name] < theirs[name]]
    if len(short) != 1 or not ours[short[0]]:
        return
    name = short[0]
    folded = fold(text.raw)
    after = folded[folded.index("{" + name.lower() + "}") :] if "{" + name.lower() + "}" in folded else ""
    standing = len(_ICON_PRONOUN.findall(after)) + len(_bound_without_icon("es").findall(after))
    ours[name] += min(standing, theirs[name] - ours[name])


def _compare_icons(text: Text, original: Text) -> list[Finding]:
    theirs, ours = Counter(icons(original.raw)), Counter(icons(text.raw))
    if theirs == ours:
        return []
    if text.lang.split("-")[0] == "es":
        _understood_icons(text, theirs, ours)
        if theirs == ours:
            return []
    parts = []
    for name in sorted(theirs.keys() | ours.keys()):
        if theirs[name] != ours[name]:
            parts.append(
                _("{{{icon}}} {original} in the original, {here} here").format(
                    icon=name, original=_times(theirs[name]), here=_times(ours[name])
                )
            )
    return [
        text.finding(
            Severity.ERROR,
            CODE,
            _("icons differ from the original: {differences}").format(differences="; ".join(parts)),
            _('the original {field} ({lang}) reads "{raw}"').format(
                field=field_name(original.path), lang=original.lang, raw=quote(markup.plain_text(original.raw))
            ),
        )
    ]


def _listed(counts: Counter[int], written: dict[int, str]) -> str:
    """2, or "two" (2) when the text writes it as a word; (k times) when it is there more than once."""
    shown = []
    for n, k in sorted(counts.items()):
        word = written.get(n, str(n))
        times = "" if k == 1 else ngettext("once", "{n} times", k).format(n=k)
        if word == str(n):
            shown.append(f"{n} ({times})" if times else str(n))
        else:
            shown.append(f"{word} ({n}, {times})" if times else f"{word} ({n})")
    return ", ".join(shown)


def _times(n: int) -> str:
    return ngettext("once", "{n} times", n).format(n=n)


# Ordinals: "the second card" is "la segunda carta", not "la tercera".  Read sentence by sentence;
# "first" often goes unsaid ("the first player" is "el jugador inicial"), so a sentence is judged only
# when both sides say an ordinal, and a finding only when no ordinal of one side is on the other.
_EN_ORDINALS = {
    "first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5,
    "5th": 5, "sixth": 6, "6th": 6, "seventh": 7, "7th": 7, "eighth": 8, "8th": 8, "ninth": 9, "9th": 9,
    "tenth": 10, "10th": 10,
}  # fmt: skip
_ES_ORDINALS = (
    (r"primer[oa]?s?|1\.?[ºª]", 1), (r"segund[oa]s?|2\.?[ºª]", 2), (r"tercer[oa]?s?|3\.?[ºª]", 3),
    (r"cuart[oa]s?|4\.?[ºª]", 4), (r"quint[oa]s?|5\.?[ºª]", 5), (r"sext[oa]s?|6\.?[ºª]", 6),
    (r"séptim[oa]s?|7\.?[ºª]", 7), (r"octav[oa]s?|8\.?[ºª]", 8), (r"noven[oa]s?|9\.?[ºª]", 9),
    (r"décim[oa]s?|10\.?[ºª]", 10),
)  # fmt: skip
_EN_ORDINAL = lazy(r"\b(?:" + "|".join(_EN_ORDINALS) + r")\b", re.IGNORECASE)
_EN_NOT_ORDINAL = lazy(r"\b(?:at first|first of all|a second (?:time|later)|for a second)\b", re.IGNORECASE)
_ES_ORDINAL = lazy(
    "|".join(f"(?P<o{value}_{n}>(?<!\\w)(?:{pattern})(?!\\w))" for n, (pattern, value) in enumerate(_ES_ORDINALS)),
    re.IGNORECASE,
)


_EN_BEYOND = lazy(r"\b(?:beyond|after|past) the (" + "|".join(_EN_ORDINALS) + r")\b", re.IGNORECASE)


# "each camel beyond the third" as "a partir del tercero": from the third on counts the third as well
_ES_COUNTED_FROM = lazy(r"(?<!\w)(?:a partir de la|a partir del|desde la|desde el)\s+(?P<place>\w+)", re.IGNORECASE)


def _beyond_as_from(source: str, target: str) -> tuple[str, str] | None:
    """(the original's "beyond the Nth", the translation's "a partir del Nth") for the same N."""
    for beyond in _EN_BEYOND.finditer(source):
        after = _EN_ORDINALS[beyond.group(1).lower()]
        for counted in _ES_COUNTED_FROM.finditer(target):
            place = _ES_ORDINAL.fullmatch(counted["place"])
            if place is not None and int((place.lastgroup or "o0_").split("_")[0][1:]) == after:
                return beyond.group(), counted.group()
    return None


def _ordinals(source: str, target: str) -> tuple[dict[int, str], dict[int, str]]:
    theirs = {
        _EN_ORDINALS[m.group().lower()]: m.group() for m in _EN_ORDINAL.finditer(_EN_NOT_ORDINAL.sub(" ", source))
    }
    # "each beyond the second" is "a partir de la tercera": the place after it
    for m in _EN_BEYOND.finditer(source):
        theirs.setdefault(_EN_ORDINALS[m.group(1).lower()] + 1, m.group())
    ours: dict[int, str] = {}
    for match in _ES_ORDINAL.finditer(target):
        name = match.lastgroup or ""
        ours.setdefault(int(name[1:].split("_")[0]), match.group())
    return theirs, ours


# "to the third lock" as "tres esclusas": a place in the order became a count.  Only a cardinal before a
# plural noun counts ("la casilla 3" names the third space rightly), and not after "cada" ("every
# second turn" is "cada dos turnos")
_ES_COUNTED = lazy(
    r"(?<![\w.,])(?<!cada )(?P<n>\d+|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez)(?![\d.,]?\d|\.?[ºª])"
    r"\s+\w+s(?!\w)",
    re.IGNORECASE,
)
_EN_CARDINAL = lazy(r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\b", re.IGNORECASE)
_EN_EVERY_OTHER = lazy(r"\b(?:every|each) (?:second|third|fourth|fifth|2nd|3rd|4th|5th)\b", re.IGNORECASE)


def _counted_for_ordinal(source: str, target: str) -> tuple[str, str] | None:
    """(the original's ordinal, the translation's count) when an ordinal past the first has no ordinal in
    the translation, and the translation counts that many of something the original does not count."""
    if _EN_EVERY_OTHER.search(source):
        return None
    theirs, ours = _ordinals(source, target)
    if ours or not (places := {n: word for n, word in theirs.items() if n > 1}):
        return None
    counted = {_value(m.group()) for m in _EN_CARDINAL.finditer(source)}
    for match in _ES_COUNTED.finditer(target):
        value = _value(match.group("n"))
        if value in places and value not in counted:
            return places[value], match.group()
    return None


def _value(figure: str) -> int:
    words = number_words("en") | number_words("es")
    return words.get(figure.lower(), 0) if not figure.isdigit() else int(figure)


def compare_ordinals(text: Text, original: Text) -> list[Finding]:
    """A sentence whose ordinals all differ from its original's: "the second card" as "la tercera carta";
    or whose ordinal became a count ("the third lock" as "tres esclusas")."""
    if _EN_ORDINAL.search(original.plain) is None:
        return []
    for source, target in aligned(markup.plain_text(original.raw), markup.plain_text(text.raw)):
        if (made := _counted_for_ordinal(source, target)) is not None:
            message = _(
                'the original says "{said}", but "{translation}" says "{written}": a count, not a place in the order'
            )
            hint = _('keep the order of "{original}" (second: segundo; third: tercero)')
            return [
                text.finding(
                    Severity.WARNING,
                    CODE,
                    message.format(said=made[0], translation=quote(target, 60), written=made[1]),
                    hint.format(original=quote(source, 60)),
                )
            ]
        if (counted_from := _beyond_as_from(source, target)) is not None:
            message = _(
                'the original says "{said}", but "{translation}" says "{written}": that one counts too, one too many'
            )
            return [
                text.finding(
                    Severity.WARNING,
                    CODE,
                    message.format(said=counted_from[0], translation=quote(target, 60), written=counted_from[1]),
                    _('"beyond the third" is "a partir del cuarto", or "más allá del tercero"'),
                )
            ]
        theirs, ours = _ordinals(source, target)
        if not theirs or not ours or set(theirs) & set(ours):
            continue
        message = _('the original says "{said}", but "{translation}" says "{written}": another place in the order')
        return [
            text.finding(
                Severity.WARNING,
                CODE,
                message.format(
                    said=", ".join(theirs.values()), translation=quote(target, 60), written=", ".join(ours.values())
                ),
                _('keep the order of "{original}" (second: segundo; third: tercero)').format(
                    original=quote(source, 60)
                ),
            )
        ]
    return []
