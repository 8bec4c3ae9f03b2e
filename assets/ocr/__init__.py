"""Turn an uploaded file into pages of words with boxes.

``read_document`` is the only entry point: it picks the reader from the MIME type and
applies the guard rails that keep one hostile or broken upload from taking a worker
down (page count, image size, time), reporting every such problem as ``DocumentError``.
"""

from __future__ import annotations

import io
from contextlib import contextmanager
import time

from PIL import Image, ImageFile, UnidentifiedImageError

from . import engines, pdf_text
from .model import Document, DocumentError, Line, Page, Word, group_lines

__all__ = [
    "Document",
    "DocumentError",
    "Line",
    "Page",
    "Word",
    "group_lines",
    "read_document",
    "MAX_PAGES",
    "MAX_IMAGE_PIXELS",
    "MAX_ASPECT_RATIO",
    "MIN_IMAGE_SIDE",
    "SUPPORTED_MIME_TYPES",
]

MAX_PAGES = 50
MAX_IMAGE_PIXELS = 100_000_000
# No page of an invoice or a receipt (a long till roll included) is 50 times longer than it
# is wide or a few pixels across; OCR engines fail on such strips with internal errors.
MAX_ASPECT_RATIO = 50
MIN_IMAGE_SIDE = 16
SUPPORTED_MIME_TYPES = ("application/pdf", "image/jpeg", "image/png", "image/webp")
_MIME_ALIASES = {"image/jpg": "image/jpeg", "image/pjpeg": "image/jpeg", "image/x-png": "image/png"}


def read_document(
    data: bytes,
    mime: str,
    *,
    time_limit_s: float | None = None,
    max_pages: int = MAX_PAGES,
) -> Document:
    """Read a PDF or an image into a ``Document``.

    ``time_limit_s`` bounds the whole read; it is checked between pages (a page in
    progress is not interrupted), and exceeding it raises ``DocumentError``.
    Raises ``DocumentError`` for unsupported, empty, corrupt, oversized or too long files.
    """
    started = time.monotonic()

    def check_time() -> None:
        if time_limit_s is not None and time.monotonic() - started > time_limit_s:
            raise DocumentError(f"processing exceeded {time_limit_s:g} s")

    kind = _MIME_ALIASES.get(_base_mime(mime), _base_mime(mime))
    if kind not in SUPPORTED_MIME_TYPES:
        raise DocumentError(f"unsupported file type {mime!r}; expected PDF, JPEG, PNG or WebP")
    if not data:
        raise DocumentError("the file is empty")
    if kind == "application/pdf":
        return Document(pdf_text.read_pdf(data, max_pages=max_pages, check_time=check_time))
    image = _open_image(data)
    return Document([engines.ocr_image(image, page_number=1)])


def _base_mime(mime: str) -> str:
    return (mime or "").split(";", 1)[0].strip().lower()


@contextmanager
def _strict_decoding():
    """Refuse truncated images even when a library in the same process (WeasyPrint, for
    one) has switched Pillow's process-wide LOAD_TRUNCATED_IMAGES on."""
    previous = ImageFile.LOAD_TRUNCATED_IMAGES
    ImageFile.LOAD_TRUNCATED_IMAGES = False
    try:
        yield
    finally:
        ImageFile.LOAD_TRUNCATED_IMAGES = previous


def _open_image(data: bytes) -> Image.Image:
    """Decode an image, refusing decompression bombs and broken files.

    Pillow reads only the header on ``open``, so the size is checked before any pixel is
    decoded (Pillow itself only warns between its own limit and twice that). Multi-frame
    images (animated WebP) are read as their first frame.
    """
    try:
        image = Image.open(io.BytesIO(data))
    except Image.DecompressionBombError as exc:
        raise DocumentError(f"the image is too large ({exc})") from exc
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError) as exc:
        raise DocumentError("the image file is corrupt or not an image") from exc
    pixels = image.width * image.height
    if pixels > MAX_IMAGE_PIXELS:
        raise DocumentError(
            f"the image is too large ({image.width}x{image.height} pixels; "
            f"at most {MAX_IMAGE_PIXELS // 1_000_000} megapixels are accepted)"
        )
    if pixels == 0:
        raise DocumentError("the image is empty")
    short, long = sorted((image.width, image.height))
    if short < MIN_IMAGE_SIDE:
        raise DocumentError(
            f"the image is too small to read ({image.width}x{image.height} pixels; "
            f"each side must be at least {MIN_IMAGE_SIDE} pixels)"
        )
    if long > short * MAX_ASPECT_RATIO:
        raise DocumentError(
            f"the image's shape cannot be a document page ({image.width}x{image.height} pixels; "
            f"one side may be at most {MAX_ASPECT_RATIO} times the other)"
        )
    try:
        image.seek(0)
        with _strict_decoding():
            image.load()
    except (OSError, ValueError, SyntaxError, EOFError) as exc:
        raise DocumentError(f"the image file is corrupt or truncated ({exc})") from exc
    return image
