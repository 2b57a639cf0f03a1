"""`pnp serve`'s pages: a thin Starlette layer over the workbench (pnp/serve/workbench.py).

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

import base64
import hashlib
import hmac
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from pnp.errors import Finding, Severity, has_errors
from pnp.i18n import ui_language
from pnp.paths import shown_path
from pnp.pipelines.build_options import BLEED_MM, DUPLEX_CHOICES, BuildOptions, within
from pnp.proof.collect import CardEntry
from pnp.proof.history import card_history
from pnp.proof.html import finding_html, marked_html, pieces_html
from pnp.proof.locate import locate
from pnp.serve.guard import Guard, Settings
from pnp.serve.jobs import Jobs
from pnp.serve.words import _, code, duplex_label, field_name, ngettext
from pnp.serve.workbench import STATUSES, Filters, Preview, Workbench
from pnp.translate.card_edit import COMMENT, FieldEdit, comment_text, editable, text_fields
from pnp.translate.fixes import parse_fixes
from pnp.translate.interchange import STATUS, base_hash, current_text, normalize
from pnp.translate.worddiff import word_diff
from pnp.units import PAPERS, UnitError, parse_length

HERE = Path(__file__).parent
MAX_BODY = 1 << 20  # a form of one card's texts is a few KB; a fixes list a few hundred
MAX_FIELDS = 400
CSRF_FIELD = "csrf"
CSRF_HEADER = "x-csrf-token"
# a form from an earlier run of the server (it restarted since the page loaded) says so in this header:
# the page fetches itself again, takes the new token and sends the same form once more
STALE_TOKEN_HEADER = "x-pnp-stale-token"
DUPLEX = DUPLEX_CHOICES  # the choices and the ranges are the command line's (pnp.pipelines.build_options)


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


class Pages:
    def __init__(self, workbench: Workbench, settings: Settings) -> None:
        self.wb = workbench
        self.settings = settings
        self.jobs = Jobs(workbench.draw_lock)
        env = Environment(
            loader=FileSystemLoader(HERE / "templates"),
            autoescape=True,
            undefined=StrictUndefined,
            trim_blocks=True,
            extensions=["jinja2.ext.i18n"],
        )
        env.install_gettext_callables(gettext=_, ngettext=ngettext, newstyle=True)  # type: ignore[attr-defined]
        env.globals["_code"] = code
        env.globals["ui_lang"] = ui_language  # <html lang>: the pages are in the interface language
        env.filters["marked"] = lambda text, marks: Markup(marked_html(text, marks))
        env.filters["finding"] = lambda finding, number=None, located=False: Markup(
            finding_html(finding, number, located)
        )
        env.filters["pieces"] = lambda pieces: Markup(pieces_html(tuple(pieces)))
        env.filters["b64"] = lambda data: base64.b64encode(data).decode("ascii")
        env.globals["link"] = self.file_link
        env.globals["diff"] = word_diff  # a suggestion's original against this card's: the words that differ
        env.globals["field_name"] = field_name
        env.globals["duplex_label"] = duplex_label
        env.filters["field_name"] = field_name
        env.globals["noted"] = lambda values: any(v.strip() for k, v in values.items() if k.startswith(f"{COMMENT}."))
        self.templates = Jinja2Templates(env=env)

    # --- helpers ------------------------------------------------------------------------------

    def render(self, request: Request, name: str, status_code: int = 200, **context: Any) -> Response:
        wb = self.wb
        context = {
            "wb": wb,
            "pack": wb.pack,
            "lang": wb.language,
            "source": wb.source_language,
            "csrf": self.settings.csrf,
            "problems": wb.problems(),
            "partial": request.headers.get("hx-request") == "true",
            **context,
        }
        if name in ("card.html", "_card_body.html"):  # the list it was opened from: its filters, its order
            filters = _filters(request)
            context["list_query"] = _list_query(filters)
            context["around"] = wb.neighbours(context["row"].card.id, filters)
        return self.templates.TemplateResponse(request, name, context, status_code=status_code)

    async def form(self, request: Request) -> dict[str, str]:
        """The POSTed form, with this run's CSRF token, or a refusal; bounded in size."""
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                raise HTTPException(413, _("the form is too large"))
        try:
            pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True, max_num_fields=MAX_FIELDS)
        except (UnicodeDecodeError, ValueError) as exc:
            raise HTTPException(400, _("the form cannot be read")) from exc
        form = dict(pairs)
        given = request.headers.get(CSRF_HEADER) or form.get(CSRF_FIELD, "")
        if not hmac.compare_digest(given.encode(), self.settings.csrf.encode()):
            raise HTTPException(
                403,
                _("this form is not from this run of pnp serve: reload the page"),
                headers={STALE_TOKEN_HEADER: "1"},
            )
        return form

    def ready(self) -> None:
        """The pack as it is on disk; a page about its cards needs it loaded."""
        self.wb.fresh()

    def card_or_404(self, card_id: str) -> None:
        if card_id not in self.wb.rows:
            raise HTTPException(404, _('no card "%(card)s" in this pack') % {"card": card_id})

    def loads_or_refuse(self) -> None:
        """A save needs the pack loaded: when a file of it does not read (broken TOML), the refusal names
        the file and line, and the page keeps the text it was asked to save."""
        problems = self.wb.problems()
        if problems:
            where = "; ".join(f"{_place(f)}: {f.message}" for f in problems[:3])
            raise HTTPException(
                409,
                _("The pack does not load, so nothing was saved: %(problems)s. Fix the file, then save again.")
                % {"problems": where},
            )

    async def http_error(self, request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        response = self.render(request, "error.html", status_code=exc.status_code, message=exc.detail)
        response.headers.update(exc.headers or {})
        return response

    # --- the list -----------------------------------------------------------------------------

    def card_list(self, request: Request) -> Response:
        self.ready()
        filters = _filters(request)
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
            statuses=(*STATUSES, "missing"),
            codes=self.wb.codes(),
            pack_findings=self.wb.pack_level(),
            shown=len(rows),
            list_query=_list_query(filters),
        )

    def thumbnail(self, request: Request) -> Response:
        card_id = request.path_params["card_id"]
        self.card_or_404(card_id)
        image = self.wb.thumbnail(card_id)
        if image is None:
            raise HTTPException(404, _('card "%(card)s" cannot be drawn: its page lists why') % {"card": card_id})
        # the address holds the card's digest: a changed card gets a new address, so this one never changes
        return Response(image, media_type="image/png", headers={"cache-control": "private, max-age=31536000"})

    # --- one card -----------------------------------------------------------------------------

    def card_page(self, request: Request) -> Response:
        self.ready()
        card_id = request.path_params["card_id"]
        self.card_or_404(card_id)
        return self.render(request, "card.html", **self.card_context(card_id))

    def card_context(self, card_id: str, **extra: Any) -> dict[str, Any]:
        wb = self.wb
        row = wb.rows[card_id]
        assert wb.pack is not None
        languages = [wb.source_language, wb.language]
        values = {
            f"{name}.{lang}": current_text(row.card, name, lang) for name in text_fields(row.card) for lang in languages
        }
        for name in text_fields(row.card):  # the notes on the texts, in the language worked on
            values[f"{COMMENT}.{name}.{wb.language}"] = comment_text(row.card, f"{COMMENT}.{name}", wb.language)
        status = current_text(row.card, STATUS, wb.language)
        preview = wb.preview(card_id, {})
        size = row.deck.deck
        entry = wb.entry(card_id)
        return {
            **self.live_context(card_id, values, entry),
            "row": row,
            "entry": entry,
            "fields": text_fields(row.card),
            "languages": languages,
            "values": values,
            "bases": {name: base_hash(value) for name, value in values.items()},
            "status": status,
            "status_base": base_hash(status),
            "terms": wb.terms(row.card),
            "suggestions": wb.suggestions(card_id),
            "images": preview.images,
            "drawn": preview.drawn,
            "print_width": _print_width(wb, size.id),
            "message": "",
            "live": False,
            "conflicts": [],
            "errors": [],
            "unsaved": set(),
            "confirm_review": [],
            "confirm_digest": "",
            **extra,
        }

    def live_context(self, card_id: str, values: dict[str, str], entry: CardEntry) -> dict[str, Any]:
        """What the page shows of the texts as typed: each finding's words in its box ("<field>.<lang>" ->
        [start, end, severity, number], in the text as typed, markup and all), the glossary terms against
        the translation, and the texts to translate that are still empty."""
        marks: dict[str, list[tuple[int, int, str, int]]] = {}
        for number, finding in enumerate(entry.findings, start=1):
            text = values.get(finding.field or "")
            span = locate(finding, text) if text else None
            if span is not None and finding.field is not None:
                marks.setdefault(finding.field, []).append((*span, str(finding.severity), number))
        card = self.wb.rows[card_id].card
        lang = self.wb.language
        empty = [name for name in text_fields(card) if not values.get(f"{name}.{lang}", "").strip()]
        return {"box_marks": marks, "hints": self.wb.term_hints(card, values), "empty": empty}

    async def preview(self, request: Request) -> Response:
        card_id = request.path_params["card_id"]
        form = await self.form(request)
        self.card_or_404(card_id)
        values = {name[2:]: value for name, value in form.items() if name.startswith("v.")}
        preview = await run_in_threadpool(self.wb.preview, card_id, values)
        return self.render(
            request,
            "_preview.html",
            row=self.wb.rows[card_id],
            images=preview.images,
            drawn=preview.drawn,
            entry=preview.entry,
            live=True,
            **self.live_context(card_id, values, preview.entry),
            print_width=_print_width(self.wb, self.wb.rows[card_id].deck.deck.id),
        )

    async def save(self, request: Request) -> Response:
        card_id = request.path_params["card_id"]
        form = await self.form(request)
        return await self._saved(request, card_id, await self._text_edits(card_id, form))

    async def status(self, request: Request) -> Response:
        """The status, with the texts of the form it was clicked in: what the person typed and did not save
        yet is saved with it, in one edit, or nothing is."""
        card_id = request.path_params["card_id"]
        form = await self.form(request)
        edits = await self._text_edits(card_id, form)
        wanted = form.get("to", "")
        if wanted not in STATUSES:
            raise HTTPException(404, _('no status "%(status)s"') % {"status": wanted})
        edit = FieldEdit(f"{STATUS}.{self.wb.language}", wanted, form.get("base", ""))
        if wanted == "reviewed":  # "ready to print": said over errors only once the person has read them
            texts = {e.field: e.value for e in edits}
            preview = await run_in_threadpool(self.wb.preview, card_id, texts)
            errors = [f for f in preview.entry.findings if f.severity is Severity.ERROR]
            if errors and not hmac.compare_digest(form.get("confirm", ""), _errors_digest(errors)):
                return self._confirm_review(request, card_id, texts, errors, preview)
        return await self._saved(request, card_id, [*edits, edit], seen=True)

    def _confirm_review(
        self, request: Request, card_id: str, texts: dict[str, str], errors: list[Finding], preview: Preview
    ) -> Response:
        """Nothing written yet: the card with the form's texts, its errors named, and a button to mark it anyway."""
        context = self.card_context(card_id, message=_("Not marked reviewed yet: the card has errors."))
        shown = dict(context["values"])
        for name, value in texts.items():
            if name in shown:
                context["values"][name] = normalize(value)
        context |= {
            "unsaved": {name for name, value in context["values"].items() if value != shown.get(name)},
            "confirm_review": errors,
            "confirm_digest": _errors_digest(errors),
            "images": preview.images,
            "drawn": preview.drawn,
            "entry": preview.entry,
            **self.live_context(card_id, context["values"], preview.entry),
        }
        name = "_card_body.html" if request.headers.get("hx-request") == "true" else "card.html"
        return self.render(request, name, status_code=200, **context)

    async def _text_edits(self, card_id: str, form: dict[str, str]) -> list[FieldEdit]:
        """The form's texts ("v.<field>") with the bases the page showed ("b.<field>"), on the pack as it is."""
        await run_in_threadpool(self.ready)
        self.loads_or_refuse()
        self.card_or_404(card_id)
        assert self.wb.pack is not None
        allowed = editable(self.wb.pack, self.wb.rows[card_id].card)
        edits = [
            FieldEdit(name[2:], value, form.get(f"b.{name[2:]}", ""))
            for name, value in form.items()
            if name.startswith("v.")
        ]
        unknown = [e.field for e in edits if e.field not in allowed]
        if unknown:
            raise HTTPException(
                404, _('card "%(card)s" has no field "%(field)s"') % {"card": card_id, "field": unknown[0]}
            )
        return edits

    async def _saved(self, request: Request, card_id: str, edits: list[FieldEdit], seen: bool = False) -> Response:
        result = await run_in_threadpool(self.wb.save, card_id, edits, seen)
        if card_id not in self.wb.rows:
            raise HTTPException(404, _('card "%(card)s" is no longer in the pack') % {"card": card_id})
        errors = [f for f in [*result.plan.findings, *result.findings] if f.severity is Severity.ERROR]
        if result.saved:
            message = _("Saved: %(fields)s.") % {"fields": ", ".join(field_name(c.field) for c in result.plan.changes)}
        elif result.plan.conflicts:
            message = _("Not saved: someone changed these texts since this page loaded.")
        elif errors:
            message = _("Not saved.")
        else:
            message = _("Nothing to save: the file already says this.")
        context = self.card_context(card_id, message=message, conflicts=result.plan.conflicts, errors=errors)
        shown = dict(context["values"])  # the file's texts
        if result.plan.conflicts:  # the person's own texts stay in the form, against the new bases
            for conflict in result.plan.conflicts:
                if conflict.field.startswith(f"{STATUS}."):
                    continue
                # a text only shown (not typed) gives way to the file's: the person reads it, then marks again
                context["values"][conflict.field] = conflict.yours if conflict.typed else conflict.theirs
                context["bases"][conflict.field] = conflict.base
        elif errors:
            for edit in edits:
                if edit.field in shown:
                    context["values"][edit.field] = normalize(edit.value)
        # what the form holds and the file does not: the page keeps it as unsaved (its draft, leaving asks)
        context["unsaved"] = {name for name, value in context["values"].items() if value != shown.get(name)}
        if result.plan.conflicts or errors:  # the card as the form now holds it, not as the file does
            texts = {k: v for k, v in context["values"].items() if not k.startswith(f"{STATUS}.")}
            preview = await run_in_threadpool(self.wb.preview, card_id, texts)
            context |= {"images": preview.images, "drawn": preview.drawn, "entry": preview.entry}
            context |= self.live_context(card_id, context["values"], preview.entry)
        status_code = 409 if result.plan.conflicts else 422 if errors else 200
        name = "_card_body.html" if request.headers.get("hx-request") == "true" else "card.html"
        return self.render(request, name, status_code=status_code, **context)

    def history(self, request: Request) -> Response:
        card_id = request.path_params["card_id"]
        self.card_or_404(card_id)
        row = self.wb.rows[card_id]
        return self.render(request, "_history.html", history=card_history(row.deck.file, card_id))

    # --- the glossary -------------------------------------------------------------------------

    def glossary(self, request: Request) -> Response:
        self.ready()
        uses = self.wb.uses() if self.wb.pack is not None else {}
        terms = [t for t in self.wb.pack.glossary.term] if self.wb.pack is not None else []
        return self.render(request, "glossary.html", terms=terms, uses=uses, plan=None, fixes="", digest="")

    async def glossary_preview(self, request: Request) -> Response:
        form = await self.form(request)
        return await self._glossary_plan(request, form.get("fixes", ""), apply=False, digest="")

    async def glossary_apply(self, request: Request) -> Response:
        form = await self.form(request)
        return await self._glossary_plan(request, form.get("fixes", ""), apply=True, digest=form.get("digest", ""))

    async def _glossary_plan(self, request: Request, text: str, apply: bool, digest: str) -> Response:
        if self.wb.pack is None or self.wb.problems():
            raise HTTPException(409, _("the pack does not load: fix its errors first"))
        fixes, findings = parse_fixes(text.replace("\r\n", "\n"), "fixes")
        plan = await run_in_threadpool(self.wb.glossary_plan, fixes, "fixes") if fixes else None
        if plan is not None:
            findings += plan.findings
        now = _plan_digest(plan.writes) if plan is not None else ""
        message, applied = "", False
        if apply and plan is not None and not has_errors(findings):
            if now != digest:
                message = _("The pack changed since this preview: look at the new preview, then apply again.")
            else:
                problems = await run_in_threadpool(self.wb.write_plan, plan.writes)
                findings += problems
                applied = not problems
                message = (
                    _("Applied: %(changes)s changes in %(files)s files.")
                    % {"changes": len(plan.changes), "files": len(plan.writes)}
                    if applied
                    else ""
                )
        elif not fixes and not has_errors(findings):
            message = _('Write one fix a line, like "Refugio >> Paraíso".')
        return self.render(
            request,
            "_glossary_plan.html",
            plan=plan,
            findings=findings,
            fixes=text,
            digest=now,
            message=message,
            applied=applied,
            diff=lambda change: change.pieces if change.pieces is not None else word_diff(change.old, change.new),
        )

    # --- printing -----------------------------------------------------------------------------

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

    def file_link(self, path: Path) -> str:
        assert self.wb.pack is not None
        return str(path.resolve().relative_to((self.wb.output / self.wb.pack.pack.id).resolve()))


FILTERS = ("deck", "type", "status", "code", "q")


def _filters(request: Request) -> Filters:
    """The list's filters, from the address of the list or of a card opened from it."""
    return Filters(*(request.query_params.get(name, "")[:200] for name in FILTERS))


def _list_query(filters: Filters) -> str:
    """The filters as they go on in the addresses of the cards and the list: "status=draft&deck=crew"."""
    return urlencode([(name, getattr(filters, name)) for name in FILTERS if getattr(filters, name)])


def _errors_digest(errors: list[Finding]) -> str:
    """Which errors a "mark reviewed anyway" was clicked for: other errors since then ask again."""
    seen = "\n".join(f"{f.code}\0{f.field}\0{f.message}" for f in sorted(errors, key=lambda f: f.sort_key))
    return hashlib.sha256(seen.encode()).hexdigest()[:16]


def _place(finding: Finding) -> str:
    """ "cards/supply.toml line 9", as a person finds it in an editor."""
    shown = shown_path(Path(finding.file))
    return _("%(file)s line %(line)s") % {"file": shown, "line": finding.line} if finding.line else shown


def _print_width(wb: Workbench, deck_id: str) -> int:
    """The card's width in CSS pixels (96 a inch) at print size."""
    from pnp.proof.thumbs import deck_size

    assert wb.pack is not None
    deck = wb.pack.deck(deck_id)
    try:
        return round(deck_size(deck).width / 72 * 96) if deck is not None else 240
    except UnitError:
        return 240


def _plan_digest(writes: list[tuple[Path, bytes]]) -> str:
    digest = hashlib.sha256()
    for path, content in sorted(writes):
        digest.update(str(path).encode() + b"\0" + content + b"\0")
    return digest.hexdigest()[:32]


def _last(jobs: Jobs) -> Any:
    return jobs.jobs[max(jobs.jobs)] if jobs.jobs else None
