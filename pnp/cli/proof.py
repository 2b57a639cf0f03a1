"""`pnp proof`: a proof for reviewers, proof.html (opens from disk) and proof.pdf.

The command parses, loads and checks the pack, calls pnp/proof to collect, draw
and write, and reports; it writes the two files, atomically, or nothing.
"""

from __future__ import annotations

from pathlib import Path

import click

from pnp.cli.common import PACK_ARG, QUIET_OPTION, stop, target_language, write_files
from pnp.i18n import _, ngettext
from pnp.paths import shown_path
from pnp.report import plural


@click.command()
@PACK_ARG
@click.option("--lang", default=None, help=_("Target language to proof (default: the pack's first)."))
@click.option(
    "--since",
    metavar="REV|DIR",
    default=None,
    help=_("Show only the cards changed since this git revision of the pack, or this other pack folder, word by word."),
)
@click.option("--only-findings", is_flag=True, help=_("Show only the cards that have findings."))
@QUIET_OPTION
@click.option(
    "-o",
    "--output",
    type=click.Path(path_type=Path, file_okay=False),
    default=None,
    help=_("Folder for proof.html and proof.pdf (default: output/<pack>/<lang>/proof)."),
)
def proof(
    pack: Path, lang: str | None, since: str | None, only_findings: bool, output: Path | None, quiet: bool = False
) -> None:
    """Write a proof for reviewers: proof.html (opens from disk) and proof.pdf.

    A summary first (per deck: cards, how many translated and reviewed; the
    findings by kind), then one entry per card: a thumbnail of the translated
    card as the build draws it, the original and the translation side by side,
    the status, and every finding highlighted where it is in the text.

    With --since, only the cards changed since a git revision (or another copy
    of the pack) are shown, with every changed field word by word.

    \b
    Example:
        pnp proof cards/blue-sun
        pnp proof cards/blue-sun --since HEAD~3 --only-findings -o review/
        pnp proof cards/blue-sun --since ../old/blue-sun
    """
    from pnp.check import check_pack
    from pnp.load import load_pack
    from pnp.load.revision import pack_then
    from pnp.proof.aids import aids_html
    from pnp.proof.collect import collect, compare
    from pnp.proof.collect import only_findings as keep_findings
    from pnp.proof.html import render_html
    from pnp.proof.pdf import render_pdf
    from pnp.proof.thumbs import lay_out_fronts, text_sizes, thumbnails

    loaded = load_pack(pack)
    if loaded.pack is None:
        stop(loaded.findings, _("a proof needs a pack that loads: fix the errors above."))
    data = loaded.pack
    language = target_language(data, lang)
    # a proof reviews what is written: the cards still without text are counted per deck, not marked one by one
    findings = [*loaded.findings, *(f for f in check_pack(data) if f.code != "card/text-missing")]
    faces = lay_out_fronts(data, language)
    images, drawn = thumbnails(faces)
    findings += faces.findings + drawn
    result = collect(data, language, findings)
    sizes = text_sizes(faces)
    for entry in result.entries:
        entry.text_sizes = sizes.get(entry.card.id, ())
    if since is not None:
        with pack_then(pack, since) as (earlier, label):
            if earlier.pack is None:
                stop(earlier.findings, _("the pack at --since {since} cannot be read.").format(since=since))
            compare(result, earlier.pack, label)
    if only_findings:
        keep_findings(result)
    folder = output or Path("output") / data.pack.id / language / "proof"
    writes = [
        (folder / "proof.html", render_html(result, images, aids_html(result)).encode("utf-8")),
        (folder / "proof.pdf", render_pdf(result, faces)),
    ]
    problems = write_files(writes)
    if problems:
        stop(problems, _("choose another folder with -o."))
    if quiet:
        return  # -q: errors only
    counted = sum(len(e.findings) for e in result.entries)
    what = plural(len(result.entries), "card")
    if result.since:
        what += ngettext(
            " changed since {since} ({unchanged} unchanged)",
            " changed since {since} ({unchanged} unchanged)",
            len(result.entries),
        ).format(since=result.since, unchanged=result.unchanged)
    click.echo(
        _("Wrote {value} and proof.pdf: {what}, {counted} on them.").format(
            value=shown_path(folder / "proof.html"), what=what, counted=plural(counted, "finding")
        )
    )
