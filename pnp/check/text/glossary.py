"""text/glossary: the glossary's forbidden variants, and source terms left without their translation."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from pnp.check.text.fields import Text, texts
from pnp.check.text.forms import fold
from pnp.check.text.lexicon import speller
from pnp.check.text.patterns import lazy
from pnp.check.text.phrases import Match, PhraseMatcher, phrase_matcher
from pnp.errors import Finding, Severity, error, warning
from pnp.i18n import _
from pnp.load.pack import GLOSSARY_FILE
from pnp.load.toml import key_lines
from pnp.model import PackData
from pnp.model.fix_limits import LIMITS_EXAMPLE, parse_limits, within
from pnp.model.glossary import Term
from pnp.paths import shown_path

CODE = "text/glossary"
_WORD = lazy(r"\w+")


@dataclass(frozen=True)
class Hit:
    term: Term
    variant: str
    start: int
    end: int


class GlossaryIndex:
    """The glossary's terms compiled once per pack: one matcher per language for every forbidden variant."""

    def __init__(self, pack: PackData) -> None:
        self.source_language = pack.pack.source_language
        default = pack.pack.target_languages[0] if pack.pack.target_languages else self.source_language
        self.terms: dict[str, list[Term]] = {}
        variants: dict[str, list[tuple[Term, str]]] = {}
        for term in pack.glossary.term:
            lang = term.lang or default
            self.terms.setdefault(lang, []).append(term)
            variants.setdefault(lang, []).extend((term, v) for v in term.forbidden if v.strip())
        self._variants = variants
        self._sources: dict[str, tuple[list[Term], PhraseMatcher]] = {}
        self._forbidden = {lang: PhraseMatcher([v for _, v in pairs], lang) for lang, pairs in variants.items()}

    def forbidden(self, text: str, lang: str) -> list[Hit]:
        """The forbidden variants in the text, each where its limits (forbidden_where) allow only."""
        matcher = self._forbidden.get(lang)
        if matcher is None:
            return []
        pairs = self._variants[lang]
        hits = [Hit(*pairs[m.index], m.start, m.end) for m in matcher.finditer(fold(text))]
        return [hit for hit in hits if _where_forbidden(hit, text)]

    def in_source(self, lang: str, folded_source: str, source: str | None = None) -> list[tuple[Term, Match]]:
        """The terms for `lang` that the original (folded) uses, each with its first match.

        The longest term wins: "Bounty" inside "Bounty Hunter" is no use of the term "Bounty".  With
        the original as written (`source`), a term limited to a part of speech counts only where the
        original reads so (used_as)."""
        if lang not in self._sources:
            terms = [t for t in self.terms.get(lang, []) if t.source.strip() and t.target.strip()]
            self._sources[lang] = (terms, PhraseMatcher([t.source for t in terms], self.source_language))
        terms, matcher = self._sources[lang]
        every = matcher.all_of_each(folded_source)
        spans = [(m.start, m.end) for matches in every.values() for m in matches]
        found = []
        for index, matches in sorted(every.items()):
            alone = [
                m
                for m in matches
                if not any(s <= m.start and m.end <= e and (s, e) != (m.start, m.end) for s, e in spans)
            ]
            wanted = terms[index].part_of_speech
            if wanted is not None and source is not None:
                alone = [m for m in alone if used_as(source, m.start, m.end) == wanted]  # unsure: not required
            if wanted == "noun" or terms[index].gender is not None:
                # a noun has no -ed or -ing form: "rounded down" uses no game Round; nor does it follow
                # "you", "may", "to": "you may dock at Velmora" uses no game Dock
                alone = [
                    m
                    for m in alone
                    if not _verb_form(folded_source[m.start : m.end], terms[index].source)
                    and not (source is not None and wanted is None and _said_as_verb(source, m.start, m.end))
                ]
            if alone:
                found.append((terms[index], alone[0]))
        return found

    def translated(self, term: Term, lang: str, folded_text: str) -> bool:
        return phrase_matcher(term.target, lang).search(folded_text) is not None


def _verb_form(matched: str, source: str) -> bool:
    """Whether an English word matched for a term is its -ed or -ing form, which the term is not."""
    word, own = matched.lower().rstrip(), fold(source).lower()
    return any(word.endswith(end) and not own.endswith(end) for end in ("ed", "ing"))


_SUBJECTS_AND_MODALS = frozenset({
    "to", "may", "must", "can", "cannot", "can't", "will", "would", "should", "might", "you", "they", "we", "i",
    "he", "she", "it", "who", "not", "never", "also", "then", "don't", "doesn't", "didn't", "won't",
})  # fmt: skip
_ONE_WHO_DOES = frozenset(
    {"player", "rival", "opponent", "one", "who", "that", "it", "he", "she", "nobody", "everyone"}
)


def _said_as_verb(source: str, start: int, end: int) -> bool:
    """Whether an English word that is a noun term reads as a verb there: after a subject or a modal
    ("you dock", "may dock", "to dock"), or with a verb's -s after one who does it ("another player
    docks")."""
    before = re.findall(r"[\w']+", source[max(0, start - 30) : start].lower())
    previous = before[-1] if before else ""
    if previous in _SUBJECTS_AND_MODALS:
        return True
    return source[start:end].lower().endswith("s") and previous in _ONE_WHO_DOES


def _where_forbidden(hit: Hit, text: str) -> bool:
    written = hit.term.forbidden_where.get(hit.variant)
    if written is None:
        return True
    limits, unknown = parse_limits(written)
    return unknown is None and within(limits, text, hit.start, hit.end)  # a bad limit: _bad_limits says so


# fmt: off
_DETERMINERS = frozenset({
    "the", "a", "an", "your", "their", "his", "her", "its", "my", "our", "this", "that", "these", "those", "each",
    "any", "every", "no", "another", "of", "in", "into", "on", "from", "at", "with",
})
_BEFORE_VERBS = frozenset({
    "to", "may", "must", "can", "cannot", "can't", "will", "would", "should", "might", "you", "they", "we", "i",
    "then", "and", "or",
})
# fmt: on
_STARTS_CLAUSE = lazy(r"(?:^|[.!?:;]\s+|\n)[\s\"“«(*]*$")


def used_as(source: str, start: int, end: int) -> str | None:
    """How an English word of the original reads at start:end: "noun" ("the Hold", "your Hold's"),
    "verb" ("Hold your cards", "you may hold"), or None when the words around it do not say."""
    before = re.findall(r"[\w']+", source[max(0, start - 40) : start].lower())
    previous = before[-1] if before else ""
    if source[end : end + 2] in ("'s", "’s") or previous in _DETERMINERS:
        return "noun"
    if len(before) >= 2 and before[-2] in _DETERMINERS and previous not in _BEFORE_VERBS:
        return "noun"  # "the cargo Hold", "your red token"
    if previous in _BEFORE_VERBS or _STARTS_CLAUSE.search(source[:start]):
        return "verb"
    return None


# Endings that make one word of a family from another (tripul-ación, tripul-ante, tripul-ar), folded:
# a collective and its member, a verb and its noun. Spanish, Catalan, Portuguese, French, Italian.
_DERIVED = lazy(
    r"(?:aciones|acions|acoes|ations|acion|acio|acao|ation|azione|azioni|iciones|icion|icio|cion|cio|"
    r"mientos|miento|ments|ment|mento|antes|ants|ante|ant|entes|ents|ente|ent|adores|adoras|adora|ador|"
    r"ores|oras|ora|or|ares|ar|er|ir|re|idades|idad|itat|ite|ita|dad|"
    r"eros|eras|ero|era|erias|eria|istas|ista)$"  # the one who works with it, its place: camell-ero, camell-eria
)
_MADE_FROM_A_WORD = lazy(r"(?:ado|ada|ados|adas|ista|istas|ero|era|eros|eras)")  # a whole word's derivatives
_FINAL_VOWEL = lazy(r"(?:[aeo]s|[aeo])$")  # camello: the stem "camell" its derivatives share
FAMILY_STEM = 5  # letters a stem needs before its family counts: "parte" and "partida" share "part" only


def same_family(word: str, other: str) -> bool:
    """Whether two folded words are one family: the same stem of FAMILY_STEM letters or more, each
    with a derivational ending or none. English "crew" counts people and is a crew alike ("3 crew"):
    the Spanish says "tripulantes" there, the glossary's "tripulación" elsewhere; both are right."""
    if word == other:
        return True
    shorter, longer = sorted((word, other), key=len)
    if (
        len(shorter) > FAMILY_STEM
        and longer.startswith(shorter)
        and _MADE_FROM_A_WORD.fullmatch(longer[len(shorter) :])
    ):
        return True  # the whole word and one made from it: "aficion" and "aficion-ado", the fans and a fan
    ending, other_ending = _DERIVED.search(word), _DERIVED.search(other)
    stem = word[: ending.start()] if ending else _FINAL_VOWEL.sub("", word)
    other_stem = other[: other_ending.start()] if other_ending else _FINAL_VOWEL.sub("", other)
    return len(stem) >= FAMILY_STEM and stem == other_stem and (ending is not None or other_ending is not None)


def check_glossary(pack: PackData) -> list[Finding]:
    index = GlossaryIndex(pack)
    findings = _without_source(pack) + _forbidding_the_target(pack) + _bad_limits(pack)
    listed = list(texts(pack))
    names = {(t.file, t.card, t.lang): (t, o) for t, o in listed if t.path == "title" and o is not None}
    for text, original in listed:
        plain = text.plain
        hits = index.forbidden(plain, text.lang)
        for hit in hits:
            found = plain[hit.start : hit.end]
            findings.append(
                text.finding(
                    Severity.WARNING,
                    CODE,
                    _('"{found}" is a forbidden variant of "{target}" (glossary term "{source}")').format(
                        found=found, target=hit.term.target, source=hit.term.source
                    ),
                    (
                        _('write "{target}"')
                        if fold(found) == fold(hit.variant)
                        else _('write "{target}", inflected to fit')
                    ).format(target=hit.term.target),
                )
            )
        if original is not None:
            name = names.get((text.file, text.card, text.lang))
            findings += _missing_terms(index, text, original, {hit.term.source for hit in hits}, name)
    return findings


def _without_source(pack: PackData) -> list[Finding]:
    """A term with an empty source (as `pnp glossary apply` adds them): no original can be checked for it."""
    terms = [(i, t) for i, t in enumerate(pack.glossary.term) if not t.source.strip()]
    if not terms:
        return []
    path = pack.root / GLOSSARY_FILE
    lines = key_lines(path.read_text(encoding="utf-8-sig"), "term") if path.exists() else []
    findings = []
    for i, term in terms:
        keys = lines[i] if i < len(lines) else {}
        findings.append(
            warning(
                CODE,
                shown_path(path),
                _('term "{target}" has no source: the word of the original it translates is not written').format(
                    target=term.target
                ),
                line=keys.get("source", keys.get("")),
                field=f"term[{i}].source",
                hint=_(
                    'write the original\'s word for "{target}" in source: until then, no text '
                    'that uses it is checked for "{target}"'
                ).format(target=term.target),
            )
        )
    return findings


def _bad_limits(pack: PackData) -> list[Finding]:
    """A forbidden_where entry that names no forbidden variant, or limits pnp cannot read."""
    path = pack.root / GLOSSARY_FILE
    findings = []
    for i, term in enumerate(pack.glossary.term):
        for variant, written in term.forbidden_where.items():
            _limits, unknown = parse_limits(written)
            if variant not in term.forbidden:
                message = _('forbidden_where names "{variant}", which is not in forbidden').format(variant=variant)
                hint = _('add "{variant}" to forbidden, or remove it from forbidden_where').format(variant=variant)
            elif unknown is not None:
                message = _('"{limit}" is not a limit of a fix').format(limit=unknown)
                hint = _("the limits are whole, near: words, not near: words, noun and verb; for example {example}")
                hint = hint.format(example=_(LIMITS_EXAMPLE))
            else:
                continue
            findings.append(
                error(CODE, shown_path(path), message, field=f"term[{i}].forbidden_where.{variant}", hint=hint)
            )
    return findings


def _forbidding_the_target(pack: PackData) -> list[Finding]:
    """A forbidden variant that is a form of the term's own target would flag every correct use."""
    default = pack.pack.printed_language
    path = pack.root / GLOSSARY_FILE
    findings = []
    lines: list[dict[str, int]] | None = None
    for i, term in enumerate(pack.glossary.term):
        target = phrase_matcher(term.target, term.lang or default)
        for n, variant in enumerate(term.forbidden):
            if not variant.strip() or target.fullmatch(fold(variant.strip())) is None:
                continue
            if lines is None:
                lines = key_lines(path.read_text(encoding="utf-8-sig"), "term") if path.exists() else []
            keys = lines[i] if i < len(lines) else {}
            findings.append(
                error(
                    CODE,
                    shown_path(path),
                    _(
                        'the forbidden variant "{variant}" is a form of the target "{target}": '
                        "every correct use would be reported"
                    ).format(variant=variant, target=term.target),
                    line=keys.get("forbidden", keys.get("")),
                    field=f"term[{i}].forbidden[{n}]",
                    hint=_("remove it from forbidden"),
                )
            )
    return findings


def _missing_terms(
    index: GlossaryIndex, text: Text, original: Text, reported: set[str], name: tuple[Text, Text] | None
) -> list[Finding]:
    findings: list[Finding] = []
    if not index.terms.get(text.lang):
        return findings
    folded = fold(text.plain)
    for term, match in index.in_source(text.lang, fold(original.plain), original.plain):
        if term.source in reported or index.translated(term, text.lang, folded) or _misspelt(term.target, text, folded):
            continue
        if name is not None and _modifier_of_the_name(original, match, text, *name):
            continue  # "Lion Tamer" as "La domadora", and its "tamer" as "domadora" in the text
        if _verb_of_the_family(term.target, folded):
            continue  # "When you harvest" as "Cuando coseches": the verb of "cosecha", for a verb
        feminine = _feminine(term.target)
        if feminine is not None and phrase_matcher(feminine, text.lang).search(folded) is not None:
            continue  # "Harbour Master" as "capitana del puerto", a woman, where the glossary says "capitán"
        said = original.plain[match.start : match.end]
        findings.append(
            text.finding(
                Severity.WARNING,
                CODE,
                _('the original says "{said}", but the glossary\'s translation "{target}" is not here').format(
                    said=said, target=term.target
                ),
                _('translate "{source}" as "{target}"').format(source=term.source, target=term.target),
            )
        )
    return findings


# the English word after a term that makes it a modifier of the card's name ("Lion Tamer", "Ship's Cook")
_NEXT_WORD = lazy(r"(?:'s|’s)?[ \t]+([A-Za-z][\w'’-]*)")
_NOT_A_HEAD = frozenset({
    "of", "and", "or", "the", "a", "an", "to", "for", "in", "on", "at", "with", "from", "by", "vs", "is", "are",
})  # fmt: skip
# an English noun before a noun is most often said in Spanish as "de" + a noun ("Harvest Festival": "Fiesta
# de la cosecha"); a name with such a complement said it, and a synonym there is the glossary's to report
_NOUN_COMPLEMENT = lazy(r"\bdel?\s+(?:(?:el|la|los|las|un|una|unos|unas|su|sus)\s+)?(?!a\b|en\b|con\b|por\b|para\b)\w")
_ARTICLES = frozenset({"el", "la", "los", "las", "un", "una", "unos", "unas"})


def _modifier_of_the_name(original: Text, match: Match, text: Text, name: Text, name_original: Text) -> bool:
    """Whether the term modifies the next noun of a compound that is the card's name, and the translated
    name is one noun or a noun and its adjective or adverbial ("Rope Team": "Cordada", "Lion Tamer": "La
    domadora", "Penalty Kill": "Resistir en inferioridad"): Spanish makes one word of many English
    compounds, and the modifier is in it.  In the card's text, the same compound is so when the text
    says the translated name.  A name whose translation has a "de" + noun complement said the
    modifier there, in the glossary's words or not: reported."""
    compound = _compound_after(original.plain, match.end)
    if compound is None:
        return False
    said = fold(original.plain)[match.start : match.end]
    in_name = re.finditer(rf"(?<!\w){re.escape(said)}(?!\w)", fold(name_original.plain))
    if compound not in {_compound_after(name_original.plain, m.end()) for m in in_name}:
        return False
    translated_name = name.plain
    if _NOUN_COMPLEMENT.search(translated_name.lower()):
        return False
    if text is name:
        return True
    content = [w for w in _WORD.findall(fold(translated_name)) if w not in _ARTICLES]
    folded_text = fold(text.plain)
    return bool(content) and phrase_matcher(" ".join(content), text.lang).search(folded_text) is not None


def _compound_after(plain: str, end: int) -> str | None:
    """The folded word after a term that makes a compound of it, or None."""
    after = _NEXT_WORD.match(plain, end)
    if after is None or after.group(1).lower() in _NOT_A_HEAD:
        return None
    return fold(after.group(1))


def _feminine(target: str) -> str | None:
    """The target with its first word in the feminine, for a person ("capitán del puerto": "capitana del
    puerto"; "jugador": "jugadora"; "marinero": "marinera"), or None for a word with no such ending."""
    first, _, rest = target.partition(" ")
    for ending, female in (("án", "ana"), ("ón", "ona"), ("or", "ora"), ("és", "esa"), ("o", "a")):
        if first.endswith(ending) and len(first) > len(ending) + 2:
            return first[: -len(ending)] + female + (" " + rest if rest else "")
    return None


def _verb_of_the_family(target: str, folded_text: str) -> bool:
    """Whether the text has a word of a one-word target's stem with a verb's ending ("coseches",
    "cosecháis" for "cosecha"): an English word that is a noun and a verb alike ("harvest") is often
    said as the verb of the glossary's noun; or with an adjective's ("gremial" for "gremio"): a noun
    before a noun ("Guild Feast") is often said as the adjective."""
    words = _WORD.findall(fold(target))
    if len(words) != 1:
        return False
    stem = _FINAL_VOWEL.sub("", words[0])
    if len(stem) < FAMILY_STEM:
        return False
    return any(
        word.startswith(stem) and _VERB_ENDING.fullmatch(word[len(stem) :]) for word in _WORD.findall(folded_text)
    )


# what follows a verb's stem in its usual forms, folded: cosech-ar, -o, -as, -a, -amos, -ais, -an, -e, -es,
# -en, -ando, -ado, -aba, -aria ...; and the noun's own adjective ("Guild Feast" as "Banquete gremial",
# "gremio": gremi-al, -ales)
_VERB_ENDING = lazy(
    r"(?:ar|er|ir|o|as|a|amos|ais|an|e|es|emos|eis|en|ando|iendo|ado|ada|ados|adas|ido|ida|aba|abas|aban"
    r"|ara|aras|aran|ase|aria|arias|arian|aremos)(?:lo|la|los|las|le|les|se)?|al|ales"
)


def _misspelt(target: str, text: Text, folded_text: str) -> bool:
    """The term is there, in order, with a word misspelt ("tirpulación"): text/spelling reports that word;
    or with a word of its family (same_family: "tripulante" where the term says "tripulación")."""
    wanted = _WORD.findall(fold(target))
    forms = [phrase_matcher(w, text.lang) for w in wanted]
    spans = [(m.start(), m.end()) for m in _WORD.finditer(folded_text)]
    checker = speller(text.lang)

    judged: dict[tuple[str, str, str], bool] = {}  # a text repeats its words: each judged once

    def near(w: str, form: PhraseMatcher, start: int, end: int) -> bool:
        word, written = folded_text[start:end], text.plain[start:end]
        key = (w, word, written)
        if key not in judged:
            judged[key] = bool(form.fullmatch(word)) or same_family(w, word) or _typo_of(w, word, written)
        return judged[key]

    def _typo_of(w: str, word: str, written: str) -> bool:
        # the dictionary last: a look-up of a new word costs more than the comparison
        if len(w) < 4 or difflib.SequenceMatcher(None, w, word).ratio() < 0.8:
            return False
        return checker is None or not checker.knows(written)

    return any(
        all(near(w, form, *span) for w, form, span in zip(wanted, forms, spans[i : i + len(wanted)], strict=True))
        for i in range(len(spans) - len(wanted) + 1)
    )
