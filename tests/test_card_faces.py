"""One card of each bundled type against a reviewed golden image, and what each layout prints.

The packs tests/data/firefly-types, lotr-types and bsg-types fill every field
their family's layouts print (skills, keywords, art, contact, legality,
requirements, pay, range; engagement and stats; skill checks, skill colours).  A change to a layout
shows here as a failing image: look at the -actual.png, and when the change
is meant, run `pytest tests/test_card_faces.py --update-golden` and look at
the new goldens before committing them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageStat

from pnp.layout import FaceLayout
from pnp.layout.plan import lay_out_pack
from pnp.load import load_pack
from pnp.pipelines.build import BuildOptions, build
from pnp.units import mm
from tests.conftest import ROOT
from tests.golden import assert_matches_golden
from tests.pdfs import pdf_words

PACK = ROOT / "tests" / "data" / "firefly-types"
CARDS = {
    "crew": "supply/crew-card",
    "gear": "supply/gear-card",
    "ship-upgrade": "supply/upgrade-card",
    "drive-core": "supply/core-card",
    "nav": "nav/nav-card",
    "job": "deal/job-card",
    "challenge": "deal/challenge-card",
    "leader": "leader/leader-card",
    "story": "story/story-card",
    "setup": "story/setup-card",
}
DPI = 100
# the lotr and bsg families: one card of each type, from their own test packs
OTHERS = {
    "lotr-ship-enemy": ("lotr-types", "encounter/ship-enemy-card"),
    "lotr-enemy": ("lotr-types", "encounter/enemy-card"),
    "lotr-location": ("lotr-types", "encounter/location-card"),
    "lotr-ship-objective": ("lotr-types", "encounter/ship-objective-card"),
    "bsg-crisis": ("bsg-types", "cards/crisis-card"),
    "bsg-crisis-choice": ("bsg-types", "cards/choice-card"),
    "bsg-super-crisis": ("bsg-types", "cards/super-crisis-card"),
    "bsg-loyalty": ("bsg-types", "cards/loyalty-card"),
    "bsg-quorum": ("bsg-types", "cards/quorum-card"),
    "bsg-skill": ("bsg-types", "cards/skill-politics"),
}


@pytest.fixture(scope="module")
def faces(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("faces")
    result = build(PACK, BuildOptions(output=out, png=True, dpi=DPI, cache=False))
    assert result.ok, [f.message for f in result.findings]
    assert not [f for f in result.findings if f.code == "text/small"]
    return out / "firefly-types" / "es"


@pytest.mark.slow
@pytest.mark.parametrize("card_type", sorted(CARDS))
def test_each_firefly_type_matches_its_reviewed_golden(
    faces: Path, card_type: str, update_golden: bool, tmp_path: Path
) -> None:
    actual = Image.open(faces / "png" / f"{CARDS[card_type]}.png").convert("RGB")
    assert_matches_golden(actual, f"firefly-{card_type}", update_golden, tmp_path)


@pytest.fixture(scope="module")
def other_faces(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("other-faces")
    for pack in ("lotr-types", "bsg-types"):
        result = build(ROOT / "tests" / "data" / pack, BuildOptions(output=out, png=True, dpi=DPI, cache=False))
        assert result.ok, [f.message for f in result.findings]
        assert not [f for f in result.findings if f.code.startswith(("text/small", "layout/"))], [
            f.message for f in result.findings
        ]
    return out


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(OTHERS))
def test_each_lotr_and_bsg_type_matches_its_reviewed_golden(
    other_faces: Path, name: str, update_golden: bool, tmp_path: Path
) -> None:
    pack, card = OTHERS[name]
    actual = Image.open(other_faces / pack / "es" / "png" / f"{card}.png").convert("RGB")
    assert_matches_golden(actual, name, update_golden, tmp_path)


def _words(faces: Path) -> str:
    return pdf_words(faces / "cards.pdf")


def test_keywords_and_the_numbers_a_player_needs_are_printed(faces: Path) -> None:
    words = _words(faces)
    for printed in (
        "Mecánico · Moral",  # crew: professions and Moral
        "$300",  # crew: pay
        "Equipo de pirateo",  # gear keyword
        "HARROW",  # job: the contact, over the job's name
        "Transporte",  # job type
        "Recoger: Persephone",  # job: pick-up and drop-off lines
        "Entregar: Whittier",
        "ALCANCE",  # drive core: the range dial
        "LEGAL",
        "ILEGAL",
        "$2.000",  # job: pay from stats.pay
        "GRAN DESAFÍO MALDITO",
    ):
        assert printed in words, printed


def test_a_card_without_art_prints_no_placeholder(faces: Path) -> None:
    """The gear card has no art: its text starts under the keywords, where the art would be."""
    gear = Image.open(faces / "png" / "supply" / "gear-card.png").convert("RGB")
    crew = Image.open(faces / "png" / "supply" / "crew-card.png").convert("RGB")
    # the crew card's art box (from 21.3 mm) is drawn; on the gear card the same rows hold text
    # on the background colour, far lighter than the art
    row = round((3 + 25) / 25.4 * DPI)  # 3 mm of bleed, then 25 mm from the top of the card
    band = (round(6 / 25.4 * DPI), row, round(38 / 25.4 * DPI), row + 3)
    assert ImageStat.Stat(gear.crop(band)).mean[0] > ImageStat.Stat(crew.crop(band)).mean[0] + 20


def _structure(face: FaceLayout) -> tuple[tuple[object, ...], ...]:
    """A face's shapes and lines, where they are and how big, colours left out: what tells a type
    apart at arm's length once its colour is taken away."""
    shapes = [e for e in face.elements if e.kind in ("rect", "rounded-rect", "line")]
    return tuple(
        sorted((e.kind, *(round(float(e.get(k) or 0) / mm(1)) for k in ("x", "y", "width", "height"))) for e in shapes)
    )


@pytest.mark.parametrize(
    ("pack", "types"),
    [
        ("firefly-types", ["crew", "gear", "ship-upgrade", "drive-core", "nav", "job", "challenge"]),
        ("lotr-types", ["ship-enemy", "enemy", "location", "ship-objective"]),
        ("bsg-types", ["crisis", "super-crisis", "loyalty", "quorum", "skill"]),
    ],
)
def test_each_type_has_a_structure_of_its_own_not_only_a_colour(pack: str, types: list[str]) -> None:
    """Crew, gear and upgrades used to share one frame and differ by colour; ship-enemy and
    ship-objective, and every BSG kind, were the same generic card."""
    loaded = load_pack(ROOT / "tests" / "data" / pack).pack
    assert loaded is not None
    laid = lay_out_pack(loaded, "es")
    first: dict[str, FaceLayout] = {}
    for deck in laid.decks:
        for faces in deck.cards:
            first.setdefault(faces.card.type, faces.front)
    structures = {card_type: _structure(first[card_type]) for card_type in types}
    same = [(a, b) for a in types for b in types if a < b and structures[a] == structures[b]]
    assert same == []
