"""`pnp serve`'s pages: a thin Starlette layer over the workbench (pnp/serve/workbench.py).

Here: the routes, and the card list.  The card page and its saves are in card_pages.py, the
glossary in glossary_pages.py, printing in print_pages.py, what they share in site.py.

Server-rendered HTML (Jinja2, autoescaped), made live by htmx, which is
shipped in static/ with its licence: no build step, nothing fetched from the
network.  Every page works without JavaScript too; with htmx a request
carries HX-Request and gets back only the part of the page it replaces.

Security, since the server writes files: pnp/serve/guard.py checks every
request's host, access token and origin; here every write reads its form with
the CSRF token of this run, request paths name cards, fields, decks and built
files by what the pack and the output folder hold, never as paths, and text
from the pack is escaped everywhere (Jinja2's autoescape, the proof's markup).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pnp.serve.card_pages import CardPages
from pnp.serve.glossary_pages import GlossaryPages
from pnp.serve.guard import Guard, Settings
from pnp.serve.print_pages import PrintPages
from pnp.serve.site import HERE, list_filters, list_query
from pnp.serve.words import _
from pnp.serve.workbench import STATUSES, Workbench


def create_app(
    pack: Path,
    output: Path = Path("output"),
    language: str | None = None,
    hosts: Sequence[str] = ("127.0.0.1", "localhost"),
    access_token: str | None = None,
    memory: Sequence[Path] = (),
) -> Starlette:
    workbench = Workbench(pack, output, language, memory)
    settings = Settings(tuple(hosts), access_token, secrets.token_urlsafe(32))
    pages = Pages(workbench, settings)
    routes = [
        Route("/", pages.card_list),
        Route("/first", pages.first_card),
        Route("/card/{card_id}", pages.card_page),
        Route("/card/{card_id}/preview", pages.preview, methods=["POST"]),
        Route("/card/{card_id}/save", pages.save, methods=["POST"]),
        Route("/card/{card_id}/status", pages.status, methods=["POST"]),
        Route("/card/{card_id}/history", pages.history),
        Route("/thumb/{card_id}.png", pages.thumbnail),
        Route("/glossary", pages.glossary),
        Route("/glossary/preview", pages.glossary_preview, methods=["POST"]),
        Route("/glossary/apply", pages.glossary_apply, methods=["POST"]),
        Route("/print", pages.print_page),
        Route("/print", pages.start_build, methods=["POST"]),
        Route("/jobs/{job_id:int}", pages.job),
        Route("/files/{path:path}", pages.output_file),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(
        routes=routes,
        middleware=[Middleware(BaseHTTPMiddleware, dispatch=Guard(settings))],
        exception_handlers={HTTPException: pages.http_error},
    )
    app.state.workbench = workbench
    app.state.settings = settings
    return app


class Pages(CardPages, GlossaryPages, PrintPages):
    """Every page of the workbench; the card list and its thumbnails are here."""

    def card_list(self, request: Request) -> Response:
        self.ready()
        filters = list_filters(request)
        rows = self.wb.listed(filters)
        decks, total = self.wb.progress()
        types = sorted({row.card.type for row in self.wb.rows.values()})
        name = "_rows.html" if request.headers.get("hx-target") == "rows" else "list.html"
        return self.render(
            request,
            name,
            rows=rows,
            filters=filters,
            decks=decks,
            total=total,
            types=types,
            statuses=(*STATUSES, "untranslated", "missing"),
            codes=self.wb.codes(),
            pack_findings=self.wb.pack_level(),
            shown=len(rows),
            list_query=list_query(filters),
        )

    def first_card(self, request: Request) -> Response:
        """The first card of the list as filtered (its key, Ctrl+Enter, asks here: the rows on the page may
        not have caught up with the search just typed); the list itself when no card matches."""
        self.ready()
        filters = list_filters(request)
        rows = self.wb.listed(filters)
        query = list_query(filters)
        where = f"/card/{rows[0].card.id}" if rows else "/"
        return RedirectResponse(f"{where}?{query}" if query else where, status_code=303)

    def thumbnail(self, request: Request) -> Response:
        card_id = request.path_params["card_id"]
        self.card_or_404(card_id)
        image = self.wb.thumbnail(card_id)
        if image is None:
            raise HTTPException(404, _('card "%(card)s" cannot be drawn: its page lists why') % {"card": card_id})
        # the address holds the card's digest: a changed card gets a new address, so this one never changes
        return Response(image, media_type="image/png", headers={"cache-control": "private, max-age=31536000"})
