"""text/grammar: slips of Spanish grammar that every word of which the dictionary knows.

Spanish texts only.  Each slip is told by the words around it, never by one word alone:

- "de que" after a verb that takes no "de" (dequeísmo): "Piensa de que gana", "Creo de que",
  "Es posible de que" are "piensa que", "creo que", "es posible que".  Not "se alegra de que",
  "está seguro de que", "se da cuenta de que", "antes de que", "después de que": those take it;
  nor "¿Qué piensas de que gane?", an opinion of it.
- "que" without the "de" its verb needs (queísmo): "Asegúrate que tienes", "Acuérdate que",
  "Date cuenta que", "Se encarga que" are "asegúrate de que", ...  Not "asegura que" (to state).
- haber that says there is, in the plural: "Habían dos naves", "Hubieron tres", "Han habido
  dos" are "había", "hubo", "ha habido".  Not "Habían robado dos" (a tense of robar).
- "todo" against the determiner after it: "toda tus cartas", "todos las fichas", "todo la mano"
  are "todas tus cartas", "todas las fichas", "toda la mano".
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pnp.check.text.fields import RULES_TEXT, Text, quote, texts
from pnp.errors import Finding, Severity
from pnp.i18n import N_, _
from pnp.model import PackData

CODE = "text/grammar"
LANGUAGES = ("es",)

_ANY = re.compile(r"de que|\bque\b|hab[ií]\w*|hub\w*|\btod[oa]s?\b", re.IGNORECASE)

# verbs said with "que" and no "de" ("pienso que"): their forms, as the slip writes them
_NO_DE = (
    r"piens[oa]s?|piensan|pens(?:ar|amos|áis|é|aste|ó|aron|aba|abas|aban|ando)|cre[oe]s?|creen|creer|creemos|creí"
    r"|creyó|opin[oa]s?|opinan|opinar|dig[oa]s?|digan|dice|dices|dicen|decir|dijo|dije|consider[oa]s?|consideran"
    r"|considerar|supongo|supone|supones|suponen|suponer|imagin[oa]s?|imaginan|imaginar|parece|parecía"
    r"|afirm[oa]s?|afirman|comunic[oa]s?|comunican|es (?:posible|probable|necesario|obvio|evidente|importante"
    r"|mejor|seguro|cierto|verdad|normal)"
)
# not after "qué": "¿Qué piensas de que gane?" asks an opinion of it, and is right
_DEQUEISMO = re.compile(rf"(?<!\w)(?<!qué )(?P<verb>{_NO_DE}) de que(?!\w)", re.IGNORECASE)
# verbs said with "de que" ("asegúrate de que"), written with "que" alone
_WITH_DE = (
    r"asegúr(?:ate|ese|ense|aos)|asegurarse|asegurarte|me aseguro|te aseguras|se asegura|se aseguran"
    r"|acuérd(?:ate|ese|ense)|acordarse|me acuerdo|te acuerdas|se acuerda|olvíd(?:ate|ese)|te olvidas|se olvida"
    r"|(?:date|dese|darse|te das|se da|se dan|me doy) cuenta|encárg(?:ate|ese|ense)|te encargas|se encarga"
    r"|convénc(?:ete|ase)|estás seguro|está segura?|estoy segur[oa]|me alegro|te alegras|se alegra"
)
_QUEISMO = re.compile(rf"(?<!\w)(?P<verb>{_WITH_DE}) que(?!\w)", re.IGNORECASE)
# haber that says there is, made plural, before what there is (not a participle: "habían robado")
_COUNTED = (
    r"un[oa]s|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|\d+|muchos|muchas|varios|varias|pocos|pocas"
    r"|algunos|algunas|demasiad[oa]s|suficientes|más|menos|tant[oa]s"
)
_HABER = re.compile(
    rf"(?<!\w)(?P<verb>habían|habrán|habrían|hubieron|hubieran|hubiesen|han habido|habían habido|habrán habido)"
    rf"\s+(?:{_COUNTED})(?!\w)",
    re.IGNORECASE,
)
_SINGULAR_HABER = {
    "habían": "había",
    "habrán": "habrá",
    "habrían": "habría",
    "hubieron": "hubo",
    "hubieran": "hubiera",
    "hubiesen": "hubiese",
    "han habido": "ha habido",
    "habían habido": "había habido",
    "habrán habido": "habrá habido",
}
# "todo" and the determiner after it: (gender or None, number)
_DETERMINERS = {
    "el": ("m", "s"), "la": ("f", "s"), "los": ("m", "p"), "las": ("f", "p"),
    "mi": (None, "s"), "tu": (None, "s"), "su": (None, "s"),
    "mis": (None, "p"), "tus": (None, "p"), "sus": (None, "p"),
    "este": ("m", "s"), "esta": ("f", "s"), "estos": ("m", "p"), "estas": ("f", "p"),
    "ese": ("m", "s"), "esa": ("f", "s"), "esos": ("m", "p"), "esas": ("f", "p"),
    "nuestro": ("m", "s"), "nuestra": ("f", "s"), "nuestros": ("m", "p"), "nuestras": ("f", "p"),
    "vuestro": ("m", "s"), "vuestra": ("f", "s"), "vuestros": ("m", "p"), "vuestras": ("f", "p"),
}  # fmt: skip
_TODO = re.compile(r"(?<!\w)(?P<todo>tod[oa]s?)\s+(?P<det>[a-zñ]+)(?!\w)", re.IGNORECASE)
_TODO_FORMS = {("m", "s"): "todo", ("f", "s"): "toda", ("m", "p"): "todos", ("f", "p"): "todas"}


def slips(plain: str) -> Iterator[tuple[str, str, str]]:
    """(as written, as it should be, what kind of slip) for each slip of `plain`."""
    for found in _DEQUEISMO.finditer(plain):
        yield found.group(), f"{found['verb']} que", N_("this verb takes no 'de' before 'que'")
    for found in _QUEISMO.finditer(plain):
        yield found.group(), f"{found['verb']} de que", N_("this verb takes 'de' before 'que'")
    for found in _HABER.finditer(plain):
        verb = found["verb"]
        right = _SINGULAR_HABER[verb.lower()]
        right = right[:1].upper() + right[1:] if verb[:1].isupper() else right
        yield found.group(), right + found.group()[len(verb) :], N_("haber that says 'there is' stays singular")
    for found in _TODO.finditer(plain):
        todo, determiner = found["todo"], found["det"]
        if determiner.lower() not in _DETERMINERS:
            continue
        gender, number = _DETERMINERS[determiner.lower()]
        own_gender = "f" if todo.lower().startswith("toda") else "m"
        right = _TODO_FORMS[(gender or own_gender, number)]
        if right != todo.lower():
            right = right[:1].upper() + right[1:] if todo[:1].isupper() else right
            yield found.group(), f"{right} {determiner}", N_("'todo' agrees with what follows it")


def check_grammar(pack: PackData) -> list[Finding]:
    findings = []
    for text, _original in texts(pack, RULES_TEXT):
        if text.lang.split("-")[0] in LANGUAGES and _ANY.search(text.raw):
            findings += grammar(text)
    return findings


def grammar(text: Text) -> list[Finding]:
    plain = text.plain
    return [
        text.finding(
            Severity.WARNING,
            CODE,
            _('"{written}" in "{text}": {why}').format(written=written, text=quote(plain, 60), why=_(why)),
            _('write "{right}"').format(right=right),
        )
        for written, right, why in slips(plain)
    ]
