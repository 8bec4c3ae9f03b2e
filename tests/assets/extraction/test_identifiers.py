import pytest

from assets.extraction.company_codes import (
    checked_register_codes,
    find_company_codes,
    lt_company_code_checks,
    lt_company_code_format_ok,
    read_company_code,
)
from assets.extraction.identifiers import find_ibans, iban_is_valid
from assets.extraction.vat_codes import find_vat_codes, vat_is_valid


@pytest.mark.parametrize("code", ["LT100001234510", "LT123456715", "LT119511515", "PL5260250274", "DE136695976"])
def test_valid_vat_codes(code):
    assert vat_is_valid(code)


@pytest.mark.parametrize(
    "code",
    ["LT100001234511", "LT123456716", "LT12345671", "LT123456725", "100001234510", "XX123456789", "", None],
)
def test_invalid_vat_codes(code):
    assert not vat_is_valid(code)


def test_find_vat_codes_compacts_spaces_and_stops_at_the_code():
    text = "PVM kodas: LT 1000 0123 4510, PVM mokėtojo kodas LT123456715 UAB"
    codes = find_vat_codes(text)
    assert [(c.value, c.valid) for c in codes] == [("LT100001234510", True), ("LT123456715", True)]
    assert text[codes[1].start : codes[1].end] == "LT123456715"


def test_ocr_lookalikes_are_repaired_only_when_the_checksum_holds():
    (code,) = find_vat_codes("LT1OOOO1234510")  # letter O instead of zero
    assert code.value == "LT100001234510" and code.valid and code.repaired
    (bad,) = find_vat_codes("LT100001234511")
    assert bad.value == "LT100001234511" and not bad.valid


def test_ibans():
    assert iban_is_valid("LT717300010123456789")
    assert iban_is_valid("LT71 7300 0101 2345 6789")
    assert not iban_is_valid("LT727300010123456789")
    assert not iban_is_valid("LT7173000101234567")  # too short for LT
    (found,) = find_ibans("A/s: LT71 7300 0101 2345 6789 Bankas: AB SEB")
    assert found.value == "LT717300010123456789"
    assert find_ibans("A/s: LT72 7300 0101 2345 6789") == []


def test_a_lithuanian_company_code_ends_in_its_check_digit():
    # codes of registered companies as their invoices print them
    for code in ("121215434", "110053842", "112029651", "304836394", "154742821"):
        assert lt_company_code_checks(code), code
    assert not lt_company_code_checks("121215435")  # one digit off
    assert not lt_company_code_checks("123456789")  # well-formed, but no register's code
    assert not lt_company_code_checks("12121543")
    assert not lt_company_code_checks(None)
    # a number alone on a Lithuanian party's lines is its code only where the check holds
    assert [c for c, _, _ in checked_register_codes("Tel. 864012345, kodas 304836394", "LT")] == ["304836394"]


def test_company_codes():
    assert lt_company_code_format_ok("304567894")
    assert not lt_company_code_format_ok("30456789")
    assert not lt_company_code_format_ok("3045678941")
    assert not lt_company_code_format_ok("30456789\u00b2")  # a digit to isdigit(), none to a register
    assert not lt_company_code_format_ok(None)
    assert [c.value for c in find_company_codes("Įm. kodas 304567894, LT304567894, 1234567890")] == ["304567894"]
    repaired = read_company_code("3O4567894")
    assert repaired.value == "304567894" and repaired.repaired
    foreign = read_company_code("HRB 12345")
    assert foreign.value == "HRB 12345" and not foreign.valid
    # A Spanish CIF keeps its letter: it is no Lithuanian code with a misread 8.
    cif = read_company_code("B53654893")
    assert cif.value == "B53654893" and cif.valid and not cif.repaired


def test_spans_keep_their_offsets_after_letters_that_grow_in_capitals():
    from assets.extraction.identifiers import find_ibans
    from assets.extraction.vat_codes import find_vat_codes

    text = "Hafenstraße 12 IBAN: DE89 3704 0044 0532 0130 00 HRB 12345"
    (iban,) = find_ibans(text)
    assert text[iban.start:iban.end] == "DE89 3704 0044 0532 0130 00"
    text = "Großhandel GmbH USt-IdNr. DE136695976"
    (vat,) = find_vat_codes(text)
    assert text[vat.start:vat.end] == "DE136695976"


def test_a_baltic_prefix_garbled_by_ocr_is_read_before_a_checksum_guess_of_the_whole():
    from assets.extraction.vat_codes import read_vat_code

    # Read bare, "11744198715" would pass as a Croatian OIB and "1351448318" as a Polish NIP.
    assert read_vat_code("Номер плательщика НДС 11744198715").value == "LT744198715"
    assert read_vat_code("Код НДС: [1351448318").value == "LT351448318"
    assert read_vat_code("NIP: 526-025-02-74", "PL").value == "PL5260250274"  # a number, not a prefix
    assert read_vat_code("PVN: 40003032949").value == "LV40003032949"  # digits only: the checksum says Latvia
    # both prefix letters read as one mark
    assert read_vat_code("Код НДС: (229291118").value == "LT229291118"
    assert read_vat_code("Код НДС: 0839312461714").value == "LT839312461714"
    assert read_vat_code("Код НДС 1100001738313").value == "LT100001738313"  # "LT" read as "1"
    # a "1" before nine digits may begin a bare number of its own: no Baltic prefix for it
    found = read_vat_code("NIP 1229291118")  # LT229291118 would be valid
    assert found is None or found.value != "LT229291118"


def test_an_indian_gst_number_under_its_label_is_the_tax_code():
    from assets.extraction.vat_codes import read_vat_code

    assert read_vat_code("GSTIN - 27AAPFU0939F1ZV").value == "27AAPFU0939F1ZV"
    assert read_vat_code("GSTIN - 27AAPFU0939F1ZX") is None  # its check character is wrong


def test_a_code_without_a_letter_prefix_names_no_country():
    from assets.extraction.vat_codes import vat_country

    assert vat_country("27AAPFU0939F1ZV") is None
    assert (vat_country("EL094259216"), vat_country("LT100001738313")) == ("GR", "LT")


def test_ocr_look_alikes_in_a_vat_codes_letters():
    from assets.extraction.vat_codes import find_vat_codes

    # the Dutch "B" read as "8"; a Baltic prefix in Cyrillic capitals from the Russian model
    assert [m.value for m in find_vat_codes("Btw-nummer: NL171906573801")] == ["NL171906573B01"]
    assert [m.value for m in find_vat_codes("НДС рег. №: ЕЕ101216858")] == ["EE101216858"]
    assert find_vat_codes("Btw-nummer: NL171906573711") == []  # no B, nor its look-alike, where the B stands
    # the number's first "1" read as "!" (and apart), the prefix in Cyrillic capitals
    assert [m.value for m in find_vat_codes("НДС №: ЕЕ! 00780602")] == ["EE100780602"]
    # a speck between prefix and number read as a point
    assert [m.value for m in find_vat_codes("Btw-id: NL.226454897B01 Havenstraat")] == ["NL226454897B01"]
    # a Spanish company's letter read as a digit: the one letter for a digit whose checksum holds
    [es] = find_vat_codes("CIF/NIF: ES874679812")
    assert (es.value, es.valid, es.repaired) == ("ESB74679812", True, True)
    # no letter for a digit makes this one's checksum hold: reported as read, not valid
    [unread] = find_vat_codes("CIF/NIF: ES874679813")
    assert (unread.value, unread.valid, unread.repaired) == ("ES874679813", False, False)
    # the Dutch "B" read as "3", "0" or "6" (its bowls one round glyph on a far photo)
    assert [m.value for m in find_vat_codes("Btw-nummer: NL171906573301")] == ["NL171906573B01"]
    assert [m.value for m in find_vat_codes("Btw-id: NL.560298419001")] == ["NL560298419B01"]
    assert [m.value for m in find_vat_codes("Btw-nummer: NL171906573601")] == ["NL171906573B01"]
    # a slash OCR made of a speck between prefix and number
    assert [m.value for m in find_vat_codes("PVN Nr. LV/40007506808")] == ["LV40007506808"]


def test_a_dutch_code_read_with_digits_missing_is_not_filled_with_zeros():
    from assets.extraction.vat_codes import vat_is_valid, vat_well_formed

    # python-stdnum pads "NL56029B41" to NL000056029B41, which passes; no Dutch code is printed
    # so, and one whose check digits fail as well is of no format either
    assert not vat_is_valid("NL56029B41")
    assert not vat_well_formed("NL56029B42")
    assert vat_is_valid("NL560298419B01")
    assert vat_is_valid("BE403019261")  # Belgium's old nine digits, printed without the leading zero


def test_the_digits_of_a_reference_glued_to_its_letters_are_no_bare_vat_code():
    from assets.extraction.vat_codes import read_vat_code

    # "Faktura VAT RE-2026-0412": 20260412 passes Romania's checksum, but it is the
    # invoice's number after the title's "VAT"
    assert read_vat_code("RE-2026-0412") is None
    assert read_vat_code("INV/2026/0412") is None
    assert read_vat_code("NIP 526-025-02-74", "PL").value == "PL5260250274"


def test_an_iban_s_look_alikes_are_read_as_its_country_s_format_wants_them():
    # check digits read as letters; an Italian CIN letter read as a digit
    assert [m.value for m in find_ibans("Norēķinu konts: LVO9HABA7498086948615")] == ["LV09HABA7498086948615"]
    assert [m.value for m in find_ibans("IBAN: IT81 0824 1666 6782 8366 1463 737")] == ["IT81O8241666678283661463737"]
    assert find_ibans("IBAN: IT81 0824 1666 6782 8366 1463 738") == []  # the checksum still decides


def test_a_prefix_letter_read_as_the_digit_it_looks_like_is_read_back_under_the_check():
    from assets.extraction.vat_codes import read_vat_code

    # "ES" read "E5", and the NIF's "B" read "8": one country's prefix and one letter make it hold
    assert read_vat_code("VAT E5801735588").value == "ESB01735588"
    assert read_vat_code("NIF-IVA: E5871402432").value == "ESB71402432"
    # a prefix no country's check then holds for is none
    assert read_vat_code("VAT 5E1234567890") is None
    assert read_vat_code("VAT A1234567890") is None


def test_a_speck_read_as_a_point_between_a_prefix_s_letters_is_read_only_where_the_check_holds():
    (code,) = find_vat_codes("PVM knda: L.T339327019")
    assert code.value == "LT339327019" and code.valid
    assert find_vat_codes("L.T339327018") == []  # no well-formed guess: the point may be an abbreviation's
    assert find_vat_codes("S.E. 123456789") == []
