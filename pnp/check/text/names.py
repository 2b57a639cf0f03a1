"""text/cited-name: a name quoted in rules text (“Crucero Reaver”) must be a card of the pack.

A quotation counts as a name when it is short (at most six words), starts with
a capital and holds no ":", ";", "¡!", "¿?" or sentence break, and reads as no
speech (no final period inside the quotes, no "me", "te", "nos", "we", "I"; no
clause: a verb known only as one, "is", "can", "se queda"), and what comes before
it names no saying ("motto", "lema", "reads", "dice"): those are quoted rules,
lines and mottos.  It is right when it is a card title in the
text's language (or a title of a card not yet translated into it), a deck or
card-type name, a glossary term or keyword in some inflection, or an entry of
the pack's word list, in any case.

Bold and italics are emphasis as often as names ("**Descarta** esta carta"), so an
emphasised name is a finding only when it is close to a title and is none
("**Mercado Negra**" for "Mercado Negro").  And where the original cites a card
by its title, quoted or emphasised, the translation must have that card's title
in its language: a card renamed in Spanish leaves no text citing the old name.
"""

from __future__ import annotations

import difflib
import re
from itertools import pairwise

from pnp import markup
from pnp.check.rule import Parts
from pnp.check.text.fields import RULES_TEXT, Places, Text, texts
from pnp.check.text.forms import fold
from pnp.check.text.glossary import GlossaryIndex, Hit
from pnp.check.text.lexicon import Speller, speller
from pnp.check.text.patterns import lazy
from pnp.check.text.phrases import PhraseMatcher
from pnp.errors import Finding, Severity, did_you_mean
from pnp.i18n import _
from pnp.model import Card, PackData

CODE = "text/cited-name"

_QUOTED = lazy(r"[“«\"]([^“”«»\"\n]{1,80})[”»\"]")
# a quoted line, not a name: a person speaks ("me", "we"), or the quotation ends its own sentence
_SPEECH = lazy(r"(?i)(?<!\w)(?:me|te|nos|os|yo|tú|mí|conmigo|contigo|i|we|me|my|our|you)(?!\w)|[.…]\s*$")
_MAX_WORDS = 6
_VALUE = lazy(r"\s+(\d+|X)$")


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _names(pack: PackData, lang: str) -> dict[str, str]:
    """Every name a text in `lang` may cite, by its key, as written."""
    names: dict[str, str] = {}
    source = pack.pack.source_language
    for card in pack.cards().values():
        for title in (card.title, card.back.title if card.back else {}):
            name = title.get(lang) or title.get(source)
            if name:
                names.setdefault(_key(name), name)
    for deck in pack.pack.deck:
        names |= {_key(n): n for n in deck.name.values()}
    for card_type in pack.pack.card_type:
        names |= {_key(n): n for n in card_type.name.values()}
    names |= {_key(w): w for w in pack.pack.words}
    return names


def check_cited_names(pack: PackData) -> list[Finding]:
    return combine_cited_names(pack, read_cited_names(pack))


def read_cited_names(pack: PackData) -> Parts:
    """Each card's texts that cite something, judged as far as the card and the pack's glossary tell:
    [field, language, the names its original cites (no glossary term among them), the emphasised
    runs, then the quotations, that read as a name and are no term].  Whether each is a title of the
    pack is for combine_cited_names: the titles are every card's."""
    index = GlossaryIndex(pack)
    own_titles = {card.id: {_key(title) for title in _all_titles(card)} for card in pack.cards().values()}
    terms = {lang: PhraseMatcher(phrases, lang) for lang in pack.languages if (phrases := _terms(pack, lang))}
    glossary = {_key(term.source) for term in pack.glossary.term}  # text/glossary asks for those
    parts: Parts = {}
    for text, original in texts(pack, RULES_TEXT, pack.languages):
        checker = speller(text.lang)
        matcher = terms.get(text.lang)
        titled: list[str] = []
        capitalised: list[str] = []
        if original is not None:
            by_title = [m.group(1).strip().rstrip(".,") for m in _QUOTED.finditer(original.plain)]
            by_title += _emphasised(original.raw)
            titled = [name for name in dict.fromkeys(by_title) if _key(name) not in glossary]
            own = own_titles.get(text.card, set())
            capitalised = [
                run
                for run in _capitalised_runs(original.plain)
                if _key(run) not in glossary and _key(run) not in own and run not in titled
            ]
        emphasised = [
            run
            for run in _emphasised(text.raw)
            if _looks_like_a_name(run)
            # "**Descarta**": a word in bold, not a misspelt title "Descarte"
            and not (" " not in run and checker is not None and checker.knows(run.lower()))
            and not (matcher is not None and matcher.fullmatch(fold(_VALUE.sub("", run))))
        ]
        quoted = []
        forbidden: list[Hit] | None = None  # looked for only when a quoted name needs it
        for m in _QUOTED.finditer(text.plain):
            if _SPEECH.search(m.group(1)) or _has_a_verb(m.group(1), checker) or _is_a_clause(m.group(1), checker):
                continue
            if _INTRODUCED.search(text.plain[max(0, m.start() - 40) : m.start()]):
                continue  # "the club's motto is «…»": a saying, not a name
            cited = m.group(1).strip().rstrip(".,")
            if not _looks_like_a_name(cited):
                continue
            term = _VALUE.sub("", cited)  # “Abordaje 2” cites the keyword Abordaje
            if matcher is not None and matcher.fullmatch(fold(term)):
                continue
            if forbidden is None:
                forbidden = index.forbidden(text.plain, text.lang)
            if any(hit.start < m.end() and m.start() < hit.end for hit in forbidden):
                continue  # text/glossary reports it
            quoted.append(cited)
        if titled or emphasised or quoted or capitalised:
            parts.setdefault(text.card, []).append([text.path, text.lang, titled, emphasised, quoted, capitalised])
    return parts


def combine_cited_names(pack: PackData, parts: Parts) -> list[Finding]:
    """The findings of what the cards cite, against every name of the pack."""
    places = Places(pack)
    names_by_lang: dict[str, dict[str, str]] = {}
    titles: dict[str, dict[str, str]] = {}  # per language: each card's source title -> its title there
    findings = []
    for card_id, cited_texts in parts.items():
        for path, lang, titled, emphasised, quoted, capitalised in cited_texts:
            if lang not in names_by_lang:
                names_by_lang[lang] = _names(pack, lang)
            names = names_by_lang[lang]
            text: Text | None = None  # found again only for a finding
            if titled or capitalised:
                if lang not in titles:
                    titles[lang] = _titles(pack, pack.pack.source_language, lang)
                # a title written as it is, unquoted ("If you have Sea Wall in play"): of two words or more,
                # so that a capitalised game word ("Boat") or a sentence's first word is no citation
                cited = [*titled, *(run for run in capitalised if _key(run) in titles[lang])]
                if any(_key(name) in titles[lang] for name in cited):
                    text = places.text(card_id, path, lang)
                    findings += _titles_cited(text, cited, titles[lang])
            for cited in emphasised:
                if _key(cited) in names:
                    continue
                close = difflib.get_close_matches(_key(cited), list(names), n=1, cutoff=0.8)
                if close:
                    text = text or places.text(card_id, path, lang)
                    findings.append(
                        text.finding(
                            Severity.WARNING,
                            CODE,
                            _('"{cited}" reads as the name of "{title}", but is written otherwise').format(
                                cited=cited, title=names[close[0]]
                            ),
                            _('write the card\'s title: "{title}"').format(title=names[close[0]]),
                        )
                    )
            for cited in quoted:
                if _key(cited) in names:
                    continue
                text = text or places.text(card_id, path, lang)
                hint = did_you_mean(cited, sorted(set(names.values())))
                findings.append(
                    text.finding(
                        Severity.WARNING,
                        CODE,
                        _('"{cited}" is quoted as a name, but no card, deck or term of the pack is called so').format(
                            cited=cited
                        ),
                        (f"{hint} " if hint else "")
                        + _("Correct the name, or add it to words in pack.toml if it names something outside the pack"),
                    )
                )
    return findings


_SMALL_WORDS = r"(?:(?:of|the|and|a|an|in|on|at|to|for)[ \u00a0]+)*"
_CAPITALISED = lazy(rf"\b[A-Z][\w'’-]*(?:[ \u00a0]+{_SMALL_WORDS}[A-Z][\w'’-]*)+")


def _capitalised_runs(plain: str) -> list[str]:
    """Every run of two or more capitalised words (small words such as "of the" between them) and its
    pieces of two words or more, that may be a card's title written as it is: "Play Sea Wall now" ->
    "Play Sea Wall", "Play Sea", "Sea Wall"."""
    runs: list[str] = []
    for match in _CAPITALISED.finditer(plain):
        words = match.group().split()
        for start in range(len(words)):
            for end in range(start + 2, len(words) + 1):
                if words[start][:1].isupper() and words[end - 1][:1].isupper():
                    runs.append(" ".join(words[start:end]))
    return list(dict.fromkeys(runs))


def _all_titles(card: Card) -> list[str]:
    return [title for localized in (card.title, card.back.title if card.back else {}) for title in localized.values()]


def _has_a_verb(quoted: str, checker: Speller | None) -> bool:
    """A word after the first that the dictionary knows only as a verb: "Nunca perdemos una pelea" is a
    line someone says (a title that opens with a verb, "Roba y huye", is a title all the same)."""
    words = re.findall(r"[^\W\d_]+", quoted)[1:]
    return checker is not None and any(len(w) > 2 and checker.only_verb(w.lower()) for w in words)


# An auxiliary or copula after the first word, in English; in Spanish an unstressed pronoun before a
# verb form: "No one is left behind", "Nadie se queda atrás" are clauses, lines someone says
_EN_CLAUSE = lazy(r"(?i)^\S+\s.*\b(?:is|are|was|were|will|shall|can|cannot|must|does|did|has|have)\b")
_ES_CLITICS = frozenset({"se", "le", "les", "lo", "la", "los", "las"})
# what introduces a saying: its name ("motto", "lema"), or a verb of saying right before the quotation
_INTRODUCED = lazy(
    r"(?i)\b(?:motto|slogan|saying|proverb|says|said|reads|shouts?|cries|whispers|lema|eslogan|dicho|refrán|"
    r"proverbio|dice|dicen|reza|grita|gritan|susurra|exclama)\b[^.;:!?«“\"]{0,12}[:\s]*$"
)


def _is_a_clause(quoted: str, checker: Speller | None) -> bool:
    if _EN_CLAUSE.search(quoted):
        return True
    words = [w.lower() for w in re.findall(r"[^\W\d_]+", quoted)]
    return checker is not None and any(
        w in _ES_CLITICS and any(r.verb for r in checker.readings(after)) and after not in _ES_CLITICS
        for w, after in pairwise(words[1:])  # the first word may be a pronoun of a title: "Se busca"
    )


def _emphasised(raw: str) -> list[str]:
    """The runs of bold or italic words of a text: "**Mercado Negro**" -> "Mercado Negro"."""
    runs: list[str] = []
    if "*" not in raw:
        return runs
    for paragraph in markup.parse(raw):
        run = ""
        for span in paragraph:
            if (span.bold or span.italic) and not span.icon and not span.line_break:
                run += span.text
                continue
            if run.strip():
                runs.append(run.strip().rstrip(".,"))
            run = ""
        if run.strip():
            runs.append(run.strip().rstrip(".,"))
    return runs


def _titles_cited(text: Text, cited: list[str], titles: dict[str, str]) -> list[Finding]:
    """The cards the original cites by their title, quoted or emphasised (`cited`, no glossary term
    among them), whose title in the text's language this text lacks: "Search for “Black Market”" /
    "Busca el mercado"."""
    folded = fold(text.plain)
    findings = []
    for name in cited:
        title = titles.get(_key(name))
        if title is None or _named(fold(title), folded):
            continue
        findings.append(
            text.finding(
                Severity.WARNING,
                CODE,
                _('the original cites the card "{name}", titled "{title}" here, and this text does not name it').format(
                    name=name, title=title
                ),
                _('cite it as "{title}", or correct the card\'s title if it was renamed').format(title=title),
            )
        )
    return findings


def _named(title: str, folded: str) -> bool:
    """The folded title is in the folded text, each of its words maybe in the plural: "los 4 vipers
    Mark VII" names the card "Viper Mark VII"."""
    if title in folded:
        return True
    words = [re.escape(word) + "(?:e?s)?" for word in title.split()]
    return bool(words) and re.search(r"(?<!\w)" + r"\s+".join(words) + r"(?!\w)", folded) is not None


def _titles(pack: PackData, source: str, lang: str) -> dict[str, str]:
    """A card's title in the source language, by its key -> its title in `lang` (translated cards only)."""
    found: dict[str, str] = {}
    for card in pack.cards().values():
        for title in (card.title, card.back.title if card.back else {}):
            if title.get(source) and title.get(lang):
                found.setdefault(_key(title[source]), title[lang])
    return found


def _terms(pack: PackData, lang: str) -> list[str]:
    default = pack.pack.printed_language
    items: list[tuple[str, str, str | None]] = [(t.source, t.target, t.lang) for t in pack.glossary.term]
    items += [(k.source, k.target, k.lang) for k in pack.glossary.keyword]
    if lang == pack.pack.source_language:
        phrases = [source for source, _, _ in items]
    else:
        phrases = [target for _, target, item_lang in items if (item_lang or default) == lang]
    return [p for p in phrases if p.strip()]


def _looks_like_a_name(cited: str) -> bool:
    """Short, capitalised, and no speech: “¡Oh, no!” or “Ve. Ahora” are quotations, not names."""
    first = next((c for c in cited if c.isalpha()), "")
    return (
        bool(first)
        and first.isupper()
        and len(cited.split()) <= _MAX_WORDS
        and not any(c in cited for c in ":;¡!¿?")
        and ". " not in cited
    )
