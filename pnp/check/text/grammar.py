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
- a pronoun joined to its verb that agrees with nothing the text names before it, where something
  of its number is named: "Roba una carta y guárdalo" ("guárdala"), "Roba 2 cartas y juégalos".
  Not "lo" for what is done or said ("hazlo", "inténtalo"), "los" for things of both genders ("una
  ficha y un dado; colócalos"), nor a pronoun whose thing is not named ("barájalo", the deck).
- "la" for the one something is given to (laísmo), where what is given follows: "la das 2 monedas"
  is "le das".  Not "se la das", "la das a otro jugador" (there "la" is the thing given).
- "ser" for a state: "cuyo molino sea vacío", "la carreta es llena" are "esté vacío", "está llena".
- a present subjunctive after "si": "Si tengas un carro" is "Si tienes"; a word the dictionary
  knows only as a verb, every reading of it a present subjunctive ("si va", "si has", "si tuvieras"
  are right).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pnp.check.text.fields import RULES_TEXT, Text, quote, texts
from pnp.check.text.lexicon import speller
from pnp.check.text.nouns import DETERMINERS, gender_by_ending
from pnp.check.text.patterns import lazy
from pnp.errors import Finding, Severity
from pnp.i18n import N_, _
from pnp.model import PackData

CODE = "text/grammar"
LANGUAGES = ("es",)

_ANY = lazy(
    r"de que|\bque\b|hab[ií]\w*|hub\w*|\btod[oa]s?\b|l[oa]s?\b|\bsi\b|hayan|deb|cuando|ndo|les?\b|contra|cualquier"
    r"|\b(?:delante|detrás|encima|debajo|enfrente|cerca|lejos|dentro)\b|\bVes\b|\bcada\b|av[oa]s?\b|dos\b|repet"
    r"|conque|Recordar|Tener en|Notar|Observar|Fijarse|haya|sobretodo|mismo",
    re.IGNORECASE,
)

# verbs said with "que" and no "de" ("pienso que"): their forms, as the slip writes them
_NO_DE = (
    r"piens[oa]s?|piensan|pens(?:ar|amos|áis|é|aste|ó|aron|aba|abas|aban|ando)|cre[oe]s?|creen|creer|creemos|creí"
    r"|creyó|opin[oa]s?|opinan|opinar|dig[oa]s?|digan|dice|dices|dicen|decir|dijo|dije|consider[oa]s?|consideran"
    r"|considerar|supongo|supone|supones|suponen|suponer|imagin[oa]s?|imaginan|imaginar|parece|parecía"
    r"|afirm[oa]s?|afirman|comunic[oa]s?|comunican|anunci(?:a|as|an|o|ar|e|es|en|ó|aste)|declar(?:a|as|an|ar|e|ó)"
    r"|explic(?:a|as|an|ar|ó)|indic(?:a|as|an|ar|ó)|respond(?:e|es|en|er|ió)|promet(?:e|es|en|er|ió)"
    r"|es (?:posible|probable|necesario|obvio|evidente|importante"
    r"|mejor|seguro|cierto|verdad|normal)"
)
# not after "qué": "¿Qué piensas de que gane?" asks an opinion of it, and is right
_DEQUEISMO = lazy(rf"(?<!\w)(?<!qué )(?P<verb>{_NO_DE}) de que(?!\w)", re.IGNORECASE)
# verbs said with "de que" ("asegúrate de que"), written with "que" alone
_WITH_DE = (
    r"asegúr(?:ate|ese|ense|aos)|asegurarse|asegurarte|me aseguro|te aseguras|se asegura|se aseguran"
    r"|acuérd(?:ate|ese|ense)|acordarse|me acuerdo|te acuerdas|se acuerda|olvíd(?:ate|ese)|te olvidas|se olvida"
    r"|(?:date|dese|darse|te das|se da|se dan|me doy) cuenta|encárg(?:ate|ese|ense)|te encargas|se encarga"
    r"|convénc(?:ete|ase)|estás seguro|está segura?|estoy segur[oa]|me alegro|te alegras|se alegra"
)
_QUEISMO = lazy(rf"(?<!\w)(?P<verb>{_WITH_DE}) que(?!\w)", re.IGNORECASE)
# haber that says there is, made plural, before what there is (not a participle: "habían robado")
_COUNTED = (
    r"un[oa]s|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|\d+|muchos|muchas|varios|varias|pocos|pocas"
    r"|algunos|algunas|demasiad[oa]s|suficientes|más|menos|tant[oa]s"
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
_HABER = lazy(
    rf"(?<!\w)(?P<verb>{'|'.join(_SINGULAR_HABER)})\s+(?:{_COUNTED})(?!\w)",
    re.IGNORECASE,
)
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
_TODO = lazy(
    r"(?<!\w)(?P<todo>tod[oa]s?)\s+(?P<det>el|la|los|las|mis?|tus?|sus?|est[ae]s?|estos|es[ae]s?|esos"
    r"|nuestr[oa]s?|vuestr[oa]s?)(?!\w)(?:\s+(?P<noun>\w+))?",
    re.IGNORECASE,
)
# feminine nouns whose stressed first a takes "el" and "un", but "toda", "esta", "esa" (DPD, «el», 2)
_STRESSED_A_NOUNS = "área|agua|águila|arma|alma|hacha|aula|hada|ancla|ala|hambre|alba|ave|asa|aria|arpa|haba"
_TODO_FORMS = {("m", "s"): "todo", ("f", "s"): "toda", ("m", "p"): "todos", ("f", "p"): "todas"}
# a verb of several just before: "Revelen todos", "mezclad todos", "roban todos"
_PLURAL_ORDER_BEFORE = lazy(r"(?<!\w)\w{3,}(?:[ae]n|ad|ed|id|áis|éis|ís)\s+$", re.IGNORECASE)


# the letters each kind of slip needs, looked for with `in` before its expression runs: most texts
# have none of them
_QUEISMO_GATES = ("asegur", "asegúr", "acuérd", "acord", "acuerd", "olvíd", "olvid", "cuenta", "encárg", "encarg",
                  "convénc", "segur", "alegr")  # fmt: skip


def slips(plain: str) -> Iterator[tuple[str, str, str]]:
    """(as written, as it should be or "" where it cannot be told, what kind of slip) for each slip of
    `plain`."""
    lower = plain.lower()
    for found in _DEQUEISMO.finditer(plain) if "de que" in lower else ():
        yield found.group(), f"{found['verb']} que", N_("this verb takes no 'de' before 'que'")
    for found in _QUEISMO.finditer(plain) if any(gate in lower for gate in _QUEISMO_GATES) else ():
        yield found.group(), f"{found['verb']} de que", N_("this verb takes 'de' before 'que'")
    for found in (
        _HABER.finditer(plain) if "habí" in lower or "habr" in lower or "hubi" in lower or "han hab" in lower else ()
    ):
        verb = found["verb"]
        right = _SINGULAR_HABER[verb.lower()]
        right = right[:1].upper() + right[1:] if verb[:1].isupper() else right
        yield found.group(), right + found.group()[len(verb) :], N_("haber that says 'there is' stays singular")
    for found in _TODO.finditer(plain) if "tod" in lower else ():
        todo, determiner = found["todo"], found["det"]
        if determiner.lower() not in _DETERMINERS:
            continue
        gender, number = _DETERMINERS[determiner.lower()]
        if determiner.lower() == "el" and (found["noun"] or "").lower() in _STRESSED_A_NOUNS.split("|"):
            gender = "f"  # "toda el agua"
        if todo.lower().endswith("s") and number == "s" and _PLURAL_ORDER_BEFORE.search(plain, 0, found.start()):
            continue  # "Revelen todos su mano": "todos" goes with the ones who reveal, not with "su mano"
        right = _TODO_FORMS[(gender or ("f" if todo.lower().startswith("toda") else "m"), number)]
        if right != todo.lower():
            right = right[:1].upper() + right[1:] if todo[:1].isupper() else right
            written = found.group()[: found.end("det") - found.start()]
            yield written, f"{right} {determiner}", N_("'todo' agrees with what follows it")
    for written, right in pronoun_slips(plain):
        yield written, right, N_("its pronoun agrees with nothing named before it")
    for found in _LAISMO.finditer(plain) if (" la " in lower or " las " in lower or lower.startswith("la")) else ():
        pronoun = found["pronoun"]
        right = ("Le" if pronoun[:1].isupper() else "le") + ("s" if pronoun.lower().endswith("s") else "")
        yield found.group(), f"{right} {found['verb']}", N_("to whom it is given: 'le', not 'la'")
    for found in _SER_STATE.finditer(plain) if "vac" in lower or "llen" in lower else ():
        verb = found["verb"]
        right = _ESTAR[verb.lower()]
        right = right[:1].upper() + right[1:] if verb[:1].isupper() else right
        yield found.group(), f"{right} {found['state']}", N_("a state takes 'estar': 'está vacío'")
    for found in _CONTAINING.finditer(plain) if "conteniendo" in lower else ():
        yield found.group(), found["noun"] + " que contiene", N_("a gerund is no adjective: 'una caja que contiene'")
    for found in _TO_SEVERAL.finditer(plain) if any(verb in lower for verb in _GIVE_LE_FORMS) else ():
        verb = found["verb"] or found["verb2"]
        if found["verb"] and _TO_ONE.match(plain, found.end()):
            continue  # "A los demás nada; dale 1 a tu vecino": the one given to is named after it
        yield verb, verb + "s", N_("to several: 'les', not 'le'")
    for found in _CLITIC_ORDER.finditer(plain) if any(gate in lower for gate in _CLITIC_GATES) else ():
        yield (
            found.group(),
            f"se {found['pronoun'].lower()}",
            N_("'se' stands ahead of 'te', 'me', 'le': 'se te acaba'"),
        )
    for found in _LOISMO.finditer(plain) if any(stem in lower for stem in _LOISMO_STEMS) else ():
        verb = found.group()
        right = verb[: -len(found["pronoun"])] + "le" + ("s" if verb.endswith("s") else "")
        if found["pronoun"].lower().startswith("lo"):
            yield verb, right, N_("to whom it is given: 'le', not 'lo'")
        else:
            yield verb, right, N_("to whom it is given: 'le', not 'la'")
    for found in _DEBER_DE.finditer(plain) if "de " in lower and "deb" in lower else ():
        yield found.group(), found["verb"] + " " + found["infinitive"], N_("an obligation is 'deber', not 'deber de'")
    for found in _SI_NO.finditer(plain) if "si no " in lower else ():
        if re.search(r"(?<!\w)no(?!\w)", plain[: found.start()].lower()):
            yield found.group("si_no"), "sino", N_("'not this but that' is 'sino', in one word")
    for found in (
        _WHEN_FUTURE.finditer(plain)
        if ("rá" in lower or "rem" in lower or "réis" in lower) and any(w in lower for w in _WHEN_WORDS)
        else ()
    ):
        yield found.group(), "", N_("a time to come after 'cuando' takes the subjunctive: 'cuando excave'")
    for found in _AFTERWARDS_GERUND.finditer(plain) if "ndo" in lower and any(w in lower for w in _AFTERWARDS) else ():
        yield found.group().lstrip(", "), "", N_("a gerund says what happens at the same time, not after")
    for found in _PLACED_LE.finditer(plain) if "le" in lower and any(gate in lower for gate in _PLACED_GATES) else ():
        yield found.group("verb"), "", N_("a thing placed is 'lo' or 'la', not 'le'")
    for written, right in haber_plural(plain) if "hayan " in lower or "habían " in lower else ():
        yield written, right, N_("haber that says 'there is' stays singular")
    for written in until_indicative(plain) if "hasta que " in lower else ():
        yield written, "", N_("a time to come after 'hasta que' takes the subjunctive: 'hasta que alguien lo repare'")
    for written in until_indicative(plain, _PURPOSE) if any(w in lower for w in _PURPOSE_WORDS) else ():
        yield written, "", N_("after 'para que' and the like, the subjunctive: 'para que le deje'")
    for found in _USTEDES_VOSOTROS.finditer(plain) if "ustedes " in lower else ():
        yield found.group(), "", N_("'ustedes' takes the verb of 'ellos': 'ustedes ganan'")
    for found in _MAS_QUE_FIGURE.finditer(plain) if "s que " in lower else ():
        if not re.search(r"(?<!\w)(?:no|nunca|ni)(?!\w)", plain[max(0, found.start() - 40) : found.start()].lower()):
            word = found["word"]
            yield found.group(), f"{word} de {found['figure']}", N_("before a figure, 'más de', 'menos de'")
    for found in _QUE_SU.finditer(plain) if " que su" in lower else ():
        own = "cuyos" if found["noun"].lower().endswith("s") else "cuyo"
        why = N_("a possessive relative is 'cuyo': 'el jugador cuya caravana'")
        yield found.group("que_su"), own + " / " + own.replace("o", "a"), why
    for found in _TRADE_PARA.finditer(plain) if " para " in lower else ():
        yield found["para"], "por", N_("what is given in exchange takes 'por': 'cambia 2 por 3'")
    for found in _EVERY_OTHER.finditer(plain) if "cada otr" in lower else ():
        yield (
            found.group(),
            "cada dos "
            + {"vez": "veces", "jugador": "jugadores"}.get(found["noun"].lower(), found["noun"].lower() + "s"),
            N_("'every other turn' is 'cada dos turnos', or 'un turno sí y otro no'"),
        )
    for found in _CONTRA_MAS.finditer(plain) if "contra " in lower else ():
        right = ("Cuanto " if found["contra"][0].isupper() else "cuanto ") + found["more"]
        yield found.group(), right, N_("'the more…, the more…' is 'cuanto más…, más…' ('cuantos más fuelles')")
    for found in _ADVERB_POSSESSIVE.finditer(plain):
        pronoun = _POSSESSIVE_PRONOUNS[found["possessive"].lower().rstrip("s")[:-1]]
        yield (
            found.group(),
            f"{found['adverb']} de {pronoun}",
            N_("an adverb of place takes 'de' and a pronoun, not a possessive: 'delante de ti'"),
        )
    for found in _ANY_NUMBER.finditer(plain) if "cualquier " in lower else ():
        yield found.group(), "", N_("'cualquier' is singular: 'dos cartas cualesquiera'")
    for found in _EACH_PLURAL.finditer(plain) if "cada " in lower else ():
        verb = found["verb"]
        if _is_only_verb(verb) and _same_verb(verb, verb[:-1]):
            yield found.group(), found.group()[: -len(verb)] + verb[:-1], N_("'cada' takes the verb in the singular")
    for found in _PARTITIVE_ORDINAL.finditer(plain) if "av" in lower else ():
        stem, ending = found["stem"].lower(), found["ending"].lower()
        right = _ORDINALS[stem] + ending[0] + ending[1:]
        yield found.group(), f"{right} {found['noun']}", N_("'doceavo' is a part (1/12): the twelfth is 'duodécimo'")
    for found in _PLEONASM.finditer(plain) if "dos" in lower or "repet" in lower or "repit" in lower else ():
        said = found.group()
        if said.lower().startswith("amb"):
            yield said, said.split()[0], N_("'ambos' says two already: 'ambos barcos'")
        else:
            yield said, "", N_("'volver a repetir' says 'again' twice: 'repita', 'vuelva a hacerlo'")
    for found in _BASTA_CONQUE.finditer(plain) if "conque" in lower else ():
        yield (
            found.group(),
            f"{found['verb']} con que",
            N_("after 'basta', 'con que' (two words): 'basta con que pague'"),
        )
    for found in _INFINITIVE_ORDER.finditer(plain):
        yield found.group(), "", N_("an order is not said with the infinitive: 'Recuerde que', 'Recuerda que'")
    for found in _HAYA_EN.finditer(plain) if "haya" in lower else ():
        yield found.group(), found["se"] + " halla" + found["n"] + " en", N_("'hallarse' says where: 'se halla en'")
    for found in _SOBRETODO.finditer(plain) if "sobretodo" in lower else ():
        yield found.group(), "sobre todo", N_("'especially' is 'sobre todo'; 'sobretodo' is an overcoat")
    for found in _A_SI_MISMO.finditer(plain) if "a sí mismo," in lower else ():
        yield found.group(), "Asimismo,", N_("'also' is 'asimismo', one word")
    for found in _ECHO_DONE.finditer(plain) if "echo" in lower else ():
        right = found.group()[: found.start("echo") - found.start()] + "hecho"
        yield found.group(), right, N_("the participle of 'hacer' is 'hecho'; 'echo' is of 'echar'")
    for found in _BOTH_THE.finditer(plain) if "amb" in lower else ():
        yield found.group(), found["both"], N_("'ambos' takes no article after it: 'ambos faros'")
    for found in _GO_VES.finditer(plain) if "Ves " in plain else ():
        yield found.group(), "Ve " + found["to"], N_("the order of 'ir' is 've', not 'ves': 've a un pueblo'")
    for found in _UN_OTRO.finditer(plain) if " otr" in lower else ():
        yield found.group(), found["otro"], N_("'otro' takes no 'un' before it")
    for found in _SE_SINGULAR.finditer(plain) if "se " in lower else ():
        yield found.group(), "", N_("with 'se', the verb agrees with what follows it: 'se venden las perlas'")
    for found in _SI_FUTURE.finditer(plain) if "si " in lower and "r" in lower else ():
        yield found.group(), "", N_("a condition with 'si' takes the present: 'si llega'")
    for found in (
        _NO_APOCOPE.finditer(plain) if "ero " in lower or "ueno " in lower or "alo " in lower or "uno " in lower else ()
    ):
        if found["noun"].lower() not in _NOT_NOUNS and not _is_only_verb(found["noun"]):
            short = _APOCOPE[found["adjective"].lower()]
            yield (
                found.group(),
                f"{found['det']} {short} {found['noun']}",
                N_("before a masculine noun: 'el primer jugador', 'un buen turno'"),
            )
    for found in _THIS_STRESSED_A.finditer(plain) if "á" in lower or " a" in lower else ():
        det = found["det"].lower()
        yield (
            found.group(),
            f"{det[:-1] + 'a'} {found['noun']}",
            N_("a feminine noun keeps 'esta', 'esa' before its stressed a: 'esta área'"),
        )
    for found in _A_EL.finditer(plain) if " el " in lower else ():
        yield (
            found.group(),
            {"a": "al", "de": "del"}[found["prep"].lower()],
            N_("'a' and 'de' join the article: 'al', 'del'"),
        )
    for found in _NO_VOSOTROS_ORDER.finditer(plain) if "no " in lower and "d " in lower + " " else ():
        verb = found["verb"].lower()
        if _is_infinitive_stem(verb[:-1] + "r"):
            yield found.group(), "", N_("a ban takes the subjunctive: 'no reveléis'")
    for found in _NEGATION_BEFORE_NO.finditer(plain) if " no " in lower else ():
        yield (
            found.group(),
            found.group()[: -len(found["no"])].rstrip(),
            N_("a negative word before the verb takes no 'no': 'Ningún trineo puede'"),
        )
    for found in _SUBJECT_COMMA.finditer(plain) if " que " in lower and ", " in lower else ():
        yield found.group("comma").strip(), "", N_("no comma between a subject and its verb")
    for found in _WITHOUT_A.finditer(plain) if any(v in lower for v in _PERSONAL_VERBS) else ():
        yield (
            found.group(),
            f"{found['verb']} {_WITH_A[found['det'].lower()]} {found['person']}",
            N_("a person as the object takes 'a': 'soborne al guardia'"),
        )
    for written, right in si_subjunctive(plain) if "si " in lower else ():
        yield written, right, N_("'si' takes the indicative, as in 'si tienes'")


# laísmo: "la" for the one something is given to, where what is given follows ("la das 2 monedas" is
# "le das"); not "se la das" (la is then the thing), nor "la das a otro jugador" (the same)
_GIVING = (
    r"das|da|dan|dais|damos|dé|des|den|entregas|entrega|entregan|entregue|entregues|pagas|paga|pagan|pague"
    r"|pagues|enseñas|enseña|enseñan|muestras|muestra|muestran|dices|dice|dicen|pides|pide|piden|ofreces|ofrece"
    r"|ofrecen|devuelves|devuelve|devuelven|regalas|regala|regalan|cedes|cede|ceden|quitas|quita|quitan"
)
_LAISMO = lazy(
    rf"(?<![\w])(?<!se )(?P<pronoun>las?) (?P<verb>{_GIVING})(?= (?:\d|\{{|un|una|unos|unas|dos|tres|cuatro|cinco"
    rf"|seis|tu|tus)(?!\w))",
    re.IGNORECASE,
)
# "ser" for a state: "cuyo molino sea vacío" is "esté vacío" (empty and full are states, not kinds)
_ESTAR = {
    "es": "está", "son": "están", "sea": "esté", "sean": "estén", "era": "estaba", "eran": "estaban",
    "fue": "estuvo", "fueron": "estuvieron", "será": "estará", "serán": "estarán",
}  # fmt: skip
_SER_STATE = lazy(
    rf"(?<!\w)(?P<verb>{'|'.join(_ESTAR)}) (?:(?:ya|todavía|aún|no) )?(?P<state>vací[oa]s?|llen[oa]s?)(?!\w)",
    re.IGNORECASE,
)
# "una caja conteniendo 3 cargas": a gerund after a noun is no adjective (DPD, «gerundio», 2.3)
_CONTAINING = lazy(r"(?<!\w)(?P<noun>(?:un|una|el|la|los|las|unos|unas) \w+) conteniendo(?!\w)", re.IGNORECASE)
# "a los fareros de Ombrel ... dale 1 carga": the ones given to are several, "dales"
_GIVE_LE = r"(?:dale|entrégale|págale|pásale|muéstrale|enséñale|devuélvele|ofrécele|regálale)"
_TO_SEVERAL = lazy(
    rf"(?<!\w)a (?:los|las|todos los|todas las) \w+[^.;:]{{0,60}}?(?<!\w)(?P<verb>{_GIVE_LE})(?!\w)"
    rf"|(?<!\w)(?P<verb2>{_GIVE_LE}) [^.;:]{{0,40}}?(?<!\w)a (?:los|las|todos los|todas las|tus|sus|vuestros|vuestras)"
    rf" (?:\w+ )?\w+s(?!\w)",
    re.IGNORECASE,
)
_TO_ONE = lazy(
    r"[^.;:]{0,40}?(?<!\w)(?:a|al) (?:un|una|tu|su|el|la|otro|otra|mi|cada|ese|esa|este|esta)?\s?\w+", re.IGNORECASE
)
# the words each expression below needs, looked for with `in` first (most texts have none of them)
_GIVE_LE_FORMS = (
    "dale",
    "entrégale",
    "págale",
    "pásale",
    "muéstrale",
    "enséñale",
    "devuélvele",
    "ofrécele",
    "regálale",
)
_LOISMO_STEMS = ("entrég", "pág", "pás", "muéstr", "enséñ", "regál", "quít", "devuélv", "ofréc", "céd", "dá", "dal")
_WHEN_WORDS = ("cuando", "en cuanto", "tan pronto", "hasta que", "mientras", "antes de que", "después de que")
_AFTERWARDS = ("después", "luego", "a continuación", "más tarde", "seguidamente")
_PLACED_GATES = tuple(
    f"{pronoun} {place}"
    for pronoun in ("le", "les")
    for place in ("en", "sobre", "encima", "debajo", "junto", "bajo", "dentro", "delante", "detrás")
)
_CLITIC_GATES = ("te se ", "me se ", "os se ", "nos se ", "le se ", "les se ")
# "te se acabe" for "se te acabe": "se" opens a row of pronouns
_CLITIC_ORDER = lazy(r"(?<!\w)(?P<pronoun>te|me|os|nos|le|les) se(?!\w)", re.IGNORECASE)
# loísmo: "entrégalo 1 {cargo}" gives to him something that follows: "entrégale"
_LOISMO = lazy(
    r"(?<!\w)(?:(?:entrég|pág|pás|muéstr|enséñ|regál|quít)a|(?:devuélv|ofréc|céd)e|dá|da)(?P<pronoun>los?|las?)"
    r"(?= (?:\d|\{|un|una|unos|unas|dos|tres|cuatro|cinco|seis)(?!\w))",
    re.IGNORECASE,
)
# "debe de pagar" says it is likely; an obligation is "debe pagar" (DPD, «deber», 2)
_DEBER_DE = lazy(
    r"(?<!\w)(?<!el )(?<!un )(?<!su )(?<!tu )(?P<verb>deb(?:e|es|en|emos|éis|erá|erán|ería|erían|ía|ían|a|as|an)) de"
    r" (?P<infinitive>[a-záéíóúñ]+(?:ar|er|ir))(?!\w)",
    re.IGNORECASE,
)
# "no lo paga usted, si no el jugador": "sino" before a noun phrase (a "si no" of a condition goes on
# with a verb or a pronoun: "si no lo hace", "si no puede")
_SI_NO = lazy(
    r"(?<!\w)(?P<si_no>si no) (?:el|un|una|unos|unas|del|al|mi|mis|tu|tus|su|sus|este|esta|estos|estas|ese|esa"
    r"|ningún|ninguna|cualquier|todos|todas)(?!\w)",
    re.IGNORECASE,
)
# "Cuando excavará" for "Cuando excave": a time to come after "cuando", "en cuanto", "hasta que" is a
# present subjunctive (not "¿cuándo?", a question, which carries its accent)
_WHEN_FUTURE = lazy(
    r"(?<!\w)(?:cuando|en cuanto|tan pronto como|hasta que|mientras|antes de que|después de que) "
    r"(?:(?:no|ya|se|le|les|lo|la|los|las|te|me|nos|os) )*[a-záéíóúñ]+(?:rá|rás|rán|remos|réis)(?!\w)",
    re.IGNORECASE,
)
# "gane 3 monedas, colocándola después debajo del mazo": a gerund of what comes after (DPD, «gerundio», 2.1)
_AFTERWARDS_GERUND = lazy(
    r", [a-záéíóúñ]+ndo(?:la|lo|las|los|le|les|se|selo|sela)? (?:después|luego|a continuación|más tarde|seguidamente)"
    r"(?!\w)",
    re.IGNORECASE,
)
# leísmo of a thing: "colóquele en un túnel" puts the farol somewhere: "colóquelo"
_PLACED_LE = lazy(
    r"(?<!\w)(?P<verb>(?:colóqu|coloqu|pón|pon|póng|déj|sitú|ubíqu|muév|guárd|devuélv|introdúz|mét)[a-záéíóúñ]*les?)"
    r" (?=(?:en|sobre|encima|debajo|junto|bajo|dentro|delante|detrás)(?!\w))",
    re.IGNORECASE,
)
# forms of the present indicative that end as a subjunctive would: "si va", "si has"
_INDICATIVE = frozenset(
    {"va", "vas", "van", "vamos", "vais", "ha", "has", "han", "hay", "hemos", "habéis", "da", "das"}
)
_SI_VERB = lazy(r"(?<!\w)(?<!como )(?<!por )(?P<si>[Ss]i) (?P<verb>[a-záéíóúñ]{2,})(?!\w)")


def si_subjunctive(plain: str) -> Iterator[tuple[str, str]]:
    """("si tengas", "si + indicative") for a present subjunctive after "si": "si" takes the indicative
    ("Si tienes un carro") or a past subjunctive ("si tuvieras"), never the present.  Only a word the
    dictionary knows as a verb and nothing else, every reading of it a present subjunctive."""
    for found in _SI_VERB.finditer(plain):
        verb = found["verb"]
        if verb in _INDICATIVE or not verb.endswith(("a", "as", "an", "e", "es", "en", "amos", "emos", "áis", "éis")):
            continue
        checker = speller("es")  # the dictionary only where a "si" is followed by a word
        if checker is None:
            return
        readings = checker.readings(verb)
        verbs = [r for r in readings if r.verb and r.stem[-2:] in ("ar", "er", "ir")]
        if not verbs or len(verbs) != len(readings) or any(r.pronouns for r in readings):
            continue
        bare = verb.translate(_UNACCENT)
        if all(bare.endswith(_SUBJUNCTIVE[r.stem[-2:] == "ar"]) for r in verbs):
            yield found.group(), ""  # the indicative of an irregular verb is not the subjunctive's stem


_UNTIL = lazy(r"(?<!\w)hasta que((?: [a-záéíóúñ]+){1,4})", re.IGNORECASE)
_PURPOSE = lazy(
    r"(?<!\w)(?:para que|sin que|antes de que|a fin de que|a menos que|salvo que|a no ser que|con tal de que)"
    r"((?: [a-záéíóúñ]+){1,4})",
    re.IGNORECASE,
)
_PURPOSE_WORDS = (
    "para que ",
    "sin que ",
    "antes de que ",
    "a fin de que ",
    "a menos que ",
    "salvo que ",
    "a no ser que ",
)
# "todos ustedes ganáis": ustedes with the verb of vosotros
_USTEDES_VOSOTROS = lazy(
    r"(?<!\w)ustedes (?:(?:no|ya|se|les|los|las|también|solo) )?\w+(?:áis|éis|ís)(?!\w)", re.IGNORECASE
)
# "Todo jugador que tenga dos guardias, debe pagar": no comma between the subject and its verb (the
# Ortografía, 3.4.2.2.1.1); the subject a noun phrase with a relative clause, at the start of a sentence
_SUBJECT_COMMA = lazy(
    # not a time said with "que" ("Cada vez que una nave se mueve, coloca"): no subject
    r"(?:^|(?<=[.;:!?] ))(?:Todo|Toda|Todos|Todas|Cada|El|La|Los|Las|Un|Una|Ningún|Ninguna)"
    r" (?!(?:\w+ )?(?:vez|veces|momento|día|turno|ronda|noche|instante|fase|ocasión|año|mes)\b)[^,.;:¿?!]{1,30}? que"
    r" [^,.;:¿?!()]{3,80}?(?P<comma>, (?:debe|deben|puede|pueden|pierde|pierden|gana|ganan|roba|roban|paga|pagan"
    r"|recibe|reciben|mueve|mueven|descarta|descartan|toma|toman|coloca|colocan|está|están|es|son|tiene|tienen"
    r"|queda|quedan|obtiene|obtienen|suma|suman|elige|eligen))(?!\w)",
    re.MULTILINE,
)
# "cambiar 2 perlas para 3 monedas": what is given in exchange is "por"
_TRADE_PARA = lazy(
    r"(?<!\w)(?:cambi|intercambi|canje|vend|compr|permut)\w* (?:\d+|un[oa]?|dos|tres|cuatro|cinco)\b[^.;:]{0,30}?"
    r" (?P<para>para) (?=(?:\d+|un[oa]?|dos|tres|cuatro|cinco|seis)\b)",
    re.IGNORECASE,
)
# "Cada otro turno" copies "every other turn"
_EVERY_OTHER = lazy(
    r"(?<!\w)cada otr[oa]s? (?P<noun>turno|ronda|jugador|fase|día|noche|vez|carta|casilla)(?!\w)", re.IGNORECASE
)
_UN_OTRO = lazy(r"(?<!\w)(?:un|una) (?P<otro>otr[oa])(?!\w)", re.IGNORECASE)
# "Contra más fuelles tenga, más quema": at the head of a clause, with its second "más" after it
_CONTRA_MAS = lazy(
    r"(?:^|(?<=[.:;,¡]\s)|(?<=[.:;,]))(?P<contra>[Cc]ontra) (?P<more>más|menos)(?!\w)"
    r"(?=[^.;:!?]*?[\s,](?:más|menos)(?!\w))"
)
# "delante tuyo" for "delante de ti" (DPD, «delante», 3; «detrás», 2; «cerca», 2); not "fuera", a form of
# "ser" too ("como si fuera suyo")
_ADVERB_POSSESSIVE = lazy(
    r"(?<!\w)(?P<adverb>delante|detrás|encima|debajo|enfrente|cerca|lejos|dentro)"
    r" (?P<possessive>mí[oa]s?|tuy[oa]s?|suy[oa]s?|nuestr[oa]s?|vuestr[oa]s?)(?!\w)",
    re.IGNORECASE,
)
_POSSESSIVE_PRONOUNS = {"mí": "mí", "tuy": "ti", "suy": "usted / él / ella", "nuestr": "nosotros", "vuestr": "vosotros"}
# "cualquier dos cartas" for "dos cartas cualesquiera"
_ANY_NUMBER = lazy(r"(?<!\w)cualquier (?:dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|\d+)(?!\w)", re.IGNORECASE)
# "Cada uno de los jugadores eligen" for "elige": a person as the subject, its verb in -an, -en
_EACH_PLURAL = lazy(
    r"(?<!\w)cada (?:un[oa](?: de (?:(?:los|las|sus|tus|vuestr[oa]s|nuestr[oa]s) \w+|ell[oa]s|ustedes|vosotr[oa]s))?"
    r"|jugador(?:a)?|rival|oponente"
    r"|contrincante|adversari[oa]|participante) (?:no |también |solo |sólo |se |le |les |lo |la |los |las |te |os )?"
    r"(?P<verb>\w{3,}[ae]n)(?!\w)",
    re.IGNORECASE,
)
# "la doceava ronda" for "la duodécima": a partitive in -avo is a fraction, not a place in an order
# (DPD, «-avo»); "la doceava parte" is right
_ORDINALS = {"onceav": "undécim", "doceav": "duodécim", "treceav": "decimotercer", "catorceav": "decimocuart",
             "quinceav": "decimoquint", "dieciseisav": "decimosext", "diecisieteav": "decimoséptim",
             "dieciochav": "decimoctav", "diecinueveav": "decimonoven", "veinteav": "vigésim",
             "treintav": "trigésim"}  # fmt: skip
_PARTITIVE_ORDINAL = lazy(
    rf"(?<!\w)(?P<stem>{'|'.join(_ORDINALS)})(?P<ending>[oa]s?) (?P<noun>(?!parte|partes)[a-záéíóúñ]+)(?!\w)",
    re.IGNORECASE,
)
# "ambos dos", "vuelva a repetir": the same said twice
_PLEONASM = lazy(
    r"(?<!\w)(?:amb[oa]s dos|(?P<verb>vuelv[aeo]s?|vuelven|volved|volver|volvemos|volvéis|vuelvan) a repetir)(?!\w)",
    re.IGNORECASE,
)
_BASTA_CONQUE = lazy(r"(?<!\w)(?P<verb>bast(?:a|ará|aría|e|aba|ó)) conque(?!\w)", re.IGNORECASE)
# "Recordar que los novicios también..." opening a sentence, for "Recuerde que"
_INFINITIVE_ORDER = lazy(r"(?:^|(?<=[.:;!]\s))(?:Recordar|Tener en cuenta|Notar|Observar|Fijarse en) que(?!\w)")
# "se haya en un palmeral" for "se halla en" (where it is)
_HAYA_EN = lazy(r"(?<!\w)(?P<se>[Ss]e) haya(?P<n>n?) en(?!\w)")
# "castiga sobretodo a los jugadores" for "sobre todo": not "un sobretodo", "su sobretodo" (the coat)
_SOBRETODO = lazy(r"(?<!\w)(?<!un )(?<!el )(?<!su )(?<!tu )(?<!mi )sobretodo(?!\w)", re.IGNORECASE)
# "A sí mismo, cuenta como un camello" for "Asimismo,": opening a sentence, with its comma
_A_SI_MISMO = lazy(r"(?:^|(?<=[.:;]\s))A sí mismo,")
# "Una vez echo esto", "lo has echo" for "hecho", the participle of "hacer": after "haber" or "una vez"
# "echo" can only be it ("echar" gives "echado")
_ECHO_DONE = lazy(
    r"(?<!\w)(?:(?:[Hh]e|[Hh]as|[Hh]a|[Hh]emos|[Hh]abéis|[Hh]an|[Hh]aya|[Hh]ayas|[Hh]ayan|[Hh]abía|[Hh]aber)"
    r"(?: (?:ya|lo|la|los|las))?|[Uu]na vez) (?P<echo>echo)(?!\w)"
)
# "ambos los faros" for "ambos faros": "ambos" is the determiner, and takes no article after it
_BOTH_THE = lazy(r"(?<!\w)(?P<both>[Aa]mb(?:os|as)) (?:los|las)(?!\w)")
# "Ves a un pueblo adyacente" for "Ve a": an order opening a sentence, not a question
_GO_VES = lazy(r"(?:^|(?<=[.:;!]\s))Ves (?P<to>a|al|hacia|hasta)(?!\w)")
# "se vende las perlas": with "se", the verb agrees with the plural after it ("se venden")
_SE_SINGULAR = lazy(
    r"(?<!\w)se (?:[a-záéíóúñ]+ )?[a-záéíóúñ]{3,}[ae] (?:las|los|unas|unos|dos|tres|cuatro|cinco|\d+)"
    r" [a-záéíóúñ]+s(?!\w)",
    re.IGNORECASE,
)
# "Si el marcador llegará a 4": a condition opening the sentence, with "si" and a future
_SI_FUTURE = lazy(
    r"(?:^|(?<=[.;:!?] ))Si (?:[a-záéíóúñ0-9{}\ufffc]+ ){0,5}?[a-záéíóúñ]+(?:rá|rán|rás|remos|réis)(?!\w)",
    re.MULTILINE,
)
# "El primero jugador": before a masculine singular noun, "primer", "tercer", "buen", "mal", "algún", "ningún"
_APOCOPE = {"primero": "primer", "tercero": "tercer", "bueno": "buen", "malo": "mal", "alguno": "algún",
            "ninguno": "ningún", "postrero": "postrer"}  # fmt: skip
_NO_APOCOPE = lazy(
    r"(?<!\w)(?P<det>[Ee]l|[Uu]n|[Ss]u|[Tt]u|[Mm]i|[Ee]ste|[Ee]se|[Dd]el|[Aa]l|[Nn]uestro|[Vv]uestro)"
    r" (?P<adjective>primero|tercero|bueno|malo|alguno|ninguno|postrero) (?P<noun>[a-záéíóúñ]{3,})(?!\w)"
)
_NOT_NOUNS = frozenset(
    {"que", "del", "con", "para", "por", "sin", "entre", "sobre", "como", "cuando", "donde", "una", "uno", "los",
     "las", "más", "menos", "tras", "hasta", "desde", "ante", "bajo", "contra", "según", "durante", "mientras"}
)  # fmt: skip


def _same_verb(plural: str, singular: str) -> bool:
    """Whether the two words are forms of one verb ("pierden", "pierde")."""
    checker = speller("es")
    if checker is None:
        return False
    stems = {r.stem for r in checker.readings(plural.lower()) if r.verb}
    return any(r.verb and r.stem in stems for r in checker.readings(singular.lower()))


def _is_only_verb(word: str) -> bool:
    checker = speller("es")
    return checker is None or checker.only_verb(word.lower())


# "este área", "ese agua": a feminine noun with a stressed a takes "el", "un" but "esta", "esa"
_THIS_STRESSED_A = lazy(
    rf"(?<!\w)(?P<det>este|ese|aquel|mucho|poco|otro|todo) (?P<noun>{_STRESSED_A_NOUNS})(?!\w)", re.IGNORECASE
)
# "a el herrero" for "al herrero" (not "a El Paso", a name)
_A_EL = lazy(r"(?<!\w)(?P<prep>a|de) el(?!\w)(?! [A-ZÁÉÍÓÚÑ])")
# "no revelad vuestras cartas": a ban says the subjunctive, "no reveléis"
_NO_VOSOTROS_ORDER = lazy(r"(?<!\w)no (?P<verb>[a-záéíóúñ]{3,}[aei]d)(?!\w)", re.IGNORECASE)
# "Ningún trineo no puede moverse": after a negative word before the verb, no "no" (not "Ningún jugador
# que no tenga cartas", a relative clause of its own)
_NEGATION_BEFORE_NO = lazy(
    r"(?:^|(?<=[.;:!?] ))(?:Ningún|Ninguna|Nadie|Nunca|Tampoco|Ninguno|Nada)(?: (?!que\b)[a-záéíóúñ]+){0,3}?"
    r" (?P<no>no)(?= [a-záéíóúñ])",
    re.MULTILINE,
)


def _is_infinitive_stem(infinitive: str) -> bool:
    checker = speller("es")
    return checker is not None and any(r.verb and r.stem == infinitive for r in checker.readings(infinitive))


# "más que 3" for "más de 3": before a figure, a quantity takes "de" (not "no ... más que 3", only 3)
_MAS_QUE_FIGURE = lazy(
    r"(?<!\w)(?P<word>más|menos) que (?P<figure>\d+|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez)(?!\w)",
    re.IGNORECASE,
)
# quesuismo: "el jugador que su caravana está más lejos" is "cuya caravana"
_QUE_SU = lazy(
    r"(?<!\w)(?:el|la|los|las|cada|todo|toda|un|una) (?:\w+ )?\w+ (?P<que_su>que sus?) (?P<noun>\w+) "
    r"(?:está|están|es|son|tiene|tienen|queda|quedan|sea|sean|esté|estén|tenga|tengan)(?!\w)",
    re.IGNORECASE,
)
# a person as the object, with no "a": "soborne el guardia de un puesto" is "al guardia"
_PERSONAL_VERBS = (
    "soborn",
    "atac",
    "derrot",
    "ayud",
    "reclut",
    "contrat",
    "despid",
    "captur",
    "expuls",
    "rescat",
    "proteg",
    "vigil",
    "elimin",
    "arrest",
    "encarcel",
    "cur",
    "desafí",
    "desafi",
    "engañ",
    "asesin",
)
_WITH_A = {
    "el": "al",
    "la": "a la",
    "los": "a los",
    "las": "a las",
    "este": "a este",
    "esta": "a esta",
    "ese": "a ese",
    "esa": "a esa",
    "su": "a su",
    "sus": "a sus",
    "tu": "a tu",
    "tus": "a tus",
}
_PEOPLE = (
    r"guardias?|jugador(?:es|as?)?|rival(?:es)?|oponentes?|adversari[oa]s?|ladr(?:ón|ones|onas?)|mercader(?:es)?"
    r"|comerciantes?|capitan(?:es|as?)|capitán|sultán|sultana|rey|reina|soldados?|espías?|mercenari[oa]s?"
    r"|prisioner[oa]s?|rehén|rehenes|aliad[oa]s?|enemig[oa]s?|centinelas?|vigías?|piratas?"
)
_WITHOUT_A = lazy(
    rf"(?<!\w)(?P<verb>(?:{'|'.join(_PERSONAL_VERBS)})[a-záéíóúñ]*)"
    rf" (?P<det>el|la|los|las|este|esta|ese|esa|su|sus|tu|tus) (?P<person>{_PEOPLE})(?!\w)",
    re.IGNORECASE,
)
_BEFORE_ITS_VERB = frozenset(
    {"alguien", "nadie", "todos", "todas", "uno", "una", "un", "el", "la", "los", "las", "su", "sus", "tu", "tus",
     "cada", "otro", "otra", "no", "ya", "se", "lo", "le", "les", "te", "me", "nos", "os", "ese", "esa", "este", "esta"}
)  # fmt: skip


_IRREGULAR_INDICATIVE = frozenset(
    {"hay", "es", "son", "está", "están", "va", "van", "tiene", "tienen", "puede", "pueden", "hace", "hacen", "dice"}
    | {"ven", "dan", "saben", "sabe", "quieren", "quiere", "vienen", "viene", "dicen", "ponen", "pone", "salen", "sale"}
)
_CLITIC_WORDS = frozenset({"se", "le", "les", "te", "me", "nos", "os"})  # not "la", "lo": articles too


def _up_to(found: re.Match[str], word: str) -> str:
    """The opener ("hasta que") and its words up to `word`, as written."""
    words = found.group(1)
    return found.group()[: len(found.group()) - len(words)] + words[: words.index(word) + len(word)]


_ARTICLES = frozenset({"el", "la", "los", "las", "un", "una", "unos", "unas"})


def until_indicative(plain: str, opener: re.Pattern[str] = _UNTIL) -> Iterator[str]:
    """ "hasta que alguien lo repara" for a time to come: the first word after "hasta que" the dictionary
    knows only as a verb, in the present indicative of its own verb ("repara", "mueve"), where the
    subjunctive ("repare", "mueva") is due.  A rule's "until" always looks ahead."""
    for found in opener.finditer(plain):
        checker = speller("es")
        if checker is None:
            return
        after_pronoun = after_subject = False
        before = ""  # the word before this one
        for word in found.group(1).split():
            article, before = before in _ARTICLES, word.lower()
            if word.lower() in _BEFORE_ITS_VERB:
                after_pronoun = word.lower() in _CLITIC_WORDS
                after_subject = False
                continue
            if word.lower() in _IRREGULAR_INDICATIVE:  # "a menos que hay", "para que es"
                yield _up_to(found, word)
                break
            readings = checker.readings(word.lower())
            verbs = [r for r in readings if r.verb and r.stem[-2:] in ("ar", "er", "ir")]
            if not verbs:
                # the subject's words ("sin que los demás jugadores ven"); an article and its noun say the
                # verb comes next ("el temporal llega")
                after_subject = article and bool(readings)
                continue
            if len(verbs) != len(readings) and not after_pronoun and not after_subject:
                # a noun that is a verb too ("marea"): not told apart, but after a pronoun ("le deja") or
                # its subject ("antes de que el temporal llega"), where only a verb goes
                break
            bare = word.lower().translate(_UNACCENT)
            if all(bare.endswith(_INDICATIVE_ENDINGS[r.stem[-2:] == "ar"]) for r in verbs):
                yield _up_to(found, word)
            break


def haber_plural(plain: str) -> Iterator[tuple[str, str]]:
    """("hayan gemas", "haya gemas") for haber that says there is, made plural before a plural noun with
    no determiner ("Cuando ya no hayan gemas"): not before a participle ("hayan robado", "habían
    puesto"), a word the dictionary knows as a verb form."""
    for found in _HABER_NOUN.finditer(plain):
        noun = found["noun"]
        checker = speller("es")
        if checker is None:
            return
        readings = checker.readings(noun.lower())
        if not readings or any(r.verb for r in readings):
            continue
        verb = found["verb"]
        right = {"hayan": "haya", "habían": "había"}[verb.lower()]
        yield found.group(), (right.capitalize() if verb[:1].isupper() else right) + " " + noun


_HABER_NOUN = lazy(r"(?<!\w)(?P<verb>hayan|habían) (?P<noun>[a-záéíóúñ]{3,}s)(?!\w)", re.IGNORECASE)
_UNACCENT = str.maketrans("áéíóú", "aeiou")
# the present indicative's endings, of -ar verbs (True) and of -er and -ir verbs (False)
_INDICATIVE_ENDINGS = {True: ("a", "as", "an", "amos", "ais"), False: ("e", "es", "en", "emos", "imos", "eis", "is")}
# the present subjunctive's endings: of -er and -ir verbs, of -ar verbs
_SUBJUNCTIVE = {False: ("a", "as", "an", "amos", "ais"), True: ("e", "es", "en", "emos", "eis")}


# A pronoun joined to its verb ("guárdala", "barájalos", "robarla", "poniéndolas", "ponla") for a thing
# named before it: one that agrees with none of the things named before it in the text is the slip
# ("Roba una carta y guárdalo": the card is "la").  The verb's forms, wide: an imperative carries an
# accent ("descártala"; not "película", "título": a u before the pronoun), an infinitive ends in -r, a
# gerund in -ndo; and the short imperatives.
_JOINED = lazy(
    r"(?<!\w)(?P<verb>\w*[áéíóú][bcdfghjklmnñpqrstvxyz]+[aei]|\w{2,}[aeií]r|\w+[aáeé]ndo|pon|haz|di|ten|da|dé|sal)"
    r"(?P<other>me|te|se|nos|os|le|les)?(?P<pron>lo|la|los|las)(?!\w)",
    re.IGNORECASE,
)
_PRONOUNS = {"lo": ("m", "s"), "la": ("f", "s"), "los": ("m", "p"), "las": ("f", "p")}
# "lo" that stands for what was done or said ("hazlo", "inténtalo", "puedes hacerlo"), not for a thing
_NEUTER_VERB = lazy(
    r"^(?:ha[zcg]|hac|hic|di|dec|dic|intent|inténta|consig|consegu|consíg|repet|repit|repít|logr|lógr|sab|sup"
    r"|record|recuérd|olvid|olvíd|evit|evít|permit|permít|pens|piéns|cre|cré|elig|elíg|compr|cómpr|indic|indíc)",
    re.IGNORECASE,
)
# a word and the word after it, each pair found (the noun of one pair is the determiner of the next)
_NAMED = lazy(r"(?<!\w)(?P<det>[a-záéíóúñ]+|\d+)(?=\s+(?P<noun>[a-záéíóúñ]{3,})(?!\w))", re.IGNORECASE)
# nouns whose ending says the other gender: "la mano", "el mapa"
_AGAINST_ENDING = {
    "mano": "f", "manos": "f", "foto": "f", "fotos": "f", "moto": "f", "motos": "f", "radio": "f",
    "día": "m", "días": "m", "mapa": "m", "mapas": "m", "problema": "m", "problemas": "m", "sistema": "m",
    "sistemas": "m", "tema": "m", "temas": "m", "planeta": "m", "planetas": "m", "idioma": "m", "clima": "m",
    "programa": "m", "programas": "m", "esquema": "m", "drama": "m", "enigma": "m", "enigmas": "m",
    "fantasma": "m", "fantasmas": "m", "poema": "m", "cometa": "m", "cometas": "m", "tranvía": "m", "sofá": "m",
}  # fmt: skip


def _named_before(text: str, end: int) -> list[tuple[str, str]]:
    """(gender, number) of each thing a determiner names in `text` before `end`; the gender from the
    determiner, or the noun's ending where the determiner has none ("tu ficha")."""
    named = []
    for found in _NAMED.finditer(text, 0, end):
        det, noun = found["det"].lower(), found["noun"].lower()
        by_ending = _AGAINST_ENDING.get(noun) or gender_by_ending(noun)
        if det.isdigit():
            gender, number = by_ending, "s" if det == "1" else "p"
        elif det in DETERMINERS and det not in ("de", "a"):
            _table, gender, number = DETERMINERS[det][0]
            gender = gender or by_ending
        else:
            continue
        named.append((gender or "?", number))
    return named


_SENTENCE_END = lazy(r"[.;:!?¡¿\n]")
_UNNAMED = lazy(r"[\"“”«»{}\ufffc]")  # a quoted name, a placeholder, an icon: of no gender pnp can tell


# a word that may be a verb with a pronoun joined: found first, read with _JOINED only then
_MAY_BE_JOINED = lazy(r"(?<!\w)\w{2,}l[oa]s?(?!\w)")


def pronoun_slips(plain: str) -> Iterator[tuple[str, str]]:
    """(the verb and its pronoun, as it would agree) where the pronoun agrees with nothing named
    before it in the text, and its own sentence names something of its number.  A text with a quoted
    or placeholder name before the pronoun is not judged (the name may be what it stands for)."""
    for candidate in _MAY_BE_JOINED.finditer(plain):
        found = _JOINED.fullmatch(plain, candidate.start(), candidate.end())
        if found is None:
            continue
        pronoun = found["pron"].lower()
        if pronoun == "lo" and _NEUTER_VERB.match(found["verb"]):
            continue
        if _UNNAMED.search(plain, 0, found.start()):
            continue
        gender, number = _PRONOUNS[pronoun]
        named = _named_before(plain, found.start())
        if not named or any(g in (gender, "?") and n == number for g, n in named):
            continue
        sentence = max((end.end() for end in _SENTENCE_END.finditer(plain, 0, found.start())), default=0)
        if not _named_before(plain[sentence:], found.start() - sentence):
            continue  # "Está dañada: vuelve a instalarlo": its own sentence names nothing
        if pronoun == "los" and {"m", "f"} <= {g for g, _n in named}:
            continue  # "los" for things of both genders together: "una ficha y un dado; colócalos"
        if any(n == number for _g, n in named) and not _a_name_before(plain, found.start()):
            other = ("la" if gender == "m" else "lo") + ("s" if number == "p" else "")
            yield found.group(), found.group()[: -len(pronoun)] + other


_CAPITALISED = lazy(r"(?<!\w)[A-ZÁÉÍÓÚÑ][a-záéíóúñ]{2,}(?!\w)")


def _a_name_before(plain: str, end: int) -> bool:
    """Whether a name stands before `end` (a capitalised word the dictionary does not know in
    lowercase: "Kaimana"), of a gender pnp cannot tell: the pronoun may be hers."""
    checker = speller("es")
    if checker is None:
        return True
    return any(not checker.knows(word.group().lower()) for word in _CAPITALISED.finditer(plain, 0, end))


def check_grammar(pack: PackData) -> list[Finding]:
    findings = []
    for text, _original in texts(pack, RULES_TEXT):
        if text.lang.split("-")[0] in LANGUAGES and _ANY.search(text.raw):
            findings += grammar(text)
    return findings


_REWRITE = N_("write it as the message says")
# the hint of a slip whose right form cannot be told (the verb's irregular forms are not known)
_HINTS = {
    "'si' takes the indicative, as in 'si tienes'": N_("write it in the indicative"),
    "a time to come after 'cuando' takes the subjunctive: 'cuando excave'": N_("write it in the subjunctive"),
    "a gerund says what happens at the same time, not after": N_(
        "say it with a verb of its own: 'y después colóquela'"
    ),
    "a thing placed is 'lo' or 'la', not 'le'": N_("write 'lo' or 'la'"),
    "a time to come after 'hasta que' takes the subjunctive: 'hasta que alguien lo repare'": N_(
        "write it in the subjunctive"
    ),
    "after 'para que' and the like, the subjunctive: 'para que le deje'": N_("write it in the subjunctive"),
    "'ustedes' takes the verb of 'ellos': 'ustedes ganan'": N_("write the verb of 'ellos'"),
    "no comma between a subject and its verb": N_("take the comma out"),
    "with 'se', the verb agrees with what follows it: 'se venden las perlas'": N_("write the verb in the plural"),
    "a condition with 'si' takes the present: 'si llega'": N_("write it in the present"),
    "a ban takes the subjunctive: 'no reveléis'": N_("write the subjunctive: 'no reveléis'"),
    "'volver a repetir' says 'again' twice: 'repita', 'vuelva a hacerlo'": N_("say it once: 'repita'"),
    "an order is not said with the infinitive: 'Recuerde que', 'Recuerda que'": N_(
        "write the order: 'Recuerde que', 'Recuerda que', 'Recordad que'"
    ),
    "'cualquier' is singular: 'dos cartas cualesquiera'": N_(
        "put the number first: 'dos cartas cualesquiera', or 'dos cartas a tu elección'"
    ),
}


def grammar(text: Text) -> list[Finding]:
    plain = text.plain
    return [
        text.finding(
            Severity.WARNING,
            CODE,
            _('"{written}" in "{text}": {why}').format(written=written, text=quote(plain, 60), why=_(why)),
            _('write "{right}"').format(right=right) if right else _(_HINTS.get(why, _REWRITE)),
        )
        for written, right, why in slips(plain)
    ]
