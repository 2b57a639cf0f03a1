"""A pack's layout expressions run on a budget (issue 28, item 1): a hostile layout is a finding at its element.

Each reproducer runs `pnp check` in a process of its own, under a time and a memory limit:
on code without the budget it hangs or takes gigabytes, and the test fails instead of the suite hanging.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.layout import budget
from pnp.layout.expressions import compile_expression, render_expression
from tests.hostile import run_pnp

HOSTILE = {
    "nested loops over long strings": (
        "{% for a in 'x'.ljust(100000) %}{% for b in 'x'.ljust(100000) %}{% endfor %}{% endfor %}",
        # the step budget, or on a machine slow enough the time budget first: either is the limit held
        ("steps", "seconds"),
    ),
    "a string of 1.5 GB": ("{{ 'x'.ljust(1500000000) }}", "1,500,000,000"),
}


def _hostile_layout(pack: Path, expression: str) -> Path:
    layout = pack / "templates" / "firefly" / "gear.toml"
    layout.write_text(
        f'extends = "gear"\n\n# the title, made by a stranger\n[[element]]\nname = "title"\ntext = "{expression}"\n',
        encoding="utf-8",
    )
    return layout


@pytest.mark.parametrize("expression, said", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_layout_expression_is_a_finding_at_its_element(
    tiny_copy: Path, expression: str, said: str | tuple[str, ...]
) -> None:
    _hostile_layout(tiny_copy, expression)
    done = run_pnp(["check", str(tiny_copy)], cwd=tiny_copy.parent, timeout=60, memory_mb=1200)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stdout + done.stderr
    words = (said,) if isinstance(said, str) else said
    line = next((line for line in done.stdout.splitlines() if any(word in line for word in words)), done.stdout)
    # the layout file, the line of the key that holds the expression (text =), the card and the element
    assert "templates/firefly/gear.toml:6" in line and 'element "title"' in line, line
    # said once for every card it touches: the cards are named in the count at its end
    assert "cards: fuel-cell" in line and any(word in line for word in words), line


@pytest.mark.parametrize("key", ["size", "min_size"])
def test_a_text_size_no_card_prints_is_a_finding_not_a_hang(tiny_copy: Path, key: str) -> None:
    # found by the fuzzer: the fitting steps down 0.25 pt at a time from 1e308, and 1e308 - 0.25 is 1e308
    layout = tiny_copy / "templates" / "firefly" / "gear.toml"
    layout.write_text(f'extends = "gear"\n\n[[element]]\nname = "text"\n{key} = "1e308"\n', encoding="utf-8")
    done = run_pnp(["check", str(tiny_copy)], cwd=tiny_copy.parent, timeout=60, memory_mb=1200)
    assert done.returncode == 1, done.stdout + done.stderr
    line = next((line for line in done.stdout.splitlines() if "1000 pt" in line), done.stdout)
    assert "templates/firefly/gear.toml:5" in line and f'field "element.text.{key}"' in line, line  # {key} =
    assert "'1e308'" in line, line


def test_build_refuses_the_hostile_layout_as_check_does(tiny_copy: Path) -> None:
    _hostile_layout(tiny_copy, HOSTILE["a string of 1.5 GB"][0])
    done = run_pnp(["build", str(tiny_copy), "-o", "out"], cwd=tiny_copy.parent, timeout=60, memory_mb=1200)
    assert done.returncode == 1 and 'element "title": this would make' in done.stdout, done.stdout + done.stderr
    assert not (tiny_copy.parent / "out" / "cards.pdf").exists()


@pytest.mark.parametrize(
    "expression",
    [
        "{{ '%1000000000s' % 'x' }}",
        "{{ '{:>1000000000}'.format(1) }}",
        "{{ '{:{}}'.format(1, 1000000000) }}",
        "{{ 'x' | center(1000000000) }}",
        "{{ [1] | batch(1000000000, 'x') | list }}",
        "{{ 'x'.ljust(100000) | replace('x', 'x'.ljust(100000)) }}",
        "{{ 'x'.ljust(10) | list | map('center', 1000000000) | list }}",
        "{{ (1).to_bytes(1000000000, 'big') }}",
        "{{ (9 ** 64) ** 64 }}",
        "{% set l = [1] %}{% for i in 'x'.ljust(40) %}{{ l.extend(l) }}{% endfor %}",
        "{% for i in 'x'.ljust(100) %}{% set s %}{% for j in 'x'.ljust(1000) %}{{ 'x'.ljust(90000) }}"
        "{% endfor %}{% endset %}{% endfor %}",
        "{% for a in 'x'.ljust(100000) if a < 'a' %}{% for b in 'x'.ljust(100000) if b < 'a' %}"
        "{% endfor %}{% endfor %}",
        "{{ ['x'.ljust(100000)] * 100000 }}",  # few items, 10 GB once written out
        "{% set s = 'x'.ljust(60000) %}{{ [s, s] }}",
        "{% set s = 'x'.ljust(60000) %}{{ (s, s) | string }}",
        "{% set s = 'x'.ljust(60000) %}{% set l = [s] %}{{ l.append(s) }}",
        "{% set a = 'x'.ljust(60000) %}{% set b = a + a %}",
    ],
)
def test_every_way_to_make_a_huge_value_or_loop_meets_the_budget(expression: str) -> None:
    with pytest.raises(budget.OverBudget), budget.face_budget():
        render_expression(compile_expression(expression), {"card": {"title": "Hola"}})


@pytest.mark.parametrize(
    "expression, made",
    [
        ("{{ card.title | upper }} {{ card.cost | money }}", "HOLA $1,200"),
        ("{% for word in card.title %}{{ loop.index }}{% endfor %}", "1234"),
        ("{{ ('a' ~ 'b') ~ card.title }}", "abHola"),
        ("{{ '%05d' % card.cost }} {{ '{:>6}'.format(card.title) }}", "01200   Hola"),
    ],
)
def test_honest_expressions_are_untouched_by_the_budget(expression: str, made: str) -> None:
    with budget.face_budget():
        assert render_expression(compile_expression(expression), {"card": {"title": "Hola", "cost": 1200}}) == made
