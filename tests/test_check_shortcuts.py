"""The text rules' shortcuts give what the plain way gives: fold's ASCII path and full table, the number
words found by one pattern, the texts listed once per pack."""

from __future__ import annotations

import gc
import re

import pytest

from pnp.check import check_pack
from pnp.check.text import forms, typography
from pnp.check.text.fields import texts
from pnp.check.text.forms import fold, number_like_words, number_words
from pnp.check.text.numbers import _number_words
from pnp.load.pack import load_pack
from tests.conftest import BLUE_SUN

SAMPLES = [
    "Señor ÁRBOL, ¿qué pasa? Ñandú «cita» … ﬁn ǅ K Å ſ ß İ ı",
    "Draw TWO cards, then one of them; which one? Roba dos cartas: el doble, una a una.",
    "dos_tres 2dos dos2 ados dosis Dobles DOBLES triplicar triple-dos 'dos' uno,una",
]


def test_fold_is_the_table_applied_to_every_character() -> None:
    every = "".join(chr(code) for code in range(0x3000))
    assert fold(every) == every.translate(forms._FOLD)
    for sample in SAMPLES:
        assert fold(sample) == sample.translate(forms._FOLD)
        assert fold(sample.encode("ascii", "ignore").decode()) == sample.encode("ascii", "ignore").decode().translate(
            forms._FOLD
        )


@pytest.mark.parametrize("language", ["es", "en", "fr"])
def test_the_number_words_pattern_finds_the_words_a_word_scan_finds(language: str) -> None:
    wanted = {"one", *number_words(language), *number_like_words(language)}
    for sample in SAMPLES:
        folded = fold(sample)
        scanned = [(m.start(), m.group()) for m in re.finditer(r"\w+", folded) if m.group() in wanted]
        assert [(m.start(), m.group()) for m in _number_words(language).finditer(folded)] == scanned


@pytest.mark.slow
def test_texts_are_listed_once_per_pack() -> None:
    first = load_pack(BLUE_SUN).pack
    again = load_pack(BLUE_SUN).pack
    assert first is not None and again is not None
    assert texts(first) is texts(first)
    assert texts(again) == texts(first) and texts(again) is not texts(first)
    assert texts(first, ("text",)) != texts(first)


def test_the_collector_runs_again_after_a_check_unless_it_was_paused_before() -> None:
    pack = load_pack(BLUE_SUN).pack
    assert pack is not None
    assert gc.isenabled()
    check_pack(pack)
    assert gc.isenabled()
    gc.disable()
    try:
        check_pack(pack)
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.parametrize(
    "text",
    ["Roba.", "Roba. ", "«Roba.»  \n", "Roba (dos)**", "", " \u00a0\u2003", "Roba.\n", "x”»\"')]* \t", "a\u2028"],
)
def test_the_end_of_a_text_is_what_the_pattern_removed(text: str) -> None:
    assert typography._without_end(text) == re.sub(r"[\s”»\"')\]*]+$", "", text)
