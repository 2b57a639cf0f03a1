"""pnp.layout.recall: an element is laid out once per distinct reading of the card, never wrongly recalled."""

from __future__ import annotations

from pnp.layout.recall import DEFINED, NONE, TRUTH, VALUE, reading, reads


def test_reads_name_how_much_of_each_value_counts() -> None:
    assert reads("{{ card.title }}") == (("card", ("title",), VALUE),)
    assert reads("{{ '31mm' if card.keywords else '25mm' }}") == (("card", ("keywords",), TRUTH),)
    assert reads("{{ card.art is not none }}") == (("card", ("art",), NONE),)
    assert reads("{{ x is defined }}") == (("x", (), DEFINED),)
    # written out, `a and b` is a or b: their values count, not their truth
    assert reads("{{ card.a and card.b }}") == (("card", ("a",), VALUE), ("card", ("b",), VALUE))


def test_what_may_depend_on_more_is_never_recalled() -> None:
    assert reads("{{ [1, 2] | random }}") is None
    assert reads("{% include 'x' %}") is None
    assert reads("{{ broken") is None


def test_a_reading_tells_values_and_their_kinds_apart() -> None:
    specs = reads("{{ card.cost }}")
    assert specs is not None
    one = reading(specs, {"card": {"cost": 1}})
    assert one == reading(specs, {"card": {"cost": 1, "title": "other"}})
    assert one != reading(specs, {"card": {"cost": 1.0}})
    assert one != reading(specs, {"card": {"cost": True}})
    assert one != reading(specs, {"card": {}})
    truth = reads("{{ 'a' if card.art else 'b' }}")
    assert truth is not None
    assert reading(truth, {"card": {"art": "x.png"}}) == reading(truth, {"card": {"art": "y.png"}})
    assert reading(truth, {"card": {"art": "x.png"}}) != reading(truth, {"card": {"art": None}})
    # a dict's method is reached by that name: the whole dict counts
    items = reads("{{ card.items() | list }}")
    assert items is not None
    assert reading(items, {"card": {"a": 1}}) != reading(items, {"card": {"a": 2}})


def test_recalled_faces_are_the_faces_laid_out_each_time(monkeypatch) -> None:
    from pathlib import Path

    from pnp.layout import faces
    from pnp.layout.plan import lay_out_pack
    from pnp.load import load_pack

    data = load_pack(Path(__file__).parent.parent / "cards" / "blue-sun").pack
    assert data is not None

    def laid(language: str) -> object:
        result = lay_out_pack(data, language)
        return {key: (face.card, face.elements) for key, face in result.faces().items()}, result.findings

    recalled = {language: laid(language) for language in data.languages}
    assert any(entry.found for entry in faces._RECALLS.values())
    monkeypatch.setattr(faces, "_recalled", faces._evaluate)
    assert recalled == {language: laid(language) for language in data.languages}


class _Layout:
    """What _evaluate asks of a layout: where an element is written, for its findings."""

    def where(self, name: str, key: str | None = None) -> tuple[str, int]:
        return "layout.toml", 1


def test_a_recalled_element_takes_the_steps_it_took(monkeypatch) -> None:
    from pnp.layout import budget, faces
    from pnp.units import Size

    raw = {"name": "loop", "kind": "text", "text": "{% for i in card.many %}{% endfor %}x"}
    context = {"card": {"id": "c", "many": list(range(60_000))}, "lang": "en"}
    size = Size(100.0, 100.0)
    with budget.face_budget():
        element, problems = faces._recalled(_Layout(), raw, context, "c", (1.0, 1.0), size)  # type: ignore[arg-type]
        spent = budget.steps_taken()
    assert element is not None and not problems and spent > 100_000
    with budget.face_budget():  # recalled: no step of its own, the steps it took counted
        again, problems = faces._recalled(_Layout(), raw, dict(context), "c", (1.0, 1.0), size)  # type: ignore[arg-type]
        assert again == element and not problems and budget.steps_taken() == spent
    with budget.face_budget():  # a face that already spent most of its budget: over it, as laid out again
        assert budget.take_steps(150_000)
        again, problems = faces._recalled(_Layout(), raw, dict(context), "c", (1.0, 1.0), size)  # type: ignore[arg-type]
    assert again is None and [f.code for f in problems] == ["layout/too-large"]
