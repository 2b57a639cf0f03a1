"""What the bundled packs infer rather than read is marked `verify`, with the source it is checked
against by name, and `pnp check` shows each as a note where it is written (file, line, field)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.check.verify_notes import check_verify_notes
from pnp.load import load_pack
from tests.conftest import BLUE_SUN, ROOT

LOTR = ROOT / "cards" / "lotr-sailing"


def _notes(pack_dir: Path) -> dict[str, tuple[str, int | None, str]]:
    pack = load_pack(pack_dir).pack
    assert pack is not None
    return {
        f"{f.card}:{f.field}" if f.card else f.field or "": (f.file, f.line, f.message)
        for f in check_verify_notes(pack)
    }


@pytest.mark.parametrize(
    ("pack_dir", "field", "file", "says"),
    [
        (LOTR, "tormentera-2:verify", "quest-tormentera.toml", "sailing rules (ES), «El área del Tormentera»"),
        (LOTR, "tormentera-4:verify", "quest-tormentera.toml", "el icono de amenaza"),
        (LOTR, "deck.quest.verify", "pack.toml", "apaisadas lo deduce pnp: sailing rules (ES)"),
        (LOTR, "deck.quest-tormentera.verify", "pack.toml", "apaisadas"),
        (LOTR, "keyword.boarding.verify", "glossary.toml", "sailing rules (ES), Palabras Clave"),
        (BLUE_SUN, "term.Hands Tied.verify", "glossary.toml", "«Con tus manos» sea «Con las manos atadas»"),
        (BLUE_SUN, "deck.nav-rim.verify", "pack.toml", "20 cartas lo deduce pnp: Blue Sun rulebook (ES), Contenido"),
        (BLUE_SUN, "deck.deal-harrow.verify", "pack.toml", "dos mazos de contacto"),
        (BLUE_SUN, "deck.challenge-universe.verify", "pack.toml", "Blue Sun rulebook (ES), Contenido"),
    ],
)
def test_each_inference_is_a_note_naming_its_place_and_source(pack_dir: Path, field: str, file: str, says: str) -> None:
    notes = _notes(pack_dir)
    assert field in notes, sorted(notes)
    shown, line, message = notes[field]
    assert shown.endswith(file) and line is not None and says in message


def test_a_deck_verify_points_at_its_deck_table() -> None:
    _shown, line, message = _notes(BLUE_SUN)["deck.nav-rim.verify"]
    text = (BLUE_SUN / "pack.toml").read_text(encoding="utf-8").splitlines()
    assert text[line - 1] == "[[deck]]" and text[line] == 'id = "nav-rim"'
    assert message.startswith('to verify: deck "nav-rim": ')


def test_the_map_s_verify_names_its_sectors_and_adjacency_and_its_source() -> None:
    board = load_pack(BLUE_SUN).pack
    assert board is not None and board.board is not None
    reason = board.board.board.verify or ""
    assert "los sectores, las regiones y sus adyacencias" in reason and "Blue Sun rulebook (ES)" in reason
