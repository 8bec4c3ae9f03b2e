"""Export preprocessing: resolve what a target program needs, or refuse with the reason.

Runs before every accounting and UBL export (`prepare`). An accounting program imports a
file only if every reference in it resolves, and a bookkeeper should never have to fix an
export by hand, so anything that cannot be resolved refuses the export with
`invoice.export_unavailable_preprocessing` (409) and a `detail` that names the reason and
the fix, instead of inventing a value (formats/from-docscanner2.md §6 "Do not copy"):

* direction unknown (core/vat_classification.py, table "Direction");
* a line whose item maps to no accounting code: mapping rules, then (setting
  `item_code_source=item_code`) the seller's item code, then the client's default
  expense / income code;
* a summary ("cumulative") line, written per VAT rate for an invoice without a line
  table, without a code (`summary_line_code`, else the default code);
* a non-EUR invoice without a loaded rate on or shortly before its operation date;
* no usable partner key (company code, VAT code that fits the program, or a partner rule);
* amounts that do not add up: lines against the net total, per-rate bases against the
  VAT breakdown, net + VAT against the gross (tolerance 0.02, as a production exporter's
  validator uses; smaller differences are absorbed by the largest line).

What comes out is an `exporters.model.Prepared` whose numbers add up to the cent.
"""

from datetime import date
from decimal import Decimal

from core import errors
from core.books.exports import ExportLookups
from core import countries
from core import vat_classification as classify
from core import vat_rates
from exporters.model import Line, Needs, Party, Prepared, VatGroup
from exporters.numbers import ZERO, dec, money
from exporters.text import UnencodableCode, code_for
from schemas.invoice import Invoice, Totals
from schemas.invoice import Party as PartyRecord

TOLERANCE = Decimal("0.02")
SUMMARY_TEXT = "Prekės/paslaugos pagal sąskaitą"


def refuse(reason: str) -> errors.InvoiceExportUnavailablePreprocessing:
    return errors.InvoiceExportUnavailablePreprocessing(reason)


def _norm(value: str | None) -> str | None:
    return "".join(value.split()).upper() if value else None


def _date(value: str | None) -> date | None:
    try:
        return date.fromisoformat(value or "")
    except ValueError:
        return None


def _totals(invoice: Invoice) -> Totals:
    return invoice.totals or Totals()


def _party(raw: PartyRecord | None) -> Party:
    raw = raw or PartyRecord()
    address = raw.address
    return Party(
        name=(raw.name or "").strip() or None,
        company_code=_norm(raw.companyCode),
        vat_code=_norm(raw.vatCode),
        country=countries.of(address.country if address else None, raw.vatCode),
        street=address and address.street, city=address and address.city,
        postal_code=address and address.postalCode, address_text=address and address.text,
        iban=_norm(raw.iban), swift=_norm(raw.swift), bank=raw.bank,
        email=raw.email, phone=raw.phone,
        natural_person=bool(raw.isNaturalPerson),
    )


def _kind(invoice: Invoice) -> str:
    doc_type = invoice.documentType
    gross = dec(_totals(invoice).gross)
    if doc_type == "credit_note" or (doc_type != "debit_note" and gross is not None and gross < 0):
        return "credit_note"
    return "debit_note" if doc_type == "debit_note" else "invoice"


def _sign(invoice: Invoice) -> Decimal:
    """-1 when the document prints its amounts negative (credit notes often do)."""
    totals = _totals(invoice)
    for value in (dec(totals.gross), dec(totals.net), dec(totals.payable)):
        if value:
            return Decimal(-1) if value < 0 else Decimal(1)
    lines_total = sum((dec(line.netAmount) or ZERO for line in invoice.lines or []), ZERO)
    return Decimal(-1) if lines_total < 0 else Decimal(1)


def document_number(invoice: Invoice) -> tuple[str, str | None, str]:
    """(joined number, series, number without series), as §0.12 of from-docscanner2.md joins them."""
    series = (invoice.series or "").strip() or None
    number = (invoice.number or "").strip() or None
    printed = (invoice.invoiceNumber or "").strip() or None
    if number:
        if series and number.upper().startswith(series.upper()):
            number = number[len(series):].lstrip(" -/.")
        joined = "".join(f"{series or ''}{number}".split())
        return joined, series, number
    if printed:
        return "".join(printed.split()), None, printed
    raise refuse("the invoice has no number (series/number or invoiceNumber); correct it before exporting")


def _vat_rate_for_lines(invoice: Invoice) -> Decimal | None:
    rates = {dec(entry.rate) for entry in invoice.vatBreakdown or []}
    rates.discard(None)
    return rates.pop() if len(rates) == 1 else None


def _table_lines(invoice: Invoice, sign: Decimal) -> list[Line]:
    doc_rate = _vat_rate_for_lines(invoice)
    lines = []
    for position, raw in enumerate(invoice.lines or [], start=1):
        no = raw.lineNo or position
        printed_quantity = dec(raw.quantity) or Decimal(1)
        quantity = abs(printed_quantity)
        price, discount = dec(raw.unitPrice), dec(raw.discount) or ZERO
        net = dec(raw.netAmount)
        if net is None and price is not None:
            net = printed_quantity * price - discount
        if net is None:
            raise refuse(f"line {no} has no amount (netAmount, or quantity and unitPrice)")
        net = money(net * sign)
        rate = dec(raw.vatRate)
        rate = rate if rate is not None else doc_rate
        if rate is None:
            raise refuse(f"line {no} has no VAT rate and the invoice has several (or none); "
                         "correct the line's vatRate before exporting")
        vat = dec(raw.vatAmount)
        unit_price = net / quantity
        if price is not None and not discount and abs(money(quantity * abs(price)) - abs(net)) <= TOLERANCE:
            unit_price = abs(price) if net >= 0 else -abs(price)
        lines.append(Line(
            no=no, description=(raw.description or raw.code or f"Eilutė {no}").strip(),
            quantity=quantity, unit=(raw.unit or "").strip() or None,
            unit_price=_price(unit_price),
            net=net, vat=money(vat * sign) if vat is not None else None, rate=rate,
            kind=raw.kind,
            seller_code=(raw.code or "").strip() or None,
            barcode=(raw.barcode or "").strip() or None,
            classifier=raw.vatClassifier,
        ))
    return lines


def _summary_lines(invoice: Invoice, sign: Decimal) -> list[Line]:
    """One line per VAT breakdown entry for an invoice printed without an item table."""
    out = []
    for entry in invoice.vatBreakdown or []:
        taxable, rate = dec(entry.taxableAmount), dec(entry.rate)
        if taxable is None or rate is None:
            continue
        vat = dec(entry.vatAmount)
        out.append(Line(
            no=len(out) + 1, description=SUMMARY_TEXT, quantity=Decimal(1), unit=None,
            unit_price=money(taxable * sign), net=money(taxable * sign),
            vat=money(vat * sign) if vat is not None else None, rate=rate, kind=None,
            seller_code=None, barcode=None, summary=True, classifier=entry.vatClassifier,
        ))
    if out:
        return out
    totals = _totals(invoice)
    net, vat = dec(totals.net), dec(totals.vat)
    if net is None or net == 0:
        raise refuse("the invoice has neither a line table nor a VAT breakdown with amounts")
    rate = vat_rates.implied_rate(net, vat or ZERO, countries.of_party(invoice.seller.model_dump() if invoice.seller else {}),
                                  vat_rates.as_date(invoice.deliveryDate or invoice.issueDate))
    if rate is None:
        raise refuse("the invoice has no line table and its VAT rate cannot be told from the totals")
    return [Line(no=1, description=SUMMARY_TEXT, quantity=Decimal(1), unit=None, unit_price=money(net * sign),
                 net=money(net * sign), vat=money((vat or ZERO) * sign), rate=rate, kind=None,
                 seller_code=None, barcode=None, summary=True)]


def _price(value: Decimal) -> Decimal:
    """Unit prices keep up to 6 decimals (invoice.md), without trailing zeros."""
    return value.quantize(Decimal("0.000001")).normalize()


def _largest(lines: list[Line]) -> Line:
    return max(lines, key=lambda line: abs(line.net))


def _set_net(line: Line, net: Decimal) -> None:
    line.net = net
    line.unit_price = _price(net / line.quantity)


def _spread_discount(invoice: Invoice, lines: list[Line], net_total: Decimal | None) -> None:
    """Fold a document-level discount into the lines, proportionally to their amounts."""
    discount = dec(_totals(invoice).discount)
    if not discount or net_total is None:
        return
    discount = abs(discount)
    base = sum((line.net for line in lines), ZERO)
    if abs(base - net_total) <= TOLERANCE or abs(base - discount - net_total) > TOLERANCE or base == 0:
        return  # the lines already carry it, or it is not a discount of these lines
    remaining = discount
    for line in sorted(lines, key=lambda l: abs(l.net))[:-1]:
        share = money(discount * line.net / base)
        _set_net(line, line.net - share)
        remaining -= share
    biggest = _largest(lines)
    _set_net(biggest, biggest.net - remaining)
    for line in lines:
        line.vat = None  # printed line VAT was before the discount: recomputed per rate below


def _reconcile_net(lines: list[Line], net_total: Decimal | None) -> Decimal:
    total = sum((line.net for line in lines), ZERO)
    if net_total is None:
        return total
    diff = net_total - total
    if abs(diff) > TOLERANCE:
        raise refuse(f"the lines add up to {total} but the invoice's net total is {net_total}; "
                     "correct the lines or the totals before exporting")
    if diff:
        biggest = _largest(lines)
        _set_net(biggest, biggest.net + diff)
    return net_total


def _breakdown_by_rate(invoice: Invoice, sign: Decimal) -> dict[Decimal, tuple[Decimal | None, Decimal | None]]:
    out: dict[Decimal, tuple[Decimal | None, Decimal | None]] = {}
    for entry in invoice.vatBreakdown or []:
        rate = dec(entry.rate)
        if rate is None:
            continue
        taxable, vat = dec(entry.taxableAmount), dec(entry.vatAmount)
        old_taxable, old_vat = out.get(rate, (None, None))
        if taxable is not None:
            taxable = (old_taxable or ZERO) + money(taxable * sign)
        if vat is not None:
            vat = (old_vat or ZERO) + money(vat * sign)
        out[rate] = (taxable if taxable is not None else old_taxable, vat if vat is not None else old_vat)
    return out


def _assign_vat(invoice: Invoice, lines: list[Line], sign: Decimal, vat_total: Decimal | None) -> Decimal:
    """Give every line its VAT so that each rate's VAT equals the printed breakdown."""
    breakdown = _breakdown_by_rate(invoice, sign)
    by_rate: dict[Decimal, list[Line]] = {}
    for line in lines:
        by_rate.setdefault(line.rate, []).append(line)
    for rate, group in by_rate.items():
        base = sum((line.net for line in group), ZERO)
        printed_base, printed_vat = breakdown.get(rate, (None, None))
        if printed_base is not None and abs(printed_base - base) > TOLERANCE:
            raise refuse(f"the lines at {rate} % add up to {base} but the VAT breakdown says {printed_base}")
        if printed_vat is None and all(line.vat is not None for line in group):
            printed_vat = sum((line.vat for line in group), ZERO)
        target = printed_vat if printed_vat is not None else money(base * rate / 100)
        if all(line.vat is not None for line in group) and sum((l.vat for l in group), ZERO) == target:
            continue
        for line in group:
            line.vat = money(line.net * rate / 100)
        rest = target - sum((line.vat for line in group), ZERO)
        if rest:
            biggest = _largest(group)
            biggest.vat += rest
    total = sum((line.vat for line in lines), ZERO)
    if vat_total is None:
        return total
    diff = vat_total - total
    if abs(diff) > TOLERANCE:
        raise refuse(f"the VAT of the lines adds up to {total} but the invoice's VAT total is {vat_total}")
    if diff:
        _largest(lines).vat += diff
    return vat_total


# A 0 % line between two countries, as the supplier invoiced it: (seller's area, buyer's area, kind).
_SUPPLIER_ZERO = {
    ("EU", "EU", "goods"): ("K", "VATEX-EU-IC"),  # intra-Community supply
    ("EU", "EU", "service"): ("AE", "VATEX-EU-AE"),  # reverse charge at the customer
    ("EU", "non-EU", "goods"): ("G", "VATEX-EU-G"),  # export
}


def _supplier_category(rate: Decimal | None, kind: str | None, seller: Party,
                       buyer: Party) -> tuple[str, str | None] | None:
    """The EN 16931 category of a 0 % cross-border line the client's tables did not decide (no
    direction, or a supplier in another state): the category is what the supplier invoiced, so
    it follows from the supplier's own supply. A Latvian seller's 0 % goods to a Lithuanian VAT
    payer are its intra-Community supply (K); both sides need a VAT code for K and AE."""
    if rate != 0 or not seller.vat_code or seller.country not in countries.EU or not buyer.country \
            or seller.country == buyer.country:
        return None
    buyer_area = "EU" if buyer.country in countries.EU else "non-EU"
    category = _SUPPLIER_ZERO.get(("EU", buyer_area, kind or ""))
    if category and category[0] in ("K", "AE") and not buyer.vat_code:
        return None
    return category


def _counterparty_codes(party: Party) -> set[str]:
    return {c for c in (party.company_code, party.vat_code) if c}


def _partner_code(prepared_partner: Party, lookups: ExportLookups, limit: int | None, role: str) -> tuple[str, bool]:
    codes = _counterparty_codes(prepared_partner)
    for rule in lookups.partner_rules:
        if rule.match_partner in codes:
            if limit is not None and len(rule.target_code) > limit:
                raise refuse(f"partner rule {rule.id} gives the {role} the code {rule.target_code!r}, longer than "
                             f"the program's {limit}-character partner key")
            return rule.target_code, False
    too_long = []
    for code, is_company in ((prepared_partner.company_code, True), (prepared_partner.vat_code, False)):
        if code and (limit is None or len(code) <= limit):
            return code, is_company
        if code:
            too_long.append(code)
    if too_long:
        raise refuse(f"the {role}'s codes ({', '.join(too_long)}) are longer than the program's "
                     f"{limit}-character partner key; add a partner rule "
                     f"(invoices admin export mapping add --partner {too_long[0]} --code CODE)")
    raise refuse(f"the {role} has neither a company code nor a VAT code to key it in the program; "
                 "correct the invoice or add a partner rule")


def _rule_matches(rule, line: Line, flow: str | None, partner_codes: set[str]) -> bool:
    if rule.direction and rule.direction != flow:
        return False
    if rule.match_partner and rule.match_partner not in partner_codes:
        return False
    if rule.match_code and _norm(rule.match_code) not in {_norm(line.seller_code), _norm(line.barcode)}:
        return False
    if rule.match_text and classify.normalised_name(rule.match_text) not in classify.normalised_name(line.description):
        return False
    return True


def _map_item(line: Line, flow: str, lookups: ExportLookups, settings: dict, partner_codes: set[str]) -> None:
    default_key = "default_expense" if flow == classify.PURCHASE else "default_income"
    default_code = (settings.get(f"{default_key}_code") or "").strip()
    default_type = settings.get(f"{default_key}_type") or "code"
    if line.summary:
        code = (settings.get("summary_line_code") or "").strip() or default_code
        if not code:
            raise refuse(f"the invoice has no line table and its summary line (VAT {line.rate} %) has no "
                         f"code; set the export setting summary_line_code or {default_key}_code")
        line.code, line.code_type = code, default_type
        return
    for rule in lookups.item_rules:
        if _rule_matches(rule, line, flow, partner_codes):
            line.code, line.code_type = rule.target_code, rule.target_type or default_type
            line.code_name, line.card = rule.target_name, bool(rule.target_name)
            return
    if settings.get("item_code_source") == "item_code" and line.seller_code:
        line.code, line.code_type = line.seller_code, line.kind or "goods"
        line.code_name, line.card = line.description, True
        return
    if default_code:
        line.code, line.code_type = default_code, default_type
        return
    item = f", item code {line.seller_code}" if line.seller_code else ""
    raise refuse(f"line {line.no} ('{line.description[:60]}'{item}) maps to no accounting code; add a "
                 f"mapping rule (invoices admin export mapping add) or set the export setting {default_key}_code")


def _check_code(line: Line, limit: int | None) -> None:
    try:
        line.code = code_for(line.code).strip().upper()
    except UnencodableCode as exc:
        raise refuse(f"line {line.no}: {exc}") from None
    if not line.code:
        raise refuse(f"line {line.no} maps to an empty accounting code")
    if limit is not None and len(line.code) > limit:
        raise refuse(f"line {line.no}: accounting code {line.code!r} is longer than the program's "
                     f"{limit} characters")


def _rate(currency: str, on: date, lookups: ExportLookups, required: bool) -> tuple[Decimal | None, date | None]:
    if currency == "EUR":
        return None, None
    found = lookups.rates.on_or_before(on) if lookups.rates is not None and lookups.rates.currency == currency else None
    if found is None:
        if required:
            raise refuse(f"no {currency} rate to EUR on or within 7 days before {on.isoformat()}; load the ECB "
                         "reference rates (invoices admin export rates load FILE)")
        return None, None
    return found[1], found[0]


def prepare(invoice: Invoice, lookups: ExportLookups, needs: Needs) -> Prepared:
    settings = dict(lookups.settings)
    kind, sign = _kind(invoice), _sign(invoice)
    seller, buyer = _party(invoice.seller), _party(invoice.buyer)
    # The classification tables read the record's JSON form, as completion does in the store.
    record = invoice.dto()
    flow, _how = classify.direction(record, lookups.client, settings.get("direction") or "")
    if needs.direction and flow is None:
        client = f"client {lookups.client.id}" if lookups.client else "the invoice (it has no client)"
        raise refuse(f"purchase or sale cannot be told: neither party carries the company or VAT code of {client}; "
                     "set the client's codes, or the export setting `direction`")
    issue_date = _date(invoice.issueDate)
    if issue_date is None:
        raise refuse("the invoice has no issue date; correct it before exporting")
    number, series, number_only = document_number(invoice)
    currency = (invoice.currency or "EUR").strip().upper()
    totals = _totals(invoice)

    lines = _table_lines(invoice, sign) if invoice.lines else _summary_lines(invoice, sign)
    net_total = dec(totals.net)
    net_total = money(net_total * sign) if net_total is not None else None
    _spread_discount(invoice, lines, net_total)
    net = _reconcile_net(lines, net_total)
    vat_total = dec(totals.vat)
    vat = _assign_vat(invoice, lines, sign, money(vat_total * sign) if vat_total is not None else None)
    gross = dec(totals.gross)
    if gross is not None and abs(money(gross * sign) - (net + vat)) > TOLERANCE:
        raise refuse(f"net {net} + VAT {vat} does not make the invoice's gross total {money(gross * sign)}")

    partner = seller if flow == classify.PURCHASE else buyer
    partner_codes = _counterparty_codes(partner)
    if needs.accounting_codes:
        for line in lines:
            _map_item(line, flow, lookups, settings, partner_codes)
            _check_code(line, needs.item_code_max)
    partner_code, is_company = (None, False)
    if needs.partner_code_max is not None:
        role = "supplier" if flow == classify.PURCHASE else "buyer"
        if not partner.name:
            raise refuse(f"the {role} has no name; correct the invoice before exporting")
        partner_code, is_company = _partner_code(partner, lookups, needs.partner_code_max or None, role)

    art96 = classify.domestic_reverse_charge(record, seller.country, buyer.country)
    for line in lines:
        vat_kind = line.kind or {"goods": "goods", "service": "service"}.get(line.code_type or "")
        line.classifier = classify.vat_classifier(
            flow, line.rate, seller.country, buyer.country, vat_kind, bool(buyer.vat_code), art96,
        ) or line.classifier
        line.category = classify.ubl_category(line.rate, line.classifier, seller.country, buyer.country,
                                              bool(seller.vat_code)) or _supplier_category(
            line.rate, vat_kind, seller, buyer)

    delivery = _date(invoice.deliveryDate)
    rate, rate_date = _rate(currency, delivery or issue_date, lookups, needs.eur_rate)
    isaf = not (flow == classify.PURCHASE and seller.country not in countries.EU
                and all(line.rate == 0 for line in lines))
    payable, prepaid = dec(totals.payable), dec(totals.prepaid)
    return Prepared(
        invoice_id=invoice.id, kind=kind, direction=flow, number=number, series=series,
        number_only=number_only, printed_number=(invoice.invoiceNumber or "").strip() or number,
        issue_date=issue_date, delivery_date=delivery, due_date=_date(invoice.dueDate),
        currency=currency, rate=rate, rate_date=rate_date, seller=seller, buyer=buyer,
        partner_code=partner_code, partner_code_is_company_code=is_company,
        lines=lines, groups=_groups(lines), net=net, vat=vat,
        prepaid=abs(prepaid) if prepaid else None, payable=abs(payable) if payable is not None else None,
        isaf=isaf, summary=not invoice.lines, notes=invoice.notes,
        payment_terms=invoice.paymentTerms, order_reference=invoice.orderReference,
        payment_reference=(invoice.paymentReference or "").strip() or None,
        export_date=lookups.export_date or date.today(), settings=settings,
    )


def _groups(lines: list[Line]) -> list[VatGroup]:
    groups: dict[tuple, VatGroup] = {}
    for line in lines:
        key = (line.rate, line.classifier, line.category)
        group = groups.setdefault(key, VatGroup(line.rate, line.classifier, line.category, ZERO, ZERO))
        group.taxable += line.net
        group.vat += line.vat
    return sorted(groups.values(), key=lambda g: (-(g.rate or ZERO), g.classifier or ""))
