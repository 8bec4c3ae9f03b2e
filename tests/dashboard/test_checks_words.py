"""Validation checks and warnings in words, numbers in the page's locale, no codes."""

from dashboard import checks, i18n


def test_checks_and_warnings_read_in_lithuanian_and_english():
    i18n.activate("lt")
    try:
        assert checks.check_title({"code": "totals.net_plus_vat"}) == "Suma be PVM + PVM = suma su PVM"
        assert checks.check_detail({"code": "totals.net_plus_vat", "detail": "2504.00 + 525.84 != 3029.85"}) == \
            "2\u00a0504,00 + 525,84 ≠ 3\u00a0029,85"
        assert checks.check_detail({"code": "totals.vat_rate", "detail": "21 % of 2504.00 = 525.84, printed 525.84"}) == \
            "21 % nuo 2\u00a0504,00 = 525,84; sąskaitoje 525,84"
        assert checks.check_detail({"code": "iban.checksum", "detail": "seller IBAN LT717300010123456789 valid"}) == \
            "LT717300010123456789"
        assert checks.check_title({"code": "some.new_check"}) == "Kitas taisyklių patikrinimas"
        assert checks.check_detail({"code": "some.new_check", "detail": "in English"}) == ""
        assert checks.warning_text("invoiceNumber not found") == "Dokumente nerasta: Sąskaitos numeris."
        foreign = ("vat.foreign: 21 % is the VAT of the seller's country (NL), not Lithuanian VAT: "
                   "no Lithuanian VAT classifier")
        assert checks.warning_text(foreign).startswith("21 % yra pardavėjo šalies (NL) PVM")
        assert checks.warning_text("a new remark") == "Kita taisyklių pastaba (angliškai): a new remark"
    finally:
        i18n.activate("lt")
    i18n.activate("en")
    try:
        assert checks.check_detail({"code": "lines.quantity_times_price", "detail": "lines 2, 3: quantity x unit price != amount"}) == \
            "lines 2, 3 do not add up"
        assert checks.warning_text("a new remark") == "a new remark"
    finally:
        i18n.activate("lt")
