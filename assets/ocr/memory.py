"""The OCR engine's stand-in: it reads back the words it was told a picture holds.

Tesseract costs about a second of CPU per page and reads what it reads; a test about what
happens after OCR (extraction, the pipeline, the dashboard's boxes) can instead tell this
engine the words of its pages and get them back as an ``OcrEngine`` returns them: a
``Page`` in points at the image's dpi, the words' boxes over their ink, a confidence in
0..1, no words for a picture it was told nothing about. Put it in place with
``engines.using(MemoryOcr(...))``.

A picture is known by its pixels (``remember``), or by its page number (``pages``) for a
document whose pages are rendered where the test cannot reach them.
tests/assets/ocr/test_engine_contract.py holds it and Tesseract to one contract.
"""

from __future__ import annotations

import hashlib

from PIL import Image

from .model import Page, Word
from .page_image import image_dpi

Box = tuple[float, float, float, float]  # pixels of the picture, from its top-left corner


def _fingerprint(image: Image.Image) -> str:
    return hashlib.sha256(f"{image.mode}{image.size}".encode() + image.tobytes()).hexdigest()


class MemoryOcr:
    name = "memory"

    def __init__(self, pages: dict[int, list[tuple[str, Box]]] | None = None, conf: float = 0.96):
        """``pages``: the words of page n of any picture not remembered by its pixels."""
        self.pages, self.conf = dict(pages or {}), conf
        self._pictures: dict[str, list[tuple[str, Box]]] = {}

    def remember(self, image: Image.Image, words: list[tuple[str, Box]]) -> None:
        """The words ``image`` holds, each with its box in the image's pixels."""
        self._pictures[_fingerprint(image)] = list(words)

    def ocr_image(self, image: Image.Image, page_number: int = 1, dpi: float | None = None,
                  language: str | None = None) -> Page:
        words = self._pictures.get(_fingerprint(image), self.pages.get(page_number, []))
        scale = 72.0 / (dpi or image_dpi(image))
        return Page(
            number=page_number, width=image.width * scale, height=image.height * scale,
            words=[Word(text, x0 * scale, y0 * scale, x1 * scale, y1 * scale, self.conf)
                   for text, (x0, y0, x1, y1) in words],
            engine=self.name, text_layer=False, ocr_language=language,
        )
