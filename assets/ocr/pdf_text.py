"""Words from a PDF's text layer (pypdfium2), with OCR for pages that have none.

A born-digital PDF already holds every character and its position: reading it takes
milliseconds and is exact, so OCR is only for pages whose text layer is missing or
unusable (scans saved as PDF, fonts without a Unicode map). PDFium has no word API, so
words are built here from per-character boxes.

PDFium is not thread-safe, so every call into it holds ``_PDFIUM_LOCK``; the lock is
released while a rendered page is being OCR'd.
"""

from __future__ import annotations

import ctypes
import threading
import unicodedata
from typing import Callable

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from . import engines
from .model import DocumentError, Page, Word

RENDER_DPI = 300
# A poster-sized page at 300 dpi would need gigabytes; render big pages at lower dpi.
MAX_RENDER_PIXELS = 40_000_000
# Fewer meaningful characters than this and the page is treated as an image.
MIN_ALNUM_CHARS = 20
# Share of replacement / private-use / control characters that marks a broken text layer.
MAX_BAD_CHAR_SHARE = 0.1
# The smallest QR code (21 x 21 modules) has about 200 dark modules, drawn as a square of
# 4-5 segments each or as runs of them: fewer segments on a page than this draw no code.
MIN_CODE_SEGMENTS = 200
# A gap wider than this share of the character height splits a word even without a space.
WORD_GAP = 0.2

_PDFIUM_LOCK = threading.RLock()

# Vowels of the scripts invoices are printed in (accents are stripped before the test).
_VOWELS = set("aeiouy" "аеёиоуыэюяіїє" "αεηιουω")


def read_pdf(data: bytes, max_pages: int, check_time: Callable[[], None] = lambda: None) -> list[Page]:
    """Read every page of a PDF: text layer where usable, else render + OCR.

    ``check_time`` is called before each page and may raise to stop a slow document.
    """
    with _PDFIUM_LOCK:
        try:
            pdf = pdfium.PdfDocument(data)
        except pdfium.PdfiumError as exc:
            if "password" in str(exc).lower():
                raise DocumentError("the PDF is password-protected") from exc
            raise DocumentError(f"not a readable PDF ({exc})") from exc
    try:
        with _PDFIUM_LOCK:
            count = len(pdf)
        if count == 0:
            raise DocumentError("the PDF has no pages")
        if count > max_pages:
            raise DocumentError(f"the PDF has {count} pages; at most {max_pages} are accepted")
        pages: list[Page] = []
        language = None
        for index in range(count):
            check_time()
            pages.append(_read_page(pdf, index, language))
            # A document is printed in one language: the model that read a scanned page
            # reads the next one first, instead of Lithuanian and then that model again.
            language = pages[-1].ocr_language or language
        return pages
    finally:
        with _PDFIUM_LOCK:
            pdf.close()


def _read_page(pdf: pdfium.PdfDocument, index: int, language: str | None = None) -> Page:
    with _PDFIUM_LOCK:
        try:
            page = pdf[index]
        except pdfium.PdfiumError as exc:
            raise DocumentError(f"page {index + 1} of the PDF cannot be read ({exc})") from exc
        try:
            width, height, char_box = _page_geometry(page)
            words = _text_layer_words(page, char_box)
            graphics = draws_graphics(page)
            if text_layer_usable(words):
                return Page(index + 1, width, height, words, engine="pdf-text", text_layer=True, graphics=graphics)
            scale = min(RENDER_DPI / 72, (MAX_RENDER_PIXELS / max(1.0, width * height)) ** 0.5)
            # Copied out of PDFium's buffer so the image outlives the bitmap.
            image = page.render(scale=scale, grayscale=True).to_pil().copy()
        finally:
            page.close()
    # OCR outside the PDFium lock: other threads may read PDFs meanwhile.
    ocr_page = engines.ocr_image(image, page_number=index + 1, dpi=scale * 72, language=language)
    # Report the page size in the PDF's own points rather than the rounded render size.
    ocr_page.width, ocr_page.height, ocr_page.graphics = width, height, graphics
    return ocr_page


def draws_graphics(page: pdfium.PdfPage) -> bool:
    """Whether a PDF page draws anything a QR code could be: an image, or vector graphics
    of at least ``MIN_CODE_SEGMENTS`` path segments (a code drawn as squares, one path or
    many). Told while the page is open for its text, so that a page of text and a few
    rules is never loaded again, let alone rendered, to look for codes."""
    segments = 0
    for obj in page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_IMAGE, pdfium_c.FPDF_PAGEOBJ_PATH)):
        if obj.type == pdfium_c.FPDF_PAGEOBJ_IMAGE:
            return True
        segments += max(0, pdfium_c.FPDFPath_CountSegments(obj.raw))
        if segments >= MIN_CODE_SEGMENTS:
            return True
    return False


def _page_geometry(page: pdfium.PdfPage):
    """Displayed page size and a function mapping a character's box in PDF user space
    (left, top, right, bottom) to top-left points (x0, y0, x1, y1).

    Text boxes come in PDF user space (origin bottom-left of the MediaBox, y up) while the
    page is displayed cropped to its CropBox and turned by /Rotate; the boxes must match
    what a viewer (and our renderer) shows. The corners are put in order inline: the text
    layer's loop asks for every character of the page.
    """
    left, bottom, right, top = page.get_cropbox()
    rotation = page.get_rotation() % 360
    w, h = right - left, top - bottom

    def box(ax: float, ay: float, bx: float, by: float) -> tuple[float, float, float, float]:
        return (bx if bx < ax else ax, by if by < ay else ay, bx if bx > ax else ax, by if by > ay else ay)

    if rotation == 90:  # (x, y) -> (y - bottom, x - left)
        return h, w, lambda l, t, r, b: box(t - bottom, l - left, b - bottom, r - left)
    if rotation == 180:  # (x, y) -> (right - x, y - bottom)
        return w, h, lambda l, t, r, b: box(right - l, t - bottom, right - r, b - bottom)
    if rotation == 270:  # (x, y) -> (top - y, right - x)
        return h, w, lambda l, t, r, b: box(top - t, right - l, top - b, right - r)

    return w, h, lambda l, t, r, b: box(l - left, top - t, r - left, top - b)  # (x, y) -> (x - left, top - y)


def _text_layer_words(page: pdfium.PdfPage, char_box) -> list[Word]:
    """Merge PDFium's characters into words, split on whitespace and on visible gaps.

    Loose character boxes (the font's full ascent..descent and advance width) are used:
    every character of a line then has the same height, which keeps line grouping
    stable, and adjacent letters touch, so any real gap means a new word.
    """
    textpage = page.get_textpage()
    try:
        n = textpage.count_chars()
        # The page's UTF-16 units in one call, and one box reused for every character: a
        # call per character and a box allocated for each were most of what reading cost.
        codes = (ctypes.c_ushort * (n + 1))()
        if n:
            pdfium_c.FPDFText_GetText(textpage.raw, 0, n, codes)
        rect = pdfium_c.FS_RECTF()
        loose_box, raw = pdfium_c.FPDFText_GetLooseCharBox, textpage.raw
        words: list[Word] = []
        chars: list[str] = []
        box: list[float] = []  # x0, y0, x1, y1 of the current word (top-left space)
        prev: tuple[float, float, float, float] | None = None

        def flush() -> None:
            if chars:
                text = unicodedata.normalize("NFC", "".join(chars))
                words.append(Word(text, *box))
                chars.clear()

        i = 0
        while i < n:
            code = codes[i]
            step = 1
            if 0xD800 <= code < 0xDC00 and i + 1 < n:  # UTF-16 surrogate pair
                low = codes[i + 1]
                if 0xDC00 <= low < 0xE000:
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    step = 2
            # PDFium reports a hyphen that ends a line, where a word was broken, as 0x02
            # (0xFFFE in the text of a range).
            ch = "-" if code in (0x02, 0xFFFE) else chr(code) if code else ""
            if not ch or ch.isspace() or ch in "\x00\ufeff\u200b":
                flush()
                prev = None
                i += step
                continue
            if not loose_box(raw, i, rect):
                raise pdfium.PdfiumError("Failed to get charbox.")
            x0, y0, x1, y1 = char_box(rect.left, rect.top, rect.right, rect.bottom)
            if prev is not None:
                px0, py0, px1, py1 = prev
                height = max(py1 - py0, y1 - y0, 1e-6)
                same_line = abs((y0 + y1) / 2 - (py0 + py1) / 2) < 0.5 * height
                if not same_line or x0 - px1 > WORD_GAP * height or x0 < px0 - 0.5 * height:
                    flush()
            if chars:  # the word's box grows (min and max, inline)
                if x0 < box[0]:
                    box[0] = x0
                if y0 < box[1]:
                    box[1] = y0
                if x1 > box[2]:
                    box[2] = x1
                if y1 > box[3]:
                    box[3] = y1
            else:
                box[:] = [x0, y0, x1, y1]
            chars.append(ch)
            prev = (x0, y0, x1, y1)
            i += step
        flush()
        return words
    finally:
        textpage.close()


def text_layer_usable(words: list[Word]) -> bool:
    """Whether a page's text layer carries real text (else the page is OCR'd).

    Image-only pages give no characters at all; fonts without a usable Unicode map give
    replacement or private-use characters, or letter soup without vowels.
    """
    text = "".join(w.text for w in words)
    alnum = sum(ch.isalnum() for ch in text)
    if alnum < MIN_ALNUM_CHARS:
        return False
    bad = sum(
        ch == "\ufffd" or 0xE000 <= ord(ch) <= 0xF8FF or unicodedata.category(ch) == "Cc" for ch in text
    )
    if bad > MAX_BAD_CHAR_SHARE * len(text):
        return False
    letters = [ch for ch in text if ch.isalpha()]
    if len(letters) >= 40 and sum(_base(ch) in _VOWELS for ch in letters) < 0.15 * len(letters):
        return False
    return True


def _base(ch: str) -> str:
    """The letter without its accent, lower case: "Ė" -> "e", "Й" -> "и"."""
    return unicodedata.normalize("NFD", ch)[0].lower()
