"""How a party's name is printed in an address block: a form of address on the line over
it, a name wrapped over two lines that ends in its legal form, a window address with a
contact person between the name and the street. Pages made by hand, in the packs' words."""

from assets.extraction import extract_invoice
from assets.extraction.parties.names import is_salutation, looks_like_name

from .test_rules import page


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
