"""What every page of `pnp serve` shares: the workbench, the templates, the form with its CSRF token,
and the refusals (a card that is not there, a pack that does not load).

The pages themselves are grouped by what they are about: the card page and its saves
(card_pages.py), the glossary (glossary_pages.py), printing (print_pages.py); pnp/serve/app.py
puts them together with the list and the routes.
"""

from __future__ import annotations

import base64
import hmac
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from pnp.errors import Finding
from pnp.i18n import ui_language
from pnp.paths import shown_path
from pnp.proof.html import finding_html, marked_html, pieces_html
from pnp.serve.guard import Settings
from pnp.serve.jobs import Jobs
from pnp.serve.words import _, code, duplex_label, field_name, ngettext, paper_name
from pnp.serve.workbench import Filters, Workbench
from pnp.translate.card_edit import COMMENT
from pnp.translate.worddiff import word_diff

HERE = Path(__file__).parent
MAX_BODY = 1 << 20  # a form of one card's texts is a few KB; a fixes list a few hundred
MAX_FIELDS = 400
CSRF_FIELD = "csrf"
CSRF_HEADER = "x-csrf-token"
# a form from an earlier run of the server (it restarted since the page loaded) says so in this header:
# the page fetches itself again, takes the new token and sends the same form once more
STALE_TOKEN_HEADER = "x-pnp-stale-token"
FILTERS = ("deck", "type", "status", "code", "q")


class Site:
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
        env.globals["paper_name"] = paper_name
        env.filters["field_name"] = field_name
        env.globals["noted"] = lambda values: any(v.strip() for k, v in values.items() if k.startswith(f"{COMMENT}."))
        self.templates = Jinja2Templates(env=env)

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
            filters = list_filters(request)
            context["list_query"] = list_query(filters)
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
            where = "; ".join(f"{place(f)}: {f.message}" for f in problems[:3])
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

    def file_link(self, path: Path) -> str:
        assert self.wb.pack is not None
        return str(path.resolve().relative_to((self.wb.output / self.wb.pack.pack.id).resolve()))


def list_filters(request: Request) -> Filters:
    """The list's filters, from the address of the list or of a card opened from it."""
    return Filters(*(request.query_params.get(name, "")[:200] for name in FILTERS))


def list_query(filters: Filters) -> str:
    """The filters as they go on in the addresses of the cards and the list: "status=draft&deck=crew"."""
    return urlencode([(name, getattr(filters, name)) for name in FILTERS if getattr(filters, name)])


def place(finding: Finding) -> str:
    """ "cards/supply.toml line 9", as a person finds it in an editor."""
    shown = shown_path(Path(finding.file))
    return _("%(file)s line %(line)s") % {"file": shown, "line": finding.line} if finding.line else shown
