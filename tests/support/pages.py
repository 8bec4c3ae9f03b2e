"""Test pages: the one way tests draw a page, as a PDF with a text layer or as a scan.

A page is a list of rows. A plain string is written under the row before it (the first at
``top``, each ``leading`` below the last, all at ``left``); a ``(x, y, text)`` row is written
where it says. In a PDF the units are points from the bottom-left corner, as reportlab
draws; on a scan they are pixels from the top-left corner, as Pillow draws.

Whole invoices with a layout (the committed fixtures, the corpus) are drawn elsewhere:
``tests/fixtures/make_fixtures.py`` and ``corpus/``. These are the small pages a test
writes for itself, so that what it reads is visible in the test.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Sequence

import pypdfium2 as pdfium
from PIL import Image, ImageDraw, ImageFont
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

Row = str | tuple[float, float, str]
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
A4_AT_300_DPI = (2480, 3508)


def _placed(rows: Iterable[Row], left: float, top: float, step: float) -> list[tuple[float, float, str]]:
    """Each row with its position; ``step`` is added to y for each plain row (negative in a PDF)."""
    placed, y = [], top
    for row in rows:
        if isinstance(row, str):
            placed.append((left, y, row))
            y += step
        else:
            placed.append(row)
    return placed


def text_pdf(*pages: Sequence[Row], left: float = 60, top: float = 800, leading: float = 16,
             font: str = "Helvetica", size: float = 10,
             marks: Callable[[canvas.Canvas, int], None] | None = None) -> bytes:
    """An A4 PDF with a text layer, one page per list of rows. ``marks(canvas, index)``
    draws anything else on a page (a QR code, a line) before the page is closed."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=A4)
    for index, rows in enumerate(pages):
        pdf.setFont(font, size)
        for x, y, text in _placed(rows, left, top, -leading):
            pdf.drawString(x, y, text)
        if marks is not None:
            marks(pdf, index)
        pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def text_page(*rows: Row, **options) -> bytes:
    """A one-page PDF of ``rows`` (see ``text_pdf`` for the options)."""
    return text_pdf(rows, **options)


def scan_image(rows: Sequence[Row], *, size: tuple[int, int] = A4_AT_300_DPI, left: int = 200,
               top: int = 300, leading: int = 110, font_px: int = 42) -> Image.Image:
    """A white greyscale page of black text, as a scanner would see it (A4 at 300 dpi unless
    ``size`` says otherwise)."""
    page = Image.new("L", size, 255)
    draw = ImageDraw.Draw(page)
    font = ImageFont.truetype(FONT, font_px)
    for x, y, text in _placed(rows, left, top, leading):
        draw.text((x, y), text, font=font, fill=0)
    return page


def scan_words(rows: Sequence[Row], *, left: int = 200, top: int = 300, leading: int = 110,
               font_px: int = 42) -> list[tuple[str, tuple[float, float, float, float]]]:
    """The words ``scan_image`` draws for the same rows and options, each with the box of
    its ink in pixels: what a reader of that picture should find."""
    draw = ImageDraw.Draw(Image.new("L", (1, 1)))
    font = ImageFont.truetype(FONT, font_px)
    words = []
    for x, y, text in _placed(rows, left, top, leading):
        start = 0
        for word in text.split():
            start = text.index(word, start)
            words.append((word, draw.textbbox((x + draw.textlength(text[:start], font=font), y), word, font=font)))
            start += len(word)
    return words


def scan_pdf(*images: Image.Image, dpi: float) -> bytes:
    """An image-only PDF, one page per picture, no text layer."""
    first, *rest = [image if image.mode in ("L", "RGB") else image.convert("RGB") for image in images]
    buffer = io.BytesIO()
    first.save(buffer, "PDF", resolution=dpi, save_all=True, append_images=rest)
    return buffer.getvalue()


def rasterise(pdf: bytes, dpi: float, page: int = 0, grayscale: bool = False) -> Image.Image:
    """A page of ``pdf`` as PDFium renders it at ``dpi``: the picture a scan of it would be."""
    document = pdfium.PdfDocument(pdf)
    try:
        return document[page].render(scale=dpi / 72, grayscale=grayscale).to_pil().copy()
    finally:
        document.close()


def blank_pdf(pages: int) -> bytes:
    """A PDF of ``pages`` empty A4 pages."""
    document = pdfium.PdfDocument.new()
    try:
        for _ in range(pages):
            document.new_page(595, 842)
        buffer = io.BytesIO()
        document.save(buffer)
    finally:
        document.close()
    return buffer.getvalue()
