"""The shared test page builder draws what it is asked to, where it is asked to."""

import pypdfium2 as pdfium

from assets.ocr import read_document
from tests.support.pages import blank_pdf, rasterise, scan_image, scan_pdf, text_page, text_pdf


def test_plain_rows_go_down_the_page_and_placed_rows_where_they_say():
    pdf = text_page("Invoice SF-1", "Total 12,50 EUR", (300, 100, "Footer"), leading=20)
    page = read_document(pdf, "application/pdf").pages[0]
    lines = {line.text: line for line in page.lines()}
    assert list(lines) == ["Invoice SF-1", "Total 12,50 EUR", "Footer"]
    # top-left points: the first row 800 pt above the bottom, the second 20 pt under it
    assert round(lines["Total 12,50 EUR"].y0 - lines["Invoice SF-1"].y0) == 20
    assert round(lines["Footer"].x0) == 300 and 700 < lines["Footer"].y0 < 742  # 100 pt above the bottom


def test_one_page_per_list_of_rows_and_marks_on_each():
    drawn = []
    pdf = text_pdf(["first"], ["second"], marks=lambda c, index: drawn.append(index))
    assert drawn == [0, 1]
    assert [p.lines()[0].text for p in read_document(pdf, "application/pdf").pages] == ["first", "second"]


def test_a_scan_has_ink_where_its_rows_are_and_no_text_layer():
    image = scan_image(["RECHNUNG"], size=(1240, 1754), left=100, top=200, font_px=40)
    assert image.getpixel((5, 5)) == 255
    assert image.crop((100, 200, 400, 250)).getextrema()[0] < 64
    pdf = scan_pdf(image, image, dpi=150)
    document = pdfium.PdfDocument(pdf)
    try:
        assert len(document) == 2
        assert round(document[0].get_width()) == 595  # 1240 px at 150 dpi
        assert document[0].get_textpage().get_text_range() == ""
    finally:
        document.close()


def test_a_rendered_page_has_the_size_of_its_dpi():
    assert rasterise(blank_pdf(2), dpi=72, page=1).size == (595, 842)
