"""The box correction's skew is the words' own baselines' (Tesseract, not mocked)."""

import math
from pathlib import Path

from PIL import Image

from assets.ocr import tesseract
from tests.support.pages import scan_image

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"

ROWS = [
    (x, 300 + 110 * k, text)
    for k, pair in enumerate([("Sąskaitos faktūros numeris", "SF-2026-0412"),
                              ("Transporto paslaugos Vilnius", "1 526,91"),
                              ("Programinės įrangos licencija", "6 593,02"),
                              ("Konsultavimo paslaugos", "4 398,15"),
                              ("Iš viso su PVM", "12 518,08")])
    for x, text in zip((200, 1500), pair)
]


def _angle(image: Image.Image) -> float:
    with tesseract._lock:
        api = tesseract._get_api(tesseract.LANG)
        try:
            _, angle = tesseract._recognize(api, image, 300, 1)
        finally:
            api.Clear()
    return math.degrees(angle)


def test_a_level_page_is_not_turned():
    assert abs(_angle(scan_image(ROWS))) < 0.3


def test_a_page_turned_by_two_degrees_measures_so():
    turned = scan_image(ROWS).rotate(2, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=255)
    assert abs(_angle(turned) + 2) < 0.4  # anticlockwise: the baselines rise to the right


def test_words_of_one_row_of_a_turned_page_get_one_height():
    turned = scan_image(ROWS).rotate(1.5, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=255)
    page = tesseract.read_prepared(turned, 300, None)  # no deskew of its own: the boxes are corrected
    words = {w.text: w for w in page.words}
    left, right = words["Konsultavimo"], words["4"]
    assert abs(left.cy - right.cy) < 0.4 * left.height


def test_a_level_table_is_kept_level_where_tesseracts_page_model_calls_it_skewed():
    # A photographed table, straightened by its sheet's corners (a crop of a generated photo):
    # every baseline lies level, while Tesseract's deskew angle for the page says -2 degrees.
    # Turned by that angle, each row's amounts were set a row lower than its description.
    image = Image.open(FIXTURES / "photo_table_level.jpg")
    assert abs(_angle(image)) < 0.3
    lines = [line.text for line in tesseract.read_prepared(image, 224, None).lines()]
    first = next(text for text in lines if "1526,91" in text)
    assert first.startswith("1 ") and first.count("1526,91") == 2  # number, description, price and amount
