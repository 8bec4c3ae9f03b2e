"""Labels, titles and OCR language choice in the languages of the lexicon."""

import pytest

from assets.extraction import ALL_LABELS
from assets.extraction.hits import find_hits
from assets.extraction.labels import DOCUMENT_TYPES, TABLE_COLUMNS
from assets.extraction.lines import TextLine
from assets.extraction.normalize import fold
from assets.ocr import Word
from assets.ocr.languages import installed, second_language

TESSDATA = "/usr/share/tesseract-ocr/5/tessdata"


def _line(text: str) -> TextLine:
    words, x = [], 40.0
    for token in text.split():
        words.append(Word(token, x, 100, x + 5 * len(token), 110))
        x += 5 * len(token) + 3
    return TextLine(1, 0, words)


def _keys(text: str, defs=ALL_LABELS) -> list[str]:
    return [h.key for h in find_hits(_line(text), defs)]


# One line per language and label key: the label as such an invoice prints it.
@pytest.mark.parametrize("text, key", [
    ("Rechnungsnummer: RE-2026-0417", "invoice_number"), ("Rechnungsdatum: 14.03.2026", "issue_date"),
    ("Fällig am: 28.03.2026", "due_date"), ("Verkäufer", "seller"), ("Käufer", "buyer"),
    ("USt-IdNr.: DE136695976", "vat_code"), ("Gesamtbetrag 35,46", "gross"), ("Zwischensumme 29,80", "net"),
    ("Numéro de facture : F-12", "invoice_number"), ("Date d'échéance : 28/03/2026", "due_date"),
    ("Fournisseur", "seller"), ("N° TVA intracommunautaire : FR40303265045", "vat_code"),
    ("Total HT 100,00", "net"), ("Total TTC 120,00", "gross"), ("Net à payer 120,00", "payable"),
    ("Faktura nr FV/1/2026", "invoice_number"), ("Data wystawienia: 2026-03-14", "issue_date"),
    ("Sprzedawca", "seller"), ("Nabywca", "buyer"), ("NIP: 5260250274", "vat_code"),
    ("Razem do zapłaty 123,00", "payable"), ("Termin płatności: 2026-03-28", "due_date"),
    ("Rēķina Nr. 17", "invoice_number"), ("Pārdevējs", "seller"), ("Pircējs", "buyer"),
    ("PVN maksātāja Nr. LV40003032949", "vat_code"), ("Kopā apmaksai 10,00", "payable"),
    ("Arve nr 17", "invoice_number"), ("Müüja", "seller"), ("Ostja", "buyer"), ("KMKR EE100931558", "vat_code"),
    ("Registrikood 10137319", "company_code"), ("Maksetähtaeg 28.03.2026", "due_date"),
    ("Factuurnummer 2026-17", "invoice_number"), ("Factuurdatum 14-03-2026", "issue_date"),
    ("Verkoper", "seller"), ("BTW-nummer NL001234567B01", "vat_code"), ("Te betalen 12,00", "payable"),
    ("Numero fattura 17", "invoice_number"), ("Partita IVA IT00743110157", "vat_code"),
    ("Imponibile 100,00", "net"), ("Cedente", "seller"), ("Cessionario", "buyer"),
    ("Número de factura 17", "invoice_number"), ("Fecha de vencimiento 28/03/2026", "due_date"),
    ("Base imponible 100,00", "net"), ("Total a pagar 121,00", "payable"), ("Proveedor", "seller"),
    ("Продавец", "seller"), ("Покупатель", "buyer"), ("ИНН 7707083893", "vat_code"),
    ("Итого к оплате 1 000,00", "payable"), ("Сумма без НДС 833,33", "net"),
    # due dates, issue dates and numbers as other invoicing programs word them
    ("Pagamento entro 11 marzo 2025", "due_date"), ("Da pagare entro il 11/03/2025", "due_date"),
    ("À régler avant le 28/03/2026", "due_date"), ("Zu zahlen bis 28.03.2026", "due_date"),
    ("Pagar antes de 28/03/2026", "due_date"), ("Срок платежа 28.03.2026", "due_date"),
    ("Te betalen vóór 28-03-2026", "due_date"), ("Tasumise tähtaeg 28.03.2026", "due_date"),
    ("Payable by 28 March 2026", "due_date"), ("Ausgestellt am 14.03.2026", "issue_date"),
    ("Data faktury 2026-03-14", "issue_date"), ("Fecha emisión 14/03/2026", "issue_date"),
    ("Nr dokumentu FV/1/2026", "invoice_number"), ("Dokumenta Nr. RK 17", "invoice_number"),
    ("Nº de factura 17", "invoice_number"), ("N. fattura 17", "invoice_number"),
])
def test_labels_of_each_language(text, key):
    assert key in _keys(text), (text, _keys(text))


@pytest.mark.parametrize("text, rate", [("MwSt 19 % 5,66", "19"), ("TVA 20 % 20,00", "20"),
                                        ("PVN 21% 2,10", "21"), ("НДС 20% 166,67", "20"), ("IVA (22%) 22,00", "22")])
def test_vat_labels_carry_their_rate(text, rate):
    (hit,) = [h for h in find_hits(_line(text), ALL_LABELS) if h.key == "vat"]
    assert hit.group("rate") == rate


@pytest.mark.parametrize("header", [
    "Pos. Bezeichnung Menge Einheit Einzelpreis Gesamtpreis", "Désignation Qté Prix unitaire Montant HT",
    "Lp. Nazwa towaru Ilość J.m. Cena netto Wartość netto", "Nosaukums Daudzums Mērv. Cena Summa",
    "Nimetus Kogus Ühik Hind Summa", "Omschrijving Aantal Prijs Bedrag", "Descrizione Quantità Prezzo Importo",
    "Descripción Cantidad Precio Importe", "Наименование Кол-во Цена Сумма",
])
def test_table_headers_of_each_language(header):
    keys = _keys(header, TABLE_COLUMNS)
    assert {"description", "quantity", "unitPrice"} <= set(keys), keys


@pytest.mark.parametrize("title, kind", [
    ("Rechnung", "invoice"), ("Gutschrift", "credit_note"), ("Facture", "invoice"), ("Avoir", "credit_note"),
    ("Faktura VAT", "vat_invoice"), ("Faktura korygująca", "credit_note"), ("Rēķins", "invoice"),
    ("Arve", "invoice"), ("Factuur", "invoice"), ("Creditnota", "credit_note"), ("Fattura", "invoice"),
    ("Nota di credito", "credit_note"), ("Factura", "invoice"), ("Счет-фактура", "vat_invoice"),
    ("Счет на оплату", "invoice"), ("Paragon fiskalny", "receipt"),
    ("PVM sąskaita faktūra", "vat_invoice"), ("Kreditinė sąskaita faktūra", "credit_note"),
    ("Kwitantie", "receipt"), ("ČEKS", "receipt"), ("Tšekk", "receipt"), ("Чек", "receipt"),
    ("Proforma arve", "proforma"), ("Pro-formafactuur", "proforma"), ("Кредитный счёт", "credit_note"),
])
def test_document_titles(title, kind):
    folded = fold(title)
    assert next(k for k, pattern in DOCUMENT_TYPES if pattern.search(folded)) == kind


@pytest.mark.skipif(not (installed("rus", TESSDATA) and installed("deu", TESSDATA)),
                    reason="tesseract-ocr-rus / -deu not installed (make system-deps)")
def test_ocr_language_follows_script_and_words():
    garbled = "Cuet Ha onnaty Ne 117 ot 14 mapta".split()
    assert second_language(garbled, "lit", TESSDATA, "Cyrillic", mean_conf=0.69) == "rus"
    assert second_language(garbled, "lit", TESSDATA, "Cyrillic", mean_conf=0.91) is None  # OSD alone is not enough
    assert second_language(garbled, "lit", TESSDATA, "Latin", mean_conf=0.5) is None
    # A Russian receipt read with the Latin model: capitals inside words give it away.
    receipt = ("GaHepa 12 MM MoAnucka Ha nporpaMMy ObucHoe KpecnO KoHcynbTaLKOHHbIe YCAYTU 06yueHne nepcoHana "
               "MepeBo3Ka Pura-BunbHOC Wroro 6e3 HAC HanuuHbiMu").split()
    assert second_language(receipt, "lit", TESSDATA, None, mean_conf=0.9) == "rus"
    english = ("Invoice Consulting services Software subscription Industrial cable Office paper Wireless "
               "mouse Translation Amount excluding McDonald").split()
    assert second_language(english, "lit", TESSDATA, None, mean_conf=0.9) is None
    german = "RECHNUNG Nr. 17 Rechnungsdatum Menge Einzelpreis Gesamtpreis MwSt Zahlbar".split()
    assert second_language(german, "lit", TESSDATA) == "deu"
    lithuanian = "PVM SĄSKAITA FAKTŪRA Serija Nr. Pardavėjas Pirkėjas Kiekis Kaina Suma".split()
    assert second_language(lithuanian, "lit", TESSDATA) is None
    english = "INVOICE No. Date Seller Buyer Quantity Price Amount Total VAT Netto".split()
    assert second_language(english, "lit", TESSDATA) is None
    assert second_language(["Rechnung", "Menge"], "lit", TESSDATA) is None  # too little evidence
    # German invoice words are compounds more often than not: a cover page's
    compounds = "Handelsrechnung Nr. 471102 Rechnungswährung EUR 2.0-Rechnungen Verkäufer".split()
    assert second_language(compounds, "lit", TESSDATA) == "deu"
    assert second_language("Handelsrechnung Nr. 471102".split(), "lit", TESSDATA) is None
    # A Russian invoice OSD took for Latin, read with the Latin model: its words as garbled
    russian = "CuėT Ne: 0808 Cpok onnaTbi Kon HAC: LV40004678218 Tosap Uena Cymma 663 HAC: Vroro c HAC".split()
    assert second_language(russian, "lit", TESSDATA, "Latin", mean_conf=0.85) == "rus"
    assert second_language("Kon 12 HAC".split(), "lit", TESSDATA) is None  # too little evidence
