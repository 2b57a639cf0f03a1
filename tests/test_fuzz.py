"""A fuzzer of our own: packs generated from the pack model, and bundled packs mutated byte by byte (issue 10).

Invariants, whatever the input:
- `pnp check` ends with exit 0 or 1: never an internal error, a traceback or a hang;
- every finding names a file inside the pack (or one of pnp's own layouts, which a pack's data can fail);
- a pack that `pnp check` passes builds.

CI runs a bounded number of examples, derandomized so that a run is repeatable.  A longer, random run:

    PNP_FUZZ_EXAMPLES=2000 PNP_FUZZ_RANDOM=1 .venv/bin/pytest tests/test_fuzz.py -q

A failure prints the smallest input Hypothesis found, as the arguments of the test.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.cli import main
from pnp.paths import TEMPLATES_DIR
from tests.conftest import ROOT, TINY

pytestmark = pytest.mark.slow  # each test here takes seconds: whole builds, subprocesses, a browser

EXAMPLES = int(os.environ.get("PNP_FUZZ_EXAMPLES", "15"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=timedelta(seconds=30),  # a hang guard, far above the second a check of these packs takes
    derandomize=not os.environ.get("PNP_FUZZ_RANDOM"),
    database=None,  # nothing written into the checkout
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

BUNDLED = {"tiny": TINY, "lotr-sailing": ROOT / "cards" / "lotr-sailing", "bsg": ROOT / "cards" / "bsg"}


@contextmanager
def pack_folder(source: Path) -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="pnp-fuzz-") as folder:
        pack = Path(folder) / source.name
        shutil.copytree(source, pack)
        yield pack


def check(pack: Path) -> tuple[int, list[dict[str, object]]]:
    result = CliRunner().invoke(main, ["check", str(pack), "--format", "json"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code in (0, 1), result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
    return result.exit_code, json.loads(result.output)["findings"]


def assert_findings_inside(pack: Path, findings: list[dict[str, object]]) -> None:
    allowed = (pack.resolve(), TEMPLATES_DIR.resolve())
    for finding in findings:
        named = Path(str(finding["file"]))
        path = (named if named.is_absolute() else Path.cwd() / named).resolve()
        assert any(path.is_relative_to(root) for root in allowed), finding


# --- byte-level mutations of the bundled packs ----------------------------------------------------

MUTATIONS = st.lists(
    st.tuples(
        st.sampled_from(["flip", "delete", "duplicate", "insert", "truncate"]),
        st.floats(0, 1, allow_nan=False),
        st.integers(1, 64),
        st.binary(min_size=1, max_size=16),
    ),
    min_size=1,
    max_size=4,
)


def mutate(data: bytes, mutations: list[tuple[str, float, int, bytes]]) -> bytes:
    for kind, where, length, extra in mutations:
        at = int(where * len(data))
        if kind == "flip" and data:
            at = min(at, len(data) - 1)
            data = data[:at] + bytes([data[at] ^ (1 << (length % 8))]) + data[at + 1 :]
        elif kind == "delete":
            data = data[:at] + data[at + length :]
        elif kind == "duplicate":
            data = data[:at] + data[at : at + length] * 2 + data[at + length :]
        elif kind == "insert":
            data = data[:at] + extra + data[at:]
        else:
            data = data[:at]
    return data


@FUZZ
@given(
    pack_name=st.sampled_from(sorted(BUNDLED)),
    file_index=st.integers(0, 20),
    mutations=MUTATIONS,
)
def test_check_survives_mutated_bundled_packs(pack_name: str, file_index: int, mutations: list) -> None:
    with pack_folder(BUNDLED[pack_name]) as pack:
        files = sorted(p for p in pack.rglob("*.toml"))
        target = files[file_index % len(files)]
        target.write_bytes(mutate(target.read_bytes(), mutations))
        _, findings = check(pack)
        assert_findings_inside(pack, findings)


# --- packs generated from the pack model --------------------------------------------------------------

SLUGS = st.from_regex(r"[a-z][a-z0-9-]{0,12}", fullmatch=True)
# card text as strangers write it: markup, icons, numbers, quotes, controls, long words, odd whitespace
TEXT_PIECES = st.one_of(
    st.sampled_from(
        [
            "Gana 2 {fuel}.",
            "**Descarta** esta carta.",
            "*Manos firmes.*",
            "{parts}",
            "{unknown-icon}",
            "\n\n",
            "“Crucero Reaver”",
            "¿Qué? ¡Sí!",
            "Abordaje 2.",
            "- - - - - - - - - - - -",
            "   ",
            "\x1b]0;title\x07",
            "\u202e",
            "7" * 70,
            "a" * 64,
            "**",
            "{",
            "\\",
        ]
    ),
    st.text(max_size=30),
)
TEXTS = st.lists(TEXT_PIECES, max_size=6).map("".join)


def toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # JSON strings are TOML basic strings for what json escapes


@st.composite
def deck_files(draw: st.DrawFn) -> dict[str, str]:
    """supply.toml and nav.toml of the tiny pack, replaced by cards drawn from the model's fields."""
    files = {}
    for deck, card_type in (("supply", "gear"), ("nav", "nav")):
        cards = []
        for _ in range(draw(st.integers(0, 4))):
            fields = {
                "id": toml_string(draw(st.one_of(SLUGS, st.text(max_size=8)))),
                "type": toml_string(draw(st.sampled_from([card_type, "crew", "nav", "gear", "nope"]))),
                "count": str(draw(st.integers(-1, 1001))),
                "title.en": toml_string(draw(TEXTS)),
                "title.es": toml_string(draw(TEXTS)),
                "text.en": toml_string(draw(TEXTS)),
                "text.es": toml_string(draw(TEXTS)),
            }
            if card_type == "gear" or draw(st.booleans()):
                fields["cost"] = draw(st.sampled_from(["100", "0", "-5", '"cien"', "1e3", "inf"]))
            if draw(st.booleans()):
                fields["status.es"] = toml_string(draw(st.sampled_from(["draft", "translated", "reviewed", "done"])))
            if draw(st.booleans()):
                fields["art"] = toml_string(draw(st.sampled_from(["art/spare-parts.png", "../x.png", "nope.png"])))
            keep = draw(st.lists(st.sampled_from(sorted(fields)), unique=True, min_size=len(fields) - 2))
            cards.append("[[card]]\n" + "".join(f"{key} = {fields[key]}\n" for key in sorted(keep)))
        files[f"{deck}.toml"] = "\n".join(cards)
    return files


@st.composite
def glossaries(draw: st.DrawFn) -> str:
    terms = []
    for _ in range(draw(st.integers(0, 4))):
        source, target = draw(TEXTS), draw(TEXTS)
        forbidden = draw(st.lists(st.one_of(TEXTS, st.just(target)), max_size=3))
        terms.append(
            f"[[term]]\nsource = {toml_string(source)}\ntarget = {toml_string(target)}\n"
            f"forbidden = [{', '.join(toml_string(v) for v in forbidden)}]\n"
        )
    return "\n".join(terms)


@FUZZ
@given(decks=deck_files(), glossary=glossaries())
def test_check_survives_packs_from_the_model(decks: dict[str, str], glossary: str) -> None:
    with pack_folder(TINY) as pack:
        for name, text in decks.items():
            (pack / name).write_text(text, encoding="utf-8")
        (pack / "glossary.toml").write_text(glossary, encoding="utf-8")
        _, findings = check(pack)
        assert_findings_inside(pack, findings)


@settings(FUZZ, max_examples=max(3, EXAMPLES // 5))
@given(decks=deck_files(), glossary=glossaries())
def test_a_pack_check_passes_builds(decks: dict[str, str], glossary: str) -> None:
    with pack_folder(TINY) as pack:
        for name, text in decks.items():
            (pack / name).write_text(text, encoding="utf-8")
        (pack / "glossary.toml").write_text(glossary, encoding="utf-8")
        code, _ = check(pack)
        if code != 0:
            return
        built = CliRunner().invoke(main, ["build", str(pack), "-o", str(pack.parent / "output"), "--no-cache"])
        assert built.exit_code == 0, built.output
