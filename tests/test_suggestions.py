"""Spelling suggestions rank the slips Spanish writers make first: one test per confusion."""

from __future__ import annotations

import pytest

from pnp.check.text.lexicon import Speller, speller


@pytest.fixture(scope="module")
def spanish() -> Speller:
    checker = speller("es")
    assert checker is not None
    return checker


@pytest.mark.parametrize(
    ("confusion", "written", "meant"),
    [
        ("v for b", "recive", "recibe"),  # Hunspell's edits alone give "recave" first
        ("v for b", "deve", "debe"),
        ("b for v", "bolver", "volver"),
        ("z for c", "hazer", "hacer"),
        ("s for c", "nesesario", "necesario"),
        ("c for s", "centir", "sentir"),
        ("c for s, with the accent", "ocacion", "ocasión"),
        ("s for z", "asul", "azul"),
        ("z for s", "ezcudo", "escudo"),
        ("j for g", "cojer", "coger"),  # not "cojear"
        ("j for g", "jente", "gente"),  # not "ente"
        ("g for j", "gerarquía", "jerarquía"),
        ("ll for y", "llendo", "yendo"),  # not "lleno"
        ("y for ll", "yeno", "lleno"),
        ("h left out", "aora", "ahora"),
        ("h left out at the start", "ueco", "hueco"),
        ("h too many", "hechar", "echar"),
        ("h too many and v for b", "hiva", "iba"),  # not "chiva"
        ("s for x", "esplicar", "explicar"),
        ("x for xc", "exelente", "excelente"),
        ("n for m before p", "canpo", "campo"),  # not "capo"
        ("n for m before b", "conbustible", "combustible"),
        ("rr for r", "enrriquecer", "enriquecer"),
        ("i for y", "estoi", "estoy"),
        ("one accent", "ocasion", "ocasión"),
        ("one accent, pronouns attached", "descartalo", "descártalo"),
    ],
)
def test_the_spanish_confusion_is_the_first_suggestion(
    spanish: Speller, confusion: str, written: str, meant: str
) -> None:
    assert not spanish.knows(written), confusion
    assert spanish.suggest(written) == meant, confusion


def test_the_case_of_the_word_is_kept(spanish: Speller) -> None:
    assert spanish.suggest("Recive") == "Recibe"
    assert spanish.suggest("RECIVE") == "RECIBE"


@pytest.mark.slow
def test_other_slips_still_get_hunspells_edits(spanish: Speller) -> None:
    assert spanish.suggest("tirpulación") == "tripulación"
    assert spanish.suggest("delmazo") == "del mazo"


def test_suggestions_are_few_and_ranked(spanish: Speller) -> None:
    found = spanish.suggestions("recive")
    assert found[0] == "recibe"
    assert 1 <= len(found) <= 3
    assert "recave" not in found  # a letter changed at random is a worse kind of slip than b/v
