"""What every request to `pnp serve` passes before a page sees it, and the headers every answer gets.

The server writes files, so: it answers only to the host names it was started
for (a page elsewhere cannot reach it by DNS rebinding); with --host, only to
browsers that opened the printed address with its access token; a write
(any method but GET and HEAD) only from its own pages (Origin and
Sec-Fetch-Site checked; the CSRF token is checked where the form is read).
"""

from __future__ import annotations

import hmac
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response

TOKEN_COOKIE = "pnp_access"
SECURITY_HEADERS = {
    # htmx and the page's own files only; previews are data: images
    "content-security-policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


@dataclass(frozen=True)
class Settings:
    hosts: tuple[str, ...]  # Host headers answered: "127.0.0.1:8765", "localhost:8765"
    access_token: str | None = None  # with --host: the browser must bring it once
    csrf: str = ""


class Guard:
    """What every request passes before a page sees it: host, access token, origin; and the headers it gets."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def __call__(self, request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        refused = self.refusal(request)
        if refused is not None:
            return refused
        if self.settings.access_token and request.query_params.get("token") == self.settings.access_token:
            response: Response = RedirectResponse(request.url.path, status_code=303)
            response.set_cookie(TOKEN_COOKIE, self.settings.access_token, httponly=True, samesite="strict")
        else:
            response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        return response

    def refusal(self, request: Request) -> Response | None:
        host = request.headers.get("host", "")
        known = "*" in self.settings.hosts or host in self.settings.hosts
        if not known and host.rsplit(":", 1)[0].strip("[]") not in self.settings.hosts:
            return PlainTextResponse("pnp serve: unknown host name", status_code=421)
        token = self.settings.access_token
        if token is not None:
            given = request.cookies.get(TOKEN_COOKIE) or request.query_params.get("token") or ""
            if not hmac.compare_digest(given.encode(), token.encode()):
                return PlainTextResponse(
                    "pnp serve: open the address that pnp serve printed (it holds the access token)", status_code=403
                )
        if request.method not in ("GET", "HEAD"):
            origin = request.headers.get("origin")
            if origin is not None and origin != f"{request.url.scheme}://{host}":
                return PlainTextResponse("pnp serve: a write from another site is refused", status_code=403)
            if request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
                return PlainTextResponse("pnp serve: a write from another site is refused", status_code=403)
        return None
