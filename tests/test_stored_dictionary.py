"""The Spanish dictionary's word list, read straight from the .dic or kept in the cache: the same
answers as spylls reading the files, and an entry that is damaged or not one is never used: the files
are read again."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from spylls.hunspell import Dictionary
from spylls.hunspell.data import aff as spylls_aff
from spylls.hunspell.readers import read_aff
from spylls.hunspell.readers.aff import Context
from spylls.hunspell.readers.file_reader import FileReader

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


def test_the_plain_reading_is_spylls_word_list(from_files: Dictionary) -> None:
    plain = stored_dictionary._read_plain(Path(f"{SPANISH}.dic"), from_files.aff, _context())
    assert plain is not None
    stems, capitals = plain
    unsorted = {stem: ["".join(sorted(set(flags))) for flags in entries] for stem, entries in stems.items()}
    assert {"stems": unsorted, "capitals": capitals} == stored_dictionary._index(from_files.aff, from_files.dic)
    assert list(stems) == list(stored_dictionary._index(from_files.aff, from_files.dic)["stems"])
    read = read_dictionary(SPANISH, None)
    assert isinstance(read.dic, stored_dictionary._StoredDic)
    assert _answers(read) == _answers(from_files)
    # its affix rules' expressions are compiled when used, and spylls' module is as it was
    assert isinstance(read.aff.SFX["A"][0].cond_regexp, stored_dictionary._LazyPattern)
    assert spylls_aff.re is re
    assert list(read.suggest("rapido"))[:5] == list(from_files.suggest("rapido"))[:5]


@pytest.mark.parametrize(
    "dic",
    [
        "2\ncasa/S po:noun\nmesa/S\n",  # a data tag
        "2\ncasa/S\tnoun\nmesa/S\n",  # the old tab form
        "2\nand\\/or\nmesa/S\n",  # an escaped slash
        "3\ncasa/S\nmesa/S\ncasa/A\n",  # one stem's entries apart
    ],
)
def test_a_dic_that_is_not_plain_is_left_to_spylls(tmp_path: Path, dic: str) -> None:
    (tmp_path / "x.dic").write_text(dic, encoding="utf-8")
    aff, context = read_aff(FileReader(f"{SPANISH}.aff"))
    assert stored_dictionary._read_plain(tmp_path / "x.dic", aff, context) is None


def _context() -> Context:
    return read_aff(FileReader(f"{SPANISH}.aff"))[1]


@pytest.fixture
def not_plain(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dictionary read as one spylls reads, so its word list is kept in the cache."""
    monkeypatch.setattr(stored_dictionary, "_read_plain", lambda *_: None)


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
    again = read_dictionary(SPANISH, (cache, key))
    assert not isinstance(again.dic, stored_dictionary._StoredDic)  # read from the files
    assert again.lookup("casa") and not again.lookup("rapido")
    assert isinstance(read_dictionary(SPANISH, (cache, key)).dic, stored_dictionary._StoredDic)  # replaced
