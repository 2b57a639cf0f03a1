"""The rules the source texts state, against what the packs hold and what pnp shows.

    python benchmarks/rules_facts.py [--root DIR] [--show] [--markdown]

benchmarks/rules_facts.toml is a reviewed list of the rules facts each source text states that a
card and rules database could hold (deck counts, set-up steps, variant rules, swaps, keywords,
tables, component counts), each with its section by name.  A fact is *held* when a `held` string
is in one of the pack's files (cards/<pack>/), and *shown* when a `shown` string is in what pnp
prints for the pack: `pnp deck` (the summary, each variant, each player count, each deck), `pnp
check`, and the text of the `aids.pdf` that `pnp build` writes (a build in a temporary folder).
The strings are looked for, not trusted: a fact whose string is gone counts as not held or not
shown, and --show names it.  Interface in Spanish, as the packs' users read it.

It also prints the count the first rules-on-paper session used: the `facts` entries of pack.toml
(variants and decks) held, and the rule items of the aids printed (each numbered step, bullet,
paragraph and table row).

--root counts another checkout's packs (an older commit, extracted) with this checkout's list and
this checkout's pnp: the same strings, so before and after compare.  --markdown writes the list
as the table of docs/rules-facts.md.  Exit status 0; the figures are for people.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PACKS = {"blue-sun": "Blue Sun rulebook (ES)", "lotr-sailing": "sailing rules (ES)", "bsg": "BSG rules thread"}


def _pnp(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "pnp", "--ui-lang", "es", *args], capture_output=True, text=True, check=False
    )
    return done.stdout + done.stderr


def _normal(text: str) -> str:
    """One line, one space, no hyphen a line break added, and the no-break spaces as spaces."""
    text = re.sub(r"(?<=\w)-\n(?=\w)", "", text.replace("\u00a0", " "))
    return re.sub(r"\s+", " ", text).casefold()


def shown_text(pack: Path) -> str:
    """Everything pnp prints for a pack: pnp deck in every mode, pnp check, the aids' text."""
    data = tomllib.loads((pack / "pack.toml").read_text(encoding="utf-8"))
    parts = [_pnp("deck", str(pack)), _pnp("check", str(pack))]
    parts += [_pnp("deck", str(pack), "--variant", v["id"]) for v in data.get("variant", [])]
    counts = sorted({n for v in data.get("variant", []) for n in v.get("players", [])})
    parts += [_pnp("deck", str(pack), "--players", str(n)) for n in counts]
    parts += [_pnp("deck", str(pack), d["id"]) for d in data.get("deck", [])]
    with tempfile.TemporaryDirectory() as out:
        _pnp("build", str(pack), "-o", out, "--no-cache")
        from pypdf import PdfReader

        for pdf in Path(out).rglob("aids.pdf"):
            parts += [page.extract_text() or "" for page in PdfReader(pdf).pages]
    return _normal("\n".join(parts))


def held_text(pack: Path) -> str:
    return _normal("\n".join(p.read_text(encoding="utf-8") for p in sorted(pack.rglob("*.toml"))))


def _found(needles: str | list[str], text: str) -> bool:
    """Every string of the list is there (a fact held in two places says both); "a|b" is either."""
    wanted = [needles] if isinstance(needles, str) else needles
    return bool(wanted) and all(any(_normal(a) in text for a in n.split("|")) for n in wanted)


def first_count(pack: Path) -> tuple[int, int]:
    """The first session's count: `facts` entries held, aid items printed."""
    data = tomllib.loads((pack / "pack.toml").read_text(encoding="utf-8"))
    held = sum(len(r.get("facts", [])) for r in (*data.get("variant", []), *data.get("deck", [])))
    printed = 0
    for aid in sorted((pack / "aids").glob("*.toml")):
        for block in tomllib.loads(aid.read_text(encoding="utf-8")).get("block", []):
            for key in ("steps", "bullets", "rows"):
                printed += len(block.get(key, {}).get("en", []))
            printed += 1 if "text" in block else 0
    return held, printed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose cards/ are counted")
    parser.add_argument("--show", action="store_true", help="name each fact not held or not shown")
    parser.add_argument("--markdown", action="store_true", help="print the list as docs/rules-facts.md's table")
    args = parser.parse_args()
    facts = tomllib.loads((HERE / "rules_facts.toml").read_text(encoding="utf-8"))["fact"]
    rows = []
    for pack_id, source in PACKS.items():
        pack = args.root / "cards" / pack_id
        held, shown = held_text(pack), shown_text(pack)
        mine = [f for f in facts if f["pack"] == pack_id]
        marks = [(f, _found(f.get("held", []), held), _found(f.get("shown", []), shown)) for f in mine]
        n_held = sum(1 for _f, h, _s in marks if h)
        n_shown = sum(1 for _f, _h, s in marks if s)
        first = first_count(pack)
        rows.append((source, len(mine), n_held, n_shown, first))
        for f, h, s in marks:
            if args.markdown:
                where = f.get("where", "")
                marks_text = f"{'yes' if h else 'no'} | {'yes' if s else 'no'}"
                print(f"| {source} | {f['section']} | {f['fact']} | {marks_text} | {where} |")
            elif args.show and not (h and s):
                print(
                    f"{pack_id}: {f['fact']} ({f['section']}): {'held' if h else 'NOT held'}, "
                    f"{'shown' if s else 'NOT shown'}"
                )
    if args.markdown:
        return
    print(f"{'source':28} {'stated':>6} {'held':>5} {'shown':>5}   facts entries / aid items")
    for source, stated, n_held, n_shown, (old_held, old_printed) in rows:
        print(f"{source:28} {stated:6} {n_held:5} {n_shown:5}   {old_held}/{old_printed}")


if __name__ == "__main__":
    main()
