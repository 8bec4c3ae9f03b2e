"""Finding a photographed sheet: upright, tilted as a phone held askew, and small in the frame."""

import math

import pytest
from PIL import Image, ImageDraw

from assets.ocr.preprocess import find_page_quad


def _photo(tilt_deg: float, fill: float, size=(1200, 1600)):
    """A bright A4 sheet with a few dark text bars on a dark desk; its true corners."""
    w, h = size
    ph = fill * h
    pw = ph / math.sqrt(2)
    cx, cy = w / 2, h / 2
    t = math.radians(tilt_deg)
    corners = [(cx + x * math.cos(t) - y * math.sin(t), cy + x * math.sin(t) + y * math.cos(t))
               for x, y in ((-pw / 2, -ph / 2), (pw / 2, -ph / 2), (pw / 2, ph / 2), (-pw / 2, ph / 2))]
    image = Image.new("L", size, 70)
    draw = ImageDraw.Draw(image)
    draw.polygon(corners, fill=235)
    for k in range(8):  # text lines: dark bars across the sheet
        y = -ph / 2 + ph * (0.1 + 0.08 * k)
        bar = [(-pw * 0.4, y), (pw * 0.3, y), (pw * 0.3, y + 6), (-pw * 0.4, y + 6)]
        draw.polygon([(cx + x * math.cos(t) - yy * math.sin(t), cy + x * math.sin(t) + yy * math.cos(t))
                      for x, yy in bar], fill=40)
    return image, corners


@pytest.mark.parametrize("tilt, fill", [(0, 0.8), (8, 0.7), (-15, 0.6), (20, 0.5)])
def test_the_sheets_corners_are_found_however_it_is_tilted(tilt, fill):
    image, truth = _photo(tilt, fill)
    quad = find_page_quad(image)
    assert quad is not None
    worst = max(math.dist(p, q) for p, q in zip(quad, truth))
    assert worst < 0.02 * image.height, (quad, truth)


def test_a_page_filling_the_frame_is_a_scan_not_a_sheet():
    assert find_page_quad(Image.new("L", (1200, 1600), 235)) is None
