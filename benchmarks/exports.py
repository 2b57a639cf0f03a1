"""Benchmark: cold and warm builds, PNG export, and the Blue Sun pack, as ratios measured in one run.

    python benchmarks/exports.py [--cards 2000] [--repeat 2]

Every measurement runs in a fresh interpreter (peak memory is its own, plus
its workers'), and each figure is set against another measured in the same
run, because this machine is shared and noisy:

- cold PDF build of the generated pack against the bare-ReportLab floor of
  benchmarks/build.py (single process, no reuse);
- the same pack with PNG export at 300 dpi: faces per second and peak memory;
- a warm rebuild after editing one card, against the cold build: PDF time,
  page ranges drawn again, PNG files rewritten;
- the Blue Sun pack, cold and warm.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("bench_build", Path(__file__).with_name("build.py"))
assert _spec and _spec.loader
bench_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_build)


def _peak_mb() -> float:
    own = bench_build._rss_mb()
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return max(own, children)


def worker(kind: str, pack: Path, out: Path, extra: str) -> dict:
    from pnp.pipelines.build import BuildOptions, build

    options = {"output": out}
    if kind == "png":
        options |= {"png": True, "dpi": 300}
    if extra == "nocache":
        options["cache"] = False
    start = time.perf_counter()
    result = build(pack, BuildOptions(**options))  # type: ignore[arg-type]
    seconds = time.perf_counter() - start
    if not result.ok:
        raise SystemExit("build failed: " + "; ".join(f.message for f in result.findings[:5]))
    return {
        "seconds": seconds,
        "cards": result.cards,
        "images": result.images,
        "images_drawn": result.images_drawn,
        "ranges_drawn": result.ranges_drawn,
        "pngs_written": sum(1 for p in result.written if p.suffix == ".png"),
        "peak_mb": _peak_mb(),
    }


def run(kind: str, pack: Path, out: Path, extra: str = "") -> dict:
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", kind, str(pack), str(out), extra or "-"]
    done = subprocess.run(command, stdout=subprocess.PIPE, text=True, cwd=ROOT, check=False)
    if done.returncode:
        raise SystemExit(f"the {kind} worker failed (exit {done.returncode})")
    return json.loads(done.stdout.strip().splitlines()[-1])


def best(rows: list[dict]) -> dict:
    return min(rows, key=lambda r: r["seconds"])


def edit_one_card(pack: Path) -> None:
    """Change one word of one card's Spanish text, as a translator fixing a typo would."""
    deck = sorted(pack.glob("*.toml"))
    for path in deck:
        if path.name in ("pack.toml", "glossary.toml"):
            continue
        text = path.read_text(encoding="utf-8")
        found = re.search(r'^text\.es = "(?!")', text, flags=re.MULTILINE)  # a one-line string
        if found:
            path.write_text(text[: found.end()] + "Ahora: " + text[found.end() :], encoding="utf-8")
            return
    raise SystemExit("no card text to edit")


def measure_pack(label: str, pack: Path, work: Path, repeat: int, floor: dict | None) -> None:
    cold_pdf = best([run("pdf", pack, work / f"cold-pdf-{i}", "nocache") for i in range(repeat)])
    cold_png = best([run("png", pack, work / f"cold-png-{i}", "nocache") for i in range(repeat)])
    warm_dir = work / "warm"
    run("png", pack, warm_dir)  # fill the caches
    edited = work / f"{label}-edited"
    shutil.copytree(pack, edited)
    edit_one_card(edited)
    warm_pdf = run("pdf", edited, warm_dir)
    warm_png = run("png", edited, warm_dir)
    print(f"\n{label}: {cold_pdf['cards']} printed cards, {cold_png['images']} PNG faces")
    if floor:
        ratio = cold_pdf["seconds"] / floor["seconds"]
        print(
            f"  cold PDF build     {cold_pdf['seconds']:7.2f} s   floor {floor['seconds']:.2f} s   "
            f"pnp/floor {ratio:.2f}x (target 0.5x)   peak {cold_pdf['peak_mb']:.0f} MB"
        )
    else:
        print(f"  cold PDF build     {cold_pdf['seconds']:7.2f} s   peak {cold_pdf['peak_mb']:.0f} MB")
    rate = cold_png["images_drawn"] / max(cold_png["seconds"] - cold_pdf["seconds"], 1e-9)
    print(
        f"  cold PDF+PNG 300dpi {cold_png['seconds']:6.2f} s   PNG part {rate:.0f} faces/s "
        f"(target 50)   {cold_png['images_drawn'] / cold_png['seconds']:.0f} faces/s end to end   "
        f"peak {cold_png['peak_mb']:.0f} MB (target 1024)"
    )
    print(
        f"  warm PDF, 1 card edited {warm_pdf['seconds']:5.2f} s = {warm_pdf['seconds'] / cold_pdf['seconds']:.0%} "
        f"of cold (target 10%); page ranges drawn again: {warm_pdf['ranges_drawn']}"
    )
    print(
        f"  warm PDF+PNG, 1 card edited {warm_png['seconds']:5.2f} s; PNG files rewritten: "
        f"{warm_png['pngs_written']} (target 1); faces drawn: {warm_png['images_drawn']}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--worker", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        kind, pack, out, extra = args.worker
        print(json.dumps(worker(kind, Path(pack), Path(out), "" if extra == "-" else extra)))
        return
    print(f"python {sys.version.split()[0]}, 2 cores expected")
    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as tmp:
        work = Path(tmp)
        pack = work / "generated"
        cards = bench_build.make_cards(args.cards)
        bench_build.write_pack(pack, cards)
        spec_path = work / "floor.json"
        spec_path.write_text(json.dumps(bench_build.floor_spec(cards)), encoding="utf-8")
        floors = [bench_build.run_worker("floor", spec_path, work / f"floor-{i}") for i in range(args.repeat)]
        measure_pack(f"generated pack, {args.cards} distinct cards", pack, work, args.repeat, best(floors))
        measure_pack("Blue Sun", ROOT / "cards" / "blue-sun", work / "blue-sun", args.repeat, None)


if __name__ == "__main__":
    main()
