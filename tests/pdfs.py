"""Reading back what a build printed: the words of a PDF as pypdfium2 extracts them."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium


def pdf_words(pdf: Path) -> str:
    """Every page's text, in page order, each run of spaces and line breaks one space."""
    document = pdfium.PdfDocument(str(pdf))
    return " ".join(" ".join(page.get_textpage().get_text_range() for page in document).split())
