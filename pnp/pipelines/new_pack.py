"""`pnp new`: a skeleton pack that checks and builds at once, to start a translation from.

It writes the smallest pack that shows every part a new game needs: pack.toml,
one deck of three cards, a glossary, the pack's own layout family (one layout
that extends the bundled generic one, so it changes only what it names) and
one SVG icon of the pack's own.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from pnp.files import write_atomic
from pnp.i18n import _
from pnp.layout.templates import size_class
from pnp.units import CARD_SIZES_MM, UnitError, parse_card_size

# Sample texts by language: the skeleton's cards say what to do next, in the pack's languages.
SAMPLES: dict[str, dict[str, str]] = {
    "en": {
        "deck": "Main deck",
        "back": "GAME",
        "type": "Card",
        "first-title": "First Card",
        "first-text": "Gain 1 {star}.\n\nReplace this text with the card's own.",
        "second-title": "Second Card",
        "second-text": "**Discard** this card to gain 2 {star}.",
        "box": "3 cards",
    },
    "es": {
        "deck": "Mazo principal",
        "back": "JUEGO",
        "type": "Carta",
        "first-title": "Primera carta",
        "first-text": "Gana 1 {star}.\n\nCambia este texto por el de la carta.",
        "second-title": "Segunda carta",
        "second-text": "**Descarta** esta carta para ganar 2 {star}.",
        "box": "3 cartas",
    },
}

STAR_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
  <!-- The pack's own icon, written in card text as {star}. Replace it with your game's icon:
       any SVG without outside files, or a PNG; map the name in pack.toml icon_files. -->
  <polygon points="50,5 61,38 96,38 68,59 79,93 50,72 21,93 32,59 4,38 39,38" fill="#d4a017"/>
</svg>
"""


class SkeletonError(ValueError):
    """Why the skeleton cannot be written; the message says it to the user."""


@dataclass(frozen=True)
class Skeleton:
    folder: Path
    pack_id: str
    files: tuple[Path, ...]


def slug(text: str) -> str:
    """'Mi Juego Nº 2' -> 'mi-juego-n-2': a pack id from a folder name."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


def write_skeleton(folder: Path, game: str, size: str = "poker", languages: tuple[str, ...] = ("en", "es")) -> Skeleton:
    """Write the skeleton pack into `folder`, which must not exist or be empty."""
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise SkeletonError(_("{folder} already exists and is not empty: choose a new folder").format(folder=folder))
    pack_id = slug(folder.resolve().name)
    if not pack_id:
        raise SkeletonError(
            _("cannot make a pack id from the folder name {name!r}: use letters or digits").format(name=folder.name)
        )
    if not game.strip():
        raise SkeletonError(_("--game needs the game's name"))
    if any(unicodedata.category(c) == "Cc" for c in game):  # a line break would end the comment and the string
        raise SkeletonError(
            _("--game is the name on one line: {game!r} holds a line break or a control character").format(game=game)
        )
    try:
        parse_card_size(size)
    except UnitError as exc:
        raise SkeletonError(str(exc)) from exc
    if len(languages) < 2 or len(set(languages)) != len(languages):
        raise SkeletonError(_("--languages needs the original's language, then one or more translations: en,es"))
    for language in languages:
        if not re.fullmatch(r"[a-z]{2,3}(-[A-Z]{2})?", language):
            raise SkeletonError(_("{language!r} is not a language code like en, es or pt-BR").format(language=language))
    files = {
        "pack.toml": _pack_toml(pack_id, game, size, languages),
        "main.toml": _deck_toml(languages),
        "glossary.toml": _glossary_toml(languages),
        f"templates/{pack_id}/family.toml": _family_toml(),
        f"templates/{pack_id}/card.toml": _layout_toml(size),
        "icons/star.svg": STAR_SVG,
    }
    written = []
    for name, text in files.items():
        path = folder / name
        write_atomic(path, text.encode("utf-8"))
        written.append(path)
    (folder / "art").mkdir(exist_ok=True)
    return Skeleton(folder, pack_id, tuple(written))


def _text(key: str, languages: tuple[str, ...], indent: str = "") -> str:
    """`<key>.<lang> = "..."` lines for the languages there is a sample in."""
    field, _, sample = key.partition(":")
    lines = [f"{indent}{field}.{lang} = {_toml_string(SAMPLES[lang][sample])}" for lang in languages if lang in SAMPLES]
    return "\n".join(lines)


def _inline(sample: str, languages: tuple[str, ...]) -> str:
    return (
        "{ "
        + ", ".join(f"{lang} = {_toml_string(SAMPLES[lang][sample])}" for lang in languages if lang in SAMPLES)
        + " }"
    )


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _pack_toml(pack_id: str, game: str, size: str, languages: tuple[str, ...]) -> str:
    source, targets = languages[0], languages[1:]
    name = {lang: game for lang in languages}
    names = ", ".join(f"{lang} = {_toml_string(text)}" for lang, text in name.items())
    sizes = ", ".join(CARD_SIZES_MM)
    return f"""# {game}: a pack for pnp, written by `pnp new`.  Every field: docs/pack-format.md.
id = "{pack_id}"
name = {{ {names} }}
game = {_toml_string(game)}
source_language = "{source}"
target_languages = [{", ".join(f'"{t}"' for t in targets)}]
# The layouts: this pack's own templates/{pack_id}/, which extends pnp's generic family.
template_family = "{pack_id}"
# The pack's own icons, written in card text as {{star}}: an SVG or PNG file in the pack.
icon_files = {{ star = "icons/star.svg" }}

[[card_type]]
id = "card"
name = {_inline("type", languages)}

[[deck]]
id = "main"
name = {_inline("deck", languages)}
card_size = "{size}"  # {sizes}, or "63mm x 88mm"
expected_count = 3
card_types = ["card"]
back = {{ label = {_inline("back", languages)}, color = "#35506b" }}

[[manifest]]
id = "cards"
name = {_inline("box", languages)}
count = 3
decks = ["main"]
"""


def _deck_toml(languages: tuple[str, ...]) -> str:
    return f"""# The cards of the main deck.  Card fields and the text markup: docs/pack-format.md.

[[card]]
id = "first-card"
type = "card"
count = 2
{_text("title:first-title", languages)}
{_text("text:first-text", languages)}

[[card]]
id = "second-card"
type = "card"
{_text("title:second-title", languages)}
{_text("text:second-text", languages)}
"""


def _glossary_toml(languages: tuple[str, ...]) -> str:
    target = languages[1]
    if target == "es" and languages[0] == "en":
        return """# Terms every card must translate the same way; pnp check flags the forbidden variants.

[[term]]
source = "Discard"
target = "descarta"
forbidden = ["desecha"]
"""
    return """# Terms every card must translate the same way; pnp check flags the forbidden variants.
# [[term]]
# source = "Discard"
# target = "..."
# forbidden = ["..."]
"""


def _family_toml() -> str:
    return """# This pack's layout family.  Layouts it lacks (the deck back, other card sizes)
# come from the family it extends; the layout language: docs/layouts.md.
description = "The pack's own layouts, on top of pnp's generic family"
extends = "generic"
"""


def _layout_toml(size: str) -> str:
    shape = size_class(parse_card_size(size))
    base = f"default-{shape}" if shape in ("tarot", "square") else "default"
    return f"""# The layout of cards of type "card": pnp's generic layout with a darker title band
# and centred text.  Change any element by naming it; see docs/layouts.md.
extends = "generic/{base}"

[[element]]
name = "band"
fill = "#1d2b38"

[[element]]
name = "text"
align = "center"
"""
