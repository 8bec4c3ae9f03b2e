"""The invoice's page as a picture, in the coordinates its `sources` boxes are measured in.

Boxes are PDF points from the top-left of the page the reader read (invoice.md "sources").
A PDF page with a text layer is read as printed: it is rendered with pdfium at `SCALE`
pixels per point and its size is its own, so boxes are exact. A page read by OCR (an image,
or a scanned PDF page) is read after the OCR's preparation (`assets.ocr.tesseract.
prepare_image`): EXIF turn, a photographed sheet cut out and straightened, the page turned
upright and deskewed, each turn widening the canvas. Its boxes describe that prepared
page, so the picture shown is the prepared page too (grey, as the reader saw it), with its
size in points from the resolution the reader used: a box then lands on its words instead
of a few characters right of and below them. (A quarter turn the reader tries only when a
page reads badly is not repeated here.)

Renders and their sizes are cached on disk by blob and page: a blob is content-addressed,
so a cached picture never goes stale; a new way of drawing changes `VERSION`.
"""

import io
import json
import os
import tempfile
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

from assets.ocr import pdf_text
from assets.ocr.page_image import prepare_image

SCALE = 2.0  # pixels per point: sharp on a laptop without megabytes per page
MAX_PIXELS = 12_000_000
SHOWN_MAX = (2400, 3400)  # a prepared scan (often 300 dpi) is shown at most this large
VERSION = "v2"


def is_pdf(mime: str) -> bool:
    return (mime or "").split(";")[0].strip().lower() == "application/pdf"


def _pdf_page(data: bytes, page: int) -> tuple[Image.Image, float, float] | None:
    """(picture, width, height in points) of a PDF page as the reader saw it, or None."""
    pdf = pdfium.PdfDocument(data)
    try:
        if not 1 <= page <= len(pdf):
            return None
        sheet = pdf[page - 1]
        width, height, to_top_left = pdf_text._page_geometry(sheet)
        if pdf_text.text_layer_usable(pdf_text._text_layer_words(sheet, to_top_left)):
            scale = min(SCALE, (MAX_PIXELS / max(1.0, width * height)) ** 0.5)
            return sheet.render(scale=scale).to_pil(), width, height
        # read by OCR: rendered as the reader renders it, then prepared as it prepares it
        scale = min(pdf_text.RENDER_DPI / 72, (pdf_text.MAX_RENDER_PIXELS / max(1.0, width * height)) ** 0.5)
        scan = sheet.render(scale=scale, grayscale=True).to_pil().copy()
    finally:
        pdf.close()
    return _prepared(scan, scale * 72)


def _prepared(image: Image.Image, dpi: float | None) -> tuple[Image.Image, float, float]:
    prepared, dpi = prepare_image(image, dpi)
    return prepared, prepared.width * 72.0 / dpi, prepared.height * 72.0 / dpi


def _image_page(data: bytes, page: int) -> tuple[Image.Image, float, float] | None:
    if page != 1:
        return None
    with Image.open(io.BytesIO(data)) as image:
        image.seek(0)  # the first frame, as the reader reads it
        image.load()
        return _prepared(image, None)  # the resolution from the file, as the reader takes it


def _page(data: bytes, mime: str, page: int) -> tuple[Image.Image, float, float] | None:
    return _pdf_page(data, page) if is_pdf(mime) else _image_page(data, page)


def _paths(cache: Path, blob_key: str, page: int) -> tuple[Path, Path]:
    folder = cache / blob_key[:2]
    return folder / f"{blob_key}-{page}-{VERSION}.png", folder / f"{blob_key}-{page}-{VERSION}.json"


def _write(path: Path, body: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(fd, "wb") as fh:
        fh.write(body)
    os.replace(tmp, path)


def _draw(cache: Path, blob_key: str, data_of, mime: str, page: int) -> bool:
    """Render the page into the cache; False when the document has no such page."""
    found = _page(data_of(), mime, page)
    png_path, size_path = _paths(cache, blob_key, page)
    if found is None:
        _write(size_path, b"null")
        return False
    image, width, height = found
    image.thumbnail(SHOWN_MAX)
    out = io.BytesIO()
    image.convert("RGB" if image.mode not in ("L", "RGB") else image.mode).save(out, format="PNG", optimize=False)
    _write(png_path, out.getvalue())
    _write(size_path, json.dumps({"width": round(width, 2), "height": round(height, 2)}).encode())
    return True


def page_size(cache: Path, blob_key: str, data_of, mime: str, page: int) -> tuple[float, float] | None:
    """(width, height) in points of page `page` (1-based) as its boxes are measured, or None
    when the document has no such page. `data_of()` reads the blob only when not cached."""
    _png, size_path = _paths(cache, blob_key, page)
    if not size_path.exists():
        _draw(cache, blob_key, data_of, mime, page)
    size = json.loads(size_path.read_text())
    return None if size is None else (size["width"], size["height"])


def rendered(cache: Path, blob_key: str, data_of, mime: str, page: int) -> bytes | None:
    """The PNG of the page, from the cache or rendered now; None when there is no such page."""
    png_path, _size = _paths(cache, blob_key, page)
    if png_path.exists():
        return png_path.read_bytes()
    if not _draw(cache, blob_key, data_of, mime, page):
        return None
    return png_path.read_bytes()
