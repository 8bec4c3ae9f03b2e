"""A word shaped like a code, read again from other crops of its box.

A recogniser reads a line as one strip scaled to its input height, and on a far photo one
smudged glyph of a long code then goes wrong ("L656768314" for "LT656768314", "DE825830038"
for "DE835830038"). Read again alone, from crops of the word's box a little wider or
taller and sharpened, it often comes out right in some of them: each crop lands the glyphs
on the recogniser's grid otherwise. The readings are kept with the word (``Word.views``);
whether one of them is what was printed is for a check to say (a VAT code's or IBAN's
checksum, ``extraction.checksummed``), never for the reader: most crops of a well-read
word repeat it, and a word no check covers stays as first read.

Only words shaped like a code are read again (at least ``MIN_DIGITS`` digits and
``MIN_LENGTH`` characters, no date or amount), a handful per page, so a page costs
``len(VIEWS)`` recognitions of a short strip per such word (about 0.07 s per word on one
core), not another reading of the page. PP-OCR reads its own words again; a page Tesseract
read has its doubted code-like words read by PP-OCR's recogniser (``DOUBTED_BELOW``), a
second reader whose misreads are not Tesseract's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from PIL import Image, ImageFilter

from .model import Page, Word

MIN_DIGITS = 6
MIN_LENGTH = 8
# On a page Tesseract read, only a code-like word it was unsure of is read again (its word
# confidence under this): every code the views decided on the tune scans and photos had been
# read under it, and four in five code-like words above it, so a scan pays for about one
# word, not five (eval/RESULTS.md).
DOUBTED_BELOW = 0.9
# Each view: the share of the word box's height added above and below it, and left and
# right of it (a code's first glyph is often touched by a label's colon or a speck).
VIEWS = tuple((above, beside) for above in (0.0, 0.15, 0.3) for beside in (0.3, 0.8))
# Every view sharpened (an unsharp mask: radius, percent, threshold): a far photo's glyphs
# are soft, and the recogniser reads sharpened crops of them right more often than plain
# ones (eval/RESULTS.md).
SHARPEN = ImageFilter.UnsharpMask(radius=2, percent=150, threshold=2)

_EDGES = re.compile(r"^[^\w(\[|!]+|[^\w]+$")
_SEPARATORS = re.compile(r"[.\-/]")
_AMOUNT = re.compile(r".*[.,]\d{2}")

Recognise = Callable[[list[Image.Image]], list[str]]


def code_like(text: str) -> bool:
    """Whether a word may be a code: after a label glued to it by a colon, at least
    ``MIN_LENGTH`` characters of which ``MIN_DIGITS`` are digits, no comma, at most one
    separator (a date has two, "2025-05-16"), not an amount ("15594.48")."""
    tail = _EDGES.sub("", text.rsplit(":", 1)[-1])
    return (len(tail) >= MIN_LENGTH and sum(c.isdigit() for c in tail) >= MIN_DIGITS
            and "," not in tail and len(_SEPARATORS.findall(tail)) <= 1 and not _AMOUNT.fullmatch(tail))


def crops(image: Image.Image, word: Word, px_per_pt: float) -> list[Image.Image]:
    """The word's box on ``image`` (whose pixels are ``px_per_pt`` to a point) in each of
    ``VIEWS``, sharpened, in RGB."""
    x0, y0, x1, y1 = (v * px_per_pt for v in (word.x0, word.y0, word.x1, word.y1))
    height = max(y1 - y0, 1.0)
    out = []
    for above, beside in VIEWS:
        box = (max(0, round(x0 - beside * height)), max(0, round(y0 - above * height)),
               min(image.width, round(x1 + beside * height)), min(image.height, round(y1 + above * height)))
        out.append(image.crop(box).convert("RGB").filter(SHARPEN))
    return out


def with_views(page: Page, image: Image.Image, px_per_pt: float, recognise: Recognise,
               below: float | None = None) -> Page:
    """``page`` with every code-like word's ``views`` (of those read at a confidence under
    ``below``, where given): its texts as ``recognise`` reads each of its crops of
    ``image``; the same page where it has no such word."""
    chosen = [k for k, word in enumerate(page.words)
              if code_like(word.text) and (below is None or word.conf < below)]
    if not chosen:
        return page
    images = [crop for k in chosen for crop in crops(image, page.words[k], px_per_pt)]
    texts = recognise(images)
    words = list(page.words)
    for n, k in enumerate(chosen):
        words[k] = replace(words[k], views=tuple(texts[n * len(VIEWS):(n + 1) * len(VIEWS)]))
    return replace(page, words=words)
