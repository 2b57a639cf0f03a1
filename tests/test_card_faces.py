"""One card of each Firefly type against a reviewed golden image, and what each layout prints.

The pack tests/data/firefly-types fills every field a layout prints (skills,
keywords, art, contact, legality, requirements, pay).  A change to a layout
shows here as a failing image: look at the -actual.png, and when the change
is meant, run `pytest tests/test_card_faces.py --update-golden` and look at
the new goldens before committing them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageStat

from pnp.pipelines.build import BuildOptions, build
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


def _words(faces: Path) -> str:
    return pdf_words(faces / "cards.pdf")


def test_keywords_and_the_numbers_a_player_needs_are_printed(faces: Path) -> None:
    words = _words(faces)
    for printed in (
        "Mecánico · Moral",  # crew: professions and Moral
        "$300",  # crew: pay
        "Equipo de pirateo",  # gear keyword
        "Harrow · Transporte",  # job: contact and job type
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
