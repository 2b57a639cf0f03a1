"""A print shop's CMYK PDF/X from pnp's RGB PDF, by Ghostscript where it is installed.

DriveThruCards asks for PDF/X-1a: CMYK colour, fonts embedded, the trim and
bleed boxes set.  pnp draws in RGB (ReportLab), which the shop converts on its
own, with colours it chooses.  Ghostscript's pdfwrite converts the colours to
CMYK and writes PDF/X (its PDF/X-3 mode, which the shop's checks take for
CMYK files that have no transparency, as pnp's faces have none); the boxes
pnp wrote are kept.  Ghostscript is a program, not a Python package, under the
AGPL: pnp runs it as a separate program and ships none of it, and where it is
missing the build says so and writes the RGB PDF as before.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

GHOSTSCRIPT_NAMES = ("gs", "gswin64c", "gswin32c")
# PDF/X names the press the colours were made for (its OutputIntent), with that press's ICC profile.
# Ghostscript's own CMYK profile (default_cmyk.icc, SWOP-like coated stock) is the one its conversion uses.
PDFX_DEF = """%!
/ICCProfile ({icc}) def
[ /GTS_PDFXVersion (PDF/X-3:2002) /Title ({title}) /Trapped /False /DOCINFO pdfmark
[/_objdef {{icc_PDFX}} /type /stream /OBJ pdfmark
[{{icc_PDFX}} << /N 4 >> /PUT pdfmark
[{{icc_PDFX}} ICCProfile (r) file /PUT pdfmark
[/_objdef {{OutputIntent_PDFX}} /type /dict /OBJ pdfmark
[{{OutputIntent_PDFX}} <<
  /Type /OutputIntent /S /GTS_PDFX
  /OutputCondition (Commercial and specialty printing)
  /OutputConditionIdentifier (CGATS TR 001) /RegistryName (http://www.color.org) /Info (none)
  /DestOutputProfile {{icc_PDFX}}
>> /PUT pdfmark
[{{Catalog}} << /OutputIntents [ {{OutputIntent_PDFX}} ] >> /PUT pdfmark
"""
TIMEOUT_SECONDS = 600  # a deck of hundreds of pages takes seconds; this only catches a hang


class ConversionError(Exception):
    """Ghostscript ran and failed: its last message, for the finding."""


def ghostscript() -> str | None:
    """The Ghostscript program's path, or None when it is not installed."""
    return next((found for name in GHOSTSCRIPT_NAMES if (found := shutil.which(name))), None)


def cmyk_profile(program: str) -> Path | None:
    """Ghostscript's own CMYK profile, in its installed resources (iccprofiles/default_cmyk.icc)."""
    home = Path(program).resolve().parent.parent
    for pattern in ("share/ghostscript/*/iccprofiles/default_cmyk.icc", "iccprofiles/default_cmyk.icc"):
        found = sorted(home.glob(pattern))
        if found:
            return found[-1]
    return None


def to_cmyk_pdfx(pdf: bytes, program: str, title: str) -> bytes:
    """The PDF with its colours in CMYK, as PDF/X; ConversionError when Ghostscript refuses it."""
    profile = cmyk_profile(program)
    if profile is None:
        raise ConversionError("Ghostscript's CMYK profile (iccprofiles/default_cmyk.icc) was not found")
    with tempfile.TemporaryDirectory(prefix="pnp-pdfx-") as folder:
        source, target = Path(folder) / "rgb.pdf", Path(folder) / "cmyk.pdf"
        definitions = Path(folder) / "pdfx_def.ps"
        source.write_bytes(pdf)
        definitions.write_text(PDFX_DEF.format(icc=_ps_string(str(profile)), title=_ps_string(title)), "utf-8")
        command = [
            program,
            "-dSAFER",
            "-dBATCH",
            "-dNOPAUSE",
            "-dQUIET",
            "-sDEVICE=pdfwrite",
            "-dPDFX",
            "-dCompatibilityLevel=1.4",
            "-sColorConversionStrategy=CMYK",
            "-sProcessColorModel=DeviceCMYK",
            "-dEmbedAllFonts=true",
            f"--permit-file-read={profile}",
            f"-sOutputFile={target}",
            str(definitions),
            str(source),
        ]
        try:
            done = subprocess.run(command, capture_output=True, timeout=TIMEOUT_SECONDS, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise ConversionError(str(exc)) from exc
        if done.returncode != 0 or not target.exists():
            lines = (done.stderr or done.stdout).decode("utf-8", "replace").strip().splitlines()
            raise ConversionError(lines[-1] if lines else f"exit status {done.returncode}")
        return target.read_bytes()


def _ps_string(text: str) -> str:
    """Text inside a PostScript (string): backslashes and parentheses escaped, ASCII only."""
    escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    return escaped.encode("ascii", "replace").decode("ascii")
