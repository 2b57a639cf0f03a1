"""text/dropped-word: a word that changes the rule is in the original and nowhere in the translation.

English originals against Spanish translations, sentence by sentence where both have as many
(text/consistency's pairing), else the whole text. A few words turn or narrow what a rule does, and a
translation that leaves one out still reads well, so nobody notices: "instead" (the effect replaces
another one), "only" (a restriction), "except" (an exception), "at random" (nobody chooses), "secretly",
"simultaneously", "immediately", "permanently", "until" (how long it lasts), "for each" (a multiplier),
"additional" or "extra" (on top of the usual), "ignore" (the effect does not apply), "down to" (what is
left, not how many go), "face down" and "face up", "may" (a choice, counted: each "may" or "can" of the
original wants its own "puede"); and "this card" said as "una carta". A sentence whose
original says one of them, and whose translation has none of its usual Spanish renderings, is a finding
("Discard a card at random" as "Descarta una carta").

The Spanish side is wide on purpose: every usual rendering counts ("en su lugar", "en lugar de", "en
vez de" for "instead"; "solo", "únicamente", "una sola vez" for "only"), and a rendering anywhere in the
translation keeps the sentence quiet, since a translator may move it to the next sentence.  Not
judged: a word in another sense ("not only", "all at once" is "simultaneously", "add up").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

from pnp import markup
from pnp.check.text.consistency import aligned
from pnp.check.text.fields import Text, against_english, quote
from pnp.check.text.patterns import Gates, lazy, literal_starts
from pnp.errors import Finding, Severity
from pnp.i18n import N_, _
from pnp.model import PackData

CODE = "text/dropped-word"
LANGUAGES = ("es",)


@dataclass(frozen=True)
class _Word:
    """A word of the original, what it does to the rule, and its Spanish renderings (expressions,
    matched on whole words); `suggested` is said in the hint."""

    does: str
    english: str
    spanish: str
    suggested: str
    english_aside: str = ""
    spanish_aside: str = ""  # phrases of the translation that hold a rendering's word in another sense
    # (English, Spanish): each time the whole original says the first, the whole translation says
    # the second, or the word was dropped even where a rendering of it is somewhere
    counted: tuple[str, str] | None = None

    @property
    def gates(self) -> tuple[str, ...]:
        """The letters each English alternative starts with, lowercase: a sentence with none of them does
        not say the word, found with `in` before any expression runs."""
        return literal_starts(self.english)


# the ways to say "may": a choice, a permission, a possibility
_MAY = (
    r"pued\w*|pod\w*|permit\w*|opcional\w*|posib\w*|libremente|a voluntad|quizá\w*|tal vez"
    r"|admit\w*|admite|admiten|caben?|quepan?|cabría\w*"  # "a box may hold 3" as "en una caja caben 3"
    r"|si (?:así )?(?:lo |la |los |las |le |les )?(?:dese\w*|quier\w*|quis\w*|prefier\w*|quer\w*|gust\w*)"
    r"|a (?:su|tu|vuestra|sus|tus) elección|(?:tien|ten)\w* (?:la )?(?:opción|posibilidad|derecho)"
)


_FOR_EACH = _Word(
    N_("it multiplies"),
    r"for each|for every|per",
    r"por|cada|tant[oa]s? \w+ como|tant[oa]s? como|multiplic\w*|según|equivalente\w*|el número de"
    r"|la cantidad de|tantas veces|tod[oa]s|cualquier\w*",  # "for every order": "para todos los encargos"
    "por cada",
)


_WORDS = (
    _Word(
        N_("it replaces another effect"),
        r"instead",
        r"en (?:su|tu|mi|vuestro|nuestro|sus|tus) lugar|en lugar d\w+|en vez d\w+|en cambio|a cambio|sustitu\w*"
        r"|reemplaz\w*|cambi[aeoó]\w*|cambiar\w*|sino|por el contrario|en su defecto|más bien"
        # "the reward is 7 instead" as "la recompensa pasa a ser de 7"; "2 instead of 1" as "2, y no 1"
        r"|pasa a|pasan a|pasará a|pasarán a|y no (?:\d+|un[oa]?|dos|tres|cuatro|cinco|el|la|los|las)"
        # "A boat that would leave the map stops at the edge instead": "Una barca que fuera a salir"
        r"|fuera a|fuese a|fueran a|fuesen a|vaya a|vayan a",
        "en su lugar",
    ),
    _Word(
        N_("a restriction"),
        r"only",
        r"s[oó]lo|solamente|únic[oa]s?|únicamente|exclusiv\w*|sol[oa]s?|nada más|más que|salvo|excepto|menos"
        r"|sino|nadie más|ningún otro|ninguna otra|ningun[oa]s? otr[oa]s?|como máximo|a lo sumo|apenas"
        r"|qued\w* con|(?:te|le|les|os|me|nos) qued\w*",  # "until you have only 5 left": "hasta quedarte con 5"
        "solo",
        english_aside=r"not only|if only",
        # "puede moverse un dirigible solo:" is one on its own, not only one ("un solo dirigible")
        spanish_aside=r"(?:un|una) \w+ sol[oa](?=[.,;:!?]|$)",
    ),
    _Word(
        N_("an exception"),
        r"except|excepting|excluding|other than|apart from|save for",  # not "but not": a contrast, "mas no"
        r"excepto|salvo|menos|a excepción|con excepción|exceptu\w*|exclu\w*|sin contar|que no sean?|distint[oa]s?"
        r"|aparte de|fuera de|otr[oa]s?|sino|no (?:\w+ ){0,3}(?:incluid|cuent|cont)\w*",
        "excepto",
    ),
    _Word(
        N_("nobody chooses"),
        r"at random|randomly|random",
        r"al azar|aleatori\w*|azar|sin mirar|a ciegas|a suertes|a la suerte|sorte[ae]\w*|sorteo",
        "al azar",
    ),
    _Word(
        N_("the others do not see it"),
        r"secretly|in secret|privately|in private|without (?:revealing|showing)",
        r"en secreto|secretamente|secret[oa]s?|en privado|privad\w*|a escondidas|escondid\w*|ocult\w*"
        r"|boca ?abajo|bocabajo|cara abajo|sin (?:mostr|enseñ|revel|descubr|que (?:nadie|los demás|el resto))\w*",
        "en secreto",
    ),
    _Word(
        N_("everyone at once"),
        r"simultaneously|simultaneous|at the same time|all at once",
        r"simultáne\w*|a la vez|al mismo tiempo|a un tiempo|a la par|conjuntamente|junt[oa]s|de una vez"
        r"|todos a una|al unísono",
        "a la vez",
    ),
    _Word(
        N_("it happens at once"),
        r"immediately|at once|right away|instantly",
        r"inmediat\w*|de inmediato|en el acto|al instante|acto seguido|enseguida|en seguida|ahora|ya|al momento"
        r"|en ese (?:mismo )?momento|sin esperar|directamente|justo|de golpe|en cuanto|nada más|tan pronto"
        r"|instantáne\w*|a continuación"
        # "at once" is also "at the same time": "move two hikers at once" is "a la vez"
        r"|a la vez|al mismo tiempo|de una vez|de golpe|junt[oa]s|desde el primer momento|de entrada|desde ya",
        "inmediatamente",
        english_aside=r"all at once",
    ),
    _Word(
        N_("it lasts the whole game"),
        r"permanently|permanent|for the rest of the game|for the remainder of the game",
        r"permanente\w*|para siempre|definitiv\w*|resto de la partida|hasta el final de la partida"
        r"|hasta (?:que )?(?:acabe|termine) la partida|toda la partida|de por vida",
        "de forma permanente",
    ),
    _Word(
        N_("how long it lasts"),
        r"until",  # not "till": "till the field" is to plough it
        r"hasta|mientras|durante|antes de que|en tanto|este turno|esta ronda|lo que queda|el resto del?"
        r"|a menos que",
        "hasta",
    ),
    _FOR_EACH,
    _Word(
        N_("it is a choice, not a must"),
        r"may|optionally|if you wish|if you want|if you like",
        _MAY,
        "puede",
        english_aside=r"may not|may never",  # a ban: text/negation's ("You may not include saffron", "sin incluir")
        # "You may discard a card. Guards can fine you" as "Descarta una carta. Los guardias pueden
        # multarte": the one "pueden" is the guards'; each modal of the original wants its own
        counted=(r"may|can|could|might|cannot|optionally|able", _MAY + r"|capa(?:z|ces)"),
    ),
    _Word(
        N_("it holds whatever the condition"),
        r"even if|even though|even when",
        r"aunque|aun si|aún si|incluso si|incluso aunque|incluso cuando|aun cuando|aún cuando|ni siquiera"
        r"|a pesar de|pese a|sea como sea|en cualquier caso|de todos modos|de todas formas|igualmente|también si",
        "incluso si",
    ),
    _Word(
        N_("only the one who has the most or the fewest"),
        r"the most|the fewest|the least|the highest|the lowest|the greatest|the largest|the smallest"
        r"|the best|the worst",
        r"más|menos|mayor\w*|menor\w*|máxim\w*|mínim\w*|mejor\w*|peor\w*|mayoría|superior\w*|inferior\w*",
        "el jugador con más",
        english_aside=r"at the (?:most|least)|the most of|the least of|make the most",
    ),
    _Word(
        N_("all of them together, not each"),
        r"in total|in all|altogether|combined",
        r"en total|en conjunto|total\w*|entre (?:todos|todas|ambos|ambas|los dos|las dos|tod[oa]s|vosotros|ustedes)"
        r"|sum[aeoó]\w*|sumar\w*|en suma|junt[oa]s|conjunt\w*|entre (?:sus|tus|vuestr[oa]s|las|los) \w+",
        "en total",
    ),
    _Word(
        N_("one right after the other"),
        r"consecutive|consecutively|in a row|successive|successively|back-to-back",
        r"consecutiv\w*|seguid[oa]s|sucesiv\w*|tras otr[oa]|detrás de otr[oa]|sin interrupción|de corrido"
        r"|de seguido|continu\w*|cada una? después de",
        "consecutivas",
    ),
    _Word(
        N_("at that distance or nearer"),
        # a distance: not "within this round", "within one minute"
        r"within (?:\d+|one|two|three|four|five|six) (?:spaces?|squares?|hex(?:es)?|tiles?|steps?|zones?|sectors?"
        r"|regions?|cells?|areas?|locations?|districts?|leagues?|miles?|inches|cm|km)|within (?:range|reach)",
        r"dentro de|a (?:no más de|menos de|un máximo de)|como (?:máximo|mucho)|o menos|hasta|en un radio"
        r"|cerca|alcance|a lo sumo|no más lejos|máximo|entre",
        "a 2 casillas o menos",
    ),
    _Word(
        N_("before it happens, in its place"),
        r"would(?= (?:lose|gain|be|take|draw|discard|die|move|suffer|pay|receive|have|sink|fall|get|run|go|end)\b)",
        r"fuera a|fueras a|fuerais a|fueran a|fuese a|fueses a|vaya a|vayas a|vayáis a|vayan a|ir a|iba a|ibas a"
        r"|a punto de|en lugar de|en vez de|evit\w*|impid\w*|impedir\w*|debiera|debieras|tuviera que|tuvieras que"
        r"|hubiera de|hubieras de|tendría|tendrías|perdería\w*|ganaría\w*|sería\w*|haría\w*|\w+ría|\w+rías"
        r"|\w+rían|\w+(?:ara|aras|aran|iera|ieras|ieran|ase|ases|iese|ieses)",  # "si perdiera", hypothetical
        "fuera a",
    ),
    _Word(
        N_("every one but that many"),
        r"all but (?:one|two|three|\d+)",
        r"todos (?:menos|salvo|excepto)|todas (?:menos|salvo|excepto)|menos (?:uno|una|dos|tres|\d+)"
        r"|salvo (?:uno|una|dos|tres|\d+)|excepto (?:uno|una|dos|tres|\d+)|(?:se )?qued\w* (?:solo )?con"
        r"|conserv\w* (?:solo )?(?:uno|una|dos|\d+)|dej\w* (?:solo )?(?:uno|una|dos|\d+)|sino (?:uno|una)",
        "todos menos uno",
    ),
    _Word(
        N_("no two alike"),
        r"different|distinct|differing",
        r"distint\w*|diferent\w*|divers\w*|no repetid\w*|sin repetir|cada un[oa] de (?:un|una)|variad\w*",
        "distintos",
        english_aside=r"a different|different from|any different|differently",
    ),
    _Word(
        N_("looked for, not drawn"),
        r"search|searches|searched|look through|looks through",
        r"busc\w*|búsc\w*|busq\w*|búsq\w*|rebusc\w*|registr\w*|examin\w*|revis\w*|repas\w*|mir\w* (?:entre|en)"
        r"|elig\w*|eleg\w*"
        r"|escog\w*|esco[jg]\w*|sac\w* (?:del|de)",
        "busca",
    ),
    _Word(
        N_("each to its own, in that order"),
        r"respectively",
        r"respectiv\w*|en ese orden|por ese orden|correspondient\w*|cada un[oa] (?:de ell[oa]s )?(?:por|con)",
        "respectivamente",
    ),
    _Word(
        N_("that many times over"),
        r"twice as many|twice as much|three times as many|three times as much|double the",
        r"el doble|doble|dos veces|duplic\w*|el triple|triple|tres veces|triplic\w*",
        "el doble",
    ),
    _Word(
        N_("either one, or both"),
        r"or both",
        r"o ambos|o ambas|o los dos|o las dos|o ambas cosas|o las dos cosas|o los dos a la vez|o bien ambos|y/o",
        "o ambos",
    ),
    _Word(
        N_("yours, not any"),
        r"your own|their own|his own|her own",
        r"propi\w*|tu|tus|su|sus|vuestr\w*|tuy\w*|suy\w*|mi|mis|mism[oa]s?",  # "la misma isla que el atacante"
        "tu propio",
    ),
    _Word(
        N_("less than it would"),
        r"less",  # "costs 2 less" as "cuesta 2": the reduction is lost
        r"menos|rebaj\w*|descuent\w*|reduc\w*|baj\w*|inferior\w*|menor\w*",
        "menos",
        english_aside=r"less than|more or less|no less|nothing less|less and less",
    ),
    _Word(
        N_("what happens when it does not"),
        r"otherwise|or else",
        r"si no|de lo contrario|en caso contrario|de no ser así|de otro modo|de otra forma|en otro caso|si fall\w*"
        r"|si no lo|en cualquier otro caso|si no es así|en cambio|si no se|sino|lo contrario",
        "si no",
        # opening a sentence or a clause ("Otherwise, discard it"): not "reads otherwise", "unless otherwise"
        english_aside=r"\w+ otherwise",
    ),
    _Word(
        N_("once more"),
        r"again",
        r"de nuevo|otra vez|nuevamente|volv\w* a|vuelv\w* a|vuelt\w* a|una segunda vez|más veces|repet\w*|repit\w*"
        r"|otra|otro|más de una vez|re\w+ar",
        "de nuevo",
        english_aside=r"again and again|once again",
    ),
    _Word(
        N_("one for the other"),
        r"swap|swaps|swapped|swapping|exchange|exchanges|exchanged|exchanging",
        r"intercambi\w*|cambi\w*|canje\w*|permut\w*|trueque\w*|a cambio|por (?:un|una|otr[oa])",
        "intercambia",
    ),
    _Word(
        N_("the cards are shuffled"),
        r"shuffle|shuffles|shuffled|shuffling|reshuffle|reshuffles",
        r"baraj\w*|barája\w*|barájel\w*|mezcl\w*|mézcl\w*|rebaraj\w*",
        "baraja",
    ),
    _Word(
        N_("on top of the usual"),
        r"additional|additionally|extra",
        # "una segunda acción" is an additional one; not "del segundo nivel", a place in an order
        r"adicional\w*|extra\w*|más|otr[oa]s?|además|también|de nuevo|otra vez|suplementari\w*|aparte"
        r"|añadid\w*|una segunda|un segundo|nuev[oa]s?|bonifica\w*|plus|sum[ae]\w*|sobr[aeoó]\w*|de sobra|de más"
        r"|complement\w*",
        "adicional",
    ),
    _Word(
        N_("the effect does not apply"),
        r"ignore|ignores|ignored|ignoring|disregard|disregards|disregarded",
        r"ignor\w*|no (?:\w+ ){0,3}(?:apli|cuent|cont|teng|tien|afect|sufr|pierd|resuelv|surt|sig|hag|hac)\w*"
        r"|pas(?:a|ar|as|e|en|es) por alto|sin (?:tener en cuenta|contar|aplicar|sufrir)|omit\w*|anul\w*"
        r"|cancel\w*|desestim\w*|caso omiso|salt[aeoó]\w*|sáltat\w*|evit\w*|inmun\w*|sin efecto|olvid\w*"
        r"|descart\w*|no se ve\w* afectad\w*",
        "ignora",
    ),
    _Word(
        N_("what is left, not how many go"),
        r"down to (?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)",  # a figure: not "face down to you"
        r"hasta|qued\w*|reduc\w*|rest\w*|sobr\w*|s[oó]lo|máximo",
        "hasta quedarte con",
    ),
    _Word(
        N_("hidden"),
        r"face[- ]?down",
        r"boca ?abajo|bocabajo|cara abajo|ocult\w*|escond\w*|tapad\w*|sin (?:mostr|enseñ|revel|descubr)\w*|en secreto"
        r"|(?:da|dale|dales|darle|darles|des|dé) la vuelta|vuelta|volte\w*|gir[aeoó]\w*|girar\w*",
        "boca abajo",
    ),
    _Word(
        N_("shown"),
        r"face[- ]?up",
        r"boca ?arriba|bocarriba|cara arriba|descubiert\w*|descubr\w*|visibles?|revel\w*|muestr\w*|mostr\w*|enseñ\w*"
        r"|a la vista|destapad\w*|(?:da|dale|dales|darle|darles|des|dé) la vuelta|vuelta|volte\w*|gir[aeoó]\w*"
        r"|girar\w*",
        "boca arriba",
    ),
    _Word(
        N_("the effect does not happen"),
        r"cancel|cancels|cancelled|canceled",
        r"cancel\w*|anul\w*|ignor\w*|neutraliz\w*|sin efecto|evit\w*|impid\w*|imped\w*|bloque\w*|contrarrest\w*"
        r"|no (?:tiene|tendrá|surte) efecto|deja sin",
        "anula",
    ),
    _Word(
        N_("it is staked, won or lost"),
        r"wager|wagers|wagered|bet|bets|stake|stakes",
        r"apuest\w*|apost\w*|juég\w*|jueg\w*|arriesg\w*",
        "apuesta",
    ),
    _Word(
        N_("it is said aloud"),
        r"name (?:a|an|one|any|two|three)",
        r"nombr\w*|d[ií] (?:en voz alta|el nombre|un|una|el|la)|dig[ae]n?|decid|declar\w*|anunci\w*|cant\w*|mencion\w*"
        r"|en voz alta",
        "nombra",
    ),
    _Word(
        N_("one of every kind"),
        r"one of each",
        r"un[oa]? de cada|de cada (?:tipo|clase|recurso)|cada uno de|cada una de|un[oa]? por (?:tipo|clase)",
        "uno de cada",
    ),
    _Word(
        N_("as many as the player wants"),
        r"any number of",
        r"cualquier (?:número|cantidad)|tant[oa]s (?:\S+ ){0,4}como|cuant[oa]s (?:\S+ ){0,3}(?:quier|desee|prefier)\w*"
        r"|(?:l[oa]s|el número|la cantidad) (?:\w+ )?que (?:quier|desee|prefier|elij)\w*",
        "cualquier número de",
    ),
    _Word(
        N_("it is taken as another"),
        r"counts as|count as|counted as",
        r"cuenta(?:n)? (?:como|doble|triple|por)|contar\w* como|se cuenta\w* como|vale(?:n)? (?:por|como|doble)"
        r"|se consider\w*|equival\w*"
        r"|hace(?:n)? (?:las veces|de)|como si fuera",
        "cuenta como",
    ),
    _Word(
        N_("it was so before"),
        r"already",
        r"ya|antes|previamente|anteriormente|con anterioridad",
        "ya",
    ),
    _Word(
        N_("it is taken from another player"),
        r"steal|steals|stole|stolen|stealing",
        r"rob\w*|rób\w*|quit\w*|quít\w*|arrebat\w*|hurt\w*|sustra\w*|tom\w*|tóm\w*|llév\w*|llev\w*|qued\w*",
        "roba",
    ),
    _Word(
        N_("it waits for the end of the game"),
        r"at the end of the game|at game end|when the game ends|at the end of play",
        r"final de la partida|fin de la partida|final del juego|fin del juego|termin\w* la partida"
        r"|acab\w* la partida|conclu\w* la partida|recuento final|puntuación final|partida termin\w*",
        "al final de la partida",
    ),
    _Word(
        N_("the player shares it out as they like"),
        r"as you (?:choose|wish|like|see fit|want|please)|as they (?:choose|wish|like|see fit|want)"
        r"|however you (?:like|want|choose|wish)|in any way you",
        # a choice said with its own verb ("elige entre darte 1 o descartar") is the choice too
        r"elig\w*|elij\w*|eleg\w*|escog\w*|escoj\w*|decid\w*|prefier\w*|quier\w*|dese\w*|gust\w*|parezca"
        r"|elección|libremente|a voluntad|criterio|de la forma que|de la manera que|del modo que",
        "como quieras",
    ),
    _Word(
        N_("the larger (or smaller) of the two"),
        r"whichever is (?:higher|greater|larger|more|bigger|lower|less|smaller|fewer)",
        r"mayor\w*|menor\w*|más alt\w*|más baj\w*|máxim\w*|mínim\w*|más grande|más pequeñ\w*",
        "lo que sea mayor",
    ),
    _Word(
        N_("it is kept apart, not discarded"),
        r"aside",
        r"aparte|apart\w*|apárt\w*|a un lado|reserv\w*|resérv\w*|separ\w*|sepár\w*|guard\w*|guárd\w*",
        "aparta",
    ),
    _Word(
        N_("everyone sees it"),
        r"reveal|reveals|revealed|revealing",
        r"revel\w*|revél\w*|enseñ\w*|enséñ\w*|muestr\w*|muéstr\w*|mostr\w*|boca arriba|descubr\w*|destap\w*"
        r"|exhib\w*|a la vista|visible\w*|públic\w*",
        "revela",
    ),
)


@dataclass(frozen=True)
class _Compiled:
    word: _Word
    english: re.Pattern[str]
    spanish: re.Pattern[str]
    english_aside: re.Pattern[str] | None
    gates: tuple[str, ...]
    counted: tuple[re.Pattern[str], re.Pattern[str]] | None


@cache
def _compiled() -> tuple[_Compiled, ...]:
    """The words' expressions, compiled at the first text that may hold one."""
    return tuple(
        _Compiled(
            word,
            re.compile(rf"\b(?:{word.english})\b", re.IGNORECASE),
            re.compile(rf"(?<!\w)(?:{word.spanish})(?!\w)", re.IGNORECASE),
            re.compile(rf"\b(?:{word.english_aside})\b", re.IGNORECASE) if word.english_aside else None,
            word.gates,
            (
                (
                    re.compile(rf"\b(?:{word.counted[0]})\b", re.IGNORECASE),
                    re.compile(rf"(?<!\w)(?:{word.counted[1]})(?!\w)", re.IGNORECASE),
                )
                if word.counted
                else None
            ),
        )
        for word in _WORDS
    )


def _inside(sentence: str, start: int) -> bool:
    """Whether `start` is past the opening of its sentence (a capital there is a name's)."""
    return sentence[:start].strip(' "“«(*¡¿') != ""


_GATES: dict[int, tuple[tuple[_Compiled, ...], Gates, dict[str, tuple[int, ...]]]] = {}


def _gates_of(every: tuple[_Compiled, ...]) -> tuple[Gates, dict[str, tuple[int, ...]]]:
    """One index of every word's gates, and the words (their index) each gate lets through; looked up
    by the tuple's identity (hashing it would cost more than the search it saves)."""
    kept = _GATES.get(id(every))
    if kept is None or kept[0] is not every:
        words_of: dict[str, tuple[int, ...]] = {"": ()}
        for index, compiled in enumerate(every):
            for gate in dict.fromkeys(compiled.gates):
                words_of[gate] = (*words_of.get(gate, ()), index)
        kept = _GATES[id(every)] = (every, Gates(words_of), words_of)
    return kept[1], kept[2]


@lru_cache(maxsize=1 << 14)  # texts repeat their sentences
def dropped(source: str, whole: str, original: str = "", target: str = "") -> tuple[_Word, str] | None:
    """(the word, as the original writes it) when the original sentence says it and the whole
    translation (`whole`, which holds the translated sentence) has none of its renderings; or, for a
    word counted, when the translated sentence (`target`) has none and the whole translation fewer
    than the whole `original` says words counted with it."""
    folded = source.lower()
    every = _compiled()
    gates, words_of = _gates_of(every)
    for index in sorted({index for gate in gates.held(folded) for index in words_of[gate]}):
        compiled = every[index]
        told = compiled.english_aside.sub(" ", source) if compiled.english_aside else source
        said = compiled.english.search(told)
        if said is None or (said.group()[:1].isupper() and (said.group() in whole or _inside(source, said.start()))):
            continue  # a name: kept as it is ("(Reshuffle)"), or capitalised inside a sentence ("Stock Exchange")
        if (
            _rendered(index, whole)
            and not (compiled.word is _FOR_EACH and _each_unrendered(source, whole))
            and not (
                compiled.counted
                and compiled.spanish.search(target or whole) is None
                and len(compiled.counted[1].findall(whole)) < len(compiled.counted[0].findall(original or source))
            )
        ):
            continue  # the whole holds the sentence: one search
        return compiled.word, said.group()
    this = _this_one(source, whole)
    if this is not None:
        return THIS_ONE, this
    each = _each_as_one(source, target or whole)
    return (EVERY_ONE, each) if each is not None else None


# "Each opponent pays you 1" as "Un rival le paga 1": every one of them became one.  Only a sentence
# that opens with "each" or "every" and a noun, translated by one that opens with "un" or "una" and
# says "cada", "todos", "cualquiera", "por" fewer times than the original says "each", "every", "per"
# (the "cada" of "por cada farol" is the "for every lantern"'s)
_EACH_OPENS = lazy(r"^\W*(?:each|every) (?!(?:time|turn|round|one)\b)([a-z]+)", re.IGNORECASE)
_ONE_OPENS = lazy(r"^\W*(?:un|una) \w+", re.IGNORECASE)
_EVERY_SAID = lazy(
    r"(?<!\w)(?:por cada|cada|tod[oa]s|cualquier\w*|respectiv\w*|ambos|ambas|por|según)(?!\w)", re.IGNORECASE
)
EVERY_ONE = _Word(N_("every one of them, not one"), r"each|every", "", "cada")


def _each_as_one(source: str, target: str) -> str | None:
    said = _EACH_OPENS.match(source) if "each " in source.lower() or "every " in source.lower() else None
    if said is None or _ONE_OPENS.match(target) is None:
        return None
    if len(_EVERY_SAID.findall(target)) >= len(_EN_EACH.findall(source)):
        return None
    return said.group().strip()


# "this card" said as "una carta": the card itself became any card.  Only where the translation names
# a thing with an indefinite word and has no other way to point at the card: no demonstrative ("esta",
# "dicha", "la misma"), no pronoun ("la descartas", "descártala"), no article "la", no "aquí"
_THIS = lazy(
    r"\bthis (?!(?:is|was|way|time|one|case|means|will|would|can|could|may|might|must|does|did|has|had|also|only"
    r"|too|turn|round|phase|game|during|while|when|if|in|on|at|to|for|with|before|after|until|unless|and|or|but"
    r"|again|instead|now|then|once|twice)\b)[a-z]+\b",  # "do this during a mutiny": "this" is the thing done
    re.IGNORECASE,
)
_ANY_ONE = lazy(r"(?<!\w)(?:una?|otr[oa]|cualquier|algun[oa]|algún)\s+\w+", re.IGNORECASE)
_POINTED = lazy(
    r"(?<!\w)(?:est[ae]s?|ést[ae]s?|esto|dich[oa]s?|mism[oa]s?|presente|aquí|la|lo|las|los|le|les|su|sus"
    r"|ella|ellas|ello|él|ellos)(?!\w)"
    r"|\w*[áéíóú]\w*(?:la|lo|las|los|le|les)(?!\w)",  # "descártala", "úsalo": a verb and its pronoun
    re.IGNORECASE,
)
THIS_ONE = _Word(N_("this very one, not any"), r"this", "", "esta carta")


def _this_one(source: str, whole: str) -> str | None:
    """The original's "this card", when the translation says "una carta" and never points at it."""
    said = _THIS.search(source) if "this " in source.lower() else None
    if said is None or _ANY_ONE.search(whole) is None or _POINTED.search(whole):
        return None
    return said.group()


# "for each" beside "each": "Each player gains 1 for each barrel" says two things, and "Cada jugador
# gana 1 si tiene alguna barrica" only the first; each "each", "every", "per" of the original wants
# its own "cada", "por", "todos" (counted wide: "por" has many other senses, which keeps it quiet)
_EN_EACH = lazy(r"\b(?:each|every|per)\b", re.IGNORECASE)
_ES_EACH = lazy(r"(?<!\w)(?:por|cada|tod[oa]s|cualquier\w*|según|tant[oa]s)(?!\w)", re.IGNORECASE)


def _each_unrendered(source: str, whole: str) -> bool:
    """Whether the original says "each", "every" and "per" more times than the translation says
    any of their renderings."""
    return len(_ES_EACH.findall(whole)) < len(_EN_EACH.findall(source))


@lru_cache(maxsize=1 << 10)  # a text's sentences ask of the same whole translation
def _rendered(index: int, whole: str) -> bool:
    """Whether the translation has a rendering of the index-th word (not in a phrase of another sense)."""
    compiled = _compiled()[index]
    if compiled.word.spanish_aside:
        whole = re.sub(compiled.word.spanish_aside, " ", whole, flags=re.IGNORECASE)
    return compiled.spanish.search(whole) is not None


def check_dropped_words(pack: PackData) -> list[Finding]:
    return against_english(pack, compare_dropped_words, LANGUAGES)


def compare_dropped_words(text: Text, original: Text) -> list[Finding]:
    whole, said_whole = markup.plain_text(text.raw), markup.plain_text(original.raw)
    for source, target in aligned(said_whole, whole):
        found = dropped(source, whole, said_whole, target)
        if found is None:
            continue
        word, said = found
        message = _('the original says "{said}" ({does}), and "{translation}" says nothing of it').format(
            said=said, does=_(word.does), translation=quote(target, 60)
        )
        hint = _('say it as the original does ("{said}": "{spanish}", for example)').format(
            said=said, spanish=word.suggested
        )
        return [text.finding(Severity.WARNING, CODE, message, hint)]
    return []
