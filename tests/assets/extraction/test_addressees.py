"""How a party's name is printed in an address block: a form of address on the line over
it, a name wrapped over two lines that ends in its legal form, a window address with a
contact person between the name and the street. Pages made by hand, in the packs' words."""

from assets.extraction import extract_invoice
from assets.extraction.parties.names import is_salutation, looks_like_name
from tests.support.word_pages import page


def test_a_salutation_alone_is_no_name():
    for text in ("Herrn", "Frau", "Madame", "Mme", "Mr.", "Firma"):
        assert is_salutation(text) and not looks_like_name(text), text
    for text in ("Herrn Max Mustermann", "Herrmann GmbH", "Mme Claire Martin", "Frauenhofer Institut"):
        assert not is_salutation(text), text


def test_a_salutation_over_the_name_is_printed_with_it():
    rows = [
        (100, [(50, "Verkäufer:")]),
        (112, [(50, "MVM Musterhafter")]),
        (124, [(50, "Versicherungsverein Musterstadt a.G.")]),  # a name wrapped to its legal form
        (136, [(50, "Hauptstraße 1")]),
        (148, [(50, "DE 80331 München")]),
        (160, [(50, "USt.-Id.-Nr."), (128, ":"), (140, "DE811569869")]),
        (190, [(50, "Käufer:")]),
        (202, [(50, "Herrn")]),
        (214, [(50, "Max Mustermann")]),
        (226, [(50, "Ringstraße 5")]),
        (238, [(50, "DE 50667 Köln")]),
    ]
    inv = extract_invoice(page(*rows))
    assert inv["seller"]["name"] == "MVM Musterhafter Versicherungsverein Musterstadt a.G."
    assert inv["buyer"]["name"] == "Herrn Max Mustermann"


def _window_letter(*window):
    return page(
        (40, [(300, "Nordwind Handels GmbH")]),
        (52, [(300, "Hafenweg 3, 20457 Hamburg")]),
        (64, [(300, "USt-IdNr.: DE811569869")]),
        *window,
        (260, [(50, "Rechnung Nr. NW-2026-31")]),
        (280, [(50, "Rechnungsdatum"), (200, "02.03.2026")]),
    )


def test_a_window_address_is_named_by_its_first_line_not_by_the_contact_under_it():
    inv = extract_invoice(_window_letter(
        (140, [(50, "Ma jolie boutique")]),
        (152, [(50, "Alexandre Payet")]),
        (164, [(50, "35 rue de la République")]),
        (176, [(50, "69001 Lyon")]),
    ))
    assert inv["buyer"]["name"] == "Ma jolie boutique"
    assert inv["seller"]["name"] == "Nordwind Handels GmbH"


def test_a_window_address_under_a_salutation():
    inv = extract_invoice(_window_letter(
        (140, [(50, "Frau")]),
        (152, [(50, "Erika Beispiel")]),
        (164, [(50, "Lindenallee 7")]),
        (176, [(50, "10115 Berlin")]),
    ))
    assert inv["buyer"]["name"] == "Frau Erika Beispiel"


def test_the_buyers_code_among_the_invoice_data_is_named_by_the_window():
    # "N° TVA client" in the invoice's data block prints the buyer's code without a name;
    # the addressee in the window is that buyer.
    inv = extract_invoice(page(
        (30, [(110, "Au bon moulin SARL - 1242 chemin de l'olive - 84340 Malaucène - France")]),
        (50, [(110, "TVA : FR11999999998 - SIRET : 99999999800010")]),
        (95, [(32, "Facture FA-2017-0010")]),
        (135, [(327, "Ma jolie boutique")]),
        (148, [(327, "Alexandre Payet")]),
        (160, [(327, "35 rue de la République")]),
        (173, [(327, "69001 Lyon")]),
        (224, [(35, "Date de facture"), (155, "13/11/2017")]),
        (292, [(35, "Réf. marché"), (155, "MSPE2017")]),
        (309, [(35, "N° TVA client"), (155, "FR19787878784")]),
    ))
    assert (inv["buyer"]["name"], inv["buyer"]["vatCode"]) == ("Ma jolie boutique", "FR19787878784")


def test_a_field_of_a_key_value_block_is_no_name_whatever_its_value():
    assert not looks_like_name("Nummer : Liselotte Müllermann")
    assert looks_like_name("Liselotte Müllermann")
    rows = [
        (100, [(50, "Verkäufer:")]),
        (112, [(50, "Verkehrsbetriebe GmbH")]),
        (124, [(50, "Musterstraße 3")]),
        (136, [(50, "DE 12345 Berlin")]),
        (148, [(50, "USt.-Id.-Nr. : DE811569869")]),
        (172, [(50, "Käufer:")]),
        (184, [(50, "Nummer : Liselotte Müllermann")]),
        (196, [(50, "Liselotte Müllermann")]),
        (208, [(50, "Ringstraße 5")]),
        (220, [(50, "DE 50667 Köln")]),
    ]
    assert extract_invoice(page(*rows))["buyer"]["name"] == "Liselotte Müllermann"
