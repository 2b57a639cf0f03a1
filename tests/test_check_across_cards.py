"""The rules that compare cards with each other, checked with the cache after edits: each card's part
is read once and kept, yet the findings are those of a check without a cache, in the same order,
also on the cards an edit did not touch (a title renamed, a majority turned)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from pnp.cache import Cache
from pnp.check import RULES, check_pack
from pnp.check.cached import CARD_ALONE, KEPT_PER_CARD, cached_check, only_cards
from pnp.check.rule import Parts, Rule
from pnp.errors import Finding
from pnp.load import load_pack
from pnp.model import PackData


def _loaded(pack: Path) -> PackData:
    result = load_pack(pack)
    assert result.pack is not None, result.findings
    return result.pack


def _card(card_id: str, title: tuple[str, str], text: tuple[str, str]) -> str:
    return (
        f'\n[[card]]\nid = "{card_id}"\ntype = "gear"\ntitle.en = "{title[0]}"\ntitle.es = "{title[1]}"\n'
        f'text.en = "{text[0]}"\ntext.es = "{text[1]}"\ncost = 100\nstatus.es = "translated"\n'
    )


def _add(pack: Path, *cards: str) -> None:
    supply = pack / "supply.toml"
    supply.write_text(supply.read_text(encoding="utf-8") + "".join(cards), encoding="utf-8")


def _edit(pack: Path, old: str, new: str, file: str = "supply.toml") -> None:
    """Replace the first `old` of the deck file (a card's line) with `new`."""
    path = pack / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


class Checks:
    """A check with the cache, as each new process runs it, beside one without: the same findings."""

    def __init__(self, pack: Path, cache_folder: Path) -> None:
        self.pack = pack
        self.cache = Cache(cache_folder, ".json")

    def findings(self, code: str) -> list[Finding]:
        cached = cached_check(_loaded(self.pack), self.cache)
        assert cached == check_pack(_loaded(self.pack))  # same text, same order
        return [f for f in cached if f.code == code]


def test_a_renamed_title_makes_and_unmakes_findings_on_the_cards_that_cite_it(tiny_copy: Path, tmp_path: Path) -> None:
    _add(
        tiny_copy,
        _card(
            "scout",
            ("Scout", "Explorador"),
            (
                "Search the deck for “Spare Parts” and draw the **Fuel Cell**.",
                "Busca «Repuestos» en el mazo y roba la **Célula de combustible**.",
            ),
        ),
    )
    checks = Checks(tiny_copy, tmp_path / "cache")
    assert checks.findings("text/cited-name") == []
    _edit(tiny_copy, 'title.es = "Repuestos"', 'title.es = "Recambios"')  # another card renamed
    found = checks.findings("text/cited-name")
    assert [f.card for f in found] == ["scout", "scout"]
    assert '"Spare Parts", titled "Recambios"' in found[0].message and '"Repuestos" is quoted' in found[1].message
    _edit(tiny_copy, 'title.es = "Recambios"', 'title.es = "Repuestos"')
    assert checks.findings("text/cited-name") == []
    _edit(tiny_copy, 'title.es = "Célula de combustible"', 'title.es = "Célula de combustibles"')
    found = checks.findings("text/cited-name")
    assert [f.card for f in found] == ["scout", "scout"]
    assert "titled" in found[0].message and 'reads as the name of "Célula de combustibles"' in found[1].message
    _edit(tiny_copy, 'title.es = "Célula de combustibles"', 'title.es = "Célula de combustible"')
    assert checks.findings("text/cited-name") == []


def test_a_sentence_translated_otherwise_is_found_on_the_card_the_others_outnumber(
    tiny_copy: Path, tmp_path: Path
) -> None:
    same = ("Gain 2 {fuel}.", "Gana 2 {fuel}.")  # fuel-cell's text
    _add(tiny_copy, _card("cell-b", ("Cell B", "Célula B"), same), _card("cell-c", ("Cell C", "Célula C"), same))
    checks = Checks(tiny_copy, tmp_path / "cache")
    assert checks.findings("text/consistency") == []
    c_line = 'title.es = "Célula C"\ntext.en = "Gain 2 {fuel}."\ntext.es = '
    b_line = 'title.es = "Célula B"\ntext.en = "Gain 2 {fuel}."\ntext.es = '
    _edit(tiny_copy, c_line + '"Gana 2 {fuel}."', c_line + '"Obtén 2 {fuel}."')
    found = checks.findings("text/consistency")
    assert [f.card for f in found] == ["cell-c"] and "as on 2 of 3 cards" in found[0].message
    _edit(tiny_copy, b_line + '"Gana 2 {fuel}."', b_line + '"Obtén 2 {fuel}."')
    found = checks.findings("text/consistency")  # now the card nobody edited says it otherwise
    assert [f.card for f in found] == ["fuel-cell"] and '"Obtén 2 {fuel}." on card "cell-b"' in found[0].message
    _edit(tiny_copy, b_line + '"Obtén 2 {fuel}."', b_line + '"Recibe 2 {fuel}."')
    found = checks.findings("text/consistency")  # three wordings, one card each: a tie
    assert [f.card for f in found] == ["fuel-cell", "cell-b", "cell-c"]
    assert all("pnp cannot tell which is meant" in f.message for f in found)
    _edit(tiny_copy, b_line + '"Recibe 2 {fuel}."', b_line + '"Gana 2 {fuel}."')
    assert [f.card for f in checks.findings("text/consistency")] == ["cell-c"]
    _edit(tiny_copy, c_line + '"Obtén 2 {fuel}."', c_line + '"Gana 2 {fuel}."')
    assert checks.findings("text/consistency") == []


def test_the_register_most_texts_use_turns_and_the_findings_move_to_the_cards_not_edited(
    tiny_copy: Path, tmp_path: Path
) -> None:
    # tiny's five Spanish rules texts say tú; six more cards say tú, then one by one usted
    _add(tiny_copy, *(_card(f"u{n}", (f"U {n}", f"U {n}"), ("Draw a card.", "Roba una carta.")) for n in range(6)))
    checks = Checks(tiny_copy, tmp_path / "cache")
    assert checks.findings("text/register") == []
    tiny_cards = {"spare-parts", "pilot", "storm", "reshuffle", "clear-skies"}

    def to_usted(n: int, back: bool = False) -> None:
        line = f'title.es = "U {n}"\ntext.en = "Draw a card."\ntext.es = '
        said, says = '"Robe una carta."', '"Roba una carta."'
        _edit(tiny_copy, line + (said if back else says), line + (says if back else said))

    to_usted(0)
    assert [f.card for f in checks.findings("text/register")] == ["u0"]
    for n in range(1, 5):
        to_usted(n)
    assert [f.card for f in checks.findings("text/register")] == [f"u{n}" for n in range(5)]  # 6 tú against 5
    to_usted(5)
    found = checks.findings("text/register")  # 6 usted against 5: tiny's own cards are the odd ones now
    assert {f.card for f in found} == tiny_cards and "this pack uses usted" in found[0].message
    to_usted(5, back=True)
    assert [f.card for f in checks.findings("text/register")] == [f"u{n}" for n in range(5)]


@pytest.mark.parametrize(
    ("code", "original", "translation"),
    [
        ("text/comparison", "Gain at least 2 {fuel}.", "Gana como máximo 2 {fuel}."),
        ("text/condition", "If you can, gain 2 {fuel}.", "Gana 2 {fuel}."),
        ("text/player", "Each opponent gains 2 {fuel}.", "Gana 2 {fuel}."),
        (
            "text/shortened",
            "Gain 2 {fuel}. Then draw three cards from the top of the nav deck and keep one of them in your hand.",
            "Gana 2 {fuel}.",
        ),
        ("text/homophone", "Roll a die and gain 2 {fuel}.", "Hecha un dado y gana 2 {fuel}."),
        ("text/line-breaks", "Gain 2 {fuel}.", "\\nGana 2 {fuel}."),
    ],
)
def test_a_rule_kept_per_card_finds_after_an_edit_what_a_full_check_finds(
    tiny_copy: Path, tmp_path: Path, code: str, original: str, translation: str
) -> None:
    assert code in CARD_ALONE
    checks = Checks(tiny_copy, tmp_path / "cache")
    assert checks.findings(code) == []
    was = 'text.en = "Gain 2 {fuel}."\ntext.es = "Gana 2 {fuel}."'
    now = f'text.en = "{original}"\ntext.es = "{translation}"'
    _edit(tiny_copy, was, now)
    assert [f.card for f in checks.findings(code)] == ["fuel-cell"]
    rule = next(rule for rule in RULES if rule.id == code)
    pack = _loaded(tiny_copy)
    assert rule.run(only_cards(pack, {"fuel-cell"})) == rule.run(pack)  # the card judged alone, as it is kept
    _edit(tiny_copy, now, was)
    assert checks.findings(code) == []


def test_after_one_edit_the_rules_in_two_phases_read_only_the_edited_card(tiny_copy: Path, tmp_path: Path) -> None:
    read: list[tuple[str, int]] = []

    def counted(rule: Rule) -> Rule:
        def reading(pack: PackData) -> Parts:
            assert rule.read is not None
            read.append((rule.id, len(pack.cards())))
            return rule.read(pack)

        return replace(rule, read=reading)

    two_phases = [rule for rule in RULES if rule.read is not None]
    assert {rule.id for rule in two_phases} == {"text/cited-name", "text/consistency", "text/register"}
    rules = tuple(counted(rule) if rule.read is not None else rule for rule in RULES)
    cache = Cache(tmp_path / "cache", ".json")
    cached_check(_loaded(tiny_copy), cache, rules)
    cards = len(_loaded(tiny_copy).cards())
    assert read == [(rule.id, cards) for rule in two_phases]
    read.clear()
    _edit(tiny_copy, 'text.es = "Gana 2 {fuel}."', 'text.es = "Obtén 2 {fuel}."')
    assert cached_check(_loaded(tiny_copy), cache, rules) == check_pack(_loaded(tiny_copy))
    assert read == [(rule.id, 1) for rule in two_phases]


def test_what_the_rules_in_two_phases_read_is_kept_as_json_keeps_it(tiny_copy: Path) -> None:
    """A part read now and one from the cache are combined together: JSON must give it back as it was
    (a tuple would come back a list, a dict's keys sorted)."""
    _add(tiny_copy, _card("scout", ("Scout", "Explorador"), ("Draw “Spare Parts”.", "Roba «Repuesto».")))
    pack = _loaded(tiny_copy)
    for rule in RULES:
        if rule.read is not None:
            parts = rule.read(pack)
            assert parts, rule.id  # tiny gives each rule something to keep
            assert json.loads(json.dumps(parts, ensure_ascii=False, sort_keys=True)) == parts
            assert list(parts) == [card for card in pack.cards() if card in parts]  # in the pack's order


def test_no_rule_is_kept_per_card_and_across_cards_at_once() -> None:
    ids = {rule.id for rule in RULES}
    assert ids >= KEPT_PER_CARD  # a rule renamed is not silently checked on the whole pack
    assert not any(rule.read is not None and rule.id in KEPT_PER_CARD for rule in RULES)


@pytest.mark.parametrize("damage", ["line", "cards", "whole"])
def test_an_entry_that_verifies_but_holds_a_strangers_data_is_checked_again(
    tiny_copy: Path, tmp_path: Path, damage: str
) -> None:
    """An entry pnp's record vouches for can still hold data pnp never wrote (a copied folder, a hand
    edit with its record made again): the findings are a full check's, and the entry is written anew."""
    cache = Cache(tmp_path / "check", ".json")
    pack = _loaded(tiny_copy)
    expected = check_pack(pack)
    assert cached_check(pack, cache) == expected
    (entry,) = [  # of the group of rules that holds those across cards (pnp.check.entry)
        p
        for p in cache.folder.glob("*.json")
        if not p.name.endswith(".meta.json") and "text/cited-name" in p.read_text()
    ]
    key = entry.name.removesuffix(".json")
    stored = json.loads(entry.read_text(encoding="utf-8"))
    if damage == "line":  # a finding whose line is text
        whole = stored["whole"][next(iter(stored["whole"]))]
        planted = {"severity": "warning", "code": "x", "file": "f", "message": "m", "line": "three"}
        whole[next(iter(whole))] = [planted | {"card": None, "field": None, "hint": None}]
    elif damage == "cards":
        stored["cards"] = ["not", "records"]
    else:
        stored["whole"] = {next(iter(stored["whole"])): {"text/cited-name": "none"}}
    cache.put(key, json.dumps(stored).encode())  # a record that verifies
    assert cached_check(pack, cache) == expected
    assert cached_check(pack, cache) == expected  # and the entry was made again


def test_the_aids_texts_are_judged_again_after_a_card_edit_only_for_the_names_they_cite(
    tiny_copy: Path, tmp_path: Path
) -> None:
    """The card-text rules on an aid's texts depend on the aid, not on the cards, except the cited
    names: an edit of a card runs only those, and finds what a check without a cache finds."""
    (tiny_copy / "aids").mkdir()
    (tiny_copy / "aids" / "refuel.toml").write_text(
        'kind = "reference"\ntitle = { en = "Refuel", es = "Repostar" }\nsize = "poker"\n\n[[block]]\n'
        'text.en = "Discard a \\"Fuel Cell\\" to move again. Discard a \\"Fuel Cell\\" to move again."\n'
        'text.es = "Descarta una «Célula de combustible» para mover otra vez.  '
        'Descarta  una «Célula de combustible»."\n',
        encoding="utf-8",
    )
    alone_runs: list[int] = []
    rules = []
    for rule in RULES:
        if rule.alone is not None:
            original = rule.alone

            def counted(pack: PackData, original: object = original) -> object:
                alone_runs.append(1)
                return original(pack)  # type: ignore[operator]

            rule = replace(rule, alone=counted)
        rules.append(rule)
    cache = Cache(tmp_path / "cache", ".json")
    first = cached_check(_loaded(tiny_copy), cache, tuple(rules))
    assert first == check_pack(_loaded(tiny_copy))
    assert [f for f in first if f.code.startswith("text/") and "refuel" in f.file]  # the aid has findings
    assert len(alone_runs) == 1
    _edit(tiny_copy, 'title.es = "Célula de combustible"', 'title.es = "Pila de combustible"')
    again = cached_check(_loaded(tiny_copy), cache, tuple(rules))
    assert len(alone_runs) == 1  # the aid's own findings were kept
    assert again == check_pack(_loaded(tiny_copy))
    cited = [f for f in again if f.code == "text/cited-name" and "refuel" in f.file]
    assert cited and not [f for f in first if f.code == "text/cited-name" and "refuel" in f.file]
