"""Text that Tesseract's page layout analysis left out, found as ink without words.

With automatic page segmentation (``psm 3``) Tesseract now and then drops a whole
narrow column of an item table ("Kiek." with its quantities, "PVM %" with its rates):
the layout step did not see a text block there, so nothing was recognised. Those
columns are exactly what line items need. After the first pass, ink that no word box
covers (table rules removed) is grouped into regions, and each region is read again as
one uniform block of text (``psm 6``); the caller adds the words it finds.
"""

from __future__ import annotations

import numpy as np
from PIL import Image

CELL = 8  # px per cell of the coarse mask
MIN_LINE_RUN = 60  # px: ink runs this long are table rules, not text
MAX_REGIONS = 12


def _runs(mask: np.ndarray, length: int, axis: int) -> np.ndarray:
    """Pixels that belong to a straight run of ``length`` ink pixels along ``axis``."""
    m = mask if axis == 1 else mask.T
    c = np.zeros((m.shape[0], m.shape[1] + 1), np.int32)
    np.cumsum(m, axis=1, out=c[:, 1:])
    if m.shape[1] <= length:
        return np.zeros_like(mask)
    full = (c[:, length:] - c[:, :-length]) == length  # window starting at j is all ink
    out = np.zeros_like(m)
    # Spread each full window back over its pixels (a window of `length` from j).
    starts = np.zeros((m.shape[0], m.shape[1] + 1), np.int32)
    starts[:, : full.shape[1]] += full
    starts[:, length : length + full.shape[1]] -= full
    out = np.cumsum(starts, axis=1)[:, : m.shape[1]] > 0
    return out if axis == 1 else out.T


def uncovered_regions(image: Image.Image, boxes: list[tuple[int, int, int, int]],
                      text_height: float) -> list[tuple[int, int, int, int]]:
    """Boxes (pixels) around ink that no word box covers, largest first."""
    grey = np.asarray(image, dtype=np.uint8)
    background = float(np.median(grey))
    ink = grey < min(140.0, background - 70.0)
    ink &= ~_runs(ink, MIN_LINE_RUN, 1)
    ink &= ~_runs(ink, MIN_LINE_RUN, 0)
    pad = max(2, int(0.4 * text_height))
    covered = np.zeros_like(ink)
    h, w = ink.shape
    for x0, y0, x1, y1 in boxes:
        covered[max(0, y0 - pad) : min(h, y1 + pad), max(0, x0 - pad) : min(w, x1 + pad)] = True
    rest = ink & ~covered
    # Coarse mask: a cell counts when it holds a few uncovered ink pixels.
    gh, gw = h // CELL, w // CELL
    cells = rest[: gh * CELL, : gw * CELL].reshape(gh, CELL, gw, CELL).sum(axis=(1, 3)) >= 4
    if not cells.any():
        return []
    # Join the characters of a word and the words of a line (more across than down).
    grown = cells.copy()
    grown[:, 1:] |= cells[:, :-1]
    grown[:, :-1] |= cells[:, 1:]
    grown[:, 2:] |= cells[:, :-2]
    grown[:, :-2] |= cells[:, 2:]
    grown[1:, :] |= cells[:-1, :]
    grown[:-1, :] |= cells[1:, :]
    regions = []
    seen = np.zeros_like(grown)
    for sy, sx in zip(*np.nonzero(grown)):
        if seen[sy, sx]:
            continue
        stack = [(sy, sx)]
        seen[sy, sx] = True
        ys, xs, count = [], [], 0
        while stack:
            y, x = stack.pop()
            ys.append(y)
            xs.append(x)
            count += int(cells[y, x])
            for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                if 0 <= ny < gh and 0 <= nx < gw and grown[ny, nx] and not seen[ny, nx]:
                    seen[ny, nx] = True
                    stack.append((ny, nx))
        x0, x1 = min(xs) * CELL, (max(xs) + 1) * CELL
        y0, y1 = min(ys) * CELL, (max(ys) + 1) * CELL
        # Specks, and strokes too thin or too flat to be text, are not worth a pass.
        if count < 3 or (y1 - y0) < 0.8 * text_height or (x1 - x0) < 0.8 * text_height:
            continue
        regions.append((count, (max(0, x0 - CELL), max(0, y0 - CELL), min(w, x1 + CELL), min(h, y1 + CELL))))
    regions.sort(key=lambda r: -r[0])
    return [box for _, box in regions[:MAX_REGIONS]]
