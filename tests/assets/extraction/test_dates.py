from datetime import date

import pytest

from assets.extraction.dates import find_dates, month_first, parse_date


@pytest.mark.parametrize(
    "text, expected",
    [
        ("2026-03-14", date(2026, 3, 14)),
        ("2026.03.14", date(2026, 3, 14)),
        ("2026/3/4", date(2026, 3, 4)),
        ("2026 m. kovo 14 d.", date(2026, 3, 14)),
        ("2026 m. kovo mėn. 14 d.", date(2026, 3, 14)),
        ("2026m. gegužės 1d.", date(2026, 5, 1)),
        ("2026 m. rugpjūčio 5 d.", date(2026, 8, 5)),
        ("2026 m. rugpjucio 5 d.", date(2026, 8, 5)),  # OCR without diacritics
        ("2026 m. rugsėjo 30 d.", date(2026, 9, 30)),
        ("2026 m. gruodžio 31 d.", date(2026, 12, 31)),
        ("14/03/2026", date(2026, 3, 14)),
        ("14.03.2026", date(2026, 3, 14)),
        ("14-03-2026", date(2026, 3, 14)),
        ("14.03.26", date(2026, 3, 14)),
        ("30.11 „2018", date(2018, 11, 30)),  # OCR of a monospaced point before the year
        ("03/14/2026", date(2026, 3, 14)),  # only readable US-style
        ("March 14, 2026", date(2026, 3, 14)),
        ("14 March 2026", date(2026, 3, 14)),
        ("14-Mar-2026", date(2026, 3, 14)),
        ("Mar. 14th 2026", date(2026, 3, 14)),
    ],
)
def test_parse_date(text, expected):
    assert parse_date(text) == expected


@pytest.mark.parametrize(
    "text",
    ["2026.02.30", "31/04/2026", "1 250,00", 'Modell 1.5 "2018"', "10 vnt. 12.5", "LT-01103", "2026 03 14", "Data: 2026.04.02"],
)
def test_parse_date_rejects(text):
    assert parse_date(text) is None


def test_find_dates_positions_refer_to_original_text():
    text = "Išrašymo data: 2026 m. kovo 14 d., apmokėti iki 2026-03-28"
    found = find_dates(text)
    assert [d.value.isoformat() for d in found] == ["2026-03-14", "2026-03-28"]
    assert text[found[0].start : found[0].end] == "2026 m. kovo 14 d."
    assert text[found[1].start : found[1].end] == "2026-03-28"


def test_phone_like_numbers_are_not_dates():
    assert find_dates("Tel. +370 2010 12 15") == []


def test_a_page_that_writes_month_first_reads_its_ambiguous_dates_so():
    page = ["Invoice Date 11/03/2017", "Due Date 12/03/2017", "Wire transfer 11/17/2017 623.00"]
    assert month_first(page)
    assert [d.value.isoformat() for d in find_dates(page[0], month_first(page))] == ["2017-11-03"]
    assert [d.value.isoformat() for d in find_dates(page[1], month_first(page))] == ["2017-12-03"]


@pytest.mark.parametrize(
    "page",
    [
        ["Invoice Date 11/03/2017", "Due Date 12/03/2017"],  # nothing says which order
        ["Date 11/03/2017", "Paid 17/11/2017"],  # day first
        ["Date 11/03/2017", "Paid 11/17/2017", "Delivered 17/11/2017"],  # both: no order
        ["Datum 11.03.2017", "Bezahlt 11.17.2017"],  # points are day first wherever printed
    ],
)
def test_a_page_without_month_first_evidence_reads_day_first(page):
    assert not month_first(page)
    assert find_dates(page[0], month_first(page))[0].value == date(2017, 3, 11)


@pytest.mark.parametrize("text, expected", [
    ("25/11/202614:40", date(2026, 11, 25)),  # a till's time run into the year
    ("27.09.2025 12:39", date(2025, 9, 27)),
])
def test_a_date_whose_time_lost_its_space_is_read(text, expected):
    assert [m.value for m in find_dates(text)] == [expected]


@pytest.mark.parametrize("text", ["25/11/20261", "25/11/2614:40", "25/11/202699:99"])
def test_digits_run_into_a_year_that_are_no_time_make_no_date(text):
    assert find_dates(text) == []


def test_a_dotted_date_with_one_point_read_as_a_space():
    assert [d.value.isoformat() for d in find_dates("Дата 25 05.2026")] == ["2026-05-25"]
    assert [d.value.isoformat() for d in find_dates("Оплатить до 08.06 2026")] == ["2026-06-08"]
    assert find_dates("Kaina 12.50 2026") == []  # no month 50


@pytest.mark.parametrize("text, expected", [
    ("Datums: 2026. gada 3. maetà", date(2026, 3, 3)),      # "martā" with a letter misread: the frame says a month
    ("Apmaksāt līdz: 2026. gade 2. aprill", date(2026, 4, 2)),  # "gada" and "aprīlī" each a letter misread
])
def test_a_latvian_date_read_with_a_letter_misread_in_its_words(text, expected):
    assert [m.value for m in find_dates(text)] == [expected]


def test_a_short_word_out_of_a_dates_frame_is_no_misread_month():
    assert find_dates("Datums: 3. maetà 2026") == []  # five letters need the year and "gada" before them
