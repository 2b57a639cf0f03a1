"""Pyphen's dictionaries read lazily (pnp.render.hyphen_patterns) hyphenate exactly as pyphen does."""

from __future__ import annotations

from pathlib import Path

import pyphen
import pytest

from pnp.render.hyphen_patterns import LazyPatterns, hyphenation, lazy_dictionary
from pnp.render.words import hyphenator

ROOT = Path(__file__).resolve().parent.parent
PRINTED = ("es_ES", "ca", "de_DE", "fr", "it_IT", "pt_PT", "en_GB", "en_US")  # the card languages pnp speaks


def _path(language: str) -> Path:
    return Path(str(pyphen.LANGUAGES[pyphen.language_fallback(language)]))


@pytest.mark.parametrize("language", PRINTED)
def test_a_dictionary_read_lazily_holds_pyphens_patterns(language: str) -> None:
    path = _path(language)
    lazy = lazy_dictionary(path)
    if lazy is None:  # left to pyphen: it has nonstandard hyphenation (Catalan's l·l)
        assert any("/" in line and "=" in line for line in path.read_text(encoding="utf-8").split("\n")[1:])
        assert language != "es_ES"
        return
    read = pyphen.HyphDict(path)
    assert isinstance(lazy.patterns, LazyPatterns)
    assert list(lazy.patterns) == list(read.patterns)
    assert {key: lazy.patterns.get(key) for key in lazy.patterns} == read.patterns
    assert lazy.maxlen == read.maxlen


def _spanish_words() -> list[str]:
    lines = (ROOT / "pnp" / "data" / "hunspell" / "es_ES.dic").read_text(encoding="utf-8").split("\n")[1:]
    return [line.split("/")[0].strip() for line in lines[::7] if line.strip()]


def test_spanish_words_break_where_pyphen_breaks_them() -> None:
    path = _path("es_ES")
    lazy, read = lazy_dictionary(path), pyphen.HyphDict(path)
    assert lazy is not None
    words = _spanish_words()
    assert len(words) > 9000
    for word in words:
        assert lazy.positions(word) == read.positions(word), word


def test_the_hyphenator_gives_pyphens_points(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "hyph_es.dic"  # read by pyphen itself (cache=False would replace the lazy dictionary)
    copy.write_bytes(_path("es_ES").read_bytes())
    by_pyphen = pyphen.Pyphen(filename=copy)
    monkeypatch.setattr(pyphen, "hdcache", {})  # as a process that opens no dictionary before
    hyphenator.cache_clear()
    assert isinstance(hyphenation("es_ES").hd.patterns, LazyPatterns)
    points = hyphenator("es_ES")
    assert points is not None
    for word in ("tripulación", "contrabando", "pistolero", "desembarcar", "murciélago", "ñandú", "pingüino"):
        assert list(points(word)) == list(by_pyphen.iterate(word)), word


def test_a_lookup_by_key_reads_the_pattern_too() -> None:
    patterns = LazyPatterns(ab="a1b")
    assert patterns["ab"] == (1, (1,))
    assert patterns.get("ab") == (1, (1,)) and patterns.get("zz") is None and patterns.get("zz", 0) == 0


def _dictionary(tmp_path: Path, *patterns: str) -> Path:
    path = tmp_path / "hyph_xx.dic"
    path.write_text("UTF-8\n" + "\n".join(patterns) + "\n", encoding="utf-8")
    return path


def test_a_dictionary_read_its_own_way_is_left_to_pyphen(tmp_path: Path) -> None:
    assert lazy_dictionary(_dictionary(tmp_path, "a1b", "c1f/ff=f,1,2")) is None  # nonstandard hyphenation


def test_odd_lines_are_read_as_pyphen_reads_them(tmp_path: Path) -> None:
    path = _dictionary(tmp_path, "% a comment", "LEFTHYPHENMIN 2", "a0b", "a1b", "ab0", "^^e9t1", "x12y", "  .c2d  ")
    lazy = lazy_dictionary(path)
    assert lazy is not None
    read = pyphen.HyphDict(path)
    assert {key: lazy.patterns.get(key) for key in lazy.patterns} == read.patterns
    assert lazy.maxlen == read.maxlen


@pytest.mark.parametrize(
    "lines",
    [
        (  # read at once
            "a1b",
            "ab0",
            "a0b",
            "x12y",
            "  .c2d  ",
            "é1t",
            "LEFTHYPHENMIN 2",
            "% 3 comment",
            "",
            "a2b",
            "a/1b",
        ),
        ("a1b", "% see https://example.org/?a=1", "b2c"),  # "/" and "=" on a line: line by line
        ("a1b\r", "b2c\r", "c0d\r"),  # carriage returns: line by line
        ("a1b", "^^e9t1"),  # ^^hh: line by line
    ],
)
def test_a_dictionary_read_at_once_or_line_by_line_is_pyphens(tmp_path: Path, lines: tuple[str, ...]) -> None:
    path = tmp_path / "hyph_xx.dic"
    path.write_bytes(("UTF-8\n" + "\n".join(lines) + "\n").encode("utf-8"))
    lazy = lazy_dictionary(path)
    assert lazy is not None
    read = pyphen.HyphDict(path)
    assert list(lazy.patterns) == list(read.patterns)
    assert {key: lazy.patterns.get(key) for key in lazy.patterns} == read.patterns
    assert lazy.maxlen == read.maxlen


def test_a_dictionary_in_another_encoding_is_read_line_by_line(tmp_path: Path) -> None:
    path = tmp_path / "hyph_xx.dic"
    path.write_bytes("ISO8859-1\na1b\né2t\n".encode("latin-1"))
    lazy = lazy_dictionary(path)
    assert lazy is not None
    assert {key: lazy.patterns.get(key) for key in lazy.patterns} == pyphen.HyphDict(path).patterns


def test_a_pyphen_whose_insides_changed_reads_its_dictionary_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    import pnp.render.hyphen_patterns as patterns

    def changed(path: object) -> None:
        raise AttributeError("HyphDict has no attribute 'patterns'")  # as a newer pyphen might

    monkeypatch.setattr(patterns, "lazy_dictionary", changed)
    monkeypatch.setattr(pyphen, "hdcache", {})
    assert patterns.hyphenation("es_ES").inserted("extraordinariamente") == pyphen.Pyphen(lang="es_ES").inserted(
        "extraordinariamente"
    )
