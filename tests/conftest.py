from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from pnp.i18n import set_ui_language

ROOT = Path(__file__).resolve().parent.parent
TINY = ROOT / "examples" / "tiny"
BLUE_SUN = ROOT / "cards" / "blue-sun"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="Rewrite expected findings and golden images from the current output; review before committing.",
    )


@pytest.fixture(autouse=True)
def english_interface(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Tests read pnp's messages in English, whatever the machine's locale; Spanish tests ask for it."""
    monkeypatch.setenv("PNP_UI_LANG", "en")
    set_ui_language("en")
    yield
    set_ui_language("en")


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture
def tiny_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A writable copy of examples/tiny at tmp/tiny, with tmp as the working folder."""
    target = tmp_path / "tiny"
    shutil.copytree(TINY, target)
    monkeypatch.chdir(tmp_path)
    return target
