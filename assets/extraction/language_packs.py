"""Language packs: the words the engine reads, one TOML file per language.

Every label word, document title, month name, legal form, unit, invoice word and the
other words the engine reads (a street's mark, "your", a term's "days" ...) sits in
``languages/<code>.toml`` (``_common.toml`` for words printed alike in many languages), so
that adding or correcting a language touches one data file and no code. This module only
reads the packs, once, and hands them out in the order the engine relies on; compiling a
label into a pattern stays in ``labels`` (``_defs``/``_rx``/``fold``), dates' use of month
names in ``months``. See ``languages/README.md`` for the pack format.

Order matters where two labels read the very same words (the first one's language and
weight win, ``hits._best_cover``), so packs are read in their ``order`` (then by code),
and a group is handed out key by key, within a key language by language, within a
language as written.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

PACK_DIR = Path(__file__).with_name("languages")

# The groups and keys the engine knows. A pack must carry every key (an empty list where
# the language has no such word, named in ``pack.empty``) and no other: a misspelt key
# would otherwise be a word silently never read.
LABEL_GROUPS: dict[str, tuple[str, ...]] = {
    "headings": ("seller", "buyer"),
    "party_fields": ("company_code", "vat_code", "address", "iban", "bank", "swift", "phone", "email", "party_name",
                     "other_code", "natural_person"),
    "header_fields": ("series", "invoice_number", "number", "issue_date", "due_date", "delivery_date",
                      "order_reference", "payment_terms", "notes", "amount_in_words", "currency",
                      "credit_note_number", "original_invoice"),
    "totals": ("net", "vat", "gross", "payable", "discount", "charges", "prepaid"),
    "table_columns": ("lineNo", "code", "barcode", "description", "quantity", "unit", "unitPrice", "discount",
                      "vatRate", "vatAmount", "netAmount", "grossAmount"),
}
# Document kinds in the order titles are tried: specific kinds before "invoice".
DOCUMENT_KINDS = ("credit_note", "debit_note", "proforma", "vat_invoice", "invoice", "receipt")
GROUPS: dict[str, tuple[str, ...]] = {
    **LABEL_GROUPS,
    "document_types": DOCUMENT_KINDS,
    "months": ("names", "abbreviations"),
    "legal_forms": ("forms", "unread", "misread", "spellings"),
    "units": ("goods", "service", "service_words"),
    "words": ("invoice", "total", "net", "vat", "due"),
    "party_words": ("street_marks", "phone_words", "bank_names", "connectors", "yours", "buyers", "salutations"),
    "header_words": ("generic_dates", "one_word_invoice", "term_days"),
}
PACK_KEYS = ("language", "name", "order", "country", "empty")


class PackError(ValueError):
    """A pack that does not follow the format: raised on loading, not on first use."""


def _check(path: Path, data: dict) -> None:
    unknown = set(data) - set(GROUPS) - {"pack"}
    if unknown:
        raise PackError(f"{path.name}: unknown groups {sorted(unknown)}")
    if set(data.get("pack", {})) != set(PACK_KEYS):
        raise PackError(f"{path.name}: [pack] needs exactly {PACK_KEYS}")
    for group, keys in GROUPS.items():
        have = data.get(group, {})
        if set(have) != set(keys):
            raise PackError(f"{path.name}: [{group}] missing {sorted(set(keys) - set(have))}, "
                            f"unknown {sorted(set(have) - set(keys))}")


@lru_cache(maxsize=1)
def packs() -> tuple[dict, ...]:
    """Every pack, parsed and checked, in reading order (``pack.order``, then the code)."""
    out = []
    for path in sorted(PACK_DIR.glob("*.toml")):
        with path.open("rb") as f:
            data = tomllib.load(f)
        _check(path, data)
        out.append(data)
    return tuple(sorted(out, key=lambda p: (p["pack"]["order"], p["pack"]["language"])))


def _entry(value: str | dict) -> tuple[str, float]:
    """A label as written: a pattern, or ``{ pattern = ..., weight = ... }`` for a weight other than 1."""
    if isinstance(value, str):
        return value, 1.0
    return value["pattern"], float(value["weight"])


def labels(group: str) -> list[tuple[str, str, float, list[str]]]:
    """One label group as runs of (key, language, weight, patterns as written), in the
    order they are compiled: key by key, language by language, as written."""
    out: list[tuple[str, str, float, list[str]]] = []
    for key in LABEL_GROUPS[group]:
        for pack in packs():
            lang = pack["pack"]["language"]
            for value in pack[group][key]:
                pattern, weight = _entry(value)
                if out and out[-1][:3] == (key, lang, weight):
                    out[-1][3].append(pattern)
                else:
                    out.append((key, lang, weight, [pattern]))
    return out


def titles() -> list[tuple[str, str, str]]:
    """Document titles as (kind, language, pattern), kind by kind in ``DOCUMENT_KINDS`` order."""
    return [(kind, pack["pack"]["language"], pattern)
            for kind in DOCUMENT_KINDS for pack in packs() for pattern in pack["document_types"][kind]]


def month_names(key: str = "names") -> dict[str, list[str]]:
    """Language -> twelve entries, January first, each "form|form" (nominative, genitive ...);
    ``key="abbreviations"`` gives the abbreviations that are no beginning of a name ("" for none)."""
    return {pack["pack"]["language"]: pack["months"][key] for pack in packs() if pack["months"][key]}


def units(kind: str) -> frozenset[str]:
    """Units of measure as printed, of every language: ``kind`` "goods" or "service"."""
    return frozenset(unit for pack in packs() for unit in pack["units"][kind])


def legal_forms(key: str = "forms") -> dict[str, list]:
    """Language -> the legal forms of its companies as printed ("UAB", "GmbH", "s.r.o.") that
    mark a company's name; ``key`` "unread", "misread" or "spellings" for the other lists of
    the group (see ``languages/README.md``)."""
    return {pack["pack"]["language"]: pack["legal_forms"][key] for pack in packs()}


def entries(group: str, key: str) -> list:
    """Every pack's entries of ``group.key`` as written, in reading order, each once: the
    word lists read as one set or one alternation whatever their language ("connectors",
    "term_days" ...)."""
    out: list = []
    for pack in packs():
        for value in pack[group][key]:
            if value not in out:
                out.append(value)
    return out


def countries() -> dict[str, str]:
    """Language -> the country whose VAT number a label of the language names when the
    number is printed bare (``pack.country``), for the languages that name one."""
    return {pack["pack"]["language"]: pack["pack"]["country"] for pack in packs() if pack["pack"]["country"]}


def words(kind: str) -> list[tuple[str, str]]:
    """The bare word for ``kind`` ("invoice", "total", "net", "vat", "due") as (language, word)."""
    return [(pack["pack"]["language"], word) for pack in packs() for word in pack["words"][kind]]
