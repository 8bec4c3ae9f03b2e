"""The invoice's page as a picture, and the size its `sources` boxes are measured in.

Boxes are PDF points from the page's top-left (invoice.md "sources"). A PDF page is
rendered with pdfium at `SCALE` pixels per point and its size is its own; an image's size
in points comes from the resolution the OCR reader assumed for it (`image_dpi`), so a box
lands where the word was read. (An image the reader turned or straightened before reading
may show its boxes shifted; PDFs, the common case, are exact.)

Renders are cached on disk by blob and page: a blob is content-addressed, so a cached
picture never goes stale.
"""

import io
import os
import tempfile
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

from assets.ocr.tesseract import image_dpi

SCALE = 2.0  # pixels per point: sharp on a laptop without megabytes per page
MAX_PIXELS = 12_000_000


def is_pdf(mime: str) -> bool:
    return (mime or "").split(";")[0].strip().lower() == "application/pdf"


def page_size(data: bytes, mime: str, page: int) -> tuple[float, float] | None:
    """(width, height) in points of page `page` (1-based), or None when it has no such page."""
    if is_pdf(mime):
        pdf = pdfium.PdfDocument(data)
        try:
            return tuple(pdf[page - 1].get_size()) if 1 <= page <= len(pdf) else None
        finally:
            pdf.close()
    if page != 1:
        return None
    with Image.open(io.BytesIO(data)) as image:
        points_per_pixel = 72.0 / image_dpi(image)
        return image.width * points_per_pixel, image.height * points_per_pixel


def _render(data: bytes, mime: str, page: int) -> bytes:
    if is_pdf(mime):
        pdf = pdfium.PdfDocument(data)
        try:
            width, height = pdf[page - 1].get_size()
            scale = min(SCALE, (MAX_PIXELS / max(1.0, width * height)) ** 0.5)
            image = pdf[page - 1].render(scale=scale).to_pil()
        finally:
            pdf.close()
    else:
        image = Image.open(io.BytesIO(data))
        image.thumbnail((2400, 3400))
    out = io.BytesIO()
    image.convert("RGB").save(out, format="PNG", optimize=False)
    return out.getvalue()


def rendered(cache: Path, blob_key: str, data_of, mime: str, page: int) -> bytes | None:
    """The PNG of the page, from the cache or rendered now (`data_of()` reads the blob only
    then); None when the document has no such page."""
    path = cache / blob_key[:2] / f"{blob_key}-{page}.png"
    if path.exists():
        return path.read_bytes()
    data = data_of()
    if page_size(data, mime, page) is None:
        return None
    png = _render(data, mime, page)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(fd, "wb") as fh:
        fh.write(png)
    os.replace(tmp, path)
    return png
