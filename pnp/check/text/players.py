"""text/player: the translation says who does it as the original does: you, or the other players.

English originals against Spanish translations.  The whole text names the other players or not:
"opponent", "other player", "another player", "everyone else", "rival" against "rival",
"oponente", "adversario", "contrincante", "otro jugador", "los demás jugadores".  A bare "los demás",
"los otros", "el resto" may be other cards, so it names the other players only where the original
names them, and only as a person: opening a clause before its verb ("los demás roban", "el resto
pierde 1"), before a pronoun ("a los demás se les devuelve", "el resto no"), or "quienes no".  An original that names
them and a translation that does not gives the rule to the player reading it ("Each opponent
discards a card" as "Descarta una carta"); a translation that names them where the original does
not takes it away ("You gain 2" as "Cada rival gana 2", "Each player" as "Cada rival").

Sentence by sentence where both texts have as many (text/consistency's pairing): an original
sentence that opens with another player as its subject ("They", "He", "She", "That player",
"The chosen player") translated by one that opens with an order only the reader can take: an
imperative of usted ("Descarte") or one of tú that no other form shares ("Pon", "Haz", or with
pronouns attached, "Descártala").  A regular imperative of tú is also the third person
("Descarta": "he discards"), so "Elige a un rival. Descarta una carta" is not judged.

"The player to your left" and "el jugador a tu izquierda" name another player too, and the side
must be the same: an original that names one side ("on your left", "pass it right", "left of") or
one way of turning ("clockwise") against a translation that names the other one ("derecha",
"sentido antihorario") is the other player, or the other way round the table.  "left" and "right"
count only as sides: not "the cards left", "the right to", "right away".

How many of them, sentence by sentence: "each", "every" or "all" players or opponents translated by "un
jugador", "un rival" with no "cada", "todos" or "ambos" in the sentence gives the rule to one of them
("Each opponent gives you 1" as "Un rival te da 1"); "an opponent", "one opponent" translated by "cada
rival" or "todos los rivales" gives it to all of them, where the original has no "each", "every", "all"
or "any".

Not judged: "each player", "all players" against "cada jugador", "todos" (everyone, you too); the
other players named by a word not listed ("the next player", "el siguiente jugador"); a subject
named in the sentence before ("The Cellarer is hit. He loses 2" as "El cillerero es golpeado.
Pierde 2").
"""

from __future__ import annotations

import re
from functools import lru_cache

from pnp import markup
from pnp.check.text.consistency import aligned
from pnp.check.text.fields import Text, against_english, quote
from pnp.check.text.lexicon import speller
from pnp.check.text.patterns import lazy
from pnp.check.text.register import evidence
from pnp.errors import Finding, Severity
from pnp.i18n import N_, _
from pnp.model import PackData

CODE = "text/player"
LANGUAGES = ("es",)

_EN_OTHERS = lazy(
    r"\b(?:opponents?|opponent['’]s|other players?|another player|everyone else|rivals?|enemy players?|"
    r"opposing players?|players? (?:to|on) (?:your|their|the|his|her) (?:left|right)|"
    r"(?:previous|next|preceding|following) players?|opposing (?:forwards?|teams?|ships?|armies|army|crews?))\b",
    re.IGNORECASE,
)
_ES_OTHERS = lazy(
    r"(?<!\w)(?:rival(?:es)?|oponentes?|adversari[oa]s?|contrincantes?|otr[oa]s? jugador(?:es|as?)?|"
    r"(?:jugador|equipo|bando|delantero)\w* contrari[oa]s?|"  # not "de lo contrario" (otherwise)
    r"demás jugador\w*|resto de(?: los)? jugadores|(?:siguiente|anterior|próxim[oa]) jugador\w*"
    r"|jugador\w* (?:siguiente|anterior)|"
    r"jugador\w* (?:a|de) (?:tu|su|vuestra|la) (?:izquierda|derecha))(?!\w)",  # "el jugador de la izquierda"
    re.IGNORECASE,
)
# The other players said without a noun: only as the subject or the "a" object of a verb, never "baraja
# las demás" or "las demás cartas" (a plural noun ends in -s, a verb of "they" in -n).
_ES_OTHERS_BARE = lazy(
    r"(?:^|[,;:.!?¿¡]\s*|(?<!\w)(?:y|e|pero|mientras|que)\s+)(?:(?:a|para)\s+)?(?:(?:todos|todas|cada un[oa] de)\s+)?"
    r"(?:(?:los|las)\s+(?:demás|otros|otras)(?=\s+\w+n(?!\w))|(?:el|al) resto"
    r"(?=\s+(?!(?:entre|sobre|desde|hacia|para|contra|ante|tras)(?!\w))\w+[aen](?!\w)))"
    r"|(?:(?:los|las)\s+(?:demás|otros|otras)|(?:el|al) resto)\s+(?:se|les?|nos|os|no|también|solo|sólo)(?!\w)"
    r"|(?<!\w)quienes no(?!\w)"
    # "everyone else scores half that" as "; los demás, la mitad": the subject of a verb left understood
    # (things left over, not players: "Las demás, al mazo", "Los otros, a la reserva")
    r"|(?:^|[;.]\s*)[Ll]os\s+(?:demás|otros)(?=\s*,(?!\s*(?:a|al|en|hacia|bajo|sobre|debajo|dentro)(?!\w)))"
    # "Other players cannot take" as "Nadie más puede quitar": nobody but you
    r"|(?<!\w)(?:nadie|ningún otro|ninguna otra|ninguno) (?:más|salvo tú|excepto tú|salvo usted|excepto usted)(?!\w)"
    r"|(?<!\w)(?:ningún otro|ninguna otra)(?!\w)"
    r"|(?<!\w)cada un[oa] de (?:los|las) (?:demás|otros|otras)(?!\w)"  # "y cada uno de los demás, 1"
    # "enseñar a los demás todos los atlas" (not "a los demás jugadores", named above)
    r"|(?<!\w)a (?:los|las) demás(?! (?!(?:las|los|sus|tus|unas|unos|mis|todos|todas|vuestr\w+)(?!\w))\w+s(?!\w))",
    re.IGNORECASE | re.MULTILINE,
)
_EN_NEIGHBOUR = lazy(
    r"\b(?:players?|opponents?|rivals?|neighbou?rs?) (?:on|to) (?:your|their|the|his|her) (?:left|right)\b",
    re.IGNORECASE,
)
_ES_NEIGHBOUR = lazy(
    r"(?<!\w)(?:izquierda|derecha|siguiente|anterior|vecin[oa]s?|a continuación|agujas del reloj|horario|antihorario)"
    r"(?!\w)",
    re.IGNORECASE,
)
_EN_THEY = lazy(
    r"^\W*(?:they|he|she|that (?:player|opponent|rival)|the chosen (?:player|opponent)|this opponent|"
    r"each of them|the (?:opponent|rival))\b",
    re.IGNORECASE,
)

_EN_THEY_ANYWHERE = lazy(
    r"\b(?:they|he|she|that (?:player|opponent|rival)|the (?:chosen|opponent|rival)|this opponent|each of them)\b",
    re.IGNORECASE,
)


def check_players(pack: PackData) -> list[Finding]:
    return against_english(pack, compare_players, LANGUAGES)


@lru_cache(maxsize=1 << 14)
def _named(unit: str, english: bool) -> str | None:
    match = (_EN_OTHERS if english else _ES_OTHERS).search(unit)
    return match.group() if match else None


# Who gives to whom: "another player gives you 2" is "otro jugador te da 2", not "le das 2 a otro jugador"
_EN_GIVES_YOU = lazy(
    r"\b(?:gives?|pass(?:es)?|hands?|pays?|lends?|sends?) you\b|"
    r"\byou (?:receive|get|are given|are paid) [^.;]{0,40}?\bfrom (?:an?|another|each|every|the|that|one|your) "
    r"(?:other )?(?:players?|opponents?|rivals?)\b",
    re.IGNORECASE,
)
_EN_YOU_GIVE = lazy(
    r"\byou (?:give|pass|hand|pay|lend|send)\b|^\W*(?:give|pass|hand|pay|lend|send)\b", re.IGNORECASE | re.MULTILINE
)
_ES_YOU_GIVE = lazy(
    r"(?<!\w)(?:das|dais|dale|dales|dadle|dadles|entregas|entregáis|entrégale|entrégales|pasas|pasáis|pásale|"
    r"pásales|pagas|pagáis|págale|págales|le das|les das|le entregas|le pasas|le pagas)(?!\w)"
    r"|^\W*(?:da|entrega|pasa|paga|dé|entregue|pase|pague|dad|entregad|pasad|pagad)"
    r"(?= (?:\d|un|una|uno|dos|tres|\ufffc))",
    re.IGNORECASE | re.MULTILINE,
)
_ES_GIVES_YOU = lazy(r"(?<!\w)(?:te|os) (?:\w+ )?(?:d[aé]n?|entreg\w+|pas\w+|pag\w+)(?!\w)|recib\w+", re.IGNORECASE)


# the reverse: "Give 1 coin to another player" is not "otro jugador te da 1 moneda".  Only the reader's
# receiving is read: "el otro jugador recibe 1 moneda" says the same as the original in other words
_EN_YOU_RECEIVE = lazy(r"\b(?:receive|receives|get|gets|gain|gains|take|takes|collect|collects)\b", re.IGNORECASE)
_ES_YOU_RECEIVE = lazy(
    r"(?<!\w)(?:te|os) (?:\w+ )?(?:d[aé]n?|entreg\w+|pas[ae]n?|pag[au]e?n?)(?!\w)|(?<!\w)(?:recibes|recibís)(?!\w)",
    re.IGNORECASE,
)


GIVES_INSTEAD = N_('the original says "{said}", but "{translation}" says "{written}": you give instead of receiving')
RECEIVES_INSTEAD = N_('the original says "{said}", but "{translation}" says "{written}": you receive instead of giving')


TO_THE_SUPPLY = N_('the original says "{said}", but "{translation}" says "{written}": to the supply, not to you')
# "any rival must pay you 1 coin" as "debe pagar 1 moneda a la reserva": the payment goes elsewhere
_ES_TO_SUPPLY = lazy(
    r"(?<!\w)(?:a la reserva|al banco|a la banca|a la caja|al tesoro|al suministro|a la bolsa común)(?!\w)",
    re.IGNORECASE,
)
_ES_TO_YOU = lazy(r"(?<!\w)(?:te|le|les|os|a ti|a usted|a ustedes|a vosotros)(?!\w)", re.IGNORECASE)


TO_NOBODY = N_('the original says "{said}", but "{translation}" says "{written}" and not to whom: to you')
# a payment or a gift, and whoever receives it joined to the verb ("pagarle", "dale", "entrégueme")
_ES_PAYS = lazy(r"(?<!\w)(?:pag\w+|entreg\w+|ced[aei]\w*|da|das|dan|dé|des|den|dar|dará|darán)(?!\w)", re.IGNORECASE)
_ES_PAYS_SOMEONE = lazy(
    r"(?<!\w)(?:pag|entreg|d[aáeé]|dar|ced|pas)\w*(?:te|le|les|os|me|nos)(?!\w)|(?<!\w)a (?:ti|usted|ustedes|vosotros|"
    r"\w+ jugador\w*|otr[oa]|cada|tod[oa]s|quien|su|sus|un|una|la|el|los|las)(?!\w)|(?<!\w)al(?!\w)",
    re.IGNORECASE,
)


def _paid_elsewhere(source: str, target: str) -> tuple[str, str, bool] | None:
    """(the original's words, the translation's, whether to nobody) when another player pays or gives
    the reader and the translation sends it to the supply, or to nobody it names, with no "te", "le",
    "a ti"."""
    gives_you = _EN_GIVES_YOU.search(source)
    if gives_you is None or _EN_YOU_GIVE.search(source) or "supply" in source.lower() or "bank" in source.lower():
        return None
    if _ES_TO_YOU.search(target) or _ES_GIVES_YOU.search(target):
        return None
    supply = _ES_TO_SUPPLY.search(target)
    if supply is not None:
        return gives_you.group(), supply.group(), False
    pays = _ES_PAYS.search(target) if gives_you.group().lower().split()[0].startswith(("pay", "give")) else None
    if pays is None or _ES_PAYS_SOMEONE.search(target, pays.start()):
        return None  # "debe pagarle", "debe pagar 1 a su rival": whoever receives it follows the verb
    return gives_you.group(), pays.group(), True


def _giving(source: str, target: str) -> tuple[str, str, bool] | None:
    """(the original's words, the translation's, whether the reader receives instead of giving) when the
    original has another player give to the reader and the translation the reader give, or the reverse."""
    gives_you, you_give = _EN_GIVES_YOU.search(source), _EN_YOU_GIVE.search(source)
    if gives_you is not None and you_give is None and _ES_GIVES_YOU.search(target) is None:
        gives = _ES_YOU_GIVE.search(target)
        return None if gives is None else (gives_you.group(), gives.group(), False)
    if you_give is None or gives_you is not None or _EN_YOU_RECEIVE.search(source) or _ES_YOU_GIVE.search(target):
        return None
    receives = _ES_YOU_RECEIVE.search(target)
    return None if receives is None else (you_give.group().strip(), receives.group(), True)


_NOUNS_EN = r"(?:other )?(?:players?|opponents?|rivals?)"
_NOUNS_ES = r"(?:otr[oa]s? )?(?:jugador\w*|rival\w*|oponente\w*|adversari\w*|contrincante\w*)"
_EN_ALL = lazy(rf"(?=[eEaA])\b(?:each|every|all(?: the| of the| your| of your)?) {_NOUNS_EN}\b", re.IGNORECASE)
_EN_ONE = lazy(r"(?=[aAoO])\b(?:an?|one|another) (?:other )?(?:player|opponent|rival)\b(?!['’])", re.IGNORECASE)
_EN_ANY_ALL = lazy(r"\b(?:each|every\w*|all|any\w*|both|whoever|whenever)\b", re.IGNORECASE)
_ES_ONE = lazy(rf"(?=[uU])(?<!\w)(?:un|una|uno) {_NOUNS_ES}(?!\w)", re.IGNORECASE)
_ES_ALL = lazy(
    rf"(?=[cCtT])(?<!\w)(?:cada (?:un[oa] de (?:tus|los|sus|las|vuestros) )?{_NOUNS_ES}|"
    rf"tod[oa]s (?:tus|los|sus|las|vuestros|vuestras) (?:demás )?{_NOUNS_ES})(?!\w)",
    re.IGNORECASE,
)
_ES_EACH = lazy(r"(?<!\w)(?:cada|tod[oa]s?|ambos|ambas)(?!\w)", re.IGNORECASE)


def _how_many(source: str, target: str) -> tuple[str, str, bool] | None:
    """The original's "each opponent" said as "un rival" (True), or its "an opponent" as "cada rival" (False)."""
    every = _EN_ALL.search(source)
    if every is not None:
        ones = _ES_ONE.findall(target)
        # more "un rival" than the original's "an opponent": one of them stands for the "each"
        if len(ones) > len(_EN_ONE.findall(source)) and _ES_EACH.search(target) is None:
            return every.group(), ones[0], True
        return None
    one_en = _EN_ONE.search(source)
    if one_en is not None and _EN_ANY_ALL.search(source) is None:
        every_es = _ES_ALL.search(target)
        if every_es is not None:
            return one_en.group(), every_es.group(), False
    return None


# The side a player or a move is on: "the player on your left", "pass it to the right", "clockwise".
# "left" and "right" only where they are sides: not "cards left", "the right to", "right away"
_EN_SIDE = lazy(
    r"\b(?:to|on|at|from) (?:the|your|their|his|her|its|my|each player's) (left|right)\b"
    r"|\b(left|right)(?:-hand| hand)? (?:side|neighbou?rs?|of)\b"
    r"|\b(?:pass(?:es|ed)?|move[sd]?|rotate[sd]?|turn(?:s|ed)?)"
    r"(?: (?:it|them|\w+ cards?|your hand|the \w+))? (left|right)\b",
    re.IGNORECASE,
)
_EN_TURNING = lazy(r"\b(counter-?clockwise|anti-?clockwise|clockwise)\b", re.IGNORECASE)
_ES_SIDE = lazy(
    r"(?<!\w)(izquierd[ao]s?|derechas?)(?!\w)|(?<!\w)(?:lado|extremo|borde|margen|costado) (derecho)(?!\w)",
    re.IGNORECASE,
)
_ES_TURNING = lazy(
    r"(?<!\w)(antihorario|contrario a (?:las|el de las) agujas del reloj|sentido horario|agujas del reloj)(?!\w)",
    re.IGNORECASE,
)


def _sides(source: str, target: str) -> tuple[str, str] | None:
    """(what the original says, what the translation says) when each names one side, or one way of
    turning, and not the same: "the player on your left" as "el jugador de su derecha"."""
    for english, spanish, side_of in ((_EN_SIDE, _ES_SIDE, _side), (_EN_TURNING, _ES_TURNING, _turning)):
        theirs = {side_of(next(g for g in m.groups() if g)): m.group() for m in english.finditer(source)}
        ours = {side_of(next(g for g in m.groups() if g)): m.group() for m in spanish.finditer(target)}
        if len(theirs) == len(ours) == 1 and theirs.keys() != ours.keys():
            return next(iter(theirs.values())), next(iter(ours.values()))
    return None


def _neighbour_of_a_side(source: str, ours: str) -> bool:
    """Whether the translation's player is the neighbour on a side the original passes or moves to:
    "passes the marker to the left" as "al jugador de su izquierda" names who gets it, no one new."""
    said = _ES_SIDE.search(ours)
    if said is None:
        return False
    side = _side(next(g for g in said.groups() if g))
    return any(_side(next(g for g in m.groups() if g)) == side for m in _EN_SIDE.finditer(source))


def _side(word: str) -> str:
    return "left" if word.lower().startswith(("left", "izquierd")) else "right"


def _turning(words: str) -> str:
    folded = words.lower()
    return "counter" if folded.startswith(("counter", "anti", "contrario")) else "clockwise"


def compare_players(text: Text, original: Text) -> list[Finding]:
    theirs, ours = _named(original.plain, True), _named(text.plain, False)
    source, target = original.plain, text.plain
    sides = _sides(source, target)
    if sides is not None:
        message = _('the original says "{said}", but "{translation}" says "{written}": the other side').format(
            said=sides[0], translation=quote(target, 60), written=sides[1]
        )
        return [_finding(text, message, source)]
    if _EN_GIVES_YOU.search(source) or _EN_YOU_GIVE.search(source):
        for their_sentence, our_sentence in aligned(markup.plain_text(original.raw), markup.plain_text(text.raw)):
            # who pays whom: the payment sent elsewhere first, then the giver and receiver swapped
            for read, (message, other) in (
                (_paid_elsewhere, (TO_THE_SUPPLY, TO_NOBODY)),
                (_giving, (GIVES_INSTEAD, RECEIVES_INSTEAD)),
            ):
                if (paid := read(their_sentence, our_sentence)) is not None:
                    said, written, turned = paid
                    shown = _(other if turned else message).format(
                        said=said, translation=quote(our_sentence, 60), written=written
                    )
                    return [_finding(text, shown, their_sentence)]
    if (_ES_ONE.search(target) and _EN_ALL.search(source)) or (_ES_ALL.search(target) and _EN_ONE.search(source)):
        # a sentence may say "each" on one side and "un" on the other: only then are the sentences paired
        for their_sentence, our_sentence in aligned(markup.plain_text(original.raw), markup.plain_text(text.raw)):
            changed = _how_many(their_sentence, our_sentence)
            if changed is None:
                continue
            said, written, fewer = changed
            message = (
                _('the original says "{said}", but "{translation}" says "{written}": one of them instead of each')
                if fewer
                else _('the original says "{said}", but "{translation}" says "{written}": all of them instead of one')
            )
            return [
                _finding(
                    text,
                    message.format(said=said, translation=quote(our_sentence, 60), written=written),
                    their_sentence,
                )
            ]
    if theirs is not None and ours is None and _ES_OTHERS_BARE.search(target) is None:
        message = _('the original names "{words}", but "{translation}" names no other player: it reads as you')
        return [_finding(text, message.format(words=theirs, translation=quote(target, 60)), source)]
    neighbour = _EN_NEIGHBOUR.search(source) if "left" in source or "right" in source else None
    if neighbour is not None and _ES_NEIGHBOUR.search(target) is None:
        # "Then the player on your left may trade too" left out beside a "Nobody else": the others are
        # named, the neighbour is not
        message = _('the original names "{words}", but "{translation}" names no player beside you')
        return [_finding(text, message.format(words=neighbour.group(), translation=quote(target, 60)), source)]
    if ours is not None and theirs is None and not _neighbour_of_a_side(source, ours):
        message = _('the translation names "{words}", but the original "{original}" names no other player')
        return [_finding(text, message.format(words=ours, original=quote(source, 60)), source)]
    findings: list[Finding] = []
    if _EN_THEY_ANYWHERE.search(source) is None:
        return findings  # no sentence of the original opens with another player
    checker = speller(text.lang)
    for their_sentence, our_sentence in _clauses(aligned(markup.plain_text(original.raw), markup.plain_text(text.raw))):
        subject = _EN_THEY.match(their_sentence)
        if subject is None or checker is None or _named(our_sentence, False) or _ES_OTHERS_BARE.search(our_sentence):
            continue
        opening = re.match(r"\W*(\w+)", our_sentence)
        found = evidence(our_sentence, checker, text.lang)
        if opening is None or not found or found[0].word != opening.group(1) or not found[0].strong:
            continue
        if found[0].word.casefold() in _ADDRESSED:
            continue  # "te da una cuerda" names the reader, it tells nobody to do anything
        message = _('the original says "{subject}" does it, but "{translation}" tells the reader to').format(
            subject=subject.group().strip(), translation=quote(our_sentence, 60)
        )
        findings.append(_finding(text, message, their_sentence))
    return findings


# "Choose an opponent: they lose 1" is two clauses, as is "Elige a un rival y pierde 1": paired when
# both sides have as many, so that the second is read as a sentence of its own
_EN_CLAUSE = lazy(r"\s*[:;]\s*|,?\s+and\s+(?=(?:they|he|she|that|the chosen|this|each of them)\b)", re.IGNORECASE)
_ES_CLAUSE = lazy(r"\s*[:;]\s*|,?\s+[ye]\s+", re.IGNORECASE)


_ADDRESSED = frozenset(
    {"te", "ti", "os", "tu", "tus", "vuestro", "vuestra", "vuestros", "vuestras", "usted", "ustedes"}
)


def _clauses(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Each pair of sentences, and the clauses of a pair whose original has another player open a
    clause after a colon, semicolon or "and", when both sides have as many clauses."""
    found = []
    for source, target in pairs:
        found.append((source, target))
        theirs = _EN_CLAUSE.split(source)
        if len(theirs) < 2 or not any(_EN_THEY.match(clause) for clause in theirs[1:]):
            continue
        ours = _ES_CLAUSE.split(target)
        if len(ours) == len(theirs):
            found += [(their, our) for their, our in zip(theirs[1:], ours[1:], strict=True) if _EN_THEY.match(their)]
    return found


def _finding(text: Text, message: str, source: str) -> Finding:
    return text.finding(
        Severity.WARNING,
        CODE,
        message,
        _('say who does it as "{original}" does (cada rival, tus rivales, ese jugador; or you)').format(
            original=quote(source, 60)
        ),
    )
