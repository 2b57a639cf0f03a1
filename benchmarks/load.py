"""Benchmark: loading a realistic pack, against tomllib parsing the same files.

    python benchmarks/load.py [--cards 100 1000 2000 5000] [--terms 1000 10000] [--repeat 3]

A realistic pack, as translators keep them: every card of a deck in one file,
Spanish and English rules text of 40-90 words, art on every tenth card (a
600x400 PNG), and a glossary with many terms.  For each size it times, in this
process and interleaved, best of --repeat:

- floor: tomllib.loads of the pack's TOML files (what reading them costs at least);
- pnp:   pnp.load.load_pack on the same folder: parsing, validation, references,
         line numbers of every finding, image checks.

It prints seconds, the ratio pnp/floor, and how the time grows from one size to
the next (linear loading keeps that growth near the growth in cards).  The
target of the speed issue: 2000 cards under 0.7 s, 5000 under 2.5x that.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.load import load_pack  # noqa: E402


# No number words: words drawn at random on each side would give a card "two" in English and no
# number in Spanish, which text/numbers refuses (a build of the pack would stop there).
def _words(text: str) -> list[str]:
    return text.split()


WORDS_ES = _words(
    "roba descarta carta mazo nave tripulante trabajo paga crédito combustible repuestos carga contrabando "
    "pasajero fugitivo sector frontera alianza reaver patrulla acción turno jugador ficha alerta mueve "
    "gana pierde cada cuando puedes debes una con sin para por de la el los las en tu su más"
)
WORDS_EN = _words(
    "draw discard card deck ship crew job pay credit fuel parts cargo contraband passenger fugitive sector "
    "border alliance reaver patrol action turn player token alert move gain lose each when you may must "
    "with without for by of the a in your their more"
)


def _text(rng: random.Random, words: list[str] | tuple[str, ...]) -> str:
    count = rng.randint(40, 90)
    return " ".join(rng.choice(words) for _ in range(count)).capitalize() + "."


def write_pack(folder: Path, cards: int, terms: int, seed: int = 7) -> None:
    rng = random.Random(seed)
    (folder / "art").mkdir(parents=True)
    Image.new("RGB", (600, 400), "#6a8caf").save(folder / "art" / "scene.png")
    (folder / "pack.toml").write_text(
        'id = "bench"\nname.en = "Bench"\nname.es = "Banco"\ngame = "Bench"\nsource_language = "en"\n'
        'target_languages = ["es"]\ntemplate_family = "generic"\n\n'
        '[[card_type]]\nid = "default"\nname = { en = "Card", es = "Carta" }\n\n'
        '[[deck]]\nid = "main"\nname = { en = "Main", es = "Principal" }\nfile = "main.toml"\n'
        'card_types = ["default"]\ncard_size = "poker"\n'
        'back = { label = { en = "MAIN", es = "PRINCIPAL" }, color = "#223344" }\n',
        encoding="utf-8",
    )
    records = []
    for n in range(cards):
        art = 'art = "art/scene.png"\n' if n % 10 == 0 else ""
        records.append(
            f'[[card]]\nid = "card-{n}"\ntype = "default"\ntitle.en = "Card {n}"\ntitle.es = "Carta {n}"\n'
            f'text.en = "{_text(rng, WORDS_EN)}"\ntext.es = "{_text(rng, WORDS_ES)}"\n{art}status.es = "translated"\n'
        )
    (folder / "main.toml").write_text("\n".join(records), encoding="utf-8")
    glossary = [
        f'[[term]]\nsource = "term {n}"\ntarget = "término {n}"\nforbidden = ["vocablo {n}"]\n' for n in range(terms)
    ]
    (folder / "glossary.toml").write_text("\n".join(glossary), encoding="utf-8")


def _best(run: Callable[[], object], repeat: int) -> float:
    """The fastest of `repeat` runs, in seconds (benchmarks/interchange.py times with it too)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def measure(cards: int, terms: int, repeat: int) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary) / "bench"
        write_pack(folder, cards, terms)
        files = sorted(folder.glob("*.toml"))
        result = load_pack(folder)
        errors = [f for f in result.findings if f.severity == "error"]
        if result.pack is None or errors:
            raise SystemExit(f"the generated pack does not load: {errors[:3]}")

        def floor() -> None:
            for path in files:
                tomllib.loads(path.read_text(encoding="utf-8"))

        floor_s = pnp_s = float("inf")
        for _ in range(repeat):  # interleaved, so a busy moment hits both
            floor_s = min(floor_s, _best(floor, 1))
            pnp_s = min(pnp_s, _best(lambda: load_pack(folder), 1))
        return floor_s, pnp_s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cards", type=int, nargs="+", default=[100, 1000, 2000, 5000])
    parser.add_argument("--terms", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    print(f"{'cards':>6} {'terms':>6} {'floor s':>8} {'pnp s':>7} {'pnp/floor':>9} {'growth':>7}")
    rows = [(n, 100) for n in args.cards] + [(100, t) for t in args.terms if t != 100]
    previous: tuple[int, int, float] | None = None
    results: dict[tuple[int, int], float] = {}
    for cards, terms in rows:
        floor_s, pnp_s = measure(cards, terms, args.repeat)
        results[(cards, terms)] = pnp_s
        growth = ""
        if previous and previous[1] == terms and cards > previous[0]:
            growth = f"{pnp_s / previous[2]:.1f}x/{cards / previous[0]:.1f}x"
        elif previous and previous[0] == cards and terms > previous[1]:
            growth = f"{pnp_s / previous[2]:.1f}x/{terms / previous[1]:.1f}x"
        print(f"{cards:>6} {terms:>6} {floor_s:>8.3f} {pnp_s:>7.3f} {pnp_s / floor_s:>9.1f} {growth:>7}", flush=True)
        previous = (cards, terms, pnp_s)
    if (2000, 100) in results:
        print(f"target: load_pack of 2000 cards {results[(2000, 100)]:.2f} s (target < 0.70 s)")
    if (2000, 100) in results and (5000, 100) in results:
        ratio = results[(5000, 100)] / results[(2000, 100)]
        print(f"target: 5000 cards / 2000 cards {ratio:.2f}x (target < 2.5x)")
    print("growth: pnp's time ratio / the size ratio from the row above (linear: about equal)")


if __name__ == "__main__":
    main()
