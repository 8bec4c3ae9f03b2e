"""Which OCR engine reads page images: by the page's resolution by default, one when configured.

``INVOICES_OCR_ENGINE`` (``auto``, ``tesseract``, ``rapidocr`` or ``surya``) is read at call
time, so a worker picks it up from its environment without code changes. ``auto`` (the
default) reads a page with Tesseract, except a page whose text is small in pixels (below
``SMALL_TEXT_DPI``: a phone photo of a whole sheet, where a 10 pt line is 10-15 px high),
which PP-OCR (``rapidocr``) reads: measured on the generated tune photos, Tesseract reads
print-resolution pages better (it keeps Lithuanian letters) and PP-OCR small text
(docs/extraction.md, "Photos"), except Cyrillic print, which PP-OCR's model cannot read: a
page whose PP-OCR reading holds Cyrillic invoice words as their Latin look-alikes is read
by Tesseract (``languages.cyrillic_rendered_as_latin``). Every engine is an ``OcrEngine``:
it takes a PIL image and returns a ``Page`` of words in points; nothing downstream knows
which one ran except ``Page.engine`` (reported as ``extraction.engine`` in the DTO).

``using(engine)`` puts another engine in their place for the process while it lasts, such
as the in-memory stand-in (``assets/ocr/memory.py``) in a test that is not about OCR.
tests/assets/ocr/test_engine_contract.py holds Tesseract and the stand-in to one contract.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol

from PIL import Image

# rapid loads onnxruntime only when a page needs it
from . import languages, page_image, rapid, tesseract
from .model import Page

ENGINES = ("auto", "tesseract", "rapidocr", "surya")
# Below this resolution (of the straightened page, before any upscaling) PP-OCR reads a
# page better than Tesseract: the generated photos of whole sheets lie at 50-120 dpi,
# scans and close-up photos at 150 dpi and above (eval/RESULTS.md, "Photos").
SMALL_TEXT_DPI = 130


class OcrEngine(Protocol):
    """Reads the words of one page image.

    The ``Page`` has the number it was given, the size in points of the picture its boxes
    are on (the image at ``dpi``, its own resolution when None; Tesseract may turn or widen
    it), and its words with boxes in points from that picture's top-left corner over their
    ink, each with a confidence in 0..1; a page without ink has no words.
    ``language`` is the model that read the document's previous page, a hint an engine may
    ignore.
    """

    name: str

    def ocr_image(self, image: Image.Image, page_number: int = 1, dpi: float | None = None,
                  language: str | None = None) -> Page: ...


class Tesseract:
    name = "tesseract"

    def ocr_image(self, image: Image.Image, page_number: int = 1, dpi: float | None = None,
                  language: str | None = None) -> Page:
        return tesseract.ocr_image(image, page_number=page_number, dpi=dpi, language=language)


class RapidOcr:
    name = "rapidocr"

    def ocr_image(self, image: Image.Image, page_number: int = 1, dpi: float | None = None,
                  language: str | None = None) -> Page:
        return rapid.ocr_image(image, page_number=page_number, dpi=dpi)


class Auto:
    """Tesseract, or PP-OCR for a page of small text when it is installed."""

    name = "auto"

    def ocr_image(self, image: Image.Image, page_number: int = 1, dpi: float | None = None,
                  language: str | None = None) -> Page:
        straight, page_dpi, script = page_image.straighten(image, dpi)
        if page_dpi < SMALL_TEXT_DPI and rapid.available():
            page = rapid.read_straight(straight, page_dpi, page_number)
            if not languages.cyrillic_rendered_as_latin([word.text for word in page.words]):
                return page
            script = "Cyrillic"  # PP-OCR's model has no Cyrillic letters; Tesseract's has
        prepared, page_dpi = page_image.to_reading_resolution(straight, page_dpi)
        # PP-OCR's recogniser reads the page's code-like words again alone: a second reader's
        # views, for a checksum to choose from (``extraction.checksummed``).
        return tesseract.read_prepared(prepared, page_dpi, script, page_number, language,
                                       recognise=rapid.recognise if rapid.available() else None)


class Surya:
    name = "surya"

    def ocr_image(self, image: Image.Image, page_number: int = 1, dpi: float | None = None,
                  language: str | None = None) -> Page:
        from . import surya  # torch is loaded only where surya is used

        return surya.ocr_image(image, page_number=page_number, dpi=dpi)


_in_place: OcrEngine | None = None


def engine_name() -> str:
    name = os.environ.get("INVOICES_OCR_ENGINE", "auto").strip().lower() or "auto"
    if name not in ENGINES:
        raise RuntimeError(f"INVOICES_OCR_ENGINE={name!r}: expected one of {', '.join(ENGINES)}")
    return name


def engine() -> OcrEngine:
    """The engine that reads pages now: the one put in place by ``using``, else the configured one."""
    if _in_place is not None:
        return _in_place
    return {"auto": Auto, "tesseract": Tesseract, "rapidocr": RapidOcr, "surya": Surya}[engine_name()]()


@contextmanager
def using(replacement: OcrEngine) -> Iterator[OcrEngine]:
    """Read pages with ``replacement`` in this process until the block ends."""
    global _in_place
    before, _in_place = _in_place, replacement
    try:
        yield replacement
    finally:
        _in_place = before


def ocr_image(image: Image.Image, page_number: int = 1, dpi: float | None = None,
              language: str | None = None) -> Page:
    """``language``: the model that read the document's previous page (Tesseract only)."""
    return engine().ocr_image(image, page_number=page_number, dpi=dpi, language=language)
