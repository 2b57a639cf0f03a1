"""Reading a card's text regions with Tesseract, where it is installed.

pnp runs the `tesseract` program itself (a Python wrapper would run the same
program, and add nothing but a dependency).  Each region is cut from the
straightened 300 dpi card, cleared of the scanner's grain and read at that
resolution as a block of text, or as one line for a title (enlarging it first
read fewer words right, on card text from 5 to 11 pt).
Words come back with Tesseract's confidence; a region read with too little of
it is reported as unread rather than typed into the pack.
"""

from __future__ import annotations

import csv
import io
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from pnp.i18n import _
from pnp.scan import MM_PER_INCH, OUTPUT_DPI

# Tesseract's language data by pack language code; Debian's packages are tesseract-ocr-<code>.
TESSERACT_LANGUAGES = {
    "en": "eng",
    "es": "spa",
    "ca": "cat",
    "de": "deu",
    "fr": "fra",
    "it": "ita",
    "pt": "por",
    "nl": "nld",
    "pl": "pol",
}
MIN_CONFIDENCE = 50.0  # Tesseract's mean word confidence (0-100) below which a reading is not kept
ONE_LINE_FIELDS = ("title", "subtitle", "type")
MIN_INK_CONTRAST = 60  # grey levels between a region's darkest and lightest: less is blank paper
TIMEOUT_SECONDS = 60  # one region: Tesseract takes well under a second; only a hang takes longer


@dataclass(frozen=True)
class Reading:
    text: str  # in card markup: paragraphs apart by a blank line, markup characters escaped
    confidence: float  # Tesseract's mean word confidence, 0-100


@dataclass(frozen=True)
class Reader:
    program: str
    language: str  # Tesseract's code: eng


def install_hint() -> str:
    return _(
        "install Tesseract to read the cards' text: on Debian or Ubuntu, sudo apt-get install tesseract-ocr "
        "tesseract-ocr-eng; on macOS, brew install tesseract; on Windows, the installer of the UB Mannheim "
        "Tesseract build, then add its folder to PATH"
    )


def find_reader(language: str) -> tuple[Reader | None, str | None]:
    """Tesseract with the data for the pack's source language, or why it cannot read."""
    program = shutil.which("tesseract")
    if program is None:
        return None, _("Tesseract is not installed: the text was not read. To read it, {hint}.").format(
            hint=install_hint()
        )
    code = TESSERACT_LANGUAGES.get(language.split("-")[0])
    if code is None:
        return None, _("Tesseract has no language data pnp knows for {language}: the text was not read.").format(
            language=language
        )
    try:
        listed = subprocess.run(
            [program, "--list-langs"], capture_output=True, text=True, timeout=TIMEOUT_SECONDS, check=False
        )
    except subprocess.TimeoutExpired:
        return None, _("Tesseract did not answer within {seconds} s: the text was not read.").format(
            seconds=TIMEOUT_SECONDS
        )
    except OSError:
        return None, _(
            "Tesseract is installed but cannot be started: the text was not read. To repair it, {hint}."
        ).format(hint=install_hint())
    if code not in listed.stdout.split():
        return None, _(
            "Tesseract has no {code} language data: the text was not read. Install tesseract-ocr-{code} "
            "(brew install tesseract-lang on macOS)."
        ).format(code=code)
    return Reader(program, code), None


def region_pixels(card: np.ndarray, box_mm: tuple[float, float, float, float]) -> np.ndarray | None:
    """The region cut from the card at 300 dpi, or None when it lies outside the card."""
    height, width = card.shape[:2]
    x, y, w, h = (round(v / MM_PER_INCH * OUTPUT_DPI) for v in box_mm)
    left, top, right, bottom = max(0, x), max(0, y), min(width, x + w), min(height, y + h)
    if right - left < 4 or bottom - top < 4:
        return None
    return card[top:bottom, left:right]


def read_region(reader: Reader, pixels: np.ndarray, one_line: bool) -> Reading | None:
    """The region's text (empty, with confidence 100, when it holds no words), or None when Tesseract failed."""
    grey = cv2.medianBlur(cv2.cvtColor(pixels, cv2.COLOR_RGB2GRAY), 3)  # the scanner's grain, which Tesseract reads
    low, high = np.percentile(grey, [1, 99])
    if high - low < MIN_INK_CONTRAST:
        return Reading("", 100.0)  # nothing printed there: paper and its grain only
    # a margin of the region's paper: Tesseract misreads letters that touch the image's edge (and a
    # replicated edge would smear a letter cut by it into a streak)
    paper = int(np.median(grey))
    grey = cv2.copyMakeBorder(grey, 20, 20, 20, 20, cv2.BORDER_CONSTANT, value=paper)
    with tempfile.TemporaryDirectory(prefix="pnp-scan-") as folder:
        image = Path(folder) / "region.png"
        cv2.imwrite(str(image), grey)
        command = [reader.program, str(image), "stdout", "-l", reader.language, "--dpi", str(OUTPUT_DPI)]
        command += ["--psm", "7" if one_line else "6", "tsv"]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_SECONDS, check=False)
        except (OSError, subprocess.TimeoutExpired):
            return None
    if done.returncode != 0:
        return None
    return _from_tsv(done.stdout, one_line)


@dataclass
class _Line:
    words: list[str]
    top: int
    bottom: int


def _from_tsv(tsv: str, one_line: bool) -> Reading:
    """The words Tesseract found, by line; a new paragraph where the gap between two lines is as tall as a
    line (a blank line on the card).  Tesseract's own paragraphs are not used: it splits a paragraph whose
    first line is short."""
    lines: dict[tuple[str, str, str], _Line] = {}
    confidences = []
    for row in csv.DictReader(io.StringIO(tsv), delimiter="\t", quoting=csv.QUOTE_NONE):
        word = (row.get("text") or "").strip()
        try:
            confidence = float(row.get("conf") or -1)
            top, height = int(row["top"]), int(row["height"])
        except (KeyError, TypeError, ValueError):
            continue
        if not word or confidence < 0:
            continue
        confidences.append(confidence)
        key = (row["block_num"], row["par_num"], row["line_num"])
        line = lines.setdefault(key, _Line([], top, top + height))
        line.words.append(word)
        line.top, line.bottom = min(line.top, top), max(line.bottom, top + height)
    if not confidences:
        return Reading("", 100.0)
    ordered = sorted(lines.values(), key=lambda line: line.top)
    tall = sorted(line.bottom - line.top for line in ordered)[len(ordered) // 2]
    paragraphs: list[list[str]] = [[]]
    for index, line in enumerate(ordered):
        if index and line.top - ordered[index - 1].bottom > tall and not one_line:
            paragraphs.append([])
        paragraphs[-1].append(" ".join(line.words))
    texts = [_join_lines(paragraph) for paragraph in paragraphs]
    return Reading(escape_markup("\n\n".join(texts)), sum(confidences) / len(confidences))


def _join_lines(lines: list[str]) -> str:
    """A paragraph's lines as one: a card's line breaks fall where its box ended, not where its writer broke
    them.  A line ending in a hyphen joins the next without a space and keeps the hyphen: "two-player" broken
    after "two-" comes back whole, and a word hyphenated only to fit ("some-thing") shows when it is checked."""
    out = ""
    for line in lines:
        out = f"{out}{line}" if out.endswith("-") and out[-2:-1].isalpha() else (f"{out} {line}" if out else line)
    return re.sub(r"\s+", " ", out).strip()


def escape_markup(text: str) -> str:
    r"""What was printed, as card markup prints it: `*`, `{`, `}` and `\` escaped."""
    return re.sub(r"([\\*{}])", r"\\\1", text)
