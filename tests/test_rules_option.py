"""`pnp check --rules` composes with --format json and with a pack."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from pnp.check import RULES
from pnp.cli import main
from tests.test_cli import _at_root, run  # noqa: F401  (_at_root: every test runs at the repository root)
from tests.test_text_rules import edit


def test_rules_as_json() -> None:
    code, output = run("check", "--rules", "--format", "json")
    assert code == 0
    document = json.loads(output)
    assert document["version"] == 1
    assert [r["id"] for r in document["rules"]] == [r.id for r in RULES]
    assert document["rules"][0].keys() == {"id", "severity", "doc"}
    assert "summary" not in document  # no pack: nothing ran


def test_rules_as_text_without_a_pack_lists_each_rule_once() -> None:
    code, output = run("check", "--rules")
    assert code == 0
    lines = output.splitlines()
    assert len(lines) == len(RULES)
    assert lines[0].split()[:2] == [RULES[0].id, RULES[0].severity.value]


def test_rules_with_a_pack_say_what_each_found() -> None:
    code, output = run("check", "cards/bsg", "--rules")
    assert code == 0
    rows = {line.split()[0]: " ".join(line.split()) for line in output.splitlines()[:-1]}
    assert rows["deck/swap-incomplete"].startswith("deck/swap-incomplete warning 3 warnings A swap that counts")
    assert rows["text/numbers"].startswith("text/numbers error nothing Every number")
    # the notes include aids/attack.toml's verify and the nuke token's
    assert output.splitlines()[-1] == "Found 0 errors, 11 warnings and 30 notes in 10 files."


def test_rules_with_a_pack_as_json_hold_each_rules_findings(tiny_copy: Path) -> None:
    edit(tiny_copy, "supply.toml", 'text.es = "Gana 2 {fuel}."', 'text.es = "Gana 3 {fuel}."')
    result = CliRunner().invoke(main, ["check", str(tiny_copy), "--rules", "--format", "json"])
    assert result.exit_code == 1  # as `pnp check` would: the pack has an error
    document = json.loads(result.output)
    by_id = {r["id"]: r for r in document["rules"]}
    assert [f["card"] for f in by_id["text/numbers"]["findings"]] == ["fuel-cell"]
    assert by_id["text/numbers"]["ran"] is True
    assert by_id["text/spelling"]["findings"] == []
    assert document["load"] == []
    assert document["summary"] == {"error": 1, "warning": 0, "info": 0}


def test_rules_with_a_pack_that_does_not_load_say_they_did_not_run() -> None:
    code, output = run("check", "tests/data/bad/malformed-toml", "--rules", "--format", "json")
    assert code == 1
    document = json.loads(output)
    assert {r["ran"] for r in document["rules"]} == {False}
    assert [f["code"] for f in document["load"]] == ["load/no-pack"]
    code, output = run("check", "tests/data/bad/malformed-toml", "--rules")
    assert code == 1
    assert "The rules did not run" in output
