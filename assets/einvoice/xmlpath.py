"""Small readers over e-invoice XML that ignore namespace versions.

CII exists in two generations (ZUGFeRD 1 with its ``:12``/``:15`` namespaces, and D16B
``:100`` as used by Factur-X, ZUGFeRD 2 and XRechnung) and UBL adds its own; the element
names are what carry the meaning. Paths are written with bare names ("A/B[@schemeID='VA']")
and matched in any namespace, so one reader serves every version.
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from lxml import etree

_STEP = re.compile(r"^([A-Za-z_][\w.-]*)(.*)$")


@lru_cache(maxsize=512)
def _path(path: str) -> str:
    """"A/B[@x='y']" -> "{*}A/{*}B[@x='y']" (ElementPath with any namespace)."""
    steps = []
    for step in path.split("/"):
        m = _STEP.match(step)
        steps.append("{*}" + m.group(1) + m.group(2) if m else step)
    return "/".join(steps)


def first(el: etree._Element | None, *paths: str) -> etree._Element | None:
    """The first element any of ``paths`` reaches (tried in order), else None."""
    if el is None:
        return None
    for path in paths:
        found = el.find(_path(path))
        if found is not None:
            return found
    return None


def every(el: etree._Element | None, path: str) -> list[etree._Element]:
    return [] if el is None else el.findall(_path(path))


def text(el: etree._Element | None, *paths: str) -> str | None:
    """Stripped text of the first non-empty element of ``paths`` (or of ``el`` itself)."""
    if el is None:
        return None
    for found in ([el] if not paths else [first(el, p) for p in paths]):
        if found is not None and found.text and found.text.strip():
            return " ".join(found.text.split())
    return None


def number(el: etree._Element | None, *paths: str) -> Decimal | None:
    """A decimal exactly as written (XML numbers use a dot and no grouping)."""
    raw = text(el, *paths)
    if raw is None:
        return None
    try:
        return Decimal(raw)
    except InvalidOperation:
        return None


def xml_date(el: etree._Element | None, *paths: str) -> str | None:
    """A date as YYYY-MM-DD from UBL ``2026-03-14`` or CII ``DateTimeString format="102"``."""
    found = el if not paths else first(el, *paths)
    if found is None:
        return None
    inner = first(found, "DateTimeString", "DateString")
    raw = text(inner if inner is not None else found)
    if raw is None:
        return None
    digits = re.sub(r"\D", "", raw)
    if len(digits) >= 8:
        try:
            return date(int(digits[:4]), int(digits[4:6]), int(digits[6:8])).isoformat()
        except ValueError:
            return None
    return None


def local_name(el: etree._Element) -> str:
    return etree.QName(el).localname
