"""Labelled evaluation corpus: invoices drawn from random but consistent specifications.

``spec`` invents the invoice (parties of nine countries with checksum-valid codes from
``countries``, items from ``catalogue``, dates, totals), ``text`` prints its values the way
invoices in eleven languages do (wordings in ``wording``), ``layouts`` draws it in thirty
layout families with three PDF producers (reportlab, WeasyPrint, Chromium) and says which
families are held out, ``degrade`` turns pages into scans and phone photos, ``truth``
writes the expected DTO, and ``generate`` ties it together, deterministically from a seed.
See ``python -m corpus.generate --help``.
"""
