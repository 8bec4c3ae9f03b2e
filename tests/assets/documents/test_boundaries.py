"""Where a new invoice starts in one PDF: each rule on pages the shared test page builder
writes (reportlab) and the reader reads back (no page is faked), the warning and its ranges,
and a whole upload of a generated stack through ``assets.process`` (the function the stream
run calls)."""

from __future__ import annotations

import io

import pytest
import segno
from reportlab.lib.utils import ImageReader

from assets.documents import boundaries
from assets.documents.boundaries import PageSigns, detect, starts_of
from assets.ocr import read_document
from assets.process import process_document
from corpus.stacks import stack
from schemas.document_warnings import multiple_invoices as warning
from schemas.document_warnings import ranges_of
from tests.support.pages import text_pdf


def _pdf(pages: list[list[str]]) -> bytes:
    """One PDF page per list of lines, top to bottom, in Helvetica."""
    return text_pdf(*pages, left=50, leading=18)


def _invoice_page(number: str, seller: str, vat: str, total: str | None, footer: str | None = None,
                  title: str = "INVOICE") -> list[str]:
    lines = [f"{title} No. {number}", "Date: 2026-10-05", f"Seller: {seller}", f"VAT code: {vat}",
             "Buyer: UAB Pirkėjas", "Buyer VAT code: LT100001738313",
             "Item Qty Price Amount", "Consulting services 1 100.00 100.00"]
    if total:
        lines += [f"Total excl. VAT: {total}", "VAT 21 %: 21.00", "Total: 121.00"]
    return lines + ([footer] if footer else [])


def _continuation(footer: str | None = None) -> list[str]:
    lines = ["Item Qty Price Amount", "Second item of the table 2 50.00 100.00",
             "Total excl. VAT: 200.00", "VAT 21 %: 42.00", "Total: 242.00"]
    return lines + ([footer] if footer else [])


def _ranges(pages: list[list[str]]) -> list[tuple[int, int]]:
    return detect(read_document(_pdf(pages), "application/pdf"))


def test_page_numbering_that_restarts_opens_an_invoice_and_a_running_one_continues_it():
    pages = [_invoice_page("A-1001", "Alpha Trade UAB", "LT100000001", None, "Page 1 of 2"),
             _continuation("Page 2 of 2"),
             _invoice_page("A-1001", "Alpha Trade UAB", "LT100000001", "100.00", "Page 1 of 1")]
    # the same number again, but numbered 1 of 1: a second copy is another document
    assert _ranges(pages) == [(1, 2), (3, 3)]


@pytest.mark.parametrize("counter", ["Puslapis {n} iš {t}", "Seite {n} von {t}", "Strona {n} z {t}", "{n} / {t}",
                                     "Lapa {n} no {t}", "Página {n} de {t}"])
def test_counters_in_the_languages_of_the_pile(counter):
    pages = [_invoice_page("B-7", "Beta GmbH", "DE123456789", None, counter.format(n=1, t=2)),
             _continuation(counter.format(n=2, t=2)),
             _invoice_page("C-9", "Gamma SIA", "LV40003000000", "100.00", counter.format(n=1, t=1))]
    read = read_document(_pdf(pages), "application/pdf")
    assert [boundaries.signs(p).counter for p in read.pages] == [(1, 2), (2, 2), (1, 1)]
    assert detect(read) == [(1, 2), (3, 3)]


def test_numbered_pages_are_split_without_reading_each_page_on_its_own(monkeypatch):
    """Page numbering decides every page here, so no page is read alone (that reading cost as
    much as the whole document's); where a page is left undecided, every page is read."""
    numbered = [_invoice_page("B-7", "Beta GmbH", "DE123456789", None, "Page 1 of 2"), _continuation("Page 2 of 2"),
                _invoice_page("C-9", "Gamma SIA", "LV40003000000", "100.00", "Page 1 of 1")]
    unnumbered = [_invoice_page("INV-1", "Alpha Trade UAB", "LT100000001", "100.00"),
                  _invoice_page("SF 000123", "Delta UAB", "LT100000002", "100.00")]
    read = []
    real_signs = boundaries.signs
    monkeypatch.setattr(boundaries, "signs", lambda page: read.append(page.number) or real_signs(page))
    assert _ranges(numbered) == [(1, 2), (3, 3)] and read == []
    assert _ranges(unnumbered) == [(1, 1), (2, 2)] and read == [1, 2]


def test_a_new_invoice_number_opens_an_invoice_and_a_repeated_header_does_not():
    pages = [_invoice_page("INV-2026-0042", "Alpha Trade UAB", "LT100000001", None),
             _invoice_page("INV-2026-0042", "Alpha Trade UAB", "LT100000001", "100.00"),  # header repeated
             _invoice_page("SF 000123", "Delta UAB", "LT100000002", "100.00"),
             _continuation()]
    assert _ranges(pages) == [(1, 2), (3, 4)]


def test_a_continuation_page_without_a_number_stays_with_its_invoice():
    pages = [_invoice_page("INV-1", "Alpha Trade UAB", "LT100000001", None, "Continued on the next page"),
             _continuation(),
             ["Terms and conditions", "Payment within 14 days."]]
    assert _ranges(pages) == [(1, 3)]


def test_one_page_is_one_invoice_without_reading_it_again():
    assert _ranges([_invoice_page("INV-1", "Alpha Trade UAB", "LT100000001", "100.00")]) == [(1, 1)]


def _signs(page: int, **kw) -> PageSigns:
    base = {"counter": None, "continued": False, "number": None, "seller": None, "titled": False,
            "dated": False, "closes": False}
    return PageSigns(page=page, **{**base, **kw})


def test_a_new_seller_opens_an_invoice_only_after_the_totals_closed():
    first = _signs(1, number="A1", seller="LT1", titled=True, dated=True)
    closed = _signs(1, number="A1", seller="LT1", titled=True, dated=True, closes=True)
    other_seller = _signs(2, seller="LT2", dated=True)
    assert starts_of([first, other_seller]) == [1]  # the totals have not closed: a footer's other party
    assert starts_of([closed, other_seller]) == [1, 2]
    assert starts_of([closed, _signs(2, seller="LT1", dated=True)]) == [1]  # the same seller
    assert starts_of([closed, _signs(2, seller="LT2")]) == [1]  # a seller alone, no date or title of its own


def test_a_counter_outranks_a_number_read_on_the_page():
    # an item code read as a number on a page numbered 2 of 2 is still the same invoice
    pages = [_signs(1, number="A1", counter=(1, 2)), _signs(2, number="X99", counter=(2, 2)),
             _signs(3, number="A1", counter=(1, 1))]
    assert starts_of(pages) == [1, 3]


def test_the_warning_names_the_ranges_and_reads_back():
    found = [(1, 2), (3, 3), (4, 7)]
    text = warning(found)
    assert text == "document.multiple_invoices: 3 invoices in one file, pages 1-2, 3, 4-7"
    assert ranges_of(["duplicate.same_file: inv_x", text]) == found
    assert ranges_of(["duplicate.same_file: inv_x"]) == []
    assert ranges_of(None) == []


@pytest.mark.timeout(120)
def test_an_upload_of_three_invoices_is_read_as_its_first_with_the_warning():
    made = stack(12, invoices=3)
    assert len(made.starts) == 3
    invoice = process_document(made.pdf, made.mime).dto()
    first = made.truths[0]
    assert invoice["invoiceNumber"] == first["invoiceNumber"]
    assert invoice["totals"]["gross"] == first["totals"]["gross"]
    assert invoice["pageCount"] == made.pages  # the file's pages
    assert warning(made.ranges) in invoice["validation"]["warnings"]
    assert ranges_of(invoice["validation"]["warnings"]) == made.ranges
    # what it was read from are the first invoice's pages only
    first_last = made.ranges[0][1]
    assert all(box["page"] <= first_last for box in invoice["sources"].values())


@pytest.mark.timeout(120)
def test_one_long_invoice_over_several_pages_gets_no_warning():
    made = next(s for s in (stack(k, invoices=1) for k in range(40)) if s.pages > 1)
    invoice = process_document(made.pdf, made.mime).dto()
    assert not ranges_of(invoice["validation"]["warnings"])
    assert invoice["invoiceNumber"] == made.truths[0]["invoiceNumber"]


def test_the_same_number_again_is_a_second_copy_only_after_the_totals_closed():
    header = {"number": "471102", "seller": "DE123456789", "titled": True, "dated": True}
    assert starts_of([_signs(1, **header), _signs(2, **header)]) == [1]  # a header repeated on page 2
    assert starts_of([_signs(1, **header, closes=True), _signs(2, **header)]) == [1, 2]  # a second invoice
    assert starts_of([_signs(1, **header, closes=True), _signs(2, **{**header, "titled": False})]) == [1]


def test_a_later_invoices_payment_code_stays_off_the_first():
    """The second invoice of the file carries an EPC payment code (another IBAN, a reference):
    the first invoice, read from its own pages, takes nothing of it."""
    epc = "BCD\n002\n1\nSCT\nHABALT22\nDelta UAB\nLT30 7300 0100 0000 0001\nEUR121.00\n\nRF18539007547034\n\n"

    def code(c, index):
        if index == 1:  # the second invoice's page
            picture = io.BytesIO()
            segno.make(epc, error="m").save(picture, kind="png", scale=8, border=4)
            picture.seek(0)
            c.drawImage(ImageReader(picture), 400, 120, 100, 100)

    pages = [_invoice_page("INV-2026-0042", "Alpha Trade UAB", "LT100000001", "100.00"),
             _invoice_page("SF 000123", "Delta UAB", "LT100000002", "100.00")]
    pdf = text_pdf(*pages, left=50, leading=18, marks=code)
    both = process_document(text_pdf(pages[1], left=50, leading=18, marks=lambda c, i: code(c, 1)),
                            "application/pdf").dto()
    assert [q["iban"] for q in both["qrCodes"]] == ["LT307300010000000001"]  # the code is read on its own

    invoice = process_document(pdf, "application/pdf").dto()
    assert invoice["invoiceNumber"] == "INV-2026-0042"
    assert warning([(1, 1), (2, 2)]) in invoice["validation"]["warnings"]
    assert not invoice.get("qrCodes")
    assert invoice.get("paymentReference") is None
    assert (invoice["seller"].get("iban") or "") != "LT307300010000000001"
