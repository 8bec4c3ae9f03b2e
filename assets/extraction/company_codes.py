"""Business-register codes per country: which python-stdnum module checks them.

A company code is only evidence when it can be checked. Lithuania's 9-digit code ends in
a check digit computed as the legal entity's VAT code's (weights 1-8, then 3-10, modulo 11;
``lt_company_code_checks``), which python-stdnum has for the VAT code only; most other
registers have one too, and python-stdnum knows them. Countries without a checkable
register code (the Netherlands' KvK, Slovakia's IČO, Companies House) get a format check.
``company_code_valid`` answers None for a country it knows nothing about, so callers can
tell "wrong" from "cannot tell". ``read_company_code`` reads the code a label names.
"""

from __future__ import annotations

import re
from types import ModuleType

from stdnum import exceptions
from stdnum.at import businessid as at_fn
from stdnum.be import vat as be_kbo
from stdnum.bg import vat as bg_eik
from stdnum.ch import uid as ch_uid
from stdnum.cy import vat as cy_tic
from stdnum.cz import dic as cz_ico
from stdnum.de import handelsregisternummer as de_hr
from stdnum.dk import cvr as dk_cvr
from stdnum.ee import registrikood as ee_rk
from stdnum.es import cif as es_cif
from stdnum.fi import ytunnus as fi_yt
from stdnum.fr import siren as fr_siren
from stdnum.fr import siret as fr_siret
from stdnum.gr import vat as gr_afm
from stdnum.hr import oib as hr_oib
from stdnum.hu import anum as hu_anum
from stdnum.ie import vat as ie_cro
from stdnum.it import iva as it_iva
from stdnum.lt import pvm as lt_pvm
from stdnum.lu import tva as lu_tva
from stdnum.lv import pvn as lv_reg
from stdnum.mt import vat as mt_vat
from stdnum.no import orgnr as no_orgnr
from stdnum.pl import nip as pl_nip
from stdnum.pl import regon as pl_regon
from stdnum.pt import nif as pt_nif
from stdnum.ro import cui as ro_cui
from stdnum.ro import onrc as ro_onrc
from stdnum.se import orgnr as se_orgnr
from stdnum.si import maticna as si_mat

from .identifiers import CodeMatch, repair_digits
from .vat_codes import vat_is_valid

CHECKED: dict[str, tuple[ModuleType, ...]] = {
    "AT": (at_fn,), "BE": (be_kbo,), "BG": (bg_eik,), "CH": (ch_uid,), "CY": (cy_tic,), "CZ": (cz_ico,),
    "DE": (de_hr,), "DK": (dk_cvr,), "EE": (ee_rk,), "ES": (es_cif,), "FI": (fi_yt,),
    "FR": (fr_siren, fr_siret), "GR": (gr_afm,), "HR": (hr_oib,), "HU": (hu_anum,), "IE": (ie_cro,),
    "IT": (it_iva,), "LU": (lu_tva,), "LV": (lv_reg,), "MT": (mt_vat,), "NO": (no_orgnr,),
    "PL": (pl_regon, pl_nip), "PT": (pt_nif,), "RO": (ro_onrc, ro_cui), "SE": (se_orgnr,), "SI": (si_mat,),
}
FORMATS: dict[str, re.Pattern[str]] = {
    "LT": re.compile(r"\d{9}"),
    "NL": re.compile(r"\d{8}"),
    "SK": re.compile(r"\d{8}"),
    "GB": re.compile(r"(?:[A-Z]{2}\d{6}|\d{8})"),
}
# Register numbers printed without the court that stdnum's check needs ("HRB 48213").
LOOSE_FORMATS: dict[str, re.Pattern[str]] = {
    "DE": re.compile(r"(?:HR[AB]|GnR|PR|VR) ?\d{1,6}(?: ?[A-Z]{1,2})?"),
}
# A register code as printed: digits with spaces, dots, dashes or slashes, maybe letters
# around them ("HRB 48213", "CHE-107.787.577", "FN 123456 a", "J40/1234/2020").
_CANDIDATE = re.compile(r"(?<![\w])(?:[A-Z]{1,4}[ -]?)?\d[\d .\-/]{3,16}\d(?:[ ]?[a-z])?(?![\w])")


def company_code_valid(code: str | None, country: str | None) -> bool | None:
    """Whether ``code`` is a well-formed (and, where one exists, checksum-valid) register
    code of ``country``; None when the country has no rule here."""
    if not code or not country:
        return None
    country = country.upper()
    if country in FORMATS:
        return bool(FORMATS[country].fullmatch(re.sub(r"[\s.\-]", "", code)))
    modules = CHECKED.get(country)
    if modules is None:
        return None
    loose = LOOSE_FORMATS.get(country)
    if loose is not None and loose.fullmatch(code.strip()):
        return True
    return any(register_code_valid(module, code) for module in modules)


def register_code_valid(module: ModuleType, code: str) -> bool:
    try:
        module.validate(code)
    except (exceptions.ValidationError, ValueError, KeyError):
        return False
    return True


def find_company_codes_of(text: str, country: str) -> list[tuple[str, int, int]]:
    """Register codes of ``country`` in ``text``: (code as printed, start, end), valid ones only."""
    out = []
    for m in _CANDIDATE.finditer(text):
        raw = m.group().strip(" .-/")
        if company_code_valid(raw, country):
            out.append((raw, m.start(), m.start() + len(raw)))
    return out


# A register number standing alone: digits only, no amount's, date's or code's part.
_BARE_NUMBER = re.compile(r"(?<![\w.,/\-])\d{8,13}(?![\w.,]\d|\w)")


def checked_register_codes(text: str, country: str | None) -> list[tuple[str, int, int]]:
    """Numbers standing alone in ``text`` that the register of ``country`` accepts by its
    checksum (only a country whose register has one, ``CHECKED`` and Lithuania's: a format
    alone is any number's): (code, start, end)."""
    modules = CHECKED.get(country or "", ())
    checks = lt_company_code_checks if country == "LT" \
        else lambda code: any(register_code_valid(module, code) for module in modules)
    return [(m.group(), m.start(), m.end()) for m in _BARE_NUMBER.finditer(text) if checks(m.group())]


_COMPANY_CODE_RE = re.compile(r"(?<![\d\w+])(\d{9})(?![\d\w])")


def lt_company_code_format_ok(code: str | None) -> bool:
    """Lithuanian legal-entity code ("įmonės kodas"): exactly 9 digits."""
    return bool(code) and len(code) == 9 and code.isascii() and code.isdigit()  # type: ignore[union-attr]


def lt_company_code_checks(code: str | None) -> bool:
    """Whether a Lithuanian legal-entity code's last digit is its check digit (the register
    computes it as for the entity's VAT code: "121215434", "304836394"). A code printed
    with another last digit is still read as printed (a sample or a made-up number is not
    a misreading); the check decides between readings, and lowers a failing code's
    confidence."""
    return lt_company_code_format_ok(code) and lt_pvm.calc_check_digit(code[:8]) == code[8]  # type: ignore[index]


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
