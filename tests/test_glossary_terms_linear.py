"""Glossary terms are matched by comparing tokens, never by a regex built from the term (issue 10)."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.check.text.forms import fold
from pnp.check.text.phrases import PhraseMatcher, phrase_matcher
from pnp.cli import main


@contextmanager
def hang_guard(seconds: int) -> Iterator[None]:
    """Fail instead of hanging: the old regex took years on these inputs, the matcher microseconds."""

    def stop(*_: object) -> None:
        raise TimeoutError(f"still running after {seconds} s: the matcher backtracks")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


DASHES = " ".join(["-"] * 40)


def test_a_term_of_dashes_against_a_text_of_dashes_is_quick() -> None:
    with hang_guard(20):
        matcher = PhraseMatcher([DASHES + " z"], "es")
        assert matcher.finditer(DASHES + " " + DASHES) == []
        assert matcher.fullmatch(DASHES + " y") is None
        assert matcher.search(DASHES + " z") is not None


@pytest.mark.slow
def test_check_finishes_on_a_glossary_built_to_backtrack(tiny_copy: Path) -> None:
    glossary = tiny_copy / "glossary.toml"
    glossary.write_text(
        glossary.read_text(encoding="utf-8")
        + f'\n[[term]]\nsource = "Dash"\ntarget = "raya"\nforbidden = ["{DASHES} z"]\n',
        encoding="utf-8",
    )
    supply = tiny_copy / "supply.toml"
    supply.write_text(
        supply.read_text(encoding="utf-8").replace('text.es = "Gana 2 {fuel}."', f'text.es = "{DASHES} {DASHES}."'),
        encoding="utf-8",
    )
    with hang_guard(60):
        result = CliRunner().invoke(main, ["check", "tiny"])
    assert "Traceback" not in result.output
    assert result.exit_code in (0, 1)


def test_spaces_punctuation_and_boundaries_follow_the_term() -> None:
    assert phrase_matcher("Sr.Universo", "es").search(fold("el Sr. Universo llega"))  # a space after a dot may be
    assert not phrase_matcher("Sr.Universo", "es").search(fold("el Sr .Universo"))  # none before it
    assert not phrase_matcher("Sr. Universo", "es").search(fold("el Sr.Universo"))  # the term has a space there
    assert not phrase_matcher("nave nodriza", "es").search(fold("navenodriza"))  # the space is needed
    assert not phrase_matcher("-x", "es").search(fold("a-x"))  # a leading dash is not inside a word
    assert phrase_matcher("-x", "es").search(fold("a -x"))
    assert phrase_matcher("colocar", "es").search(fold("colocarlox")) is None  # clitics end the word
    assert phrase_matcher("colocar", "es").search(fold("colocándoselo"))


def test_each_variant_is_reported_where_it_starts_and_the_first_listed_wins() -> None:
    matcher = PhraseMatcher(["nave", "nave nodriza"], "es")
    found = matcher.finditer(fold("La nave nodriza y otra nave."))
    assert [(m.index, m.start, m.end) for m in found] == [(0, 3, 7), (0, 23, 27)]
    overlapping = matcher.first_of_each(fold("La nave nodriza"))
    assert sorted(overlapping) == [0, 1]
