"""Labelled evaluation corpus: invoices drawn from random but consistent specifications.

``spec`` invents the invoice (parties with checksum-valid codes, items, dates, totals),
``text`` prints its values the way Lithuanian and English invoices do, ``layouts`` draws it
with two PDF producers (reportlab and WeasyPrint), ``degrade`` turns pages into scans and
phone photos, ``truth`` writes the expected DTO, and ``generate`` ties it together,
deterministically from a seed. See ``python -m corpus.generate --help``.
"""
