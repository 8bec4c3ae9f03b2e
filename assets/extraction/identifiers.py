"""Company codes, VAT codes, IBANs and BICs: finding them in text and checking them.

Checksums are the strongest evidence extraction has. A VAT code or IBAN whose check digits
hold is almost certainly read correctly (a random misread passes ~1 time in 10-100), so a
valid identifier gets high confidence and an invalid one is flagged for review. When OCR
confused look-alike characters (O/0, I/1, S/5, B/8), the repaired reading is accepted
only if its checksum holds.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass

from stdnum import bic as std_bic
from stdnum import iban as std_iban
from stdnum.ch import uid as ch_uid
from stdnum.eu import vat as std_vat
from stdnum.exceptions import InvalidChecksum, ValidationError
from stdnum.gb import vat as gb_vat
from stdnum.in_ import gstin as in_gstin
from stdnum.no import mva as no_vat

from . import per_document
from .company_codes import CHECKED, register_code_valid

# EU member states' VAT prefixes (Greece uses EL; XI is Northern Ireland).
EU_VAT_PREFIXES = (
    "AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI"
).split()
# Neighbours whose VAT numbers EU invoices print: Switzerland (CHE-123.456.789 MWST),
# Norway (NO 123 456 789 MVA) and Great Britain. GR is Greece's ISO code, often printed for EL.
OTHER_VAT_PREFIXES = ["CHE", "NO", "GB", "GR"]
_OTHER_VAT = {"CHE": ch_uid, "NO": no_vat, "GB": gb_vat}

_DIGIT_LOOKALIKES = str.maketrans({"O": "0", "o": "0", "D": "0", "Q": "0", "I": "1", "l": "1",
                                   "|": "1", "!": "1", "i": "1", "S": "5", "s": "5", "B": "8", "Z": "2", "z": "2",
                                   "G": "6", "b": "6", "g": "9", "q": "9", "T": "7"})

# The prefix may stand apart from the number by a hyphen, or by a speck OCR read as a point
# ("NL.226454897B01"): the checksum decides.
_VAT_RE = re.compile(
    r"(?<![A-Za-z0-9])(?P<cc>" + "|".join(OTHER_VAT_PREFIXES + EU_VAT_PREFIXES) + r")\s?[-.]?\s?"
    r"(?P<body>[0-9A-Z+*!](?:[0-9A-Z+*]|[ .\-](?=[0-9A-Z])){6,15})",
)
_IBAN_RE = re.compile(r"(?<![A-Za-z0-9])(?P<iban>[A-Z]{2}\s?\d{2}(?:\s?[A-Z0-9]){10,32})")
_COMPANY_CODE_RE = re.compile(r"(?<![\d\w+])(\d{9})(?![\d\w])")
# Every VAT code of eight characters or more holds six digits or more (an Irish number
# with its letters, a Spanish NIF): one OCR left fewer than three of is past repair, and
# the words after a country's two letters ("SEB BANKAS") are no code to validate.
_VAT_MIN_DIGITS = 3
_BIC_RE = re.compile(r"(?<![A-Z0-9])([A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)(?![A-Z0-9])")


@dataclass(frozen=True, slots=True)
class CodeMatch:
    """An identifier found in text: its normal form, span, and whether it validated."""

    value: str
    start: int
    end: int
    valid: bool
    repaired: bool = False


def compact(text: str) -> str:
    """Upper case without spaces, dots, dashes and slashes."""
    return re.sub(r"[\s.\-/]", "", text).upper()


# Cyrillic capitals that look like Latin ones: the Russian model reads "EE101216858" as
# "ЕЕ101216858", and a code's prefix is Latin.
_CYRILLIC_LOOKALIKES = "АВЕКМНОРСТХ"
_ASCII_UPPER = str.maketrans(string.ascii_lowercase + _CYRILLIC_LOOKALIKES,
                             string.ascii_uppercase + "ABEKMHOPCTX")


def _upper(text: str) -> str:
    """ASCII letters in capitals, every other character kept, so offsets stay those of
    ``text`` ("Straße".upper() is one character longer and would shift every span);
    Cyrillic capitals that look Latin read as Latin."""
    return text.translate(_ASCII_UPPER)


def repair_digits(text: str) -> str:
    """Replace letters OCR often confuses with digits (O->0, I->1, S->5, B->8 ...)."""
    return text.translate(_DIGIT_LOOKALIKES)


# ---------------------------------------------------------------- VAT codes


def vat_is_valid(code: str | None) -> bool:
    """VAT code with its country prefix (EU, XI, CH, NO, GB), checked by python-stdnum."""
    if not code:
        return False
    compacted = compact(code)
    module = next((m for prefix, m in _OTHER_VAT.items() if compacted.startswith(prefix)), std_vat)
    if module is ch_uid:  # the Swiss VAT number is the UID with a MWST/TVA/IVA suffix
        compacted = re.sub(r"(MWST|TVA|IVA|TPV)$", "", compacted)
    try:
        return bool(module.validate(compacted))
    except (ValidationError, KeyError, TypeError):
        return False


def vat_well_formed(code: str | None) -> bool:
    """A VAT code of its country's format whose only fault is its check digits (python-stdnum
    tells a failed checksum from a wrong length or format): printed under a VAT label it is
    the party's VAT code as printed, reported with a failed checksum, never dropped."""
    if not code:
        return False
    compacted = compact(code)
    module = next((m for prefix, m in _OTHER_VAT.items() if compacted.startswith(prefix)), std_vat)
    if module is ch_uid:
        compacted = re.sub(r"(MWST|TVA|IVA|TPV)$", "", compacted)
    try:
        module.validate(compacted)
    except InvalidChecksum:
        return True
    except (ValidationError, KeyError, TypeError):
        return False
    return True


def vat_country(code: str | None) -> str | None:
    """ISO country of a VAT code ("EL..." is Greece, "CHE..." Switzerland, "XI..." Northern Ireland)."""
    if not code or not code[:2].isalpha():  # India's GSTIN opens with digits: no country prefix
        return None
    prefix = compact(code)[:3]
    if prefix == "CHE":
        return "CH"
    return {"EL": "GR", "XI": "GB"}.get(prefix[:2], prefix[:2])


def normalize_vat(text: str) -> CodeMatch | None:
    """Read a VAT code out of a short value string ("LT 1000 0123 4510" -> "LT100001234510")."""
    matches = find_vat_codes(text)
    return matches[0] if matches else None


def find_vat_codes(text: str) -> list[CodeMatch]:
    """VAT codes with an EU country prefix in ``text``: valid ones, else well-formed ones,
    never the start of an IBAN (a line is asked about by every reader of parties: the
    answer is kept for the document)."""
    return list(_vat_codes(text))


@per_document.memoized
def _vat_codes(text: str) -> tuple[CodeMatch, ...]:
    """``find_vat_codes``.

    The body regex is greedy, so shorter prefixes of it are tried too ("LT123456715 UAB"
    must not swallow the next word).
    """
    found: list[CodeMatch] = []
    upper, pos = _upper(text), 0
    ibans: set[int] | None = None  # looked for once a line has a prefix and digits after it
    # Matches are searched one after another, the next from where a code ended or, where
    # none was read, right after the prefix: "FISCALE IT60495660536" is no Finnish code
    # and must not hide the Italian one its greedy body swallowed.
    while (m := _VAT_RE.search(upper, pos)) is not None:
        pos = m.start() + 1
        cc, body = m.group("cc"), compact(m.group("body"))
        if sum(ch.isdigit() for ch in body) < _VAT_MIN_DIGITS:
            continue  # "SEB BANKAS", "SKAITA FAKTŪRA": words after a country's letters
        if ibans is None:
            ibans = {i.start for i in find_ibans(text)}
        if m.start() in ibans:
            continue  # "EE35 8251 7506 ..." is an account, whatever its first digits pass
        best: CodeMatch | None = None
        for length in range(len(body), 7, -1):
            candidate = body[:length]
            end = _span_end(text, m.start("body"), candidate)
            if vat_is_valid(cc + candidate):
                best = CodeMatch(cc + candidate, m.start(), end, True)
                break
            digits = repair_digits(candidate)
            fixed = cc + digits if vat_is_valid(cc + digits) else _letter_for_digit(cc, digits)
            if fixed is not None and fixed != cc + candidate:
                best = CodeMatch(fixed, m.start(), end, True, repaired=True)
                break
        if best is None:
            digits = re.match(r"\d+", body)
            if cc == "LT" and digits and len(digits.group()) in (9, 12):
                plain = digits.group()
                best = CodeMatch("LT" + plain, m.start(), _span_end(text, m.start("body"), plain), False)
            else:
                well = next((body[:n] for n in range(len(body), 7, -1) if vat_well_formed(cc + body[:n])), None)
                if well is not None and _alone(text, m.start("body"), well):
                    best = CodeMatch(cc + well, m.start(), _span_end(text, m.start("body"), well), False)
        if best:
            found.append(_canonical(best))
            pos = max(pos, best.end)
    return tuple(found)


# The letters a code's letter may have been read as digits from: the upper-case look-alikes
# of ``repair_digits``, turned round ("8" -> "B", "0" -> "O", "D" or "Q"), and the "3" OCR
# makes of a "B" now and then.
def _letters_read_as_digits() -> dict[str, str]:
    out = {"3": "B"}
    for code, digit in _DIGIT_LOOKALIKES.items():
        if chr(code).isupper():
            out[digit] = out.get(digit, "") + chr(code)
    return out


_LETTER_LOOKALIKES = _letters_read_as_digits()


def _letter_for_digit(cc: str, body: str) -> str | None:
    """The code whose checksum holds once one digit of ``body`` is read back as the letter
    it looks like, where exactly one such reading holds: a Spanish, Irish or Dutch code has
    letters where OCR may read digits ("ES874679812" is "ESB74679812", "NL...573801" is
    "NL...573B01"). Else None."""
    readings = (cc + body[:i] + letter + body[i + 1:] for i, ch in enumerate(body)
                for letter in _LETTER_LOOKALIKES.get(ch, ""))
    valid = {code for code in readings if vat_is_valid(code)}
    return valid.pop() if len(valid) == 1 else None


def _alone(text: str, start: int, body: str) -> bool:
    """A code that is not the start of a longer token: what follows it is no letter or digit."""
    end = _span_end(text, start, body)
    return not text[end:end + 1].isalnum()


def _canonical(match: CodeMatch) -> CodeMatch:
    """One spelling per code: Greece as EL, Swiss numbers without MWST/TVA/IVA."""
    value = match.value
    if value.startswith("GR"):
        value = "EL" + value[2:]
    elif value.startswith("CHE"):
        value = re.sub(r"(MWST|TVA|IVA|TPV)$", "", value)
    return CodeMatch(value, match.start, match.end, match.valid, match.repaired)


def read_vat_code(text: str, country: str | None = None) -> CodeMatch | None:
    """The VAT code of a labelled value, with or without its country prefix.

    Domestic invoices often print it bare ("NIP: 526-025-02-74", "USt-IdNr. 136695976"):
    a bare number is accepted when exactly one country's checksum holds for it (or
    ``country``'s, when given and among them), and gets that country's prefix.
    """
    codes = find_vat_codes(text)
    if codes:
        return codes[0]
    gst = _GSTIN.search(_upper(text))
    if gst and in_gstin.is_valid(gst.group()):  # India's GST number, printed as the seller's tax code
        return CodeMatch(gst.group(), gst.start(), gst.end(), True)
    garbled = _garbled_prefix(text)
    if garbled is not None:
        return garbled
    # Not the digits of a reference glued to its letters ("RE-2026-0412" of "Faktura VAT
    # RE-2026-0412", whose 20260412 passes Romania's checksum).
    m = re.search(r"(?<![\w])(?<!\w[-/])\d[\d .\-]{6,14}\d(?![\w])", text)
    if m is None:
        return None
    digits = compact(m.group())
    if not digits.isdigit() or not 8 <= len(digits) <= 12:
        return None
    countries = [c for c in std_vat.guess_country(digits) if c != "xi"]
    if country and country.lower() in countries:
        countries = [country.lower()]
    if len(countries) != 1:
        return None
    prefix = {"gr": "EL"}.get(countries[0], countries[0].upper())
    return CodeMatch(prefix + digits, m.start(), m.end(), True, repaired=True)


_GSTIN = re.compile(r"(?<![A-Z0-9])\d{2}[A-Z]{5}\d{4}[A-Z][0-9A-Z]Z[0-9A-Z](?![A-Z0-9])")

# What OCR makes of a Baltic prefix's letters on a page read with another alphabet's
# model: "LT" as "11", "[1", "|T"; "LV" as "1V"; "EE" as "EF".
_PREFIX_LOOKALIKES = {"L": "L1lI|[!(", "T": "T71Il", "V": "VYU", "E": "E3F"}
_GARBLED = re.compile(r"(?<![\w])([L1lI|\[!(E3F])([T71IlVYUE3F])\s?(\d{8,12})(?![\w])")


def _garbled_prefix(text: str) -> CodeMatch | None:
    """A Baltic VAT code whose two prefix letters OCR turned into look-alikes, when the
    digits after them pass that country's check ("11744198715" is LT744198715): read
    bare, the garbled prefix would make another country's number of the whole."""
    m = _GARBLED.search(text)
    if m is not None:
        for cc in ("LT", "LV", "EE"):
            if m.group(1) in _PREFIX_LOOKALIKES[cc[0]] and m.group(2) in _PREFIX_LOOKALIKES[cc[1]] \
                    and vat_is_valid(cc + m.group(3)):
                return CodeMatch(cc + m.group(3), m.start(), m.end(), True, repaired=True)
    # Both letters read as one mark ("(229291118", "0839312461714"): only where the digits
    # pass exactly one Baltic country's check.
    m = _ONE_MARK.search(text)
    if m is not None:
        digits = m.group(2) or m.group(4)
        valid = [cc for cc in ("LT", "LV", "EE") if vat_is_valid(cc + digits)]
        if len(valid) == 1:
            return CodeMatch(valid[0] + digits, m.start(), m.end(), True, repaired=True)
    return None


# "1" for both letters only before twelve digits ("1100001738313" for LT100001738313): a
# thirteen-digit number is no other country's, where a "1" before nine or eleven digits
# may begin a bare Polish or Swedish one.
_ONE_MARK = re.compile(r"(?<![\w(\[|!])(?:([0(\[|!])(\d{9}|\d{11}|\d{12})|(1)(\d{12}))(?![\w])")


def _span_end(text: str, start: int, compacted: str) -> int:
    """End offset in ``text`` after consuming ``compacted``'s characters from ``start``."""
    i, n = start, 0
    while i < len(text) and n < len(compacted):
        if text[i].upper() == compacted[n]:
            n += 1
        i += 1
    return i


# ---------------------------------------------------------------- company codes


def lt_company_code_format_ok(code: str | None) -> bool:
    """Lithuanian legal-entity code ("įmonės kodas"): exactly 9 digits."""
    return bool(code) and len(code) == 9 and code.isascii() and code.isdigit()  # type: ignore[union-attr]


def find_company_codes(text: str) -> list[CodeMatch]:
    """Stand-alone 9-digit numbers (Lithuanian company codes) in ``text``."""
    return [CodeMatch(m.group(1), m.start(1), m.end(1), True) for m in _COMPANY_CODE_RE.finditer(text)]


def _foreign_register_code(raw: str, digits_only: bool = False) -> bool:
    """A code with letters that a register's checksum accepts as printed (a Spanish CIF,
    an Italian codice fiscale): its letters are not OCR's misread digits. With
    ``digits_only``, a number of at least 8 digits that a register's checksum accepts."""
    if digits_only:
        if not raw.isdigit() or len(raw) < 8:
            return False
    elif not re.search(r"[A-Za-z]", raw) or not re.search(r"\d{4}", raw):
        return False
    return any(register_code_valid(module, raw) for country, modules in CHECKED.items() if country != "DE"
               for module in modules)


def read_company_code(text: str) -> CodeMatch | None:
    """The registry code at the start of a labelled value ("304567894", "HRB 12345").

    A 9-digit Lithuanian code is preferred; OCR look-alikes are repaired only when that
    yields exactly 9 digits. Foreign codes are kept as printed (letters, digits, dashes).
    """
    lt = find_company_codes(text)
    if lt:
        return lt[0]
    grouped = re.match(r"\s*(\d{2,5}(?: \d{2,5}){1,4})(?![\w])", text)
    if grouped and _foreign_register_code(grouped.group(1).replace(" ", ""), digits_only=True):
        # "SIRET 732 829 320 00074": the groups of one number that a register's check accepts.
        return CodeMatch(grouped.group(1).replace(" ", ""), grouped.start(1), grouped.end(1), True)
    tokens = list(re.finditer(r"\S+", text))
    for k, token in enumerate(tokens[:3]):
        raw = token.group().strip(",;:.()")
        if not re.search(r"\d", raw) or (re.match(r"[A-Z]{2}[\dA-Z]", raw) and vat_is_valid(raw)):
            continue  # a word, or a VAT code under a company-code label wrapped over two lines
        begin = token.start() + token.group().find(raw)
        if _foreign_register_code(raw):
            return CodeMatch(raw, begin, begin + len(raw), True)  # "B53654893": a Spanish CIF, not 853654893
        fixed = repair_digits(raw)
        if len(fixed) == 9 and fixed.isdigit():
            return CodeMatch(fixed, begin, begin + len(raw), True, repaired=fixed != raw)
        value = raw
        if k > 0 and re.fullmatch(r"[A-Z]{1,4}", tokens[k - 1].group()):  # "HRB 12345"
            value, begin = f"{tokens[k - 1].group()} {raw}", tokens[k - 1].start()
        return CodeMatch(value, begin, token.start() + len(token.group()), False)
    return None


# ---------------------------------------------------------------- IBAN / BIC


def iban_is_valid(iban: str | None) -> bool:
    """Country format, length and mod-97 check of an IBAN (python-stdnum)."""
    if not iban:
        return False
    try:
        return bool(std_iban.validate(iban))
    except (ValidationError, KeyError):
        return False


def find_ibans(text: str) -> list[CodeMatch]:
    """Valid IBANs in ``text`` (compact form), trying shorter readings of greedy matches."""
    found = []
    for m in _IBAN_RE.finditer(_upper(text)):
        body = compact(m.group("iban"))
        for length in range(min(len(body), 34), 14, -1):
            candidate = body[:length]
            repaired = candidate[:4] + repair_digits(candidate[4:]) if candidate[2:4].isdigit() else candidate
            for value, was_repaired in ((candidate, False), (repaired, True)):
                if (not was_repaired or value != candidate) and iban_is_valid(value):
                    end = _span_end(text, m.start(), candidate)
                    found.append(CodeMatch(value, m.start(), end, True, was_repaired))
                    break
            else:
                continue
            break
    return found


def format_iban(iban: str) -> str:
    """Compact IBAN (the DTO form has no spaces)."""
    return std_iban.compact(iban)


def find_bics(text: str) -> list[CodeMatch]:
    """SWIFT/BIC codes (8 or 11 characters) that pass python-stdnum's format check."""
    out = []
    for m in _BIC_RE.finditer(_upper(text)):
        if std_bic.is_valid(m.group(1)):
            out.append(CodeMatch(m.group(1), m.start(1), m.end(1), True))
    return out
