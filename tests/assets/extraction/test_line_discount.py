"""A line's discount is an amount, stored positive (invoice.md "Line"), however it is
printed; the row's arithmetic holds for invoices and credit notes alike."""

from decimal import Decimal
from types import SimpleNamespace

from assets.extraction.tables.items import _row_consistent, repair_row, table_items


class _Row:
    single = False

    def __init__(self, **cells):
        self.cells = cells

    def text(self, key):
        return self.cells.get(key)

    def span(self, key):
        return None


def test_a_discount_printed_with_its_minus_sign_is_stored_positive_and_the_row_adds_up():
    row = _Row(description="Kava Lavazza 1 kg", quantity="1", unitPrice="253,90", discount="-126,95", netAmount="126,95")
    [line] = table_items(SimpleNamespace(rows=[row]))
    assert line.values["discount"] == "126.95" and line.values["netAmount"] == "126.95"
    assert line.consistent is True


def test_a_printed_line_number_is_taken_only_when_it_is_ascii_digits():
    rows = [_Row(lineNo="7.", description="Kava", quantity="1", unitPrice="2,00", netAmount="2,00"),
            _Row(lineNo="\u00b2", description="Plotas m", quantity="1", unitPrice="3,00", netAmount="3,00")]
    assert [line.values["lineNo"] for line in table_items(SimpleNamespace(rows=rows))] == [7, 2]


def test_a_credit_notes_row_with_a_discount_adds_up_too():
    assert _row_consistent(Decimal("-1"), Decimal("253.90"), Decimal("126.95"), Decimal("-126.95")) is True
    assert _row_consistent(Decimal("2"), Decimal("10.00"), Decimal("5.00"), Decimal("15.00")) is True
    assert _row_consistent(Decimal("2"), Decimal("10.00"), Decimal("5.00"), Decimal("25.00")) is False
    quantity, price, repaired = repair_row(None, Decimal("253.90"), Decimal("126.95"), Decimal("-126.95"))
    assert quantity == Decimal("-1") and price == Decimal("253.90") and repaired


def test_a_price_that_lost_its_separator_is_restored_rather_than_the_whole_quantity():
    # "168  7471  12 551,28": both readings multiply out; quantities are mostly whole, prices have cents.
    quantity, price, repaired = repair_row(Decimal("168"), Decimal("7471"), None, Decimal("12551.28"))
    assert (quantity, price, repaired) == (Decimal("168"), Decimal("74.71"), ["unitPrice"])


def test_no_quantity_read_and_a_price_without_its_separator_give_both_from_the_amount():
    # "+  15354  460,62": the quantity is a mark OCR made of "3", the price lost its point.
    quantity, price, repaired = repair_row(None, Decimal("15354"), None, Decimal("460.62"))
    assert (quantity, price) == (Decimal("3"), Decimal("153.54")) and set(repaired) == {"quantity", "unitPrice"}

