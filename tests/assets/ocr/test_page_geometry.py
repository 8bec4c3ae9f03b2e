"""A text-layer character's box in the page's displayed, top-left points, for every /Rotate.

PDFium gives boxes in PDF user space (origin bottom-left, y up); what a viewer shows is the
page turned clockwise by /Rotate. The expected corners are worked out by hand for one
character of a 600 x 800 pt page: left 10, right 20, bottom 700, top 710 in user space.
"""

import pypdfium2 as pdfium
import pytest

from assets.ocr.pdf_text import _page_geometry

# rotation -> (displayed width, height), (x0, y0, x1, y1)
EXPECTED = {
    0: ((600, 800), (10, 90, 20, 100)),  # 90 pt under the top edge, 10 pt in from the left
    90: ((800, 600), (700, 10, 710, 20)),  # the left edge is now the top: near the top, far right
    180: ((600, 800), (580, 700, 590, 710)),  # upside down: near the bottom, at the right
    270: ((800, 600), (90, 580, 100, 590)),  # the right edge is now the top: near the bottom, at the left
}


@pytest.mark.parametrize("rotation", sorted(EXPECTED))
def test_a_characters_box_is_where_the_turned_page_shows_it(rotation):
    pdf = pdfium.PdfDocument.new()
    page = pdf.new_page(600, 800)
    page.set_rotation(rotation)
    width, height, char_box = _page_geometry(page)
    size, box = EXPECTED[rotation]
    assert (width, height) == size
    assert char_box(10.0, 710.0, 20.0, 700.0) == box
    # corners given the other way round (a mirrored glyph's box) give the same ordered box
    assert char_box(20.0, 700.0, 10.0, 710.0) == box
