"""load_pack: read pack.toml, every deck file and the glossary, then cross-check them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from pnp import markup
from pnp.errors import Finding, did_you_mean, error, has_errors, warning
from pnp.load.board import load_board_files
from pnp.load.toml import TomlFile, key_lines, read_toml
from pnp.load.validate import Problem, validate
from pnp.model import Card, Deck, Glossary, LoadedDeck, Pack, PackData
from pnp.units import UnitError, parse_card_size

PACK_FILE = "pack.toml"
GLOSSARY_FILE = "glossary.toml"


@dataclass
class LoadResult:
    pack: PackData | None
    findings: list[Finding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.pack is not None


def shown_path(path: Path) -> str:
    """Paths in messages are relative to where the user stands, when they can be."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def load_pack(root: Path) -> LoadResult:
    shown_root = shown_path(root)
    if not root.exists():
        return LoadResult(
            None,
            [
                error(
                    "load/no-pack",
                    shown_root,
                    "no such folder",
                    hint="give the path of a pack folder, like cards/blue-sun",
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
                    "expected a pack folder, found a file",
                    hint="give the folder that holds pack.toml",
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
                    f"this folder has no {PACK_FILE}: it is not a pack",
                    hint="see docs/pack-format.md, or copy examples/tiny",
                )
            ],
        )
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

    glossary, found = _load_glossary(root)
    findings += found
    board, tokens, found = load_board_files(root, pack, shown_root)
    findings += found

    findings += _cross_check(root, pack_file, pack, decks, sources, glossary)
    if has_errors(findings):
        return LoadResult(None, findings)
    lines = _record_lines(pack_file, sources, root)
    data = PackData(
        root=root, pack=pack, decks=tuple(decks), glossary=glossary, lines=lines, board=board, tokens=tokens
    )
    return LoadResult(data, findings)


def _record_lines(pack_file: TomlFile, sources: dict[str, TomlFile], root: Path) -> dict[tuple[str, str], int]:
    """Where each record's table starts, so later stages can point at it."""
    lines: dict[tuple[str, str], int] = {}
    tables = [("deck", pack_file), ("swap", pack_file), ("manifest", pack_file)]
    glossary_path = root / GLOSSARY_FILE
    if glossary_path.exists():
        glossary_file, _ = read_toml(glossary_path, shown_path(glossary_path))
        if glossary_file is not None:
            tables += [("term", glossary_file), ("keyword", glossary_file)]
    for kind, source in tables:
        for index, raw in enumerate(source.data.get(kind, [])):
            key = raw.get("source" if kind == "term" else "id") if isinstance(raw, dict) else None
            line = source.line_of(kind, index, None)
            if isinstance(key, str) and line is not None:
                lines.setdefault((kind, key), line)
    for source in sources.values():  # one pass over each deck file: ("card", id) and ("field", "<id>:text.es")
        for raw, keys in zip(source.data.get("card", []), key_lines(source.text, "card"), strict=False):
            if isinstance(raw, dict) and isinstance(raw.get("id"), str):
                lines.setdefault(("card", raw["id"]), keys[""])
                for path, line in keys.items():
                    if path:
                        lines.setdefault(("field", f"{raw['id']}:{path}"), line)
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
    path = _inside(root, relative)
    if path is None:
        return (
            None,
            None,
            [
                error(
                    "load/outside-pack",
                    pack_file.shown,
                    f'the deck file "{relative}" is outside the pack folder',
                    **where,
                    hint="keep every file of a pack inside its folder",
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
                    f'deck "{deck.id}" names the file "{relative}", which does not exist',
                    **where,
                    hint=f'create {relative} with [[card]] tables, or set file = "..."',
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
                "unknown top-level key in a deck file",
                line=deck_file.line_of(None, None, name),
                field=name,
                hint=did_you_mean(name, ["card"]) or "a deck file holds only [[card]] tables",
            )
        )
    if not isinstance(raw_cards, list):
        findings.append(
            error(
                "load/invalid",
                deck_file.shown,
                "expected [[card]] tables",
                field="card",
                line=deck_file.line_of(None, None, "card"),
            )
        )
        return None, deck_file, findings
    cards: list[Card] = []
    for position, raw in enumerate(raw_cards):
        card, problems = validate(Card, raw)
        card_id = raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) else f"#{position + 1}"
        for problem in problems:
            findings.append(
                error(
                    "load/invalid",
                    deck_file.shown,
                    problem.message,
                    line=deck_file.line_of("card", position, problem.field),
                    card=card_id,
                    field=problem.field,
                    hint=problem.hint,
                )
            )
        if card is not None:
            cards.append(card)
    return LoadedDeck(deck=deck, file=path, cards=tuple(cards)), deck_file, findings


def _load_glossary(root: Path) -> tuple[Glossary, list[Finding]]:
    path = root / GLOSSARY_FILE
    if not path.exists():
        return Glossary(), []
    source, findings = read_toml(path, shown_path(path))
    if source is None:
        return Glossary(), findings
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
    return glossary or Glossary(), findings


def _inside(root: Path, relative: str) -> Path | None:
    """The path of a pack file, or None when it would leave the pack ("../x.png")."""
    candidate = (root / relative).resolve()
    try:
        candidate.relative_to(root.resolve())
    except ValueError:
        return None
    return candidate


# --- cross-checks --------------------------------------------------------------


def _cross_check(
    root: Path,
    pack_file: TomlFile,
    pack: Pack,
    decks: list[LoadedDeck],
    sources: dict[str, TomlFile],
    glossary: Glossary,
) -> list[Finding]:
    findings: list[Finding] = []
    findings += _check_pack_refs(pack_file, pack)
    findings += _check_duplicate_ids(decks, sources)
    cards = {card.id: card for deck in decks for card in deck.cards}
    for deck in decks:
        for card in deck.cards:
            findings += _check_card(root, pack, deck, card, glossary, sources[deck.deck.id])
    if len(decks) == len(pack.deck):  # else references into an unread deck cannot be judged
        known = set(cards) | {
            raw["id"]
            for source in sources.values()
            for raw in source.data.get("card", [])
            if isinstance(raw, dict) and isinstance(raw.get("id"), str)
        }
        findings += _check_swaps(pack_file, pack, known)
    if not cards and not has_errors(findings):
        findings.append(
            error(
                "load/empty-pack",
                pack_file.shown,
                "the pack has no cards",
                hint="add [[card]] tables to the deck files that pack.toml names",
            )
        )
    return findings


def _check_pack_refs(pack_file: TomlFile, pack: Pack) -> list[Finding]:
    findings: list[Finding] = []
    languages = [pack.source_language, *pack.target_languages]
    type_ids = [t.id for t in pack.card_type]
    deck_ids = [d.id for d in pack.deck]
    for label, ids in (
        ("card_type", type_ids),
        ("deck", deck_ids),
        ("swap", [s.id for s in pack.swap]),
        ("manifest", [m.id for m in pack.manifest]),
        ("quantity", [q.id for q in pack.quantity]),
    ):
        for index, dup in _duplicates(ids):
            findings.append(
                error(
                    "load/duplicate-id",
                    pack_file.shown,
                    f'the {label} id "{dup}" is used twice',
                    line=pack_file.line_of(label, index, "id"),
                    field=f"{label}.{dup}.id",
                )
            )
    for index, deck in enumerate(pack.deck):
        for card_type in deck.card_types:
            if card_type not in type_ids:
                findings.append(
                    error(
                        "load/unknown-ref",
                        pack_file.shown,
                        f'unknown card type "{card_type}"',
                        line=pack_file.line_of("deck", index, "card_types"),
                        field=f"deck.{deck.id}.card_types",
                        hint=did_you_mean(card_type, type_ids) or "declare it as a [[card_type]]",
                    )
                )
        try:
            parse_card_size(deck.card_size)
        except UnitError as exc:
            findings.append(
                error(
                    "load/invalid",
                    pack_file.shown,
                    str(exc),
                    line=pack_file.line_of("deck", index, "card_size"),
                    field=f"deck.{deck.id}.card_size",
                    hint=did_you_mean(
                        deck.card_size, ["poker", "bridge", "mini-american", "mini-euro", "tarot", "square"]
                    ),
                )
            )
        findings += _check_languages(
            pack_file.shown,
            languages,
            {"name": deck.name, "back.label": deck.back.label},
            pack_file.line_of("deck", index, "name"),
            prefix=f"deck.{deck.id}.",
        )
    for index, line in enumerate(pack.manifest):
        for deck_id in line.decks:
            if deck_id not in deck_ids:
                findings.append(
                    error(
                        "load/unknown-ref",
                        pack_file.shown,
                        f'unknown deck "{deck_id}"',
                        line=pack_file.line_of("manifest", index, "decks"),
                        field=f"manifest.{line.id}.decks",
                        hint=did_you_mean(deck_id, deck_ids),
                    )
                )
    findings += _check_languages(pack_file.shown, languages, {"name": pack.name}, pack_file.line_of(None, None, "name"))
    named: list[tuple[str, int, str, dict[str, str]]] = [
        *(("card_type", i, r.id, r.name) for i, r in enumerate(pack.card_type)),
        *(("swap", i, r.id, r.name) for i, r in enumerate(pack.swap)),
        *(("manifest", i, r.id, r.name) for i, r in enumerate(pack.manifest)),
        *(("quantity", i, r.id, r.name) for i, r in enumerate(pack.quantity)),
    ]
    for table, index, record_id, name in named:
        findings += _check_languages(
            pack_file.shown,
            languages,
            {"name": name},
            pack_file.line_of(table, index, "name"),
            prefix=f"{table}.{record_id}.",
        )
    card_fields = set(Card.model_fields)
    for index, kind in enumerate(pack.card_type):
        for required in kind.requires:
            if required not in card_fields:
                findings.append(
                    error(
                        "load/unknown-ref",
                        pack_file.shown,
                        f'"{required}" is not a card field',
                        line=pack_file.line_of("card_type", index, "requires"),
                        field=f"card_type.{kind.id}.requires",
                        hint=did_you_mean(required, card_fields),
                    )
                )
    for index, deck in enumerate(pack.deck):
        if deck.back.image is not None:
            findings += _check_file_ref(
                pack_file.path.parent,
                pack_file.shown,
                deck.back.image,
                {"line": pack_file.line_of("deck", index, "back"), "field": f"deck.{deck.id}.back.image"},
            )
    return findings


def _check_duplicate_ids(decks: list[LoadedDeck], sources: dict[str, TomlFile]) -> list[Finding]:
    findings = []
    first_seen: dict[str, LoadedDeck] = {}
    for deck in decks:
        deck_file = sources[deck.deck.id]
        for card in deck.cards:
            if card.id in first_seen:
                other = first_seen[card.id]
                findings.append(
                    error(
                        "load/duplicate-id",
                        shown_path(deck.file),
                        f'the card id "{card.id}" is used twice',
                        line=_card_line(deck_file, card.id, occurrence=2 if other is deck else 1),
                        card=card.id,
                        field="id",
                        hint=f"it is also in {shown_path(other.file)}; give one of them another id",
                    )
                )
            else:
                first_seen[card.id] = deck
    return findings


def _card_line(deck_file: TomlFile | None, card_id: str, occurrence: int = 1, key: str | None = "id") -> int | None:
    if deck_file is None:
        return None
    seen = 0
    for index, raw in enumerate(deck_file.data.get("card", [])):
        if isinstance(raw, dict) and raw.get("id") == card_id:
            seen += 1
            if seen == occurrence:
                return deck_file.line_of("card", index, key)
    return None


def _check_card(
    root: Path, pack: Pack, deck: LoadedDeck, card: Card, glossary: Glossary, deck_file: TomlFile | None
) -> list[Finding]:
    shown = shown_path(deck.file)
    findings: list[Finding] = []

    def where(key: str) -> dict:
        return {"line": _card_line(deck_file, card.id, key=key), "card": card.id, "field": key}

    type_ids = [t.id for t in pack.card_type]
    if card.type not in type_ids:
        findings.append(
            error(
                "load/unknown-ref",
                shown,
                f'unknown card type "{card.type}"',
                **where("type"),
                hint=did_you_mean(card.type, type_ids) or "declare it in pack.toml as a [[card_type]]",
            )
        )
    elif card.type not in deck.deck.card_types:
        findings.append(
            error(
                "load/wrong-deck",
                shown,
                f'deck "{deck.deck.id}" does not hold cards of type "{card.type}"',
                **where("type"),
                hint=f"this deck holds: {', '.join(deck.deck.card_types)}",
            )
        )
    else:
        card_type = next(t for t in pack.card_type if t.id == card.type)
        for required in card_type.requires:
            if getattr(card, required, None) in (None, {}, [], ""):
                findings.append(
                    error(
                        "load/missing-field",
                        shown,
                        f'cards of type "{card.type}" need the field "{required}"',
                        **where(required),
                    )
                )
    languages = [pack.source_language, *pack.target_languages]
    texts = {"title": card.title, "subtitle": card.subtitle, "text": card.text, "flavour": card.flavour}
    if card.back is not None:
        texts |= {"back.title": card.back.title, "back.text": card.back.text, "back.flavour": card.back.flavour}
    findings += _check_languages(
        shown, languages, texts, None, card=card.id, line_of=lambda key: _card_line(deck_file, card.id, key=key)
    )
    if pack.source_language not in card.title:
        findings.append(
            error(
                "load/missing-field",
                shown,
                f"the title in the source language ({pack.source_language}) is missing",
                **where("title"),
                hint=f'write title.{pack.source_language} = "..."',
            )
        )
    for lang in card.status:
        if lang not in pack.target_languages:
            findings.append(
                error(
                    "load/unknown-language",
                    shown,
                    f'status is per target language, and "{lang}" is not one',
                    **where("status"),
                    hint=f"target languages: {', '.join(pack.target_languages)}",
                )
            )
    for key, localized in texts.items():
        for lang, text in localized.items():
            for icon in markup.icons_in(text):
                if icon not in pack.icons:
                    findings.append(
                        error(
                            "load/unknown-icon",
                            shown,
                            f"unknown icon {{{icon}}}",
                            **where(f"{key}.{lang}"),
                            hint=did_you_mean(icon, pack.icons) or "declare it in pack.toml icons",
                        )
                    )
            for problem in markup.problems(text):
                findings.append(
                    warning("load/markup", shown, problem.message, **where(f"{key}.{lang}"), hint=problem.hint)
                )
    keyword_ids = [k.id for k in glossary.keyword]
    for keyword in card.keywords:
        keyword_id = keyword.rsplit(" ", 1)[0] if keyword.rsplit(" ", 1)[-1].isdigit() else keyword
        if keyword_id not in keyword_ids:
            findings.append(
                error(
                    "load/unknown-ref",
                    shown,
                    f'unknown keyword "{keyword}"',
                    **where("keywords"),
                    hint=did_you_mean(keyword_id, keyword_ids) or "declare it in glossary.toml as a [[keyword]]",
                )
            )
    for key, art in (("art", card.art), ("back.art", card.back.art if card.back else None)):
        if art is not None:
            findings += _check_file_ref(root, shown, art, where(key))
    return findings


def _check_file_ref(root: Path, shown: str, relative: str, where: dict) -> list[Finding]:
    path = _inside(root, relative)
    if path is None:
        return [
            error(
                "load/outside-pack",
                shown,
                f'the path "{relative}" leads outside the pack folder',
                **where,
                hint='put the file in the pack\'s art/ folder and write art = "art/<name>"',
            )
        ]
    if not path.is_file():
        nearby = (
            [f"{Path(relative).parent / p.name}".removeprefix("./") for p in path.parent.glob("*")]
            if path.parent.is_dir()
            else []
        )
        return [
            error(
                "load/missing-file",
                shown,
                f'the file "{relative}" does not exist',
                **where,
                hint=did_you_mean(relative, nearby) or "check the name, or remove the field until the file exists",
            )
        ]
    return []


def _check_languages(
    shown: str,
    languages: list[str],
    fields: dict[str, dict[str, str]],
    line: int | None,
    prefix: str = "",
    card: str | None = None,
    line_of=None,
) -> list[Finding]:
    findings = []
    for key, localized in fields.items():
        for lang in localized:
            if lang not in languages:
                findings.append(
                    error(
                        "load/unknown-language",
                        shown,
                        f'"{lang}" is not a language of this pack',
                        line=line_of(key) if line_of else line,
                        card=card,
                        field=f"{prefix}{key}.{lang}",
                        hint=did_you_mean(lang, languages) or f"languages: {', '.join(languages)}",
                    )
                )
    return findings


def _check_swaps(pack_file: TomlFile, pack: Pack, cards: set[str]) -> list[Finding]:
    findings: list[Finding] = []
    deck_ids = [d.id for d in pack.deck]
    type_ids = [t.id for t in pack.card_type]
    quantity_ids = [q.id for q in pack.quantity]

    def unknown(what: str, name: str, index: int, key: str, field: str, known: Iterable[str], hint: str) -> None:
        findings.append(
            error(
                "load/unknown-ref",
                pack_file.shown,
                f'unknown {what} "{name}"',
                line=pack_file.line_of("swap", index, key),
                field=field,
                hint=did_you_mean(name, known) or hint,
            )
        )

    for index, swap in enumerate(pack.swap):
        where = f"swap.{swap.id}"
        if swap.deck not in deck_ids:
            unknown("deck", swap.deck, index, "deck", f"{where}.deck", deck_ids, "declare it as a [[deck]]")
        for n, deck_id in enumerate(swap.add_decks):
            if deck_id not in deck_ids:
                unknown(
                    "deck", deck_id, index, "add_decks", f"{where}.add_decks[{n}]", deck_ids, "declare it as a [[deck]]"
                )
        if swap.into is not None and swap.into not in deck_ids:
            unknown("deck", swap.into, index, "into", f"{where}.into", deck_ids, "declare it as a [[deck]]")
        for n, type_id in enumerate(swap.remove_types):
            if type_id not in type_ids:
                unknown(
                    "card type",
                    type_id,
                    index,
                    "remove_types",
                    f"{where}.remove_types[{n}]",
                    type_ids,
                    "declare it as a [[card_type]]",
                )
        for side, lines in (("remove", swap.remove), ("add", swap.add)):
            for n, line in enumerate(lines):
                if line.card not in cards:
                    unknown(
                        "card",
                        line.card,
                        index,
                        side,
                        f"{where}.{side}[{n}].card",
                        cards,
                        "add the card to a deck of the pack",
                    )
                if line.per is not None and line.per not in quantity_ids:
                    unknown(
                        "quantity",
                        line.per,
                        index,
                        side,
                        f"{where}.{side}[{n}].per",
                        quantity_ids,
                        "declare it as a [[quantity]]",
                    )
        setup = swap.condition.setup if swap.condition else None
        if setup is not None and setup not in cards:
            unknown(
                "card", setup, index, "condition", f"{where}.condition.setup", cards, "add the setup card to a deck"
            )
        for key, names in (("into", [swap.into]), ("add_decks", swap.add_decks)):
            if swap.deck in names:
                findings.append(
                    error(
                        "load/invalid",
                        pack_file.shown,
                        f'the swap changes deck "{swap.deck}": {key} must name another deck',
                        line=pack_file.line_of("swap", index, key),
                        field=f"{where}.{key}",
                    )
                )
    for index, deck in enumerate(pack.deck):
        for card_id in deck.must_keep:
            if card_id not in cards:
                findings.append(
                    error(
                        "load/unknown-ref",
                        pack_file.shown,
                        f'unknown card "{card_id}"',
                        line=pack_file.line_of("deck", index, "must_keep"),
                        field=f"deck.{deck.id}.must_keep",
                        hint=did_you_mean(card_id, cards),
                    )
                )
    return findings


def _duplicates(ids: Iterable[str]) -> list[tuple[int, str]]:
    seen: set[str] = set()
    found = []
    for index, item in enumerate(ids):
        if item in seen:
            found.append((index, item))
        seen.add(item)
    return found
