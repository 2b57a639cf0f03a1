"""`pnp check` fits every panel a card prints, scan or not, with the build's own code (issue 32).

A card of a type with text regions prints its panels as stickers (`pnp build --stickers`)
whether or not the pack has its scan; a type's own layout may draw `panels` too.  Check
used to fit panels only over a scan, so a sticker too small to read passed check.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.load import load_pack
from pnp.model import PackData
from pnp.pipelines.fitting import layout_and_fitting_findings
from pnp.pipelines.stickers import build_stickers
from tests.conftest import ROOT

SCANS = ROOT / "examples" / "scans"
LONG = " ".join(["Mueve 1 miembro de la tripulación a una isla adyacente y roba una carta."] * 8)


def _pack(path: Path) -> PackData:
    loaded = load_pack(path)
    assert loaded.pack is not None, [f.message for f in loaded.findings]
    return loaded.pack


@pytest.fixture
def no_scan(tmp_path: Path) -> Path:
    """examples/scans with the rope's scan left out and its rules text far too long for its region."""
    target = tmp_path / "scans"
    shutil.copytree(SCANS, target)
    items = target / "items.toml"
    text = items.read_text(encoding="utf-8")
    text = text.replace('scan = "art/scans/rope.png"\n', "")
    text = text.replace('text.es = "Mueve 1 miembro de la tripulación a una isla adyacente."', f'text.es = "{LONG}"')
    items.write_text(text, encoding="utf-8")
    return target


def test_check_fits_the_sticker_panels_of_a_card_without_a_scan(no_scan: Path, tmp_path: Path) -> None:
    findings = layout_and_fitting_findings(_pack(no_scan))
    small = [f for f in findings if f.code == "text/small" and f.card == "rope"]
    assert small, [f.message for f in findings]
    # and the sticker build stops on the same text: check said it first
    built = build_stickers(no_scan, None, "a4", tmp_path / "out")
    assert not built.ok
    assert {f.message for f in built.findings if f.code == "text/small" and f.card == "rope"} <= {
        f.message for f in small
    }


def test_a_layout_with_panels_draws_its_types_regions_without_a_scan(no_scan: Path) -> None:
    """A type's own layout with a `panels` element: the regions, fitted, over no scan."""
    layouts = no_scan / "templates" / "generic"
    layouts.mkdir(parents=True)
    (layouts / "item.toml").write_text(
        'description = "An item: a drawn frame and the panels"\nextends = "generic/default"\n\n'
        '[[element]]\nname = "panels"\nkind = "panels"\nsize = 9\n',
        encoding="utf-8",
    )
    (layouts / "plain.toml").write_text(
        'description = "Panels on a type with no regions"\nextends = "generic/default"\n\n'
        '[[element]]\nname = "panels"\nkind = "panels"\n',
        encoding="utf-8",
    )
    pack = no_scan / "pack.toml"
    pack.write_text(
        pack.read_text(encoding="utf-8")
        .replace('card_types = ["item"]', 'card_types = ["item", "plain"]')
        .replace(
            '[[card_type]]\nid = "item"',
            '[[card_type]]\nid = "plain"\nname = { en = "Plain", es = "Simple" }\n\n[[card_type]]\nid = "item"',
        ),
        encoding="utf-8",
    )
    items = no_scan / "items.toml"
    items.write_text(
        items.read_text(encoding="utf-8")
        + '\n[[card]]\nid = "plank"\ntype = "plain"\ntitle.en = "Plank"\ntitle.es = "Tablón"\n'
        'text.en = "Cross."\ntext.es = "Cruza."\nstatus.es = "reviewed"\n',
        encoding="utf-8",
    )
    findings = layout_and_fitting_findings(_pack(no_scan))
    assert [f for f in findings if f.code == "text/small" and f.card == "rope" and "panel-rules" in f.message]
    told = [f for f in findings if f.code == "layout/no-regions"]
    assert len(told) == 1 and told[0].card == "plank" and '"plain"' in told[0].message, [f.message for f in told]
