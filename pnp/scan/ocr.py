"""Reading a card's text regions with Tesseract, where it is installed.

pnp runs the `tesseract` program itself (a Python wrapper would run the same
program, and add nothing but a dependency).  Each region is cut from the
straightened 300 dpi card, enlarged twice (Tesseract reads best with letters
20 pixels high or more) and read as a block of text, or as one line for a title.
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
    except (OSError, subprocess.TimeoutExpired) as exc:
        return None, _("Tesseract does not run ({problem}): the text was not read.").format(problem=exc)
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
    grey = cv2.resize(grey, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
    grey = cv2.copyMakeBorder(grey, 20, 20, 20, 20, cv2.BORDER_REPLICATE)  # letters touching the cut
    with tempfile.TemporaryDirectory(prefix="pnp-scan-") as folder:
        image = Path(folder) / "region.png"
        cv2.imwrite(str(image), grey)
        command = [reader.program, str(image), "stdout", "-l", reader.language, "--dpi", str(OUTPUT_DPI * 2)]
        command += ["--psm", "7" if one_line else "6", "tsv"]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_SECONDS, check=False)
        except (OSError, subprocess.TimeoutExpired):
            return None
    if done.returncode != 0:
        return None
    return _from_tsv(done.stdout, one_line)


def _from_tsv(tsv: str, one_line: bool) -> Reading:
    paragraphs: dict[tuple[str, str], list[list[str]]] = {}
    line_keys: dict[tuple[str, str], list[str]] = {}
    confidences = []
    for row in csv.DictReader(io.StringIO(tsv), delimiter="\t", quoting=csv.QUOTE_NONE):
        word = (row.get("text") or "").strip()
        try:
            confidence = float(row.get("conf") or -1)
        except ValueError:
            continue
        if not word or confidence < 0:
            continue
        confidences.append(confidence)
        paragraph = (row["block_num"], row["par_num"])
        lines = paragraphs.setdefault(paragraph, [])
        keys = line_keys.setdefault(paragraph, [])
        if not keys or keys[-1] != row["line_num"]:
            keys.append(row["line_num"])
            lines.append([])
        lines[-1].append(word)
    if not confidences:
        return Reading("", 100.0)
    texts = [_join_lines([" ".join(words) for words in lines]) for lines in paragraphs.values()]
    text = " ".join(texts) if one_line else "\n\n".join(texts)
    return Reading(escape_markup(text), sum(confidences) / len(confidences))


def _join_lines(lines: list[str]) -> str:
    """A paragraph's lines as one: a card's line breaks fall where its box ended, not where its writer broke
    them.  A word broken with a hyphen at a line's end is joined again when the next line starts in lower case."""
    out = ""
    for line in lines:
        if out.endswith("-") and line[:1].islower() and len(out) > 1 and out[-2].isalpha():
            out = out[:-1] + line
        else:
            out = f"{out} {line}" if out else line
    return re.sub(r"\s+", " ", out).strip()


def escape_markup(text: str) -> str:
    r"""What was printed, as card markup prints it: `*`, `{`, `}` and `\` escaped."""
    return re.sub(r"([\\*{}])", r"\\\1", text)
