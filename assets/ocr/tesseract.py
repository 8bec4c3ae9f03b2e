"""OCR with Tesseract 5 in-process (tesserocr), returning words with boxes in points.

Settings follow research/ocr-engines.md, measured on Lithuanian invoices:

* ``lang="lit"``: the Lithuanian model keeps 99 % of diacritics and reads codes, dates and
  amounts as well as ``lit+eng``; adding ``eng`` lets the English model win some words
  ("Iš" -> "IS", "ė" -> "é") and on our scan fixture it misread an amount (23,75 -> 23,15).
* ``PSM.AUTO`` (3): full layout analysis. Single-block modes read across columns and
  table rules. We never use Tesseract's text order anyway: lines are rebuilt from boxes.
* LSTM engine only, the true dpi passed with ``SetSourceResolution``, and images below
  ~250 dpi upscaled to 300 dpi (halves the error rate on 150 dpi faxes). No binarisation:
  every variant tried made the LSTM worse.

* Language per page (``languages``): ``lit`` reads first; a page whose first reading is
  full of another language's invoice words is read again with that language's model
  (``deu``, ``fra``, ``pol``, ``lav``, ``est``, ``nld``, ``ita``, ``spa``), and one that
  OSD calls Cyrillic and ``lit`` read poorly with ``rus``, each together with ``lit`` so
  that Lithuanian (Latin) names and codes on the page stay readable; the surer reading
  is kept.
* The page is made ready by ``page_image`` (upright by OSD, a photographed sheet cut out
  and straightened, deskewed, upscaled to reading resolution).

One ``PyTessBaseAPI`` per process, created lazily: creating one costs ~0.3 s and it holds
the language model. It is not thread-safe, so calls are serialised by a lock; run
several processes to OCR pages in parallel (tesserocr releases the GIL in ``Recognize``
but one API object cannot serve two threads).
"""

from __future__ import annotations

import math
import threading

from PIL import Image

from . import languages, recover
from .languages import TESSDATA_DIR
from .model import DocumentError, Page, Word, median_of
from .page_image import OSD_DPI, prepare_page
from .views import DOUBTED_BELOW, Recognise, with_views

LANG = "lit"
# The box correction's skew: the median baseline of the words at least this many times as
# wide as high (a long word's baseline has a measurable slope), from this many of them.
BASELINE_WIDTH = 3
MIN_BASELINES = 5

_apis: dict[str, object] = {}
_lock = threading.Lock()


def _get_api(lang: str = LANG):
    """The process-wide Tesseract API of ``lang`` (created on first use; call with ``_lock``
    held). Pages in other languages get their own API, so each model loads once."""
    api = _apis.get(lang)
    if api is None:
        # Imported here: processes that only read text PDFs never load Tesseract.
        from tesserocr import OEM, PSM, PyTessBaseAPI

        try:
            api = _apis[lang] = PyTessBaseAPI(path=TESSDATA_DIR, lang=lang, psm=PSM.AUTO, oem=OEM.LSTM_ONLY)
        except RuntimeError as exc:  # missing traineddata: a deployment problem, not the file's
            raise RuntimeError(
                f"Tesseract could not load language {lang!r} from {TESSDATA_DIR} "
                f"(install tesseract-ocr-{lang.split('+')[0]} or set TESSDATA_PREFIX)"
            ) from exc
    return api


def _text_height(raw: list) -> float:
    heights = sorted(y1 - y0 for _, _, y0, _, y1, _ in raw)
    return heights[len(heights) // 2]


def _read_blocks(api, image: Image.Image, dpi: float, boxes: list[tuple[int, int, int, int]]) -> list[list]:
    """The words (text, x0, y0, x1, y1, conf) of each box read as one uniform block of
    text (``psm 6``), where the automatic layout's reading failed."""
    from tesserocr import PSM, RIL, iterate_level

    out: list[list] = []
    try:
        # The API may hold another image (the small copies of the orientation check).
        api.SetImage(image)
        api.SetSourceResolution(round(dpi))
        api.SetPageSegMode(PSM.SINGLE_BLOCK)
        for x0, y0, x1, y1 in boxes:
            api.SetRectangle(x0, y0, x1 - x0, y1 - y0)
            words: list = []
            if api.Recognize() and (iterator := api.GetIterator()) is not None:
                for w in iterate_level(iterator, RIL.WORD):
                    try:
                        text = w.GetUTF8Text(RIL.WORD)
                    except RuntimeError:  # an empty block
                        continue
                    box = w.BoundingBox(RIL.WORD)
                    if text and text.strip() and box:
                        words.append((text.strip(), *box, w.Confidence(RIL.WORD) / 100.0))
            out.append(words)
    finally:
        api.SetPageSegMode(PSM.AUTO)
    return out


def _recover(api, image: Image.Image, dpi: float, raw: list) -> list:
    """Words of the regions the automatic layout skipped (see ``recover``), read as blocks."""
    if not raw:
        return []
    regions = recover.uncovered_regions(image, [tuple(r[1:5]) for r in raw], _text_height(raw))
    return [w for words in _read_blocks(api, image, dpi, regions) for w in words
            if w[5] >= 0.3 and not any(_overlap(w[1:5], r[1:5]) > 0.3 for r in raw)]


# A "word" this unsure and this tall is two lines that the layout step took for one:
# ("Lindenallee 5" over "80331 München" read "er", conf 0.17).
GARBLED_CONF = 0.4
GARBLED_HEIGHT = 1.6  # text heights


def _reread_garbled(api, image: Image.Image, dpi: float, raw: list) -> list:
    """``raw`` with each garbled word replaced by the lines its box holds, read again as
    a block, where they read surely (``_two_sure_lines``); words already read elsewhere
    are not added twice."""
    if not raw:
        return raw
    text_height = _text_height(raw)
    garbled = [r for r in raw if r[5] < GARBLED_CONF and r[4] - r[2] > GARBLED_HEIGHT * text_height]
    if not garbled:
        return raw
    out = [r for r in raw if r not in garbled]
    pad = int(0.4 * text_height)
    boxes = [(max(0, w[1] - pad), max(0, w[2] - pad), min(image.width, w[3] + pad), min(image.height, w[4] + pad))
             for w in garbled]
    for word, read in zip(garbled, _read_blocks(api, image, dpi, boxes)):
        if _two_sure_lines(read):
            out += [r for r in read if not any(_overlap(r[1:5], o[1:5]) > 0.3 for o in out)]
        else:
            out.append(word)
    return out


def _two_sure_lines(read: list) -> bool:
    """Whether a garbled word read again is the lines it hid: two lines at least, every
    word fairly sure and most of them sure (a stamp or a logo reads as neither)."""
    if not read or min(r[5] for r in read) < 0.5 or sum(r[5] for r in read) / len(read) < 0.75:
        return False
    tops = sorted((r[2] + r[4]) / 2 for r in read)
    heights = sorted(r[4] - r[2] for r in read)
    return tops[-1] - tops[0] > 0.8 * heights[len(heights) // 2]


def _overlap(a, b) -> float:
    """Intersection over the smaller box's area."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    smaller = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
    return w * h / max(smaller, 1)


def _recognize(api, image: Image.Image, dpi: float, page_number: int) -> tuple[list, float]:
    """Words (text, x0, y0, x1, y1, conf) of the whole page and Tesseract's deskew angle."""
    from tesserocr import RIL, iterate_level

    raw: list[tuple[str, int, int, int, int, float]] = []
    line_of: list[int] = []  # the text line of each word, as Tesseract found it
    api.SetImage(image)
    api.SetSourceResolution(round(dpi))
    if not api.Recognize():
        raise DocumentError(f"OCR failed on page {page_number}")
    iterator = api.GetIterator()
    slopes: list[float] = []
    line = 0
    if iterator is not None:
        for w in iterate_level(iterator, RIL.WORD):
            try:
                text = w.GetUTF8Text(RIL.WORD)
            except RuntimeError:
                continue
            box = w.BoundingBox(RIL.WORD)
            if w.IsAtBeginningOf(RIL.TEXTLINE):
                line += 1
            if text and text.strip() and box:
                raw.append((text.strip(), *box, w.Confidence(RIL.WORD) / 100.0))
                line_of.append(line)
                baseline = w.Baseline(RIL.WORD)
                if baseline and box[2] - box[0] >= BASELINE_WIDTH * (box[3] - box[1]):
                    (bx0, by0), (bx1, by1) = baseline
                    slopes.append(math.atan2(by1 - by0, bx1 - bx0))
    # The skew of the words' own baselines, in the coordinates their boxes are in. Not the
    # deskew angle Tesseract reports for its page model: on a photo straightened by its
    # corners that said 2 degrees where every baseline lay level, and turning the boxes by it
    # set each table row's amounts a row lower than its description.
    angle = median_of(slopes) if len(slopes) >= MIN_BASELINES else 0.0
    return _in_turn(raw, line_of), angle


def _in_turn(raw: list, line_of: list[int]) -> list:
    """Words whose box runs over the next word of its line end where that one starts.

    On small, soft text (a return line on a photo) the LSTM's character positions may
    box a word over its neighbours ("Polmex" boxed across "S.A. - ul."): the words then
    overlap, and no line rebuilt from boxes holds them both. The text's order is right;
    the box is cut back to it."""
    out = list(raw)
    for k in range(len(out) - 1):
        word, nxt = out[k], out[k + 1]
        if line_of[k] == line_of[k + 1] and word[1] < nxt[1] < word[3]:
            out[k] = (word[0], word[1], word[2], max(word[1] + 1, nxt[1] - 1), word[4], word[5])
    return out


# A page read this badly was probably OCR'd sideways or upside down (OSD can miss on
# photos): other orientations are tried on a small copy.
UNREAD_MEAN_CONF = 0.6


def _looks_unread(raw: list) -> bool:
    """Few words, low confidence, or words standing upright (Tesseract read the lines
    of a sideways page one by one: right words, wrong geometry)."""
    if len(raw) < 15:
        return True
    if sum(r[5] for r in raw) / len(raw) < UNREAD_MEAN_CONF:
        return True
    long_words = [r for r in raw if len(r[0]) >= 4]
    upright = sum(1 for r in long_words if (r[4] - r[2]) > (r[3] - r[1]))
    return bool(long_words) and upright > 0.5 * len(long_words)


def _better_rotation(api, image: Image.Image, dpi: float) -> int:
    """The quarter turn under which a 150 dpi copy reads best, if clearly better than none."""
    scale = min(1.0, OSD_DPI / dpi)
    small = image.resize((max(1, round(image.width * scale)), max(1, round(image.height * scale))),
                         Image.Resampling.BILINEAR)
    scores = {}
    for turn in (0, 90, 180, 270):
        raw, _ = _recognize(api, small.rotate(turn, expand=True) if turn else small, dpi * scale, 0)
        # Well-read words lying flat: a sideways page reads too, but in upright boxes.
        good = [r for r in raw if r[5] >= 0.8 and len(r[0]) >= 3 and (r[3] - r[1]) > (r[4] - r[2])]
        scores[turn] = len(good)
    best = max(scores, key=scores.get)
    return best if best and scores[best] > 1.5 * scores[0] + 5 else 0


def _reread_in_its_language(model: str, image: Image.Image, dpi: float, page_number: int, raw: list,
                            angle: float, script: str | None) -> tuple[str, list, float]:
    """A second reading with the model of the page's language, when its words (or OSD's
    script and a poor reading) name one other than the language of ``model``, the one
    that read ``raw`` (see ``languages``); kept when Tesseract is surer of it. Returns the
    model kept, its words and its deskew angle."""
    lang = languages.second_language([r[0] for r in raw], model.split("+")[0], TESSDATA_DIR, script,
                                     _mean_conf(raw))
    if lang is None:
        return model, raw, angle
    # With the Lithuanian model beside it: the page's names, codes and IBANs are often in
    # another language than its labels (a Russian invoice to a Lithuanian buyer).
    other = f"{lang}+{LANG}"
    raw2, angle2 = _recognize(_get_api(other), image, dpi, page_number)
    if raw2 and _mean_conf(raw2) > _mean_conf(raw):
        return other, raw2, angle2
    return model, raw, angle


def _mean_conf(raw: list) -> float:
    return sum(r[5] for r in raw) / len(raw) if raw else 0.0


def ocr_image(image: Image.Image, page_number: int = 1, dpi: float | None = None,
              language: str | None = None) -> Page:
    """OCR one page image and return its words in points (top-left origin).

    ``dpi`` overrides the image's own resolution (the PDF renderer knows it exactly).
    ``language`` is the model to read with first (the one that read the document's
    previous page) instead of Lithuanian; the page's own words may still call for another.
    Boxes are corrected for the page skew Tesseract measured, so words on one printed
    line get the same y even on a scan rotated by a degree; the boxes then describe the
    straightened page (off by at most a few points near the corners for small angles).
    """
    prepared, dpi, script = prepare_page(image, dpi)
    return read_prepared(prepared, dpi, script, page_number, language)


def read_prepared(prepared: Image.Image, dpi: float, script: str | None, page_number: int = 1,
                  language: str | None = None, recognise: Recognise | None = None) -> Page:
    """``ocr_image`` of a page ``prepare_page`` has already made ready; with ``recognise``
    (a second recogniser of word strips), every word shaped like a code that Tesseract was
    unsure of also gets its ``views`` (``views.with_views``), cropped from the page as
    Tesseract read it."""
    model = language if language and languages.installed(language, TESSDATA_DIR) else LANG
    with _lock:
        api = _get_api(model)
        try:
            raw, angle = _recognize(api, prepared, dpi, page_number)
            if _looks_unread(raw):
                turn = _better_rotation(api, prepared, dpi)
                if turn:
                    prepared = prepared.rotate(turn, expand=True)
                    raw, angle = _recognize(api, prepared, dpi, page_number)
            model, raw, angle = _reread_in_its_language(model, prepared, dpi, page_number, raw, angle, script)
            api = _get_api(model)
            raw = _reread_garbled(api, prepared, dpi, raw)
            raw += _recover(api, prepared, dpi, raw)
        finally:
            for used in _apis.values():
                used.Clear()
    px_to_pt = 72.0 / dpi

    cx, cy = prepared.width / 2, prepared.height / 2
    cos_a, sin_a = math.cos(angle), math.sin(angle)
    words = []
    for text, x0, y0, x1, y1, conf in raw:
        if abs(angle) > 1e-3:
            # Rotate the box centre about the page centre by the deskew angle
            # (anticlockwise on the page; y grows downwards in image coordinates).
            dx, dy = (x0 + x1) / 2 - cx, (y0 + y1) / 2 - cy
            mx, my = cx + dx * cos_a + dy * sin_a, cy - dx * sin_a + dy * cos_a
            hw, hh = (x1 - x0) / 2, (y1 - y0) / 2
            x0, y0, x1, y1 = mx - hw, my - hh, mx + hw, my + hh
        words.append(
            Word(text, x0 * px_to_pt, y0 * px_to_pt, x1 * px_to_pt, y1 * px_to_pt, max(0.0, min(1.0, conf)))
        )
    page = Page(
        number=page_number,
        width=prepared.width * px_to_pt,
        height=prepared.height * px_to_pt,
        words=words,
        engine="tesseract",
        text_layer=False,
        ocr_language=model,
    )
    return page if recognise is None else with_views(page, prepared, dpi / 72.0, recognise, below=DOUBTED_BELOW)
