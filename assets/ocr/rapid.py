"""RapidOCR (PaddleOCR's PP-OCR models on onnxruntime) behind the same interface as Tesseract.

A second reader for phone photos and receipts: PP-OCR finds text lines with a neural
detector instead of Tesseract's layout analysis, so it keeps reading where a photo's small,
soft or unevenly lit text makes Tesseract lose lines. It reads Lithuanian letters worse
(``ė`` as ``é``, ``ų`` as ``y``); the choice between the two readers is measured, not
assumed (docs/extraction.md, "Photos").

The page is prepared exactly as for Tesseract (``page_image.straighten``: EXIF turn, the
photographed sheet cut out and straightened, OSD orientation, deskew), then shrunk to what
PP-OCR's detector works at (its longer side capped at ``MAX_SIDE``; the recogniser reads
each line at 48 px high whatever the page's resolution). PP-OCR returns lines; their words
get boxes from the recogniser's character positions (``word_boxes``), and where the
recogniser was unsure of a character, what else it weighed there (``Word.choices``, kept by
``ChoiceKeeper``): a photo's "8" read as "0" is often the recogniser's second choice, which
a checksum can then pick (``extraction.checksummed``). A word shaped like a code is also
read again alone from a few crops of its box (``views``, ``Word.views``).

A dependency of the service (``rapidocr`` carries its models; ``onnxruntime`` runs them);
where it is missing, ``engines.Auto`` reads every page with Tesseract.
"""

from __future__ import annotations

import functools
import re
import threading

from PIL import Image

from .model import Page, Word, split_words
from .views import with_views

MAX_SIDE = 2000  # PP-OCR's detector scales the longer side to at most this anyway
# A character the recogniser read at this probability or more keeps no alternatives; of one
# it was less sure of, the CHOICES likeliest characters are kept, none below MIN_CHOICE.
SURE = 0.95
CHOICES = 3
MIN_CHOICE = 0.01

Choices = tuple[tuple[str, float], ...]  # one character's: the one read first, then the others

_engine = None
_lock = threading.Lock()


@functools.cache
def available() -> bool:
    """Whether PP-OCR can run here (asked once per process, not per page)."""
    try:
        import onnxruntime  # noqa: F401
        import rapidocr  # noqa: F401
    except ImportError:
        return False
    return True


def _get_engine():
    global _engine
    if _engine is None:
        try:
            from rapidocr import RapidOCR
        except ImportError as exc:  # a deployment problem, not the file's
            raise RuntimeError("INVOICES_OCR_ENGINE=rapidocr needs the rapidocr and onnxruntime packages") from exc
        # One thread: the service reads pages in parallel by running worker processes,
        # one core each, as for Tesseract; onnxruntime would otherwise take every core.
        _engine = RapidOCR(params={"Global.log_level": "error", "Global.use_cls": False,
                                   "EngineConfig.onnxruntime.intra_op_num_threads": 1,
                                   "EngineConfig.onnxruntime.inter_op_num_threads": 1})
        try:  # rapidocr 3.10's recogniser and its CTC decoder; without them, no choices
            recogniser = _engine._load_rec_model()
            recogniser.postprocess_op = ChoiceKeeper(recogniser.postprocess_op)
        except AttributeError:
            pass
    return _engine


class ChoiceKeeper:
    """The recogniser's CTC decoder, also keeping what else each character it emits may be.

    The decoder takes the most likely character at every step of the line; the step that
    emitted a character holds the probabilities of all the others too. They are kept per
    line text (``lines``), in the order decoded, for ``read_lines`` to give to the words.
    """

    def __init__(self, decoder):
        self.decoder = decoder
        self.lines: dict[str, list[tuple[Choices, ...]]] = {}

    def __getattr__(self, name):
        return getattr(self.decoder, name)

    def __call__(self, preds, return_word_box: bool = False, **kwargs):
        result = self.decoder(preds, return_word_box, **kwargs)
        for row, (text, _) in zip(preds, result[0]):
            self.lines.setdefault(text, []).append(line_choices(row, self.decoder.character))
        return result

    def take(self, text: str) -> tuple[Choices, ...] | None:
        """The choices decoded for a line of this text, once each."""
        queue = self.lines.get(text)
        return queue.pop(0) if queue else None


def line_choices(row, character: list[str]) -> tuple[Choices, ...]:
    """Per character the CTC decoder emits from ``row`` (steps x classes, class 0 the blank;
    a character is emitted where the best class is no blank and not the step before's):
    its likeliest characters with their probabilities, or nothing where it was sure."""
    best = row.argmax(axis=1)
    out = []
    for step, k in enumerate(best):
        if k == 0 or (step and best[step - 1] == k):
            continue
        probs = row[step]
        if probs[k] >= SURE:
            out.append(())
            continue
        top = probs.argsort()[::-1][:CHOICES]
        out.append(tuple((character[c], round(float(probs[c]), 3)) for c in top
                         if c != 0 and probs[c] >= MIN_CHOICE))
    return tuple(out)


def _quad_box(quad) -> tuple[float, float, float, float]:
    xs = [float(p[0]) for p in quad]
    ys = [float(p[1]) for p in quad]
    return min(xs), min(ys), max(xs), max(ys)


Box = tuple[float, float, float, float]


def word_boxes(text: str, pieces: list[tuple[str, Box]], line_box: Box) -> list[tuple[str, Box]]:
    """The line's words, each boxed over its own characters.

    PP-OCR's recogniser places every character it read (``pieces``: runs of characters
    with their box, split at spaces and sometimes inside a word); a word's box runs from
    its first character to its last. Where the pieces do not spell the line, the line box
    is shared by character counts instead.
    """
    spans: list[tuple[float, float]] = []
    for piece, (x0, _, x1, _) in pieces:
        chars = piece.replace(" ", "")
        step = (x1 - x0) / max(len(chars), 1)
        spans += [(x0 + k * step, x0 + (k + 1) * step) for k in range(len(chars))]
    if not pieces or len(spans) != len(text.replace(" ", "")):
        return split_words(text, line_box)
    _, y0, _, y1 = line_box
    out, at = [], 0
    for token in text.split():
        first, last = spans[at], spans[at + len(token) - 1]
        out.append((token, (first[0], y0, last[1], y1)))
        at += len(token)
    return out


# A line as PP-OCR read it: text, score, box in pixels, pieces (runs of characters with their
# boxes), and per character its choices (None where the decoder's were not kept).
ReadLine = tuple[str, float, Box, list[tuple[str, Box]], tuple[Choices, ...] | None]


def token_choices(text: str, choices: tuple[Choices, ...] | None) -> list[tuple[Choices, ...] | None]:
    """Each word's share of its line's ``choices`` (None where it was sure of every letter)."""
    spans = [m.span() for m in re.finditer(r"\S+", text)]
    if not choices or len(choices) != len(text):
        return [None] * len(spans)
    return [choices[a:b] if any(choices[a:b]) else None for a, b in spans]


def page_from_lines(lines: list[ReadLine], width_px: int, height_px: int, dpi: float, page_number: int = 1) -> Page:
    """A ``Page`` in points from PP-OCR's lines (text, score, box in pixels, pieces, choices).

    A line's score is the mean of its characters' probabilities; a word is right only when
    every one of its characters is, so its confidence is the score to the power of its
    length (0.99 for a line makes a 12-digit code 0.89, not 0.99). Taken as it comes, the
    score made PP-OCR's misreads as sure as its readings (tune photos: 96.0 % of the fields
    reported at >= 0.9 right; 98.0 % so).
    """
    px_to_pt = 72.0 / dpi
    words = []
    for text, score, box, pieces, choices in lines:
        score = max(0.0, min(1.0, float(score)))
        for (token, (x0, y0, x1, y1)), kept in zip(word_boxes(text, pieces, box), token_choices(text, choices)):
            words.append(Word(token, x0 * px_to_pt, y0 * px_to_pt, x1 * px_to_pt, y1 * px_to_pt,
                              score ** len(token), kept))
    return Page(number=page_number, width=width_px * px_to_pt, height=height_px * px_to_pt,
                words=words, engine="rapidocr", text_layer=False)


def read_lines(image: Image.Image) -> list[ReadLine]:
    """PP-OCR's lines of an upright page image: text, confidence, box in its pixels, the
    pieces (runs of characters with their boxes) the recogniser placed, and its choices."""
    import numpy as np

    with _lock:
        engine = _get_engine()
        keeper = getattr(engine.text_rec, "postprocess_op", None)
        if isinstance(keeper, ChoiceKeeper):
            keeper.lines.clear()
        result = engine(np.asarray(image.convert("RGB")), return_word_box=True)
        if result is None or result.txts is None:
            return []
        choices = [keeper.take(text) if isinstance(keeper, ChoiceKeeper) else None for text in result.txts]
    pieces = result.word_results or [()] * len(result.txts)
    return [(text, float(score), _quad_box(quad), [(t, _quad_box(q)) for t, _, q in line_pieces], kept)
            for text, score, quad, line_pieces, kept in zip(result.txts, result.scores, result.boxes, pieces, choices)
            if text and text.strip()]


def ocr_image(image: Image.Image, page_number: int = 1, dpi: float | None = None,
              language: str | None = None) -> Page:
    """OCR one page image with PP-OCR (same contract as ``tesseract.ocr_image``)."""
    from .page_image import straighten  # same orientation, straightening and deskew

    straight, dpi, _ = straighten(image, dpi)
    return read_straight(straight, dpi, page_number)


def read_straight(straight: Image.Image, dpi: float, page_number: int = 1) -> Page:
    """``ocr_image`` of a page ``page_image.straighten`` has already made upright."""
    scale = min(1.0, MAX_SIDE / max(straight.size))
    if scale < 1.0:
        straight = straight.resize((round(straight.width * scale), round(straight.height * scale)),
                                   Image.Resampling.LANCZOS)
        dpi *= scale
    page = page_from_lines(read_lines(straight), straight.width, straight.height, dpi, page_number)
    return with_views(page, straight, dpi / 72.0, recognise)


def recognise(images: list[Image.Image]) -> list[str]:
    """The recogniser's text of each image (a strip of one line or word), without detection."""
    import numpy as np
    from rapidocr.ch_ppocr_rec.typings import TextRecInput

    if not images:
        return []
    with _lock:
        recogniser = _get_engine().text_rec
        result = recogniser(TextRecInput(img=[np.asarray(image.convert("RGB")) for image in images]))
        keeper = getattr(recogniser, "postprocess_op", None)
        if isinstance(keeper, ChoiceKeeper):
            keeper.lines.clear()  # a view's choices are not kept: its text is all a check needs
    return [text or "" for text in result.txts]
