"""VAT codes of every EU country and their neighbours: found in text, repaired where OCR
read a letter for a digit or garbled a prefix, and checked by python-stdnum."""

from __future__ import annotations

import re

from stdnum.ch import uid as ch_uid
from stdnum.eu import vat as std_vat
from stdnum.exceptions import InvalidChecksum, ValidationError
from stdnum.gb import vat as gb_vat
from stdnum.in_ import gstin as in_gstin
from stdnum.no import mva as no_vat

from . import per_document
from .identifiers import DIGIT_LOOKALIKES, CodeMatch, compact, find_ibans, latin_upper, repair_digits, span_end

# EU member states' VAT prefixes (Greece uses EL; XI is Northern Ireland).
EU_VAT_PREFIXES = (
    "AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI"
).split()
# Neighbours whose VAT numbers EU invoices print: Switzerland (CHE-123.456.789 MWST),
# Norway (NO 123 456 789 MVA) and Great Britain. GR is Greece's ISO code, often printed for EL.
OTHER_VAT_PREFIXES = ["CHE", "NO", "GB", "GR"]
_OTHER_VAT = {"CHE": ch_uid, "NO": no_vat, "GB": gb_vat}

# The prefix may stand apart from the number by a hyphen, or by a speck OCR read as a point
# or a slash ("NL.226454897B01", "LV/40007506808"): the checksum decides.
_VAT_RE = re.compile(
    r"(?<![A-Za-z0-9])(?P<cc>" + "|".join(f"{p[0]}\\.?{p[1:]}" for p in OTHER_VAT_PREFIXES + EU_VAT_PREFIXES)
    + r")\s?[-./]?\s?"
    r"(?P<body>[0-9A-Z+*!](?:[0-9A-Z+*]|[ .\-](?=[0-9A-Z])){6,15})",
)
# Every VAT code of eight characters or more holds six digits or more (an Irish number
# with its letters, a Spanish NIF): one OCR left fewer than three of is past repair, and
# the words after a country's two letters ("SEB BANKAS") are no code to validate.
_VAT_MIN_DIGITS = 3


def _validate(code: str) -> str:
    """python-stdnum's check of a VAT code with its country prefix (EU, XI, CH, NO, GB):
    the number as it validates, or its ``ValidationError`` (``InvalidChecksum`` where only
    the check digits fail). python-stdnum fills a short Dutch number with zeros ("NL56029B41"
    passes as NL000056029B41): a code read with digits missing is of no format. Only the one
    leading zero Belgium's old nine-digit numbers lack is a printed form."""
    compacted = compact(code)
    module = next((m for prefix, m in _OTHER_VAT.items() if compacted.startswith(prefix)), std_vat)
    if module is ch_uid:  # the Swiss VAT number is the UID with a MWST/TVA/IVA suffix
        compacted = re.sub(r"(MWST|TVA|IVA|TPV)$", "", compacted)
    if len(compact(module.compact(compacted))) > len(compacted) + 1:
        raise ValidationError("digits missing")
    return module.validate(compacted)


def vat_is_valid(code: str | None) -> bool:
    """VAT code with its country prefix (EU, XI, CH, NO, GB), checked by python-stdnum."""
    if not code:
        return False
    try:
        return bool(_validate(code))
    except (ValidationError, KeyError, TypeError):
        return False


def vat_well_formed(code: str | None) -> bool:
    """A VAT code of its country's format whose only fault is its check digits (python-stdnum
    tells a failed checksum from a wrong length or format): printed under a VAT label it is
    the party's VAT code as printed, reported with a failed checksum, never dropped."""
    if not code:
        return False
    try:
        _validate(code)
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
    upper, pos = latin_upper(text), 0
    ibans: set[int] | None = None  # looked for once a line has a prefix and digits after it
    # Matches are searched one after another, the next from where a code ended or, where
    # none was read, right after the prefix: "FISCALE IT60495660536" is no Finnish code
    # and must not hide the Italian one its greedy body swallowed.
    while (m := _VAT_RE.search(upper, pos)) is not None:
        pos = m.start() + 1
        cc, body = m.group("cc").replace(".", ""), compact(m.group("body"))
        speck = cc != m.group("cc")  # a speck OCR read as a point between the prefix's letters
        if sum(ch.isdigit() for ch in body) < _VAT_MIN_DIGITS:
            continue  # "SEB BANKAS", "SKAITA FAKTŪRA": words after a country's letters
        if ibans is None:
            ibans = {i.start for i in find_ibans(text)}
        if m.start() in ibans:
            continue  # "EE35 8251 7506 ..." is an account, whatever its first digits pass
        best: CodeMatch | None = None
        for length in range(len(body), 7, -1):
            candidate = body[:length]
            end = span_end(text, m.start("body"), candidate)
            if vat_is_valid(cc + candidate):
                best = CodeMatch(cc + candidate, m.start(), end, True)
                break
            if speck:
                continue  # "L.T339327019": only as its check holds, read as it is
            digits = repair_digits(candidate)
            fixed = cc + digits if vat_is_valid(cc + digits) else _letter_for_digit(cc, digits)
            if fixed is not None and fixed != cc + candidate:
                best = CodeMatch(fixed, m.start(), end, True, repaired=True)
                break
        if best is None and not speck:
            digits = re.match(r"\d+", body)
            if cc == "LT" and digits and len(digits.group()) in (9, 12):
                plain = digits.group()
                best = CodeMatch("LT" + plain, m.start(), span_end(text, m.start("body"), plain), False)
            else:
                well = next((body[:n] for n in range(len(body), 7, -1) if vat_well_formed(cc + body[:n])), None)
                if well is not None and _alone(text, m.start("body"), well):
                    best = CodeMatch(cc + well, m.start(), span_end(text, m.start("body"), well), False)
        if best:
            found.append(_canonical(best))
            pos = max(pos, best.end)
    return tuple(found)


# The letters a code's letter may have been read as digits from: the upper-case look-alikes
# of ``repair_digits``, turned round ("8" -> "B", "0" -> "O", "D" or "Q"), and the "3", "0"
# and "6" OCR makes of a "B" now and then (its bowls one round glyph on a far photo:
# "NL560298419001", "NL171906573601", "ES096674213").
def _letters_read_as_digits() -> dict[str, str]:
    out = {"3": "B", "0": "B", "6": "B"}
    for code, digit in DIGIT_LOOKALIKES.items():
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
    end = span_end(text, start, body)
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
    gst = _GSTIN.search(latin_upper(text))
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
    digit_read = _prefix_read_as_digit(text)
    if digit_read is not None:
        return digit_read
    # Both letters read as one mark ("(229291118", "0839312461714"): only where the digits
    # pass exactly one Baltic country's check.
    m = _ONE_MARK.search(text)
    if m is not None:
        digits = m.group(2) or m.group(4)
        valid = [cc for cc in ("LT", "LV", "EE") if vat_is_valid(cc + digits)]
        if len(valid) == 1:
            return CodeMatch(valid[0] + digits, m.start(), m.end(), True, repaired=True)
    return None


# A prefix of a letter and a digit, then the body: "E5801735588" ("ESB01735588").
_DIGIT_PREFIX = re.compile(r"(?<![\w])([A-Z0-9])([A-Z0-9])\s?([0-9A-Z]{8,12})(?![\w])")


def _prefix_read_as_digit(text: str) -> CodeMatch | None:
    """A code whose prefix has one of its letters read as the digit it looks like ("E5" for
    "ES", "8E" for "BE"), when exactly one country's prefix so read makes a code whose check
    holds, as read or with one digit of its body read back as its letter
    (``_letter_for_digit``: "E5801735588" is "ESB01735588"). A prefix of two digits is no
    prefix: a bare number's country is for its label to tell."""
    for m in _DIGIT_PREFIX.finditer(latin_upper(text)):
        first, second, body = m.groups()
        if first.isdigit() == second.isdigit():
            continue
        valid = set()
        for cc in EU_VAT_PREFIXES:
            if all(read == letter or letter in _LETTER_LOOKALIKES.get(read, "")
                   for read, letter in zip((first, second), cc)):
                code = cc + body if vat_is_valid(cc + body) else _letter_for_digit(cc, body)
                if code is not None:
                    valid.add(code)
        if len(valid) == 1:
            return CodeMatch(valid.pop(), m.start(), m.end(), True, repaired=True)
    return None


# "1" for both letters only before twelve digits ("1100001738313" for LT100001738313): a
# thirteen-digit number is no other country's, where a "1" before nine or eleven digits
# may begin a bare Polish or Swedish one.
_ONE_MARK = re.compile(r"(?<![\w(\[|!])(?:([0(\[|!])(\d{9}|\d{11}|\d{12})|(1)(\d{12}))(?![\w])")
