"""What a layout expression reads of the card's record, so that an element is laid out once per
distinct reading instead of once per card.

Most of a face's expressions read little of its card: `{{ deck.color }}`, `{{ '31mm' if
card.keywords else '25.5mm' }}`, a dozen `{% set %}` that only ask whether the card has art.  An
expression's value is a function of what it reads of its context (the sandbox gives it nothing
else: no globals, no clock, no random filter here), so two cards that read the same give the same
element.  `reads(source)` finds, from the expression's syntax tree, each place where it names a
value of the context, and how far that value matters: the value a chain of constant keys reaches
(`card.title`), or only its truth (`if card.art`), whether it is none (`card.art is not none`),
whether it is defined.  `reading(specs, context)` gives that, for one card, as a key.

Where the tree holds anything this does not follow (the random filter), `reads` gives None: the
element is laid out on every card, as before.  A value of a kind other than plain data (str,
numbers, None, lists, tuples and dicts of them) makes the reading None too.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from jinja2 import nodes

# how a read counts: its whole value, its truth, whether it is none, whether it is defined
VALUE, TRUTH, NONE, DEFINED = "value", "truth", "none", "defined"
# filters whose result is not a function of their arguments
_UNSTEADY_FILTERS = frozenset({"random"})
# what reads the context, or other templates, without naming a value
_ELSEWHERE = (
    nodes.ContextReference,
    nodes.DerivedContextReference,
    nodes.Include,
    nodes.Import,
    nodes.FromImport,
    nodes.Extends,
)
_MISSING = ("missing",)  # a key the record lacks: jinja's undefined, which may raise or test false

# (name, chain of constant keys, how it counts)
Read = tuple[str, tuple[str, ...], str]


class NotPlain(Exception):
    """A value read that is not plain data: the element is laid out again rather than recalled."""


@lru_cache(maxsize=4096)
def reads(source: str) -> tuple[Read, ...] | None:
    """Each read of the context `source` makes, or None where its value may depend on more."""
    from pnp.layout.expressions import _environment

    try:
        tree = _environment().parse(source)
    except Exception:  # a syntax error: laying it out reports it, on every card
        return None
    if any(f.name in _UNSTEADY_FILTERS for f in tree.find_all(nodes.Filter)):
        return None
    if any(True for _node in tree.find_all(_ELSEWHERE)):  # what these read is not named in the tree
        return None
    parents: dict[int, nodes.Node] = {}
    for parent in tree.find_all(nodes.Node):
        for child in parent.iter_child_nodes():
            parents[id(child)] = parent
    found: list[Read] = []
    for name in tree.find_all(nodes.Name):
        if name.ctx != "load":
            continue
        top: nodes.Node = name
        chain: list[str] = []
        while (key := _constant_key(parents.get(id(top)), top)) is not None:
            chain.append(key)
            top = parents[id(top)]
        found.append((name.name, tuple(chain), _counts(top, parents)))
    return tuple(dict.fromkeys(found))


def _constant_key(parent: nodes.Node | None, child: nodes.Node) -> str | None:
    """The key `parent` takes of `child` when it is a constant one (`child.key`, `child['key']`)."""
    if isinstance(parent, nodes.Getattr) and parent.node is child:
        return parent.attr
    if (
        isinstance(parent, nodes.Getitem)
        and parent.node is child
        and isinstance(parent.arg, nodes.Const)
        and isinstance(parent.arg.value, str)
    ):
        return parent.arg.value
    return None


def _counts(node: nodes.Node, parents: dict[int, nodes.Node]) -> str:
    """How much of the value `node` gives its parent uses."""
    parent = parents.get(id(node))
    if isinstance(parent, nodes.Test) and parent.node is node:
        if parent.name == "none" and not parent.args and not parent.kwargs:
            return NONE
        if parent.name in ("defined", "undefined") and not parent.args and not parent.kwargs:
            return DEFINED
        return VALUE
    return TRUTH if _truth_only(node, parents) else VALUE


def _truth_only(node: nodes.Node, parents: dict[int, nodes.Node]) -> bool:
    """Whether only the truth of `node` is used: the test of an `if`, under `not`, or an operand of an
    `and`/`or` that is itself only tested (`a and b` written out is `a` or `b`, not a truth)."""
    parent = parents.get(id(node))
    if isinstance(parent, nodes.CondExpr | nodes.If) and parent.test is node:
        return True
    if isinstance(parent, nodes.Not):
        return True
    if isinstance(parent, nodes.And | nodes.Or):
        return _truth_only(parent, parents)
    return False


def reading(specs: tuple[Read, ...], context: dict[str, Any]) -> tuple[object, ...]:
    """What the reads `specs` find in `context`, as a key (NotPlain: a value not plain data)."""
    return tuple(_read(context, name, chain, counts) for name, chain, counts in specs)


def _read(context: dict[str, Any], name: str, chain: tuple[str, ...], counts: str) -> object:
    value = context.get(name, _MISSING)
    if value is _MISSING:
        return _MISSING
    for position, key in enumerate(chain):
        # jinja's sandbox looks a dict's key up unless a dict has an attribute of that name: a
        # method then, whose use follows from the dict, kept whole
        if type(value) is not dict or key in _DICT_NAMES:
            return ("part", position, _plain(value))
        value = value.get(key, _MISSING)
        if value is _MISSING:
            return ("part", position, _MISSING)
    if counts == TRUTH:
        _plain(value)
        return bool(value)
    if counts == NONE:
        return value is None
    if counts == DEFINED:
        return True
    return _plain(value)


_SCALARS = (str, int, float, bool, type(None))


_DICT_NAMES = frozenset(dir(dict))


def _plain(value: Any) -> object:
    """`value` as a key that tells its type too (1, 1.0 and True print apart), or NotPlain.  A
    string is itself: at one place of a reading nothing else is a string."""
    kind = type(value)
    if kind is str:
        return value
    if kind in _SCALARS:
        return (kind.__name__, value)
    if kind is list or kind is tuple:
        return (kind.__name__, tuple(_plain(item) for item in value))
    if kind is dict:
        return ("dict", tuple((_plain(k), _plain(v)) for k, v in value.items()))
    raise NotPlain
