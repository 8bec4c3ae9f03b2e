"""Readers and guard rails, on real files (pypdfium2 and Tesseract are not mocked)."""

import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image

from assets.ocr import DocumentError, Word, group_lines, read_document
from assets.ocr.pdf_text import text_layer_usable
from assets.ocr.page_image import image_dpi
from assets.process import process_document
from tests.support.pages import blank_pdf, scan_image, scan_pdf, text_page

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def _png_header(width: int, height: int) -> bytes:
    """A PNG that claims a size but holds no pixels: enough for Pillow's lazy open."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IEND", b"")


def test_text_layer_words_are_in_top_left_points():
    doc = read_document((FIXTURES / "invoice_digital.pdf").read_bytes(), "application/pdf")
    page = doc.pages[0]
    assert (page.engine, page.text_layer) == ("pdf-text", True)
    assert round(page.width) == 595 and round(page.height) == 842
    title = page.lines()[0]
    assert title.text == "PVM SĄSKAITA FAKTŪRA"
    assert title.y0 < 60  # drawn near the top of the page
    words = {w.text: w for w in page.words}
    assert words["LT100001234510"].conf == 1.0
    assert words["LT100001234510"].x0 < words["LT123456715"].x0  # seller left, buyer right


def test_a_hyphen_that_ends_a_line_is_a_hyphen():
    """PDFium reports the hyphen of a word broken at a line's end as 0x02 ("KvK-" / "nummer"
    in a narrow cell): read back, it is the hyphen that was printed."""
    pdf = text_page((50, 700, "KvK-"), (50, 688, "nummer 12345678"), (50, 600, "Btw-nummer NL056563048B01"),
                    size=12)
    words = [w.text for w in read_document(pdf, "application/pdf").pages[0].words]
    assert words == ["KvK-", "nummer", "12345678", "Btw-nummer", "NL056563048B01"]


def test_image_only_pdf_page_is_ocred():
    """A PDF holding only a scan has no text layer: the page is rendered and OCR'd."""
    scan = scan_pdf(Image.open(FIXTURES / "invoice_scan.png"), dpi=200)
    invoice = process_document(scan, "application/pdf").dto()
    assert invoice["extraction"]["engine"] == "tesseract"
    assert invoice["extraction"]["textLayer"] is False
    assert invoice["invoiceNumber"] == "BI 004517"
    assert invoice["totals"]["gross"] == "8159.27"


def test_unsupported_and_empty_files():
    with pytest.raises(DocumentError, match="unsupported"):
        read_document(b"hello", "text/plain")
    with pytest.raises(DocumentError, match="empty"):
        read_document(b"", "application/pdf")


def test_corrupt_files():
    with pytest.raises(DocumentError, match="PDF"):
        read_document(b"%PDF-1.7\nnot really a pdf", "application/pdf")
    png = (FIXTURES / "invoice_scan.png").read_bytes()
    with pytest.raises(DocumentError, match="corrupt"):
        read_document(png[:5000], "image/png")
    with pytest.raises(DocumentError, match="corrupt"):
        read_document(b"\xff\xd8\xff garbage", "image/jpeg")


def test_too_many_pages():
    with pytest.raises(DocumentError, match="3 pages; at most 2"):
        read_document(blank_pdf(3), "application/pdf", max_pages=2)


@pytest.mark.filterwarnings("ignore::PIL.Image.DecompressionBombWarning")
@pytest.mark.parametrize("size", [(11_000, 10_000), (20_000, 20_000)])
def test_decompression_bombs_are_refused(size):
    with pytest.raises(DocumentError, match="too large"):
        read_document(_png_header(*size), "image/png")


def test_time_limit():
    with pytest.raises(DocumentError, match="processing exceeded"):
        process_document(blank_pdf(2), "application/pdf", time_limit_s=1e-9)


def test_text_layer_usable():
    def words(text):
        return [Word(t, 0, 0, 10, 10) for t in text.split()]

    assert not text_layer_usable([])
    assert not text_layer_usable(words("Page 1"))
    assert not text_layer_usable(words("\ufffd\ufffd\ufffd " * 20 + "Sąskaita faktūra numeris 123"))
    assert text_layer_usable(words("PVM sąskaita faktūra Serija SV Nr. 000123"))
    # Cyrillic and Latvian vowels are vowels: such a text layer is text, not letter soup.
    assert text_layer_usable(words("Счёт-фактура Покупатель Исполнитель Наименование товара Количество Цена"))
    assert text_layer_usable(words("Rēķins Pārdevējs Pircējs Nosaukums Daudzums Cena Summa kopā"))
    assert not text_layer_usable(words("Xqzv Bcdfgh Klmnp Rstvwx Zbcdf Ghjkl Mnpqr Stvwx Yzbcd"))


def test_image_dpi_uses_plausible_metadata_else_a4_estimate():
    img = Image.new("L", (2480, 3508))
    img.info["dpi"] = (299.9994, 299.9994)
    assert image_dpi(img) == 300
    img.info["dpi"] = (72, 72)  # a 34-inch-wide page is not a document: estimate instead
    assert round(image_dpi(img)) == 300
    del img.info["dpi"]
    assert round(image_dpi(Image.new("L", (1654, 2339)))) == 200


def test_group_lines_by_vertical_overlap():
    words = [
        Word("Pirkėjas", 310, 100, 350, 111),
        Word("Pardavėjas", 40, 101, 95, 112),  # same line, slightly lower baseline
        Word("UAB", 40, 115, 60, 126),
        Word("„Medžio", 310, 114, 350, 125),
    ]
    lines = group_lines(words)
    assert [line.text for line in lines] == ["Pardavėjas Pirkėjas", "UAB „Medžio"]


def test_truncated_images_are_refused_whatever_the_process_wide_pillow_setting(monkeypatch):
    from PIL import ImageFile

    monkeypatch.setattr(ImageFile, "LOAD_TRUNCATED_IMAGES", True)  # as importing WeasyPrint does
    png = (FIXTURES / "invoice_scan.png").read_bytes()
    with pytest.raises(DocumentError, match="corrupt"):
        read_document(png[:5000], "image/png")
    assert ImageFile.LOAD_TRUNCATED_IMAGES is True


def _german_scan_pdf(pages: int) -> bytes:
    """An image-only PDF whose pages are German invoice text, drawn at 300 dpi."""
    lines = ["RECHNUNG Nr. 2026-117", "Rechnungsdatum: 14.03.2026", "Kunde: Müller Bau GmbH, Lindenallee 5",
             "Bezeichnung  Menge  Einzelpreis  Gesamtpreis", "Beratung  3  120,00  360,00",
             "Summe netto 360,00  MwSt 19 % 68,40", "Gesamtbetrag 428,40 EUR  zahlbar bis 28.03.2026",
             "Bankverbindung: Sparkasse München"]
    return scan_pdf(*[scan_image(lines) for _ in range(pages)], dpi=300)


def test_the_model_that_read_a_scanned_page_reads_the_next_one_first(monkeypatch):
    """A German scan: page 1 is read in Lithuanian, found German and read again with the
    German model; page 2 goes to the German model straight away (one reading, not two)."""
    from assets.ocr import tesseract

    pytest.importorskip("tesserocr")
    if not tesseract.languages.installed("deu", tesseract.TESSDATA_DIR):
        pytest.skip("tesseract-ocr-deu not installed (make system-deps)")
    readings: list[str] = []
    recognize = tesseract._recognize

    def counted(api, *args):
        readings.append(next(lang for lang, known in tesseract._apis.items() if known is api))
        return recognize(api, *args)

    monkeypatch.setattr(tesseract, "_recognize", counted)
    doc = read_document(_german_scan_pdf(2), "application/pdf")
    assert [page.ocr_language for page in doc.pages] == ["deu+lit", "deu+lit"]
    assert readings == ["lit", "deu+lit", "deu+lit"]
    assert "München" in [w.text for w in doc.pages[1].words]
