"""Rules about card text: each translation against the glossary, the dictionary and its original.

Every rule reads each card field (title, subtitle, text, flavour and the same
fields of a back face) per target language, and compares it with the field in
the source language when the card has one.  Markup is gone first: `{fuel}` is
an icon, never a word.

Why not Translate Toolkit's checkers (pofilter).  translate-toolkit 3.20 was
tried on card texts.  Its `numbers`, `brackets`, `endpunc`, `doublespacing`,
`startpunc`, `pythonbraceformat` and `musttranslatewords` checks are fast (5
checks on 2,000 texts in 0.04 s, import 0.02 s) and right on simple cases, but:
each failure is one fixed sentence ("Different numbers", "Different
punctuation at the end") that names neither the number nor the fix, and a
finding here must quote what is wrong and say what to write; `numbers` reads
the digits inside icon names ({d8}) and rejects "Roba una carta" for "Draw 1
card"; `startpunc` looks only at the start of the whole text, so "Roba.
Estás seguro?" passes; `musttranslatewords` needs the word list handed in
anyway.  It would also add lxml and a Rust-built wheel (about 20 MB installed)
for what is here a few regular expressions.  So pnp does these checks itself,
the way Translate Toolkit does them (numbers and icons compared as multisets,
the end of a text compared by punctuation class, thousands separators
ignored), with messages that say what is wrong and how to fix it.

Spelling uses Hunspell's Spanish dictionary read by spylls (pure Python), and
untranslated words an English word list; both ship in pnp/data.  The accent
rules read the same dictionary's morphology (accents.py says how).
"""

from __future__ import annotations

from pnp.check.rule import Rule, two_phases
from pnp.check.text.accents import (
    check_diacritic_accents,
    check_noun_accents,
    check_pronoun_accents,
    check_question_accents,
)
from pnp.check.text.comparison import check_comparison
from pnp.check.text.conditions import check_conditions, check_shortened
from pnp.check.text.consistency import combine_consistency, read_consistency
from pnp.check.text.dropped import check_dropped_words
from pnp.check.text.false_friends import check_false_friends
from pnp.check.text.glossary import check_glossary
from pnp.check.text.glossary_gender import check_glossary_gender
from pnp.check.text.grammar import check_grammar
from pnp.check.text.homophones import check_homophones
from pnp.check.text.keywords import check_keywords
from pnp.check.text.line_breaks import check_line_breaks
from pnp.check.text.names import combine_cited_names, read_cited_names
from pnp.check.text.negation import check_negation
from pnp.check.text.number_format import check_number_format
from pnp.check.text.numbers import check_numbers
from pnp.check.text.opposites import check_opposites
from pnp.check.text.periods import check_periods
from pnp.check.text.players import check_players
from pnp.check.text.register import combine_register, read_register
from pnp.check.text.repeated import check_repeated_words
from pnp.check.text.term_agreement import check_agreement
from pnp.check.text.typography import check_typography
from pnp.check.text.words import check_spelling, check_unchecked_spelling, check_untranslated
from pnp.errors import Severity
from pnp.i18n import N_

RULES = (
    Rule(
        "text/glossary",
        Severity.WARNING,
        N_("Translations use the glossary's terms: no forbidden variant, no source term left without its translation."),
        check_glossary,
    ),
    Rule(
        "glossary/gender",
        Severity.WARNING,
        N_("A term's gender and number match its target's article, and belong to a noun (not a verb or phrase)."),
        check_glossary_gender,
    ),
    Rule(
        "text/untranslated",
        Severity.WARNING,
        N_("No English word is left in a translation, unless the pack's word list has it."),
        check_untranslated,
    ),
    Rule(
        "text/keyword",
        Severity.ERROR,
        N_("Keywords carry a number exactly when the glossary says so, in the text and in `keywords`."),
        check_keywords,
    ),
    two_phases(
        "text/cited-name",
        Severity.WARNING,
        N_("A name quoted in rules text is a card, deck or term of the pack, or in its word list."),
        read_cited_names,
        combine_cited_names,
    ),
    Rule(
        "text/numbers",
        Severity.ERROR,
        N_("Every number and icon of the original is in the translation, as many times."),
        check_numbers,
    ),
    Rule(
        "text/negation",
        Severity.WARNING,
        N_("A rule said with a negation (not, never, no, without) keeps it in the translation, and gains none."),
        check_negation,
    ),
    Rule(
        "text/comparison",
        Severity.WARNING,
        N_("A bound of the original stays one: at least stays a lower bound, at most an upper one."),
        check_comparison,
    ),
    Rule(
        "text/opposite",
        Severity.WARNING,
        N_("The translation does what the original says, not its opposite: gain, not lose; draw, not discard."),
        check_opposites,
    ),
    Rule(
        "text/period",
        Severity.WARNING,
        N_("A rule lasts or repeats over the same span as in the original: once per turn is not once per round."),
        check_periods,
    ),
    Rule(
        "text/dropped-word",
        Severity.WARNING,
        N_("A word that changes the rule (instead, only, except, at random, until) stays in the translation."),
        check_dropped_words,
    ),
    Rule(
        "text/condition",
        Severity.WARNING,
        N_("A condition of the original stays in the translation, and none is added."),
        check_conditions,
    ),
    Rule(
        "text/shortened",
        Severity.WARNING,
        N_("A translation is not much shorter than its original: a clause may be missing."),
        check_shortened,
    ),
    Rule(
        "text/player",
        Severity.WARNING,
        N_("The translation gives a rule to the same player as the original: you, or the other players."),
        check_players,
    ),
    Rule(
        "text/number-format",
        Severity.WARNING,
        N_("Spanish figures: decimals with a comma, thousands grouped as pack.toml number_format says."),
        check_number_format,
    ),
    Rule(
        "text/repeated-word",
        Severity.WARNING,
        N_("No word of a Spanish text is written twice in a row."),
        check_repeated_words,
    ),
    Rule(
        "text/typography",
        Severity.WARNING,
        N_("Spanish punctuation: paired ¿? ¡! and quotes, single spaces, no space before a mark, the final period."),
        check_typography,
    ),
    Rule(
        "text/spelling",
        Severity.WARNING,
        N_("Every word of a Spanish text is in the dictionary or the pack's word list."),
        check_spelling,
    ),
    Rule(
        "text/no-dictionary",
        Severity.INFO,
        N_("A target language pnp has no spelling dictionary for is named once: its words were not spell-checked."),
        check_unchecked_spelling,
    ),
    Rule(
        "text/accent-noun",
        Severity.WARNING,
        N_("After a determiner, a noun keeps its accent: tu límite, not the verb form tu limite."),
        check_noun_accents,
    ),
    Rule(
        "text/accent-question",
        Severity.WARNING,
        N_("The interrogative that opens ¿…? or ¡…! takes its accent: ¿Qué…?, ¡Cuánto…!"),
        check_question_accents,
    ),
    Rule(
        "text/accent-pronoun",
        Severity.WARNING,
        N_("A verb with pronouns attached keeps the accent they need: Pórtate, dámelo, descártala."),
        check_pronoun_accents,
    ),
    Rule(
        "text/accent-diacritic",
        Severity.WARNING,
        N_("Words an accent tells apart, read by the next word: una carta más, está en juego, si tú robas."),
        check_diacritic_accents,
    ),
    Rule(
        "text/homophone",
        Severity.WARNING,
        N_("A word that sounds like another is the one the words around ask for: echa una carta, que vaya al puerto."),
        check_homophones,
    ),
    Rule(
        "text/grammar",
        Severity.WARNING,
        N_("Spanish grammar: 'de que' only where the verb takes 'de'; 'había dos', not 'habían'; 'todas tus cartas'."),
        check_grammar,
    ),
    Rule(
        "text/agreement",
        Severity.WARNING,
        N_("A noun agrees with its determiner and adjective (la ficha roja), by the glossary or a reviewed list."),
        check_agreement,
    ),
    Rule(
        "text/false-friend",
        Severity.WARNING,
        N_("No English word is rendered by a Spanish look-alike in a sense it lacks (from a reviewed list)."),
        check_false_friends,
    ),
    two_phases(
        "text/register",
        Severity.WARNING,
        N_(
            "Every Spanish text addresses the player the same way, tú or usted (pack.toml addressed_as, or most texts)."
        ),
        read_register,
        combine_register,
    ),
    two_phases(
        "text/consistency",
        Severity.WARNING,
        N_("The same source sentence is translated the same way on every card."),
        read_consistency,
        combine_consistency,
    ),
    Rule(
        "text/line-breaks",
        Severity.WARNING,
        N_("A translation starts and ends with a line break where its original does, and only there."),
        check_line_breaks,
    ),
)
