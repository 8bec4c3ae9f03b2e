"""Label words of the other EU languages: de, fr, pl, lv, et, nl, it, es, ru.

``labels.py`` holds the Lithuanian and English dictionaries the engine was built on; this
module adds the same label keys in nine more languages, so a German "Rechnungsnummer",
a Polish "Sprzedawca" or a Russian "Итого к оплате" is read like its Lithuanian twin.
Words are written as printed; they are folded (lower case, no diacritics, see
``normalize.fold``) when compiled, and follow the pattern rules of ``labels._rx``
("a space" = one or more spaces, ". " = a dot and optional spaces). Labels remain a
hint: identifiers, amounts and arithmetic decide, so a word missing here costs a
little confidence, not a value.
"""

from __future__ import annotations

from typing import Callable

from .normalize import fold

# key -> language -> patterns. ``{rate}`` marks where a VAT rate may follow ("MwSt 19 %").
HEADINGS = {
    # "From" / "To" in each language: short words, headings only with their colon or as a
    # capitalised cell of their own (see ``fields.stands_as_heading``).
    "seller/0.5": {
        "de": ["von"], "fr": ["de"], "pl": ["od"], "lt": ["nuo"], "nl": ["van"], "it": ["da"], "es": ["de"],
        "et": ["kellelt"], "ru": ["от"],
    },
    "buyer/0.5": {
        "de": ["an"], "fr": ["a"], "pl": ["do"], "lt": ["kam"], "nl": ["aan"], "it": ["a"], "es": ["para"],
        "et": ["kellele"], "lv": ["kam"], "ru": ["кому"],
    },
    "seller": {
        "de": ["verkäufer", "lieferant", "rechnungssteller", "rechnungsaussteller", "auftragnehmer",
               "leistungserbringer", "absender", "anbieter", "zahlungsempfänger",
               "kontoinhaber"],
        "fr": ["vendeur", "fournisseur", "émetteur", "prestataire", "émis par", "expéditeur", "bénéficiaire",
               "titulaire du compte"],
        "pl": ["sprzedawca", "sprzedający", "dostawca", "wystawca", "usługodawca", "nadawca"],
        "lv": ["pārdevējs", "piegādātājs", "pakalpojuma sniedzējs", "izrakstītājs", "rēķina izrakstītājs", "sūtītājs"],
        "et": ["müüja", "tarnija", "teenuse osutaja", "arve esitaja", "arve väljastaja", "saatja"],
        "nl": ["verkoper", "leverancier", "afzender", "begunstigde", "rekeninghouder"],
        "it": ["venditore", "fornitore", "cedente", "cedente/prestatore", "mittente", "emittente", "beneficiario"],
        "es": ["vendedor", "proveedor", "emisor", "remitente", "emitido por", "beneficiario", "titular de la cuenta"],
        "ru": ["продавец", "поставщик", "исполнитель", "отправитель", "грузоотправитель"],
    },
    "buyer": {
        "de": ["käufer", "kunde", "rechnungsempfänger", "empfänger", "auftraggeber", "rechnung an",
               "leistungsempfänger", "rechnungsadresse", "rechnungsanschrift"],
        "fr": ["acheteur", "client", "destinataire", "facturé à", "facturer à", "adressé à",
               "adresse de facturation"],
        "pl": ["nabywca", "odbiorca", "kupujący", "płatnik", "zamawiający", "usługobiorca",
               "adres do faktury", "dane nabywcy"],
        "lv": ["pircējs", "saņēmējs", "maksātājs", "pasūtītājs", "rēķina saņēmējs"],
        "et": ["ostja", "maksja", "klient", "tellija", "saaja", "arve saaja"],
        "nl": ["koper", "klant", "factuur aan", "afnemer", "factuuradres"],
        "it": ["acquirente", "cliente", "cessionario", "committente", "cessionario/committente", "destinatario",
               "intestatario", "spett. le", "spettabile",
               "indirizzo di fatturazione", "fatturare a"],
        "es": ["comprador", "cliente", "destinatario", "facturar a", "facturado a", "dirección de facturación"],
        "ru": ["покупатель", "заказчик", "плательщик", "грузополучатель", "получатель"],
    },
}

PARTY_FIELDS = {
    "company_code": {
        "de": ["handelsregisternummer", "handelsregister", "registernummer", "hr-nr. ", "reg. -nr. ", "hrb-nr. ",
               "hrb nr. ", "hra-nr. ", "firmenbuchnummer", "fn"],
        "fr": ["siren", "siret", "n° siren", "n° siret", "rcs", "numéro siret"],
        "pl": ["regon", "krs", "nr krs", "nr regon"],
        "lv": ["reģ. nr. ", "reģistrācijas nr. ", "reģistrācijas numurs", "vienotais reģistrācijas numurs",
               "reģ. numurs"],
        "et": ["registrikood", "reg. kood", "reg. nr. "],
        "nl": ["kvk", "kvk-nummer", "kvk nr. ", "kamer van koophandel"],
        "it": ["codice fiscale", "c. f. ", "rea", "n. rea"],
        "es": ["cif", "c. i. f. ", "nif", "n. i. f. "],
        "ru": ["огрн", "кпп", "рег. номер", "рег. №", "регистрационный код", "регистрационный номер", "рег. код",
               "код предприятия", "код организации"],
    },
    "vat_code": {
        "de": ["ust-idnr. ", "ust-id-nr. ", "ust-id", "ust. -idnr. ", "ust. -id", "umsatzsteuer-id",
               "umsatzsteuer-identifikationsnummer", "ust-identifikationsnummer", "uid-nr. ", "uid", "mwst-nr. "],
        "fr": ["tva intracommunautaire", "n° tva intracommunautaire", "n° tva", "numéro de tva",
               "tva intracom. ", "n° de tva", "tva"],
        "pl": ["nip", "nip ue", "vat ue", "nr nip"],
        "lv": ["pvn reģ. nr. ", "pvn maksātāja nr. ", "pvn maksātāja numurs", "pvn nr. ", "pvn reģ. numurs"],
        "et": ["kmkr", "kmkr nr. ", "km reg. nr. ", "käibemaksukohustuslase number", "käibemaksukohustuslase nr. ",
               "käibemaksukohustuslase"],
        "nl": ["btw-nummer", "btw nr. ", "btw-nr. ", "btw-id", "btw-identificatienummer", "btw"],
        "it": ["partita iva", "p. iva", "p. i. ", "iva"],
        "es": ["nif-iva", "nif iva", "n. i. f. -iva", "nº iva", "número de iva", "iva"],
        "ru": ["инн", "инн/кпп", "код ндс", "ндс рег. №", "ндс рег. номер", "номер плательщика ндс",
               "рег. номер ндс", "номер ндс"],
    },
    "address": {
        "de": ["anschrift", "adresse"], "fr": ["adresse", "siège social"], "pl": ["adres", "siedziba"],
        "lv": ["adrese", "juridiskā adrese"], "et": ["aadress"], "nl": ["adres"],
        "it": ["indirizzo", "sede legale"], "es": ["dirección", "domicilio"], "ru": ["адрес", "юридический адрес"],
    },
    "iban": {
        "de": ["kontonummer", "bankverbindung", "konto"], "fr": ["compte", "rib", "n° de compte"],
        "pl": ["nr konta", "numer rachunku", "nr rachunku", "rachunek bankowy", "konto"],
        "lv": ["konts", "norēķinu konts", "konta nr. "], "et": ["arveldusarve", "a/a", "pangakonto"],
        "nl": ["rekeningnummer", "rekening"], "it": ["conto corrente", "c/c"],
        "es": ["cuenta", "número de cuenta", "n° de cuenta"], "ru": ["р/с", "расчетный счет"],
    },
    "bank": {
        "de": ["bank", "kreditinstitut"], "fr": ["banque"], "pl": ["bank", "nazwa banku"], "lv": ["banka"],
        "et": ["pank"], "nl": ["bank"], "it": ["banca"], "es": ["banco", "entidad"], "ru": ["банк"],
    },
    "phone": {
        "de": ["telefon", "fon"], "fr": ["téléphone"], "pl": ["telefon"], "lv": ["tālrunis", "tālr. "],
        "et": ["telefon"], "nl": ["telefoon"], "it": ["telefono"], "es": ["teléfono"], "ru": ["телефон", "тел. "],
    },
    "email": {
        "de": ["e-mail"], "fr": ["courriel", "e-mail"], "pl": ["e-mail"], "lv": ["e-pasts"], "et": ["e-post"],
        "nl": ["e-mail"], "it": ["e-mail", "posta elettronica", "pec"], "es": ["correo electrónico", "correo"],
        "ru": ["эл. почта", "e-mail"],
    },
    "party_name": {
        "de": ["firmenname", "firma", "name der firma"], "fr": ["raison sociale", "dénomination"],
        "pl": ["nazwa firmy", "nazwa"], "lv": ["nosaukums", "uzņēmuma nosaukums"], "et": ["ettevõtte nimi", "nimi"],
        "nl": ["bedrijfsnaam", "naam"], "it": ["denominazione", "ragione sociale"],
        "es": ["razón social", "denominación"], "ru": ["наименование", "название организации"],
    },
    "other_code": {
        "de": ["postleitzahl", "plz", "kundennummer", "kunden-nr. ", "steuernummer", "st. -nr. "],
        "fr": ["code postal", "code client", "n° client", "n° de client", "numéro client", "numéro de client"],
        "pl": ["kod pocztowy", "nr klienta"], "lv": ["klienta nr. ", "klienta numurs"], "et": ["kliendi nr. ", "kliendikood"],
        "nl": ["postcode", "klantnummer", "klantnr. "], "it": ["cap", "codice cliente", "n. cliente"],
        "es": ["código postal", "n° cliente", "nº cliente", "número de cliente"],
    },
}

HEADER_FIELDS = {
    # A credit note's own number ...
    "credit_note_number": {
        "": ["credit note (?:no|nr|number|#)", "credit memo (?:no|nr|number|#)", "credit (?:note|memo) no. "],
        "de": ["gutschrift nr. ", "gutschrift-nr. ", "gutschriftsnummer", "gutschrift nummer"],
        "fr": ["avoir n°", "avoir no", "numéro d'avoir", "n° d'avoir"],
        "pl": ["faktura korygująca nr", "korekta nr"], "lv": ["kredītrēķins nr. ", "kredītrēķina nr. "],
        "et": ["kreeditarve nr. ", "kreeditarve nr"], "nl": ["creditnota nr. ", "creditnotanummer", "creditfactuur nr. "],
        "it": ["nota di credito n. ", "nota di credito n°", "nota di credito nr. "],
        "es": ["factura rectificativa n°", "factura rectificativa nº", "nota de crédito n°", "nota de crédito nº",
               "factura rectificativa número"],
        "ru": ["корректировочный счет №", "кредитный счет №"],
    },
    # ... and the invoice it corrects, whose number and date are not the document's.
    "original_invoice": {
        "": ["original invoice", "credited invoice", "corrected invoice", "invoice reference", "reference invoice",
             "relating to invoice", "for invoice"],
        "lt": ["kredituojama saskaita", "kredituojamos saskaitos", "koreguojama saskaita", "pradine saskaita",
               "susijusi saskaita"],
        "de": ["zur rechnung", "zu rechnung", "ursprüngliche rechnung", "originalrechnung", "bezug rechnung",
               "rechnungsbezug", "korrigierte rechnung", "bezieht sich auf rechnung"],
        "fr": ["facture d'origine", "facture initiale", "facture rectifiée", "sur facture", "facture originale",
               "facture de référence"],
        "pl": ["faktura korygowana", "dotyczy faktury", "do faktury", "faktura pierwotna"],
        "lv": ["sākotnējais rēķins", "koriģējamais rēķins", "pamatrēķins"],
        "et": ["algne arve", "korrigeeritav arve", "viitearve"],
        "nl": ["oorspronkelijke factuur", "originele factuur", "betreft factuur", "gecrediteerde factuur"],
        "it": ["fattura di riferimento", "fattura originale", "rif. fattura", "fattura rettificata"],
        "es": ["factura rectificada", "factura original", "factura de referencia"],
        "ru": ["к сч[её]ту", "исходный сч[её]т", "корректируемый сч[её]т"],
    },
    "invoice_number": {
        "de": ["rechnungsnummer", "rechnungs-nr. ", "rechnung nr. ", "rechnung-nr. ", "re-nr. ", "belegnummer",
               "beleg-nr. ", "rechnungsnr. ", "rg. -nr. ", "rg. nr. ", "dokumentnummer"],
        "fr": ["facture n°", "facture no", "numéro de facture", "n° de facture", "n° facture", "facture numéro",
               "n° de la facture", "numéro de la facture", "numéro de document"],
        "pl": ["faktura nr", "faktura vat nr", "numer faktury", "nr faktury", "nr dokumentu", "numer dokumentu"],
        "lv": ["rēķina nr. ", "rēķins nr. ", "rēķina numurs", "pavadzīmes nr. ", "dokumenta nr. ",
               "dokumenta numurs"],
        "et": ["arve nr. ", "arve number", "arve nr", "arvenr", "dokumendi nr. ", "dokumendi number"],
        "nl": ["factuurnummer", "factuur nr. ", "factuurnr. ", "factuur nummer", "documentnummer"],
        "it": ["fattura n. ", "fattura n°", "numero fattura", "fattura nr. ", "numero documento", "n. fattura",
               "fattura numero", "n. documento"],
        "es": ["factura n°", "factura nº", "número de factura", "factura no", "n° factura", "núm. factura",
               "nº de factura", "número factura", "factura número", "n° de factura"],
        "ru": ["счет-фактура №", "счет №", "номер счета", "счет на оплату №", "номер документа",
               "счет-фактура номер"],
    },
    "number": {"": ["n°", "№", "nº", "nummer", "numer", "numero", "número", "numurs"]},
    "issue_date": {
        "de": ["rechnungsdatum", "ausstellungsdatum", "belegdatum", "datum", "ausgestellt am", "datum der rechnung"],
        "fr": ["date de facture", "date de facturation", "date d'émission", "date de la facture", "date facture",
               "émise le", "facture du"],
        "pl": ["data wystawienia", "data faktury", "data dokumentu"],
        "lv": ["rēķina datums", "izrakstīšanas datums", "datums", "dokumenta datums", "izrakstīts"],
        "et": ["arve kuupäev", "kuupäev", "dokumendi kuupäev", "väljastamise kuupäev"],
        "nl": ["factuurdatum", "factuur datum", "datum factuur"],
        "it": ["data fattura", "data emissione", "data documento", "data della fattura", "data di emissione"],
        "es": ["fecha de factura", "fecha de emisión", "fecha factura", "fecha de expedición", "fecha",
               "fecha emisión", "fecha de la factura"],
        "ru": ["дата счета", "дата выставления", "дата", "дата документа", "дата составления"],
    },
    "due_date": {
        "de": ["fällig am", "fälligkeitsdatum", "fälligkeit", "zahlbar bis", "zahlungsziel", "fällig bis",
               "fällig zum", "zu zahlen bis", "zahlbar bis zum"],
        "fr": ["date d'échéance", "échéance", "à payer avant le", "date limite de paiement", "payable avant le",
               "à régler avant le", "règlement avant le", "date limite de règlement", "payable le"],
        "pl": ["termin płatności", "termin zapłaty", "płatne do", "zapłata do", "płatność do", "płatne do dnia"],
        "lv": ["apmaksas termiņš", "samaksas termiņš", "apmaksāt līdz", "samaksāt līdz", "jāsamaksā līdz",
               "apmaksas datums", "maksājuma termiņš", "samaksas datums"],
        "et": ["maksetähtaeg", "tasuda hiljemalt", "maksetähtpäev", "tasumise tähtaeg", "maksta hiljemalt",
               "tähtaeg"],
        "nl": ["vervaldatum", "te betalen voor", "uiterste betaaldatum", "te betalen vóór", "betalen voor",
               "vervaldag", "uiterlijk te betalen op"],
        "it": ["scadenza", "data scadenza", "data di scadenza", "pagamento entro", "da pagare entro",
               "pagare entro", "scadenza pagamento"],
        "es": ["fecha de vencimiento", "vencimiento", "fecha vencimiento", "pagar antes de", "fecha límite de pago",
               "a pagar antes de", "pago hasta"],
        "ru": ["срок оплаты", "оплатить до", "срок платежа", "дата оплаты", "оплатить не позднее"],
    },
    "delivery_date": {
        "de": ["lieferdatum", "leistungsdatum", "liefer-/leistungsdatum", "leistungszeitraum"],
        "fr": ["date de livraison", "date de prestation"],
        "pl": ["data sprzedaży", "data dostawy", "data wykonania usługi"],
        "lv": ["piegādes datums"], "et": ["tarne kuupäev", "tarnekuupäev"],
        "nl": ["leverdatum", "leveringsdatum"], "it": ["data consegna", "data di consegna"],
        "es": ["fecha de entrega", "fecha de servicio"], "ru": ["дата поставки", "дата отгрузки"],
    },
    "order_reference": {
        "de": ["bestellnummer", "bestell-nr. ", "ihre bestellung", "auftragsnummer", "auftrag nr. "],
        "fr": ["bon de commande", "commande n°", "référence commande", "n° de commande"],
        "pl": ["zamówienie nr", "nr zamówienia"], "lv": ["pasūtījuma nr. "], "et": ["tellimuse nr. "],
        "nl": ["ordernummer", "bestelnummer", "inkoopordernummer"], "it": ["ordine n. ", "numero ordine"],
        "es": ["pedido n°", "número de pedido", "n° de pedido"], "ru": ["заказ №", "номер заказа"],
    },
    "payment_terms": {
        "de": ["zahlungsbedingungen", "zahlungsart"],
        "fr": ["conditions de paiement", "mode de paiement", "modalités de paiement", "mode de règlement"],
        "pl": ["sposób płatności", "forma płatności", "warunki płatności"],
        "lv": ["apmaksas veids", "apmaksas noteikumi"], "et": ["maksetingimused", "makseviis"],
        "nl": ["betalingsvoorwaarden", "betaalwijze"], "it": ["condizioni di pagamento", "modalità di pagamento"],
        "es": ["condiciones de pago", "forma de pago"], "ru": ["условия оплаты", "способ оплаты"],
    },
    "notes": {
        "de": ["bemerkungen", "hinweis", "anmerkungen"], "fr": ["remarques", "observations"],
        "pl": ["uwagi"], "lv": ["piezīmes"], "et": ["märkused"], "nl": ["opmerkingen"],
        "it": ["annotazioni"], "es": ["observaciones", "notas"], "ru": ["примечание", "комментарий"],
    },
    "amount_in_words": {
        "de": ["in worten", "betrag in worten"], "fr": ["en lettres", "en toutes lettres"],
        "pl": ["słownie"], "lv": ["summa vārdiem", "vārdiem"], "et": ["summa sõnadega", "sõnadega"],
        "nl": ["in woorden"], "it": ["in lettere"], "es": ["en letras", "importe en letra"],
        "ru": ["сумма прописью", "прописью"],
    },
    "currency": {
        "de": ["währung"], "fr": ["devise", "monnaie"], "pl": ["waluta"], "lv": ["valūta"], "et": ["valuuta"],
        "nl": ["valuta"], "it": ["valuta"], "es": ["moneda", "divisa"], "ru": ["валюта"],
    },
}

TOTAL_FIELDS = {
    "net": {
        "de": ["nettobetrag", "summe netto", "gesamt netto", "nettosumme", "zwischensumme", "warenwert",
               "netto gesamt", "rechnungsbetrag netto"],
        "fr": ["total ht", "montant ht", "sous-total", "total hors taxes", "base ht", "total h. t. "],
        "pl": ["wartość netto", "razem netto", "suma netto", "netto razem"],
        "lv": ["summa bez pvn", "kopā bez pvn", "starpsumma"],
        "et": ["summa km-ta", "kokku km-ta", "summa ilma km-ta", "vahesumma", "summa ilma käibemaksuta"],
        "nl": ["totaal excl. btw", "subtotaal", "netto bedrag", "totaal exclusief btw", "bedrag excl. btw"],
        "it": ["imponibile", "totale imponibile", "subtotale", "totale netto"],
        "es": ["base imponible", "subtotal", "importe neto", "total sin iva"],
        "ru": ["сумма без ндс", "итого без ндс"],
    },
    "net/0.6": {"de": ["netto"], "pl": ["netto"], "nl": ["netto"]},
    "vat": {
        "de": ["mwst{rate}", "ust{rate}", "umsatzsteuer{rate}", "mehrwertsteuer{rate}", "zzgl. mwst{rate}",
               "zzgl. ust{rate}", "mwst. -betrag", "umsatzsteuer", "mehrwertsteuer", "summe mwst"],
        "fr": ["tva{rate}", "montant tva", "total tva", "montant de la tva"],
        "pl": ["kwota vat", "podatek vat", "wartość vat", "razem vat"],
        "lv": ["pvn{rate}", "pvn summa", "pvn kopā"],
        "et": ["käibemaks{rate}", "km{rate}", "käibemaks", "km summa"],
        "nl": ["btw{rate}", "btw bedrag", "totaal btw", "btw-bedrag"],
        "it": ["iva{rate}", "totale iva", "importo iva", "imposta"],
        "es": ["iva{rate}", "cuota iva", "total iva", "cuota de iva"],
        "ru": ["ндс{rate}", "сумма ндс", "в том числе ндс", "в т. ч. ндс", "итого ндс"],
    },
    "vat/0.6": {"de": ["mwst", "ust"], "fr": ["tva"], "lv": ["pvn"], "nl": ["btw"], "it": ["iva"],
                "es": ["iva"], "ru": ["ндс"]},
    "gross": {
        "de": ["gesamtbetrag", "bruttobetrag", "rechnungsbetrag", "gesamtsumme", "summe brutto", "gesamt brutto",
               "endbetrag", "rechnungsbetrag brutto", "brutto gesamt"],
        "fr": ["total ttc", "montant ttc", "total toutes taxes comprises", "total t. t. c. "],
        "pl": ["wartość brutto", "razem brutto", "suma brutto", "brutto razem"],
        "lv": ["kopā ar pvn", "summa ar pvn", "kopsumma", "kopā apmaksai ar pvn"],
        "et": ["kokku", "summa kokku", "kokku km-ga", "arve summa", "summa km-ga"],
        "nl": ["totaal incl. btw", "totaalbedrag", "totaal inclusief btw", "factuurbedrag"],
        "it": ["totale fattura", "totale documento", "importo totale", "totale ivato"],
        "es": ["total factura", "importe total", "total con iva"],
        "ru": ["итого с ндс", "всего с ндс", "сумма с ндс"],
    },
    "gross/0.7": {
        "de": ["brutto", "gesamt", "summe"], "fr": ["ttc"], "pl": ["brutto", "razem"], "lv": ["kopā", "summa"],
        "nl": ["totaal"], "it": ["totale"], "ru": ["итого", "всего"],
    },
    "payable": {
        "de": ["zu zahlen", "zahlbetrag", "offener betrag", "fälliger betrag", "zu zahlender betrag"],
        "fr": ["net à payer", "montant dû", "reste à payer", "à payer", "total à payer"],
        "pl": ["do zapłaty", "razem do zapłaty", "kwota do zapłaty", "pozostało do zapłaty"],
        "lv": ["apmaksai", "summa apmaksai", "kopā apmaksai", "jāmaksā"],
        "et": ["tasuda", "kokku tasuda", "tasumisele kuuluv summa", "maksmisele kuuluv summa"],
        "nl": ["te betalen", "totaal te betalen"],
        "it": ["netto a pagare", "totale da pagare", "da pagare"],
        "es": ["total a pagar", "a pagar", "importe a pagar"],
        "ru": ["к оплате", "итого к оплате", "всего к оплате"],
    },
    "discount": {
        "de": ["rabatt", "nachlass", "skonto"], "fr": ["remise", "rabais"], "pl": ["rabat", "upust"],
        "lv": ["atlaide"], "et": ["allahindlus"], "nl": ["korting"], "it": ["sconto"], "es": ["descuento"],
        "ru": ["скидка"],
    },
    "prepaid": {
        "de": ["anzahlung", "bereits bezahlt", "vorauszahlung", "abzgl. anzahlung", "geleistete anzahlung"],
        "fr": ["acompte", "déjà payé", "déjà réglé", "acompte versé"],
        "pl": ["zapłacono", "zaliczka", "wpłacono"], "lv": ["avanss", "samaksāts"], "et": ["ettemaks", "tasutud"],
        "nl": ["aanbetaling", "reeds betaald", "voorschot"], "it": ["acconto", "già pagato"],
        "es": ["anticipo", "ya pagado", "pagado"], "ru": ["аванс", "предоплата", "оплачено"],
    },
}

TABLE_COLUMNS = {
    "lineNo": {"de": ["pos. ", "pos"], "fr": ["n°", "ligne"], "pl": ["lp. ", "lp", "l. p. "],
               "lv": ["nr. p. k. ", "npk", "n. p. k. "], "et": ["jrk", "jrk. nr. "], "es": ["n°", "línea"],
               "ru": ["№", "№ п/п"]},
    "code": {
        "de": ["artikelnummer", "art. -nr. ", "artikel-nr. ", "artikel nr. ", "art. nr. "],
        "fr": ["référence", "réf. ", "code article"], "pl": ["kod", "indeks", "symbol"], "lv": ["kods", "artikuls"],
        "et": ["kood", "tootekood"], "nl": ["artikelnummer", "artikelnr. "], "it": ["codice", "cod. ", "codice articolo"],
        "es": ["código", "referencia", "ref. "], "ru": ["код", "артикул"],
    },
    "description": {
        "de": ["bezeichnung", "beschreibung", "artikel", "leistung", "artikelbezeichnung", "produkt",
               "leistungsbeschreibung"],
        "fr": ["désignation", "libellé", "article", "produit", "prestation"],
        "pl": ["nazwa", "nazwa towaru", "nazwa towaru lub usługi", "nazwa towaru/usługi", "towar/usługa", "opis"],
        "lv": ["nosaukums", "preces nosaukums", "apraksts", "prece", "preces/pakalpojuma nosaukums"],
        "et": ["nimetus", "kirjeldus", "toode", "kaup", "kauba nimetus"],
        "nl": ["omschrijving", "beschrijving", "artikel", "product"],
        "it": ["descrizione", "articolo", "prodotto"], "es": ["descripción", "concepto", "artículo", "producto"],
        "ru": ["наименование", "наименование товара", "описание", "товар"],
    },
    "quantity": {
        "de": ["menge", "anzahl", "anz. "], "fr": ["quantité", "qté", "qte"], "pl": ["ilość", "il. "],
        "lv": ["daudzums", "daudz. "], "et": ["kogus", "hulk"], "nl": ["aantal", "hoeveelheid"],
        "it": ["quantità", "q. tà", "qtà", "qta"], "es": ["cantidad", "cant. "], "ru": ["количество", "кол-во", "кол. "],
    },
    "unit": {
        "de": ["einheit", "me", "mengeneinheit"], "fr": ["unité"], "pl": ["jm", "j. m. ", "jednostka", "jedn. "],
        "lv": ["mērvienība", "mērv. "], "et": ["ühik"], "nl": ["eenheid"], "it": ["u. m. ", "um", "unità"],
        "es": ["unidad", "ud. "], "ru": ["ед. ", "ед. изм. ", "единица"],
    },
    "unitPrice": {
        "de": ["einzelpreis", "preis", "e-preis", "stückpreis", "ep", "einzelpreis netto"],
        "fr": ["prix unitaire", "pu ht", "p. u. ", "prix unit. ", "prix unitaire ht", "prix"],
        "pl": ["cena jedn. ", "cena jednostkowa", "cena netto", "cena"],
        "lv": ["cena", "cena bez pvn", "vienības cena"], "et": ["hind", "ühiku hind", "ühikuhind"],
        "nl": ["prijs", "stukprijs", "eenheidsprijs"], "it": ["prezzo unitario", "prezzo", "prezzo unit. "],
        "es": ["precio unitario", "precio", "p. unit. "], "ru": ["цена", "цена за ед. "],
    },
    "discount": {"de": ["rabatt"], "fr": ["remise"], "pl": ["rabat"], "lv": ["atlaide"], "et": ["allahindlus"],
                 "nl": ["korting"], "it": ["sconto"], "es": ["descuento", "dto. "], "ru": ["скидка"]},
    "vatRate": {
        "de": ["mwst %", "ust %", "mwst. -satz", "steuersatz", "mwst-satz", "ust-satz", "ust. %"],
        "fr": ["taux tva", "tva %", "taux"], "pl": ["stawka vat", "stawka", "vat %"], "lv": ["pvn %", "pvn likme"],
        "et": ["km %", "km määr"], "nl": ["btw %", "btw-tarief", "btw tarief"],
        "it": ["aliquota iva", "aliquota", "iva %"], "es": ["iva %", "tipo iva", "% iva"],
        "ru": ["ставка ндс", "ндс %", "налоговая ставка"],
    },
    "vatAmount": {
        "de": ["mwst", "ust", "mwst-betrag", "steuerbetrag"], "fr": ["montant tva", "tva"],
        "pl": ["kwota vat", "wartość vat"], "lv": ["pvn summa", "pvn"], "et": ["km summa", "käibemaks"],
        "nl": ["btw bedrag", "btw"], "it": ["importo iva", "iva"], "es": ["cuota iva", "importe iva", "iva"],
        "ru": ["сумма ндс", "ндс", "сумма налога"],
    },
    "netAmount": {
        "de": ["gesamtpreis", "betrag", "nettobetrag", "gesamt", "netto", "summe", "gesamt netto"],
        "fr": ["montant ht", "total ht", "montant"], "pl": ["wartość netto", "wartość"],
        "lv": ["summa", "summa bez pvn", "vērtība"], "et": ["summa", "kokku"], "nl": ["bedrag", "totaal"],
        "it": ["importo", "totale"], "es": ["importe", "total"], "ru": ["сумма", "стоимость", "сумма без ндс"],
    },
    "grossAmount": {
        "de": ["brutto", "bruttobetrag", "gesamt brutto"], "fr": ["montant ttc", "total ttc", "ttc"],
        "pl": ["wartość brutto", "brutto"], "lv": ["summa ar pvn"], "et": ["summa km-ga"],
        "nl": ["bedrag incl. btw"], "it": ["importo ivato"], "es": ["total con iva"],
        "ru": ["сумма с ндс", "стоимость с ндс"],
    },
}

# (kind, pattern) in the order they are tried: specific kinds before "invoice".
DOCUMENT_TYPES = [
    ("credit_note", "credit memo|gutschrift|rechnungskorrektur|stornorechnung|facture d'avoir|avoir|note de crédit"
                    "|faktura korygująca|korekta faktury|kredītrēķins|kreeditarve|creditnota|creditfactuur"
                    "|nota di credito|factura rectificativa|nota de crédito|nota de abono"
                    "|корректировочный сч[её]т(?:-фактура)?|кредитный сч[её]т"),
    ("proforma", "proformarechnung|proforma-rechnung|facture pro[ -]?forma|faktura pro[ -]?forma|avansa rēķins"
                 "|priekšapmaksas rēķins|ettemaksuarve|pro[ -]?forma arve|pro[ -]?forma-?factuur"
                 "|fattura pro[ -]?forma|factura pro[ -]?forma|pro[ -]?forma invoice|сч[её]т-проформа"),
    ("vat_invoice", "faktura vat|pvn rēķins|счет-фактура"),
    ("invoice", "rechnung|facture|faktura|rēķins(?:-pavadzīme)?|arve|factuur|fattura|factura|счет на оплату|счет"),
    ("receipt", "quittung|kassenbon|kassenbeleg|ticket de caisse|reçu|paragon(?: fiskalny)?|(?:kases )?čeks"
                "|kviitung|tšekk|kassabon|kwitantie|scontrino|ricevuta|recibo|factura simplificada"
                "|(?:кассовый )?чек"),
]


# "Nº" as OCR reads it: "N9", "N2", "N*", "N?", "No".
_OCR_NUMERO = "n[o92*?\"']"


def _numero(pattern: str) -> str:
    """A folded pattern's "Nº" as OCR reads it; before more words, also without its sign
    ("N DE FACTURA")."""
    if pattern.startswith("\0 "):
        pattern = _OCR_NUMERO + "?" + pattern[1:]
    return pattern.replace("\0", _OCR_NUMERO)


def expand(table: dict, make: Callable[[str, str, list[str], float], list], rate: str = "") -> list:
    """Label definitions from one of the tables above, made by ``labels._defs``.

    A key "vat/0.6" carries a weight; "{rate}" is replaced by the VAT-rate pattern, and
    "Nº" by what OCR reads of it.
    """
    out = []
    for key, languages in table.items():
        name, _, weight = key.partition("/")
        for lang, words in languages.items():
            patterns = [_numero(fold(w.replace("nº", "\0").replace("n°", "\0")).replace("{rate}", rate))
                        for w in words]
            out += make(name, lang, patterns, float(weight) if weight else 1.0)
    return out
