"""Window letters printed by Chromium and read back from the PDF's text layer.

Written here, not drawn from the corpus: a DIN-style letter whose buyer stands in the
envelope window under a return-address line, whose invoice data stand in a narrow table
beside it (the number wraps at its hyphen), and whose seller is named only by a logo and
by a footer of three columns right under the totals, far from the page's foot.
"""

import pytest

from assets.extraction import extract_invoice
from assets.ocr import read_document
from corpus.layouts import chromium

CSS = """
@page { size: A4; margin: 18mm 20mm; }
body { font-family: 'DejaVu Sans', sans-serif; font-size: 9.5pt; }
.logo { font-size: 18pt; font-weight: bold; text-align: right; }
.window { position: absolute; top: 45mm; left: 0; width: 85mm; }
.ret { font-size: 6.5pt; border-bottom: 0.5pt solid #999; margin-bottom: 2mm; }
.info { position: absolute; top: 45mm; left: 110mm; width: 60mm; }
.main { margin-top: 95mm; }
h1 { font-size: 14pt; }
table.items { width: 100%; border-collapse: collapse; }
.n { text-align: right; }
.totals { margin-left: 60%; width: 40%; }
.footer { margin-top: 12mm; border-top: 0.5pt solid #999; font-size: 7.5pt; display: flex; }
.footer div { flex: 1; }
"""

LETTERS = {
    "de": dict(title="Rechnung", num="Rechnungsnummer", date="Rechnungsdatum", due="Fällig am", cust="Kundennummer",
               head=("Pos.", "Bezeichnung", "Menge", "Einzelpreis", "Gesamt"), net="Nettobetrag", vat="USt. 19 %",
               gross="Gesamtbetrag", vat_amount="57,00", total="357,00", bank="Commerzbank AG", iban="IBAN",
               register="Amtsgericht Hamburg HRB 12345", vat_label="USt-IdNr.", manager="Geschäftsführer: Max Muster",
               seller=("Nordlicht Technik GmbH", "Hafenstraße 12", "20457 Hamburg", "DE136695976",
                       "DE89 3704 0044 0532 0130 00"),
               buyer=("Müller Bau AG", "z. Hd. Frau Anna Schmidt", "Lindenallee 5", "80331 München"),
               expected=("Nordlicht Technik GmbH", "HRB 12345", "DE136695976", "Müller Bau AG")),
    "lt": dict(title="PVM sąskaita faktūra", num="Sąskaitos Nr.", date="Data", due="Apmokėti iki", cust="Kliento kodas",
               head=("Nr.", "Pavadinimas", "Kiekis", "Kaina", "Suma"), net="Suma be PVM", vat="PVM 21 %",
               gross="Iš viso", vat_amount="63,00", total="363,00", bank="AB SEB bankas", iban="A/s",
               register="Įmonės kodas 302345678", vat_label="PVM kodas", manager="Direktorius Jonas Jonaitis",
               seller=("UAB „Šiaurės vėjas“", "Gedimino pr. 1", "LT-01103 Vilnius", "LT100001738313",
                       "LT12 1000 0111 0100 1000"),
               buyer=("UAB „Medžio darbai“", "Laisvės al. 10", "LT-44001 Kaunas"),
               expected=("UAB „Šiaurės vėjas“", "302345678", "LT100001738313", "UAB „Medžio darbai“")),
    # "N° client" and "Customer / no." wrapped: a customer's number, neither the customer nor a heading
    "fr": dict(title="Facture", num="N° de facture", date="Date de facture", due="Échéance", cust="N° client",
               head=("Pos.", "Désignation", "Qté", "Prix unitaire", "Montant"), net="Total HT", vat="TVA 20 %",
               gross="Total TTC", vat_amount="60,00", total="360,00", bank="BNP Paribas", iban="IBAN",
               register="RCS Lyon", vat_label="N° TVA", manager="Gérant : Jean Dupont",
               seller=("Atelier Lumière SARL", "12 rue des Lilas", "69002 Lyon", "FR44732829320",
                       "FR76 3000 6000 0112 3456 7890 189"),
               buyer=("Boulangerie du Pont SAS", "À l'attention de M. Martin", "5 place du Marché", "75004 Paris"),
               expected=("Atelier Lumière SARL", None, "FR44732829320", "Boulangerie du Pont SAS")),
    "en": dict(title="Invoice", num="Invoice number", date="Invoice date", due="Due date", cust="Customer no.",
               head=("No.", "Description", "Qty", "Unit price", "Amount"), net="Subtotal", vat="VAT 20%",
               gross="Total due", vat_amount="60.00", total="360.00", bank="Barclays Bank PLC", iban="IBAN",
               register="Company no. 01234567", vat_label="VAT no.", manager="Director: John Smith",
               seller=("Northwind Trading Ltd", "1 High Street", "London EC1A 1BB", "GB980780684",
                       "GB33 BUKB 2020 1555 5555 55"),
               buyer=("Medžio darbai UAB", "Laisvės al. 10", "LT-44001 Kaunas", "Lithuania"),
               expected=("Northwind Trading Ltd", "01234567", "GB980780684", "Medžio darbai UAB")),
}


def _letter(w: dict) -> str:
    seller, head = w["seller"], w["head"]
    window = "".join(f"<div>{line}</div>" for line in w["buyer"])
    yours = "".join(f"<tr><td>{label}:</td><td>{code}</td></tr>" for label, code in w.get("yours", []))
    return f"""<html><head><style>{CSS}</style></head><body>
<div class="logo">{seller[0]}</div>
<div class="window"><div class="ret">{seller[0]} · {seller[1]} · {seller[2]}</div>{window}</div>
<div class="info"><table>
<tr><td>{w['num']}:</td><td>RE-2026-0412</td></tr><tr><td>{w['date']}:</td><td>14.03.2026</td></tr>
<tr><td>{w['due']}:</td><td>28.03.2026</td></tr><tr><td>{w['cust']}:</td><td>10233</td></tr>{yours}</table></div>
<div class="main"><h1>{w['title']}</h1>
<table class="items"><tr>{''.join(f'<th>{h}</th>' for h in head)}</tr>
<tr><td>1</td><td>Wartung Server</td><td class="n">2</td><td class="n">150,00</td><td class="n">300,00</td></tr></table>
<table class="totals"><tr><td>{w['net']}</td><td class="n">300,00 €</td></tr>
<tr><td>{w['vat']}</td><td class="n">{w['vat_amount']} €</td></tr>
<tr><td><b>{w['gross']}</b></td><td class="n"><b>{w['total']} €</b></td></tr></table>
<div class="footer"><div>{seller[0]}<br>{seller[1]}<br>{seller[2]}</div>
<div>{w['bank']}<br>{w['iban']} {seller[4]}</div>
<div>{w['register']}<br>{w['vat_label']} {seller[3]}<br>{w['manager']}</div></div>
</div></body></html>"""


@pytest.fixture(scope="module", autouse=True)
def _browser():
    """One Chromium for the module, stopped after it: a sync Playwright session left
    running would stand in the way of the browser tests that come later."""
    yield
    chromium.close()


@pytest.mark.parametrize("language", sorted(LETTERS))
def test_a_printed_window_letter_with_its_seller_in_columns_under_the_totals(language):
    letter = LETTERS[language]
    inv = extract_invoice(read_document(chromium.render(_letter(letter)), "application/pdf"))
    assert (inv["invoiceNumber"], inv["issueDate"], inv["dueDate"]) == ("RE-2026-0412", "2026-03-14", "2026-03-28")
    seller, buyer = inv["seller"], inv["buyer"]
    assert (seller["name"], seller["companyCode"], seller["vatCode"], buyer["name"]) == letter["expected"]
    assert buyer["vatCode"] is None  # the seller's codes are not the addressee's


@pytest.mark.parametrize("language, label, code", [("lt", "Jūsų PVM kodas", "LT117320600113"),
                                                   ("de", "Ihre USt-IdNr.", "DE676122202")])
def test_your_vat_number_in_the_info_column_is_the_addressees(language, label, code):
    """The label wraps in the narrow column ("Jūsų PVM" / "kodas:") beside its code."""
    letter = dict(LETTERS[language], yours=[(label, code)])
    inv = extract_invoice(read_document(chromium.render(_letter(letter)), "application/pdf"))
    assert (inv["buyer"]["name"], inv["buyer"]["vatCode"]) == (letter["expected"][3], code)
    assert (inv["seller"]["name"], inv["seller"]["vatCode"]) == (letter["expected"][0], letter["expected"][2])


def test_a_scanned_letter_whose_lines_ocr_garbled_into_one_word_is_read_again():
    """Scanned, the info column's "RE-2026-" over "0412" comes back from Tesseract's
    layout step as one tall word it is unsure of; read again as a block, it is two lines."""
    import random

    from corpus import degrade

    data, mime, _ = degrade.scan(chromium.render(_letter(LETTERS["de"])), random.Random(2))
    assert extract_invoice(read_document(data, mime))["invoiceNumber"] == "RE-2026-0412"
