"""Benchmark: text fitting, measured once and bisected, against the step-by-step search it replaced.

    python benchmarks/fitting.py [--cards 2000 5000] [--pack DIR]

For each N it makes N realistic Spanish card texts (40 to 90 words, a
{fuel} icon, bold and italics now and then, seeded) and fits each into the
text box of a firefly mini card: 35 x 35.6 mm without art, 35 x 20.6 mm on
every tenth card, which has art.  It times, in this process and in the same
run:

- before: the search pnp used until now, kept here as the baseline: build a
  ReportLab Paragraph at the layout's size, wrap it, and step down 0.25 pt
  until it fits (every step re-parses the markup and re-measures every word);
- after:  pnp.render.text.fit_text: every word measured once at 1 pt, the size
  found by bisection, each size judged by replaying ReportLab's line breaking
  on those widths (pnp.render.linebreak): no Paragraph at all, which is what
  `pnp check` does; and the same plus the one Paragraph drawing wraps.

Both are run cold (caches cleared), and the sizes they choose are compared:
they must agree.  With --pack DIR it also writes the 2000-card pack (one deck
file, poker cards, art on every tenth card) to DIR, for timing whole builds.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.assets.fonts import load_fonts  # noqa: E402
from pnp.render import linebreak, words  # noqa: E402
from pnp.render import text as fitting  # noqa: E402
from pnp.units import mm  # noqa: E402

VOCABULARY = (
    "cuando robes esta carta puedes descartar hasta varias cartas de suministro y robar otras tantas "
    "tu tripulación gana fichas por cada trabajo completado en el borde exterior los reavers "
    "persiguen a la nave con ferocidad si tu tirada es igual o menor que el número de fichas de alerta "
    "de ese sector la alianza se mueve a él mientras trabajas el trabajo adjunto no sumas la habilidad "
    "de lucha de tu tripulación a las pruebas paga el coste indicado y coloca la carta bajo tu nave"
)


def texts(count: int, seed: int = 11) -> list[tuple[str, bool]]:
    rng = random.Random(seed)
    vocabulary = VOCABULARY.split(" ")
    made = []
    for index in range(count):
        words = [rng.choice(vocabulary) for _ in range(rng.randint(40, 90))]
        words[rng.randrange(len(words))] = "{fuel}"
        if rng.random() < 0.3:
            at = rng.randrange(len(words) - 2)
            words[at] = f"**{words[at]}**"
        if rng.random() < 0.3:
            at = rng.randrange(len(words) - 2)
            words[at] = f"*{words[at]}*"
        cut = rng.randrange(10, len(words) - 10)
        text = " ".join(words[:cut]).capitalize() + ".\n\n" + " ".join(words[cut:]).capitalize() + "."
        made.append((text, index % 10 == 0))
    return made


def _step_search(box: fitting.TextBox) -> fitting.FittedText:
    """The search as it was: a Paragraph built and wrapped at every 0.25 pt step."""
    size = box.size
    while True:
        fitted = fitting._build(box, size)
        if fitted.fits or size - fitting.STEP < box.min_size - 1e-9:
            return fitted
        size = round(size - fitting.STEP, 4)


def _clear() -> None:
    fitting.fit_text.cache_clear()
    fitting.measure.cache_clear()
    fitting._laid_out.cache_clear()
    words.width_at_1pt.cache_clear()
    words._points.cache_clear()
    linebreak._text_word.cache_clear()
    words._measured_points.cache_clear()


def run(count: int) -> None:
    body = load_fonts(ROOT / "fonts").role("body")
    assert body is not None
    boxes = [
        fitting.TextBox(text, body, mm(35), mm(20.6 if art else 35.6), 7.5, 5.0, language="es")
        for text, art in texts(count)
    ]
    builds = 0
    real_build = fitting._build

    def counting(box: fitting.TextBox, size: float, widest: float | None = None) -> fitting.FittedText:
        nonlocal builds
        builds += 1
        return real_build(box, size, widest)

    fitting._build = counting  # type: ignore[assignment]
    try:
        _clear()
        start = time.perf_counter()
        before = [_step_search(box) for box in boxes]
        before_s, before_builds = time.perf_counter() - start, builds
        builds = 0
        _clear()
        start = time.perf_counter()
        after = [fitting.fit_text(box) for box in boxes]
        after_s, after_builds = time.perf_counter() - start, builds
        _clear()
        start = time.perf_counter()
        drawn = [fitting.fit_text(box).paragraphs for box in boxes]
        drawn_s = time.perf_counter() - start
    finally:
        fitting._build = real_build  # type: ignore[assignment]
    differ = sum(1 for a, b in zip(before, after, strict=True) if a.size != b.size)
    print(f"{count} texts of 40-90 words, art on every tenth card")
    print(f"  before (step search):     {before_s:6.2f} s, {before_builds} Paragraph builds")
    print(f"  after  (measure + bisect): {after_s:6.2f} s, {after_builds} Paragraph builds")
    print(f"  after, and wrapped to draw: {drawn_s:5.2f} s, {len(drawn)} Paragraph builds")
    print(f"  after / before:           {after_s / before_s:6.2f}   sizes that differ: {differ}")


def write_pack(folder: Path, count: int = 2000) -> None:
    """A realistic pack for whole-build timing: poker cards in one deck file, art on every tenth card."""
    from PIL import Image

    (folder / "art").mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (600, 400), "#7a5c1e").save(folder / "art" / "art.png")
    (folder / "pack.toml").write_text(
        'id = "bench"\nname.en = "Bench"\nname.es = "Banco"\ngame = "bench"\nsource_language = "en"\n'
        'target_languages = ["es"]\ntemplate_family = "firefly"\nicons = ["fuel"]\n'
        '[[card_type]]\nid = "gear"\nname = { en = "Gear", es = "Equipo" }\n'
        '[[deck]]\nid = "supply"\nname = { en = "Supply", es = "Suministro" }\ncard_size = "poker"\n'
        'card_types = ["gear"]\nback = { label = { en = "SUPPLY", es = "SUMINISTRO" }, color = "#2b4c7e" }\n',
        encoding="utf-8",
    )
    cards = []
    for index, (text, art) in enumerate(texts(count)):
        escaped = text.replace("\n", "\\n")
        cards.append(
            f'[[card]]\nid = "card-{index}"\ntype = "gear"\ncount = {2 if index % 4 == 0 else 1}\n'
            f'title.en = "Card {index}"\ntitle.es = "Carta {index}"\n'
            f'text.en = "Gain {{fuel}} and more."\ntext.es = "{escaped}"\ncost = 100\n'
            + ('art = "art/art.png"\n' if art else "")
        )
    (folder / "supply.toml").write_text("\n".join(cards), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, nargs="+", default=[2000, 5000])
    parser.add_argument("--pack", type=Path, help="also write the 2000-card pack here, for whole builds")
    args = parser.parse_args()
    for count in args.cards:
        run(count)
    if args.pack:
        write_pack(args.pack)
        print(f"wrote a 2000-card pack to {args.pack}")


if __name__ == "__main__":
    main()
