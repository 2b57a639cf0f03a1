"""Golden images: a rendering compared with a reviewed PNG under tests/golden/.

`pytest --update-golden` (or a missing golden) writes the rendering instead and skips: look at the
file before committing it.  A difference above the threshold fails with the actual image and the
difference saved beside the test's temporary folder.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

GOLDEN = Path(__file__).resolve().parent / "golden"
THRESHOLD = 2.0  # RMS over the three channels: anti-aliasing noise stays under it, a moved element does not


def rms(a: Image.Image, b: Image.Image) -> float:
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    return float(sum(v**2 for v in ImageStat.Stat(diff).rms) ** 0.5 / 3**0.5)


def assert_matches_golden(actual: Image.Image, name: str, update_golden: bool, tmp_path: Path) -> None:
    golden = GOLDEN / f"{name}.png"
    if update_golden or not golden.exists():
        actual.save(golden, optimize=True)
        pytest.skip(f"golden written: look at {golden} before committing")
    expected = Image.open(golden)
    assert actual.size == expected.size
    difference = rms(actual, expected)
    if difference > THRESHOLD:
        actual_path = tmp_path / f"{name}-actual.png"
        actual.save(actual_path)
        ImageChops.difference(actual, expected.convert("RGB")).save(tmp_path / f"{name}-diff.png")
        pytest.fail(
            f"{name}: RMS difference {difference:.2f} > {THRESHOLD}; see {actual_path} and the -diff.png beside it"
        )
