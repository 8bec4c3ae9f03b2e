"""Countries as the exports need them: EU membership, Lithuanian names, Peppol schemes."""

EU = frozenset(
    "AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK".split()
)

# Lithuanian country names (Centas `salis`, Agnum `SALIS`): the EU, neighbours and the
# usual trading partners; other countries are written by their ISO code's absence.
NAMES_LT = {
    "AT": "Austrija", "BE": "Belgija", "BG": "Bulgarija", "BY": "Baltarusija", "CA": "Kanada",
    "CH": "Šveicarija", "CN": "Kinija", "CY": "Kipras", "CZ": "Čekija", "DE": "Vokietija",
    "DK": "Danija", "EE": "Estija", "ES": "Ispanija", "FI": "Suomija", "FR": "Prancūzija",
    "GB": "Jungtinė Karalystė", "GR": "Graikija", "HR": "Kroatija", "HU": "Vengrija",
    "IE": "Airija", "IS": "Islandija", "IT": "Italija", "JP": "Japonija", "KZ": "Kazachstanas",
    "LT": "Lietuva", "LU": "Liuksemburgas", "LV": "Latvija", "MT": "Malta", "NL": "Nyderlandai",
    "NO": "Norvegija", "PL": "Lenkija", "PT": "Portugalija", "RO": "Rumunija", "RS": "Serbija",
    "RU": "Rusija", "SE": "Švedija", "SI": "Slovėnija", "SK": "Slovakija", "TR": "Turkija",
    "UA": "Ukraina", "US": "Jungtinės Amerikos Valstijos",
}

# Peppol electronic address schemes (EAS code list) for national VAT numbers.
VAT_SCHEMES = {
    "AT": "9914", "BE": "9925", "BG": "9926", "CY": "9928", "CZ": "9929", "DE": "9930",
    "EE": "9931", "ES": "9920", "FR": "9957", "GB": "9932", "GR": "9933", "HR": "9934",
    "HU": "9910", "IE": "9935", "IT": "0211", "LT": "9937", "LU": "9938", "LV": "9939",
    "MT": "9943", "NL": "9944", "PL": "9945", "PT": "9946", "RO": "9947", "SI": "9949",
    "SK": "9950",
}
# Lithuanian legal entity code (įmonės kodas), an ISO 6523 ICD and a Peppol EAS.
LT_COMPANY_SCHEME = "0200"


def from_vat_code(vat_code: str | None) -> str | None:
    """The country a VAT code's prefix names (`EL` is Greece's VAT prefix for GR)."""
    if not vat_code or len(vat_code) < 3 or not vat_code[:2].isalpha():
        return None
    prefix = vat_code[:2].upper()
    return "GR" if prefix == "EL" else prefix


def of_party(party: dict) -> str | None:
    """A party's country: its address, else its VAT code's prefix; None when unknown."""
    return of((party.get("address") or {}).get("country"), party.get("vatCode"))


def of(address_country: str | None, vat_code: str | None) -> str | None:
    """The country an address names, else the one a VAT code's prefix names."""
    country = (address_country or "").strip().upper()
    if len(country) == 2 and country.isalpha():
        return country
    return from_vat_code(vat_code)
