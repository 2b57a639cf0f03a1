"""The unseen set: how `pnp check` does on a game it was not written for.

    python benchmarks/check_unseen.py [--show]

benchmarks/unseen/ holds two packs of a made-up game (The Abbot's Garden, es-ES): abbots-garden
addresses the player as tú (not declared: the majority tells) and abbots-cellar as usted (declared,
with thousands grouped by a point). Their cards were written, with manifest.toml, before the rules
were read: some carry one mistake a careful reviewer flags (a lost negation, numbers swapped between
what they count, agreement, register, a false friend, a condition or clause dropped...), the rest
are correct but tricky translations (epicene nouns, "el agua", numbers as words, negation said
another way, proper names, a quoted motto). keepers-of-the-light (Keepers of the Light, tú and vosotros,
declared) and salt-road (The Salt Road, usted and ustedes, declared, thousands grouped by a point) are
a second set of two made-up games, written the same way by another reviewer. tide-harbour (Tide
Harbour, tú and vosotros, declared, thousands grouped by a point) is a third reviewer's, on first
sight found 18/24 with 5 false alarms on 26 clean cards (issue 31's session, before any rule saw it).
ridge-rescue (Ridge Rescue, usted and ustedes, declared, thousands grouped by a point) is a fourth
reviewer's; glass-works, orchard-fair and lantern-canals are blind sets of later reviewers (their
first-sight figures: benchmarks/README.md).

Each pack is checked as a user checks it, `pnp check --format json --no-cache` in a process of its
own, on a copy (so no cache is written here). A card with a mistake is found when any finding names
it; a clean card with any finding is a false alarm (a reviewer loses as much time on it as on a
miss). It prints found / mistakes and false alarms / clean cards, per kind and in all; --show names
each miss and each false alarm with its findings.

Exit status 0; the figures are for people (see benchmarks/README.md).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent / "unseen"
PACKS = (
    "abbots-garden",
    "abbots-cellar",
    "abbots-scriptorium",
    "keepers-of-the-light",
    "salt-road",
    "tide-harbour",
    "ridge-rescue",
    "glass-works",
    "orchard-fair",
    "lantern-canals",
    "mill-river",
    "deep-mines",
    "sky-harbour",
    "spice-bazaar",
    "frost-keep",
    "reef-divers",
    "comet-observatory",
    "railway-barons",
    "volcano-forge",
    "circus-caravan",
    "monastery-bees",
    "pirate-cove",
    "desert-oasis",
    "ice-hockey-league",
    "lighthouse-keepers",
)


def findings(pack: str) -> dict[str, list[str]]:
    """card id -> "code: message" of every finding that names the card."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / pack
        shutil.copytree(HERE / pack, folder)
        command = [sys.executable, "-m", "pnp", "check", "--format", "json", "--no-cache", str(folder)]
        done = subprocess.run(command, capture_output=True, text=True, cwd=tmp, check=False)
    if not done.stdout.strip():
        sys.exit(f"pnp check {pack} printed nothing: {done.stderr.strip()}")
    per_card: dict[str, list[str]] = defaultdict(list)
    for finding in json.loads(done.stdout)["findings"]:
        if finding.get("card"):
            per_card[finding["card"]].append(f"{finding['code']} ({finding.get('field')}): {finding['message']}")
    return per_card


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--show", action="store_true", help="name each miss and false alarm")
    args = parser.parse_args()
    manifest = tomllib.loads((HERE / "manifest.toml").read_text(encoding="utf-8"))["card"]
    found = {pack: findings(pack) for pack in PACKS}
    kinds: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # kind -> [cards, flagged]
    per_pack: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # mistakes, found, clean, flagged
    shown: list[str] = []
    for card in manifest:
        flags = found[card["pack"]].get(card["id"], [])
        kind = card["kind"]
        kinds[kind][0] += 1
        kinds[kind][1] += bool(flags)
        row = per_pack[card["pack"]]
        if kind == "clean":
            row[2] += 1
            row[3] += bool(flags)
            if flags:
                shown.append(
                    f"  false alarm {card['pack']} {card['id']} ({card['note']}):\n    " + "\n    ".join(flags)
                )
        else:
            row[0] += 1
            row[1] += bool(flags)
            if not flags:
                shown.append(f"  missed {card['pack']} {card['id']} {kind}: {card['note']}")
    print(f"{'kind':<20} {'cards':>6} {'flagged':>8}")
    for kind in sorted(kinds, key=lambda k: (k == "clean", k)):
        print(f"{kind:<20} {kinds[kind][0]:>6} {kinds[kind][1]:>8}")
    print()
    for pack in (*PACKS, "all"):
        rows = list(per_pack.values()) if pack == "all" else [per_pack[pack]]
        mistakes, hits, clean, flagged = (sum(r[i] for r in rows) for i in range(4))
        print(f"{pack:<20} found {hits}/{mistakes}  false alarms {flagged}/{clean}")
    if args.show:
        print("\n".join(shown))


if __name__ == "__main__":
    main()
