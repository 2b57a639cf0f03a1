"""What one card face's layout expressions may compute, allocate and take.

jinja2's sandbox keeps a layout from reaching outside (no attributes of
Python's internals, no files), but not from working forever: nested loops over
a long string, or `'x'.ljust(1500000000)`, are allowed by it.  Layouts come
from strangers, so every expression of a face runs on a budget:

- every step the sandbox lets pnp see (a call, an operator, a filter or test,
  a loop iteration) is counted, and the face's clock checked;
- every string, list or number a step makes is measured;
- the operations that make much more than they are given (`ljust`, `center`,
  `replace`, `join`, `format`, `%`, `*`, `batch`, ...) are measured *before*
  they run, so nothing huge is ever allocated.

Loops have no hook of their own: templates are compiled from their syntax tree
with each `for` rewritten to pass its items, and its body, through `step`.
The limits are in pnp.limits; going over one raises OverBudget, which the
layout stage reports at the element, its layout file and line, and the card.
"""

from __future__ import annotations

import re
import string
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import wraps
from itertools import islice
from typing import Any

from jinja2 import nodes
from jinja2.utils import generate_lorem_ipsum

from pnp.i18n import _, number
from pnp.limits import MAX_EXPRESSION_INT_BITS, MAX_EXPRESSION_ITEMS, MAX_FACE_SECONDS, MAX_FACE_STEPS

MAX_BITS = MAX_EXPRESSION_INT_BITS


class OverBudget(Exception):
    """A layout expression went over one of its limits; the message says which, for a person."""


@dataclass
class _Budget:
    deadline: float
    steps: int = 0


_CURRENT: ContextVar[_Budget | None] = ContextVar("pnp_face_budget", default=None)


@contextmanager
def face_budget() -> Iterator[None]:
    """The expressions run inside share one face's budget of steps and seconds."""
    token = _CURRENT.set(_Budget(time.monotonic() + MAX_FACE_SECONDS))
    try:
        yield
    finally:
        _CURRENT.reset(token)


def step() -> None:
    """One step of the face's expressions; the clock is read every 64 steps (each step is bounded)."""
    budget = _CURRENT.get()
    if budget is None:
        return
    budget.steps += 1
    if budget.steps > MAX_FACE_STEPS:
        raise OverBudget(
            _("the expressions of this face take more than {limit} steps (a loop too long?)").format(
                limit=number(MAX_FACE_STEPS)
            )
        )
    if budget.steps & 63 == 0 and time.monotonic() > budget.deadline:
        raise OverBudget(
            _("the expressions of this face take more than {seconds} seconds").format(seconds=f"{MAX_FACE_SECONDS:g}")
        )


def steps_taken() -> int:
    """The steps the face's expressions have taken so far (0 outside a face's budget)."""
    budget = _CURRENT.get()
    return 0 if budget is None else budget.steps


def take_steps(steps: int) -> bool:
    """Count `steps` taken at once (an element recalled instead of laid out again takes the steps
    it took then); False, counting none, when they would go over the face's budget."""
    budget = _CURRENT.get()
    if budget is None:
        return True
    if budget.steps + steps > MAX_FACE_STEPS:
        return False
    budget.steps += steps
    return True


def _too_many(count: int) -> OverBudget:
    return OverBudget(
        _("this would make a value of {count} characters or items; at most {limit}").format(
            count=number(count), limit=number(MAX_EXPRESSION_ITEMS)
        )
    )


def allow(count: int) -> None:
    """Refuse, before it is made, a string or list of `count` characters or items."""
    if count > MAX_EXPRESSION_ITEMS:
        raise _too_many(count)


_SIZED = (str, bytes, list, tuple, dict, set, frozenset)
_PLAIN_TYPES = frozenset({float, bool, type(None)})


def measured(value: Any) -> Any:
    """The value a step made, refused if it is over the limits (the exact types first: this runs on every step)."""
    kind = type(value)
    if kind is str or kind is bytes:
        if len(value) > MAX_EXPRESSION_ITEMS:
            raise _too_many(len(value))
    elif kind is int:
        if value.bit_length() > MAX_EXPRESSION_INT_BITS:
            raise _too_large_number()
    elif kind not in _PLAIN_TYPES and isinstance(value, _SIZED):
        allow(weight(value))
    elif isinstance(value, int) and value.bit_length() > MAX_EXPRESSION_INT_BITS:
        raise _too_large_number()
    return value


def weight(value: Any, _open: frozenset[int] = frozenset()) -> int:
    """What a value weighs once written out: a string its characters, a list its items and theirs.

    A list holding one long string 100,000 times is small by its count and 10 GB as text:
    writing it (`{{ list }}`, `| string`) would make that text.  Counting stops past the limit,
    so it costs at most the limit; a list that holds itself is written `[...]` and counts once."""
    if isinstance(value, str | bytes):
        return len(value)
    if not isinstance(value, list | tuple | dict | set | frozenset) or id(value) in _open:
        return 1
    inner = _open | {id(value)}
    total = len(value)
    items = value.items() if isinstance(value, dict) else value
    for item in items:
        total += weight(item, inner)
        if total > MAX_EXPRESSION_ITEMS:
            break
    return total


def _too_large_number() -> OverBudget:
    return OverBudget(
        _("this would make a number of more than {limit} digits").format(
            limit=number(int(MAX_EXPRESSION_INT_BITS * 0.30103))
        )
    )


def _length(value: Any) -> int:
    return len(value) if hasattr(value, "__len__") else len(str(value))


def _width(value: Any) -> int:
    """A width or count argument (an int, or a str for indent): what it adds per use."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    return len(value) if isinstance(value, str | bytes) else 0


def _items(values: Any) -> list[Any]:
    """An iterable as a list, refused past the limit before more is taken from it."""
    if isinstance(values, list | tuple):
        return list(values)
    taken = list(islice(iter(values), MAX_EXPRESSION_ITEMS + 1))
    allow(len(taken))
    return taken


def checked_join(chunks: Iterable[Any]) -> str:
    """ "".join, stopping at the limit instead of after it (template output, {% set %} blocks, `~`)."""
    parts = []
    total = 0
    for chunk in chunks:
        text = chunk if isinstance(chunk, str) else str(chunk)
        total += len(text)
        if total > MAX_EXPRESSION_ITEMS:
            raise _too_many(total)
        parts.append(text)
    return "".join(parts)


# --- checks before an operation that multiplies what it is given ---------------------------------

_PRINTF_FIELD = re.compile(r"%(?:\([^)]*\))?[-+ #0]*(\d+|\*)?(?:\.(\d+|\*))?")
_DIGITS = re.compile(r"\d+")


def check_printf(template: str, values: Any) -> None:
    """'%*s' % (n, x) and '%1000000000s' % x: widths and precisions within the limit."""
    star = False
    for match in _PRINTF_FIELD.finditer(template):
        for group in match.groups():
            if group == "*":
                star = True
            elif group:
                allow(int(group))
    if star:
        for value in values if isinstance(values, tuple) else (values,):
            if isinstance(value, int):
                allow(abs(value))


def check_format(template: str, args: Iterable[Any], kwargs: dict[str, Any]) -> None:
    """'{:>1000000000}'.format(x), and widths given as arguments ('{:{}}'.format(x, n))."""
    try:
        fields = list(string.Formatter().parse(template))
    except ValueError:
        return  # str.format raises it again, as a template error
    for _literal, _name, spec, _conversion in fields:
        if not spec:
            continue
        for digits in _DIGITS.findall(spec):
            allow(int(digits))
        if "{" in spec:
            for value in [*args, *kwargs.values()]:
                if isinstance(value, int):
                    allow(abs(value))


def check_binop(operator: str, left: Any, right: Any) -> None:
    if operator == "*":
        for text, times in ((left, right), (right, left)):
            if isinstance(times, int) and isinstance(text, str | bytes | list | tuple):
                allow(weight(text) * times)
        if isinstance(left, int) and isinstance(right, int) and left.bit_length() + right.bit_length() > MAX_BITS:
            raise _too_large_number()
    elif operator == "**":
        if isinstance(left, int) and isinstance(right, int) and (abs(left).bit_length() - 1) * right > MAX_BITS:
            raise _too_large_number()
    elif operator == "+":
        if isinstance(left, str | bytes | list | tuple) and isinstance(right, str | bytes | list | tuple):
            allow(weight(left) + weight(right))
    elif operator == "%" and isinstance(left, str | bytes):
        check_printf(left if isinstance(left, str) else left.decode("latin-1"), right)


def _check_method(owner: Any, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """A method of a str, bytes, list, dict, set or int that could make far more than it is given."""
    first = args[0] if args else None
    if isinstance(owner, str | bytes):
        if name in ("ljust", "rjust", "center", "zfill"):
            allow(_width(first if first is not None else kwargs.get("width", 0)))
        elif name == "expandtabs":
            size = first if first is not None else kwargs.get("tabsize", 8)
            tabs = owner.count("\t") if isinstance(owner, str) else owner.count(b"\t")
            allow(len(owner) + tabs * _width(size))
        elif name == "replace" and len(args) >= 2:
            old, new = args[0], args[1]
            times = len(owner) + 1 if not old else owner.count(old)
            allow(len(owner) + times * _length(new))
        elif name == "join" and args:
            items = _items(first)
            allow(len(owner) * max(len(items) - 1, 0) + sum(_length(item) for item in items))
        elif name == "translate" and isinstance(first, dict):
            longest = max((_length(v) for v in first.values() if v is not None), default=1)
            allow(len(owner) * longest)
    elif isinstance(owner, list | dict | set):
        if name in ("append", "add", "insert", "setdefault") and args:
            allow(weight(owner) + weight(args[-1]))
        elif name in ("extend", "update") and args:
            allow(weight(owner) + weight(_items(first)))
    elif isinstance(owner, int) and name == "to_bytes":
        allow(_width(first if first is not None else kwargs.get("length", 1)))


def check_call(function: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    owner = getattr(function, "__self__", None)
    name = getattr(function, "__name__", "")
    if owner is not None and not isinstance(owner, type):
        _check_method(owner, name, args, kwargs)
    elif function is generate_lorem_ipsum:
        paragraphs = _width(args[0] if args else kwargs.get("n", 5))
        words = _width(args[3] if len(args) > 3 else kwargs.get("max", 100))
        allow(paragraphs * words * 8)  # a lorem ipsum word is at most about 8 characters with its space


# filter name -> the check of its arguments before it runs (value, *args, **kwargs)
def _filter_center(value: Any, width: Any = 80, *_: Any, **__: Any) -> None:
    allow(_width(width))


def _filter_indent(value: Any, width: Any = 4, *_: Any, **__: Any) -> None:
    text = str(value)
    allow(len(text) + (text.count("\n") + 1) * _width(width))


def _filter_wordwrap(value: Any, width: int = 79, break_long_words: bool = True, wrapstring: Any = None, **_: Any):
    text = str(value)
    allow(len(text) + (len(text) + 1) * _length(wrapstring or "\n"))


def _filter_replace(value: Any, old: Any = "", new: Any = "", *_: Any, **__: Any) -> None:
    text = str(value)
    times = len(text) + 1 if not old else text.count(str(old))
    allow(len(text) + times * _length(new))


def _filter_join(value: Any, d: Any = "", attribute: Any = None, **_: Any) -> None:
    items = _items(value)
    allow(_length(d) * max(len(items) - 1, 0) + sum(_length(item) for item in items if isinstance(item, str)))


def _filter_format(value: Any, *args: Any, **kwargs: Any) -> None:
    check_printf(str(value), tuple(kwargs.values()) or args)


def _filter_count(value: Any, count: Any = 0, *_: Any, **__: Any) -> None:
    allow(_width(count))


def _filter_sum(value: Any, attribute: Any = None, start: Any = 0, **_: Any) -> None:
    if not isinstance(start, int | float):
        items = _items(value)
        allow(_length(start) + sum(_length(item) for item in items if hasattr(item, "__len__")))


_FILTER_CHECKS: dict[str, Callable[..., None]] = {
    "center": _filter_center,
    "indent": _filter_indent,
    "wordwrap": _filter_wordwrap,
    "replace": _filter_replace,
    "join": _filter_join,
    "format": _filter_format,
    "batch": _filter_count,
    "slice": _filter_count,
    "sum": _filter_sum,
}


def budgeted(name: str, function: Any) -> Any:
    """A filter or test that counts a step, is checked before it runs and measured after.

    functools.wraps keeps jinja2's pass_context/pass_environment marks."""
    check = _FILTER_CHECKS.get(name)
    passes = getattr(function, "jinja_pass_arg", None)

    @wraps(function)
    def checked(*args: Any, **kwargs: Any) -> Any:
        step()
        check(*(args[1:] if passes is not None else args), **kwargs)  # type: ignore[misc]
        return measured(function(*args, **kwargs))

    @wraps(function)
    def counted(*args: Any, **kwargs: Any) -> Any:
        step()
        return measured(function(*args, **kwargs))

    return counted if check is None else checked


# --- loops: the syntax tree rewritten so that each item and each pass of the body is a step ---------


def budget_loops(tree: nodes.Template) -> nodes.Template:
    """Every {% for %} takes its items through `environment.budget_items` and starts its body with
    `environment.budget_step()`; every `a ~ b` becomes `environment.budget_concat([a, b])`, and every
    list, tuple or dict written out `environment.budget_value(...)`."""
    for loop in tree.find_all(nodes.For):
        loop.iter = nodes.Call(nodes.EnvironmentAttribute("budget_items"), [loop.iter], [], None, None)
        loop.body.insert(0, nodes.ExprStmt(nodes.Call(nodes.EnvironmentAttribute("budget_step"), [], [], None, None)))
    for parent in list(tree.find_all(nodes.Node)):
        for field_name in parent.fields:
            value = getattr(parent, field_name, None)
            if isinstance(value, nodes.Node):
                setattr(parent, field_name, _rewritten(value))
            elif isinstance(value, list):
                value[:] = [_rewritten(v) if isinstance(v, nodes.Node) else v for v in value]
    return tree


def repeats(tree: nodes.Template) -> bool:
    """Whether the template can write more pieces than its source has: a loop, a macro or a call block."""
    return any(True for _node in tree.find_all((nodes.For, nodes.Macro, nodes.CallBlock)))


def _rewritten(node: nodes.Node) -> nodes.Node:
    """`a ~ b` joined on the budget; a list, tuple or dict written in the layout weighed once made
    ([s, s, s, ...] of one long string is small to write and huge to print)."""
    if isinstance(node, nodes.Concat):
        return nodes.Call(nodes.EnvironmentAttribute("budget_concat"), [nodes.List(node.nodes)], [], None, None)
    if isinstance(node, nodes.List | nodes.Dict) or (isinstance(node, nodes.Tuple) and node.ctx == "load"):
        return nodes.Call(nodes.EnvironmentAttribute("budget_value"), [node], [], None, None)
    return node


def budget_items(items: Iterable[Any]) -> Iterator[Any]:
    for item in items:
        step()
        yield item
