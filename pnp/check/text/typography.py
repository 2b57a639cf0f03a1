"""text/typography: Spanish punctuation (¿…?, ¡…!), quotes, spaces, and the final period against the original.

The pairing of ¿ ¡ and the spaces around punctuation are Spanish rules and run
on Spanish texts only (a French text puts a space before "?" on purpose); the
double spaces and the final period are checked in every target language.
"""

from __future__ import annotations

import re

from pnp import markup
from pnp.check.text.fields import Text, quote, texts
from pnp.check.text.lexicon import speller
from pnp.check.text.patterns import lazy
from pnp.errors import Finding, Severity
from pnp.i18n import _
from pnp.model import PackData
from pnp.report import field_name

CODE = "text/typography"

_PAIRS = {"¿": "?", "¡": "!"}
_QUOTES = {"“": "”", "«": "»"}
_CLOSING_QUOTES = {v: k for k, v in _QUOTES.items()}
_MARKS = frozenset(_PAIRS) | frozenset(_PAIRS.values())
_QUOTE_MARKS = frozenset(_QUOTES) | frozenset(_CLOSING_QUOTES) | {'"'}
_DOUBLE_SPACE = lazy(r"(?<=\S) {2,}(?=\S)")
_SPACE_BEFORE = lazy(r"(?<=\S)[ \t]+([,.;:?!)»”…])")
_SPACE_THEN_MARK = lazy(r"[ \t][,.;:?!)»”…]")  # in every _SPACE_BEFORE match, and quick to look for
_SPACE_AFTER = lazy(r"([¿¡(«“])[ \t]+(?=\S)")
_END_CHARS = "”»\"')]*"  # closing quotes and brackets, and markup stars, after a text's last mark
_FINAL = ".!?…:"


def check_typography(pack: PackData) -> list[Finding]:
    findings = []
    names = frozenset(word for name in pack.pack.words for word in name.split())
    for text, original in texts(pack):
        shown = markup.plain_text(text.raw)
        spanish = text.lang.split("-")[0] == "es"
        found = _spaces(shown, spanish)
        if spanish:
            for paragraph in shown.split("\n\n"):
                found += _inverted_marks(paragraph) + _quotes(paragraph)
            if text.path.split(".")[-1] in ("title", "subtitle"):
                found += _title_case(shown)
            elif _COMMON_GATE.search(shown):
                found += _common_capitals(shown)
            if text.path.split(".")[-1] not in ("title", "subtitle"):
                found += _compass_capitals(shown)
            if "%" in shown:
                found += _percent(shown)
            if ":" in shown and text.path.split(".")[-1] != "title":
                found += _capital_after_colon(shown, names)
        if original is not None:
            found += _final_period(shown, markup.plain_text(original.raw), original)
        findings += [text.finding(Severity.WARNING, CODE, message, hint) for message, hint in found]
    return findings


# Spanish titles capitalise the first word and names only (Ortografía de la lengua española, 4.2.4):
# "Tormenta Sobre El Faro" copies the English title case.  Read on the small words, which no name needs
# capitalised inside a title
_SMALL_WORDS = frozenset(
    {"De", "Del", "La", "Las", "El", "Los", "Y", "E", "O", "U", "En", "A", "Al", "Con", "Por", "Para", "Sobre",
     "Sin", "Un", "Una", "Unos", "Unas", "Entre", "Hacia", "Tras", "Contra", "Desde", "Hasta", "Su", "Sus", "Tu", "Tus"}
)  # fmt: skip


# Days, months, seasons and peoples are common nouns in Spanish, written in lowercase inside a sentence
# (Ortografía de la lengua española, 4.2.4.5 and 4.2.4.2.1): "al final del Otoño", "unos corsarios
# Ingleses".  Only after a word in lowercase: "la Armada Española" is a name
_COMMON_CAPITALISED = (
    r"Primavera|Verano|Otoño|Invierno|Enero|Febrero|Marzo|Abril|Mayo|Junio|Julio|Agosto|Septiembre|Setiembre"
    r"|Octubre|Noviembre|Diciembre|Lunes|Martes|Miércoles|Jueves|Viernes|Sábado|Domingo"
    r"|Inglés|Ingles[ae]s|Inglesa|Francés|Frances[ae]s|Francesa|Español(?:a|es|as)?|Holandés|Holandes[ae]s"
    r"|Holandesa|Portugués|Portugues[ae]s|Portuguesa|Alemán|Aleman[ae]s|Alemana|Italian[oa]s?|Escocés|Escoces[ae]s"
    r"|Escocesa|Irlandés|Irlandes[ae]s|Irlandesa|Rusos|Rusas|Japones[ae]s|Japonés|Japonesa"
)
_COMMON_GATE = lazy(rf"(?<!\w)(?:{_COMMON_CAPITALISED})(?!\w)")
_COMMON_CAPITAL = lazy(rf"(?<![\w«“\"'])[a-záéíóúñü]+,? (?P<word>{_COMMON_CAPITALISED})(?!\w)")


# The cardinal points are written in lowercase where they say a direction (Ortografía de la lengua
# española, 4.2.4.9): "hacia el Norte", "al Sur de"; a name keeps its capital ("el Polo Norte", "el mar
# del Norte", "Corea del Sur"), and none of those follows "hacia" or "rumbo a"
_COMPASS_CAPITAL = lazy(
    r"(?<!\w)(?:hacia(?: el)?|rumbo al?|en dirección al?|(?:más )?al|(?:desde|hasta) el) "
    r"(?P<word>Norte|Sur|Este|Oeste|Noreste|Noroeste|Sureste|Suroeste)(?!\w)"
)


def _compass_capitals(text: str) -> list[tuple[str, str]]:
    found = []
    for match in _COMPASS_CAPITAL.finditer(text) if "Norte" in text or "Sur" in text or "ste" in text else ():
        word = match["word"]
        message = _('"{word}" for a direction: the cardinal points are written in lowercase').format(word=word)
        found.append((message, _('write "{right}"').format(right=word.lower())))
    return found


def _common_capitals(text: str) -> list[tuple[str, str]]:
    found = []
    for match in _COMMON_CAPITAL.finditer(text):
        word = match["word"]
        message = _('"{word}" inside a sentence: days, months, seasons and peoples are written in lowercase').format(
            word=word
        )
        found.append((message, _('write "{right}"').format(right=word.lower())))
    return found


# The percent sign is written apart from its number, as other symbols are (Ortografía de la lengua
# española, 2010, 8.2.1): "50 %", not "50%"
_PERCENT = lazy(r"(?<![\w.,])(\d+(?:[.,]\d+)?)%")


def _percent(text: str) -> list[tuple[str, str]]:
    found = []
    for match in _PERCENT.finditer(text):
        message = _('"{written}": in Spanish a space separates the percent sign from its number').format(
            written=match.group()
        )
        hint = _('write "{number} %", with a non-breaking space that keeps them on one line')
        found.append((message, hint.format(number=match.group(1))))
    return found


# After a colon a Spanish sentence goes on in lowercase (Diccionario panhispánico de dudas, "dos
# puntos"): "elige una opción: Retira una sanción" copies the English capital.  A heading before the
# colon may take one ("Acción: Roba una carta", "Descarta 1 {coin}: Gana 2", as card games write their
# costs): only a clause of its own is read, one with a verb and more than LABEL_WORDS words; and only a
# capital that a sentence follows ("opción: Retira una"), not a list of words cited or a menu's names
# ("dámelo: Pórtate, dámelo", "editor: Imagen > Modo")
_BEFORE_COLON = lazy(r"(?:^|(?<=[.!?…])\s+|\n)([^.!?…:\n]+):[ \t]+([A-ZÁÉÍÓÚÑ][a-záéíóúñü]+)(?=[ \t]+[a-záéíóúñü{])")
LABEL_WORDS = 4
_LISTED_NAME = lazy(r"(?:,|\s[ye])\s+[A-ZÁÉÍÓÚÑ]")  # a second capital in a list: the first was a name too


def _sentence_end(text: str, start: int) -> int:
    end = re.compile(r"[.!?…;\n]").search(text, start)
    return len(text) if end is None else end.start()


def _capital_after_colon(text: str, names: frozenset[str]) -> list[tuple[str, str]]:
    checker = speller("es")
    if checker is None:
        return []
    found = []
    for match in _BEFORE_COLON.finditer(text):
        before, word = match.group(1), match.group(2)
        clause = re.findall(r"[\wáéíóúñü]+", before)
        if len(clause) <= LABEL_WORDS or "{" in before or word in names:
            continue
        if not checker.knows(word.lower()) or not any(checker.only_verb(w.lower()) for w in clause):
            continue  # a name the dictionary does not know; a heading without a verb
        if _LISTED_NAME.search(text, match.end(), _sentence_end(text, match.end())):
            continue  # "del mazo de Quorum: Incitar al motín, Difundir fotos y ...": names listed
        tail = before.split()[-1]
        message = _('"{tail}: {word}": after a colon, the sentence goes on in lowercase').format(tail=tail, word=word)
        found.append((message, _('write "{tail}: {right}"').format(tail=tail, right=word.lower())))
    return found


def _title_case(title: str) -> list[tuple[str, str]]:
    words = title.split()
    if len(words) < 3 or title.isupper():
        return []
    small = [w for w in words[1:] if w in _SMALL_WORDS]
    if not small:
        return []
    right = " ".join([words[0], *(w.lower() if w in _SMALL_WORDS else w for w in words[1:])])
    message = _('"{title}": a Spanish title capitalises its first word and its names only ("{small}")').format(
        title=title, small=", ".join(dict.fromkeys(small))
    )
    return [(message, _('write "{right}"').format(right=right))]


def _around(text: str, start: int, end: int) -> tuple[str, str, str]:
    """The word before text[start:end], that text, and the word after, on one line."""
    before = re.search(r"\S*[ \t]*$", text[:start])
    after = re.match(r"[ \t]*\S*", text[end:])
    head = before.group() if before else ""
    tail = after.group() if after else ""
    return head.replace("\n", " "), text[start:end], tail.replace("\n", " ")


def _spaces(text: str, spanish: bool) -> list[tuple[str, str]]:
    found = []
    for m in _DOUBLE_SPACE.finditer(text) if "  " in text else ():  # most texts: no two spaces to look for
        head, spaces, tail = _around(text, m.start(), m.end())
        found.append(
            (
                _('two spaces in a row: "{head}{spaces}{tail}"').format(head=head, spaces=spaces, tail=tail),
                _('write "{head} {tail}"').format(head=head, tail=tail),
            )
        )
    if not spanish:
        return found
    for m in _SPACE_BEFORE.finditer(text) if _SPACE_THEN_MARK.search(text) else ():
        mark = m.group(1)
        if mark == "." and text[m.end() : m.end() + 2] == "..":
            continue  # an ellipsis written " ..." is a separate, unusual choice; leave it
        head, shown, tail = _around(text, m.start(), m.end())
        gap = " " if tail[:1].isalnum() else ""
        found.append(
            (
                _('a space before "{mark}": "{head}{shown}{tail}"').format(
                    mark=mark, head=head, shown=shown, tail=tail
                ),
                _('write "{head}{mark}{gap}{tail}"').format(head=head, mark=mark, gap=gap, tail=tail),
            )
        )
    for m in _SPACE_AFTER.finditer(text):
        _head, shown, tail = _around(text, m.start(), m.end())
        found.append(
            (
                _('a space after "{value}": "{shown}{tail}"').format(value=m.group(1), shown=shown, tail=tail),
                _('write "{value}{tail}"').format(value=m.group(1), tail=tail),
            )
        )
    return found


def _inverted_marks(paragraph: str) -> list[tuple[str, str]]:
    """¿ and ¡ open what ? and ! close; they nest (¡¿Qué?!) and pair within a paragraph."""
    found: list[tuple[str, str]] = []
    if not _MARKS.intersection(paragraph):  # most paragraphs: nothing to pair
        return found
    stack: list[tuple[str, int]] = []
    sentence_start = 0
    for index, char in enumerate(paragraph):
        if char in _PAIRS:
            stack.append((char, index))
        elif char in _PAIRS.values():
            opening = next(k for k, v in _PAIRS.items() if v == char)
            if stack and stack[-1][0] == opening:
                stack.pop()
            elif any(o == opening for o, _ in stack):
                while stack and stack[-1][0] != opening:
                    found.append(_unclosed(paragraph, *stack.pop()))
                stack.pop()
            else:
                fragment = " ".join(paragraph[sentence_start : index + 1].split())
                if len(fragment) > 40:
                    fragment = "…" + fragment[-39:].split(" ", 1)[-1]
                found.append(
                    (
                        _('"{char}" without its opening "{opening}": "{fragment}"').format(
                            char=char, opening=opening, fragment=fragment
                        ),
                        (
                            _('open the question with "{opening}"')
                            if char == "?"
                            else _('open the exclamation with "{opening}"')
                        ).format(opening=opening),
                    )
                )
        if char in ".?!\n" and not stack:
            sentence_start = index + 1
    found += [_unclosed(paragraph, mark, index) for mark, index in stack]
    return found


def _unclosed(paragraph: str, mark: str, index: int) -> tuple[str, str]:
    return (
        _('"{mark}" is never closed by "{PAIRS}": "{paragraph}"').format(
            mark=mark, PAIRS=_PAIRS[mark], paragraph=quote(paragraph[index : index + 40], 40)
        ),
        _('close it with "{PAIRS}"').format(PAIRS=_PAIRS[mark]),
    )


def _quotes(paragraph: str) -> list[tuple[str, str]]:
    """“…” and «…» pair (and nest); a straight " opens or closes what it can."""
    found: list[tuple[str, str]] = []
    if not _QUOTE_MARKS.intersection(paragraph):
        return found
    stack: list[tuple[str, int]] = []
    for index, char in enumerate(paragraph):
        if char in _QUOTES:
            stack.append((char, index))
        elif char == '"':
            if stack and stack[-1][0] == '"':
                stack.pop()
            elif stack and stack[-1][0] in _QUOTES:
                opening, start = stack.pop()
                found.append(
                    (
                        _('"{opening}" is closed by a straight quote: "{paragraph}"').format(
                            opening=opening, paragraph=quote(paragraph[start : index + 1], 40)
                        ),
                        _('close it with "{QUOTES}"').format(QUOTES=_QUOTES[opening]),
                    )
                )
            else:
                stack.append((char, index))
        elif char in _CLOSING_QUOTES:
            if stack and stack[-1][0] == _CLOSING_QUOTES[char]:
                stack.pop()
            elif stack and stack[-1][0] in _QUOTES:  # «…” : one mistake, one finding
                opening, start = stack.pop()
                found.append(
                    (
                        _('"{opening}" is closed by "{char}": "{paragraph}"').format(
                            opening=opening, char=char, paragraph=quote(paragraph[start : index + 1], 40)
                        ),
                        _('close it with "{QUOTES}"').format(QUOTES=_QUOTES[opening]),
                    )
                )
            else:
                found.append(
                    (
                        _(
                            '"{char}" closes a quotation that was not opened with "{CLOSING_QUOTES}": "{paragraph}"'
                        ).format(
                            char=char,
                            CLOSING_QUOTES=_CLOSING_QUOTES[char],
                            paragraph="".join(_around(paragraph, index, index + 1)),
                        ),
                        _('open it with "{CLOSING_QUOTES}"').format(CLOSING_QUOTES=_CLOSING_QUOTES[char]),
                    )
                )
    for mark, index in stack:
        closing = _QUOTES.get(mark, '"')
        found.append(
            (
                _('"{mark}" is never closed by "{closing}": "{paragraph}"').format(
                    mark=mark, closing=closing, paragraph=quote(paragraph[index : index + 40], 40)
                ),
                _('close it with "{closing}"').format(closing=closing),
            )
        )
    return found


def _without_end(text: str) -> str:
    """The text without the spaces, closing quotes and brackets at its end: [\\s”»"')\\]*]+$ removed,
    looked for from the end back rather than by a scan of the whole text."""
    end = len(text)
    while end and (text[end - 1].isspace() or text[end - 1] in _END_CHARS):
        end -= 1
    return text[:end]


def _final_period(text: str, source: str, original: Text) -> list[tuple[str, str]]:
    ours, theirs = _without_end(text), _without_end(source)
    if not ours or not theirs:
        return []
    if theirs[-1] == "." and ours[-1] not in _FINAL:
        return [
            (
                _("the original {field} ({lang}) ends with a period, this text does not").format(
                    field=field_name(original.path), lang=original.lang
                ),
                _('end it with "."'),
            )
        ]
    if ours[-1] == "." and theirs[-1] not in _FINAL:
        return [
            (
                _("this text ends with a period, the original {field} ({lang}) does not").format(
                    field=field_name(original.path), lang=original.lang
                ),
                _("remove the final period, as in the original"),
            )
        ]
    return []
