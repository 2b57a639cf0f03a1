"""The verdicts of pnp's own icons, written down (pnp.assets.icon_verdicts), are what reading them says."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from pnp.assets import icon_verdicts
from pnp.assets.icons import icon_problem, svg_file_problem


def test_every_bundled_svg_is_listed_and_usable() -> None:
    listed = json.loads(icon_verdicts.LISTED.read_text(encoding="utf-8"))
    svgs = icon_verdicts.bundled_svgs()
    assert svgs
    for path in svgs:
        data = path.read_bytes()
        assert svg_file_problem(path) is None, path  # read and drawn as the renderer does
        assert hashlib.sha256(data).hexdigest() in listed["usable"], f"{path}: python -m pnp.assets.icons"


def test_the_list_holds_only_for_the_readers_it_names(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    icon = icon_verdicts.bundled_svgs()[0].read_bytes()
    listed = json.loads(icon_verdicts.LISTED.read_text(encoding="utf-8"))
    if listed["readers"] == icon_verdicts._installed():  # as this environment installs them
        assert icon_verdicts.known_usable(icon)
    other = tmp_path / "verdicts.json"
    other.write_text(json.dumps({**listed, "readers": {"svglib": "0.0"}}), encoding="utf-8")
    monkeypatch.setattr(icon_verdicts, "LISTED", other)
    icon_verdicts._usable.cache_clear()
    try:
        assert not icon_verdicts.known_usable(icon)  # other versions: every icon is read
    finally:
        icon_verdicts._usable.cache_clear()


def test_an_edited_icon_is_read_again(tmp_path: Path) -> None:
    edited = tmp_path / "icon.svg"
    edited.write_bytes(icon_verdicts.bundled_svgs()[0].read_bytes().replace(b"<svg", b"<svg><svg", 1))
    assert not icon_verdicts.known_usable(edited.read_bytes())
    assert icon_problem(edited) is not None  # what reading it says: not well-formed
