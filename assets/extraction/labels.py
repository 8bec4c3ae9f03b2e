"""Label dictionaries: the printed words that announce a value.

Lithuanian and English are written here; nine more languages (de, fr, pl, lv, et, nl, it,
es, ru) come from ``lexicon`` and are appended to each list under the same keys.

Patterns are regular expressions over *folded* text (lower case, no diacritics; see
``normalize.fold``), so "Įmonės kodas", "ĮMONĖS KODAS" and an OCR'd "Imones kodas" all
match ``imones kodas``. In a pattern a space means "one or more spaces" and ". " means
"a dot, then optional spaces" ("El.paštas", "El. paštas").

``weight`` says how specific a label is: "Iš viso su PVM" is certainly the gross total,
"Viso" or "Total" only probably; totals selection adds it to the candidate score. When
labels overlap ("Iš viso" inside "Iš viso be PVM"), the longest match wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import lexicon
from .normalize import fold


@dataclass(frozen=True, slots=True)
class LabelDef:
    key: str
    lang: str  # "lt", "en", or "" when shared
    pattern: re.Pattern[str]
    weight: float = 1.0
    # The first two characters every match starts with, when the pattern fixes them:
    # lines without a word starting so are skipped without running the pattern.
    head: str | None = field(default=None, compare=False)
    # The words as written, when they are plain words (no pattern): what a misread
    # translation of the label is compared with (``fields.Layout._translates``).
    words: str | None = field(default=None, compare=False)


def _head(pattern: str) -> str | None:
    lead = pattern[:2]
    return lead if len(lead) == 2 and all(ch.isalnum() for ch in lead) else None


def _rx(text: str) -> str:
    # The dot of "Nr." is the first thing OCR loses ("RĒĶINA NR" over its number).
    return text.replace("nr. ", "nr\0").replace(". ", r"\.\s*").replace(" ", r"\s+").replace("\0", r"\.?\s*")


def _rn_or_m(pattern: str) -> str:
    """``pattern`` with each letter "m" and each "rn" matching either: OCR's commonest
    confusion ("Factuurnummer" read "Factuumummer", "Summe" read "Surnme").

    Only literal letters change: a character class, an escape and a group's name stay.
    """
    out, i, in_class = [], 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            out.append(pattern[i : i + 2])
            i += 2
            continue
        if in_class or ch in "[]" or pattern.startswith("(?P<", i):
            if pattern.startswith("(?P<", i):
                close = pattern.index(">", i)
                out.append(pattern[i : close + 1])
                i = close + 1
                continue
            in_class = (in_class or ch == "[") and ch != "]"
            out.append(ch)
            i += 1
            continue
        if pattern.startswith("rn", i) or ch == "m":
            out.append("(?:rn|m)")
            i += 2 if ch == "r" else 1
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def _defs(key: str, lang: str, patterns: list[str], weight: float = 1.0) -> list[LabelDef]:
    return [LabelDef(key, lang, re.compile(_rn_or_m(_rx(p))), weight, _head(_rx(p).replace("rn", "m")),
                     p.strip() if re.fullmatch(r"[a-z][a-z .'/-]*", p) else None)
            for p in patterns]


# Rate inside a VAT label: "PVM 21 %", "PVM (21%)", "VAT 9.5%". OCR reads "%" as "4", "44",
# "46", "96" now and then; a one- or two-digit token standing for "%" is accepted only
# before ")" or ":", where nothing else can be.
_RATE = r"\s*\(?\s*(?P<rate>\d{1,2}(?:[.,]\d{1,2})?)\s*(?:%|proc\.?|(?:\d{1,2}%?|%o)(?=\s*[):]))\s*\)?"

# ------------------------------------------------------------------ party headings
HEADINGS: list[LabelDef] = [
    *_defs("seller", "lt", ["pardavejas", "tiekejas", "paslaugu teikejas", "pardavejo rekvizitai",
                            "tiekejo rekvizitai", "saskaitos israsytojas", "siuntejas"]),
    *_defs("seller", "en", ["seller", "supplier", "vendor", "sold by", "bill from", "billed by", "issued by",
                            "service provider", "merchant", "exporter", "sender", "beneficiary", "payee",
                            "account holder"]),
    *_defs("buyer", "lt", ["pirkejas", "uzsakovas", "pirkejo rekvizitai", "paslaugu gavejas",
                           "prekiu gavejas", "gavejas"]),
    *_defs("buyer", "en", ["buyer", "customer", "bill to", "billed to", "invoice to", "sold to",
                           "client", "purchaser", "billing address", "invoice address", "invoiced to", "bill-to",
                           "recipient", "invoice recipient", "addressee", "importer"]),
    # Short words that are headings only when they stand alone in their cell ("From:", "TO").
    *_defs("seller", "en", ["from"], 0.5),
    *_defs("buyer", "en", ["to"], 0.5),
]

HEADINGS += lexicon.expand(lexicon.HEADINGS, _defs)

# ------------------------------------------------------------------ inside a party block
PARTY_FIELDS: list[LabelDef] = [
    *_defs("company_code", "lt", ["imones kodas", "im. kodas", "im. k. ", "imones k. ",
                                  "juridinio asmens kodas", "j. a. kodas", "registracijos kodas",
                                  "registracijos nr", "kodas"]),
    *_defs("company_code", "en", ["company code", "company reg. (?:no|nr|number|code)",
                                  "company registration (?:no|nr|number|code)",
                                  "registration (?:no|nr|number|code)", "reg. (?:no|nr|code|number)",
                                  "reg. code", "business id", "company no", "company number",
                                  "org. (?:no|nr|number)"]),
    *_defs("vat_code", "lt", ["pvm moketojo kodas", "pvm moketojo k. ", "pvm mok. kodas",
                              "pvm m. kodas", "pvm kodas", "pvm k. ", "pvm moketojo nr",
                              "pvm nr", "pvm mok. k. "]),
    *_defs("vat_code", "en", ["vat (?:code|no|nr|number|id|reg. no|registration no)",
                              "vat id", "tax id", "vat", "gstin", "gst (?:no|number|reg. no)"]),
    *_defs("address", "lt", ["adresas", "buveines adresas", "buveine", "adr. "]),
    *_defs("address", "en", ["address", "registered address", "registered office"]),
    *_defs("iban", "lt", ["a/s", "a. s. ", "atsiskaitomoji saskaita", "atsisk. saskaita",
                          "banko saskaita", "banko saskaitos nr", "saskaitos nr", "saskaita"]),
    *_defs("iban", "en", ["iban", "bank account", "account (?:no|nr|number)", "account"]),
    *_defs("bank", "lt", ["bankas", "banko pavadinimas"]),
    *_defs("bank", "en", ["bank name", "bank"]),
    *_defs("swift", "", ["swift/bic", "swift kodas", "swift code", "swift", "bic"]),
    *_defs("phone", "lt", ["tel. nr", "telefonas", "tel", "mob. tel", "mob"]),
    *_defs("phone", "en", ["phone", "telephone", "mobile"]),
    *_defs("email", "lt", ["el. pastas", "el. p. ", "e. pastas"]),
    *_defs("email", "en", ["e-mail", "email"]),
    # A party's name under a label of its own ("Denominazione: Rossi S.r.l.").
    *_defs("party_name", "lt", ["pavadinimas", "imones pavadinimas"]),
    *_defs("party_name", "en", ["company name", "legal name"]),
    *_defs("party_name", "en", ["name"], 0.5),  # with its colon, or a cell of its own before its value
    # Codes that are not the company code, listed so that the bare "kodas" cannot claim them.
    *_defs("other_code", "lt", ["banko kodas", "pasto kodas", "kliento kodas"]),
    *_defs("other_code", "en", ["bank code", "postal code", "post code", "zip code", "customer code",
                                "customer no", "customer number", "customer id", "client code", "client no",
                                "sort code"]),
    *_defs("natural_person", "lt", ["individualios veiklos pazymos nr", "ind. veiklos pazymos nr",
                                    "individualios veiklos pazyma", "ind. veiklos paz. nr",
                                    "verslo liudijimo nr", "verslo liudijimas", "asmens kodas"]),
]

PARTY_FIELDS += lexicon.expand(lexicon.PARTY_FIELDS, _defs)

# ------------------------------------------------------------------ document header
HEADER_FIELDS: list[LabelDef] = [
    *_defs("series", "lt", ["serija", "ser. "]),
    *_defs("series", "en", ["series"]),
    *_defs("invoice_number", "lt", ["pvm saskaitos fakturos nr", "saskaitos fakturos nr",
                                    "saskaitos nr", "saskaitos numeris", "dokumento nr",
                                    "fakturos nr"]),
    *_defs("invoice_number", "en", ["invoice (?:no|nr|number|#)", "invoice no", "inv. no",
                                    "document no", "bill no"]),
    # "N*" and "N2" are OCR's readings of "Nº".
    *_defs("number", "", ["nr", "no", "numeris", "number", "#", "n. ", r"n[*2]"]),
    *_defs("issue_date", "lt", ["israsymo data", "saskaitos data", "saskaitos israsymo data",
                                "dokumento data", "sudarymo data", "data"]),
    *_defs("issue_date", "en", ["invoice date", "date of issue", "issue date", "issued on",
                                "date issued", "date"]),
    *_defs("due_date", "lt", ["apmoketi iki", "sumoketi iki", "apmokejimo terminas",
                              "mokejimo terminas", "apmokejimo data", "mokejimo data",
                              "atsiskaityti iki", "apmokejimo terminas iki"]),
    *_defs("due_date", "en", ["due date", "payment due", "date due", "pay by", "payment date",
                              "due by", "due on", "payable by", "to be paid by", "due"]),
    *_defs("delivery_date", "lt", ["pristatymo data", "tiekimo data", "operacijos data",
                                   "prekiu pristatymo data", "paslaugu suteikimo data",
                                   "paslaugu teikimo data", "isdavimo data"]),
    *_defs("delivery_date", "en", ["delivery date", "date of supply", "supply date",
                                   "service date", "shipping date", "date of delivery"]),
    *_defs("order_reference", "lt", ["uzsakymo nr", "uzsakymo numeris", "uzsakymas", "sutarties nr"]),
    *_defs("order_reference", "en", ["order (?:no|nr|number|ref|reference)", "purchase order",
                                     "po (?:no|number|#)", "your order", "order"]),
    *_defs("payment_terms", "lt", ["mokejimo salygos", "apmokejimo salygos", "atsiskaitymo salygos",
                                   "apmokejimo budas", "mokejimo budas"]),
    *_defs("payment_terms", "en", ["payment terms", "terms of payment", "terms"]),
    *_defs("notes", "lt", ["pastabos", "pastaba", "papildoma informacija"]),
    *_defs("notes", "en", ["notes", "note", "comments", "remarks"]),
    *_defs("amount_in_words", "lt", ["suma zodziais", "is viso zodziais", "moketi zodziais"]),
    *_defs("amount_in_words", "en", ["amount in words", "total in words", "in words"]),
    *_defs("currency", "lt", ["valiuta"]),
    *_defs("currency", "en", ["currency"]),
]

HEADER_FIELDS += lexicon.expand(lexicon.HEADER_FIELDS, _defs)

# An invoice word and its number sign as OCR reads the sign: "Factura n“:", "Factura n?",
# "Invoice +:", "Invoice 4:", "Factura 1:", "Счет Ne", "Invoice №о.:". A lone digit stands
# for the sign only before a colon, where no number can end.
_INVOICE_WORDS = ("invoice", "factura", "facture", "fattura", "faktura", "factuur", "rechnung", "arve",
                  "rekina", "rekins", "saskaitos", "saskaita", "счет", "счета", "rachunek")
_OCR_NUMBER_SIGN = r"(?:n\s?[?\"*'2]|n[eo]\.?|№\w?\.?|[#+]|[14](?=\s*:))"
HEADER_FIELDS += [LabelDef("invoice_number", "", re.compile(rf"{word}\s+{_OCR_NUMBER_SIGN}"), 0.9, word[:2])
                  for word in _INVOICE_WORDS]

# ------------------------------------------------------------------ totals
TOTAL_FIELDS: list[LabelDef] = [
    *_defs("net", "lt", ["suma be pvm", "is viso be pvm", "viso be pvm", "bendra suma be pvm",
                         "suma be pvm is viso", "tarpine suma", "apmokestinamoji suma",
                         "apmokestinamoji verte", "prekiu verte be pvm", "verte be pvm"], 1.0),
    *_defs("net", "en", ["total excl. vat", "total excluding vat", "total without vat",
                         "amount excl. vat", "total before tax", "total net", "net total",
                         "net amount", "taxable amount", "subtotal", "sub-total", "sub total"], 1.0),
    *_defs("net", "en", ["net"], 0.6),
    *_defs("vat", "lt", ["pvm suma" + _RATE, "pvm" + _RATE + " suma", "pvm" + _RATE,
                         "pvm suma", "is viso pvm", "viso pvm", "pvm mokestis"], 1.0),
    *_defs("vat", "lt", ["pvm"], 0.6),
    *_defs("vat", "en", ["vat amount" + _RATE, "vat" + _RATE, "tax" + _RATE, "vat amount",
                         "total vat", "vat total", "sales tax"], 1.0),
    *_defs("vat", "en", ["vat", "tax"], 0.6),
    *_defs("gross", "lt", ["is viso su pvm", "viso su pvm", "suma su pvm", "bendra suma su pvm",
                           "is viso suma su pvm", "is viso", "bendra suma"], 1.0),
    *_defs("gross", "lt", ["viso", "suma is viso"], 0.7),
    *_defs("gross", "en", ["total incl. vat", "total including vat", "total with vat",
                           "grand total", "invoice total", "total amount", "gross amount"], 1.0),
    *_defs("gross", "en", ["total", "gross"], 0.7),
    *_defs("payable", "lt", ["is viso moketi", "viso moketi", "moketina suma", "moketi is viso",
                             "suma moketi", "moketi"], 1.0),
    *_defs("payable", "en", ["amount due", "total due", "balance due", "amount payable",
                             "total payable", "to pay", "payable"], 1.0),
    *_defs("discount", "lt", ["nuolaida", "nuolaidos suma"], 1.0),
    *_defs("discount", "en", ["discount", "total discount"], 1.0),
    *_defs("prepaid", "lt", ["sumoketas avansas", "avansas", "isankstinis mokejimas", "jau sumoketa",
                             "sumoketa", "apmoketa"], 1.0),
    *_defs("prepaid", "en", ["prepaid", "prepayment", "amount paid", "already paid", "paid",
                             "advance payment"], 1.0),
]

TOTAL_FIELDS += lexicon.expand(lexicon.TOTAL_FIELDS, _defs, _RATE)

# ------------------------------------------------------------------ item table header
TABLE_COLUMNS: list[LabelDef] = [
    *_defs("lineNo", "lt", ["eil. nr", "eil. nr. ", "nr"]),
    *_defs("lineNo", "en", ["no", "#", "pos", "line"]),
    *_defs("code", "lt", ["prekes kodas", "kodas", "artikulas", "art. nr"]),
    *_defs("code", "en", ["item code", "product code", "code", "sku", "art. no"]),
    *_defs("barcode", "", ["barkodas", "bruksninis kodas", "ean", "barcode"]),
    *_defs("description", "lt", ["prekes ar paslaugos pavadinimas", "prekes/paslaugos pavadinimas",
                                 "prekiu/paslaugu pavadinimas", "prekes pavadinimas",
                                 "paslaugos pavadinimas", "prekes aprasymas", "pavadinimas",
                                 "aprasymas", "preke/paslauga", "prekes", "paslaugos", "preke",
                                 "paslauga"]),
    *_defs("description", "en", ["description", "item description", "product / service", "product service",
                                 "product", "service",
                                 "item", "goods", "details"]),
    *_defs("quantity", "lt", ["kiekis", "kiek. "]),
    # OCR reads the "Q" of "Qty" as O, 0 or G more often than not.
    *_defs("quantity", "en", ["quantity", "qty. ", "qty", "[o0g]ty. ", "[o0g]ty"]),
    *_defs("unit", "lt", ["mato vnt. ", r"mato\s*vnt\.?", "mat. vnt. ", "mato vienetas", "matavimo vnt. ",
                          "mato vnt", "mat. vnt", "vnt. ", "m. vnt. ", "mv"]),
    *_defs("unit", "en", ["unit", "uom", "units"]),
    *_defs("unitPrice", "lt", ["kaina be pvm", "vnt. kaina", "vieneto kaina", "kaina"]),
    *_defs("unitPrice", "en", ["unit price", "price per unit", "price", "rate"]),
    *_defs("discount", "lt", ["nuolaida", "nuol. "]),
    *_defs("discount", "en", ["discount", "disc. "]),
    # "PVM %" as OCR reads it: "PVM4", "PVM 96", "PVMU"; "VAT %": "VAT'Ys", "VAT 46".
    *_defs("vatRate", "lt", ["pvm %", "pvm, %", "pvm tarifas", "pvm proc. ", "pvm ?(?:4|46|96|u|9|%o)"]),
    *_defs("vatRate", "en", ["vat %", "vat rate", "tax %", "vat, %", "vat ?['’]?(?:ys|y5|46|96|4|%o)"]),
    *_defs("vatAmount", "lt", ["pvm suma", "pvm"]),
    *_defs("vatAmount", "en", ["vat amount", "vat", "tax"]),
    *_defs("netAmount", "lt", ["suma be pvm", "verte be pvm", "suma", "verte"]),
    *_defs("netAmount", "en", ["net amount", "amount", "line total", "net", "total"]),
    *_defs("grossAmount", "lt", ["suma su pvm", "viso su pvm", "verte su pvm"]),
    *_defs("grossAmount", "en", ["total incl. vat", "gross amount", "gross"]),
]

TABLE_COLUMNS += lexicon.expand(lexicon.TABLE_COLUMNS, _defs)

# ------------------------------------------------------------------ document titles
# Order matters: the first kind whose pattern occurs in a title line wins.
DOCUMENT_TYPES: list[tuple[str, re.Pattern[str]]] = [
    (kind, re.compile(_rx(p)))
    for kind, p in [
        ("credit_note", "kreditine (?:pvm )?saskaita(?:[- ]?faktura)?"),
        ("credit_note", "credit (?:note|invoice)"),
        ("debit_note", "debetine (?:pvm )?saskaita(?:[- ]?faktura)?"),
        ("debit_note", "debit note"),
        ("proforma", "isankstine (?:pvm )?saskaita(?:[- ]?faktura)?"),
        ("proforma", "isankstinio apmokejimo saskaita(?:[- ]?faktura)?"),
        ("proforma", "pro[ -]?forma"),
        ("vat_invoice", "pvm saskaita[- ]?faktura"),
        ("vat_invoice", "pvm saskaita"),  # "faktūra" wrapped to the next line
        ("vat_invoice", "(?:vat|tax) invoice"),
        ("invoice", "saskaita[- ]?faktura"),
        ("invoice", "saskaita"),
        ("invoice", "invoice"),
        ("receipt", "kasos cekis|kvitas|receipt"),
    ]
]
_KIND_ORDER = ["credit_note", "debit_note", "proforma", "vat_invoice", "invoice", "receipt"]
# Each language's titles after the Lithuanian and English ones of the same kind.
DOCUMENT_TYPES = sorted(
    DOCUMENT_TYPES + [(kind, re.compile(_rx(fold(p)))) for kind, p in lexicon.DOCUMENT_TYPES],
    key=lambda entry: _KIND_ORDER.index(entry[0]),
)


# Each kind's English label words as written: a translation OCR misread ("Se11er") is
# recognised by its nearness to them (``fields._misread_label``).
ENGLISH: dict[str, list[str]] = {}
for _d in (*HEADINGS, *PARTY_FIELDS, *HEADER_FIELDS, *TOTAL_FIELDS, *TABLE_COLUMNS):
    if _d.words and _d.lang in ("en", "") and _d.words not in ENGLISH.get(_d.key, []):
        ENGLISH.setdefault(_d.key, []).append(_d.words)
