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


def _row_runs(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Row, first column and end column (exclusive) of every run of set cells along the
    rows of ``mask``, in reading order."""
    width = mask.shape[1] + 1
    padded = np.zeros((mask.shape[0], width + 1), np.int8)
    padded[:, 1:-1] = mask
    steps = np.diff(padded, axis=1)
    edges = np.flatnonzero(steps)  # a run's start (+1) and its end (-1), in turn
    starts, ends = edges[0::2], edges[1::2]
    return starts // width, starts % width, ends % width


def _median(grey: np.ndarray) -> float:
    """``np.median`` of an 8-bit image, from its histogram (three times faster)."""
    counts = np.cumsum(np.bincount(grey.ravel(), minlength=256))
    n = int(counts[-1])
    low = int(np.searchsorted(counts, (n - 1) // 2, side="right"))
    high = int(np.searchsorted(counts, n // 2, side="right"))
    return (low + high) / 2


def _runs(mask: np.ndarray, length: int, axis: int) -> np.ndarray:
    """Pixels that belong to a straight run of ``length`` ink pixels or more along ``axis``.

    Found from the runs' ends, not by sliding a window over every pixel: a page has
    millions of pixels but only the few hundred runs of its rules are that long.
    """
    m = mask if axis == 1 else np.ascontiguousarray(mask.T)
    rows, starts, ends = _row_runs(m)
    out = np.zeros(m.shape, bool)
    for row, start, end in zip(*(a[ends - starts >= length] for a in (rows, starts, ends))):
        out[row, start:end] = True
    return out if axis == 1 else out.T


def _components(grown: np.ndarray, cells: np.ndarray) -> list[tuple[int, int, int, int, int]]:
    """The 4-connected groups of ``grown``, each as (cells of ``cells`` in it, x0, y0, x1,
    y1) in grid units (ends exclusive), in the order their first cell comes in reading
    order. Runs along the rows are joined where they touch the run above (union-find):
    a loop over runs, not over cells."""
    rows, starts, ends = _row_runs(grown)
    counts = np.zeros((cells.shape[0], cells.shape[1] + 1), np.int32)
    np.cumsum(cells, axis=1, out=counts[:, 1:])
    parent = list(range(len(rows)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first = np.searchsorted(rows, np.arange(grown.shape[0] + 1))  # each row's first run
    for y in range(1, grown.shape[0]):
        a, a_end, b, b_end = first[y - 1], first[y], first[y], first[y + 1]
        while a < a_end and b < b_end:  # two sorted lists of intervals: a merge walk
            if starts[a] < ends[b] and starts[b] < ends[a]:
                ra, rb = root(a), root(b)
                if ra != rb:
                    parent[max(ra, rb)] = min(ra, rb)  # the root stays the earliest run
            if ends[a] <= ends[b]:
                a += 1
            else:
                b += 1
    groups: dict[int, list[int]] = {}
    for i in range(len(rows)):
        r = root(i)
        n = int(counts[rows[i], ends[i]] - counts[rows[i], starts[i]])
        if r in groups:
            g = groups[r]
            g[0] += n
            g[1], g[2] = min(g[1], int(starts[i])), min(g[2], int(rows[i]))
            g[3], g[4] = max(g[3], int(ends[i])), max(g[4], int(rows[i]) + 1)
        else:
            groups[r] = [n, int(starts[i]), int(rows[i]), int(ends[i]), int(rows[i]) + 1]
    return [tuple(groups[r]) for r in sorted(groups)]


def uncovered_regions(image: Image.Image, boxes: list[tuple[int, int, int, int]],
                      text_height: float) -> list[tuple[int, int, int, int]]:
    """Boxes (pixels) around ink that no word box covers, largest first."""
    grey = np.asarray(image, dtype=np.uint8)
    background = _median(grey)
    ink = grey < min(140.0, background - 70.0)
    # Both kinds of rule measured on the same ink: a table's frame cut by the rules of
    # its rows would otherwise be left in pieces shorter than a rule, and read as text.
    ink &= ~(_runs(ink, MIN_LINE_RUN, 1) | _runs(ink, MIN_LINE_RUN, 0))
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
    for count, x0, y0, x1, y1 in _components(grown, cells):
        x0, x1, y0, y1 = x0 * CELL, x1 * CELL, y0 * CELL, y1 * CELL
        # Specks, and strokes too thin or too flat to be text, are not worth a pass.
        if count < 3 or (y1 - y0) < 0.8 * text_height or (x1 - x0) < 0.8 * text_height:
            continue
        regions.append((count, (max(0, x0 - CELL), max(0, y0 - CELL), min(w, x1 + CELL), min(h, y1 + CELL))))
    regions.sort(key=lambda r: -r[0])
    return [box for _, box in regions[:MAX_REGIONS]]
