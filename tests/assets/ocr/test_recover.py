"""Finding ink that Tesseract's layout step left unread, and the filters it relies on."""

from __future__ import annotations

from collections import deque

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFilter

from assets.ocr.preprocess import rank_filter
from assets.ocr.recover import _components, _median, _runs, uncovered_regions


def _flood_fill_groups(grown: np.ndarray, cells: np.ndarray) -> list[tuple[int, int, int, int, int]]:
    """The plain definition: 4-connected groups by breadth-first search from each unseen
    cell in reading order."""
    seen = np.zeros_like(grown)
    out = []
    for sy, sx in zip(*np.nonzero(grown)):
        if seen[sy, sx]:
            continue
        seen[sy, sx] = True
        queue, members = deque([(sy, sx)]), []
        while queue:
            y, x = queue.popleft()
            members.append((y, x))
            for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                if 0 <= ny < grown.shape[0] and 0 <= nx < grown.shape[1] and grown[ny, nx] and not seen[ny, nx]:
                    seen[ny, nx] = True
                    queue.append((ny, nx))
        ys, xs = [m[0] for m in members], [m[1] for m in members]
        out.append((sum(int(cells[m]) for m in members), min(xs), min(ys), max(xs) + 1, max(ys) + 1))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_groups_of_cells_are_the_connected_ones_in_reading_order(seed):
    rng = np.random.default_rng(seed)
    grown = rng.random((60, 90)) < (0.3 + 0.1 * seed)  # from scattered specks to one big group
    cells = grown & (rng.random(grown.shape) < 0.5)
    assert _components(grown, cells) == _flood_fill_groups(grown, cells)


def test_only_runs_of_the_rule_length_are_table_rules():
    ink = np.zeros((40, 200), bool)
    ink[10, 5:125] = True  # a rule, 120 px
    ink[20, 5:64] = True  # a stroke, 59 px
    ink[2:40, 150] = True  # a vertical stroke, 38 px
    across, down = _runs(ink, 60, 1), _runs(ink, 60, 0)
    assert across[10].sum() == 120 and across[10, 5] and across[10, 124]
    assert not across[20].any() and not down.any()
    assert _runs(ink, 38, 0)[:, 150].sum() == 38


def test_the_median_of_a_page_is_numpys():
    rng = np.random.default_rng(3)
    for n in (1, 2, 7, 1000, 1001):
        grey = rng.integers(0, 256, n).astype(np.uint8)
        assert _median(grey) == float(np.median(grey))


def test_a_column_without_word_boxes_is_a_region_and_the_rules_between_rows_are_not():
    page = Image.new("L", (1200, 900), 250)
    draw = ImageDraw.Draw(page)
    for row in range(6):
        y = 150 + 34 * row
        draw.rectangle((100, y + 28, 1100, y + 29), fill=0)
        for x in range(150, 500, 16):  # a description the first pass read, glyph by glyph
            draw.rectangle((x, y, x + 11, y + 22), fill=20)
        for x in range(900, 990, 16):  # a quantity it missed
            draw.rectangle((x, y, x + 11, y + 22), fill=20)
    read = [(150, 150 + 34 * row, 500, 172 + 34 * row) for row in range(6)]
    regions = uncovered_regions(page, read, text_height=22)
    assert len(regions) == 1
    x0, y0, x1, y1 = regions[0]
    assert x0 <= 900 and x1 >= 990 and y0 <= 150 and y1 >= 342
    assert x0 > 600 and x1 < 1090  # nothing of the frame or the rules around it


@pytest.mark.parametrize("size", [3, 5, 7, 9])
def test_the_rank_filter_is_pillows(size):
    rng = np.random.default_rng(size)
    grey = rng.integers(0, 256, (37, 53)).astype(np.uint8)
    image = Image.fromarray(grey)
    assert (rank_filter(grey, size, np.maximum) == np.asarray(image.filter(ImageFilter.MaxFilter(size)))).all()
    assert (rank_filter(grey, size, np.minimum) == np.asarray(image.filter(ImageFilter.MinFilter(size)))).all()


def test_a_frame_cut_by_the_rules_of_its_rows_is_no_region():
    page = Image.new("L", (1200, 900), 250)
    draw = ImageDraw.Draw(page)
    draw.rectangle((100, 100, 1100, 600), outline=0, width=3)
    for y in range(140, 600, 40):  # rows 40 px apart: the frame's pieces between rules are shorter than a rule
        draw.rectangle((100, y, 1100, y + 1), fill=0)
    for x in range(150, 500, 16):
        draw.rectangle((x, 110, x + 11, 130), fill=20)
    assert uncovered_regions(page, [(150, 110, 500, 130)], text_height=20) == []
