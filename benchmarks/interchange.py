"""Benchmark: the translation round trip (CSV, PO) and the DriveThruCards PDF, against baselines of the same run.

    python benchmarks/interchange.py [--cards 2000 5000] [--shop-cards 500 2000] [--repeat 3]

The pack is benchmarks/load.py's realistic one: every card of the deck in one
file, 40-90-word texts in both languages, art on every tenth card.

- Translation: exporting every text to CSV and to PO, then reading the file
  back and planning the import (nothing changed, so nothing is written),
  against load_pack of the same pack (the baseline: an import loads the pack
  anyway).  Ratios are export / load and import / load.
- Print shop: a build with --print-shop drivethru (every printed copy a pair
  of pages) against the same build without it, both with the cache off; the
  ratio is the cost of the shop PDF over the sheets.  The page count is
  checked against printed copies x 2.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pypdfium2 as pdfium  # noqa: E402
from load import _best, write_pack  # noqa: E402

from pnp.load import load_pack  # noqa: E402
from pnp.pipelines.build import BuildOptions, build  # noqa: E402
from pnp.translate.csvfile import read_csv, write_csv  # noqa: E402
from pnp.translate.interchange import entries, plan_import  # noqa: E402
from pnp.translate.pofile import read_po, write_po  # noqa: E402


def translation(cards: int, repeat: int) -> None:
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary) / "bench"
        write_pack(folder, cards, 100)
        pack = load_pack(folder).pack
        assert pack is not None
        found = entries(pack, "es")
        csv_text = write_csv(found, "en", "es").decode("utf-8-sig")
        po_text = write_po(pack, found, "es").decode("utf-8")

        def csv_import() -> None:
            lang, rows, _ = read_csv(csv_text, "t.csv", "en", ["es"])
            plan = plan_import(pack, rows, "es", "t.csv")
            assert lang == "es" and not plan.writes and not plan.findings

        def po_import() -> None:
            lang, rows, _ = read_po(po_text, "t.po", ["es"])
            plan = plan_import(pack, rows, "es", "t.po")
            assert lang == "es" and not plan.writes and not plan.findings

        load_s = _best(lambda: load_pack(folder), repeat)
        timings = {
            "csv export": _best(lambda: write_csv(entries(pack, "es"), "en", "es"), repeat),
            "csv import": _best(csv_import, repeat),
            "po export": _best(lambda: write_po(pack, entries(pack, "es"), "es"), repeat),
            "po import": _best(po_import, repeat),
        }
        parts = ", ".join(f"{name} {s:.3f} s ({s / load_s:.2f}x)" for name, s in timings.items())
        print(f"{cards:>5} cards: load_pack {load_s:.3f} s (baseline); {parts}", flush=True)


def shop(cards: int, repeat: int) -> None:
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary) / "bench"
        write_pack(folder, cards, 100)
        out = Path(temporary) / "out"
        plain_s = shop_s = float("inf")
        for _ in range(repeat):  # interleaved: a busy moment hits both
            plain_s = min(plain_s, _best(lambda: build(folder, BuildOptions(output=out, cache=False)), 1))
            options = BuildOptions(output=out, cache=False, print_shop="drivethru")
            shop_s = min(shop_s, _best(lambda: build(folder, options), 1))  # noqa: B023
        pdf = out / "bench" / "es" / "drivethru" / "main.pdf"
        pages = len(pdfium.PdfDocument(str(pdf)))
        sheets = (out / "bench" / "es" / "cards-main.pdf").stat().st_size
        print(
            f"{cards:>5} cards: sheets build {plain_s:.2f} s (baseline), with drivethru {shop_s:.2f} s "
            f"({shop_s / plain_s:.2f}x); {pages} pages (printed copies x 2 = {cards * 2}); "
            f"PDF {pdf.stat().st_size / 1e6:.1f} MB against the sheets' {sheets / 1e6:.1f} MB",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cards", type=int, nargs="*", default=[2000, 5000])
    parser.add_argument("--shop-cards", type=int, nargs="*", default=[500, 2000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for cards in args.cards:
        translation(cards, args.repeat)
    for cards in args.shop_cards:
        shop(cards, args.repeat)


if __name__ == "__main__":
    main()
