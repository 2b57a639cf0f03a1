"""Benchmark: `pnp check` on a generated pack of N cards, every rule on.

    python benchmarks/check.py [--cards 2000] [--repeat 3]

The pack has N cards in four decks, each with an English and a Spanish title
and rules text of two or three sentences (numbers, icons, glossary terms, a
keyword, quoted card names, ¿…?), a flavour text on every fifth card, and the
Blue Sun glossary with two keywords added.  Two cards in twenty carry a
mistake, one of MISTAKES (about one per text rule) or one of 25 misspellings,
so that findings and their suggestions are part of the work, as they are on
a pack under translation.

Printed: the seconds of `pnp check PACK` as a user runs it (a fresh process
each time, best of --repeat), then, from one fresh process, the seconds of
loading the pack, of reading the dictionaries (the Spanish Hunspell files and
the English word list, read once and shared by text/untranslated and
text/spelling), and of each rule, with its share of the total.
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# (English, Spanish): {n} and {m} are numbers, {fuel} and {parts} icons, {title} a quoted card name.
SENTENCES = [
    ("Gain {n} {fuel}.", "Gana {n} {fuel}."),
    ("Gain {n} {parts}.", "Gana {n} {parts}."),
    ("Draw {n} Nav Cards.", "Roba {n} cartas de navegación."),
    ("Move {n} sectors.", "Mueve {n} sectores."),
    ("Pay ${n}00 to clear a Warrant.", "Paga {n}00 $ para quitar una Orden Judicial."),
    ("If you are Solid with Harrow, gain {n} {parts}.", "Si tienes confianza con Harrow, gana {n} {parts}."),
    ("Place a Reaver Alert Token in your sector.", "Coloca una ficha de Alerta Reaver en tu sector."),
    ("Shuffle this card back into the deck.", "Baraja esta carta de nuevo en el mazo."),
    ("Are you sure? Roll {n} dice.", "¿Estás seguro? Tira {n} dados."),
    ("Stop flying at Full Burn.", "Deja de volar a todo trapo."),
    ("Discard the “{title}” card.", "Descarta la carta “{title}”."),
    ("Keep flying.", "Sigue volando."),
    ("Take {n} Cargo and {m} Contraband.", "Toma {n} de carga y {m} de contrabando."),
    ("Lose all Fuel.", "Pierde todo el combustible."),
    ("Misbehave once more, then discard it.", "Pórtate mal una vez más y después descártala."),
    ("Your Crew gains {n} {fight}.", "Tu tripulación gana {n} {fight}."),
    ("Sell up to {n} Goods at this Supply planet.", "Vende hasta {n} bienes en este planeta de suministro."),
    ("Reavers move {n} sectors towards Miranda!", "¡Los Reavers se mueven {n} sectores hacia Miranda!"),
]
KEYWORDS = [("Boarding {n}.", "Abordaje {n}.", "boarding {n}"), ("Surge.", "Oleada.", "surge")]
TITLES = [
    ("Cargo Run", "Ruta de carga"),
    ("Quiet Sector", "Sector tranquilo"),
    ("Old Friend", "Viejo amigo"),
    ("Hard Burn", "Quemado duro"),
    ("Salvage Op", "Operación de rescate"),
    ("Long Haul", "Trayecto largo"),
    ("Bad Weather", "Mal tiempo"),
    ("Spare Hands", "Manos de sobra"),
]
FLAVOUR = ("“Everything goes somewhere.”", "“Todo llega a algún lugar.”")
# one card in twenty gets one of these, in the Spanish text
MISTAKES = [
    ("ficha de Alerta", "marcador de Alerta"),  # text/glossary: a forbidden variant
    ("cartas de navegación", "cartas navegación"),  # text/glossary: a term left without its translation
    ("Sigue volando", "Sigue volando hacia el market"),  # text/untranslated
    ("Abordaje ", "Oleada "),  # text/keyword
    ("Gana ", "Gana 1 más y "),  # text/numbers
    ("{fuel}", "{parts}"),  # text/numbers: an icon
    ("¿Estás", "Estás"),  # text/typography
    ("carta “", "carta «"),  # text/typography
    ("Mueve", "Desplaza"),  # text/consistency
]
# (word, typo): a doubled letter, two letters swapped, a missing accent, a wrong letter, a missing letter
MISSPELT = [
    ("sectores", "sectoress"), ("planeta", "planetta"), ("carga", "carrga"), ("dados", "dadoss"), ("Vende", "Vendde"),
    ("Descarta", "Descrata"), ("tripulación", "tirpulación"), ("combustible", "cmobustible"), ("bienes", "binees"),
    ("navegación", "navegacion"), ("Judicial", "Judicíal"), ("después", "despues"), ("Estás", "Estas"),
    ("contrabando", "contravando"), ("hacia", "hazia"), ("Coloca", "Coloka"), ("Baraja", "Baraga"),
    ("ficha", "ficah"), ("volando", "volndo"), ("Pierde", "Piede"), ("mazo", "mzo"), ("Paga", "Pga"),
    ("quitar", "qitar"), ("Tira", "Tra"), ("todo", "tdo"),
]  # fmt: skip
DECKS = ["supply", "nav-rim", "nav-border", "deal"]


def generate(root: Path, n: int, seed: int = 7) -> Path:
    rng = random.Random(seed)
    pack = root / "bench"
    pack.mkdir()
    blue_sun = ROOT / "cards" / "blue-sun"
    glossary = (blue_sun / "glossary.toml").read_text(encoding="utf-8")
    glossary += '\n[[keyword]]\nid = "boarding"\nsource = "Boarding"\ntarget = "Abordaje"\nvalue = "number"\n'
    glossary += '\n[[keyword]]\nid = "surge"\nsource = "Surge"\ntarget = "Oleada"\n'
    (pack / "glossary.toml").write_text(glossary, encoding="utf-8")
    (pack / "icons").mkdir()
    for icon in ("fuel", "parts", "fight"):
        shutil.copy(ROOT / "templates" / "firefly" / "icons" / f"{icon}.svg", pack / "icons")
    decks = "\n".join(
        f'[[deck]]\nid = "{d}"\nname = {{ en = "{d}", es = "{d}" }}\ncard_size = "mini-american"\n'
        'card_types = ["card"]\n'
        for d in DECKS
    )
    (pack / "pack.toml").write_text(
        'id = "bench"\nname.en = "Bench"\nname.es = "Banco de pruebas"\ngame = "Benchmark"\n'
        'source_language = "en"\ntarget_languages = ["es"]\ntemplate_family = "generic"\n'
        # the generic family draws no icons: the pack brings the Firefly drawings as its own
        'icon_files = { fuel = "icons/fuel.svg", parts = "icons/parts.svg", fight = "icons/fight.svg" }\n'
        'words = ["Harrow", "Reaver", "Reavers", "Miranda"]\n\n'
        '[[card_type]]\nid = "card"\nname = { en = "Card", es = "Carta" }\n\n' + decks,
        encoding="utf-8",
    )
    titles = [
        (f"{en} {i + 1}", f"{es} {i + 1}") for i, (en, es) in enumerate(TITLES[j % len(TITLES)] for j in range(n))
    ]
    per_deck = -(-n // len(DECKS))
    for d, deck in enumerate(DECKS):
        lines = []
        for i in range(d * per_deck, min(n, (d + 1) * per_deck)):
            lines.append(_card(rng, i, titles))
        (pack / f"{deck}.toml").write_text("\n".join(lines), encoding="utf-8")
    return pack


def _card(rng: random.Random, i: int, titles: list[tuple[str, str]]) -> str:
    en_title, es_title = titles[i]
    cited = titles[rng.randrange(len(titles))]
    en, es, keywords = [], [], []
    if rng.random() < 0.3:
        value = str(rng.randint(1, 4))
        k_en, k_es, k_id = rng.choice(KEYWORDS)
        en.append(k_en.format(n=value))
        es.append(k_es.format(n=value))
        keywords.append(k_id.format(n=value))
    for s_en, s_es in rng.sample(SENTENCES, rng.randint(2, 3)):
        values = {"n": str(rng.randint(1, 9)), "m": str(rng.randint(1, 9))}
        en.append(s_en.format(title=cited[0], fuel="{fuel}", parts="{parts}", fight="{fight}", **values))
        es.append(s_es.format(title=cited[1], fuel="{fuel}", parts="{parts}", fight="{fight}", **values))
    text_en, text_es = " ".join(en), " ".join(es)
    if i % 20 == 7:
        possible = [(old, new) for old, new in MISTAKES if old in text_es]
        if possible:
            old, new = rng.choice(possible)
            text_es = text_es.replace(old, new, 1)
    elif i % 20 == 13:
        possible = [(word, typo) for word, typo in MISSPELT if re.search(rf"\b{word}\b", text_es)]
        if possible:
            word, typo = rng.choice(possible)
            text_es = re.sub(rf"\b{word}\b", typo, text_es, count=1)
    card = [
        "[[card]]",
        f'id = "card-{i + 1}"',
        'type = "card"',
        f'title.en = "{en_title}"',
        f'title.es = "{es_title}"',
        f'text.en = "{text_en}"',
        f'text.es = "{text_es}"',
    ]
    if keywords:
        card.append(f"keywords = {keywords!r}".replace("'", '"'))
    if i % 5 == 0:
        card += [f'flavour.en = "{FLAVOUR[0]}"', f'flavour.es = "{FLAVOUR[1]}"']
    return "\n".join(card) + "\n"


BREAKDOWN = """
import sys, time
from pathlib import Path
t0 = time.perf_counter()
from pnp.check import RULES
from pnp.check.text.lexicon import english_words, speller
from pnp.load import load_pack
t1 = time.perf_counter()
result = load_pack(Path(sys.argv[1]))
assert result.pack is not None, [f.message for f in result.findings][:5]
t2 = time.perf_counter()
speller("es"); english_words()
t3 = time.perf_counter()
print(f"import\\t{t1 - t0:.3f}\\t0")
print(f"load\\t{t2 - t1:.3f}\\t{len(result.findings)}")
print(f"dictionaries\\t{t3 - t2:.3f}\\t0")
for rule in RULES:
    start = time.perf_counter()
    found = rule.run(result.pack)
    print(f"{rule.id}\\t{time.perf_counter() - start:.3f}\\t{len(found)}")
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    pnp = Path(sys.executable).with_name("pnp")
    with tempfile.TemporaryDirectory() as tmp:
        pack = generate(Path(tmp), args.cards)
        runs = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            done = subprocess.run([str(pnp), "check", str(pack)], capture_output=True, text=True, check=False)
            runs.append(time.perf_counter() - start)
        print(
            f"pnp check, {args.cards} cards: {min(runs):.2f} s (best of {args.repeat}); {done.stdout.splitlines()[-1]}"
        )
        out = subprocess.run(
            [sys.executable, "-c", BREAKDOWN, str(pack)], capture_output=True, text=True, check=True
        ).stdout
        rows = [line.split("\t") for line in out.splitlines()]
        total = sum(float(seconds) for _, seconds, _ in rows)
        print(f"\n{'stage or rule':<22} {'seconds':>8} {'share':>6} {'findings':>9}")
        for name, seconds, count in rows:
            print(f"{name:<22} {float(seconds):>8.3f} {float(seconds) / total:>6.0%} {count:>9}")
        print(f"{'total':<22} {total:>8.3f}")


if __name__ == "__main__":
    main()
