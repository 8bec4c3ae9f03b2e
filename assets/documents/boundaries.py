"""Where a new invoice starts in a document of several pages.

Bookkeepers scan a pile of invoices into one PDF. Each page is read on its own (the
extraction the whole document gets, ``assets.extraction.extract_invoice``, on that page
alone) and weighed for what a person leafing through the pile looks at:

1. **Page numbering.** "Page 1 of 2", "Puslapis 2 iš 3", "Seite 1 von 1", a bare "2 / 3" on
   a line of its own: a page numbered 1 opens a document, any other number continues one.
   A page saying the invoice goes on ("Continued on the next page") is followed by its
   continuation.
2. **A new title and number.** A page that prints an invoice number other than the one
   being read opens the next invoice; the same number again (a header repeated on every
   page) continues it, unless the page before closed the totals and this one has a title
   and a date of its own: a second copy, or another invoice that reuses the number.
3. **A new seller after closed totals.** A page without a number of its own opens an invoice
   when the page before closed the totals (gross or payable read there) and this page names
   a seller other than the current one, with an issue date or a title of its own.

Anything else continues the invoice being read: a table's second page, a terms page.
The rules are ordered by how rarely they are wrong, and each decides alone.
``make eval`` measures them on generated piles of 2-10 invoices of mixed layouts
(``corpus.stacks``): precision and recall of the boundaries.

The result is a list of page ranges, one per invoice. A document with more than one gets
the validation warning ``document.multiple_invoices`` (its wording is a contract:
``schemas.document_warnings`` writes it and reads it back), and the dashboard can split it into one upload per range.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from ..extraction import extract_invoice
from ..ocr.model import Document, Page

__all__ = ["PageSigns", "signs", "starts_of", "ranges", "detect"]

MAX_PAGES_READ = 200  # beyond this a document is not leafed through page by page (the reader's cap is lower)

_PAGE_WORDS = (r"page|pages|p\.|pg\.?|puslapis|psl\.?|lapa|lpp\.?|leht|lk\.?|seite|s\.|strona|str\.?"
               r"|pagina|página|pág\.?|pag\.?|blad|страница|стр\.?|lapas")
_OF_WORDS = r"of|iš|is|no|von|aus|sur|de|di|z|ze|van|из|/|\|"
# "Page 2 of 3", "Puslapis 2 iš 3", "Strona 2 z 3", "Leht 2 / 3", "p. 2/3"
_COUNTER = re.compile(rf"(?<!\w)(?:{_PAGE_WORDS})\s*:?\s*(\d{{1,3}})\s*(?:{_OF_WORDS})\s*(\d{{1,3}})(?!\d)",
                      re.IGNORECASE)
# "Page 2" alone (no total)
_PAGE_ONLY = re.compile(rf"(?<!\w)(?:{_PAGE_WORDS})\s*:?\s*(\d{{1,3}})\s*$", re.IGNORECASE)
# a bare "2 / 3" or "2/3" as the whole line (a footer counter)
_BARE = re.compile(r"^\s*-?\s*(\d{1,3})\s*/\s*(\d{1,3})\s*-?\s*$")
_CONTINUED = re.compile(
    r"continued on|continues on|continued overleaf|see next page|carried forward|tęsinys kitame"
    r"|tęsiama kitame|fortsetzung auf|suite page|suite au verso|ciąg dalszy|turpinājums|jätkub"
    r"|vervolg op|segue alla|continúa en|continua en|продолжение на|\.\.\./\d", re.IGNORECASE)
_NUMBER_NOISE = re.compile(r"[\s./\\\-_#№]+")


@dataclass(frozen=True)
class PageSigns:
    """What one page says about where it stands in a pile."""

    page: int
    counter: tuple[int, int | None] | None  # (this page's number, the total when printed)
    continued: bool  # says its invoice goes on over the page
    number: str | None  # the invoice number read on this page alone, normalised
    seller: str | None  # the seller's VAT code, else company code, else name, normalised
    titled: bool  # a document title was read (Invoice, PVM sąskaita faktūra, ...)
    dated: bool  # an issue date was read
    closes: bool  # a gross or payable total was read


def _norm_number(value: str | None) -> str | None:
    if not value:
        return None
    text = _NUMBER_NOISE.sub("", value).upper()
    return text or None


def _seller_key(seller: dict | None) -> str | None:
    seller = seller or {}
    for key in ("vatCode", "companyCode", "name"):
        value = seller.get(key)
        if value:
            return re.sub(r"[^0-9A-Za-zÀ-ž]+", "", str(value)).upper() or None
    return None


def _counter(page: Page) -> tuple[int, int | None] | None:
    """The page's own number as printed, from the lowest line that carries one (footers
    come last; a header's counter is the same number)."""
    found = None
    for line in page.lines():
        text = line.text.strip()
        match = _COUNTER.search(text) or _BARE.match(text)
        if match:
            n, total = int(match.group(1)), int(match.group(2))
            if 1 <= n <= total <= 999:
                found = (n, total)
            continue
        match = _PAGE_ONLY.search(text)
        if match and 1 <= int(match.group(1)) <= 999:
            found = found or (int(match.group(1)), None)
    return found


def signs(page: Page) -> PageSigns:
    """Read one page on its own (renumbered 1, so the extraction sees a one-page document)."""
    alone = dataclasses.replace(page, number=1)
    invoice = extract_invoice(Document([alone]), calibrated=False)
    fields = (invoice.get("confidence") or {}).get("fields") or {}
    totals = invoice.get("totals") or {}
    return PageSigns(
        page=page.number,
        counter=_counter(page),
        continued=_continued(page),
        number=_norm_number(invoice.get("invoiceNumber")),
        seller=_seller_key(invoice.get("seller")),
        titled="documentType" in fields,
        dated=bool(invoice.get("issueDate")),
        closes=bool(totals.get("gross") or totals.get("payable")),
    )


def starts_of(pages: list[PageSigns]) -> list[int]:
    """The first page of each invoice, from the pages' signs (see the module's rules)."""
    if not pages:
        return []
    starts = [pages[0].page]
    number, seller = pages[0].number, pages[0].seller
    for prev, page in zip(pages, pages[1:]):
        start = _by_numbering_alone(page.counter, prev.counter, prev.continued)
        if start is None:
            start = _by_reading(prev, page, number, seller)
        if start:
            starts.append(page.page)
            number, seller = page.number, page.seller
        else:
            number, seller = number or page.number, seller or page.seller
    return starts


def _by_reading(prev: PageSigns, page: PageSigns, number: str | None, seller: str | None) -> bool:
    """Rules 2 and 3: what the page reads against the invoice being read (its number and seller)."""
    if page.number is not None:
        if number is None:  # the invoice being read showed none: a number after closed totals opens one
            return prev.closes and (page.titled or page.dated)
        if page.number != number:
            return True
        # the same number again: a header repeated, unless the totals closed before a new title
        return prev.closes and page.titled and page.dated
    return prev.closes and page.seller is not None and page.seller != seller and (page.dated or page.titled)


def ranges(starts: list[int], page_count: int) -> list[tuple[int, int]]:
    ends = [s - 1 for s in starts[1:]] + [page_count]
    return list(zip(starts, ends))


def _by_numbering_alone(counter, before, before_continued: bool) -> bool | None:
    """Rule 1 and its note, which decide alone: whether a page opens an invoice by its
    numbering (or continues one the page before said goes on); None when they leave it open."""
    if counter is not None and (counter[1] is not None or counter[0] > 1 or before is not None):
        return counter[0] == 1
    return False if before_continued else None


def _continued(page: Page) -> bool:
    return any(_CONTINUED.search(line.text) for line in page.lines())


def _by_numbering(pages: list[Page]) -> list[int] | None:
    """The starts when page numbering and "continued" notes decide every page after the
    first (what the pages read matters only to a page they leave undecided), else None.
    Most documents of several pages number them, and reading each page on its own first
    cost as much as reading the whole document."""
    counters = [_counter(page) for page in pages]
    continued = [_continued(page) for page in pages]
    starts = [pages[0].number]
    for k in range(1, len(pages)):
        start = _by_numbering_alone(counters[k], counters[k - 1], continued[k - 1])
        if start is None:
            return None
        if start:
            starts.append(pages[k].number)
    return starts


def detect(doc: Document) -> list[tuple[int, int]]:
    """The page ranges (first, last; 1-based, inclusive) of the invoices in ``doc``; one
    range for a document of one invoice (and for any document of one page)."""
    count = len(doc.pages)
    if count < 2 or count > MAX_PAGES_READ:
        return [(1, count)] if count else []
    starts = _by_numbering(doc.pages)
    if starts is None:
        starts = starts_of([signs(page) for page in doc.pages])
    return ranges(starts, count)
