"""Geometry fixes before OCR: the page cut out of a photo and straightened.

A phone photo shows the sheet on a desk, seen at an angle: text lines converge, so
one printed table row is not one horizontal band of words and rows cannot be rebuilt
from boxes. When a bright, paper-like quadrilateral stands out from a darker
surround, its four corners are found on a thumbnail and the sheet is warped back to a
rectangle (Pillow's perspective transform): by the outline's extremes along the diagonals
and a line fitted to each side where the sheet lies tilted (a phone held askew, the page a
half of the frame), else edge by edge. Flatbed scans and pages that fill the frame
have no such surround and are left alone. The sheet is told from the desk after the light's
fall-off across the photo is divided out (``_even_sheet``), so a sheet lit from one side
keeps its dark corner; a till slip a few hundredths of the frame large is a sheet too.

No binarisation happens here: the mask only locates the sheet; Tesseract still reads
the grey image (research/ocr-engines.md: home-made thresholds made OCR worse).
"""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageFilter, ImageOps
from scipy import ndimage

THUMB = 800
# The sheet must cover between these shares of the photo, and the surround must be dark.
MIN_PAGE_SHARE, MAX_PAGE_SHARE = 0.02, 0.97
MIN_CONTRAST = 40
A4_RATIO = 297 / 210
# The light's fall-off is fitted twice, each time over what the threshold then calls sheet,
# and only over a sheet that covers MIN_LIT_SHARE of the photo; the sheet is then this bright.
LIGHT_PASSES, MIN_LIT_SHARE, EVEN_WHITE = 2, 0.25, 230
# A sheet tilted at least this much in the frame is photographed, even where it runs out
# of the frame on three sides (a scan's page is straight to a degree or two).
MIN_PHOTO_TILT_DEG = 4


def _otsu(values: np.ndarray) -> float:
    hist = np.bincount(values.ravel(), minlength=256).astype(np.float64)
    total = hist.sum()
    cum = np.cumsum(hist)
    cum_mean = np.cumsum(hist * np.arange(256))
    mean = cum_mean[-1] / total
    between = (mean * cum - cum_mean) ** 2 / np.maximum(cum * (total - cum), 1e-9)
    return float(np.argmax(between))


def rank_filter(values: np.ndarray, size: int, pick=np.maximum) -> np.ndarray:
    """The largest (``np.maximum``) or smallest (``np.minimum``) value of each ``size`` x
    ``size`` square, edges repeated: Pillow's ``MaxFilter``/``MinFilter``, pixel for pixel,
    as two passes of ``size`` shifted arrays. Pillow sorts every window, which took 0.12 s
    on an 800 px thumbnail (a twentieth of a scanned page's budget); this takes 1 ms."""
    r = size // 2
    padded = np.pad(values, r, mode="edge")
    height, width = values.shape
    across = padded[:, :width].copy()
    for i in range(1, size):
        pick(across, padded[:, i : i + width], out=across)
    out = across[:height].copy()
    for i in range(1, size):
        pick(out, across[i : i + height], out=out)
    return out


def find_page_quad(image: Image.Image) -> list[tuple[float, float]] | None:
    """Corners (tl, tr, br, bl) of a sheet on a darker background, in image pixels, or None."""
    grey = ImageOps.grayscale(image)
    scale = THUMB / max(grey.size)
    thumb = grey.resize((max(1, round(grey.width * scale)), max(1, round(grey.height * scale))),
                        Image.Resampling.BILINEAR)
    # Text is dark too: a closing (a max filter, then a min filter as wide) covers the
    # sheet's text before thresholding and leaves its outline where it was.
    closed = rank_filter(rank_filter(np.asarray(thumb, dtype=np.uint8), 7, np.maximum), 7, np.minimum)
    arr = _even_sheet(closed)
    threshold = _otsu(arr)
    mask = arr > threshold
    share = mask.mean()
    if not MIN_PAGE_SHARE <= share <= MAX_PAGE_SHARE:
        return None
    inside, outside = arr[mask].mean(), arr[~mask].mean()
    if inside - outside < MIN_CONTRAST:
        return None
    # Drop specks and thin bridges: an opening (erode, then dilate) of the mask.
    clean = _largest_part(rank_filter(rank_filter(mask, 5, np.minimum), 5, np.maximum))
    corners = _tilted_corners(clean)
    if corners is None:
        edges = _edge_lines(clean)
        if edges is None:
            return None
        top, right, bottom, left = edges
        corners = [_intersect(top, left), _intersect(top, right), _intersect(bottom, right), _intersect(bottom, left)]
    if any(c is None for c in corners):
        return None
    out = [(x / scale, y / scale) for x, y in corners]  # type: ignore[misc]
    # A sheet touching the frame on every side is a scan, not a photo of a sheet, unless
    # it lies tilted in the frame (a phone held askew, the sheet's corners cut off by it).
    w, h = image.size
    margins = [min(p[0] for p in out), min(p[1] for p in out), w - max(p[0] for p in out), h - max(p[1] for p in out)]
    tilt = abs(np.degrees(np.arctan2(out[1][1] - out[0][1], out[1][0] - out[0][0])))
    if sum(m > 0.01 * max(w, h) for m in margins) < 2 and tilt < MIN_PHOTO_TILT_DEG:
        return None
    return out


def _largest_part(mask: np.ndarray) -> np.ndarray:
    """The largest connected region of ``mask``: a bright speck of the desk or the frame's
    corner is no part of the sheet, and it would stand as the sheet's extreme corner."""
    labels, count = ndimage.label(mask)
    if count <= 1:
        return mask
    sizes = np.bincount(labels.ravel())
    sizes[0] = 0
    return labels == sizes.argmax()


def _even_sheet(arr: np.ndarray) -> np.ndarray:
    """``arr`` with the light's fall-off divided out, so that one threshold parts sheet and desk.

    A photo lit from one side leaves the far side of the sheet as dark as the desk near the
    lamp: thresholded as it is, the sheet loses a corner or a side and its outline bends
    (on 120 fresh generated far photos, 8 sheets were cut wrong or not found for that and
    for the causes ``_largest_part`` and ``MIN_PHOTO_TILT_DEG`` answer; 12 more were till
    slips under the old smallest share). The light is one smooth surface over desk and
    sheet alike, so it is fitted (a quadratic in x and y) to the brightness of what a first
    threshold calls sheet, and every pixel is divided by it before the threshold is taken again.
    """
    values = arr.astype(np.float32)
    for _ in range(LIGHT_PASSES):
        mask = values > _otsu(np.clip(values, 0, 255).astype(np.uint8))
        if mask.mean() < MIN_LIT_SHARE:
            break  # a slip's few pixels would say nothing of the light across the photo
        ys, xs = np.nonzero(mask[::4, ::4])
        height, width = arr.shape
        u, v = xs * 4 / width - 0.5, ys * 4 / height - 0.5
        design = np.stack([np.ones_like(u), u, v, u * u, u * v, v * v], axis=1)
        coeffs, *_ = np.linalg.lstsq(design, arr[::4, ::4][ys, xs].astype(np.float32), rcond=None)
        vv, uu = np.mgrid[0:height, 0:width].astype(np.float32)
        uu, vv = uu / width - 0.5, vv / height - 0.5
        light = (coeffs[0] + coeffs[1] * uu + coeffs[2] * vv
                 + coeffs[3] * uu * uu + coeffs[4] * uu * vv + coeffs[5] * vv * vv)
        values = arr / np.maximum(light, 1.0) * EVEN_WHITE
    return np.clip(values, 0, 255).astype(np.uint8)


MAX_TILT_DEG = 35  # the corners by diagonal extremes hold while a sheet is tilted less than this


def _tilted_corners(mask: np.ndarray) -> list[tuple[float, float]] | None:
    """The sheet's corners where it lies tilted in the photo (a phone held askew: 5-20 degrees).

    The corners are first the mask's extremes along the two diagonals (top-left has the
    least x + y, top-right the most x - y, ...), which holds for any tilt under 45 degrees;
    each side is then fitted as a line to the outline between its corners, away from the
    corners themselves (a finger, a fold or a rounded corner), and the corners become the
    crossings of those lines. None when the outline is not a clean quadrilateral: the
    edge-by-edge fit (``_edge_lines``) of an upright sheet is tried then.
    """
    ys, xs = np.nonzero(mask)
    if len(xs) < 400:
        return None
    s, d = xs + ys, xs - ys
    rough = [(xs[s.argmin()], ys[s.argmin()]), (xs[d.argmax()], ys[d.argmax()]),
             (xs[s.argmax()], ys[s.argmax()]), (xs[d.argmin()], ys[d.argmin()])]
    # The outline: set pixels with an unset neighbour.
    inner = mask.copy()
    inner[1:, :] &= mask[:-1, :]
    inner[:-1, :] &= mask[1:, :]
    inner[:, 1:] &= mask[:, :-1]
    inner[:, :-1] &= mask[:, 1:]
    by, bx = np.nonzero(mask & ~inner)
    points = np.stack([bx, by], axis=1).astype(float)
    lines = []
    for k in range(4):
        a, b = np.array(rough[k], float), np.array(rough[(k + 1) % 4], float)
        length = np.hypot(*(b - a))
        if length < 20:
            return None
        direction = (b - a) / length
        normal = np.array([-direction[1], direction[0]])
        t = (points - a) @ direction
        off = (points - a) @ normal
        near = (t > 0.15 * length) & (t < 0.85 * length) & (np.abs(off) < 0.03 * length + 3)
        if near.sum() < 10:
            return None
        # The side as a point and a direction, by least squares (its principal axis).
        chosen = points[near]
        centre = chosen.mean(axis=0)
        _, _, vt = np.linalg.svd(chosen - centre)
        lines.append((centre, vt[0]))
    corners = []
    for k in range(4):
        (p1, d1), (p2, d2) = lines[k - 1], lines[k]
        matrix = np.array([d1, -d2]).T
        if abs(np.linalg.det(matrix)) < 1e-6:
            return None
        t1, _ = np.linalg.solve(matrix, p2 - p1)
        corners.append(tuple(p1 + t1 * d1))
    tilt = np.degrees(np.arctan2(corners[1][1] - corners[0][1], corners[1][0] - corners[0][0]))
    if abs(tilt) > MAX_TILT_DEG:
        return None
    return [(float(x), float(y)) for x, y in corners]


def _fit(coords: np.ndarray, values: np.ndarray) -> tuple[float, float] | None:
    """value = a * coord + b, fitted twice: the second time without the worst outliers."""
    if len(coords) < 10:
        return None
    a, b = np.polyfit(coords, values, 1)
    residual = np.abs(values - (a * coords + b))
    keep = residual <= max(1.5, float(np.percentile(residual, 80)))
    if keep.sum() >= 10:
        a, b = np.polyfit(coords[keep], values[keep], 1)
    return float(a), float(b)


def _edge_lines(mask: np.ndarray):
    """The sheet's four edges as lines: top/bottom as y = a x + b, left/right as x = a y + b.

    Each edge is fitted to the mask's first (or last) set pixel per column (or row) over
    the middle 70 % of the sheet, away from the corners, which a finger or a fold may hide.
    """
    rows = np.nonzero(mask.any(axis=1))[0]
    cols = np.nonzero(mask.any(axis=0))[0]
    if len(rows) < 20 or len(cols) < 20:
        return None
    x_lo, x_hi = cols[0] + 0.15 * (cols[-1] - cols[0]), cols[-1] - 0.15 * (cols[-1] - cols[0])
    y_lo, y_hi = rows[0] + 0.15 * (rows[-1] - rows[0]), rows[-1] - 0.15 * (rows[-1] - rows[0])
    xs = np.arange(int(x_lo), int(x_hi))
    ys = np.arange(int(y_lo), int(y_hi))
    col_any = mask[:, xs].any(axis=0)
    row_any = mask[ys, :].any(axis=1)
    xs, ys = xs[col_any], ys[row_any]
    if len(xs) < 10 or len(ys) < 10:
        return None
    first_row = mask[:, xs].argmax(axis=0).astype(float)
    last_row = (mask.shape[0] - 1 - mask[::-1, xs].argmax(axis=0)).astype(float)
    first_col = mask[ys, :].argmax(axis=1).astype(float)
    last_col = (mask.shape[1] - 1 - mask[ys, ::-1].argmax(axis=1)).astype(float)
    fits = (_fit(xs.astype(float), first_row), _fit(ys.astype(float), last_col + 1),
            _fit(xs.astype(float), last_row + 1), _fit(ys.astype(float), first_col))
    if any(f is None for f in fits):
        return None
    return fits


def _intersect(horizontal: tuple[float, float], vertical: tuple[float, float]) -> tuple[float, float] | None:
    """Crossing of y = a x + b and x = c y + d."""
    a, b = horizontal
    c, d = vertical
    denominator = 1 - a * c
    if abs(denominator) < 1e-9:
        return None
    y = (a * d + b) / denominator
    return c * y + d, y


def perspective_coeffs(src: list[tuple[float, float]], dst: list[tuple[float, float]]) -> list[float]:
    """Coefficients for ``Image.transform(PERSPECTIVE)``: they map output (dst) to input (src)."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(dst, src):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs += [u, v]
    return list(np.linalg.solve(np.array(rows, float), np.array(rhs, float)))


def rectify(image: Image.Image) -> Image.Image | None:
    """The sheet of a photo warped to an upright rectangle, or None when none was found."""
    quad = find_page_quad(image)
    if quad is None:
        return None
    tl, tr, br, bl = quad
    width = max(np.hypot(tr[0] - tl[0], tr[1] - tl[1]), np.hypot(br[0] - bl[0], br[1] - bl[1]))
    height = max(np.hypot(bl[0] - tl[0], bl[1] - tl[1]), np.hypot(br[0] - tr[0], br[1] - tr[1]))
    if width < 200 or height < 200:
        return None
    size = (round(width), round(height))
    dst = [(0, 0), (size[0], 0), (size[0], size[1]), (0, size[1])]
    try:
        coeffs = perspective_coeffs(quad, dst)
    except np.linalg.LinAlgError:
        return None
    return image.transform(size, Image.Transform.PERSPECTIVE, coeffs, Image.Resampling.BICUBIC, fillcolor=255)


UNEVEN_SPREAD = 30


def even_light(image: Image.Image, only_if_uneven: bool = False) -> Image.Image:
    """Grey image divided by its own background (a flat-field correction).

    Tesseract (and its OSD) thresholds a page globally and loses whole regions of a
    photo lit from one side, where half the sheet is darker than the text of the other
    half: on such photos this correction brought back the missing half of the page, as
    much as Tesseract's Sauvola mode did, at lower cost. It is not a binarisation: grey
    levels stay, only the lighting is divided out. The background is estimated by a max
    filter (it removes the text) on a thumbnail, then blurred and scaled back up. With
    ``only_if_uneven`` an evenly lit page (a scan) is returned unchanged.
    """
    small = image.resize((max(1, image.width // 8), max(1, image.height // 8)), Image.Resampling.BILINEAR)
    background = Image.fromarray(rank_filter(np.asarray(small), 9, np.maximum)).filter(ImageFilter.GaussianBlur(4))
    if only_if_uneven:
        levels = np.asarray(background)
        low, high = np.percentile(levels, [5, 95])
        if high - low < UNEVEN_SPREAD:
            return image
    background = background.resize(image.size, Image.Resampling.BILINEAR)
    ratio = np.asarray(image, np.float32) / np.maximum(np.asarray(background, np.float32), 1.0) * 255
    return Image.fromarray(np.clip(ratio, 0, 255).astype(np.uint8), "L")


def estimate_skew(image: Image.Image, limit: float = 3.0) -> float:
    """The page's skew in degrees (anticlockwise positive, as ``Image.rotate`` takes it).

    Projection profile on a ~900 px thumbnail: text lines give the sharpest row profile
    (largest variance of row sums) when they are horizontal. Coarse 0.5° steps, then
    0.05° around the best; ~0.1-0.2 s a page. The dark-pixel mask is only for measuring.
    """
    scale = 900 / max(image.size)
    thumb = image.resize((max(1, round(image.width * scale)), max(1, round(image.height * scale))),
                         Image.Resampling.BILINEAR)
    arr = np.asarray(thumb, dtype=np.uint8)
    ink = Image.fromarray(((arr < min(150, float(np.median(arr)) - 60)) * 255).astype(np.uint8))

    def score(angle: float) -> float:
        rows = np.asarray(ink.rotate(angle, resample=Image.Resampling.NEAREST), dtype=np.float32).sum(axis=1)
        return float(np.var(rows))

    coarse = max(np.arange(-limit, limit + 0.01, 0.5), key=score)
    fine = max(np.arange(coarse - 0.5, coarse + 0.51, 0.05), key=score)
    # A page with too little text has no clear optimum: leave it as it is.
    if score(float(fine)) < 1.05 * score(0.0):
        return 0.0
    return round(float(fine), 2)
