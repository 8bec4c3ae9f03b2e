"""From a table's rows to the DTO's lines: values parsed, arithmetic checked and repaired."""

from __future__ import annotations

import re
from decimal import Decimal

from .. import language_packs
from ..amounts import decimal_str, find_amounts, money_str, parse_amount
from ..checksummed import likeliest_reading
from ..lines import Span
from ..normalize import edit_distance
from .model import LineItem, Row, Table
from .numbers import multiplies_gross, per_price_basis


def _money(row: Row, key: str) -> tuple[Decimal | None, Span | None]:
    text = row.text(key)
    if text is None:
        return None, None
    text = re.sub(r"(\d[.,]) (\d{2})(?!\d)", r"\1\2", text)  # OCR's "371, 11"
    found = [m for m in find_amounts(text) if m.has_decimals] or find_amounts(text)
    if not found:
        return None, None
    return found[-1].value, row.span(key)


def _quantity(text: str | None) -> tuple[Decimal | None, str | None]:
    """Quantity and a unit printed in the same cell ("10 vnt.", "2,5kg", "val. 8")."""
    if not text:
        return None, None
    m = re.match(r"\s*(-?\d[\d ]*(?:[.,]\d+)?)\s*(.*)$", text)
    if not m:
        m = re.match(r"\s*([^\W\d][^\s\d]{0,6})\s+(-?\d+(?:[.,]\d+)?)\s*$", text)
        if not m:
            return None, None
        return parse_amount(m.group(2), money=False), m.group(1)
    return parse_amount(m.group(1), money=False), (m.group(2).strip() or None)


def table_items(table: Table, as_delivered: bool = False) -> list[LineItem]:
    """The table's rows as item lines: DTO values with their spans and checks.
    ``as_delivered``: the document prints its quantities positive beside negative amounts
    (``quantities_as_delivered``)."""
    items = []
    exact = getattr(table, "text_layer", True)
    # Read by OCR, a quantity whose sign disagrees with its amount's lost its minus; unless
    # every row prints so (a credit note's quantities as delivered beside negative
    # amounts): OCR does not lose the same minus on every row.
    signed = not exact and not as_delivered and not _credited_as_delivered(table)
    for n, row in enumerate(table.rows, 1):
        quantity, glued_unit = _quantity(row.text("quantity"))
        unit_price, price_span = _money(row, "unitPrice")
        net, net_span = _money(row, "netAmount")
        gross, gross_span = _money(row, "grossAmount")
        vat_amount, vat_span = _money(row, "vatAmount")
        discount = _discount(row, quantity, unit_price, net)
        rate = _rate_value(row.text("vatRate"))
        if vat_span is not None and _percent_follows(vat_span):
            # "19 %" under a column headed "USt.": a percentage is a rate, never an amount.
            rate, vat_amount = rate if rate is not None else _rate_value(vat_span.text), None
        line_no = row.text("lineNo")
        unit = row.text("unit") or glued_unit
        if row.single and quantity is None and unit_price is None and net is not None:
            quantity, unit_price = Decimal(1), net  # a till prints an item of one without its factors
        if net is None and gross is not None and multiplies_gross(quantity, unit_price, rate, gross):
            net = (quantity * unit_price).quantize(Decimal("0.01"))  # a marketplace's line: gross printed
        # The recogniser's own doubt about the amount's digits first: repair_row would make
        # a factor fit a misread amount ("617,29" beside "1 234,58").
        read_again = None if exact or net_span is None or _to_the_cent(quantity, unit_price, discount, net) \
            else _net_read_again(net_span, quantity, unit_price, discount)
        net = read_again if read_again is not None else net
        quantity, unit_price, repaired = repair_row(quantity, unit_price, discount, net, signed=signed, exact=exact)
        repaired += ["netAmount"] if read_again is not None else []
        printed_no = (line_no or "").strip(".")  # "²" is a digit to isdigit() but no int()
        items.append(LineItem({
            "lineNo": int(printed_no) if printed_no.isascii() and printed_no.isdigit() else n,
            "code": row.text("code"),
            "barcode": row.text("barcode"),
            "description": row.text("description"),
            "kind": _kind(row.text("description"), unit),
            "quantity": decimal_str(quantity),
            "unit": unit.lower() if unit else None,
            "unitPrice": money_str(unit_price),
            "discount": money_str(discount),
            "netAmount": money_str(net),
            "vatRate": decimal_str(rate),
            "vatAmount": money_str(vat_amount),
            "grossAmount": money_str(gross),
            "vatClassifier": None,
        }, spans={"netAmount": net_span, "unitPrice": price_span, "grossAmount": gross_span,
                  "description": row.span("description"), "quantity": row.span("quantity")},
            consistent=_row_consistent(quantity, unit_price, discount, net, signed=signed, exact=exact),
            repaired=repaired))
    return items


def _made(quantity: Decimal, unit_price: Decimal, discount: Decimal | None) -> Decimal:
    """What quantity x price less the discount makes, in size: a credit note prints its
    amounts negative with the quantity as delivered as often as both negative."""
    return abs(quantity * unit_price) - abs(discount or Decimal(0))


def _to_the_cent(quantity, unit_price, discount, net) -> bool:
    """Whether quantity x price - discount is the net amount to the cent (in size)."""
    if quantity is None or unit_price is None or net is None:
        return True  # nothing to check the amount against
    return abs(_made(quantity, unit_price, discount) - abs(net)) <= Decimal("0.01")


def _net_read_again(span, quantity, unit_price, discount) -> Decimal | None:
    """A row's amount whose digits OCR misread, read again from the recogniser's choices
    (``checksummed.likeliest_reading``) where one reading makes quantity x price - discount
    the amount to the cent ("1 234,58" read for "1 234,56" beside 2 x 617,28)."""
    def amount(text: str) -> Decimal | None:
        found = [m for m in find_amounts(text) if m.has_decimals]
        return found[-1].value if found else None

    def adds_up(text: str) -> bool:
        value = amount(text)
        return value is not None and _to_the_cent(quantity, unit_price, discount, value)

    reading = likeliest_reading(span.words, adds_up)
    return amount(" ".join(reading[0])) if reading is not None else None


def quantities_as_delivered(tables: list[Table], credit_note: bool) -> bool:
    """Whether a credit note prints its quantities as delivered: none of its rows, in any
    table, prints a negative one. A credit note prints them either way ("-5" as well as
    "10" beside "-198,00"); a single row cannot show every row printing so."""
    return credit_note and not any(
        (quantity := _quantity(row.text("quantity"))[0]) is not None and quantity < 0
        for table in tables for row in table.rows)


def _credited_as_delivered(table: Table) -> bool:
    """Whether every row with both prints a positive quantity beside a negative amount
    (two rows at least): a credit note's convention, not minuses OCR lost."""
    pairs = [(_quantity(row.text("quantity"))[0], _money(row, "netAmount")[0]) for row in table.rows]
    pairs = [(q, net) for q, net in pairs if q is not None and net is not None and net != 0]
    return len(pairs) >= 2 and all(q > 0 > net for q, net in pairs)


def _discount(row: Row, quantity: Decimal | None, price: Decimal | None, net: Decimal | None) -> Decimal | None:
    """The line's discount as an amount, stored positive (invoice.md). Printed as a
    percentage ("10%" under "Rem."), it is the share of quantity x price that the printed
    amount leaves out: 5 x 4,55 less 10 % is 20,48, a discount of 2,27."""
    value, span = _money(row, "discount")
    if value is None:
        return None
    text = row.text("discount") or ""
    if "%" not in text and (span is None or not _percent_follows(span)):
        return abs(value)
    if quantity is None or price is None or not 0 < abs(value) < 100:
        return None
    product = abs(quantity * price)
    share = (product * abs(value) / 100).quantize(Decimal("0.01"))
    if net is not None and abs(product - abs(net) - share) <= Decimal("0.01"):
        return product - abs(net)  # as the printed amount rounded it
    return share


def _digits(value: Decimal) -> str:
    return re.sub(r"\D", "", format(value.normalize(), "f"))


def _factor(base: Decimal, other: Decimal, places: int) -> Decimal | None:
    """The factor that times ``other`` makes ``base`` as printed (rounded to the cent),
    written with as few decimals as it takes, at most ``places``; None when none does."""
    for k in range(places + 1):
        factor = (base / other).quantize(Decimal(1).scaleb(-k))
        if factor != 0 and abs(factor * other - base) <= Decimal("0.005"):
            return factor
    return None


def repair_row(quantity: Decimal | None, price: Decimal | None, discount: Decimal | None,
               net: Decimal | None, signed: bool = False,
               exact: bool = False) -> tuple[Decimal | None, Decimal | None, list[str]]:
    """Quantity or unit price, read wrong or not at all, restored by the row's arithmetic.

    |net| = |quantity x price| - discount: a credit note prints its amounts negative beside
    the quantities and prices it credits, and either sign is kept as printed. Read by OCR
    (``signed``), which drops a lone minus far more often than a credit note prints a
    positive quantity beside a negative amount, the signs must agree too, so a quantity
    whose minus was lost takes the amount's sign. With the net amount and one of the two factors
    read, the other is their quotient when that is a printable number (a quantity with at
    most 3 decimals, a price with at most 2). A factor that was read is replaced only
    when the quotient differs from it by an OCR-sized slip (at most two digits), e.g.
    "151" for "1", "1113,57" for "1173,57"; on a text layer (``exact``) only a factor
    not read at all. Returns the fields repaired, so their confidence can say so; a row
    that cannot be made to add up is left as read.
    """
    if net is None or net == 0:
        return quantity, price, []
    base = net + (discount or Decimal(0)).copy_sign(net)  # the discount lowers the amount's size
    consistent = quantity is not None and price is not None and _row_consistent(quantity, price, discount, net,
                                                                                 signed, exact)
    if consistent or (exact and quantity is not None and price is not None):
        # A text layer prints what its producer meant: a price per ten or per thousand
        # ("0,0520" beside "10000 KWH" and "52,00") stays as printed, only OCR slips.
        return quantity, price, []

    def slip(read: Decimal, derived: Decimal) -> bool:
        a, b = _digits(read), _digits(derived)
        return edit_distance(a, b) <= (1 if len(a) <= 2 else 2)

    def likelihood(read: Decimal | None, derived: Decimal) -> int:
        """How OCR-like the misreading is: nothing read, a lost decimal separator
        ("112751" for 1127,51), then any small slip."""
        if read is None:
            return 2
        lost_separator = read == read.to_integral() and _digits(read) == _digits(derived) and read != derived
        return 3 if lost_separator else 1

    def whole(q: Decimal) -> int:
        return int(q == q.to_integral())

    # Each option: how OCR-like its misreading is, then whether it leaves a whole quantity
    # (quantities mostly are, prices have cents: "168  7471" is 168 at 74,71, not 1,68 at
    # 7 471), then the quantity before the price.
    options = []
    if price and price != 0:
        q = _factor(base, price, 3)
        if q is not None and q != 0 and (quantity is None or slip(quantity, q)):
            options.append((likelihood(quantity, q), whole(q), 1, (q.normalize(), price, ["quantity"])))
        cents = price.scaleb(-2)
        q = _factor(base, cents, 0) if quantity is None and price == price.to_integral() else None
        if q is not None and q != 0:
            # No quantity read and a price without its separator: both from the amount
            # when the price's cents make it a whole number of them.
            options.append((likelihood(price, cents), 1, 0, (q.normalize(), cents, ["quantity", "unitPrice"])))
    if quantity and quantity != 0:
        p = _factor(base, quantity, 2)
        if p is not None and p > 0 and (price is None or slip(price, p)):
            options.append((likelihood(price, p), whole(quantity), 0, (quantity, p, ["unitPrice"])))
    if options:
        return max(options, key=lambda o: o[:3])[3]
    return quantity, price, []


# "21%" as OCR reads it with the Lithuanian model: "2146", "214", "21 96"; "9%": "996", "94".
_OCR_RATE = re.compile(r"^(21|12|9|6|5|0)(?:%|46|96|4|6|9|o|%o|0[0-9o]{1,2}|9[0-9o]{1,2})?$")


# Units that tell a service ("val.", "hours") or goods ("vnt.", "pcs"), as printed, of every
# language pack (``languages/<code>.toml``, ``[units]``).
_SERVICE_UNITS = language_packs.units("service")
_GOODS_UNITS = language_packs.units("goods")


# Beginnings of a description's words that tell a service ("Paslaugos", "Consulting"), in any
# case, as printed: the packs' ``units.service_words``.
_SERVICE_WORDS = re.compile("(?i)" + "|".join(language_packs.entries("units", "service_words")))


def _percent_follows(span) -> bool:
    """Is a value printed with a percent sign (in its span or right after it)?"""
    return "%" in span.text or span.line.text[span.end:span.end + 3].lstrip().startswith("%")


def _rate_value(text: str | None) -> Decimal | None:
    """A line's VAT rate: "21 %", "21%", "9", and OCR's readings of "%" after a rate."""
    if not text:
        return None
    compact = text.replace(" ", "").strip(".")
    m = re.fullmatch(r"(-?\d{1,2}(?:[.,]\d{1,2})?)(?:%|proc\.?)?", compact)
    if m and Decimal(m.group(1).replace(",", ".")) <= 30:  # no VAT rate is higher
        return Decimal(m.group(1).replace(",", "."))
    m = _OCR_RATE.match(compact)
    return Decimal(m.group(1)) if m else None


def _kind(description: str | None, unit: str | None) -> str | None:
    """Goods or service when the unit or the wording tells ("val." is time, "vnt." pieces)."""
    u = (unit or "").lower()
    if u in _SERVICE_UNITS or (description and _SERVICE_WORDS.search(description)):
        return "service"
    if u in _GOODS_UNITS:
        return "goods"
    return None


def _row_consistent(quantity, unit_price, discount, net, signed: bool = False, exact: bool = False) -> bool | None:
    """quantity x unit price - discount = net amount (to a cent or 0.5 %), when all printed.

    Compared in size: a credit note prints "10  19,80  -198,00" (its amount negative, the
    quantity as delivered) as often as "-10  19,80  -198,00"; the signs stay as printed.
    ``signed`` (a reading by OCR) also wants the product's sign to be the amount's; on a
    text layer (``exact``) a price may be per ten, hundred or thousand units."""
    if quantity is None or unit_price is None or net is None:
        return None
    if signed and net != 0 and quantity * unit_price != 0 and (quantity * unit_price < 0) != (net < 0):
        return False
    if abs(_made(quantity, unit_price, discount) - abs(net)) <= max(Decimal("0.01"), abs(net) * Decimal("0.005")):
        return True
    return exact and not discount and per_price_basis(quantity * unit_price, net, -unit_price.as_tuple().exponent)
