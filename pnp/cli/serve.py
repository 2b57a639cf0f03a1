"""`pnp serve`: the translators' workbench in the browser (pnp/serve/)."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.cli.common import OUTPUT_OPTION, PACK_ARG, fail
from pnp.i18n import _

LOOPBACK = ("127.0.0.1", "localhost", "::1")
INSTALL_HINT = "pip install 'pnp[serve]'"


@click.command()
@PACK_ARG
@click.option("--lang", default=None, help=_("Target language to work on (default: the pack's first)."))
@click.option("--port", type=click.IntRange(1, 65535), default=8765, show_default=True, help=_("Port to listen on."))
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help=_(
        "Address to listen on. Anything but this computer (127.0.0.1) prints an address with an access token: "
        "only browsers that open it can use the workbench."
    ),
)
@click.option(
    "--memory",
    "memory",
    multiple=True,
    type=click.Path(exists=True, path_type=Path),
    help=_(
        "Another pack's folder or a PO file (a compendium) whose translations are suggested too; "
        "give it more than once for several."
    ),
)
@OUTPUT_OPTION
def serve(pack: Path, lang: str | None, port: int, host: str, memory: tuple[Path, ...], output: Path) -> None:
    """Open the translators' workbench: a local web page to translate, review and print a pack.

    The card list with each card's status, findings and thumbnail; a page per
    card with the original and the translation side by side, the card as it
    prints (redrawn as you type), its findings in place, its glossary terms and
    its git history; glossary fixes with a preview; builds with progress.
    Saving changes only the value you changed in the TOML file, and a text
    changed on disk since the page loaded is shown as a conflict, never
    overwritten.

    It needs the optional web libraries: pip install 'pnp[serve]'.

    \b
    Example:
        pnp serve cards/blue-sun
        pnp serve cards/blue-sun --lang es --port 9000
        pnp serve cards/blue-sun --memory cards/other-game --memory compendium.es.po
        pnp serve cards/blue-sun --host 0.0.0.0     # for other machines: prints an address with a token
    """
    try:
        import uvicorn

        from pnp.serve.app import create_app
    except ImportError as exc:
        fail(
            _("pnp serve needs the web libraries ({name} is missing): {install}").format(
                name=exc.name, install=INSTALL_HINT
            )
        )
    problem = _cannot_listen(host, port)
    if problem:
        fail(
            _("cannot listen on {host} port {port} ({problem}): give another with --port").format(
                host=host, port=port, problem=problem
            )
        )
    import secrets

    token = None if host in LOOPBACK else secrets.token_urlsafe(24)
    # on this computer, only its own names are answered (no DNS rebinding); elsewhere the token guards it
    hosts = LOOPBACK if token is None else ("*",)
    click.echo(_("Loading {pack} …").format(pack=pack), err=True)
    app = create_app(pack, output, lang, hosts=hosts, access_token=token, memory=memory)
    shown = f"[{host}]" if ":" in host else host
    address = f"http://{shown}:{port}/" + (f"?token={token}" if token else "")
    click.echo(_("pnp serve: open {address}  (Ctrl-C stops)").format(address=address))
    if token:
        click.echo(_("Anyone who has this address can change the pack's files: share it only with your team."))
    uvicorn.run(app, host=host, port=port, log_level="warning")


def _cannot_listen(host: str, port: int) -> str | None:
    """Why the server could not listen there (a port in use, an address not of this computer), before
    the pack is loaded for nothing."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        return str(exc.strerror or exc)
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            return str(exc.strerror or exc)
    return None
