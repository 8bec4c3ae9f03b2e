"""Exports of the invoice DTO for Lithuanian accounting programs and for Peppol.

`registry` maps a format name to its renderer (`rivile`, `finvalda`, `centas`, `agnum`,
`json_export`, `xml_ubl`); `preprocess` resolves what the accounting formats need (direction,
accounting codes, rates, partner keys) or refuses with the reason; `classify` holds the
direction and VAT decision tables; `text` keeps text importable. Exporters read only the
DTO and the plain lookups of core.books.exports, never the store.
"""
