"""Which OCR engine reads page images: Tesseract by default, surya when configured.

``INVOICES_OCR_ENGINE`` (``tesseract`` or ``surya``) is read at call time, so a worker
picks it up from its environment without code changes. Both engines take a PIL image and
return a ``Page`` of words in points; nothing downstream knows which one ran except
``Page.engine`` (reported as ``extraction.engine`` in the DTO).
"""

from __future__ import annotations

import os

from PIL import Image

from . import tesseract
from .model import Page

ENGINES = ("tesseract", "surya")


def engine_name() -> str:
    name = os.environ.get("INVOICES_OCR_ENGINE", "tesseract").strip().lower() or "tesseract"
    if name not in ENGINES:
        raise RuntimeError(f"INVOICES_OCR_ENGINE={name!r}: expected one of {', '.join(ENGINES)}")
    return name


def ocr_image(image: Image.Image, page_number: int = 1, dpi: float | None = None,
              language: str | None = None) -> Page:
    """``language``: the model that read the document's previous page (Tesseract only)."""
    if engine_name() == "surya":
        from . import surya

        return surya.ocr_image(image, page_number=page_number, dpi=dpi)
    return tesseract.ocr_image(image, page_number=page_number, dpi=dpi, language=language)
