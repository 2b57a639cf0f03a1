"""text/opposite: the translation does the opposite of what the original says.

English originals against Spanish translations, sentence by sentence where both have as many
(text/consistency's pairing), else the whole text. A few actions and places come in pairs of opposites
that a slip of the translator turns around: gain and lose, draw and discard, face up and face down
(revealed and hidden), all and some, more and fewer, the top and the bottom of a deck, the start and the
end of a turn, up and down a track, adding and removing, paying and receiving, taking and giving, buying
and selling, the next and the previous, inside and outside, attacking and defending, north and south,
the youngest and the oldest, open and close, forward and back, looking at a card and revealing it, out
of the game and the discard pile, no need to and not allowed to. A sentence whose original names one side
of a pair and not the other, and whose translation names only the other side, is a finding ("Gain 2
coins" as "Pierde 2 monedas", "at the start of your turn" as "al final de tu turno").

The lists are wide on the side that keeps quiet and narrow on the side that speaks: every usual
Spanish rendering of a side counts for it ("robar", "coger", "tomar", "sacar" for "draw"), and so
does every English word near the other side ("under", "beneath", "below" beside "bottom"), since a
sentence that names both sides is not judged: "Draw from the discard pile" names both.  Not judged
either: a pair said in other words on one side ("Keep your cards" as "No pierdes tus cartas"), and a
sentence whose action is turned by its order ("discard before you draw" as "descarta y luego roba"),
which is why "before" and "after" are a pair only where Spanish says them as prepositions ("antes de",
"después de", "tras").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

from pnp import markup
from pnp.check.text.consistency import aligned
from pnp.check.text.fields import Text, against_english, quote
from pnp.check.text.patterns import alternatives, is_plain_word, lazy, literal_starts
from pnp.errors import Finding, Severity
from pnp.i18n import N_, _
from pnp.model import PackData

CODE = "text/opposite"
LANGUAGES = ("es",)


@dataclass(frozen=True)
class _Pair:
    """Two opposite sides, each as English and Spanish words (regular expressions, matched on words)."""

    sides: tuple[str, str]  # what the message calls each side
    english: tuple[str, str]
    spanish: tuple[str, str]
    # phrases taken out before the sides are read: they hold a side's word in another sense
    english_aside: str = ""
    spanish_aside: str = ""
    # sentences where the two sides mean the same, not judged for this pair
    english_skip: str = ""
    spanish_skip: str = ""


_PAIRS = (
    _Pair(
        (N_("gaining"), N_("losing")),
        (
            r"gain|gains|gained|gaining|win|wins|won|winning|earn|earns|earned|receive|receives|received"
            r"|collect|collects|collected|get|gets",
            r"lose|loses|lost|losing|loss|losses|forfeit|forfeits",
        ),
        (
            r"gan[aeoó]\w*|ganar\w*|obt[eé]n\w*|obtien\w*|obtuv\w*|obtener\w*|recib\w*|consig\w*|consegu\w*"
            r"|cobr\w*|sum[aeoó]\w*|sumar\w*|añad\w*|recuper\w*|victoria\w*|venc\w*|gananci\w*",
            r"pierd\w*|perd(?!ón|on)\w*|pérdid\w*",
        ),
    ),
    _Pair(
        (N_("drawing"), N_("discarding")),
        (r"draw|draws|drew|drawn|drawing", r"discard|discards|discarded|discarding|discard pile"),
        (
            r"rob[aeoó]\w*|robar\w*|cog[eií]\w*|coj[aeo]\w*|tom[aeoó]\w*|tomar\w*|sac[aó]\w*|sacar\w*|saqu\w*"
            r"|extra[eií]\w*|extraig\w*|rob",
            r"descart\w*",
        ),
    ),
    _Pair(
        (N_("face up"), N_("face down")),
        (
            r"face[- ]?up|revealed|reveal|reveals|revealing|show|shows|showing",
            r"face[- ]?down|hidden|hide|hides|hiding|conceal|conceals|concealed|secretly|secret",
        ),
        (
            r"boca ?arriba|bocarriba|cara arriba|descubiert[oa]s?|descubr\w*|revel\w*|visibles?|muestr\w*|mostr\w*"
            r"|enseñ\w*",
            r"boca ?abajo|bocabajo|cara abajo|ocult\w*|escond\w*|en secreto|sin (?:enseñ|mostr|revel|descubr)\w*",
        ),
        english_aside=r"show of hands|show(?:s|ed)? up",
    ),
    _Pair(
        (N_("the top"), N_("the bottom")),
        (r"top|topmost|above", r"bottom|bottommost|beneath|under|underneath|below"),
        (
            r"parte superior|encima|cima|arriba|superior|primer[oa]s?|primer",
            r"fondo|debajo|parte inferior|abajo|al final del (?:mazo|montón)|al final de la pila",
        ),
        spanish_aside=r"boca ?abajo|bocabajo|cara abajo|boca ?arriba|bocarriba|cara arriba",
    ),
    _Pair(
        (N_("the start"), N_("the end")),
        (
            r"start|starts|started|starting|beginning|begin|begins|began|first",
            r"end|ends|ended|ending|last|final|finish|finishes|finished",
        ),
        (
            r"principio|comienz\w*|comienc\w*|comenz\w*|empiez\w*|empiec\w*|empez\w*|inicio|inici[ae]\w*|inicial\w*|primer[oa]?s?",
            r"final|fin|termin\w*|acab\w*|finaliz\w*|últim[oa]s?",
        ),
        english_aside=r"at last|last(?:s|ed)? (?:until|for)|end(?:s)? up|first (?:aid|class)",
        spanish_aside=r"al fin y al cabo|por fin|finalmente|sin fin|a fin de|con el fin de|fin de semana",
    ),
    _Pair(
        (N_("raising"), N_("lowering")),
        (
            r"increase|increases|increased|raise|raises|raised|rise|rises|rose|boost|boosts|up|upwards?"
            r"|climb|climbs|climbed",
            r"decrease|decreases|decreased|reduce|reduces|reduced|lower|lowers|lowered|drop|drops|dropped"
            r"|fall|falls|fell|down|downwards?|minus|sink|sinks|subtract|subtracts",
        ),
        (
            r"aument\w*|sube|suben|subes|subir|subid[oa]s?|suba|suban|subas|subió|increment\w*|elev[aeoó]\w*"
            r"|elevar\w*|hacia arriba|por arriba|al alza",
            r"reduc\w*|reduzc\w*|disminu\w*|baja|bajan|bajas|bajar|bajad|baje|bajen|bajes|bajó|rebaj\w*"
            r"|resta|restan|restas|restar|reste|resten|decrec\w*|desciend\w*|descend\w*|hacia abajo|por abajo"
            r"|a la baja",
        ),
        english_aside=(
            r"up to|face[- ]?(?:up|down)|upside down|(?:pick|set|give|use|end|make|clean|line|look|show|back|open"
            r"|add|sum|tally|total|count|turn|sign|split|fill|wake|break|hold|call|mop)(?:s|ed|ing)? (?:\S+ )?up"
            r"|(?:write|calm|count|settle|break|back|shut|turn|put|lay|set)(?:s|ed|ing)? (?:\S+ )?down|down to"
        ),
        spanish_aside=(
            r"boca ?abajo|bocabajo|cara abajo|boca ?arriba|bocarriba|cara arriba|de arriba abajo"
            r"|hacia arriba y hacia abajo"
        ),
    ),
    _Pair(
        (N_("all of them"), N_("some of them")),
        (
            r"all|every|each|everyone|everybody|everything|both|whole|entire",
            r"some|several|a few|few|part of|something|someone|somebody",
        ),
        (
            # "descarta a las dos" (not "uno de los dos", one of them)
            r"tod[oa]s?|cada|cualquier\w*|ambos|ambas|enter[oa]s?|complet[oa]s?|a los dos|a las dos",
            r"alg[uú]n|algun[oa]s?|algo|alguien|vari[oa]s|unos cuantos|unas cuantas|parte de"
            r"|uno de (?:ellos|ellas|los|las|tus|sus|vuestros|vuestras)|una de (?:ellas|las|tus|sus|vuestras)"
            r"|la mayoría|la mayor parte",  # "if all of their shareholders agree" as "si la mayoría"
        ),
        english_aside=r"at all|all (?:the way|along|right|over|in all)|after all|in all|above all|once and for all",
        spanish_aside=(
            r"sobre todo|del todo|ante todo|con todo|de todos modos|de todas formas|por todo lo alto|algo más"
        ),
    ),
    _Pair(
        (N_("allowed"), N_("required")),
        (
            r"may|can|could|optionally|optional|choose to|is allowed to|are allowed to|if you wish|if you want",
            r"must|have to|has to|had to|need to|needs to|required|is forced to|are forced to|mandatory",
        ),
        (
            r"pued[eoa]\w*|pod[eéií]\w*|podr\w*|opcional\w*|si quier\w*|si lo dese\w*|si dese\w*|si prefier\w*"
            r"|tienes la opción|tiene la opción",
            r"deb[eaiíé]\w*|tien[ea]s? que|tenéis que|tienen que|tendr\w* que|hay que|habrá que|ha de|has de|han de"
            r"|obligatori\w*|obligad[oa]s?|necesari[oa]s?|es preciso",
        ),
        # "must not" is "cannot", "no puedes": a ban, on both sides alike
        english_aside=r"(?:must|may|can|could|need|needs|have to|has to)(?: not|n't)|cannot|can't|can not|no one can",
        spanish_aside=r"no (?:\w+ )?(?:pued|pod|deb|tien[ea]s? que|hay que)\w*|nadie (?:\w+ )?(?:pued|pod)\w*",
    ),
    _Pair(
        (N_("next to it"), N_("in the same place")),
        (r"adjacent|neighbou?ring|next to|beside", r"same (?:space|tile|sector|square|hex|area|region|location|place)"),
        (
            r"adyacentes?|vecin[oa]s?|contigu[oa]s?|al lado|junto a|colindantes?",
            r"mism[oa]s? (?:casillas?|losetas?|sectore?s?|espacios?|hexágonos?|zonas?|regiones?|lugare?s?|sitios?)",
        ),
    ),
    _Pair(
        (N_("both"), N_("one or the other")),
        (r"and|both|as well as|plus", r"or|either|instead"),
        # not "ni": "Keepers and fishers can't move" is rightly "Ni los fareros ni los pescadores se mueven"
        (r"y|e|ambos|ambas|además de|tanto", r"o|u|ó|en lugar de|en vez de"),
        # a bound or a count of two figures is no choice: "2 or more", "dos o tres", "sí o no"
        english_aside=(
            r"or (?:more|fewer|less|above|below|higher|lower|so)|(?:\w+ )or (?:\d+|one|two|three|four|five|six)\b"
            r"|whether or not|or not|more or less"
        ),
        spanish_aside=(
            r"o (?:más|menos|no)\b|(?:\d+|un[oa]?|dos|tres|cuatro|cinco|seis) [oóu] "
            r"(?:\d+|un[oa]?|dos|tres|cuatro|cinco|seis|siete|ocho)\b|más o menos|sí o sí|tanto si"
        ),
        # under "each", "any", "no", "without" the two say the same: "every token and standee" is "cada
        # ficha o figura", "without a lamp or a rope" "sin lámpara y sin cuerda"
        english_skip=r"each|every|any|all|no|not|without|never|none|neither|nothing|nobody|cannot|can't|n't",
        spanish_skip=r"cada|cualquier\w*|tod[oa]s?|ningun[oa]?|ningún|sin|no|nunca|nadie|nada|ni|jamás",
    ),
    _Pair(
        (N_("more"), N_("fewer")),
        (r"more", r"fewer|less"),
        (r"más|mayor|mayores", r"menos|menor|menores"),
        # a bound ("more than 2", "more coins than you") and the most and the fewest are text/comparison's;
        # these say no amount
        english_aside=(
            r"(?:more|fewer|less) (?:\S+ ){0,3}than|at (?:least|most)|or (?:more|fewer|less)|no (?:more|less)"
            r"|any ?more|(?:once|one|two|three|\d+) more|more or less|more and more"
        ),
        # "the fewest barrels gains 2 more": the most and the fewest are text/comparison's, "2 more" is added
        english_skip=r"most|fewest|least",
        spanish_aside=(
            r"(?:más|menos|mayor|menor) (?:de|que) (?:\d|un|una|dos|tres|cuatro|cinco|seis)\w*|al menos|por lo menos"
            r"|a menos que|(?:como|lo) (?:máximo|mínimo)|o (?:más|menos)|más o menos|nada más|no más|sin más"
            r"|cuanto (?:más|menos)|la mayor(?:ía| parte)|mayor parte|de (?:mayor|menor) edad|mayores? de edad"
        ),
    ),
    _Pair(
        (N_("before"), N_("after")),
        (r"before|prior to", r"after"),
        # as prepositions only: "discard before you draw" is rightly "descarta y después roba", which
        # turns the order of the clauses and says "después" alone
        (r"antes de\w*|antes que|previ[oa] a\w*|previamente a\w*", r"después de\w*|tras|luego de\w*"),
        english_aside=r"after all|look(?:s|ed|ing)? after|before or after|after or before",
    ),
    _Pair(
        (N_("the youngest"), N_("the oldest")),
        (r"young|younger|youngest", r"old|older|oldest|eldest|elder"),
        (r"joven|jóvenes|menor|menores", r"mayor|mayores|viej[oa]s?|ancian[oa]s?|de más edad|veteran[oa]s?"),
        spanish_aside=r"(?:mayor|menor) (?:número|cantidad|valor|puntuación|parte)|la mayoría",
    ),
    _Pair(
        (N_("adding"), N_("removing")),
        (
            r"add|adds|added|adding",
            r"remove|removes|removed|removing|take off|takes off|take away|takes away",
        ),
        (
            # not "pon", "coloca": "Remove it and put it in the box" is "Sácala y ponla en la caja"
            r"añad\w*|añád\w*|agreg\w*|agrég\w*|incorpor\w*|sum[aeoó]\w*|sumar\w*",  # "adds 3" as "suma 3"
            r"retir\w*|retír\w*|quit[aeoó]\w*|quitar\w*|quít\w*|elimin\w*|elimín\w*|sac[aoó]\w*|sacar\w*|sác\w*"
            r"|saqu\w*|apart\w*|apárt\w*|devuelv\w*|devolv\w*|devuélv\w*|descart\w*",
        ),
        english_aside=r"add(?:s|ed)? up",
    ),
    _Pair(
        (N_("paying"), N_("receiving")),
        (
            r"pay|pays|paid|paying|spend|spends|spent|spending",
            r"receive|receives|received|receiving|collect|collects|collected|earn|earns|earned",
        ),
        (r"pag[aoóu]\w*|pagar\w*|gast[aeoó]\w*|gastar\w*|abon[aeoó]\w*", r"recib\w*|cobr[aeoó]\w*|cobrar\w*"),
    ),
    _Pair(
        (N_("taking"), N_("giving")),
        # "draw": a Spanish "robas" says it, not taking ("give you a card, or you draw one")
        (r"take|takes|took|taking|steal|steals|stole|draw|draws|drew|drawn|drawing", r"give|gives|gave|given|giving"),
        (
            # not "quita", "saca": they say remove, whatever is given after ("quítalo y dáselo")
            r"tom[aeoó]\w*|tomar\w*|cog[eií]\w*|coj[aeo]\w*|rob[aeoó]\w*|robar\w*",
            r"da|das|dan|dé|des|den|dale|dales|dadle|darle|darles|entreg\w*",
        ),
        english_aside=(
            r"take (?:turns|place|part|care|effect)|takes (?:turns|place|part|effect)|give up|gives up"
            r"|takes? (?:more|less|fewer|longer) than|takes? (?:a while|time)"
        ),
        spanish_aside=r"da(?:le|les|r)? la vuelta|da igual|da lo mismo|da(?:r)? comienzo|da(?:r)? paso",
    ),
    _Pair(
        (N_("buying"), N_("selling")),
        (r"buy|buys|bought|buying|purchase|purchases|purchased|purchasing", r"sell|sells|sold|selling"),
        (r"compr[aeoó]\w*|comprar\w*|adquier\w*|adquir\w*", r"vend\w*|ventas?"),
    ),
    _Pair(
        (N_("the next one"), N_("the previous one")),
        (r"next|following|upcoming", r"previous|preceding|prior|previously"),
        (r"siguientes?|próxim[oa]s?", r"anterior\w*|previ[oa]s?|precedentes?"),
        english_aside=r"next to",
    ),
    _Pair(
        (N_("inside"), N_("outside")),
        (r"inside|within|interior", r"outside|beyond|exterior"),
        (r"dentro|interior\w*|en el interior", r"fuera|afuera|exterior\w*|más allá"),
    ),
    _Pair(
        (N_("attacking"), N_("defending")),
        (
            r"attack|attacks|attacked|attacking|attacker|attackers|offense|offence|offensive",
            r"defend|defends|defended|defending|defender|defenders|defense|defence|defenses|defences|defensive",
        ),
        (r"atac\w*|ataque\w*|ofensiv\w*", r"defens\w*|defiend\w*|defend\w*"),
    ),
    _Pair(
        (N_("north"), N_("south")),
        (r"north|northern|northward|northwards", r"south|southern|southward|southwards"),
        (r"norte|septentrional\w*", r"sur|meridional\w*"),
    ),
    _Pair(
        (N_("friendly"), N_("enemy")),
        (
            r"friendly|friend|friends|ally|allies|allied",
            r"enemy|enemies|hostile|opposing|opponent|opponents|rival|rivals|foe|foes",
        ),
        (
            r"aliad[oa]s?|alia\w*|amig[oa]s?|amistos[oa]s?",
            r"enemig[oa]s?|hostil\w*|rival\w*|adversari[oa]s?|oponentes?",
        ),
    ),
    _Pair(
        (N_("opening"), N_("closing")),
        (r"open|opens|opened|opening|unlock|unlocks", r"close|closes|closed|closing|shut|shuts|lock|locks|locked"),
        (
            r"abre|abren|abres|abrir|abra|abran|abras|abrid|abrió|abierto|abierta|abiertos|abiertas|ábrel[oa]s?"
            r"|desbloque\w*",
            r"cierr\w*|cerr[aoóé]\w*|cerrar\w*|bloque\w*",
        ),
    ),
    _Pair(
        (N_("loading"), N_("unloading")),
        (r"load|loads|loaded|loading", r"unload|unloads|unloaded|unloading"),
        (r"carg[aeuo]\w*|cárga\w*", r"descarg\w*|descárga\w*"),
    ),
    _Pair(
        (N_("burying"), N_("digging up")),
        (r"bury|buries|buried|burying", r"dig up|digs up|dug up|digging up|unearth|unearths|unearthed|unbury"),
        (r"enterr\w*|entierr\w*|sepult\w*", r"desenterr\w*|desentierr\w*|excav\w*"),
    ),
    _Pair(
        # "Each of you draws two cards" as "Robad dos cartas entre todos": each alone, or all of you together
        (N_("each on their own"), N_("all together")),
        (r"each of you|each player|each of them|every player", r"together|between you|among you|jointly|collectively"),
        (r"cada un[oa]|cada jugador\w*|cada cual", r"entre tod[oa]s|en conjunto|conjuntamente|junt[oa]s"),
    ),
    _Pair(
        (N_("in any order"), N_("in the same order")),
        (r"in any order|in the order of your choice|in whatever order", r"in the same order|in that order"),
        (
            r"en cualquier orden|en el orden que (?:quier|elij|prefier|dese|decid)\w*"
            r"|en el orden de (?:tu|su) elección",
            r"en el mismo orden|en ese orden|en el orden en que estaban",
        ),
    ),
    _Pair(
        (N_("forward"), N_("backward")),
        (
            r"forward|forwards|ahead|advance|advances|advanced|onward|onwards",
            r"back|backward|backwards|behind|retreat|retreats|return|returns|previous",
        ),
        (r"avanz\w*|avanc\w*|adelant\w*|delante", r"retroced\w*|atrás"),
        english_aside=r"(?:put|give|bring|send|come|go|get|turn|pay|hold|fight|strike)(?:s|ed|ing)? (?:\S+ )?back",
        # "delante de usted": a place, in front of a player, not a way to go
        spanish_aside=r"delante (?:de (?:usted|ustedes|ti|vosotros|vosotras|sí|él|ella|ellos|ellas|cada)"
        r"|suy[oa]|tuy[oa])",
    ),
    _Pair(
        # "Look at the top card" as "Revela la primera carta": what one player sees, everyone sees
        (N_("looking at it alone"), N_("showing it to everyone")),
        (
            r"look at|looks at|looked at|looking at|peek at|peeks at|look through|looks through|examine|examines",
            r"reveal|reveals|revealed|revealing|show|shows|showed|shown|showing|display|displays",
        ),
        (
            r"mir[aeoá]\w*|mír\w*|consult\w*|examin\w*|vistazo|observ\w*|comprueb\w*|comprob\w*|ver|vea|veas"
            r"|ojea\w*|repas\w*",
            r"revel\w*|revél\w*|muestr\w*|mostr\w*|enseñ\w*|boca ?arriba|bocarriba|descubr\w*|descúbr\w*",
        ),
        english_aside=r"show of hands|show(?:s|ed)? up",
    ),
    _Pair(
        # "At the end of the next round" as "Al final de esta ronda": it happens a round earlier
        (N_("the next one"), N_("this one")),
        (
            r"next (?:round|turn|phase|night|day|season|year)",
            r"this (?:round|turn|phase|night|day|season|year)",
        ),
        (
            r"siguiente (?:ronda|turno|fase|noche|día|estación|año)"
            r"|próxim[oa] (?:ronda|turno|fase|noche|día|estación|año)"
            r"|ronda siguiente|turno siguiente|fase siguiente|noche siguiente|día siguiente|año siguiente",
            r"esta (?:ronda|fase|noche|estación)|este (?:turno|día|año)",
        ),
    ),
    _Pair(
        # "Each player announces aloud" as "Cada jugador decide en secreto"
        (N_("for everyone to hear"), N_("in secret")),
        (
            r"aloud|out loud|openly|publicly|in public|announce|announces|announced",
            r"secretly|in secret|privately|in private|hidden|without telling|without revealing",
        ),
        (
            r"en voz alta|abiertamente|públicamente|en público|anunci\w*|anúnci\w*|declar\w*|a la vista|debat\w*",
            r"en secreto|secretamente|en privado|a escondidas|ocult\w*|sin decir\w*|sin revel\w*|sin mostr\w*",
        ),
    ),
    _Pair(
        # "No new wolf can enter the valley" as "Ningún lobo nuevo puede salir del valle"
        (N_("coming in"), N_("going out")),
        (r"enter|enters|entered|entering|come in|comes in", r"leave the|leaves the|exit|exits|exited|exiting"),
        (
            r"entr[aeóé]\w*|entrar\w*|ingres\w*|acced\w*|penetr\w*",
            r"sal[eiíg]\w*|salir\w*|abandon\w*|márch\w*|march[aeó]\w*",
        ),
        english_aside=r"enter (?:play|the game)|enters? play",
    ),
    _Pair(
        (N_("empty"), N_("full")),
        (r"empty|emptied", r"full|filled|loaded"),
        (r"vací[oa]s?|vacía\w*|vaciad\w*|libre\w*|desocupad\w*", r"llen[oa]s?|llenad\w*|complet[oa]s?|cargad\w*"),
        english_aside=r"full (?:cost|price|amount|turn|round|effect|strength)|in full|at full",
    ),
    _Pair(
        (N_("left over"), N_("spent")),
        (r"unspent|unused|left over|leftover|remaining", r"spent|used"),
        (
            r"sin gastar|sin usar|no gastad\w*|no usad\w*|restante\w*|sobrante\w*|que (?:le|te|les|os) qued\w*",
            r"gastad\w*|usad\w*|consumid\w*|utilizad\w*",
        ),
    ),
    _Pair(
        (N_("borrowing"), N_("lending")),
        (r"borrow|borrows|borrowed|borrowing", r"lend|lends|lent|lending|loan to|loans to"),
        (
            r"pid\w* prestad\w*|pedir prestad\w*|tom\w* prestad\w*|préstamo\w*",
            r"prest[ae]|prestes|presten|prestas|prestan|prestar|prestáis|présta\w*",
        ),
    ),
    _Pair(
        (N_("upstream"), N_("downstream")),
        (r"upstream|upriver|up the river|up the stream", r"downstream|downriver|down the river|down the stream"),
        (
            r"río arriba|aguas arriba|corriente arriba|contracorriente|a contracorriente",
            r"río abajo|aguas abajo|corriente abajo|a favor de la corriente",
        ),
    ),
    _Pair(
        # "the mill closest to the source" as "el molino más lejos del nacimiento"
        (N_("near"), N_("far")),
        (
            r"near|nearer|nearest|close to|closer|closest|nearby",
            r"far|farther|farthest|furthest|further away|far away|remote|distant",
        ),
        (
            r"cerca|cercan[oa]s?|próxim[oa]s?|inmediat[oa]s?|contigu[oa]s?|vecin[oa]s?|menor distancia",
            r"lejos|lejan[oa]s?|alejad[oa]s?|distante\w*|remot[oa]s?|mayor distancia",
        ),
        english_aside=(
            r"so far|how far|far more|far less|far fewer|by far|as far as|far too|near the end|nearly|close the"
        ),
    ),
    _Pair(
        # "The first player to deliver 4" (a race) as "El jugador inicial" (who plays first)
        (N_("the first to do it"), N_("the player who starts")),
        (
            r"first (?:player|one|keeper|miller|rider|team) (?:to|who|that)|first to",
            r"start player|starting player|first player(?! (?:to|who|that))",
        ),
        (
            r"primer[oa]? (?:\w+ )?(?:en|que)|quien primero|quien antes|el primero|la primera",
            r"jugador[a]? inicial|jugador[a]? (?:que empieza|que comienza|que abre)",
        ),
    ),
    _Pair(
        # "you do not have to pay" as "no puede pagar": what need not be done became what may not be
        (N_("no need to"), N_("not allowed to")),
        (
            r"do not have to|does not have to|don't have to|doesn't have to|do not need to|does not need to"
            r"|don't need to|doesn't need to|need not|needn't|not required to|not obliged to|no need to",
            r"cannot|can't|can not|may not|must not|mustn't|not allowed|forbidden|prohibited|never",
        ),
        (
            r"no (?:tien|ten)\w* (?:por qué|que)|no necesit\w*|no (?:está|estás|están|estáis|estará|estarás)"
            r" obligad\w*|no (?:hace|hará) falta|no es (?:necesario|obligatorio|preciso)|sin (?:necesidad|tener que"
            r"|obligación)|no precis\w*|opcional\w*",
            r"no pued\w*|no pod\w*|no deb\w*|prohib\w*|no (?:está|estará|se) permit\w*|nunca|jamás",
        ),
    ),
    _Pair(
        # "Remove this card from the game" as "Descarta esta carta": a discarded card comes back
        (N_("out of the game"), N_("to the discard pile")),
        (
            r"remov(?:e|es|ed|ing)(?: \S+){0,4}? from (?:the )?(?:game|play)|out of (?:the )?game"
            r"|banish|banishes|banished|exile|exiles|exiled",
            r"discard|discards|discarded|discarding|discard pile",
        ),
        (
            r"de la partida|fuera de la partida|del juego|fuera del juego|a la caja|en la caja|exili\w*|desterr\w*"
            r"|destierr\w*",
            r"descart\w*|descárt\w*",
        ),
    ),
    _Pair(
        # "Look at the most recent entry" as "Mira la entrada más antigua"
        (N_("the most recent"), N_("the earliest")),
        (r"recent|most recently|newest|newer|latest", r"oldest|older|earliest|old|first"),
        (r"recientes?|nuev[oa]s?|últim[oa]s?", r"antigu[oa]s?|viej[oa]s?"),
    ),
    _Pair(
        # "must light their lamp" as "debe apagar su lámpara"
        (N_("lighting"), N_("putting out")),
        (
            r"light|lights|lit|lighting|ignite|ignites|ignited|kindle|kindles|kindled",
            r"extinguish\w*|puts? out|putting out|go out|goes out|went out|gone out|going out|burn(?:s|t|ed)? out"
            r"|douse\w*|snuff\w*|dark|unlit",
        ),
        (r"enciend\w*|encend\w*|prend[aeií]\w*", r"apag[aeuó]\w*|apagar\w*|apág\w*"),
        # "not lit" is put out: the Spanish "apagada" says it
        english_aside=r"light (?:ship|load|cargo|armou?r|weight|blue|green|\w+ly)|(?:the|a) light of|lights? up"
        r"|(?:not|n't|never) (?:be |been |yet )?lit",
    ),
    _Pair(
        # "Play only at high tide" as "con la marea baja"
        (N_("high tide"), N_("low tide")),
        (
            r"high tide|flood tide|high water|tide (?:comes|rises|is) in",
            r"low tide|ebb\w*|low water|tide (?:goes|is) out",
        ),
        (r"marea alta|pleamar|marea creciente|sube la marea", r"marea baja|bajamar|marea menguante|baja la marea"),
    ),
    _Pair(
        # "on the windward side" as "a sotavento"
        (N_("windward"), N_("leeward")),
        (r"windward|upwind", r"leeward|downwind|lee side|in the lee"),
        (r"barlovento", r"sotavento"),
    ),
)


@dataclass(frozen=True)
class _Compiled:
    pair: _Pair
    english: tuple[re.Pattern[str], re.Pattern[str]]
    spanish: tuple[re.Pattern[str], re.Pattern[str]]
    english_aside: re.Pattern[str] | None
    spanish_aside: re.Pattern[str] | None
    english_skip: re.Pattern[str] | None
    spanish_skip: re.Pattern[str] | None
    # the letters each side's words start with: a side none of whose starts is in a sentence is not in
    # it, found with `in` before any expression runs (most sentences name no side of most pairs)
    english_starts: tuple[tuple[str, ...], tuple[str, ...]]
    spanish_starts: tuple[tuple[str, ...], tuple[str, ...]]
    english_words: tuple[frozenset[str], frozenset[str]]  # the alternatives that are one plain word each
    aside_gates: tuple[tuple[str, ...], tuple[str, ...]]  # English, Spanish: () for none


def _words(pattern: str, english: bool) -> re.Pattern[str]:
    edge = (r"\b", r"\b") if english else (r"(?<!\w)", r"(?!\w)")
    return re.compile(f"{edge[0]}(?:{pattern}){edge[1]}", re.IGNORECASE)


_PLAIN_WORD = lazy(r"[a-z]+")


def _plain_words(pattern: str) -> frozenset[str]:
    return frozenset(a.lower() for a in alternatives(pattern) if is_plain_word(a))


@cache
def _compiled() -> tuple[_Compiled, ...]:
    """The pairs' expressions, compiled at the first text that has a side's word."""
    return tuple(
        _Compiled(
            pair,
            (_words(pair.english[0], True), _words(pair.english[1], True)),
            (_words(pair.spanish[0], False), _words(pair.spanish[1], False)),
            _words(pair.english_aside, True) if pair.english_aside else None,
            _words(pair.spanish_aside, False) if pair.spanish_aside else None,
            _words(pair.english_skip, True) if pair.english_skip else None,
            _words(pair.spanish_skip, False) if pair.spanish_skip else None,
            (literal_starts(pair.english[0], plain=False), literal_starts(pair.english[1], plain=False)),
            (literal_starts(pair.spanish[0]), literal_starts(pair.spanish[1])),
            (_plain_words(pair.english[0]), _plain_words(pair.english[1])),
            (
                _gate(pair.english_aside) if pair.english_aside else (),
                _gate(pair.spanish_aside) if pair.spanish_aside else (),
            ),
        )
        for pair in _PAIRS
    )


def _gate(pattern: str) -> tuple[str, ...]:
    """_starts of a pattern whose alternatives may open with a group: () when one does (no gate)."""
    try:
        return literal_starts(pattern)
    except AssertionError:
        return ()


def _aside(pattern: re.Pattern[str] | None, gate: tuple[str, ...], text: str, folded: str) -> str:
    """The text with the pattern's phrases blanked, when the gate lets any of them be there."""
    if pattern is None or (gate and not any(start in folded for start in gate)):
        return text
    return pattern.sub(" ", text)


def _search(pattern: re.Pattern[str], starts: tuple[str, ...], text: str, folded: str) -> re.Match[str] | None:
    return pattern.search(text) if any(start in folded for start in starts) else None


@lru_cache(maxsize=1 << 14)  # texts repeat their sentences
def turned(source: str, target: str) -> tuple[_Pair, str, str] | None:
    """(the pair, the original's word, the translation's) when the translation says only the side
    of a pair the original does not say, and the original only the other."""
    source_folded, target_folded = source.lower(), target.lower()
    tokens = set(_PLAIN_WORD.findall(source_folded))
    for compiled in _compiled():
        possible = [
            not words.isdisjoint(tokens) or any(start in source_folded for start in starts)
            for words, starts in zip(compiled.english_words, compiled.english_starts, strict=True)
        ]
        if not any(possible):
            continue
        told = _aside(compiled.english_aside, compiled.aside_gates[0], source, source_folded)
        said = [compiled.english[i].search(told) if possible[i] else None for i in (0, 1)]
        if (said[0] is None) == (said[1] is None):
            continue  # neither side, or both: not judged
        if (compiled.english_skip and compiled.english_skip.search(source)) or (
            compiled.spanish_skip and compiled.spanish_skip.search(target)
        ):
            continue
        side = 0 if said[0] is not None else 1
        if not any(start in target_folded for start in compiled.spanish_starts[1 - side]):
            continue
        rest = _aside(compiled.spanish_aside, compiled.aside_gates[1], target, target_folded)
        rest_folded = rest.lower()
        other = _search(compiled.spanish[1 - side], compiled.spanish_starts[1 - side], rest, rest_folded)
        if other is None or _search(compiled.spanish[side], compiled.spanish_starts[side], rest, rest_folded):
            continue
        match = said[side]
        assert match is not None
        return compiled.pair, match.group(), other.group()
    return None


def check_opposites(pack: PackData) -> list[Finding]:
    return against_english(pack, compare_opposites, LANGUAGES)


def compare_opposites(text: Text, original: Text) -> list[Finding]:
    for source, target in aligned(markup.plain_text(original.raw), markup.plain_text(text.raw)):
        found = turned(source, target)
        if found is None:
            continue
        pair, said, written = found
        side = 0 if _words(pair.english[0], True).search(said) else 1
        message = _(
            'the original says "{said}" ({side}), but "{translation}" says "{written}" ({other}): the opposite'
        ).format(
            said=said,
            side=_(pair.sides[side]),
            translation=quote(target, 60),
            written=written,
            other=_(pair.sides[1 - side]),
        )
        hint = _('say what the original says: "{original}"').format(original=quote(source, 60))
        return [text.finding(Severity.WARNING, CODE, message, hint)]
    return []
