"""A page image made ready to read: upright, straightened, at a resolution OCR reads well.

Every reader (Tesseract, PP-OCR, surya) and the dashboard's page view start from the same
page: EXIF orientation applied, grey, a photographed sheet cut out and straightened
(``preprocess``), turned upright by Tesseract's OSD model on a ~150 dpi copy (pages scanned
upside down or sideways, photos taken with the phone turned; only a confident answer
rotates a page), deskewed, and pages below ``MIN_DPI`` upscaled to ``TARGET_DPI``.
"""

from __future__ import annotations

import math
import threading

from PIL import Image, ImageOps

from . import preprocess
from .languages import TESSDATA_DIR

TARGET_DPI = 300
MIN_DPI = 250
# Upscaling never goes beyond this many pixels (an A4 page at 300 dpi is 8.7 Mpx).
MAX_OCR_PIXELS = 40_000_000
A4_SHORT_IN = 8.27
A4_LONG_IN = 11.69

# OSD answers below this confidence are ignored (clean pages score ~9-15, photos ~2-5).
MIN_OSD_CONFIDENCE = 1.5
# OSD's script answer is used (Cyrillic pages read with ``rus``) from this confidence on.
MIN_SCRIPT_CONFIDENCE = 1.0
OSD_DPI = 150
# Smaller skews are left to Tesseract (and to the box correction below).
MIN_SKEW_DEG = 0.15
_osd_api = None
_osd_lock = threading.Lock()  # one OSD model per process, not thread-safe


def _get_osd_api():
    """The process-wide orientation detector, or None when ``osd`` data is not installed."""
    global _osd_api
    if _osd_api is None:
        from tesserocr import PSM, PyTessBaseAPI

        try:
            _osd_api = PyTessBaseAPI(path=TESSDATA_DIR, lang="osd", psm=PSM.OSD_ONLY)
        except RuntimeError:
            _osd_api = False
    return _osd_api or None


def detect_rotation(image: Image.Image, dpi: float) -> int:
    """Degrees (0, 90, 180, 270) to turn ``image`` anticlockwise to make it upright."""
    return detect_orientation(image, dpi)[0]


def detect_orientation(image: Image.Image, dpi: float) -> tuple[int, str | None]:
    """Turn to make ``image`` upright (see ``detect_rotation``) and its script ("Latin",
    "Cyrillic", ...) when OSD is sure of it.

    OSD runs on a copy scaled to ~150 dpi: as reliable on invoices as full resolution
    and three times faster.
    """
    scale = min(1.0, OSD_DPI / dpi)
    small = image if scale > 0.95 else image.resize(
        (max(1, round(image.width * scale)), max(1, round(image.height * scale))), Image.Resampling.BILINEAR)
    small = preprocess.even_light(small, only_if_uneven=True)
    w, h = small.size  # the sheet's edges (shadows, a strip of desk) confuse OSD
    small = small.crop((round(0.03 * w), round(0.03 * h), round(0.97 * w), round(0.97 * h)))
    with _osd_lock:
        api = _get_osd_api()
        if api is None:
            return 0, None
        try:
            api.SetImage(small)
            api.SetSourceResolution(round(dpi * scale))
            result = api.DetectOrientationScript()
        finally:
            api.Clear()
    if not result:
        return 0, None
    script = result.get("script_name") if result.get("script_conf", 0.0) >= MIN_SCRIPT_CONFIDENCE else None
    if result.get("orient_conf", 0.0) < MIN_OSD_CONFIDENCE:
        return 0, script
    return int(result.get("orient_deg", 0)) % 360, script


def image_dpi(image: Image.Image) -> float:
    """The image's resolution: its metadata when plausible, else estimated from its size.

    Metadata is trusted only if it gives a document-sized page (2-17 in wide): many
    cameras and some scanners write 72 dpi whatever the resolution. Without usable
    metadata the image is assumed to be an A4 page (8.27 x 11.69 in).
    """
    dpi = image.info.get("dpi")
    if dpi:
        try:
            value = float(dpi[0] if isinstance(dpi, tuple) else dpi)
        except (TypeError, ValueError):
            value = 0.0
        if value > 0 and 2 <= image.width / value <= 17:
            # PNG stores pixels per metre: 300 dpi comes back as 299.9994.
            return float(round(value))
    inches = A4_SHORT_IN if image.width <= image.height else A4_LONG_IN
    return image.width / inches


def prepare_image(image: Image.Image, dpi: float | None = None, orient: bool = True) -> tuple[Image.Image, float]:
    """Grey, upright image at a resolution Tesseract reads well, and its (new) dpi."""
    prepared, dpi, _ = prepare_page(image, dpi, orient)
    return prepared, dpi


def prepare_page(image: Image.Image, dpi: float | None = None,
                 orient: bool = True) -> tuple[Image.Image, float, str | None]:
    """``prepare_image``, and the script OSD saw on the page (None when not sure)."""
    image, dpi, script = straighten(image, dpi, orient)
    image, dpi = to_reading_resolution(image, dpi)
    return image, dpi, script


def straighten(image: Image.Image, dpi: float | None = None,
               orient: bool = True) -> tuple[Image.Image, float, str | None]:
    """A grey, upright page at its own resolution, that resolution, and OSD's script.

    EXIF orientation is applied (phone photos), the image becomes 8-bit grey (Tesseract
    would convert anyway, and RGBA/palette/CMYK inputs need it), a photographed sheet is
    cut out and straightened (its resolution is then what its width means for an A4 page),
    and OSD turns the page upright (``orient``). Every reader starts from this page.
    """
    image = ImageOps.exif_transpose(image)
    dpi = dpi or image_dpi(image)
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        # Transparent areas are paper: composite on white, not on black.
        rgba = image.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        image = Image.alpha_composite(white, rgba)
    if image.mode in ("I", "I;16", "I;16B", "I;16L", "I;16N"):
        # 16-bit scans: scale to 8 bits (a plain convert would clip everything to white).
        image = image.convert("I").point(lambda v: v * (1 / 256))
    if image.mode != "L":
        image = image.convert("L")
    script = None
    if orient:
        straight = preprocess.rectify(image)
        if straight is not None:
            # A photographed sheet: its resolution is what its width means for an A4 page.
            image = straight
            dpi = image.width / (A4_SHORT_IN if image.width <= image.height else A4_LONG_IN)
            image = preprocess.even_light(image)
        else:
            image = preprocess.even_light(image, only_if_uneven=True)
        turn, script = detect_orientation(image, dpi)
        if turn:
            image = image.rotate(turn, expand=True)
        # Deskew: rows of a table and two party boxes side by side then share their
        # baselines, which is what rebuilding lines from word boxes relies on.
        skew = preprocess.estimate_skew(image)
        if abs(skew) >= MIN_SKEW_DEG:
            image = image.rotate(skew, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=255)
    return image, dpi, script


def to_reading_resolution(image: Image.Image, dpi: float) -> tuple[Image.Image, float]:
    """Pages below ``MIN_DPI`` upscaled to ``TARGET_DPI`` (bicubic), and their new dpi."""
    if dpi < MIN_DPI:
        scale = min(TARGET_DPI / dpi, math.sqrt(MAX_OCR_PIXELS / (image.width * image.height)))
        if scale > 1.05:
            size = (round(image.width * scale), round(image.height * scale))
            image = image.resize(size, Image.Resampling.BICUBIC)
            dpi *= scale
    return image, dpi
