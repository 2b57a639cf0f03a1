"""The quality benchmark's labelled set: no false alarm, and every mistake found that a rule is for."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT

# Mistakes of the set that no rule reads yet: the known gaps, printed as misses by the benchmark.
KNOWN_MISSES: set[tuple[str, str]] = set()


@pytest.fixture(scope="module")
def benchmark() -> Any:
    spec = importlib.util.spec_from_file_location("check_quality", ROOT / "benchmarks" / "check_quality.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["check_quality"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_labelled_set_has_no_false_alarm_and_only_the_known_misses(benchmark: Any) -> None:
    cases, expected, found = benchmark.run_set()
    false_alarms = [(code, cases[i]["es"]) for (i, code) in found if (i, code) not in expected]
    missed = {(code, cases[i]["es"]) for (i, code) in expected if not found.get((i, code))}
    assert false_alarms == []
    assert missed == KNOWN_MISSES


@pytest.mark.slow
def test_no_accent_rule_flags_the_bundled_packs(benchmark: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """Their Spanish is reviewed: a flag there is a false alarm (target: none)."""
    assert benchmark.accents_on_packs(show=True) == {code: 0 for code in benchmark.ACCENT_RULES}
    words = int(capsys.readouterr().out.split(" words of Spanish")[0].split()[-1])
    assert words > 1000  # every Spanish text of the packs, not only card fields


def test_rules_kept_per_card_judge_each_card_alone(benchmark: Any, tmp_path: Path) -> None:
    """The check cache keeps these rules' findings per card and runs them on the changed cards only:
    each card's findings must be the same whether the rule sees the whole pack or that card alone."""
    import tomllib

    from pnp.check import RULES
    from pnp.check.cached import KEPT_PER_CARD, only_cards
    from pnp.load import load_pack

    cases = tomllib.loads(benchmark.SET.read_text(encoding="utf-8"))["case"]
    benchmark.build_pack(tmp_path, cases)
    pack = load_pack(tmp_path).pack
    assert pack is not None
    codes = set()
    for rule in (r for r in RULES if r.id in KEPT_PER_CARD):
        whole = rule.run(pack)
        codes |= {f.code for f in whole}
        for card_id in sorted({f.card for f in whole if f.card}):
            alone = rule.run(only_cards(pack, {card_id}))
            mine = [f for f in whole if f.card == card_id]
            assert [f for f in alone if f.card == card_id] == mine, (rule.id, card_id)
    assert {"text/accent-diacritic", "text/agreement", "text/numbers", "text/glossary"} <= codes  # the set has them
