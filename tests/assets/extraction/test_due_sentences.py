"""A due date stated in a sentence of payment terms, in the packs' words: the request to
pay followed by the deadline word and the date."""

import pytest

from assets.extraction import extract_invoice
from tests.support.word_pages import page


@pytest.mark.parametrize("sentence, due", [
    ("Bitte überweisen Sie bis zum 29.10.2015.", "2015-10-29"),
    ("Bitte überweisen Sie den Rechnungsbetrag bis 12.11.2015 auf unser Konto.", "2015-11-12"),
    ("Please remit until 2020-12-12.", "2020-12-12"),
    ("Please pay the total amount no later than 15/01/2021.", "2021-01-15"),
    ("Facture à régler au plus tard le 05/12/2017 par virement.", "2017-12-05"),
])
def test_a_due_date_in_a_sentence(sentence, due):
    inv = extract_invoice(page(
        (60, [(50, "Rechnung Nr. RE-4711 vom 08.10.2015")]),
        (600, [(50, sentence)]),
    ))
    assert inv["dueDate"] == due


def test_a_period_in_a_sentence_is_no_due_date():
    inv = extract_invoice(page(
        (60, [(50, "Rechnung Nr. RE-4711 vom 08.10.2015")]),
        (600, [(50, "Leistungszeitraum vom 01.10.2015 bis zum 31.10.2015")]),
    ))
    assert inv["dueDate"] is None
