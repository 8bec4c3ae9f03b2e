"""The language packs (assets/extraction/languages/*.toml): complete, known keys, patterns that compile."""

import re
import tomllib

import pytest

from assets.extraction import ALL_LABELS, labels, language_packs
from assets.extraction.fields import TextLine, find_hits
from assets.extraction.normalize import fold
from assets.ocr import Word

EU_LANGUAGES = {"bg", "hr", "cs", "da", "nl", "en", "et", "fi", "fr", "de", "el", "hu", "ga", "it", "lv", "lt",
                "mt", "pl", "pt", "ro", "sk", "sl", "es", "sv"}
LANGUAGES = EU_LANGUAGES | {"ru", "uk"}
PATHS = sorted(language_packs.PACK_DIR.glob("*.toml"))


def _raw(path):
    with path.open("rb") as f:
        return tomllib.load(f)


def _ids(paths):
    return [p.stem for p in paths]


def test_every_language_has_a_pack():
    codes = {_raw(p)["pack"]["language"] for p in PATHS}
    assert codes == LANGUAGES | {""}
    assert {p.stem for p in PATHS} == LANGUAGES | {"_common"}
    assert len(LANGUAGES) == 26


@pytest.mark.parametrize("path", PATHS, ids=_ids(PATHS))
def test_pack_has_every_key_and_no_other(path):
    data = _raw(path)
    assert set(data) == set(language_packs.GROUPS) | {"pack"}
    assert set(data["pack"]) == set(language_packs.PACK_KEYS)
    assert data["pack"]["language"] == ("" if path.stem == "_common" else path.stem)
    for group, keys in language_packs.GROUPS.items():
        assert set(data[group]) == set(keys), group


@pytest.mark.parametrize("path", PATHS, ids=_ids(PATHS))
def test_empty_lists_are_declared(path):
    data = _raw(path)
    empty = {f"{group}.{key}" for group, keys in language_packs.GROUPS.items() for key in keys if not data[group][key]}
    declared = data["pack"]["empty"]
    assert len(declared) == len(set(declared))
    assert set(declared) == empty, "an empty list not named in [pack] empty, or a name there with words"
    if path.stem != "_common":  # a language reads its own invoices' headings, numbers, dates and totals
        for key in ("headings.seller", "headings.buyer", "header_fields.invoice_number", "header_fields.issue_date",
                    "header_fields.due_date", "totals.net", "totals.vat", "totals.gross", "totals.payable",
                    "document_types.invoice", "words.invoice"):
            assert key not in empty, key


@pytest.mark.parametrize("path", PATHS, ids=_ids(PATHS))
def test_every_pattern_compiles(path):
    data = _raw(path)
    lang = data["pack"]["language"]
    for group in language_packs.LABEL_GROUPS:
        for key, values in data[group].items():
            for value in values:
                pattern, weight = language_packs._entry(value)
                assert isinstance(value, str) or set(value) == {"pattern", "weight"}, value
                assert 0 < weight <= 1, (key, value)
                assert pattern == pattern.lower(), f"{pattern!r}: written in lower case"
                (d,) = labels._defs(key, lang, [labels._pattern(pattern)], weight)  # compiles, or raises
                assert d.key == key and d.weight == weight
    for kind, titles in data["document_types"].items():
        for title in titles:
            re.compile(labels._rx(fold(title)))


@pytest.mark.parametrize("path", PATHS, ids=_ids(PATHS))
def test_months_units_and_words(path):
    data = _raw(path)
    for key in ("names", "abbreviations"):
        months = data["months"][key]
        assert len(months) in (0, 12), key
        assert all(isinstance(m, str) for m in months)
    assert all(m for m in data["months"]["names"]), "every month has a name"
    for kind in ("goods", "service"):
        assert all(unit and unit == unit.strip() for unit in data["units"][kind])
    for kind, words in data["words"].items():
        assert all(word and word == word.strip() for word in words), kind


def test_the_engine_reads_every_pack():
    packs = language_packs.packs()
    assert [p["pack"]["language"] for p in packs][:3] == ["", "lt", "en"]
    languages = {d.lang for d in (*labels.HEADINGS, *labels.PARTY_FIELDS, *labels.HEADER_FIELDS,
                                  *labels.TOTAL_FIELDS, *labels.TABLE_COLUMNS)}
    assert languages == LANGUAGES | {""}
    assert {kind for kind, _ in labels.DOCUMENT_TYPES} == set(language_packs.DOCUMENT_KINDS)


def test_an_unknown_key_is_refused(tmp_path):
    path = tmp_path / "xx.toml"
    text = language_packs.PACK_DIR.joinpath("de.toml").read_text().replace("[totals]\n", "[totals]\nnett = []\n")
    path.write_text(text)
    with pytest.raises(language_packs.PackError, match="unknown"):
        language_packs._check(path, tomllib.loads(text))


def _line(text: str) -> TextLine:
    words, x = [], 40.0
    for token in text.split():
        words.append(Word(token, x, 100, x + 5 * len(token), 110))
        x += 5 * len(token) + 3
    return TextLine(1, 0, words)


# A label of each language as its invoices print it, and the key it is read as.
@pytest.mark.parametrize("text, key", [
    ("Dodavatel", "seller"), ("Odběratel", "buyer"), ("DIČ: CZ12345678", "vat_code"),
    ("Celkem k úhradě 1 210,00", "payable"), ("Datum splatnosti: 14.03.2026", "due_date"),
    ("Fornecedor", "seller"), ("NIF: 501234567", "vat_code"), ("Total a pagar 123,00", "payable"),
    ("Fakturanummer 1234", "invoice_number"), ("Förfallodatum 2026-03-14", "due_date"),
    ("Momsregistreringsnummer SE556677889901", "vat_code"), ("Att betala 100,00", "payable"),
    ("Forfaldsdato 28-03-2026", "due_date"), ("CVR-nr. 12345678", "company_code"),
    ("Laskun numero 123", "invoice_number"), ("Eräpäivä 28.3.2026", "due_date"),
    ("Számla sorszáma: 2026/1", "invoice_number"), ("Fizetendő összeg 12 700", "payable"),
    ("Număr factură 123", "invoice_number"), ("Total de plată 119,00", "payable"),
    ("Dodávateľ", "seller"), ("IČ DPH SK2020123456", "vat_code"), ("Številka računa 2026-1", "invoice_number"),
    ("Za plačilo 122,00", "payable"), ("OIB: 12345678901", "vat_code"), ("Datum dospijeća 28.03.2026", "due_date"),
    ("Доставчик", "seller"), ("Сума за плащане 120,00", "payable"), ("ΠΩΛΗΤΗΣ", "seller"),
    ("ΣΥΝΟΛΟ ΜΕ ΦΠΑ 124,00", "gross"), ("Постачальник", "seller"), ("До сплати 120,00", "payable"),
    ("Numru tal-fattura 12", "invoice_number"), ("Uimhir sonraisc 12", "invoice_number"),
    ("Rechnungssumme ohne USt. 100,00", "net"), ("Steuerbetrag 19,00", "vat"), ("Bruttosumme 119,00", "gross"),
    ("Montant total TTC 120,00", "gross"), ("Amount due for payment 120.00", "payable"),
])
def test_labels_of_each_language(text, key):
    assert key in [h.key for h in find_hits(_line(text), ALL_LABELS)]


@pytest.mark.parametrize("title, kind", [
    ("Faktura – daňový doklad", "vat_invoice"), ("Dobropis", "credit_note"), ("Zálohová faktura", "proforma"),
    ("Τιμολόγιο", "invoice"), ("Рахунок-фактура", "vat_invoice"), ("Számla", "invoice"), ("Lasku", "invoice"),
    ("Kreditnota", "credit_note"), ("Predračun", "proforma"), ("Factură", "invoice"),
])
def test_titles_of_each_language(title, kind):
    assert next(k for k, p in labels.DOCUMENT_TYPES if p.search(fold(title))) == kind


def _compiles(pattern: str) -> None:
    re.compile(fold(pattern))


@pytest.mark.parametrize("path", PATHS, ids=_ids(PATHS))
def test_legal_forms_party_and_header_words(path):
    data = _raw(path)
    country = data["pack"]["country"]
    assert country == "" or re.fullmatch(r"[A-Z]{2}", country), country
    forms = data["legal_forms"]
    for key in ("forms", "unread"):
        assert all(isinstance(f, str) and f and f == f.strip() for f in forms[key]), key
    assert not set(forms["forms"]) & set(forms["unread"]), "a form both read and unread"
    for pattern in forms["misread"]:
        _compiles(pattern)
    for spelling in forms["spellings"]:
        assert set(spelling) == {"pattern", "spelling"}, spelling
        re.compile(spelling["pattern"]).sub(spelling["spelling"], "X")  # the group a spelling names exists
    for group in ("party_words", "header_words"):
        for key, values in data[group].items():
            for value in values:
                assert isinstance(value, str) and value and value == value.strip(), (group, key, value)
                assert value == value.lower(), f"{value!r}: written in lower case"
                if key not in ("connectors", "generic_dates", "one_word_invoice"):  # those are words, not patterns
                    _compiles(value)
    assert all(isinstance(w, str) and w for w in data["units"]["service_words"])


def test_label_countries():
    from assets.extraction.parties.reading import _LABEL_COUNTRY
    # Languages of several countries name their main one, a language of one member state that
    # state; English, Greek (Greece, Cyprus), Swedish (Sweden, Finland), Maltese, Irish,
    # Russian and Ukrainian none.
    assert _LABEL_COUNTRY == {"lt": "LT", "de": "DE", "fr": "FR", "pl": "PL", "lv": "LV", "et": "EE", "nl": "NL",
                              "it": "IT", "es": "ES", "bg": "BG", "cs": "CZ", "da": "DK", "fi": "FI", "hr": "HR",
                              "hu": "HU", "pt": "PT", "ro": "RO", "sk": "SK", "sl": "SI"}
    assert language_packs.countries() == _LABEL_COUNTRY


@pytest.mark.parametrize("name, has_form", [
    ("UAB „Šiaurės vėjas“", True), ("Vilniaus prekyba, VšĮ", True), ("Muster GmbH", True), ("Firma Sp. z 0.0.", True),
    ("Acme 5.A.", True), ("Beta S.r.l.", True), ("Gamma Kft.", True), ("Delta Kft", True), ("Eesti OÜ", True),
    ("Sofia EOOD", True), ("Nordic ASA", True), ("Muster GbR", False), ("Alpha SASU", False), ("ТОВ Ромашка", False),
    ("Jonas Jonaitis", False), ("Asmens kodas", False),
])
def test_legal_forms_read_from_the_packs(name, has_form):
    from assets.extraction.parties.names import _has_legal_form
    assert _has_legal_form(name) is has_form


@pytest.mark.parametrize("printed, tidy", [
    ("Firma Sp z 00", "Firma Sp. z o.o."), ("Tamm OU", "Tamm OÜ"), ("Tamm ОУ", "Tamm OÜ"), ("Acme 5.A.", "Acme S.A."),
    ("Všį Vilnius", "VšĮ Vilnius"), ("Jono Jankauskienės Il", "Jono Jankauskienės IĮ"),
    ("Muster GmbH £ Co. KG", "Muster GmbH & Co. KG"), ("Beta S..r.l.", "Beta S.r.l."),
])
def test_legal_form_spellings(printed, tidy):
    from assets.extraction.parties.names import tidy_name
    assert tidy_name(printed) == tidy


def test_party_words_of_each_language():
    from assets.extraction.parties.names import _BANK_NAME, _CONNECTORS, _PHONE_WORDS, _STREET_MARK, _open_name
    from assets.extraction.parties.evidence import _BUYERS
    from assets.extraction.parties.evidence import YOURS as _YOURS
    assert {"and", "und", "ir", "i", "e", "en", "un", "ja", "y", "et", "&", "+", "og", "och", "es", "ve",
            "-"} == _CONNECTORS
    assert _open_name("Müller und") and _open_name("Kovács és") and not _open_name("Müller GmbH")
    for street in ("Gedimino pr. 12", "Laisvės al. 10", "Berliner Str. 5", "1 High Street", "10 Downing St"):
        assert _STREET_MARK.search(street), street
    assert all(_PHONE_WORDS.search(fold(w)) for w in ("Tel.", "Mob.", "Faksas", "Phone", "Fax"))
    assert all(_BANK_NAME.search(fold(w)) for w in ("Commerzbank AG", "Swedbank AS", "LHV Pank", "Banco Santander",
                                                    "Banque Populaire", "Sparkasse Köln", "Caixa Geral"))
    for word in ("Ihre", "Your", "Votre", "Jūsų", "Uw", "Teie", "Vostra", "Vs.", "Su", "Wasz", "Państwa", "Ваш"):
        assert _YOURS.fullmatch(fold(word)), word
    for word in ("Pirkėjo", "Pircēja", "Kliendi", "Kunden", "Customer's", "Purchasers", "Cliente", "Klant",
                 "Покупателя"):
        assert _BUYERS.fullmatch(fold(word)), word
    assert not _YOURS.fullmatch("unser") and not _BUYERS.fullmatch("verkaufer")


def test_header_words_of_each_language():
    from assets.extraction.header import _ONE_WORD_INVOICE, _TERM_DAYS, GENERIC_DATE_LABELS
    assert GENERIC_DATE_LABELS == {"data", "date", "datum", "datums", "fecha", "kuupaev", "дата"}
    assert _ONE_WORD_INVOICE == {"rechnung", "facture", "arve", "factuur", "fattura", "factura"}
    for text, days in (("per 30 dienų", 30), ("14 d.", 14), ("14 Tage", 14), ("innerhalb von 10 Tagen", 10),
                       ("30 jours", 30), ("14 dni", 14), ("30 dienas", 30), ("14 päeva", 14), ("30 dagen", 30),
                       ("30 giorni", 30), ("30 días", 30), ("10 дней", 10), ("30 days", 30)):
        m = _TERM_DAYS.search(fold(text))
        assert m and int(m.group(1)) == days, text
    assert _TERM_DAYS.search(fold("30 EUR")) is None


def test_service_words():
    from assets.extraction.tables.items import _SERVICE_WORDS
    for text in ("Konsultavimo paslaugos", "Patalpų nuoma", "IT maintenance", "Web hosting", "Priežiūros darbai"):
        assert _SERVICE_WORDS.search(text), text
    assert not _SERVICE_WORDS.search("Kava 1 kg")
