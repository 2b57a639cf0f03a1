"""The print page: a build started from the browser (its options are the command line's), followed
while it runs, and the files it wrote served from the output folder and nowhere else."""

from __future__ import annotations

from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, Response

from pnp.pipelines.build_options import BLEED_MM, DUPLEX_CHOICES, BuildOptions, within
from pnp.serve.jobs import Jobs
from pnp.serve.site import Site
from pnp.serve.words import _
from pnp.units import PAPERS, UnitError, parse_length

DUPLEX = DUPLEX_CHOICES  # the choices and the ranges are the command line's (pnp.pipelines.build_options)


class PrintPages(Site):
    def print_page(self, request: Request) -> Response:
        self.ready()
        job = self.jobs.running() or _last(self.jobs)
        chosen = request.query_params.get("deck", "")
        return self.render(request, "print.html", job=job, papers=PAPERS, duplex=DUPLEX, chosen=chosen)

    async def start_build(self, request: Request) -> Response:
        form = await self.form(request)
        pack = self.wb.pack
        if pack is None:
            raise HTTPException(409, _("the pack does not load: fix its errors first"))
        deck = form.get("deck", "")
        if deck and pack.deck(deck) is None:
            raise HTTPException(404, _('no deck "%(deck)s"') % {"deck": deck})
        paper, duplex = form.get("paper", "a4"), form.get("duplex", "long")
        if paper not in PAPERS or duplex not in DUPLEX:
            raise HTTPException(404, _("no such paper or duplex choice"))
        try:
            bleed = parse_length(form.get("bleed", "3mm") or "0mm")
        except UnitError as exc:
            raise HTTPException(422, _("bleed: %(problem)s") % {"problem": exc}) from exc
        if not within(bleed, BLEED_MM):
            raise HTTPException(422, _("bleed: from 0mm to 12mm"))
        options = BuildOptions(
            language=self.wb.language,
            paper=paper,
            duplex=duplex,
            decks=(deck,) if deck else (),
            bleed=bleed,
            output=self.wb.output,
            bilingual=form.get("bilingual") == "on",
            placeholders=form.get("no_placeholders") != "on",
            draft=form.get("draft") == "on",
        )
        chosen = pack.deck(deck) if deck else None
        label = self.wb.deck_name(chosen) if chosen is not None else _("the whole box")
        job = self.jobs.start(self.wb.root, options, label)
        if job is None:
            raise HTTPException(409, _("a build is running: wait for it to finish"))
        return self.render(request, "_job.html", job=job)

    def job(self, request: Request) -> Response:
        job = self.jobs.jobs.get(request.path_params["job_id"])
        if job is None:
            raise HTTPException(404, _("no such build"))
        return self.render(request, "_job.html", job=job)

    def output_file(self, request: Request) -> Response:
        """A file the builds wrote, under <output>/<pack id>/: nothing else, whatever the path says."""
        pack = self.wb.pack
        if pack is None:
            raise HTTPException(404, _("no such file"))
        folder = (self.wb.output / pack.pack.id).resolve()
        wanted = (folder / request.path_params["path"]).resolve()
        if not wanted.is_relative_to(folder) or not wanted.is_file() or wanted.suffix not in (".pdf", ".png"):
            raise HTTPException(404, _("no such file"))
        return FileResponse(wanted)


def _last(jobs: Jobs) -> Any:
    return jobs.jobs[max(jobs.jobs)] if jobs.jobs else None
