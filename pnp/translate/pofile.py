"""gettext PO for translation tools (Poedit, Weblate, OmegaT), through polib.

One entry per card text: msgctxt "<card id>:<field>", msgid the original,
msgstr the translation.  Then one per aid text (reference cards and set-up
sheets, pnp.translate.aid_texts): msgctxt "aids/<aid id>:<place>"
("aids/reavers:block[1].bullets[0]"); an aid has no status, so its entries
carry no status comment and are never fuzzy for one.  An extracted comment `#. base: <hash>` records the
translation at export time, and `#. status: <status>` the card's status then.

The card's status maps to gettext's own states, so tools count what the
proof counts:

- draft: the entries are `fuzzy` (needs work; Poedit and Weblate show it so);
- translated: no flag;
- reviewed: no flag, and a translator comment `# reviewed`.  Tools drop flags
  they do not know (Poedit rewrites the flag line; msgmerge and Weblate keep
  only gettext's own), but keep translator comments, so the marker is a comment.

On import the status comes back: any fuzzy entry of a card makes it draft;
every entry marked reviewed, and unchanged, keeps it reviewed; a fuzzy mark
cleared, or a reviewed text edited, makes it translated.

A translation that starts or ends with a line break where its original
does not (or the other way) is refused by `msgfmt -c`, the check every
gettext pipeline runs.  Such an entry is exported fuzzy, with an extracted
comment `#. fuzzy: ...` saying why: tools show it as needing work, `msgfmt -c`
passes (it leaves fuzzy entries alone), and import does not count that mark
against the card's status while the line breaks still differ.

A text with no original is left out: an empty msgid is the header's, and a
placeholder would be "translated" by tools and checked by pofilter as if it
were text.  Such translations stay editable in the CSV and the TOML files.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import polib

from pnp.errors import Finding, error, info
from pnp.i18n import _
from pnp.load.revision import run_git
from pnp.markup import line_breaks_differ
from pnp.model import Card, PackData
from pnp.model.aids import LoadedAid
from pnp.translate.aid_texts import AID_PREFIX, aid_of, parse_place
from pnp.translate.card_edit import card_comments
from pnp.translate.interchange import STATUS, Entry, Row, base_hash, base_matches, normalize

BASE_PREFIX = "base: "
STATUS_PREFIX = "status: "
LINE_BREAKS_PREFIX = "fuzzy: "
REVIEWED = "reviewed"
PLURAL_FORMS = {"es": "nplurals=2; plural=(n != 1);", "en": "nplurals=2; plural=(n != 1);"}
LANGUAGE_NAMES = {
    "ca": "Catalan",
    "de": "German",
    "en": "English",
    "es": "Spanish",
    "eu": "Basque",
    "fr": "French",
    "gl": "Galician",
    "it": "Italian",
    "pt": "Portuguese",
}


def po_language(code: str) -> str:
    """A pack's language code as gettext tools write it: es-MX -> es_MX."""
    language, _, region = code.partition("-")
    return f"{language.lower()}_{region.upper()}" if region else language.lower()


def same_language(a: str, b: str) -> bool:
    """es_MX, es-MX and es-mx are one language: tools write the first, packs the second."""
    return a.strip().replace("_", "-").lower() == b.strip().replace("_", "-").lower()


def language_team(code: str) -> str:
    language, _, region = code.partition("-")
    name = LANGUAGE_NAMES.get(language.lower(), language)
    return f"{name} ({region.upper()})" if region else name


def revision_date(pack: PackData) -> str:
    """When the card and aid texts last changed, the same for every export of one pack state.

    In a git repository whose card files are committed as they are, that is the last commit touching
    them: a checkout or a copy sets every file's time to the moment it was made, which says nothing of
    the texts.  A change not committed yet (or a pack outside git) is dated by the newest file's time.
    """
    files = [f for f in [*(deck.file for deck in pack.decks), *(aid.file for aid in pack.aids)] if f.exists()]
    committed = _last_commit(pack.root, files)
    if committed is not None:
        return _po_date(committed)
    return _po_date(max((f.stat().st_mtime for f in files), default=0.0))


def _last_commit(root: Path, files: list[Path]) -> float | None:
    """The time of the last commit touching `files`, or None when one of them differs from it (or no git)."""
    if not files:
        return None
    names = [str(f) for f in files]
    try:
        dirty = run_git(root, "status", "--porcelain", "--untracked-files=all", "--", *names)
        last = run_git(root, "log", "-1", "--format=%ct", "--", *names)
    except OSError:  # git is not installed
        return None
    stamp = last.stdout.strip()
    if dirty.returncode != 0 or dirty.stdout.strip() or last.returncode != 0 or not stamp.isdigit():
        return None
    return float(stamp)


def _po_date(stamp: float) -> str:
    return datetime.fromtimestamp(stamp, UTC).strftime("%Y-%m-%d %H:%M+0000")


def write_po(pack: PackData, entries: list[Entry], lang: str) -> bytes:
    po = polib.POFile(wrapwidth=78)
    name = pack.pack.name.get(lang) or pack.pack.name.get(pack.pack.source_language, pack.pack.id)
    po.header = (
        f"{name}: {lang} translation, exported by pnp.\n"
        "Keep the '#. base:' and '#. status:' comments: pnp import compares them."
    )
    po.metadata = {
        "Project-Id-Version": pack.pack.id,
        "PO-Revision-Date": revision_date(pack),
        "Last-Translator": f"{name} translators",
        "Language-Team": language_team(lang),
        "Language": po_language(lang),
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": PLURAL_FORMS.get(lang.split("-")[0], "nplurals=2; plural=(n != 1);"),
        "X-Generator": "pnp",
    }
    status = {e.card: e.target for e in entries if e.field == STATUS}
    cards = pack.cards()
    for entry in entries:
        if entry.field == STATUS or not entry.source:
            continue
        card_status = status.get(entry.card, "")
        notes = [f"{BASE_PREFIX}{entry.base}"]
        if card_status:
            notes.append(f"{STATUS_PREFIX}{card_status}")
        fuzzy = card_status == "draft"
        if not fuzzy and _breaks_refused(entry.source, entry.target):
            fuzzy = True
            notes.append(
                LINE_BREAKS_PREFIX
                + _("the translation starts or ends with a line break where the original does not, or the other way")
            )
        aid = aid_of(pack, entry.card)
        if aid is not None:
            notes += _for_aid_translators(aid, entry.field, pack.pack.source_language)
            noted = ""
        else:
            notes += _for_translators(cards[entry.card], entry.field, pack.pack.source_language)
            # the pack's note on this text (comment.<field>.<lang>): a translator comment, as Poedit and Weblate
            # show and edit them; read back, it is reported, not imported (_translator_comments)
            noted = card_comments(cards[entry.card], lang).get(entry.field, "")
        said = [REVIEWED] if card_status == "reviewed" else []
        said += [line.rstrip() for line in noted.splitlines() if line.strip()]
        po.append(
            polib.POEntry(
                msgctxt=f"{entry.card}:{entry.field}",
                msgid=entry.source,
                msgstr=entry.target,
                comment="\n".join(notes),
                tcomment="\n".join(said),
                flags=["fuzzy"] if fuzzy else [],
                occurrences=[(entry.file, str(entry.line))] if entry.line else [(entry.file, "")],
            )
        )
    text = str(po)
    return (text if text.endswith("\n") else text + "\n").encode("utf-8")


def read_po(text: str, shown: str, targets: list[str]) -> tuple[str | None, list[Row], list[Finding]]:
    try:
        po = polib.pofile(text, encoding="utf-8", check_for_duplicates=False)
    except (OSError, ValueError) as exc:
        # polib's English names only the line: the line goes to the finding, the words are pnp's
        found = re.search(r"line (\d+)", str(exc))
        return (
            None,
            [],
            [
                error(
                    "import/bad-file",
                    shown,
                    _("not a PO file pnp can read: a quote is not closed, or a line is not msgid, msgstr or a comment"),
                    line=int(found[1]) if found else None,
                )
            ],
        )
    written = po.metadata.get("Language", "").strip()
    lang = next((t for t in targets if same_language(t, written)), None)
    if lang is None:
        return (
            None,
            [],
            [
                error(
                    "import/bad-header",
                    shown,
                    _('the header\'s Language is "{written}", not a target language of the pack ({value})').format(
                        written=written, value=", ".join(po_language(t) for t in targets)
                    ),
                    line=1,
                    hint=_(
                        'set "Language: {targets}" in the header (Poedit: Translation > '
                        "Properties > Language), or export again"
                    ).format(targets=po_language(targets[0])),
                )
            ],
        )
    findings: list[Finding] = []
    nplurals = _nplurals(po.metadata.get("Plural-Forms", ""))
    rows: list[Row] = []
    cards: dict[str, list[polib.POEntry]] = {}
    for number, entry in enumerate((e for e in po if not e.obsolete), start=1):
        label = _("entry {number}").format(number=number)
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
            rows.append(_refused(entry, label))
            continue
        card, sep, field = (entry.msgctxt or "").partition(":")
        if not sep:
            findings.append(
                error(
                    "import/bad-row",
                    shown,
                    _('{label} ("{msgid}"): msgctxt "{value}" does not name a card text ("<card id>:<field>")').format(
                        label=label, msgid=_short(entry.msgid), value=entry.msgctxt or ""
                    ),
                    line=line,
                    hint=_(
                        "the tool dropped the context: export again and translate that file, or "
                        "put the msgctxt line back as pnp export wrote it"
                    ),
                )
            )
            rows.append(_refused(entry, label))
            continue
        base = _comment(entry, BASE_PREFIX)
        rows.append(Row(card, field, entry.msgid, entry.msgstr, base, line, label))
        findings += _translator_comments(entry, shown, label, card, field)
        if not card.startswith(AID_PREFIX):  # an aid has no status to read back
            cards.setdefault(card, []).append(entry)
    rows += [_status_row(card, entries) for card, entries in cards.items()]
    return lang, rows, findings


def _refused(entry: polib.POEntry, label: str) -> Row:
    card, _sep, field = (entry.msgctxt or "").partition(":")
    return Row(card, field, "", "", "", entry.linenum or None, label, unreadable=True)


def _translator_comments(entry: polib.POEntry, shown: str, label: str, card: str, field: str) -> list[Finding]:
    """A translator's own comment (Poedit's "Comment", Weblate's): shown with its card, never imported."""
    said = [line.strip() for line in (entry.tcomment or "").splitlines()]
    return [
        info(
            "import/translator-comment",
            shown,
            _('{label}: translator\'s comment: "{comment}" (kept aside, not imported)').format(
                label=label, comment=comment
            ),
            line=entry.linenum or None,
            card=card,
            field=field,
        )
        for comment in said
        if comment and comment.lower() != REVIEWED
    ]


def _for_translators(card: Card, field: str, source_language: str) -> list[str]:
    """What Poedit and Weblate show as the notes for translators, after pnp's own lines: the card's
    title (when the text is not the title) and the card's notes."""
    lines = []
    title = card.title.get(source_language, "")
    if field != "title" and title:
        lines.append(_("card: {title}").format(title=" ".join(title.split())))
    lines += [line.rstrip() for line in (card.notes or "").splitlines() if line.strip()]
    return lines


def _for_aid_translators(aid: LoadedAid, place: str, source_language: str) -> list[str]:
    """The aid's title (when the text is not the title), the block's `verify` reason, and the aid's notes."""
    lines = []
    title = aid.aid.title.get(source_language, "")
    if place != "title" and title:
        lines.append(_("aid: {title}").format(title=" ".join(title.split())))
    parsed = parse_place(place)
    block = aid.aid.block[parsed.block] if parsed is not None and parsed.block is not None else None
    verify = block.verify if block is not None else None
    for reason in (verify, aid.aid.verify):
        if reason:
            lines.append(_("verify: {reason}").format(reason=" ".join(reason.split())))
    lines += [line.rstrip() for line in (aid.aid.notes or "").splitlines() if line.strip()]
    return lines


def _breaks_refused(original: str, translation: str) -> bool:
    """`msgfmt -c` refuses a translation whose first or last line break is not the original's."""
    return bool(translation) and any(line_breaks_differ(original, translation))


def _needs_work(entry: polib.POEntry) -> bool:
    """Fuzzy, and not only because export marked its line breaks (while they still differ)."""
    marked_by_export = _comment(entry, LINE_BREAKS_PREFIX) and _breaks_refused(entry.msgid, entry.msgstr)
    return "fuzzy" in entry.flags and not marked_by_export


def _status_row(card: str, entries: list[polib.POEntry]) -> Row:
    """The card's status as the file now says it, against the status it had when exported."""
    exported = _comment(entries[0], STATUS_PREFIX)
    changed = any(not base_matches(normalize(e.msgstr), _comment(e, BASE_PREFIX)) for e in entries)
    marked = all(_reviewed(e) for e in entries)
    if any(_needs_work(e) for e in entries):
        now = "draft"
    elif marked and not changed:
        now = "reviewed"
    elif exported in ("draft", "reviewed") or (changed and exported):
        now = "translated"  # the fuzzy mark was cleared, or a reviewed text was edited: it needs review
    else:
        now = exported
    first = entries[0]
    label = _("the entries of {card}").format(card=card)
    return Row(card, STATUS, "", now, base_hash(exported), first.linenum or None, label, True)


def _reviewed(entry: polib.POEntry) -> bool:
    return any(line.strip().lower() == REVIEWED for line in (entry.tcomment or "").splitlines())


def _comment(entry: polib.POEntry, prefix: str) -> str:
    return next((c[len(prefix) :].strip() for c in entry.comment.splitlines() if c.startswith(prefix)), "")


def _short(text: str, limit: int = 40) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _nplurals(header: str) -> int | None:
    for part in header.split(";"):
        key, _, value = part.partition("=")
        if key.strip() == "nplurals" and value.strip().isdigit():
            return int(value.strip())
    return None
