"""gettext PO for translation tools (Poedit, Weblate, OmegaT), through polib.

One entry per card text: msgctxt "<card id>:<field>", msgid the original,
msgstr the translation.  An extracted comment `#. base: <hash>` records the
translation at export time; the card's status goes along as a comment only.
A text with no original gets a placeholder msgid, since an empty one is the
header's.
"""

from __future__ import annotations

import polib

from pnp.errors import Finding, error, warning
from pnp.i18n import _
from pnp.model import PackData
from pnp.translate.interchange import STATUS, Entry, Row

NO_ORIGINAL = "(no original text)"
BASE_PREFIX = "base: "
PLURAL_FORMS = {"es": "nplurals=2; plural=(n != 1);", "en": "nplurals=2; plural=(n != 1);"}


def write_po(pack: PackData, entries: list[Entry], lang: str) -> bytes:
    po = polib.POFile(wrapwidth=78)
    po.header = (
        f"{pack.pack.name.get(lang) or pack.pack.name.get(pack.pack.source_language, pack.pack.id)}: "
        f"{lang} translation, exported by pnp.\nKeep the '#. base:' comments: pnp import compares them."
    )
    po.metadata = {
        "Project-Id-Version": pack.pack.id,
        "Language": lang,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": PLURAL_FORMS.get(lang.split("-")[0], "nplurals=2; plural=(n != 1);"),
        "X-Generator": "pnp",
    }
    status = {e.card: e.target for e in entries if e.field == STATUS}
    for entry in entries:
        if entry.field == STATUS:
            continue
        notes = [f"{BASE_PREFIX}{entry.base}"]
        if status.get(entry.card):
            notes.append(f"status: {status[entry.card]}")
        po.append(
            polib.POEntry(
                msgctxt=f"{entry.card}:{entry.field}",
                msgid=entry.source or NO_ORIGINAL,
                msgstr=entry.target,
                comment="\n".join(notes),
                occurrences=[(entry.file, str(entry.line))] if entry.line else [(entry.file, "")],
            )
        )
    return str(po).encode("utf-8") if str(po).endswith("\n") else (str(po) + "\n").encode("utf-8")


def read_po(text: str, shown: str, targets: list[str]) -> tuple[str | None, list[Row], list[Finding]]:
    try:
        po = polib.pofile(text, encoding="utf-8", check_for_duplicates=False)
    except (OSError, ValueError) as exc:
        return None, [], [error("import/bad-file", shown, _("not a PO file: {exc}").format(exc=exc))]
    lang = po.metadata.get("Language", "").strip()
    if lang not in targets:
        return (
            None,
            [],
            [
                error(
                    "import/bad-header",
                    shown,
                    _('the header\'s Language is "{lang}", not a target language of the pack ({targets})').format(
                        lang=lang, targets=", ".join(targets)
                    ),
                    line=1,
                    hint=_('set "Language: es" in the header, or export again'),
                )
            ],
        )
    findings: list[Finding] = []
    nplurals = _nplurals(po.metadata.get("Plural-Forms", ""))
    rows: list[Row] = []
    for number, entry in enumerate((e for e in po if not e.obsolete), start=1):
        label = f"entry {number}"
        line = entry.linenum or None
        if entry.msgid_plural or entry.msgstr_plural:
            forms = len(entry.msgstr_plural)
            said = (
                _("{forms} plural forms, but the header's Plural-Forms says nplurals={nplurals}").format(
                    forms=forms, nplurals=nplurals
                )
                if nplurals is not None and forms != nplurals
                else _("{forms} plural forms (msgstr[0]...)").format(forms=forms)
            )
            findings.append(
                error(
                    "import/plural-forms",
                    shown,
                    _("{label}: {said}; card texts have no plural forms").format(label=label, said=said),
                    line=line,
                    hint=_("write the translation as one msgstr; export again to see the entry as pnp wrote it"),
                )
            )
            continue
        card, sep, field = (entry.msgctxt or "").partition(":")
        if not sep:
            findings.append(
                error(
                    "import/bad-row",
                    shown,
                    _('{label}: msgctxt "{value}" does not name a card text ("<card id>:<field>")').format(
                        label=label, value=entry.msgctxt or ""
                    ),
                    line=line,
                    hint=_("keep msgctxt as pnp export wrote it"),
                )
            )
            continue
        if "fuzzy" in entry.flags:
            findings.append(
                warning(
                    "import/fuzzy",
                    shown,
                    _("{label}: marked fuzzy, so not imported").format(label=label),
                    line=line,
                    card=card,
                    hint=_("review the translation and clear the fuzzy mark"),
                )
            )
            continue
        base = next((c[len(BASE_PREFIX) :] for c in entry.comment.splitlines() if c.startswith(BASE_PREFIX)), "")
        source = "" if entry.msgid == NO_ORIGINAL else entry.msgid
        rows.append(Row(card, field, source, entry.msgstr, base.strip(), line, label))
    return lang, rows, findings


def _nplurals(header: str) -> int | None:
    for part in header.split(";"):
        key, _, value = part.partition("=")
        if key.strip() == "nplurals" and value.strip().isdigit():
            return int(value.strip())
    return None
