"""The default engine (``auto``) picks the reader by the page's resolution: Tesseract for
print-resolution pages, PP-OCR for pages whose text is small in pixels (a phone photo of a
whole sheet), Tesseract again when PP-OCR is not installed."""

import pytest
from PIL import Image

from assets.ocr import engines, languages, rapid
from tests.support.pages import scan_image

ROWS = ["INVOICE 2026-117", "Seller UAB Medis", "Total 428.40 EUR"]

pytest.importorskip("tesserocr")


def _at(dpi: int) -> Image.Image:
    page = scan_image(ROWS)  # A4 at 300 dpi
    return page.resize((round(page.width * dpi / 300), round(page.height * dpi / 300)), Image.Resampling.LANCZOS)


def test_a_print_resolution_page_is_read_by_tesseract():
    page = engines.Auto().ocr_image(_at(300), dpi=300)
    assert page.engine == "tesseract"
    assert [line.text for line in page.lines()] == ROWS


@pytest.mark.skipif(not rapid.available(), reason="rapidocr is not installed")
def test_a_page_of_small_text_is_read_by_pp_ocr():
    page = engines.Auto().ocr_image(_at(100), dpi=100)
    assert page.engine == "rapidocr"
    assert [line.text for line in page.lines()] == ROWS
    assert (round(page.width), round(page.height)) == (595, 842)  # A4 in points, whatever the reader


def test_without_pp_ocr_every_page_is_read_by_tesseract(monkeypatch):
    monkeypatch.setattr(rapid, "available", lambda: False)
    page = engines.Auto().ocr_image(_at(100), dpi=100)
    assert page.engine == "tesseract"
    assert "428.40" in [word.text for word in page.words]


def test_word_boxes_follow_the_characters_the_recogniser_placed():
    pieces = [("FAKTUR", (100, 0, 160, 20)), ("A", (162, 0, 172, 20)), ("VAT", (180, 0, 210, 20))]
    assert rapid.word_boxes("FAKTURA VAT", pieces, (95, -5, 215, 25)) == [
        ("FAKTURA", (100, -5, 172, 25)), ("VAT", (180, -5, 210, 25))]


def test_word_boxes_share_the_line_when_the_pieces_do_not_spell_it():
    assert rapid.word_boxes("AB CD", [("ABX", (0, 0, 30, 10))], (0, 0, 50, 10)) == [
        ("AB", (0, 0, 20, 10)), ("CD", (30, 0, 50, 10))]


def test_a_words_confidence_is_its_lines_score_for_each_of_its_characters():
    page = rapid.page_from_lines([("LT100012345678 EUR", 0.99, (0, 0, 180, 10), [], None)], 600, 800, 72)
    code, currency = page.words
    assert code.conf == pytest.approx(0.99 ** 14) and currency.conf == pytest.approx(0.99 ** 3)


# PP-OCR's readings of Russian invoice print (its model has Latin letters only), and Latin
# invoice words of the languages the service reads.
RUSSIAN_AS_PP_OCR_READS_IT = ["CHET-ΦAKTYPA", "Cuët", "Ne", "RU-4165", "Per.", "Homep:", "16505311", "Aapec:"]
LATIN_INVOICE_WORDS = ("Data Suma Sąskaita faktūra PVM kodas Homepage Rechnung Menge Summe Facture Montant "
                       "Faktura Nabywca Rēķins Arve Factuur Fattura Factura Total Subtotal Address Phone Bank "
                       "Invoice Number Date Qty Price Amount Netto Brutto Cena Tovar Prece").split()


def test_cyrillic_print_a_latin_reader_rendered_is_told_by_its_words():
    assert languages.cyrillic_rendered_as_latin(RUSSIAN_AS_PP_OCR_READS_IT)
    assert languages.cyrillic_rendered_as_latin(["Bcero", "k", "ontate:", "TeneΦoH:", "+370"])  # всего, телефон
    assert not languages.cyrillic_rendered_as_latin(LATIN_INVOICE_WORDS)
    assert not languages.cyrillic_rendered_as_latin(["Per.", "Homep:", "40006088183"])  # one word is no page


@pytest.mark.skipif(not rapid.available(), reason="rapidocr is not installed")
def test_a_cyrillic_page_of_small_text_is_read_by_tesseract():
    """PP-OCR would render it in Latin look-alikes; Tesseract has Cyrillic models."""
    rows = ["СЧЁТ-ФАКТУРА № 45/25", "Продавец: ООО Ромашка", "Рег. номер 40006088183",
            "Адрес: Рига", "Итого с НДС 1 210,00 EUR"]
    page_300 = scan_image(rows)
    small = page_300.resize((round(page_300.width / 3), round(page_300.height / 3)), Image.Resampling.LANCZOS)
    page = engines.Auto().ocr_image(small, dpi=100)
    assert page.engine == "tesseract"
    assert {"Продавец:", "номер", "НДС"} & {word.text for word in page.words}


def test_the_recogniser_s_choices_are_kept_for_the_characters_it_doubted():
    """Class 0 is CTC's blank; a character is emitted where the best class changes."""
    import numpy as np

    character = ["blank", "L", "8", "6", " "]
    steps = [[0.9, 0.1, 0, 0, 0], [0.01, 0.99, 0, 0, 0], [0.01, 0.99, 0, 0, 0], [0.9, 0, 0.05, 0.05, 0],
             [0.1, 0, 0.38, 0.5, 0.02], [0.9, 0, 0, 0.1, 0], [0.02, 0, 0.97, 0.01, 0]]
    assert rapid.line_choices(np.array(steps), character) == ((), (("6", 0.5), ("8", 0.38)), ())
    assert rapid.token_choices("L6 8", ((), (("6", 0.5), ("8", 0.38)), (), ())) == [((), (("6", 0.5), ("8", 0.38))), None]
    assert rapid.token_choices("L6 8", None) == [None, None]


@pytest.mark.skipif(not rapid.available(), reason="rapidocr is not installed")
def test_pp_ocr_words_carry_a_choice_per_character_where_it_doubted_one():
    page = rapid.ocr_image(_at(50), dpi=50)  # small enough for the recogniser to doubt a letter
    doubted = [w for w in page.words if w.choices]
    assert doubted and all(len(w.choices) == len(w.text) for w in doubted)
    assert all(pos[0][0] == ch for w in doubted for ch, pos in zip(w.text, w.choices) if pos)
