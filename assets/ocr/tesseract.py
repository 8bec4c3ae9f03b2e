"""OCR with Tesseract 5 in-process (tesserocr), returning words with boxes in points.

Settings follow research/ocr-engines.md, measured on Lithuanian invoices:

* ``lang="lit"``: the Lithuanian model keeps 99 % of diacritics and reads codes, dates and
  amounts as well as ``lit+eng``; adding ``eng`` lets the English model win some words
  ("Iš" -> "IS", "ė" -> "é") and on our scan fixture it misread an amount (23,75 -> 23,15).
* ``PSM.AUTO`` (3): full layout analysis. Single-block modes read across columns and
  table rules. We never use Tesseract's text order anyway: lines are rebuilt from boxes.
* LSTM engine only, the true dpi passed with ``SetSourceResolution``, and images below
  ~250 dpi upscaled to 300 dpi (halves the error rate on 150 dpi faxes). No binarisation:
  every variant tried made the LSTM worse.

One ``PyTessBaseAPI`` per process, created lazily: creating one costs ~0.3 s and it holds
the language model. It is not thread-safe, so calls are serialised by a lock; run
several processes to OCR pages in parallel (tesserocr releases the GIL in ``Recognize``
but one API object cannot serve two threads).
"""

from __future__ import annotations

import math
import os
import threading

from PIL import Image, ImageOps

from .model import DocumentError, Page, Word

TESSDATA_DIR = os.environ.get("TESSDATA_PREFIX") or "/usr/share/tesseract-ocr/5/tessdata"
LANG = "lit"
TARGET_DPI = 300
MIN_DPI = 250
# Upscaling never goes beyond this many pixels (an A4 page at 300 dpi is 8.7 Mpx).
MAX_OCR_PIXELS = 40_000_000
A4_SHORT_IN = 8.27
A4_LONG_IN = 11.69

_api = None
_lock = threading.Lock()


def _get_api():
    """The process-wide Tesseract API (created on first use; call with ``_lock`` held)."""
    global _api
    if _api is None:
        # Imported here: processes that only read text PDFs never load Tesseract.
        from tesserocr import OEM, PSM, PyTessBaseAPI

        try:
            _api = PyTessBaseAPI(path=TESSDATA_DIR, lang=LANG, psm=PSM.AUTO, oem=OEM.LSTM_ONLY)
        except RuntimeError as exc:  # missing traineddata: a deployment problem, not the file's
            raise RuntimeError(
                f"Tesseract could not load language {LANG!r} from {TESSDATA_DIR} "
                "(install tesseract-ocr-lit or set TESSDATA_PREFIX)"
            ) from exc
    return _api


def image_dpi(image: Image.Image) -> float:
    """The image's resolution: its metadata when plausible, else estimated from its size.

    Metadata is trusted only if it gives a document-sized page (2-17 in wide): many
    cameras and some scanners write 72 dpi whatever the resolution. Without usable
    metadata the image is assumed to be an A4 page (8.27 x 11.69 in).
    """
    dpi = image.info.get("dpi")
    if dpi:
        try:
            value = float(dpi[0] if isinstance(dpi, tuple) else dpi)
        except (TypeError, ValueError):
            value = 0.0
        if value > 0 and 2 <= image.width / value <= 17:
            # PNG stores pixels per metre: 300 dpi comes back as 299.9994.
            return float(round(value))
    inches = A4_SHORT_IN if image.width <= image.height else A4_LONG_IN
    return image.width / inches


def prepare_image(image: Image.Image, dpi: float | None = None) -> tuple[Image.Image, float]:
    """Grey image at a resolution Tesseract reads well, and its (new) dpi.

    EXIF orientation is applied (phone photos), the image becomes 8-bit grey (Tesseract
    would convert anyway, and RGBA/palette/CMYK inputs need it), and pages below
    ``MIN_DPI`` are upscaled to ``TARGET_DPI`` with bicubic resampling.
    """
    image = ImageOps.exif_transpose(image)
    dpi = dpi or image_dpi(image)
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        # Transparent areas are paper: composite on white, not on black.
        rgba = image.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        image = Image.alpha_composite(white, rgba)
    if image.mode in ("I", "I;16", "I;16B", "I;16L", "I;16N"):
        # 16-bit scans: scale to 8 bits (a plain convert would clip everything to white).
        image = image.convert("I").point(lambda v: v * (1 / 256))
    if image.mode != "L":
        image = image.convert("L")
    if dpi < MIN_DPI:
        scale = min(TARGET_DPI / dpi, math.sqrt(MAX_OCR_PIXELS / (image.width * image.height)))
        if scale > 1.05:
            size = (round(image.width * scale), round(image.height * scale))
            image = image.resize(size, Image.Resampling.BICUBIC)
            dpi *= scale
    return image, dpi


def ocr_image(image: Image.Image, page_number: int = 1, dpi: float | None = None) -> Page:
    """OCR one page image and return its words in points (top-left origin).

    ``dpi`` overrides the image's own resolution (the PDF renderer knows it exactly).
    Boxes are corrected for the page skew Tesseract measured, so words on one printed
    line get the same y even on a scan rotated by a degree; the boxes then describe the
    straightened page (off by at most a few points near the corners for small angles).
    """
    from tesserocr import RIL, iterate_level

    prepared, dpi = prepare_image(image, dpi)
    px_to_pt = 72.0 / dpi
    raw: list[tuple[str, int, int, int, int, float]] = []
    with _lock:
        api = _get_api()
        try:
            api.SetImage(prepared)
            api.SetSourceResolution(round(dpi))
            if not api.Recognize():
                raise DocumentError(f"OCR failed on page {page_number}")
            iterator = api.GetIterator()
            angle = 0.0
            if iterator is not None:
                orientation = iterator.Orientation()
                angle = orientation[3] if orientation else 0.0
                for w in iterate_level(iterator, RIL.WORD):
                    text = w.GetUTF8Text(RIL.WORD)
                    box = w.BoundingBox(RIL.WORD)
                    if text and text.strip() and box:
                        raw.append((text.strip(), *box, w.Confidence(RIL.WORD) / 100.0))
        finally:
            api.Clear()

    cx, cy = prepared.width / 2, prepared.height / 2
    cos_a, sin_a = math.cos(angle), math.sin(angle)
    words = []
    for text, x0, y0, x1, y1, conf in raw:
        if abs(angle) > 1e-3:
            # Rotate the box centre about the page centre by the deskew angle
            # (anticlockwise on the page; y grows downwards in image coordinates).
            dx, dy = (x0 + x1) / 2 - cx, (y0 + y1) / 2 - cy
            mx, my = cx + dx * cos_a + dy * sin_a, cy - dx * sin_a + dy * cos_a
            hw, hh = (x1 - x0) / 2, (y1 - y0) / 2
            x0, y0, x1, y1 = mx - hw, my - hh, mx + hw, my + hh
        words.append(
            Word(text, x0 * px_to_pt, y0 * px_to_pt, x1 * px_to_pt, y1 * px_to_pt, max(0.0, min(1.0, conf)))
        )
    return Page(
        number=page_number,
        width=prepared.width * px_to_pt,
        height=prepared.height * px_to_pt,
        words=words,
        engine="tesseract",
        text_layer=False,
    )
