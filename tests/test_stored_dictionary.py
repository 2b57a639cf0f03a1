"""The Spanish dictionary's word list, read straight from the .dic or kept in the cache: the same
answers as spylls reading the files, and an entry that is damaged or not one is never used: the files
are read again."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from spylls.hunspell import Dictionary
from spylls.hunspell.data import aff as spylls_aff

from pnp.cache import Cache
from pnp.check.text import stored_dictionary
from pnp.check.text.lexicon import _DATA
from pnp.check.text.stored_dictionary import read_dictionary

SPANISH = Path(str(_DATA / "hunspell" / "es_ES"))
WORDS = [
    "casa",
    "Casa",
    "CASA",
    "España",
    "españa",
    "ESPAÑA",
    "Madrid",
    "MADRID",
    "madrid",
    "límite",
    "limite",
    "portate",
    "pórtate",
    "colócalo",
    "dárselo",
    "descártala",
    "turno",
    "turnos",
    "Pistolera",
    "pistolero",
    "nave",
    "naves",
    "Meridian",
    "París",
    "parís",
    "ONU",
    "onu",
    "reaver",
    "ciudad-estado",
    "rapido",
    "rápido",
    "ÁRBOL",
    "árbol",
    "DVD",
    "dvd",
    "y",
    "Y",
    "C",
    "o",
    "Ñ",
]


@pytest.fixture(scope="module")
def from_files() -> Dictionary:
    return Dictionary.from_files(str(SPANISH))


def _answers(dictionary: Dictionary) -> list[object]:
    lookuper = dictionary.lookuper
    return [
        (
            word,
            dictionary.lookup(word),
            [(form.stem, str(form)) for form in lookuper.good_forms(word)],
            [sorted(w.flags) for w in dictionary.dic.homonyms(word)],
            [sorted(w.flags) for w in dictionary.dic.homonyms(word.lower(), ignorecase=True)],
        )
        for word in WORDS
    ]


@pytest.fixture
def not_plain(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dictionary read as one spylls reads, so its word list is kept in the cache."""
    monkeypatch.setattr(stored_dictionary, "read_plain_dic", lambda *_: None)


@pytest.mark.slow
@pytest.mark.usefixtures("not_plain")
def test_the_stored_word_list_answers_as_the_files_do(tmp_path: Path, from_files: Dictionary) -> None:
    cache = Cache(tmp_path / "check", ".json")
    store = (cache, cache.key("hunspell-words", "es_ES"))
    first = read_dictionary(SPANISH, store)  # reads the files, keeps the word list
    assert cache.has(store[1])
    stored = read_dictionary(SPANISH, store)
    assert isinstance(stored.dic, stored_dictionary._StoredDic)
    assert _answers(stored) == _answers(first) == _answers(from_files)
    assert [w.stem for w in stored.dic.words] == [w.stem for w in from_files.dic.words]
    assert list(stored.suggest("rapido"))[:5] == list(from_files.suggest("rapido"))[:5]


@pytest.mark.slow
@pytest.mark.usefixtures("not_plain")
@pytest.mark.parametrize("damage", ["flip", "foreign"])
def test_a_damaged_or_foreign_entry_is_not_used_and_is_replaced(tmp_path: Path, damage: str) -> None:
    cache = Cache(tmp_path / "check", ".json")
    key = cache.key("hunspell-words", "es_ES")
    if damage == "flip":
        read_dictionary(SPANISH, (cache, key))
        data = bytearray(cache.path(key).read_bytes())
        data[len(data) // 2] ^= 1
        cache.path(key).write_bytes(bytes(data))
    else:  # a verified entry that is not a word list
        cache.put(key, b'{"stems": {"casa": [3]}, "capitals": {}}')
    again = read_dictionary(SPANISH, (cache, key))  # read from the files
    assert again.lookup("casa") and not again.lookup("rapido")
    replaced = cache.get_json(key)
    assert replaced["stems"]["casa"] and all(isinstance(flags, str) for flags in replaced["stems"]["casa"])
    assert _answers(read_dictionary(SPANISH, (cache, key))) == _answers(again)


@pytest.mark.slow
def test_the_plain_reader_gives_what_spylls_reads_of_the_bundled_dictionary(from_files: Dictionary) -> None:
    from spylls.hunspell.readers import read_aff
    from spylls.hunspell.readers.file_reader import FileReader

    aff, context = read_aff(FileReader(str(SPANISH) + ".aff"))
    plain = stored_dictionary.read_plain_dic(SPANISH.with_name("es_ES.dic"), aff, context)
    assert plain is not None
    assert plain == stored_dictionary._index(from_files.aff, from_files.dic)
    read = read_dictionary(SPANISH, None)
    assert _answers(read) == _answers(from_files)  # no cache: the plain reader
    assert list(read.suggest("rapido"))[:5] == list(from_files.suggest("rapido"))[:5]
    # its affix rules' expressions are compiled when used, and spylls' module is as it was
    assert isinstance(read.aff.SFX["A"][0].cond_regexp, stored_dictionary._LazyPattern)
    assert spylls_aff.re is re


@pytest.mark.slow
def test_a_plain_dic_is_kept_in_the_cache_and_read_back_from_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, from_files: Dictionary
) -> None:
    """The next process reads the JSON copy, faster than the .dic: the files are not read again."""
    cache = Cache(tmp_path / "check", ".json")
    store = (cache, cache.key("hunspell-words", "es_ES"))
    first = read_dictionary(SPANISH, store)
    assert isinstance(first.dic, stored_dictionary._StoredDic)
    assert cache.has(store[1])

    def not_again(*_: object) -> None:
        raise AssertionError("the .dic was read again")

    monkeypatch.setattr(stored_dictionary, "read_plain_dic", not_again)
    again = read_dictionary(SPANISH, store)
    assert _answers(again) == _answers(first) == _answers(from_files)
    assert list(again.suggest("rapido"))[:5] == list(from_files.suggest("rapido"))[:5]


def test_a_stored_word_list_of_other_values_is_not_one() -> None:
    """What a stranger's verified entry may hold instead of lists of strings."""
    aff = object()
    good = {"stems": {"casa": ["S"], "roma": []}, "capitals": {"roma": ["Roma"]}}
    assert stored_dictionary._from_json(aff, good) is not None  # type: ignore[arg-type]
    for stems, capitals in [
        ({"casa": "S"}, {}),
        ({"casa": [3]}, {}),
        ({"casa": [["S"]]}, {}),
        ({"casa": ["S"]}, {"roma": [None]}),
        ({"casa": ["S"]}, []),
    ]:
        assert stored_dictionary._from_json(aff, {"stems": stems, "capitals": capitals}) is None  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("lines", "read"),
    [
        (["3", "casa/S", "Casa/S", "perro"], True),
        (["\ufeff2", "casa/S", "Roma"], True),  # a BOM read as UTF-8 is part of the line, as spylls keeps it
        (["2", "casa/S/", "Roma"], True),  # a second slash: no flags, as spylls reads it
        (["2", "casa/S po:noun", "Roma"], False),  # data tags: spylls reads them
        (["2", "casa/S\tnoun", "Roma"], False),
        (["2", "a\\/b/S", "Roma"], False),  # an escaped slash
        (["3", "casa/S", "Roma", "casa/T"], False),  # one stem's entries apart
    ],
)
def test_the_plain_reader_reads_what_it_can_exactly_and_leaves_the_rest_to_spylls(
    tmp_path: Path, lines: list[str], read: bool
) -> None:
    from spylls.hunspell.readers import read_aff, read_dic
    from spylls.hunspell.readers.file_reader import FileReader

    (tmp_path / "x.aff").write_text("SET UTF-8\nFLAG UTF-8\nSFX S Y 1\nSFX S 0 s .\n", encoding="utf-8")
    (tmp_path / "x.dic").write_text("\n".join(lines) + "\n", encoding="utf-8")
    aff, context = read_aff(FileReader(str(tmp_path / "x.aff")))
    plain = stored_dictionary.read_plain_dic(tmp_path / "x.dic", aff, context)
    assert (plain is not None) is read
    if plain is not None:
        spylls = read_dic(FileReader(str(tmp_path / "x.dic"), encoding="UTF-8"), aff=aff, context=context)
        assert plain == stored_dictionary._index(aff, spylls)


def test_a_capital_letter_alone_is_looked_up_without_making_every_word(from_files: Dictionary) -> None:
    """The suggestions try "T abletopia": spylls answers a lone capital from its lowercase index,
    where a one-letter key files most of the dictionary; the stored one makes that list only as far
    as the lookup reads it, and the whole list, read to the end, is spylls' own."""
    stored = read_dictionary(SPANISH, None)
    assert isinstance(stored.dic, stored_dictionary._StoredDic)
    assert stored.lookup("T") == from_files.lookup("T")
    assert len(stored.dic._made) < 1000  # of some 70,000 stems
    filed = [w.stem for w in stored.dic.homonyms("t", ignorecase=True)]
    assert filed == [w.stem for w in from_files.dic.homonyms("t", ignorecase=True)]
    assert filed == [w.stem for w in stored.dic.homonyms("t", ignorecase=True)]  # read again from the start
