"""Letters a party's country does not write, read by OCR in a name, become its own."""

import pytest

from assets.extraction.alphabets import country_of_name, native_letters
from assets.extraction.parties import tidy_name


@pytest.mark.parametrize("name, country, expected", [
    ("Šiaurēs vilkas UAB", "LT", "Šiaurės vilkas UAB"),   # Latvian ē on a Lithuanian name
    ("UAB Švarüs langai", "LT", "UAB Švarūs langai"),
    ("ÜKIO TECHNIKA", "LT", "ŪKIO TECHNIKA"),             # capitals stay capitals
    ("Logistica Ibėrica S.A.", "ES", "Logistica Ibérica S.A."),
    ("Müėller GmbH", "DE", "Müeller GmbH"),              # no e with a mark in German: the bare e
    ("Pärnu Ehitus OÜ", "EE", "Pärnu Ehitus OÜ"),        # native letters are never touched
    ("Łódź Meble", "PL", "Łódź Meble"),
    ("ООО Ромашка", "LT", "ООО Ромашка"),                # Cyrillic is no misread Latin letter
    ("Šiaurēs vilkas", None, "Šiaurēs vilkas"),         # no country, no change
    ("Atelier Lumiėre SA", "FR", "Atelier Lumière SA"),  # French writes è before a last mute e
    ("Frėres Martin", "FR", "Frères Martin"),
    ("Cafė Ėtoile", "FR", "Café Étoile"),                # and é elsewhere
    ("Lumiėre", "ES", "Lumiére"),                       # Spanish has no è
])
def test_foreign_letters_become_the_alphabets_own(name, country, expected):
    assert native_letters(name, country) == expected


def test_only_legal_forms_of_one_country_name_it():
    assert country_of_name("Šiaurės vilkas UAB") == "LT"
    assert country_of_name("Baltic Wood SIA") == "LV"
    assert country_of_name("Mazur Logistics Sp. z o.o.") == "PL"
    assert country_of_name("Bodegas Duero S.A.") is None   # S.A. is Spanish, French, Polish ...
    assert country_of_name("Biuro prekės AB") is None      # AB is Lithuanian and Swedish


def test_a_closing_quote_read_as_an_asterisk_closes_the_name():
    assert tidy_name("„Gintaro krantas* UAB") == "„Gintaro krantas“ UAB"
    assert tidy_name("UAB „Vėjo malūnas*") == "UAB „Vėjo malūnas“"
    assert tidy_name("UAB „Vėjo malūnas“ *") == "UAB „Vėjo malūnas“ *"


def test_an_opening_quote_ocr_lost_is_put_back_between_the_legal_form_and_the_name():
    assert tidy_name('VšĮ Nemuno logistika"') == 'VšĮ "Nemuno logistika"'
    assert tidy_name("UAB Duomenų centras“") == "UAB „Duomenų centras“"
    assert tidy_name('Statybų sprendimai" AB') == '"Statybų sprendimai" AB'
    # Without a legal form on the other side nothing says where the quote opened.
    assert tidy_name('Nemuno logistika"') == 'Nemuno logistika"'
    assert tidy_name('UAB "Ūkio technika"') == 'UAB "Ūkio technika"'


@pytest.mark.parametrize("read", ["Kowalski Serwis Sp. z 0.0.", "Kowalski Serwis Sp. p4 0.0.", "Kowalski Serwis Sp. z o.o."])
def test_the_polish_legal_form_as_ocr_reads_it(read):
    assert tidy_name(read) == "Kowalski Serwis Sp. z o.o."


def test_only_names_read_by_ocr_are_corrected():
    from assets.extraction import extract_invoice
    from tests.support.word_pages import page, scanned

    rows = [(40, [(40, "PVN RĒĶINS")]), (80, [(40, "Pircējs:")]), (95, [(40, "Šiaurēs vilkas UAB")]),
            (110, [(40, "PVN Nr.: LT100001738313")])]
    printed = page(*rows)
    assert extract_invoice(printed)["buyer"]["name"] == "Šiaurēs vilkas UAB"  # as printed: a text layer is exact
    assert extract_invoice(scanned(printed))["buyer"]["name"] == "Šiaurės vilkas UAB"


def test_a_name_printed_again_with_its_diacritics_is_read_with_them():
    from assets.extraction import extract_invoice
    from tests.support.word_pages import page, scanned

    # "Zemtra" is no word a dictionary could restore: only the second printing can.
    rows = [(40, [(40, 'MB "Zemtra kelias"'), (300, "PVM SĄSKAITA FAKTŪRA")]),
            (55, [(40, "PVM kodas: LT100001738313")]),
            (700, [(40, 'MB "Žemtra kelias" Jūrininkų g. 73-33, LT-60468 Kėdainiai')])]
    assert extract_invoice(scanned(page(*rows)))["seller"]["name"] == 'MB "Žemtra kelias"'
    # another name that only shares the letters is no second printing
    rows[2] = (700, [(40, 'MB "Žemtra keliai" Jūrininkų g. 73-33')])
    assert extract_invoice(scanned(page(*rows)))["seller"]["name"] == 'MB "Zemtra kelias"'


def test_an_ampersand_misread_before_co_kg_is_an_ampersand():
    assert tidy_name("Rheinmetallbau GmbH £ Co. KG") == "Rheinmetallbau GmbH & Co. KG"
    assert tidy_name("Rheinmetallbau GmbH A Co. KG") == "Rheinmetallbau GmbH & Co. KG"
    assert tidy_name("Elbe Feinkost GmbH 4 Co. KG") == "Elbe Feinkost GmbH & Co. KG"
    assert tidy_name("A Co. KG") == "A Co. KG"


def test_a_legal_form_ocr_read_with_a_five_is_the_legal_form():
    from assets.extraction.parties import _looks_like_address

    assert tidy_name("Aceites del Sur 5.A.") == "Aceites del Sur S.A."
    assert not _looks_like_address("Aceites del Sur 5.A.")  # "Sur 5" is no street and number here


def test_ou_read_with_the_russian_model_is_ou():
    assert tidy_name("Tallinna Kaubad ОУ") == "Tallinna Kaubad OÜ"


def test_a_heading_and_its_translation_joined_across_a_slash_ocr_read_as_an_exclamation_mark():
    from assets.extraction import extract_invoice
    from tests.support.word_pages import page

    rows = [(40, [(200, "RĒĶINS / Invoice")]), (60, [(40, "Pārdevējs / Seller:"), (300, "Maksātājs ! To:")]),
            (75, [(40, "Baltic Wood AS"), (300, "Gaujas Koks AS")])]
    assert extract_invoice(page(*rows))["buyer"]["name"] == "Gaujas Koks AS"


def test_a_speck_beside_a_dot_of_a_legal_form_goes():
    assert tidy_name("Tessitura Como S..r.l.") == "Tessitura Como S.r.l."


def test_a_sole_traders_form_read_as_bars_is_its_form_and_one_set_apart_stays_with_the_name():
    from assets.extraction import extract_invoice
    from assets.ocr.model import Document, Page, Word

    assert tidy_name("Ramunės Jankauskienės ||") == "Ramunės Jankauskienės IĮ"
    assert tidy_name("Rasos Jankauskienės I|") == "Rasos Jankauskienės IĮ"
    assert tidy_name("Gouda Kaas ||") == "Gouda Kaas"  # bars after a name that is not Lithuanian are bars
    # a slip's monospaced header: a gap sets the legal form in a cell of its own
    words = [Word("Jono", 73.9, 17.5, 90.2, 22.6), Word("Jankauskienės", 95.5, 17.0, 150.5, 22.6),
             Word("IĮ", 156.0, 17.5, 163.2, 23.8),
             Word("Įmonės", 69.6, 35.8, 95.0, 41.0), Word("kodas:", 98.0, 35.8, 120.0, 41.0),
             Word("375558557", 124.0, 35.8, 164.0, 41.0),
             Word("PARDAVIMO", 84.5, 64.3, 124.0, 69.5), Word("KVITAS", 128.0, 64.3, 154.0, 69.5)]
    seller = extract_invoice(Document([Page(1, 230, 300, words, "tesseract", False)]))["seller"]
    assert (seller["name"], seller["companyCode"]) == ("Jono Jankauskienės IĮ", "375558557")


@pytest.mark.parametrize("read, expected", [
    ("UAB jūros vartai", "UAB Jūros vartai"),        # after the legal form
    ('UAB "jūros vartai"', 'UAB "Jūros vartai"'),    # and its quote
    ("jono Kazlausko IĮ", "Jono Kazlausko IĮ"),
    ("„jūros vartai“ UAB", "„Jūros vartai“ UAB"),
    ("eBay GmbH", "eBay GmbH"),                      # a capital inside: printed so
    ("UAB Duomenų centras", "UAB Duomenų centras"),  # only the first word
    ("UAB", "UAB"),                                  # a legal form alone
])
def test_a_name_s_first_word_starts_with_a_capital(read, expected):
    from assets.extraction.parties.misread_names import capital_first_word

    assert capital_first_word(read) == expected


def test_a_closing_quote_ocr_lost_after_a_quoted_name_is_put_back():
    from assets.extraction.parties.misread_names import closed_quote

    assert closed_quote('UAB "Žemaitijos kelias') == 'UAB "Žemaitijos kelias"'
    assert closed_quote("UAB „Žemaitijos kelias") == "UAB „Žemaitijos kelias“"
    # Only after a legal form, the name running to the end: else nothing says where it closed.
    assert closed_quote('"Žemaitijos kelias') == '"Žemaitijos kelias'
    assert closed_quote('UAB "Statybų sprendimai AB') == 'UAB "Statybų sprendimai AB'


def test_only_a_name_read_whole_by_ocr_gets_its_closing_quote():
    from assets.extraction import extract_invoice
    from tests.support.word_pages import page, scanned

    rows = [(40, [(40, "PVM SĄSKAITA FAKTŪRA")]), (80, [(40, "Pirkėjas:")]), (95, [(40, 'UAB "Žemaitijos kelias')]),
            (110, [(40, "PVM kodas: LT100001738313")])]
    assert extract_invoice(scanned(page(*rows)))["buyer"]["name"] == 'UAB "Žemaitijos kelias"'
    assert extract_invoice(page(*rows))["buyer"]["name"] == 'UAB "Žemaitijos kelias'  # a text layer is exact


def test_a_speck_inside_an_opening_quote_goes():
    assert tidy_name('UAB ".Vėjo malūnas"') == 'UAB "Vėjo malūnas"'
    assert tidy_name('VšĮ "_Duomenų centras"') == 'VšĮ "Duomenų centras"'
    assert tidy_name('UAB "3D studija"') == 'UAB "3D studija"'


@pytest.mark.parametrize("read, name", [
    ("Tulpen LogistiekN.V.", "Tulpen Logistiek N.V."),   # the space before the form lost
    ("MaschinenbauGmbH", "Maschinenbau GmbH"),
    ("AmazonSE", "Amazon SE"),
    ("NASA", "NASA"),                                     # capitals before it: no seam to tell
    ("Rheinmetallbau GmbH & Co. KG", "Rheinmetallbau GmbH & Co. KG"),
    ("Au bon moulin SARL", "Au bon moulin SARL"),
])
def test_a_legal_form_glued_to_the_name_gets_its_space_back(read, name):
    assert tidy_name(read) == name


def test_a_legal_form_several_countries_use_leaves_the_name_to_them():
    from assets.extraction.alphabets import countries_of_form
    assert countries_of_form("Biuro prekės AB") == ("LT", "SE")
    assert countries_of_form("Saare Kala AS") == ("EE", "LV", "NO")
    assert countries_of_form("Šiaurės vilkas UAB") == ()   # one country's form: country_of_name
