"""Boxes on scanned pages land on their words: the page the dashboard draws is the page
the OCR read (turned, deskewed, its canvas widened), in the same points, so a word's box
covers that word's ink. Real OCR (Tesseract) reads a skewed scan; the check is done on the
very PNG the page serves and the size the invoice page gives its boxes."""

import io

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image

from assets.ocr import read_document
from dashboard import page_images
from tests.support.pages import scan_image, scan_pdf

WORDS = ("SASKAITA", "SF-2026-0042", "Suma", "1234,50")


def _skewed_scan(degrees: float = 3.0) -> Image.Image:
    """An A4 page at 150 dpi with a few words, scanned askew (the canvas widened by the turn)."""
    rows = [(x, 300 + row * 220, word) for row, pair in enumerate([WORDS[:2], WORDS[2:]])
            for x, word in zip((160, 760), pair)]
    page = scan_image(rows, size=(1240, 1754), font_px=44)
    return page.rotate(degrees, expand=True, fillcolor=255, resample=Image.Resampling.BICUBIC)


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(150, 150))
    return out.getvalue()


def _ink_centre(shown: Image.Image, box: tuple[float, float, float, float], scale: float, pad_pt: float):
    """The centre (points) of the dark pixels around `box` on a picture, None when there are none."""
    x0, y0, x1, y1 = (round((v + d) * scale) for v, d in zip(box, (-pad_pt, -pad_pt, pad_pt, pad_pt)))
    grey = np.asarray(shown.convert("L").crop((max(0, x0), max(0, y0), x1, y1)), dtype=np.uint8)
    ys, xs = np.nonzero(grey < 128)
    if len(xs) <= 20:
        return None
    return (max(0, x0) + xs.mean()) / scale, (max(0, y0) + ys.mean()) / scale


@pytest.mark.parametrize("kind", ["image/png", "application/pdf"])
def test_a_boxes_centre_is_its_words_ink_on_the_page_shown(kind, tmp_path):
    scan = _skewed_scan()
    data = _png(scan) if kind == "image/png" else scan_pdf(scan.convert("RGB"), dpi=150)
    document = read_document(data, kind)
    words = {w.text: w for w in document.pages[0].words if w.text in WORDS}
    assert {"SASKAITA", "SF-2026-0042"} <= set(words), [w.text for w in document.pages[0].words]
    png = page_images.rendered(tmp_path, "blob", lambda: data, kind, 1)
    width, height = page_images.page_size(tmp_path, "blob", lambda: data, kind, 1)
    shown = Image.open(io.BytesIO(png))
    scale = shown.width / width  # pixels per point of the picture the boxes are drawn over
    assert abs(shown.height / height - scale) < 0.01 * scale
    for word in words.values():
        centre = _ink_centre(shown, (word.x0, word.y0, word.x1, word.y1), scale, pad_pt=2)
        assert centre is not None, word
        cx, cy = centre
        assert abs(cx - (word.x0 + word.x1) / 2) < 3 and abs(cy - (word.y0 + word.y1) / 2) < 3, word


def test_the_original_picture_would_put_the_boxes_off_their_words():
    """Why the prepared page is shown: on the scan as uploaded, the same boxes miss."""
    scan = _skewed_scan()
    data = _png(scan)
    word = next(w for w in read_document(data, "image/png").pages[0].words if w.text == "SF-2026-0042")
    scale = 150 / 72  # the upload's own pixels per point
    centre = _ink_centre(scan, (word.x0, word.y0, word.x1, word.y1), scale, pad_pt=2)
    assert centre is None or abs(centre[0] - (word.x0 + word.x1) / 2) + abs(centre[1] - (word.y0 + word.y1) / 2) > 3


def test_a_text_layer_pdf_is_drawn_as_printed(tmp_path):
    from tests.api.helpers import PDF

    pdf = pdfium.PdfDocument(PDF)
    printed, pages = tuple(pdf[0].get_size()), len(pdf)
    pdf.close()
    size = page_images.page_size(tmp_path, "digital", lambda: PDF, "application/pdf", 1)
    assert size == tuple(round(v, 2) for v in printed)
    shown = Image.open(io.BytesIO(page_images.rendered(tmp_path, "digital", lambda: PDF, "application/pdf", 1)))
    assert shown.mode == "RGB" and abs(shown.width - page_images.SCALE * printed[0]) <= 1  # in colour, as printed
    assert page_images.page_size(tmp_path, "digital", lambda: PDF, "application/pdf", pages + 1) is None
