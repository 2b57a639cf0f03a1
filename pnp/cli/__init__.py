"""The command line: each command parses, calls one stage, and reports.

One file per command group: check.py, deck.py, build.py, board.py, new.py,
serve.py, proof.py, translate.py (glossary, export, import), cards.py
(import-cards) and scan.py; what they share is in common.py, the interface
language in i18n.py.  A command's module is
imported only when the command is run or listed, so `pnp --help` starts
without the model, the checks or ReportLab.
"""

from __future__ import annotations

import importlib
import sys

import click

from pnp import __version__
from pnp.cli.i18n import UI_LANG_OPTION, start_invocation, translate_help
from pnp.exiting import leave_interrupted, leave_reader_gone
from pnp.i18n import _
from pnp.terminal import escaped_output

# Each command's module is imported only when it is named (or listed by --help): `pnp build`
# needs none of the translators' commands, which need tomlkit and the proof, nor serve's HTTP server.
LAZY_COMMANDS = {
    "check": ("pnp.cli.check", "check"),
    "deck": ("pnp.cli.deck", "deck"),
    "build": ("pnp.cli.build", "build"),
    "board": ("pnp.cli.board", "board"),
    "proof": ("pnp.cli.proof", "proof"),
    # glossary apply, export, import: pnp/cli/translate.py
    "glossary": ("pnp.cli.translate", "glossary"),
    "export": ("pnp.cli.translate", "export_texts"),
    "import": ("pnp.cli.translate", "import_texts"),
    "import-cards": ("pnp.cli.cards", "import_cards"),
    "new": ("pnp.cli.new", "new"),
    "serve": ("pnp.cli.serve", "serve"),
    "scan": ("pnp.cli.scan", "scan"),  # needs OpenCV, the scan extra
}


class PnpGroup(click.Group):
    """Turns an unexpected exception into one line, unless --debug asks for the traceback."""

    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: object
    ) -> click.Context:
        start_invocation(self, args)  # the language first: --help may print while the context is made
        return super().make_context(info_name, args, parent, **extra)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in LAZY_COMMANDS and cmd_name not in self.commands:
            module, name = LAZY_COMMANDS[cmd_name]
            command = getattr(importlib.import_module(module), name)
            assert isinstance(command, click.Command)
            translate_help(command)  # imported after the language was chosen: its help follows it now
            self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)

    def invoke(self, ctx: click.Context) -> object:
        # pnp's output is escaped as it is written: click must not strip escape sequences first (it does
        # when the output is not a terminal), or a preview piped to a file hides what --write writes
        ctx.color = True
        try:
            with escaped_output():
                return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.exceptions.Abort):
            raise
        except KeyboardInterrupt:
            leave_interrupted()
        except BrokenPipeError:
            leave_reader_gone()
        except Exception as exc:  # the last net: a traceback is a bug, so say so
            if ctx.params.get("debug") or (ctx.obj or {}).get("debug"):
                raise
            click.echo(_("pnp: internal error: {name}: {exc}").format(name=type(exc).__name__, exc=exc), err=True)
            click.echo(_("This is a bug in pnp. Run again with --debug and report the traceback."), err=True)
            sys.exit(3)


@click.group(cls=PnpGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
@UI_LANG_OPTION
@click.option("--debug", is_flag=True, help=_("Show Python tracebacks (for reporting bugs)."))
@click.pass_context
def main(ctx: click.Context, debug: bool) -> None:
    """pnp: a card database, rules validator and print-and-play generator.

    A pack is a folder of TOML files (cards/<pack>/): pack.toml, one file per
    deck, and a glossary. See docs/pack-format.md.

    \b
    Example:
        pnp check cards/blue-sun
        pnp deck cards/blue-sun supply-meridian
    """
    ctx.obj = {"debug": debug}
