"""Readings for tests that complete jobs without the engine: a partial invoice content,
with every field it leaves out null, checked against the contract as the engine's is."""

from schemas.invoice import ExtractedInvoice

_LISTS = {"sources": {}}


def reading(fields: dict | ExtractedInvoice) -> ExtractedInvoice:
    if isinstance(fields, ExtractedInvoice):
        return fields
    blank = {name: _LISTS.get(name) for name in ExtractedInvoice.model_fields}
    return ExtractedInvoice.model_validate({**blank, **fields})
