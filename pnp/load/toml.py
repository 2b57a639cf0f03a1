"""Reading TOML files into plain dicts, and finding the line a key is on.

tomllib reports no positions for values, so lines are found by scanning the
text: the n-th `[[table]]` header, then the key inside it.  Good enough to
let an editor jump to the place, which is all a line is for.

The headers of a file are indexed once (`LineIndex`), so finding a key scans
only its own record: locating every card of a 5,000-card deck file stays
linear in the file's size.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

import tomli

from pnp.cache import Cache
from pnp.errors import Finding, did_you_mean, error
from pnp.files import os_reason
from pnp.i18n import N_, _
from pnp.limits import MAX_FILE_BYTES, MAX_NESTING_DEPTH
from pnp.load import remembered
from pnp.load.bounds import CODE as TOO_LARGE
from pnp.load.bounds import oversized_strings, too_deep, within_limits
from pnp.load.regular import NotRegularFile, read_regular
from pnp.paths import shown_path

_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")
_HEADER = re.compile(r"^\s*\[")
_AT_END = "(at end of document)"


@dataclass(frozen=True)
class TomlFile:
    path: Path
    shown: str  # the path as the user should see it
    text: str
    data: dict[str, Any]

    def line_of(self, table: str | None, index: int | None, key: str | None) -> int | None:
        return self.lines.locate(table, index, key)

    @cached_property
    def lines(self) -> LineIndex:
        return LineIndex(self.text)

    @cached_property
    def _positions(self) -> dict[str, dict[object, list[int]]]:
        return {}

    def indices_of(self, table: str, record_id: object) -> list[int]:
        """The positions of the `[[table]]` records whose id is `record_id`, in file order (built once per table)."""
        by_id = self._positions.get(table)
        if by_id is None:
            by_id = self._positions[table] = {}
            records = self.data.get(table, [])
            for index, raw in enumerate(records if isinstance(records, list) else []):
                if isinstance(raw, dict) and isinstance(raw.get("id"), str):
                    by_id.setdefault(raw["id"], []).append(index)
        return by_id.get(record_id, []) if isinstance(record_id, str) else []


NOT_A_PLAIN_FILE = N_("this is a named pipe or a device, not a file: pnp reads only plain files")
NOT_A_PLAIN_FILE_HINT = N_("replace it with the file itself")


def read_toml(path: Path, shown: str) -> tuple[TomlFile | None, list[Finding]]:
    """Parse one TOML file; every way it can fail becomes a finding."""
    try:
        raw = read_regular(path, MAX_FILE_BYTES + 1)  # a named pipe in its place is refused, never waited on
    except FileNotFoundError:
        return None, [error("load/missing-file", shown, _("file not found"))]
    except IsADirectoryError:
        return None, [error("load/missing-file", shown, _("expected a file, found a folder"))]
    except NotRegularFile:
        return None, [error("load/unreadable", shown, _(NOT_A_PLAIN_FILE), hint=_(NOT_A_PLAIN_FILE_HINT))]
    except OSError as exc:
        return None, [
            error("load/unreadable", shown, _("cannot read the file: {strerror}").format(strerror=os_reason(exc)))
        ]
    if len(raw) > MAX_FILE_BYTES:
        return None, [
            error(
                TOO_LARGE,
                shown,
                _("the file is larger than {size} MB, the limit for one TOML file").format(
                    size=MAX_FILE_BYTES // 1_000_000
                ),
                hint=_("split the cards over several deck files"),
            )
        ]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        byte = raw[exc.start]
        return None, [
            error(
                "load/not-utf8",
                shown,
                _("the file is not UTF-8 text: byte 0x{byte:02X} cannot be read").format(byte=byte),
                line=line,
                hint=_("save the file as UTF-8 (most editors: 'Save with encoding')"),
            )
        ]
    text = text.removeprefix("\ufeff")
    cache = remembered.current()
    if cache is not None and (data := _by_records(cache, path, text)) is not None:
        return TomlFile(path, shown, text, data), []  # a deck file: only its records not seen before parsed
    key = remembered.key_of(cache, "toml", raw) if cache is not None else ""
    if cache is not None and isinstance(data := remembered.recall(cache, key), dict):
        return TomlFile(path, shown, text, data), []  # read without findings before, bytes unchanged
    try:
        # tomli is the parser the standard library's tomllib was taken from, compiled
        # (mypyc): the same results and messages, 2-3x faster on a large deck file.
        data = tomli.loads(text)
    except RecursionError:
        return None, [_too_deep(shown)]
    except tomli.TOMLDecodeError as exc:
        message = str(exc)
        position = _TOML_POSITION.search(message)
        line_number = int(position.group(1)) if position else None
        hint = _("check the quotes, brackets and '=' on that line")
        if _AT_END in message:  # the parser ran out of file inside a string, list or table
            line_number = text.count("\n") + (0 if text.endswith("\n") else 1)
            message = message.replace(_AT_END, "")
            hint = _("the file ends inside a string, list or table: a quote or bracket is not closed (cut short?)")
        reason = _plain_toml_reason(_TOML_POSITION.sub("", message).strip())
        return None, [
            error(
                "load/bad-toml", shown, _("not valid TOML: {reason}").format(reason=reason), line=line_number, hint=hint
            )
        ]
    if within_limits(data):
        source, findings = TomlFile(path, shown, text, data), []
    elif too_deep(data) is not None:
        return None, [_too_deep(shown)]
    else:
        source = TomlFile(path, shown, text, data)
        findings = oversized_strings(data, shown, source.line_of)
    if cache is not None and not findings:
        remembered.keep(cache, key, data)
    return source, findings


# --- a deck file, record by record ---------------------------------------------

RECORD_TABLE = "card"
_RECORD_HEADER = re.compile(r"[ \t]*\[\[[ \t]*card[ \t]*\]\]")
_RECORD_LINE = re.compile(r"\n[ \t]*\[\[[ \t]*card[ \t]*\]\]")  # a newline first: found fast
_KEPT_LINES: dict[tuple[str, str], list[dict[str, int]]] = {}  # the key lines of the deck files read last
_KEPT_FILES = 64  # more deck files than a pack has: each is read once a load
_KEPT_LOCK = threading.Lock()


def _by_records(cache: Cache, path: Path, text: str) -> dict[str, Any] | None:
    """A file of [[card]] tables alone, read one table at a time: each table's text is parsed only when an
    earlier load did not keep it (pnp.load.remembered), so that an edit of one card of a 1,000-card deck
    parses that card alone.  None when the file is anything else, or when any part of it is not plain.

    Why that is the file's own reading: a [[card]] header starts a new table and every key, [card.back]
    sub-table or [[card.x]] below it, up to the next header, belongs to that table alone; so when each
    part parses on its own into one table, the whole file parses into those tables in order.  A header
    inside a multi-line string cannot fool it: the part before it would end in an open string, which does
    not parse.  A part that does not parse, holds a date (not JSON), or breaks a limit (bounds) sends the
    whole file the usual way, whose findings and messages are the file's own; as does a file of one part."""
    entry = cache.key("records", str(path), RECORD_TABLE)
    stored = cache.get_json(entry)
    parts_kept = stored.get("parts")
    kept: dict[str, Any] = parts_kept if isinstance(parts_kept, dict) else {}
    digest = text_digest(text)
    # the same text as the last load's: its parts in the order kept, without a part's digest made
    read = _as_kept(kept, stored.get("order"), stored.get("head")) if stored.get("text") == digest else None
    if read is None:
        split = _split(text)
        if split is None:
            return None
        head, parts = split
        read = _read_parts(kept, head, parts)
        if read is None:
            return None
        now, order = read[2], read[3]
        with contextlib.suppress(OSError):  # the cache only saves time
            kept_now = {"text": digest, "head": head, "order": order, "parts": now}
            cache.put_json(entry, kept_now)
    records, lines = read[0], read[1]
    _keep_lines(text, lines)
    return {RECORD_TABLE: records}


Read = tuple[list[Any], list[dict[str, int]], dict[str, list[Any]], list[str]]  # records, lines, parts, order


def _split(text: str) -> tuple[int, list[str]] | None:
    """The number of lines before the first [[card]] header, and the text of each table; None when the
    file is not [[card]] tables alone (but for blank lines and comments at its head) of two or more."""
    starts = [0] if _RECORD_HEADER.match(text) else []
    starts += [match.start() + 1 for match in _RECORD_LINE.finditer(text)]  # each at the start of its line
    if len(starts) < 2:
        return None
    head = text[: starts[0]]
    if head.strip() and not _plain_head(head):
        return None
    # the lines before a part, as the whole text's splitlines() counts them: the head ends at a "\n"
    ends = [*starts[1:], len(text)]
    return len(head.splitlines()), [text[start:end] for start, end in zip(starts, ends, strict=True)]


def _read_parts(kept: dict[str, Any], head: int, parts: list[str]) -> Read | None:
    """Each part taken from `kept` by its digest, or parsed; None when one cannot be read on its own."""
    now: dict[str, list[Any]] = {}
    order = []
    for part in parts:
        digest = hashlib.sha256(part.encode()).hexdigest()
        found = _kept_part(kept.get(digest))
        if found is None and (found := _parsed_part(part)) is None:
            return None
        now[digest] = list(found)
        order.append(digest)
    read = _as_kept(now, order, head)
    return None if read is None else (read[0], read[1], now, order)


def _as_kept(kept: dict[str, Any], order: object, head: object) -> Read | None:
    """The records and key lines of the parts named in `order`, each part's lines below those above it."""
    if not isinstance(order, list) or type(head) is not int:
        return None
    records: list[Any] = []
    lines: list[dict[str, int]] = []
    offset = head
    for digest in order:
        found = _kept_part(kept.get(digest)) if isinstance(digest, str) else None
        if found is None:
            return None
        record, part_lines, count = found
        records.append(record)
        lines.append({name: line + offset for name, line in part_lines.items()} if offset else part_lines)
        offset += count
    return records, lines, kept, order


@lru_cache(maxsize=64)  # a deck file's is asked for again by its cards' checks (pnp.load.references)
def text_digest(text: str) -> str:
    """The SHA-256 of a text's UTF-8 bytes."""
    return hashlib.sha256(text.encode()).hexdigest()


def _plain_head(head: str) -> bool:
    """Only blank lines and comments before the first [[card]]."""
    try:
        return tomli.loads(head) == {} and _scan_key_lines(head, RECORD_TABLE) == ([], None)
    except (tomli.TOMLDecodeError, RecursionError):
        return False


def _parsed_part(part: str) -> tuple[dict[str, Any], dict[str, int], int] | None:
    """One [[card]] table's text parsed: its data, its key lines, its number of lines; None when it is not
    one plain table that the whole file's reading would give as it is."""
    try:
        data = tomli.loads(part)
    except (tomli.TOMLDecodeError, RecursionError):
        return None
    tables = data.get(RECORD_TABLE)
    if set(data) != {RECORD_TABLE} or not isinstance(tables, list) or len(tables) != 1:
        return None
    if not within_limits(data, json_only=True):  # a limit broken; a date, a time, an infinity: not plain JSON
        return None
    records, open_string = _scan_key_lines(part, RECORD_TABLE)
    if open_string is not None or len(records) != 1:  # the whole text's scan would go on in a string
        return None
    return tables[0], records[0], len(part.splitlines())


def _kept_part(kept: object) -> tuple[dict[str, Any], dict[str, int], int] | None:
    """A part as _by_records keeps it, or None when it is anything else."""
    if not (isinstance(kept, list) and len(kept) == 3):
        return None
    record, lines, count = kept
    if not (isinstance(record, dict) and isinstance(lines, dict) and type(count) is int):
        return None
    if not all(type(line) is int for line in lines.values()):  # a JSON object's names are always strings
        return None
    return record, lines, count


def _keep_lines(text: str, lines: list[dict[str, int]]) -> None:
    """The key lines found while reading a deck file, for key_lines to answer without reading it again."""
    with _KEPT_LOCK:  # a build may run in a thread of the workbench
        while len(_KEPT_LINES) >= _KEPT_FILES:
            del _KEPT_LINES[next(iter(_KEPT_LINES))]
        _KEPT_LINES[(text, RECORD_TABLE)] = lines


def _too_deep(shown: str) -> Finding:
    return error(
        TOO_LARGE,
        shown,
        _("tables and lists are nested more than {depth} deep").format(depth=MAX_NESTING_DEPTH),
        hint=_("a pack needs 3 or 4 levels: look for brackets opened and never closed"),
    )


# tomli's wording, said the way a pack writer thinks of it
_TOML_REASONS = {
    "Illegal character '\\n'": N_("a line ends inside a string: a closing quote is missing"),
    "Unclosed array": N_("a list is not closed: a ']' is missing"),
    "Unclosed inline table": N_("a table is not closed: a '}' is missing"),
    "Expected '=' after a key in a key/value pair": N_("expected '=' after the key"),
    "Invalid value": N_("the value is not valid TOML (text needs quotes)"),
    "Cannot overwrite a value": N_("this key is set twice"),
    "Cannot declare": N_("this table is declared twice"),
    "Expected newline or end of document after a statement": N_(
        "something follows the value on this line: one key = value per line, text in quotes"
    ),
    "Expected ']' at the end of a table declaration": N_("a table header is not closed: a ']' is missing"),
    "Unterminated string": N_("a text is not closed: a closing quote is missing"),
    "Unescaped '\\' in a string": N_("a backslash in a text: write it twice (\\\\), or use single quotes"),
    "Invalid statement": N_("this line is not key = value"),
    "Invalid initial character for a key part": N_("a key starts with a character keys cannot have"),
    "Invalid date or datetime": N_("not a valid date"),
    "Invalid hex value": N_("not a valid hexadecimal number"),
}


def _plain_toml_reason(reason: str) -> str:
    for raw, plain in _TOML_REASONS.items():
        if reason.startswith(raw):
            return _(plain)
    return reason


class LineIndex:
    """The lines of one TOML text and where its tables start, read in one pass."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.first_header = len(self.lines)
        self.array_headers: dict[str, list[int]] = {}
        for number, line in enumerate(self.lines):
            if not _HEADER.match(line):
                continue
            self.first_header = min(self.first_header, number)
            if array := _ARRAY_HEADER.match(line):
                self.array_headers.setdefault(array.group(1), []).append(number)

    def locate(self, table: str | None, index: int | None, key: str | None) -> int | None:
        """1-based line of `key` inside the index-th `[[table]]` (or the top level)."""
        start, end = 0, len(self.lines)
        if table is not None:
            headers = self.array_headers.get(table, [])
            if index is None or not 0 <= index < len(headers):
                return None
            start = headers[index]
            end = headers[index + 1] if index + 1 < len(headers) else len(self.lines)
            if key is None:
                return start + 1
        elif key is not None:
            end = self.first_header  # top-level keys stand before the first table header
        if key is None:
            return None
        head = key.split(".")[0].split("[")[0]
        pattern = _key_pattern(head)
        sub_table = _sub_table_pattern(table, head) if table else None
        for number in range(start, end):
            line = self.lines[number]
            if pattern.match(line) or (sub_table and sub_table.match(line)):
                return number + 1
        return start + 1 if table is not None else None


@lru_cache(maxsize=256)
def _key_pattern(head: str) -> re.Pattern[str]:
    return re.compile(rf"^\s*(\"?){re.escape(head)}\1\s*[.=]")


@lru_cache(maxsize=256)
def _sub_table_pattern(table: str, head: str) -> re.Pattern[str]:
    return re.compile(rf"^\s*\[\s*{re.escape(table)}\.?{re.escape(head)}\s*\]")


@lru_cache(maxsize=4)
def _index_of(text: str) -> LineIndex:
    return LineIndex(text)


def locate(text: str, table: str | None, index: int | None, key: str | None) -> int | None:
    """1-based line of `key` inside the index-th `[[table]]` (or the top level) of a TOML text."""
    return _index_of(text).locate(table, index, key)


_ARRAY_HEADER = re.compile(r"^\s*\[\[\s*([A-Za-z0-9_.-]+)\s*\]\]")
_TABLE_HEADER = re.compile(r"^\s*\[\s*([A-Za-z0-9_.-]+)\s*\]")
_KEY = re.compile(r'^\s*((?:[A-Za-z0-9_-]+|"[^"\n]*")(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"\n]*"))*)\s*=')


def key_lines(text: str, table: str) -> list[dict[str, int]]:
    """For each `[[table]]` in order, the 1-based line of its header and of every key it sets
    (_key_lines); read only.  While pnp.load.remembered is on, taken from the cache for a text seen before."""
    cache = remembered.current()
    if cache is None:
        return _key_lines(text, table)
    return _KEPT_LINES.get((text, table)) or _remembered_lines(text, table, cache)


@lru_cache(maxsize=8)  # load and its cross-checks ask for the same file: read once
def _remembered_lines(text: str, table: str, cache: Cache) -> list[dict[str, int]]:
    key = remembered.key_of(cache, "lines", text.encode(), table)
    records = remembered.recall(cache, key)
    if isinstance(records, list) and all(
        isinstance(r, dict) and all(isinstance(k, str) and type(v) is int for k, v in r.items()) for r in records
    ):
        return records
    records = _key_lines(text, table)
    remembered.keep(cache, key, records)
    return records


@lru_cache(maxsize=8)  # load, its cross-checks and its line records ask for the same file: one pass; read only
def _key_lines(text: str, table: str) -> list[dict[str, int]]:
    """For each `[[table]]` in order, the 1-based line of its header (path "") and of every key it sets.

    `text.es = "..."` gives "text.es"; inside a `[card.back]` sub-table
    `title.en = "..."` gives "back.title.en"; an inline table gives its key only
    ("title").  One pass, skipping the inside of multi-line strings.
    """
    return _scan_key_lines(text, table)[0]


def _scan_key_lines(text: str, table: str) -> tuple[list[dict[str, int]], str | None]:
    """_key_lines, and the quotes of a multi-line string the text ends inside (None: it ends outside)."""
    records: list[dict[str, int]] = []
    current: dict[str, int] | None = None
    prefix = ""
    open_string: str | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if open_string is not None:
            if line.count(open_string) % 2 == 1:
                open_string = None
            continue
        if header := _ARRAY_HEADER.match(line):
            current = {"": number} if header.group(1) == table else None
            if current is not None:
                records.append(current)
            prefix = ""
            continue
        if header := _TABLE_HEADER.match(line):
            name = header.group(1)
            if current is not None and name.startswith(f"{table}."):
                prefix = name[len(table) + 1 :] + "."
                current.setdefault(prefix[:-1], number)
            else:
                current = None
            continue
        key = _KEY.match(line)
        if key is None:
            continue
        if current is not None:
            path = prefix + ".".join(part.strip().strip('"') for part in key.group(1).split("."))
            current.setdefault(path, number)
        rest = line[key.end() :]
        for quotes in ('"""', "'''"):
            if rest.count(quotes) % 2 == 1:
                open_string = quotes
                break
    return records, open_string


def inside_pack(root: Path, relative: str) -> Path | None:
    """The path of a pack file, or None when it would leave the pack ("../x.png")."""
    candidate = (root / relative).resolve()
    try:
        candidate.relative_to(root.resolve())
    except ValueError:
        return None
    return candidate


# The kinds of record a reference names, as unknown_reference says them.
REFERENCE_KINDS = (N_("deck"), N_("card"), N_("card type"), N_("quantity"), N_("swap"), N_("variant"), N_("setup card"))


def symlink_outside(root: Path, name: str) -> Finding | None:
    """A file of the pack that is a link to somewhere outside it: refused before it is read, so that none of
    its keys or values can be echoed in a finding (a pack's pack.toml linked to ~/.ssh/config, say)."""
    path = root / name
    if not path.is_symlink() or inside_pack(root, name) is not None:
        return None
    return error(
        "load/outside-pack",
        shown_path(path),
        _("{name} is a link to a file outside the pack folder; pnp does not read it").format(name=name),
        hint=_("copy the file into the pack instead of linking to it"),
    )


def unknown_reference(
    source: TomlFile,
    table: str,
    index: int,
    key: str,
    field: str,
    what: str,
    name: str,
    known: Iterable[str],
    hint: str | None = None,
) -> Finding:
    """A reference in the index-th [[table]] of a file that names nothing of its kind."""
    return error(
        "load/unknown-ref",
        source.shown,
        _('unknown {what} "{name}"').format(what=_(what), name=name),
        line=source.line_of(table, index, key),
        field=field,
        hint=did_you_mean(name, known) or hint,
    )
