"""Telling a spreadsheet's conversion of a text from a person's edit, kind by kind.

The converted cells are the ones LibreOffice 7.4 and Excel save (see tests/spreadsheets.py); each kind
has edits next to it that look alike and must stay edits.
"""

from __future__ import annotations

import pytest

from pnp.translate.coercion import lost_characters, spreadsheet_change

CONVERTED = [
    # leading zeros
    ("007", "7", "leading zeros dropped"),
    ("030536048521", "30536048521", "leading zeros dropped"),
    ("030536048521", "3.0536E+10", "leading zeros dropped"),
    # numbers shown another way
    ("12.50", "12.5", "read as a number"),
    ("1.000", "1", "read as a number"),
    ("1.000", "1000", "read as a number"),
    ("50%", "50.00%", "read as a number"),
    ("50%", "0.5", "read as a number"),
    ("5 €", "5", "read as a number"),
    # decimal separators (a Spanish locale)
    ("12,50", "12.5", "decimal separator changed"),
    ("12,50", "12,5", "read as a number"),
    # scientific notation, and numbers past what a spreadsheet holds
    ("1E3", "1.00E+03", "scientific notation"),
    ("1E3", "1000", "scientific notation"),
    ("1E3", "1,00E+03", "scientific notation"),
    ("302e80281048", "1.79769313486232E+308", "scientific notation"),
    ("1234567890123456789", "1.23456789012346E+018", "scientific notation"),
    ("1234567890123456789", "1,23457E+18", "scientific notation"),
    # dates, in either order, saved in any of the spreadsheets' forms
    ("1/2", "01/02/26", "date"),
    ("1/2", "02/01/26", "date"),
    ("1/2", "2-Jan", "date"),
    ("1/2", "01-feb", "date"),
    ("1-2", "2-Jan", "date"),
    ("Jan 2", "01/02/26", "date"),
    ("2 enero", "01/02/2026", "date"),
    ("1/2", "46024", "date"),  # 2026-01-02 as the day count a spreadsheet stores
    # times
    ("10:30", "10:30:00 AM", "time"),
    ("10:30", "10:30:00", "time"),
    ("22:15", "10:15:00 PM", "time"),
    ("10:30", "0.4375", "time"),
    # true and false, in any language the spreadsheet knows
    ("VERDADERO", "TRUE", "true/false"),
    ("true", "TRUE", "true/false"),
    ("falso", "FALSE", "true/false"),
    # spaces trimmed
    (" 12 ", "12", "read as a number"),
    ("  Gana 2 ", "Gana 2", "spaces trimmed"),
    # formulas computed
    ("=2+2", "4", "formula"),
    ("=SUMA(A1)", "#NAME?", "formula"),
    ("+1 {fight}", "#NAME?", "formula"),
    ("=A1", "Err:502", "formula"),
]


@pytest.mark.parametrize(("exported", "cell", "kind"), CONVERTED)
def test_a_spreadsheets_conversion_is_told_with_its_kind(exported: str, cell: str, kind: str) -> None:
    found = spreadsheet_change(exported, cell)
    assert found is not None and kind in found


EDITS = [
    ("12", "13"),  # a number edited is another number
    ("007", "008"),
    ("007", "8"),
    ("12,50", "13,50"),
    ("1E3", "2E3"),
    ("1234567890123456789", "1.23458E+18"),  # not what rounding the original gives
    ("1234", "1.23E+03"),  # short enough to be shown whole: rounding it is an edit
    ("1/2", "1/3"),
    ("1/2", "3"),  # a small count is not a date
    ("Jan 2", "Jan 3"),
    ("10:30", "11:30"),
    ("TRUE", "FALSE"),
    ("VERDADERO", "FALSO"),
    ("Gana 2", "Gana 3"),
    ("hola", "Hola"),
    ("a  b", "a b"),  # spaces inside: no spreadsheet touches them
    ("12", "12 monedas"),
    ("=2+2", "=2+3"),
    ("Gana 2", "4"),  # not a formula to begin with
    ("0", "1"),
    ("", "7"),
]


@pytest.mark.parametrize(("exported", "cell"), EDITS)
def test_an_edit_that_looks_like_a_conversion_is_an_edit(exported: str, cell: str) -> None:
    assert spreadsheet_change(exported, cell) is None


def test_an_unchanged_number_is_no_change() -> None:
    assert spreadsheet_change("12", "12") is None


def test_characters_a_legacy_encoding_lost_are_named() -> None:
    assert lost_characters("Ñandú → ő", "Ñandú ? ?") == "→ő"
    assert lost_characters("Ñandú", "?and?") == "Ñú"  # Mac Roman or ASCII: every accent
    assert lost_characters("«Peón» → 2", "«Peón» ? 3") == "→"  # with an edit next to it


@pytest.mark.parametrize(
    ("exported", "cell"),
    [("¿Qué?", "¿Qué?"), ("Gana 2", "¿Gana 2?"), ("Hola", "Hola?"), ("a", "?"), ("", "???")],
)
def test_a_question_mark_typed_in_is_not_a_lost_character(exported: str, cell: str) -> None:
    assert lost_characters(exported, cell) == ""
