"""A fuzzer of our own: packs generated from the pack model, and bundled packs mutated byte by byte (issue 10).

Invariants, whatever the input:
- `pnp check` ends with exit 0 or 1: never an internal error, a traceback or a hang;
- every finding names a file inside the pack (or one of pnp's own layouts, which a pack's data can fail);
- a pack that `pnp check` passes builds, and `pnp board` prints its board and tokens.

Hostile layouts (expressions that would hang or allocate gigabytes without the budget, boxes off the
card) and hostile icons (<use> bombs, inline images, UTF-16 entities, mutated bytes) are seeded too,
into a pack with a board and tokens, so that a share of the packs reaches every stage: loading,
checking, laying out, drawing (build) and the board.  Each pnp command runs under an alarm: a hang
fails the example instead of the suite.

CI runs a bounded number of examples, derandomized so that a run is repeatable.  A longer, random run,
with its figures (packs, stages reached, failures, hangs) written to a JSON file:

    PNP_FUZZ_EXAMPLES=2000 PNP_FUZZ_RANDOM=1 PNP_FUZZ_REPORT=fuzz.json .venv/bin/pytest tests/test_fuzz.py -q

A failure prints the smallest input Hypothesis found, as the arguments of the test.
"""

from __future__ import annotations

import base64
import io
import json
import os
import shutil
import signal
import tempfile
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

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


class Hang(BaseException):
    """A pnp command ran past its alarm (a BaseException: pnp's own last net must not catch it)."""


COMMAND_SECONDS = 60  # a hang guard, far above the seconds any of these commands takes


@contextmanager
def alarm(seconds: int = COMMAND_SECONDS) -> Iterator[None]:
    def ring(_signum: int, _frame: object) -> None:
        FIGURES["hangs"] += 1
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


FIGURES: Counter[str] = Counter()  # what the run reached, written to PNP_FUZZ_REPORT after each example


def report() -> None:
    target = os.environ.get("PNP_FUZZ_REPORT")
    if target:
        Path(target).write_text(json.dumps(dict(sorted(FIGURES.items())), indent=2) + "\n", encoding="utf-8")


def check(pack: Path, family: str) -> tuple[int, list[dict[str, object]]]:
    """`pnp check --format json`, counted in the figures: the pack, and how far its check got."""
    reached(family, "packs")
    with alarm():
        result = CliRunner().invoke(main, ["check", str(pack), "--format", "json"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code in (0, 1), result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
    findings = json.loads(result.output)["findings"]
    reached(family, "stage: checked")
    errors = {str(f["code"]).split("/")[0] for f in findings if f["severity"] == "error"}
    if "load" not in errors:
        reached(family, "stage: loaded")
        if "layout" not in errors:  # loaded, check laid out every card, and none of them failed to
            reached(family, "stage: laid out")
    return result.exit_code, findings


def reached(family: str, stage: str) -> None:
    """One more pack got this far: counted for its family (mutated, model, built, hostile) and in all."""
    FIGURES[f"{stage} ({family})"] += 1
    FIGURES[stage] += 1


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
        try:
            _, findings = check(pack, "mutated")
            assert_findings_inside(pack, findings)
        except (Exception, Hang):  # a failed invariant, or pnp or this test crashing
            FIGURES["failing examples"] += 1
            raise
        finally:
            report()


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


# the words of a pack that loads: the model's values with nothing a loader refuses, so that a share of
# the generated packs gets past loading to the check, the layout and the drawing
HONEST_TEXTS = st.lists(
    st.sampled_from(
        [
            "Gana 2 {fuel}.",
            "**Descarta** esta carta.",
            "*Manos firmes.*",
            "¿Qué? ¡Sí!",
            "Abordaje 2.",
            "Carga",
            " ",
            "\n\n",
        ]
    ),
    min_size=1,
    max_size=4,
).map("".join)


@st.composite
def deck_files(draw: st.DrawFn) -> dict[str, str]:
    """supply.toml and nav.toml of the tiny pack, replaced by cards drawn from the model's fields: in half
    of the packs any value, in the other half only values a loader takes."""
    files = {}
    honest = draw(st.booleans())
    texts = HONEST_TEXTS if honest else TEXTS
    # pack.toml names three nav cards (a swap): an honest pack keeps nav.toml, so that its names are found
    for deck, card_type in (("supply", "gear"),) if honest else (("supply", "gear"), ("nav", "nav")):
        cards = []
        for number in range(draw(st.integers(0, 4))):
            fields = {
                "id": toml_string(f"{deck}-{number}" if honest else draw(st.one_of(SLUGS, st.text(max_size=8)))),
                "type": toml_string(card_type if honest else draw(st.sampled_from([card_type, "crew", "nav", "nope"]))),
                "count": str(draw(st.integers(1, 3) if honest else st.integers(-1, 1001))),
                "title.en": toml_string(draw(texts)),
                "title.es": toml_string(draw(texts)),
                "text.en": toml_string(draw(texts)),
                "text.es": toml_string(draw(texts)),
            }
            if card_type == "gear" or draw(st.booleans()):
                costs = ["100", "0"] if honest else ["100", "0", "-5", '"cien"', "1e3", "inf"]
                fields["cost"] = draw(st.sampled_from(costs))
            if draw(st.booleans()):
                statuses = ["draft", "translated", "reviewed"] + ([] if honest else ["done"])
                fields["status.es"] = toml_string(draw(st.sampled_from(statuses)))
            if draw(st.booleans()):
                arts = ["art/spare-parts.png"] + ([] if honest else ["../x.png", "nope.png"])
                fields["art"] = toml_string(draw(st.sampled_from(arts)))
            least = len(fields) if honest else len(fields) - 2
            keep = draw(st.lists(st.sampled_from(sorted(fields)), unique=True, min_size=least))
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


def write_model_pack(pack: Path, decks: dict[str, str], glossary: str) -> None:
    """The drawn decks and glossary into the tiny pack; an honest pack (its nav deck kept) keeps its glossary
    too: a drawn glossary is refused at loading nine times in ten (70-letter words, terms without a target)."""
    for name, text in decks.items():
        (pack / name).write_text(text, encoding="utf-8")
    if "nav.toml" in decks:
        (pack / "glossary.toml").write_text(glossary, encoding="utf-8")


@FUZZ
@given(decks=deck_files(), glossary=glossaries())
def test_check_survives_packs_from_the_model(decks: dict[str, str], glossary: str) -> None:
    with pack_folder(TINY) as pack:
        write_model_pack(pack, decks, glossary)
        try:
            _, findings = check(pack, "model")
            assert_findings_inside(pack, findings)
        except (Exception, Hang):  # a failed invariant, or pnp or this test crashing
            FIGURES["failing examples"] += 1
            raise
        finally:
            report()


@settings(FUZZ, max_examples=max(3, EXAMPLES // 5))
@given(decks=deck_files(), glossary=glossaries())
def test_a_pack_check_passes_builds(decks: dict[str, str], glossary: str) -> None:
    with pack_folder(TINY) as pack:
        write_model_pack(pack, decks, glossary)
        try:
            code, _ = check(pack, "built")
            if code != 0:
                return
            with alarm():
                built = CliRunner().invoke(main, ["build", str(pack), "-o", str(pack.parent / "output"), "--no-cache"])
            assert built.exit_code == 0, built.output
            reached("built", "stage: drawn")
        except (Exception, Hang):  # a failed invariant, or pnp or this test crashing
            FIGURES["failing examples"] += 1
            raise
        finally:
            report()


# --- hostile layouts and icons, in a pack with a board and tokens: every stage ----------------------

# expressions as a stranger's layout may write them: honest ones, and ones that hang or allocate
# gigabytes without the layout budget
EXPRESSIONS = st.one_of(
    st.sampled_from(
        [
            "{{ card.title }}",
            "{{ card.title | upper }} {{ card.cost | money }}",
            "{{ card.text }}",
            "{% for w in card.title.split() %}{{ w[:1] }}{% endfor %}",
            "{{ card.cost }}mm",
            "{{ 'x'.ljust(1500000000) }}",
            "{% for a in 'x'.ljust(100000) %}{% for b in 'x'.ljust(100000) %}{% endfor %}{% endfor %}",
            "{{ '%1000000000s' % card.title }}",
            "{{ '{:>999999999}'.format(card.title) }}",
            "{{ card.title * 100000000 }}",
            "{{ (9 ** 64) ** 64 }}",
            "{% macro f(n) %}{{ f(n) }}{% endmacro %}{{ f(1) }}",
            "{{ card.__class__ }}",
            "{{ [1] | batch(1000000000, 'x') | list }}",
            "{{ card.title | center(1000000000) }}",
            "{% set l = [1] %}{% for i in 'x'.ljust(40) %}{{ l.extend(l) }}{% endfor %}",
            "{{ nope }}",
            "{{",
        ]
    ),
    st.text(alphabet="{}%'x.()|~*0123456789 ljust[]card.title", max_size=40),
)
LENGTHS = st.sampled_from(["2mm", "10mm", "30mm", "0mm", "-5mm", "1e9mm", "x", "63mm", "{{ card.cost }}mm"])
ELEMENT_KINDS = ["text", "rect", "rounded-rect", "icon-row", "symbol", "image", "line"]


@st.composite
def layouts(draw: st.DrawFn) -> str:
    """templates/firefly/gear.toml: the bundled gear layout with a few elements changed or added."""
    lines = ['extends = "gear"', ""]
    for index in range(draw(st.integers(1, 3))):
        name = draw(st.sampled_from(["title", "text", "cost", f"extra-{index}"]))
        lines += ["[[element]]", f"name = {toml_string(name)}"]
        if name.startswith("extra"):
            lines.append(f"kind = {toml_string(draw(st.sampled_from(ELEMENT_KINDS)))}")
        fields = draw(
            st.lists(
                st.sampled_from(["text", "x", "y", "width", "height", "color", "size", "when", "shape", "icons"]),
                unique=True,
                max_size=4,
            )
        )
        for key in fields:
            if key in ("x", "y", "width", "height"):
                value = draw(LENGTHS)
            elif key == "color":
                value = draw(st.sampled_from(["#202020", "blue", "{{ card.title }}"]))
            elif key == "size":
                value = draw(st.sampled_from(["8", "0", "-1", "1e308", "{{ card.cost }}"]))
            elif key in ("shape", "icons"):
                value = draw(st.sampled_from(["sail", "fuel", "nope", "{sail} {fuel}"]))
            else:
                value = draw(EXPRESSIONS)
            lines.append(f"{key} = {toml_string(value)}")
        lines.append("")
    return "\n".join(lines)


SVG = "http://www.w3.org/2000/svg"
SAIL = (TINY / "icons" / "sail.svg").read_bytes()


def _png(width: int, height: int) -> bytes:
    buffer = io.BytesIO()
    Image.new("1", (width, height)).save(buffer, format="PNG")
    return buffer.getvalue()


@st.composite
def icons(draw: st.DrawFn) -> bytes:
    """icons/sail.svg, drawn by the tiny pack's nav layout and its token: honest, mutated or hostile."""
    kind = draw(st.sampled_from(["honest", "mutated", "use-bomb", "inline-image", "entities", "deep"]))
    if kind == "honest":
        return SAIL
    if kind == "mutated":
        return mutate(SAIL, draw(MUTATIONS))
    if kind == "use-bomb":
        points, fan_out, levels = draw(st.integers(1, 5000)), draw(st.integers(1, 12)), draw(st.integers(0, 5))
        parts = [f"<svg xmlns='{SVG}' viewBox='0 0 10 10'><defs><path id='p0' d='M0 0{' l1 1' * points}'/>"]
        for level in range(1, levels + 1):
            uses = "".join(f"<use href='#p{level - 1}'/>" for _ in range(fan_out))
            parts.append(f"<g id='p{level}'>{uses}</g>")
        return "".join([*parts, f"</defs><use href='#p{levels}'/></svg>"]).encode()
    if kind == "inline-image":
        side = draw(st.sampled_from([1, 16, 64, 8000]))
        data = draw(st.sampled_from([_png(side, side), b"\x89PNG\r\n\x1a\nnot a png", b"GIF89a"]))
        href = "data:image/png;base64," + base64.b64encode(data).decode("ascii")
        return (
            f"<svg xmlns='{SVG}' xmlns:xlink='http://www.w3.org/1999/xlink' viewBox='0 0 10 10'>"
            f"<image width='10' height='10' xlink:href='{href}'/></svg>"
        ).encode()
    if kind == "entities":
        encoding = draw(st.sampled_from(["utf-8", "utf-16", "utf-16-be"]))
        declaration = "UTF-16" if encoding.startswith("utf-16") else "UTF-8"
        return (
            f'<?xml version="1.0" encoding="{declaration}"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">]>'
            f"<svg xmlns='{SVG}' viewBox='0 0 10 10'><text>&a;&a;</text></svg>"
        ).encode(encoding)
    links = draw(st.integers(1, 400))
    chain = "".join(f"<g id='g{n}'><use href='#g{n + 1}'/></g>" for n in range(links))
    return f"<svg xmlns='{SVG}' viewBox='0 0 10 10'>{chain}<g id='g{links}'/></svg>".encode()


BOARD = """name = { en = "Tiny map", es = "Mapa pequeño" }
width = "200mm"
height = "150mm"
color = "#f6f3ea"

[[region]]
id = "north"
kind = "sector"
name = { en = %s, es = %s }
rect = { x = "10mm", y = "10mm", width = "80mm", height = "60mm" }
"""
TOKENS = """[[token]]
id = "alert"
name = { en = "Alert token", es = "Marcador de alerta" }
shape = "circle"
size = "20mm"
count = 4

[token.front]
label = { en = %s, es = %s }
icon = "sail"
color = "#f4e4e1"
ink = "#7f1d1d"
"""


@settings(FUZZ, max_examples=max(4, EXAMPLES // 3))
@given(
    layout=st.one_of(st.none(), layouts()),
    icon=icons(),
    names=st.tuples(TEXTS, TEXTS),
    decks=st.one_of(st.none(), deck_files()),
)
def test_every_stage_survives_hostile_layouts_and_icons(
    layout: str | None, icon: bytes, names: tuple[str, str], decks: dict[str, str] | None
) -> None:
    """check; and when it passes, build (layout and drawing) and board: never a crash or a hang."""
    try:
        with pack_folder(TINY) as pack:
            if layout is not None:
                (pack / "templates" / "firefly" / "gear.toml").write_text(layout, encoding="utf-8")
            (pack / "icons" / "sail.svg").write_bytes(icon)
            for name, text in (decks or {}).items():
                (pack / name).write_text(text, encoding="utf-8")
            quoted = tuple(toml_string(n or "North") for n in names)
            (pack / "board.toml").write_text(BOARD % quoted, encoding="utf-8")
            (pack / "tokens.toml").write_text(TOKENS % quoted, encoding="utf-8")
            code, findings = check(pack, "hostile")
            assert_findings_inside(pack, findings)
            if code != 0:
                return
            output = pack.parent / "output"
            with alarm():
                built = CliRunner().invoke(main, ["build", str(pack), "-o", str(output), "--no-cache"])
            assert built.exit_code == 0, built.output
            assert list(output.rglob("cards*.pdf")), built.output
            reached("hostile", "stage: drawn")
            with alarm():
                board = CliRunner().invoke(main, ["board", str(pack), "-o", str(output)])
            assert board.exit_code in (0, 1) and "internal error" not in board.output, board.output
            if board.exit_code == 0:
                assert list(output.rglob("board-tiled.pdf")) and list(output.rglob("tokens.pdf")), board.output
                reached("hostile", "stage: board")
            else:  # known: check does not fit token labels yet (board/text-overflow); counted, not hidden
                why = "a token label does not fit" if "does not fit on the face" in board.output else "other"
                FIGURES[f"board refused what check passed: {why}"] += 1
    except (Exception, Hang):  # a failed invariant, or pnp or this test crashing
        FIGURES["failing examples"] += 1
        raise
    finally:
        report()
