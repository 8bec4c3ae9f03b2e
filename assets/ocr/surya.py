"""Surya OCR behind the same interface as Tesseract: an image in, a ``Page`` of words out.

Optional (``pip install .[surya]``), for GPU hosts: surya needs model weights and, since
0.22, an inference server that the operator provides (no registry package ships them;
research/ocr-engines.md). Select it with ``INVOICES_OCR_ENGINE=surya``; see docs/extraction.md,
("Surya"), for the environment it needs.

Surya returns text *lines* with boxes (and, depending on the version, words with boxes
that are sometimes all the line's box). Extraction needs words, so a line's words get
their own boxes when surya gives distinct ones and otherwise boxes estimated from the
line's box in proportion to character counts. ``page_from_result`` is that conversion,
kept free of surya imports so it is tested on a recorded result.
"""

from __future__ import annotations

import threading

from PIL import Image

from .model import Page, Word, split_words

_predictors = None
_lock = threading.Lock()


def _get_predictors():
    """Surya's detection and recognition predictors (loaded once; imports torch)."""
    global _predictors
    if _predictors is None:
        try:
            from surya.detection import DetectionPredictor
            from surya.foundation import FoundationPredictor
            from surya.recognition import RecognitionPredictor
        except ImportError as exc:  # a deployment problem, not the file's
            raise RuntimeError("INVOICES_OCR_ENGINE=surya needs the optional extra: pip install '.[surya]'") from exc
        foundation = FoundationPredictor()
        _predictors = (DetectionPredictor(), RecognitionPredictor(foundation))
    return _predictors


def _to_dict(result) -> dict:
    """Surya's result object as plain data (pydantic models have ``model_dump``)."""
    if isinstance(result, dict):
        return result
    if hasattr(result, "model_dump"):
        return result.model_dump()
    return {"text_lines": [
        {"text": ln.text, "bbox": list(ln.bbox), "confidence": getattr(ln, "confidence", None),
         "words": [{"text": w.text, "bbox": list(w.bbox), "confidence": getattr(w, "confidence", None)}
                   for w in (getattr(ln, "words", None) or [])]}
        for ln in result.text_lines]}


def page_from_result(result, width_px: int, height_px: int, dpi: float, page_number: int = 1) -> Page:
    """A ``Page`` in points (top-left origin) from surya's OCR result for one image."""
    data = _to_dict(result)
    px_to_pt = 72.0 / dpi
    words: list[Word] = []
    for line in data.get("text_lines", []):
        text = (line.get("text") or "").strip()
        if not text:
            continue
        conf = line.get("confidence")
        conf = 1.0 if conf is None else max(0.0, min(1.0, float(conf)))
        given = [w for w in (line.get("words") or []) if (w.get("text") or "").strip()]
        boxes = [tuple(w["bbox"]) for w in given]
        if given and len(set(boxes)) == len(boxes):  # real word boxes
            pieces = [(w["text"].strip(), list(w["bbox"]), w.get("confidence")) for w in given]
        else:
            pieces = [(t, b, None) for t, b in split_words(text, tuple(line["bbox"]))]
        for token, (x0, y0, x1, y1), word_conf in pieces:
            c = conf if word_conf is None else max(0.0, min(1.0, float(word_conf)))
            words.append(Word(token, x0 * px_to_pt, y0 * px_to_pt, x1 * px_to_pt, y1 * px_to_pt, c))
    return Page(number=page_number, width=width_px * px_to_pt, height=height_px * px_to_pt,
                words=words, engine="surya", text_layer=False)


def ocr_image(image: Image.Image, page_number: int = 1, dpi: float | None = None) -> Page:
    """OCR one page image with surya (same contract as ``tesseract.ocr_image``)."""
    from .page_image import prepare_image  # same orientation, straightening and resolution

    prepared, dpi = prepare_image(image, dpi)
    rgb = prepared.convert("RGB")
    with _lock:
        detector, recognizer = _get_predictors()
        result = recognizer([rgb], det_predictor=detector)[0]
    return page_from_result(result, rgb.width, rgb.height, dpi, page_number)
