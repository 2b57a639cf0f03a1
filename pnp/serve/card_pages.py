"""The card page: one card's texts side by side, its drawing with the texts as typed, and its saves.

A save writes through the workbench (Workbench.save: byte-preserving edits, all or none, never
over a text someone changed since the page loaded); the page shows what was saved, or keeps the
person's text in the form with the conflict or the errors that stopped it.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from pnp.errors import Finding, Severity
from pnp.proof.collect import CardEntry
from pnp.proof.history import card_history
from pnp.proof.locate import locate
from pnp.serve.card_preview import Preview
from pnp.serve.site import Site
from pnp.serve.words import _, field_name
from pnp.serve.workbench import STATUSES, Workbench
from pnp.translate.card_edit import COMMENT, FieldEdit, comment_text, editable, text_fields
from pnp.translate.interchange import STATUS, base_hash, current_text, normalize
from pnp.units import UnitError


class CardPages(Site):
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


def _errors_digest(errors: list[Finding]) -> str:
    """Which errors a "mark reviewed anyway" was clicked for: other errors since then ask again."""
    seen = "\n".join(f"{f.code}\0{f.field}\0{f.message}" for f in sorted(errors, key=lambda f: f.sort_key))
    return hashlib.sha256(seen.encode()).hexdigest()[:16]


def _print_width(wb: Workbench, deck_id: str) -> int:
    """The card's width in CSS pixels (96 a inch) at print size."""
    from pnp.proof.thumbs import deck_size

    assert wb.pack is not None
    deck = wb.pack.deck(deck_id)
    try:
        return round(deck_size(deck).width / 72 * 96) if deck is not None else 240
    except UnitError:
        return 240
