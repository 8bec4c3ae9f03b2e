"""Pages of hand-placed words, as a reader would hand them to extraction.

Extraction reads words with their boxes (``assets.ocr.model``), not files, so most of its
tests place words on an A4 page (595 x 842 pt) themselves. One module builds them, in the
few ways the tests need: a line of text at a point (``page``), in a type size of its own
(``font_page``), in columns whose numbers are right-aligned (``column_page``), as boxes a
reader measured (``boxed``), and the same words as OCR read them (``scanned``).
"""

from __future__ import annotations

from assets.ocr.model import Document, Page, Word

A4 = (595, 842)


def _text_page(words: list[Word]) -> Document:
    return Document([Page(1, *A4, words, "pdf-text", True)])


def page(*rows) -> Document:
    """rows: (y, [(x, text), ...]); words are split on spaces, 5 pt per character, 10 pt tall."""
    words = []
    for y, cells in rows:
        for x, text in cells:
            for token in text.split():
                width = 5.0 * len(token)
                words.append(Word(token, x, y, x + width, y + 10))
                x += width + 3
    return _text_page(words)


def font_page(rows) -> Document:
    """rows: (y, x, text, size): each line in its own type size, 0.5 x size pt per character."""
    words = []
    for y, x, text, size in rows:
        for token in text.split():
            width = 0.5 * size * len(token)
            words.append(Word(token, x, y, x + width, y + size))
            x += width + 0.3 * size
    return _text_page(words)


def column_page(*rows, size: float = 10) -> Document:
    """rows: (y, [(x, text), ...]) or (y, [(x, text), ...], size); 0.5 x size pt per character.

    A cell's words are right-aligned on ``x`` when x is negative (numbers in a column)."""
    words = []
    for row in rows:
        y, cells = row[0], row[1]
        height = row[2] if len(row) > 2 else size
        for x, text in cells:
            tokens = text.split()
            widths = [0.5 * height * len(t) for t in tokens]
            if x < 0:  # right-aligned at -x
                x = -x - sum(widths) - 0.3 * height * (len(tokens) - 1)
            for token, width in zip(tokens, widths):
                words.append(Word(token, x, y, x + width, y + height))
                x += width + 0.3 * height
    return _text_page(words)


def boxed(*boxes, text_layer: bool = False) -> Document:
    """A page of words where a reader boxed them: (text, x0, y0, x1, y1); OCR's unless
    ``text_layer``."""
    words = [Word(t, *box) for t, *box in boxes]
    return Document([Page(1, *A4, words, "pdf-text" if text_layer else "tesseract", text_layer)])


def scanned(doc: Document) -> Document:
    """The same words, read by OCR: the rules that repair OCR's misreadings apply."""
    return Document([Page(1, *A4, doc.pages[0].words, "tesseract", False)])
