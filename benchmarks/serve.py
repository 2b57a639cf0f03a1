"""Benchmark: the workbench's card preview after an edit, and its card list, on a generated 2000-card pack.

    python benchmarks/serve.py [--cards 2000] [--repeat 10]

The pack is benchmarks/build.py's (N distinct firefly cards in three decks,
Spanish and English text).  The server is pnp.serve.app as `pnp serve` runs
it, driven in-process by Starlette's TestClient (no network), with the pack
loaded once at start-up, as the server keeps it.  Timed:

- the preview: POST /card/<id>/preview with the Spanish text changed, a new
  text each time (nothing cached), the median and the slowest of --repeat;
- the list: GET / with every card (the HTML; thumbnails are separate, lazy
  requests), the median and the slowest of --repeat;
- a save (write, reload, check again) and start-up (load, check, lay out
  every card once), for information.

Targets (issue 17): the preview under 300 ms, the list under 1 s.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.build import make_cards, write_pack  # noqa: E402

PREVIEW_TARGET = 0.300
LIST_TARGET = 1.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, default=2000, help="distinct cards in the pack")
    parser.add_argument("--repeat", type=int, default=10, help="timed requests of each kind")
    args = parser.parse_args()
    from starlette.testclient import TestClient

    from pnp.serve.app import create_app

    with tempfile.TemporaryDirectory(prefix="pnp-bench-serve-") as tmp:
        pack = Path(tmp) / "pack"
        write_pack(pack, make_cards(args.cards))
        start = time.perf_counter()
        client = TestClient(create_app(pack, Path(tmp) / "output", hosts=("testserver",)))
        startup = time.perf_counter() - start

        lists = []
        for _ in range(args.repeat + 1):
            start = time.perf_counter()
            page = client.get("/")
            lists.append(time.perf_counter() - start)
        shown = len(re.findall(r'<td><a href="/card/', page.text))
        assert page.status_code == 200 and shown == args.cards, (page.status_code, shown)

        card = f"card-{args.cards // 2:05d}"
        token = re.search(r'name="csrf" value="([^"]+)"', client.get(f"/card/{card}").text)
        assert token is not None
        previews = []
        for number in range(args.repeat + 1):
            data = {"csrf": token.group(1), "v.text.es": f"Gana {number} {{fuel}}. Texto nuevo número {number}."}
            start = time.perf_counter()
            answer = client.post(f"/card/{card}/preview", data=data)
            previews.append(time.perf_counter() - start)
            assert answer.status_code == 200 and "data:image/png;base64," in answer.text, answer.text[:500]

        saves = []
        for number in range(3):  # each save reloads and checks the pack again: the cache keeps that short
            page = client.get(f"/card/{card}").text
            base = re.search(r'name="b\.text\.es" value="([0-9a-f]+)"', page)
            assert base is not None
            data = {"csrf": token.group(1), "v.text.es": f"Guardado {number}.", "b.text.es": base.group(1)}
            start = time.perf_counter()
            answer = client.post(f"/card/{card}/save", data=data)
            saves.append(time.perf_counter() - start)
            assert answer.status_code == 200 and "Saved" in answer.text, answer.text[:500]

    # the first of each is a warm-up (Python's and pdfium's first use), left out
    report("preview of one card after an edit", previews[1:], PREVIEW_TARGET)
    report(f"list of {args.cards} cards", lists[1:], LIST_TARGET)
    print(f"save of one text (write, reload, check again): median {statistics.median(saves):.2f} s")
    print(f"start-up (load, check, lay out): {startup:.2f} s, once per server")


def report(what: str, seconds: list[float], target: float) -> None:
    median, worst = statistics.median(seconds), max(seconds)
    verdict = "met" if median < target else "MISSED"
    figures = f"median {median * 1000:.0f} ms, slowest {worst * 1000:.0f} ms"
    print(f"{what}: {figures} (target {target * 1000:.0f} ms: {verdict})")


if __name__ == "__main__":
    main()
