"""text/homophone: words spelt as another word that sounds the same, told apart by the words around.

Spanish texts only.  The dictionary knows every one of these words, so the spelling check passes
them; only the words before and after say which one is meant:

- "hecho", "hecha" (made, done: hacer) against "echo", "echa" (throw, put: echar; "hechar" does not
  exist).  "Hecha" is echar after a pronoun ("se hecha", "te hecho": "se echa", "te echo"), and
  where it opens a clause as an order: "Hecha una carta al descarte" ("Echa").  A participle that
  opens a clause agrees with its noun and a comma closes it ("Hecha la jugada, roba": right); one
  that does not agree ("Hecha un dado", "Hecha tus cartas") or whose noun is followed by where it
  goes ("Hecha la ficha en la bolsa") is the verb.  The other way round, "echo" after a form of
  haber ("ha echo") or a determiner ("el echo", "de echo") is "hecho".
- "valla" (a fence; vallar, to fence) against "vaya" (ir: go, may go; "¡Vaya!").  "Valla" is ir's
  after a pronoun ("se valla"), after "que", "no", "ya", "cuando", "donde" with where it goes
  after it ("que valla a la torre"), or opening a clause with where it goes ("Valla al puerto") or
  as an exclamation ("¡Valla!").  "La valla", "una valla de madera", "Valla el campo" (vallar) are
  left alone.

- "ay" (a cry: "¡Ay!") against "hay" (there is): "Ay una nave", "ay 2 cartas" are "hay".  And
  "haber" against "a ver" (let us see): after "vamos", "voy", "va" ("Vamos haber qué pasa"), or
  opening a clause before "qué", "si", "cómo", "quién"... ("Haber si tienes suerte").  "Puede
  haber dos", "sin haber robado" are haber.

Not seen: a homophone with no telling word around it ("Hecha" alone as a card title), "haya",
"halla", "aya", "tubo", "tuvo", and a "hecho"/"echo" the words around do not decide.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pnp.check.text.fields import RULES_TEXT, Text, quote, texts
from pnp.check.text.patterns import lazy
from pnp.errors import Finding, Severity
from pnp.i18n import _
from pnp.model import PackData

CODE = "text/homophone"
LANGUAGES = ("es",)

# most texts have none of these ("haber" only where it may be "a ver": "puede haber" is left alone)
_ANY = lazy(
    r"hech|valla|echo|echa|\bay\b|(?:vamos|voy|vas|va|vais|van) haber"
    r"|haber (?:qué|quién|cómo|si|cuál|cuánt|dónde|cuándo)",
    re.IGNORECASE,
)
# what follows "hay" (there is) and never the cry "¡ay!": a count or a determiner
_THERE_IS = frozenset(
    {"un", "una", "unos", "unas", "dos", "tres", "cuatro", "cinco", "seis", "más", "menos", "que", "algún", "alguna",
     "algunos", "algunas", "ningún", "ninguna", "otro", "otra", "otros", "otras", "varios", "varias", "muchos",
     "muchas", "pocos", "pocas", "tantos", "tantas", "suficientes", "cartas", "fichas"}
)  # fmt: skip
# "a ver" (let us see) written "haber": after "vamos", "voy", or before what is to be seen
_GOING = frozenset({"vamos", "voy", "vas", "va", "vais", "van"})
_TO_SEE = frozenset({"qué", "quién", "quiénes", "cómo", "si", "cuál", "cuáles", "cuánto", "cuánta", "cuántos",
                     "cuántas", "dónde", "cuándo"})  # fmt: skip
_WORD = lazy(r"[^\W\d_]+|\d+|[,.;:!?¡¿()\n]")
_CLITICS = frozenset({"me", "te", "se", "nos", "os", "le", "les"})
_HABER = frozenset(
    {
        "he",
        "has",
        "ha",
        "hemos",
        "habéis",
        "han",
        "había",
        "habías",
        "habíamos",
        "habían",
        "habrá",
        "habrás",
        "habrán",
        "habría",
        "habrías",
        "habrían",
        "haya",
        "hayas",
        "hayan",
        "hubiera",
        "hubieras",
        "hubieran",
        "haber",
        "habiendo",
    }
)
_BEFORE_NOUN = frozenset({"el", "un", "del", "al", "de", "este", "ese", "aquel", "ningún", "cada", "tal", "otro"})
_OPENS = frozenset({",", ".", ";", ":", "!", "?", "¡", "¿", "(", "\n", "y", "luego", "después", "entonces"})
# determiners after an opening "Hecha", with their gender and number (None: either)
_DETERMINERS = {
    "un": ("m", "s"),
    "el": ("m", "s"),
    "una": ("f", "s"),
    "la": ("f", "s"),
    "unos": ("m", "p"),
    "los": ("m", "p"),
    "unas": ("f", "p"),
    "las": ("f", "p"),
    "tu": (None, "s"),
    "su": (None, "s"),
    "tus": (None, "p"),
    "sus": (None, "p"),
    "esta": ("f", "s"),
    "este": ("m", "s"),
    "estas": ("f", "p"),
    "estos": ("m", "p"),
    "dos": (None, "p"),
    "tres": (None, "p"),
    "cuatro": (None, "p"),
    "cinco": (None, "p"),
}
_PLACES = frozenset({"a", "al", "en", "sobre", "encima", "dentro", "fuera", "bajo", "debajo", "hacia", "por"})
_WHERE_TO = frozenset({"a", "al", "hacia", "hasta", "adonde", "allí", "ahí", "aquí", "con", "bien", "mal"})
_VALLA_AFTER = frozenset({"que", "no", "ya", "cuando", "donde", "quien", "ni"})
_PARTICIPLE = {"hecho": ("m", "s"), "hecha": ("f", "s"), "hechos": ("m", "p"), "hechas": ("f", "p")}
_ECHAR = {"hecho": "echo", "hecha": "echa", "hechos": "echos", "hechas": "echas"}


def check_homophones(pack: PackData) -> list[Finding]:
    findings = []
    for text, _original in texts(pack, RULES_TEXT):
        if text.lang.split("-")[0] in LANGUAGES and _ANY.search(text.raw):
            findings += homophones(text)
    return findings


def homophones(text: Text) -> list[Finding]:
    plain = text.plain
    findings = []
    for written, meant, why in slips(plain):
        findings.append(
            text.finding(
                Severity.WARNING,
                CODE,
                _('"{written}" in "{text}" is {why}: here it is "{meant}"').format(
                    written=written, text=quote(plain, 60), why=why, meant=meant
                ),
                _('write "{meant}"').format(meant=meant),
            )
        )
    return findings


def slips(plain: str) -> Iterator[tuple[str, str, str]]:
    """(the word as written, the word meant, what the written word is) for each homophone slip."""
    tokens = _WORD.findall(plain)
    lower = [t.lower() for t in tokens]
    for index, word in enumerate(lower):
        before = lower[index - 1] if index else "."
        after = lower[index + 1] if index + 1 < len(lower) else "."
        meant: str | None = None
        why = ""
        if word in _PARTICIPLE:
            if before in _CLITICS or (before in _OPENS and _an_order(word, lower[index + 1 : index + 7])):
                meant, why = _ECHAR[word], _("a form of hacer (made)")
        elif word in ("echo", "echa", "echos", "echas") and (
            before in _HABER or (word == "echo" and before in _BEFORE_NOUN)
        ):
            meant, why = "h" + word, _("a form of echar (throw)")
        elif word in ("valla", "vallas", "vallan", "vallamos"):
            going = after in _WHERE_TO or after in (".", "!", ",", "?", "\n")
            if before in _CLITICS or (before in _VALLA_AFTER and going) or (before in _OPENS and going):
                meant = {"valla": "vaya", "vallas": "vayas", "vallan": "vayan", "vallamos": "vayamos"}[word]
                why = _("a fence, or vallar (to fence)")
        elif word == "ay" and before not in ("¡", "!", ",") and (after in _THERE_IS or after.isdigit()):
            meant, why = "hay", _("a cry of pain (¡ay!)")
        elif word == "haber" and (before in _GOING or (after in _TO_SEE and before in (".", "¿", "¡", "\n", ","))):
            meant, why = "a ver", _("the verb haber")
        if meant is not None:
            written = tokens[index]
            yield written, (meant[:1].upper() + meant[1:]) if written[:1].isupper() else meant, why


def _an_order(participle: str, following: list[str]) -> bool:
    """An opening "Hecha" followed by what it puts somewhere, or by a noun it does not agree with."""
    if not following or following[0] not in _DETERMINERS:
        return False
    gender, number = _DETERMINERS[following[0]]
    own_gender, own_number = _PARTICIPLE[participle]
    if number != own_number or (gender is not None and gender != own_gender):
        return True  # "Hecha un dado", "Hecha tus cartas": no participle agrees so
    for word in following[2:]:
        if word in (",", ".", ";", ":"):
            return False  # "Hecha la jugada, roba": the participle of an absolute clause
        if word in _PLACES:
            return True  # "Hecha la ficha en la bolsa": where it goes
    return False
