"""A layout's expressions: jinja2 in a sandbox on a budget, with pnp's filters, compiled once.

Every string of a layout may be a jinja2 expression evaluated per card (pnp.layout.faces); one from a
stranger must not be able to exhaust memory or time, so the sandbox weighs what each operation would
make before it makes it (pnp.layout.budget).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import jinja2
from jinja2.sandbox import SandboxedEnvironment

from pnp.i18n import _, printed
from pnp.layout import budget
from pnp.limits import MAX_EXPRESSION_TEXT


def _money(value: Any, language: str = "en") -> str:
    if value is None:
        return ""
    digits = f"{int(value):,}"
    return "$" + (digits.replace(",", ".") if language != "en" else digits)


def _skills(skills: dict[str, int]) -> str:
    return "   ".join(f"{{{name}}} {value}" for name, value in skills.items())


def _icons(names: Any) -> str:
    items = names.split() if isinstance(names, str) else list(names or [])
    return "".join(f"{{{name}}}" for name in items)


def _printed(word: Any, language: str = "en") -> str:
    """A word a layout prints, from the sheets catalogue in the card's language: `'SHADOW' | printed(lang)`
    is SOMBRA in Spanish, OMBRE in French, SHADOW where the catalogue has no translation."""
    return printed(language, str(word))


MAX_TEXT = MAX_EXPRESSION_TEXT  # characters an expression may make: a card holds a few hundred


class _LayoutSandbox(SandboxedEnvironment):
    """jinja2's sandbox, on a budget (pnp.layout.budget): a layout from a stranger must not be able to
    exhaust memory or time ('x' * 10**9, 9**9**9, 'x'.ljust(10**9), loops in loops)."""

    intercepted_binops = frozenset({"*", "**", "+", "%"})
    concat = staticmethod(budget.checked_join)  # {% set %} blocks, macros and {% filter %} blocks join with it
    budget_items = staticmethod(budget.budget_items)
    budget_step = staticmethod(budget.step)
    budget_concat = staticmethod(budget.checked_join)
    budget_value = staticmethod(budget.measured)

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        # measured before, exactly: what these four make follows from what they are given
        if operator == "**" and isinstance(right, int | float) and abs(right) > 64:
            raise jinja2.exceptions.SecurityError(_("the power {right} is too large").format(right=right))
        budget.check_binop(operator, left, right)
        return super().call_binop(context, operator, left, right)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        budget.step()
        budget.check_call(__obj, args, kwargs)
        return budget.measured(super().call(__context, __obj, *args, **kwargs))

    def wrap_str_format(self, value: Any) -> Any:
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        template, mapping = value.__self__, value.__name__ == "format_map"

        def checked(*args: Any, **kwargs: Any) -> Any:
            budget.check_format(template, (), args[0] if mapping and args and isinstance(args[0], dict) else kwargs)
            budget.check_format(template, args, {})
            return budget.measured(wrapped(*args, **kwargs))

        return checked


@lru_cache(maxsize=1)
def _environment() -> SandboxedEnvironment:
    env = _LayoutSandbox(undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=False)
    env.filters["money"] = _money
    env.filters["skills"] = _skills
    env.filters["icons"] = _icons
    env.filters["printed"] = _printed
    env.filters = {name: budget.budgeted(name, function) for name, function in env.filters.items()}
    env.tests = {name: budget.budgeted(name, function) for name, function in env.tests.items()}
    return env


@lru_cache(maxsize=4096)
def compile_expression(source: str) -> jinja2.Template:
    env = _environment()
    tree = env.parse(source)
    template = env.from_string(budget.budget_loops(tree))
    # without loops, macros or blocks an expression writes as many pieces as its source has: joined at once
    template.pnp_unbounded = budget.repeats(tree)  # type: ignore[attr-defined]
    return template


def render_expression(template: jinja2.Template, context: dict[str, Any], statements: bool = True) -> str:
    """Template.render without copying the context for every string: a card has a dozen
    expressions, and building a fresh context for each was a third of the layout time.

    An expression without statements (`{% ... %}`: only those can set a variable) cannot change
    the jinja context it runs in, so the expressions of one card share one."""
    if statements:
        pieces = template.root_render_func(template.new_context(context, shared=True))
    else:
        if _SHARED[0] is not context:
            _SHARED[:] = [context, template.new_context(context, shared=True)]
        pieces = template.root_render_func(_SHARED[1])
    return budget.checked_join(pieces) if getattr(template, "pnp_unbounded", True) else "".join(pieces)


_SHARED: list[Any] = [None, None]  # the card context last rendered, and the jinja context made of it


_UNDEFINED = re.compile(r"^'(?P<name>[^']+)' is undefined$")
_NO_ATTRIBUTE = re.compile(r"^'(?P<owner>[^']+)' has no attribute '(?P<name>[^']+)'$")
_UNSAFE = re.compile(r"^access to attribute '(?P<name>[^']+)' of '[^']+' object is unsafe\.?$")


def undefined_name(exc: jinja2.UndefinedError) -> str:
    """The name a layout used that does not exist ("undefined_thing", "foo" of card.foo), not jinja2's English."""
    text = exc.message or ""
    if found := _UNDEFINED.match(text):
        return found["name"]
    if found := _NO_ATTRIBUTE.match(text):
        return found["name"]  # its owner is named by jinja2's type ("dict object"), not as the layout wrote it
    return text


def unsafe_name(exc: jinja2.exceptions.SecurityError) -> str:
    """What a layout reached for that the sandbox refuses ("__class__")."""
    found = _UNSAFE.match(str(exc))
    return found["name"] if found else str(exc)
