"""KSeF FA(3) and Peppol BIS 3 UBL attached to PDFs, read exactly.

The XML files are written here after the published examples: the Polish Ministry of
Finance's FA(3) sample invoice (a VAT invoice at 23 % and 8 % with a bank account and a
due date; its correction) and OpenPeppol's BIS Billing 3.0 `base-example.xml` (an
invoice with a line allowance, two rates and a PEPPOL endpoint for both parties). Each
is attached to a page that prints its number, date and total, as the senders do.
"""

from __future__ import annotations

from assets.einvoice import find_embedded
from assets.process import process_document
from corpus.einvoice import embed
from tests.support.pages import text_page

FA3 = """<?xml version="1.0" encoding="UTF-8"?>
<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/" xmlns:etd="http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/">
  <Naglowek>
    <KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza>
    <WariantFormularza>3</WariantFormularza>
    <DataWytworzeniaFa>2026-02-15T09:30:47Z</DataWytworzeniaFa>
    <SystemInfo>Samodzielnie wygenerowane</SystemInfo>
  </Naglowek>
  <Podmiot1>
    <DaneIdentyfikacyjne><NIP>5265877635</NIP><Nazwa>ABC AGD sp. z o. o.</Nazwa></DaneIdentyfikacyjne>
    <Adres><KodKraju>PL</KodKraju><AdresL1>ul. Kwiatowa 1 m. 2</AdresL1><AdresL2>00-001 Warszawa</AdresL2></Adres>
    <DaneKontaktowe><Email>abc@abc.pl</Email><Telefon>667444555</Telefon></DaneKontaktowe>
  </Podmiot1>
  <Podmiot2>
    <DaneIdentyfikacyjne><KodUE>LT</KodUE><NrVatUE>100001234510</NrVatUE><Nazwa>UAB Saulės vėjas</Nazwa></DaneIdentyfikacyjne>
    <Adres><KodKraju>LT</KodKraju><AdresL1>Gedimino pr. 12-3</AdresL1><AdresL2>LT-01103 Vilnius</AdresL2></Adres>
    <JST>2</JST><GV>2</GV>
  </Podmiot2>
  <Fa>
    <KodWaluty>PLN</KodWaluty>
    <P_1>2026-02-15</P_1>
    <P_1M>Warszawa</P_1M>
    <P_2>FV2026/02/150</P_2>
    <P_6>2026-01-27</P_6>
    <P_13_1>1666.66</P_13_1>
    <P_14_1>383.33</P_14_1>
    <P_13_2>0.95</P_13_2>
    <P_14_2>0.08</P_14_2>
    <P_15>2051.02</P_15>
    <Adnotacje>
      <P_16>2</P_16><P_17>2</P_17><P_18>2</P_18><P_18A>2</P_18A>
      <Zwolnienie><P_19N>1</P_19N></Zwolnienie>
      <NoweSrodkiTransportu><P_22N>1</P_22N></NoweSrodkiTransportu>
      <P_23>2</P_23>
      <PMarzy><P_PMarzyN>1</P_PMarzyN></PMarzy>
    </Adnotacje>
    <RodzajFaktury>VAT</RodzajFaktury>
    <DodatkowyOpis><Klucz>preferowane godziny dowozu</Klucz><Wartosc>dni robocze 17:00 - 20:00</Wartosc></DodatkowyOpis>
    <FaWiersz>
      <NrWierszaFa>1</NrWierszaFa>
      <UU_ID>aaaa111133339990</UU_ID>
      <P_7>lodówka Zimnotech mk1</P_7>
      <Indeks>ZMK-1</Indeks>
      <P_8A>szt.</P_8A>
      <P_8B>1</P_8B>
      <P_9A>1626.01</P_9A>
      <P_11>1626.01</P_11>
      <P_12>23</P_12>
    </FaWiersz>
    <FaWiersz>
      <NrWierszaFa>2</NrWierszaFa>
      <UU_ID>aaaa111133339991</UU_ID>
      <P_7>wniesienie sprzętu</P_7>
      <P_8A>szt.</P_8A>
      <P_8B>1</P_8B>
      <P_9A>40.65</P_9A>
      <P_11>40.65</P_11>
      <P_12>23</P_12>
    </FaWiersz>
    <FaWiersz>
      <NrWierszaFa>3</NrWierszaFa>
      <UU_ID>aaaa111133339992</UU_ID>
      <P_7>promocja lodówka pełna mleka</P_7>
      <P_8A>szt.</P_8A>
      <P_8B>1</P_8B>
      <P_9A>0.95</P_9A>
      <P_11>0.95</P_11>
      <P_12>8</P_12>
    </FaWiersz>
    <Platnosc>
      <TerminPlatnosci><Termin>2026-03-15</Termin></TerminPlatnosci>
      <FormaPlatnosci>6</FormaPlatnosci>
      <RachunekBankowy><NrRB>73111111111111111111111111</NrRB><NazwaBanku>Bank Bankowości Bankowej S. A.</NazwaBanku></RachunekBankowy>
    </Platnosc>
  </Fa>
</Faktura>
"""

PEPPOL = """<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
         xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
         xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
  <cbc:ID>Snippet1</cbc:ID>
  <cbc:IssueDate>2026-11-13</cbc:IssueDate>
  <cbc:DueDate>2026-12-01</cbc:DueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cbc:AccountingCost>4025:123:4343</cbc:AccountingCost>
  <cbc:BuyerReference>0150abc</cbc:BuyerReference>
  <cac:AccountingSupplierParty>
    <cac:Party>
      <cbc:EndpointID schemeID="0088">9482348239847239874</cbc:EndpointID>
      <cac:PartyIdentification><cbc:ID>99887766</cbc:ID></cac:PartyIdentification>
      <cac:PartyName><cbc:Name>SupplierTradingName Ltd.</cbc:Name></cac:PartyName>
      <cac:PostalAddress>
        <cbc:StreetName>Main street 1</cbc:StreetName>
        <cbc:AdditionalStreetName>Postbox 123</cbc:AdditionalStreetName>
        <cbc:CityName>London</cbc:CityName>
        <cbc:PostalZone>GB 123 EW</cbc:PostalZone>
        <cac:Country><cbc:IdentificationCode>GB</cbc:IdentificationCode></cac:Country>
      </cac:PostalAddress>
      <cac:PartyTaxScheme><cbc:CompanyID>GB1232434</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
      <cac:PartyLegalEntity><cbc:RegistrationName>SupplierOfficialName Ltd</cbc:RegistrationName><cbc:CompanyID>GB983294</cbc:CompanyID></cac:PartyLegalEntity>
    </cac:Party>
  </cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty>
    <cac:Party>
      <cbc:EndpointID schemeID="0002">FR23342</cbc:EndpointID>
      <cac:PartyName><cbc:Name>BuyerTradingName AS</cbc:Name></cac:PartyName>
      <cac:PostalAddress>
        <cbc:StreetName>Hovedgatan 32</cbc:StreetName>
        <cbc:CityName>Stockholm</cbc:CityName>
        <cbc:PostalZone>456 34</cbc:PostalZone>
        <cac:Country><cbc:IdentificationCode>SE</cbc:IdentificationCode></cac:Country>
      </cac:PostalAddress>
      <cac:PartyTaxScheme><cbc:CompanyID>SE4598375937</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
      <cac:PartyLegalEntity><cbc:RegistrationName>Buyer Official Name</cbc:RegistrationName><cbc:CompanyID schemeID="0183">39937423947</cbc:CompanyID></cac:PartyLegalEntity>
      <cac:Contact><cbc:Name>Lisa Johnson</cbc:Name><cbc:Telephone>23434234</cbc:Telephone><cbc:ElectronicMail>lj@buyer.se</cbc:ElectronicMail></cac:Contact>
    </cac:Party>
  </cac:AccountingCustomerParty>
  <cac:Delivery><cbc:ActualDeliveryDate>2026-11-01</cbc:ActualDeliveryDate></cac:Delivery>
  <cac:PaymentMeans>
    <cbc:PaymentMeansCode name="Credit transfer">30</cbc:PaymentMeansCode>
    <cbc:PaymentID>Snippet1</cbc:PaymentID>
    <cac:PayeeFinancialAccount>
      <cbc:ID>IBAN32423940</cbc:ID>
      <cbc:Name>AccountName</cbc:Name>
      <cac:FinancialInstitutionBranch><cbc:ID>BIC324098</cbc:ID></cac:FinancialInstitutionBranch>
    </cac:PayeeFinancialAccount>
  </cac:PaymentMeans>
  <cac:PaymentTerms><cbc:Note>Payment within 10 days, 2% discount</cbc:Note></cac:PaymentTerms>
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="EUR">331.25</cbc:TaxAmount>
    <cac:TaxSubtotal>
      <cbc:TaxableAmount currencyID="EUR">1325</cbc:TaxableAmount>
      <cbc:TaxAmount currencyID="EUR">331.25</cbc:TaxAmount>
      <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>25</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>
    </cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="EUR">1300</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="EUR">1325</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">1656.25</cbc:TaxInclusiveAmount>
    <cbc:ChargeTotalAmount currencyID="EUR">25</cbc:ChargeTotalAmount>
    <cbc:PayableAmount currencyID="EUR">1656.25</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  <cac:InvoiceLine>
    <cbc:ID>1</cbc:ID>
    <cbc:InvoicedQuantity unitCode="DAY">7</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="EUR">2800</cbc:LineExtensionAmount>
    <cac:Item>
      <cbc:Name>Description of item</cbc:Name>
      <cac:SellersItemIdentification><cbc:ID>21382183120983</cbc:ID></cac:SellersItemIdentification>
      <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>25</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>
    </cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">400</cbc:PriceAmount></cac:Price>
  </cac:InvoiceLine>
  <cac:InvoiceLine>
    <cbc:ID>2</cbc:ID>
    <cbc:InvoicedQuantity unitCode="DAY">-3</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="EUR">-1500</cbc:LineExtensionAmount>
    <cac:Item>
      <cbc:Name>Description 2</cbc:Name>
      <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>25</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>
    </cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">500</cbc:PriceAmount></cac:Price>
  </cac:InvoiceLine>
</Invoice>
"""


def _fa3_pdf(xml: str = FA3) -> bytes:
    page = text_page("ABC AGD sp. z o. o.", "NIP 5265877635", "Faktura VAT nr FV2026/02/150",
                 "Data wystawienia: 2026-02-15", "Razem do zaplaty: 2051,02 PLN")
    return embed(page, xml.encode("utf-8"), "FV2026_02_150.xml")


def test_ksef_fa3_attached_to_a_pdf_is_read_exactly():
    invoice = process_document(_fa3_pdf(), "application/pdf").dto()
    assert invoice["extraction"]["engine"] == "embedded-xml" and invoice["extraction"]["syntax"] == "KSeF FA(3)"
    # vat_invoice: the page is titled "Faktura VAT" and the seller has a VAT code
    assert (invoice["documentType"], invoice["invoiceNumber"], invoice["issueDate"], invoice["deliveryDate"],
            invoice["dueDate"], invoice["currency"]) == \
        ("vat_invoice", "FV2026/02/150", "2026-02-15", "2026-01-27", "2026-03-15", "PLN")
    seller, buyer = invoice["seller"], invoice["buyer"]
    assert (seller["name"], seller["vatCode"], seller["iban"], seller["email"]) == \
        ("ABC AGD sp. z o. o.", "PL5265877635", "PL73111111111111111111111111", "abc@abc.pl")
    assert seller["address"] == {"street": "ul. Kwiatowa 1 m. 2", "city": "Warszawa", "postalCode": "00-001",
                                 "country": "PL", "text": "ul. Kwiatowa 1 m. 2, 00-001 Warszawa"}
    assert (buyer["vatCode"], buyer["address"]["postalCode"], buyer["address"]["country"]) == \
        ("LT100001234510", "LT-01103", "LT")
    assert [(l["description"], l["quantity"], l["unitPrice"], l["netAmount"], l["vatRate"]) for l in invoice["lines"]] \
        == [("lodówka Zimnotech mk1", "1", "1626.01", "1626.01", "23"),
            ("wniesienie sprzętu", "1", "40.65", "40.65", "23"),
            ("promocja lodówka pełna mleka", "1", "0.95", "0.95", "8")]
    assert [(t["rate"], t["category"], t["taxableAmount"], t["vatAmount"]) for t in invoice["vatBreakdown"]] == \
        [("23", "S", "1666.66", "383.33"), ("8", "S", "0.95", "0.08")]
    assert invoice["totals"] == {"net": "1667.61", "vat": "383.41", "gross": "2051.02", "discount": None,
                                 "prepaid": None, "payable": "2051.02"}
    checks = {c["code"]: c["passed"] for c in invoice["validation"]["checks"]}
    assert checks["embedded.invoice_number_on_page"] and checks["embedded.gross_total_on_page"]


def test_ksef_correction_is_a_credit_note_and_its_before_lines_are_left_out():
    correction = (FA3.replace("<RodzajFaktury>VAT</RodzajFaktury>", "<RodzajFaktury>KOR</RodzajFaktury>")
                  .replace("<P_13_1>1666.66</P_13_1>", "<P_13_1>-40.65</P_13_1>")
                  .replace("<P_14_1>383.33</P_14_1>", "<P_14_1>-9.35</P_14_1>")
                  .replace("<P_13_2>0.95</P_13_2>\n    <P_14_2>0.08</P_14_2>\n", "")
                  .replace("<P_15>2051.02</P_15>", "<P_15>-50.00</P_15>"))
    head, _, rest = correction.partition("<FaWiersz>")
    rows = ("<FaWiersz><NrWierszaFa>1</NrWierszaFa><P_7>wniesienie sprzętu</P_7><P_8A>szt.</P_8A><P_8B>1</P_8B>"
            "<P_9A>40.65</P_9A><P_11>40.65</P_11><P_12>23</P_12><StanPrzed>1</StanPrzed></FaWiersz>"
            "<FaWiersz><NrWierszaFa>2</NrWierszaFa><P_7>wniesienie sprzętu</P_7><P_8A>szt.</P_8A><P_8B>-1</P_8B>"
            "<P_9A>40.65</P_9A><P_11>-40.65</P_11><P_12>23</P_12></FaWiersz>")
    correction = head + rows + "<Platnosc>" + rest.partition("<Platnosc>")[2]
    found = find_embedded(_fa3_pdf(correction))
    assert found.syntax == "KSeF FA(3)" and found.parsed["typeCode"] == "381"
    assert [str(l["netAmount"]) for l in found.parsed["lines"]] == ["-40.65"]
    invoice = process_document(_fa3_pdf(correction), "application/pdf").dto()
    assert invoice["documentType"] == "credit_note" and invoice["totals"]["gross"] == "-50.00"


def test_ksef_rate_words_map_to_en16931_categories():
    exempt = (FA3.replace("<P_12>8</P_12>", "<P_12>zw</P_12>")
              .replace("<P_13_2>0.95</P_13_2>\n    <P_14_2>0.08</P_14_2>", "<P_13_7>0.95</P_13_7>")
              .replace("<P_15>2051.02</P_15>", "<P_15>2050.94</P_15>"))
    parsed = find_embedded(_fa3_pdf(exempt)).parsed
    assert (parsed["lines"][2]["category"], parsed["lines"][2]["vatRate"]) == ("E", 0)
    assert [(g["category"], str(g["rate"])) for g in parsed["vatBreakdown"]] == [("S", "23"), ("E", "0")]


def test_peppol_bis3_ubl_attached_to_a_pdf_is_read_exactly():
    page = text_page("SupplierTradingName Ltd.", "Invoice Snippet1", "Date: 13.11.2026", "Total: 1656.25 EUR")
    invoice = process_document(embed(page, PEPPOL.encode("utf-8"), "Snippet1.xml"), "application/pdf").dto()
    assert invoice["extraction"]["engine"] == "embedded-xml" and invoice["extraction"]["syntax"] == "UBL 2.1 Invoice"
    assert (invoice["invoiceNumber"], invoice["issueDate"], invoice["dueDate"], invoice["deliveryDate"]) == \
        ("Snippet1", "2026-11-13", "2026-12-01", "2026-11-01")
    assert (invoice["seller"]["name"], invoice["seller"]["vatCode"], invoice["seller"]["iban"],
            invoice["seller"]["swift"]) == ("SupplierOfficialName Ltd", "GB1232434", "IBAN32423940", "BIC324098")
    assert (invoice["buyer"]["vatCode"], invoice["buyer"]["email"]) == ("SE4598375937", "lj@buyer.se")
    assert [(l["quantity"], l["netAmount"]) for l in invoice["lines"]] == [("7", "2800.00"), ("-3", "-1500.00")]
    assert invoice["totals"] == {"net": "1325.00", "vat": "331.25", "gross": "1656.25", "discount": None,
                                 "prepaid": None, "payable": "1656.25"}
    assert invoice["paymentTerms"] == "Payment within 10 days, 2% discount"
