"""Benchmark of the checker's quality, not its speed: recall and false alarms per rule.

    python benchmarks/check_quality.py [--corpus FILE ...] [--show]

1. The labelled set (benchmarks/quality_set.toml): card texts as translators
   write them, each with the findings a careful reviewer would give it (none
   for a clean text), for numbers, icons, numbers swapped between what
   they count, glossary terms, accents, typography, untranslated words,
   spelling, agreement of glossary terms and other nouns, keywords,
   negation, register (tú or usted), repeated words, number format, false
   friends and cited card names, each kind with clean but tricky texts
   too.  Each case becomes one card of a generated pack, `pnp check`'s rules run over
   it, and per rule it prints: how many labelled mistakes there are, how many
   it found (recall), and how many findings it gave where no mistake is
   labelled (false alarms).  Recall per class of mistake follows.
2. The accent rules on real Spanish text: each sub-rule's flags on the
   bundled packs (all reviewed text, so every flag is a false alarm), and on
   each --corpus file (plain UTF-8 text, paragraphs apart by blank lines):
   the Spanish rulebooks, a forum thread, any rules text.  A corpus may hold
   real mistakes, so --show prints every flag with its context to be judged.
3. Recall on real text: every accented word of the --corpus files is written
   without its accent, one at a time; where that leaves a word the
   dictionary knows ("límite" -> "limite", "¿Qué" -> "¿Que"), the slip is one
   only grammar can see, and it prints how many the accent rules find, per
   rule, and the words most often missed (most are the diacritic accents of
   tú, más, está, él, sí, which no rule reads yet).

Exit status 0; the figures are for people (see benchmarks/README.md).
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.check import RULES  # noqa: E402
from pnp.check.text.accents import DIACRITIC, NOUN, PRONOUN, QUESTION, accent_slips  # noqa: E402
from pnp.check.text.fields import known_words, plain  # noqa: E402
from pnp.check.text.lexicon import speller  # noqa: E402
from pnp.load import load_pack  # noqa: E402
from pnp.model import PackData  # noqa: E402
from pnp.translate.files import text_files  # noqa: E402
from pnp.translate.tomledit import localized_values  # noqa: E402

SET = Path(__file__).with_name("quality_set.toml")
ACCENT_RULES = (NOUN, QUESTION, PRONOUN, DIACRITIC)
PACKS = ("cards/blue-sun", "cards/lotr-sailing", "cards/bsg", "examples/tiny")

PACK_TOML = """\
id = "quality"
name.en = "Quality set"
name.es = "Conjunto de calidad"
game = "Labelled card texts for benchmarks/check_quality.py"
source_language = "en"
target_languages = ["es"]
template_family = "firefly"
words = ["Serenity", "Meridian"]
icons = ["fuel", "parts"]

[[card_type]]
id = "rule"
name = { en = "Rule", es = "Regla" }

[[deck]]
id = "cases"
name = { en = "Cases", es = "Casos" }
card_size = "mini-american"
card_types = ["rule"]
back = { label = { en = "CASES", es = "CASOS" }, color = "#2b4c7e" }
"""

GLOSSARY_TOML = """\
[[term]]
source = "Fuel"
target = "combustible"
forbidden = ["gasolina"]
gender = "m"

[[term]]
source = "Haven"
target = "refugio"
forbidden = ["paraíso"]
gender = "m"

[[term]]
source = "Alert Token"
target = "ficha de Alerta"
forbidden = ["marcador de Alerta"]
gender = "f"

[[term]]
source = "Bounty"
target = "recompensa"
gender = "f"

[[term]]
source = "Bounty Hunter"
target = "cazarrecompensas"

[[term]]
source = "Hold"
target = "bodega"
gender = "f"
part_of_speech = "noun"

[[keyword]]
id = "boarding"
source = "Boarding"
target = "Abordaje"
value = "number"
"""


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def build_pack(folder: Path, cases: list[dict[str, Any]]) -> None:
    (folder / "pack.toml").write_text(PACK_TOML, encoding="utf-8")
    (folder / "glossary.toml").write_text(GLOSSARY_TOML, encoding="utf-8")
    cards = []
    for index, case in enumerate(cases):
        cards.append(
            f'[[card]]\nid = "case-{index:03d}"\ntype = "rule"\n'
            f"title.en = {_toml_string(str(case.get('title_en', 'Case')))}\n"
            f"title.es = {_toml_string(str(case.get('title_es', 'Caso')))}\n"
            f"text.en = {_toml_string(str(case['en']))}\ntext.es = {_toml_string(str(case['es']))}\n"
        )
    (folder / "cases.toml").write_text("\n".join(cards), encoding="utf-8")


def run_set() -> tuple[list[dict[str, Any]], set[tuple[int, str]], Counter[tuple[int, str]]]:
    """(the cases, the labelled (case, code) mistakes, the findings per (case, code))."""
    cases = tomllib.loads(SET.read_text(encoding="utf-8"))["case"]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "quality"
        folder.mkdir()
        build_pack(folder, cases)
        result = load_pack(folder)
        if result.pack is None:
            sys.exit("the labelled set does not load: " + "; ".join(f.message for f in result.findings))
        found: Counter[tuple[int, str]] = Counter()
        for rule in RULES:
            for finding in rule.run(result.pack):
                if finding.card and finding.card.startswith("case-"):
                    found[(int(finding.card[5:]), finding.code)] += 1
    expected = {(i, str(code)) for i, case in enumerate(cases) for code in case["expect"]}
    return cases, expected, found


def labelled_set(show: bool) -> None:
    cases, expected, found = run_set()
    codes = sorted({code for _, code in expected} | {code for _, code in found})
    print(f"Labelled set: {len(cases)} texts, {len(expected)} labelled mistakes ({SET.name})")
    print(f"{'rule':<22} {'mistakes':>8} {'found':>6} {'recall':>7} {'false alarms':>13}")
    for code in codes:
        mine = [key for key in expected if key[1] == code]
        hits = sum(1 for key in mine if found.get(key))
        false = sum(n for key, n in found.items() if key[1] == code and key not in expected)
        recall = f"{hits / len(mine):.0%}" if mine else "-"
        print(f"{code:<22} {len(mine):>8} {hits:>6} {recall:>7} {false:>13}")
    total_hits = sum(1 for key in expected if found.get(key))
    total_false = sum(n for key, n in found.items() if key not in expected)
    print(f"{'all':<22} {len(expected):>8} {total_hits:>6} {total_hits / len(expected):>7.0%} {total_false:>13}")
    print()
    kinds = sorted({str(case["kind"]) for case in cases})
    print(f"{'class of mistake':<22} {'mistakes':>8} {'found':>6} {'clean texts':>12} {'flagged':>8}")
    for kind in kinds:
        mine = [(i, c) for (i, c) in expected if cases[i]["kind"] == kind]
        hits = sum(1 for key in mine if found.get(key))
        clean = [i for i, case in enumerate(cases) if case["kind"] == kind and not case["expect"]]
        flagged = sum(1 for i in clean if any(k[0] == i for k in found))
        print(f"{kind:<22} {len(mine):>8} {hits:>6} {len(clean):>12} {flagged:>8}")
    if show:
        for (index, code), _ in sorted(found.items()):
            if (index, code) not in expected:
                print(f"  false alarm {code}: {cases[index]['es']}")
        for index, code in sorted(expected):
            if not found.get((index, code)):
                print(f"  missed {code}: {cases[index]['es']}")


def pack_spanish(pack: PackData) -> list[tuple[str, str]]:
    """(where, text) for every Spanish text of a pack: card fields, deck and card type names, board and
    token labels (every per-language text glossary apply edits), and the glossary's targets."""
    found = []
    for source in text_files(pack):
        for value in localized_values(source.document, source.model, source.text):
            if value.lang == "es":
                where = f"{source.shown}:{value.line or ''} {value.record_id or ''} {value.field}"
                found.append((where, plain(value.value)))
    default = (pack.pack.target_languages or [pack.pack.source_language])[0]
    found += [(f"glossary {t.source}", t.target) for t in pack.glossary.term if (t.lang or default) == "es"]
    return found


def accents_on_packs(show: bool) -> dict[str, int]:
    """Each accent rule's flags on the bundled packs' Spanish text (reviewed: every flag is a false alarm)."""
    print()
    print("Accent rules on the bundled packs (reviewed text: every flag is a false alarm)")
    checker = speller("es")
    assert checker is not None
    counts: Counter[str] = Counter()
    words = 0
    for name in PACKS:
        result = load_pack(ROOT / name)
        if result.pack is None:
            continue
        known = known_words(result.pack)
        for where, text in pack_spanish(result.pack):
            words += len(text.split())
            for slip in accent_slips(text, checker, known):
                counts[slip.code] += 1
                if show:
                    print(f"  {slip.code}: {where}: {slip.quoted}")
    print(f"  {words} words of Spanish pack text; " + ", ".join(f"{code}: {counts[code]}" for code in ACCENT_RULES))
    return {code: counts[code] for code in ACCENT_RULES}


def accents_on_corpus(paths: list[Path], show: bool) -> None:
    checker = speller("es")
    assert checker is not None
    for path in paths:
        text = path.read_text(encoding="utf-8")
        counts: Counter[str] = Counter()
        for paragraph in re.split(r"\n\s*\n", text):
            for slip in accent_slips(paragraph, checker):
                counts[slip.code] += 1
                if show:
                    context = " ".join(paragraph[max(0, slip.start - 50) : slip.end + 30].split())
                    print(f"  {slip.code}: {slip.word} -> {slip.written}: …{context}…")
        print(
            f"Accent rules on {path.name}: {len(text.split())} words; "
            + ", ".join(f"{code}: {counts[code]} flagged" for code in ACCENT_RULES)
        )


_UNACCENT = str.maketrans("áéíóúÁÉÍÓÚ", "aeiouAEIOU")
# Right without the accent since the RAE's 2010 rules: stripping it makes no slip.
_NO_LONGER = frozenset(
    {"sólo", "éste", "ésta", "éstos", "éstas", "ése", "ésa", "ésos", "ésas", "aquél", "aquélla", "aquéllos"}
    | {"aquéllas", "guión", "truhán"}
)


def stripped_accents(paths: list[Path], show: bool) -> None:
    """Recall on real text: each accented word of the corpus written without its accent, one at a time.

    Only slips the dictionary cannot see count (the word without its accent is a word too: "limite",
    "que", "portate"); the others are text/spelling's.  A slip is found when an accent rule names
    that word and writes it back as it was."""
    checker = speller("es")
    assert checker is not None
    invisible = 0
    caught: Counter[str] = Counter()
    missed: Counter[str] = Counter()
    for path in paths:
        for paragraph in re.split(r"\n\s*\n", path.read_text(encoding="utf-8")):
            for match in re.finditer(r"\w+", paragraph):
                word = match.group()
                bare = word.translate(_UNACCENT)
                if bare == word or word.lower() in _NO_LONGER or not checker.knows(bare):
                    continue
                if not checker.knows(word):  # "destruído": the accent is the corpus's slip, not ours to find
                    continue
                invisible += 1
                text = paragraph[: match.start()] + bare + paragraph[match.end() :]
                slips = [s for s in accent_slips(text, checker) if s.start == match.start()]
                if any(s.written == word for s in slips):
                    caught[slips[0].code] += 1
                else:
                    missed[word.lower()] += 1
    found = sum(caught.values())
    print(
        f"Accents stripped one word at a time ({', '.join(p.name for p in paths)}): {invisible} slips the "
        f"dictionary cannot see; found {found} ({found / max(invisible, 1):.0%}): "
        + ", ".join(f"{code}: {caught[code]}" for code in ACCENT_RULES)
    )
    print("  most missed: " + ", ".join(f"{w} ({n})" for w, n in missed.most_common(40 if show else 10)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, nargs="*", default=[], help="Spanish text files (UTF-8)")
    parser.add_argument("--show", action="store_true", help="print each false alarm, miss and corpus flag")
    args = parser.parse_args()
    labelled_set(args.show)
    accents_on_packs(args.show)
    if args.corpus:
        print()
        accents_on_corpus(args.corpus, args.show)
        print()
        stripped_accents(args.corpus, args.show)


if __name__ == "__main__":
    main()
