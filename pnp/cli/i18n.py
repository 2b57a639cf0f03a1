"""The command line in the interface language: `--ui-lang`, the help texts and click's own words.

Click builds a command when its module (pnp/cli/) is imported, before any option is read,
so help texts are kept in English there and translated here, once the language
of the run is known: at the start of every invocation, before --help can print.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Sequence

import click

from pnp.i18n import N_, _, choose_ui_language, ngettext, plural_forms

UI_LANG_OPTION = click.option(
    "--ui-lang",
    metavar="LANG",
    expose_value=False,
    help=N_("Language of pnp's messages and help (es, en); default: PNP_UI_LANG, then the locale (LANG)."),
)

# Click's own words that pnp's users read: usage lines, option errors, the help option.
# Click asks gettext for them; pnp's catalogue holds them (click ships no Spanish).
CLICK_MESSAGES = (
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Show this message and exit."),
    N_("Show the version and exit."),
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing command."),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Invalid value: {message}"),
    N_("Option {name!r} does not take a value."),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is a file."),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("default: {default}"),
    N_("env var: {var}"),
    N_("file"),
    N_("directory"),
    N_("path"),
    N_("Aborted!"),
)
CLICK_PLURALS = (
    plural_forms("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    plural_forms("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    plural_forms("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
    plural_forms("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
)
_CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "termui", "types", "utils")

# The English help of every command and option, read once from what click built.
_english: dict[int, str | None] = {}


def start_invocation(group: click.Group, args: Sequence[str]) -> None:
    """Choose the interface language of this run and put the command line in it."""
    notice = choose_ui_language(_option_value(args))
    _speak_through_click()
    translate_help(group)
    if notice:
        click.echo(f"pnp: {notice}", err=True)


def _option_value(args: Sequence[str]) -> str | None:
    """The value of --ui-lang among the options before the command, if given."""
    for index, arg in enumerate(args):
        if arg == "--ui-lang" and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith("--ui-lang="):
            return arg.partition("=")[2]
        if not arg.startswith("-"):
            break
    return None


def _speak_through_click() -> None:
    """Click's modules call gettext's global functions; point them at pnp's catalogue instead."""
    for name in _CLICK_MODULES:
        module = importlib.import_module(f"click.{name}")
        if hasattr(module, "_"):
            module._ = _  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = ngettext  # type: ignore[attr-defined]


def translate_help(command: click.Command) -> None:
    """The command's help, its options' and its subcommands' in the chosen interface language."""
    if hasattr(command, "_help_option"):
        command._help_option = None  # click keeps the --help option, with its text, from the last run
    # A command's help is its docstring; the catalogue holds it cleaned of indentation, as click shows it.
    command.help = _translated(command, inspect.cleandoc(command.help) if command.help else None)
    for param in command.params:
        if isinstance(param, click.Option):
            param.help = _translated(param, param.help)
        if isinstance(param.type, click.Path):  # "file", "directory", "path": named once, when the command was imported
            param.type.name = _translated(param.type, param.type.name) or param.type.name
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            translate_help(sub)


def _translated(owner: object, current: str | None) -> str | None:
    english = _english.setdefault(id(owner), current)
    return _(english) if english else english
