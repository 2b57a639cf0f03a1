"""The glossary page: the pack's terms and the cards that use them, and a list of fixes previewed,
then applied to every translation (pnp glossary apply, from the browser)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from pnp.errors import has_errors
from pnp.serve.site import Site
from pnp.serve.words import _
from pnp.translate.fixes import parse_fixes
from pnp.translate.worddiff import word_diff


class GlossaryPages(Site):
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


def _plan_digest(writes: list[tuple[Path, bytes]]) -> str:
    digest = hashlib.sha256()
    for path, content in sorted(writes):
        digest.update(str(path).encode() + b"\0" + content + b"\0")
    return digest.hexdigest()[:32]
