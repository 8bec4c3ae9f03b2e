"""Stacks: several generated invoices in one PDF, as a bookkeeper scans a pile of them.

``stack(k, seed)`` draws 2-10 invoices of mixed layout families (any family, any of the
eleven languages, receipts and credit notes among them; about one in four of the families
that can run over pages is given a table long enough to do so), prints each as the corpus
does (``corpus.generate``'s specification, style and family drawing) and joins their pages
into one PDF. Digital stacks keep the text layers; scanned ones are the whole PDF put
through ``degrade.scan`` (an image-only PDF, one skew and noise for the pile). The truth
is the first page of each invoice, so the boundaries a detector finds can be scored page
by page (``assets.documents.boundaries`` is what ``make eval`` measures with them).

Stack ``k`` of seed ``S`` is made from ``S * 100000 + 50000 + k`` alone, apart from the
corpus documents of the same seed.
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass

import pypdfium2 as pdfium

from . import degrade
from .generate import DOC_TYPES, page_count, plan
from .spec import FOREIGN_CURRENCIES, make_spec
from .text import make_style
from .truth import truth

MIN_INVOICES, MAX_INVOICES = 2, 10
LONG_SHARE = 0.25  # of the families that may run over pages


@dataclass(frozen=True)
class Stack:
    id: str
    pdf: bytes  # the file as uploaded (an image-only PDF for a scanned stack)
    mime: str
    category: str  # digital / scan
    starts: tuple[int, ...]  # 1-based first page of each invoice
    families: tuple[str, ...]
    pages: int
    truths: tuple[dict, ...] = ()  # each invoice's expected DTO (corpus.truth), in order

    @property
    def ranges(self) -> list[tuple[int, int]]:
        ends = [s - 1 for s in self.starts[1:]] + [self.pages]
        return list(zip(self.starts, ends))


def invoice_pdf(rng: random.Random, doc_seed: int, index: int, seed: int) -> tuple[bytes, str, dict]:
    """One invoice printed as the corpus prints its digital documents: (PDF, family, truth)."""
    _, family, language, second = plan(index, seed)
    currency = rng.choice(FOREIGN_CURRENCIES + ["USD", "GBP"]) if family.kind == "export" else None
    long_table = family.multi_page and (family.always_long or rng.random() < LONG_SHARE)
    spec = make_spec(doc_seed, language=language, doc_type=DOC_TYPES.get(family.kind), currency=currency,
                     force_items=rng.randint(24, 40) if long_table else None,
                     max_items=12 if family.kind == "receipt" else 9)
    style = make_style(spec, rng, second)
    pdf, printed = family.draw(spec, style, rng)
    return pdf, family.name, truth(spec, printed)


def join(pdfs: list[bytes]) -> bytes:
    """The pages of ``pdfs`` in order, as one PDF."""
    out = pdfium.PdfDocument.new()
    sources = []
    try:
        for data in pdfs:
            src = pdfium.PdfDocument(data)
            sources.append(src)
            out.import_pages(src)
        buffer = io.BytesIO()
        out.save(buffer)
        return buffer.getvalue()
    finally:
        for src in sources:
            src.close()
        out.close()


def stack(k: int, seed: int = 1, category: str = "digital", invoices: int | None = None) -> Stack:
    """Stack ``k``: 2-10 invoices (or ``invoices``) in one PDF, digital or scanned."""
    stack_seed = seed * 100000 + 50000 + k
    rng = random.Random(stack_seed)
    count = invoices or rng.randint(MIN_INVOICES, MAX_INVOICES)
    pdfs, families, starts, truths, page = [], [], [], [], 1
    for n in range(count):
        index = rng.randrange(10**6)  # a corpus plan (family, language) of its own
        pdf, family, expected = invoice_pdf(rng, stack_seed * 100 + n, index, seed)
        pdfs.append(pdf)
        families.append(family)
        truths.append(expected)
        starts.append(page)
        page += page_count(pdf)
    data = join(pdfs)
    if category == "scan":
        data, mime, _ = degrade.scan(data, rng)
        if mime != "application/pdf":  # a one-page pile cannot happen: two invoices at least
            raise AssertionError("a scanned stack is an image-only PDF")
    elif category != "digital":
        raise ValueError(f"unknown stack category {category!r}")
    return Stack(f"stack-{seed:02d}-{k:04d}-{category}", data, "application/pdf", category, tuple(starts),
                 tuple(families), page - 1, tuple(truths))


def stacks(count: int, seed: int = 1, scanned_every: int = 0) -> list[Stack]:
    """``count`` stacks; every ``scanned_every``-th one scanned (0: all digital)."""
    return [stack(k, seed, "scan" if scanned_every and k % scanned_every == scanned_every - 1 else "digital")
            for k in range(count)]

