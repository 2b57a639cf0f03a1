"""load_pack: read pack.toml, every deck file and the glossary, then cross-check them."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp.errors import Finding, did_you_mean, error, has_errors
from pnp.i18n import _, number
from pnp.limits import MAX_PRINTED_CARDS
from pnp.load.aids import load_aids
from pnp.load.board import load_board_files
from pnp.load.glossary_terms import glossary_size, terms_without_target
from pnp.load.references import cross_check
from pnp.load.toml import TomlFile, inside_pack, key_lines, read_toml, symlink_outside
from pnp.load.validate import Problem, validate
from pnp.model import Card, Deck, LoadedDeck, Pack, PackData
from pnp.model.glossary import Glossary
from pnp.paths import shown_path

PACK_FILE = "pack.toml"
GLOSSARY_FILE = "glossary.toml"


@dataclass
class LoadResult:
    pack: PackData | None
    findings: list[Finding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.pack is not None


def load_pack(root: Path) -> LoadResult:
    shown_root = shown_path(root)
    if not root.exists():
        return LoadResult(
            None,
            [
                error(
                    "load/no-pack",
                    shown_root,
                    _("no such folder"),
                    hint=_("give the path of a pack folder, like cards/blue-sun"),
                )
            ],
        )
    if not root.is_dir():
        return LoadResult(
            None,
            [
                error(
                    "load/no-pack",
                    shown_root,
                    _("expected a pack folder, found a file"),
                    hint=_("give the folder that holds pack.toml"),
                )
            ],
        )
    if not (root / PACK_FILE).exists():
        return LoadResult(
            None,
            [
                error(
                    "load/no-pack",
                    shown_root,
                    _("this folder has no {PACK_FILE}: it is not a pack").format(PACK_FILE=PACK_FILE),
                    hint=_("see docs/pack-format.md, or copy examples/tiny"),
                )
            ],
        )
    if escape := symlink_outside(root, PACK_FILE):
        return LoadResult(None, [escape])
    findings: list[Finding] = []
    pack_file, found = read_toml(root / PACK_FILE, shown_path(root / PACK_FILE))
    findings += found
    if pack_file is None:
        return LoadResult(None, findings)
    pack, problems = validate(Pack, pack_file.data)
    findings += _pack_findings(pack_file, problems)
    if pack is None:
        return LoadResult(None, findings)

    decks: list[LoadedDeck] = []
    sources: dict[str, TomlFile] = {}
    for index, deck in enumerate(pack.deck):
        loaded, source, found = _load_deck(root, pack_file, index, deck)
        findings += found
        if loaded is not None and source is not None:
            decks.append(loaded)
            sources[deck.id] = source

    findings += _too_many_copies(pack_file, decks)
    glossary, found = _load_glossary(root)
    findings += found
    board, tokens, found = load_board_files(root, pack, shown_root)
    findings += found
    aids, found = load_aids(root, pack)
    findings += found

    findings += cross_check(root, pack_file, pack, decks, sources, glossary)
    if has_errors(findings):
        return LoadResult(None, findings)
    lines = _record_lines(pack_file, sources, root)
    data = PackData(
        root=root,
        pack=pack,
        decks=tuple(decks),
        glossary=glossary,
        lines=lines,
        board=board,
        tokens=tokens,
        aids=aids,
    )
    return LoadResult(data, findings)


def _record_lines(pack_file: TomlFile, sources: dict[str, TomlFile], root: Path) -> dict[tuple[str, str], int]:
    """Where each record's table starts, so later stages can point at it."""
    lines: dict[tuple[str, str], int] = {}
    tables = [("deck", pack_file), ("swap", pack_file), ("manifest", pack_file)]
    glossary_path = root / GLOSSARY_FILE
    if glossary_path.exists():
        glossary_file, _found = read_toml(glossary_path, shown_path(glossary_path))
        if glossary_file is not None:
            tables += [("term", glossary_file), ("keyword", glossary_file)]
    for kind, source in tables:
        for index, raw in enumerate(source.data.get(kind, [])):
            key = raw.get("source" if kind == "term" else "id") if isinstance(raw, dict) else None
            line = source.line_of(kind, index, None)
            if isinstance(key, str) and line is not None:
                lines.setdefault((kind, key), line)
    keep = lines.setdefault  # some 10 keys a card: this loop is a share of a reload after one edit
    for source in sources.values():  # one pass over each deck file: ("card", id) and ("field", "<id>:text.es")
        for raw, keys in zip(source.data.get("card", []), key_lines(source.text, "card"), strict=False):
            card_id = raw.get("id") if isinstance(raw, dict) else None
            if isinstance(card_id, str):
                keep(("card", card_id), keys[""])
                prefix = f"{card_id}:"
                for path, line in keys.items():
                    if path:
                        keep(("field", prefix + path), line)
    return lines


# --- reading ----------------------------------------------------------------


def _pack_findings(source: TomlFile, problems: list[Problem]) -> list[Finding]:
    """pack.toml problems name the record (deck "nav-rim") in the field path."""
    findings = []
    for problem in problems:
        table, index = _table_index(problem.loc)
        record = _record_name(source.data, problem.loc)
        key = ".".join(str(p) for p in problem.loc[2:] if isinstance(p, str)) if table else str(problem.loc[0])
        path = problem.field if record is None else f"{table}.{record}{problem.field[len(f'{table}[{index}]') :]}"
        findings.append(
            error(
                "load/invalid",
                source.shown,
                problem.message,
                line=source.line_of(table, index, key or None),
                field=path,
                hint=problem.hint,
            )
        )
    return findings


def _table_index(loc: tuple[str | int, ...]) -> tuple[str | None, int | None]:
    if len(loc) >= 2 and isinstance(loc[0], str) and isinstance(loc[1], int):
        return loc[0], loc[1]
    return None, None


def _record_name(data: dict, loc: tuple[str | int, ...]) -> str | None:
    table, index = _table_index(loc)
    if table is None or index is None:
        return None
    try:
        record = data[table][index]
    except (KeyError, IndexError, TypeError):
        return None
    name = record.get("id") if isinstance(record, dict) else None
    return name if isinstance(name, str) and name else f"#{index + 1}"


def _load_deck(
    root: Path, pack_file: TomlFile, index: int, deck: Deck
) -> tuple[LoadedDeck | None, TomlFile | None, list[Finding]]:
    relative = deck.file or f"{deck.id}.toml"
    where = {"line": pack_file.line_of("deck", index, "file" if deck.file else "id"), "field": f"deck.{deck.id}.file"}
    path = inside_pack(root, relative)
    if path is None:
        return (
            None,
            None,
            [
                error(
                    "load/outside-pack",
                    pack_file.shown,
                    _('the deck file "{relative}" is outside the pack folder').format(relative=relative),
                    **where,
                    hint=_("keep every file of a pack inside its folder"),
                )
            ],
        )
    if not path.exists():
        return (
            None,
            None,
            [
                error(
                    "load/missing-file",
                    pack_file.shown,
                    _('deck "{id}" names the file "{relative}", which does not exist').format(
                        id=deck.id, relative=relative
                    ),
                    **where,
                    hint=_('create {relative} with [[card]] tables, or set file = "..."').format(relative=relative),
                )
            ],
        )
    deck_file, findings = read_toml(path, shown_path(path))
    if deck_file is None:
        return None, None, findings
    raw_cards = deck_file.data.get("card", [])
    extra = sorted(set(deck_file.data) - {"card"})
    for name in extra:
        findings.append(
            error(
                "load/invalid",
                deck_file.shown,
                _("unknown top-level key in a deck file"),
                line=deck_file.line_of(None, None, name),
                field=name,
                hint=did_you_mean(name, ["card"]) or _("a deck file holds only [[card]] tables"),
            )
        )
    if not isinstance(raw_cards, list):
        findings.append(
            error(
                "load/invalid",
                deck_file.shown,
                _("expected [[card]] tables"),
                field="card",
                line=deck_file.line_of(None, None, "card"),
            )
        )
        return None, deck_file, findings
    cards: list[Card] = []
    keys = key_lines(deck_file.text, "card")  # one pass: the exact line of each dotted key (title.fr)
    for position, raw in enumerate(raw_cards):
        card, problems = validate(Card, raw)
        given = raw.get("id") if isinstance(raw, dict) else None
        card_id = given if isinstance(given, str) and given.strip() else f"#{position + 1}"  # "" names no card
        for problem in problems:
            findings.append(
                error(
                    "load/invalid",
                    deck_file.shown,
                    problem.message,
                    line=_field_line(deck_file, keys, position, problem.field),
                    card=card_id,
                    field=problem.field,
                    hint=problem.hint,
                )
            )
        if card is not None:
            cards.append(card)
    return LoadedDeck(deck=deck, file=path, cards=tuple(cards)), deck_file, findings


def _too_many_copies(pack_file: TomlFile, decks: list[LoadedDeck]) -> list[Finding]:
    """The pages a build prints grow with the copies: past the limit it is a mistake (count = 9999 x many)."""
    copies = sum(card.count for deck in decks for card in deck.cards)
    if copies <= MAX_PRINTED_CARDS:
        return []
    return [
        error(
            "load/too-large",
            pack_file.shown,
            _(
                "the decks hold {copies} cards in all; a pack may hold at most {limit} "
                "(about {pages} pages of fronts and backs)"
            ).format(copies=number(copies), limit=number(MAX_PRINTED_CARDS), pages=number(MAX_PRINTED_CARDS // 9 * 2)),
            hint=_("split the box into several packs"),
        )
    ]


def _field_line(source: TomlFile, keys: list[dict[str, int]], position: int, field: str) -> int | None:
    """The line of `text.es` itself, not of the card's first `text.` key; else the nearest line known."""
    record = keys[position] if position < len(keys) else {}
    path = field.split("[")[0]
    while path:
        if path in record:
            return record[path]
        path = path.rpartition(".")[0]
    return source.line_of("card", position, field)


def _load_glossary(root: Path) -> tuple[Glossary, list[Finding]]:
    path = root / GLOSSARY_FILE
    if not path.exists():
        return Glossary(), []
    if escape := symlink_outside(root, GLOSSARY_FILE):
        return Glossary(), [escape]
    source, findings = read_toml(path, shown_path(path))
    if source is None:
        return Glossary(), findings
    if too_large := glossary_size(source):
        return Glossary(), [*findings, too_large]
    glossary, problems = validate(Glossary, source.data)
    for problem in problems:
        table, index = _table_index(problem.loc)
        key = ".".join(str(p) for p in problem.loc[2:] if isinstance(p, str))
        findings.append(
            error(
                "load/invalid",
                source.shown,
                problem.message,
                line=source.line_of(table, index, key or None),
                field=problem.field,
                hint=problem.hint,
            )
        )
    if glossary is not None:
        findings += terms_without_target(glossary, source)
    return glossary or Glossary(), findings
