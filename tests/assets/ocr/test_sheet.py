"""Finding a photographed sheet: upright, tilted as a phone held askew, and small in the frame."""

import math

import numpy as np
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


def _lit_from_one_side(image: Image.Image, fall: float) -> Image.Image:
    """The photo with its light falling off linearly, from full at the left edge to ``1 - fall``
    at the right."""
    pixels = np.asarray(image, dtype=np.float32)
    light = 1 - fall * np.linspace(0, 1, image.width, dtype=np.float32)
    return Image.fromarray((pixels * light[None, :]).astype(np.uint8), "L")


def test_a_sheet_lit_from_one_side_keeps_its_dark_corners():
    """The far side of the sheet is darker than the desk by the lamp: one threshold over the
    photo cuts it off; the light divided out first, the corners are where the sheet's are."""
    image, truth = _photo(12, 0.7)
    image = _lit_from_one_side(image, 0.7)  # the sheet's right edge at 235 * 0.3 = 70 < the desk's 70 on the left
    quad = find_page_quad(image)
    assert quad is not None
    assert max(math.dist(p, q) for p, q in zip(quad, truth)) < 0.01 * image.height, (quad, truth)


def test_a_till_slip_small_in_the_frame_is_found():
    """A receipt photographed from arm's length covers a few hundredths of the frame."""
    w, h = 1200, 1600
    t = math.radians(-9)
    cx, cy, sw, sh = 600, 800, 180, 420
    truth = [(cx + x * math.cos(t) - y * math.sin(t), cy + x * math.sin(t) + y * math.cos(t))
             for x, y in ((-sw / 2, -sh / 2), (sw / 2, -sh / 2), (sw / 2, sh / 2), (-sw / 2, sh / 2))]
    image = Image.new("L", (w, h), 60)
    ImageDraw.Draw(image).polygon(truth, fill=230)
    quad = find_page_quad(image)
    assert quad is not None
    assert max(math.dist(p, q) for p, q in zip(quad, truth)) < 6, (quad, truth)


def test_a_tilted_sheet_running_out_of_the_frame_has_its_corners_outside_it():
    """Two corners cut off by the frame: the sides' lines still cross where the sheet's corners are."""
    image, truth = _photo(16, 0.98)
    assert min(min(x, y) for x, y in truth) < 0  # the sheet's corners lie outside the photo
    quad = find_page_quad(image)
    assert quad is not None
    assert max(math.dist(p, q) for p, q in zip(quad, truth)) < 0.01 * image.height, (quad, truth)


def test_a_bright_speck_of_the_desk_is_no_corner_of_the_sheet():
    image, truth = _photo(8, 0.6)
    ImageDraw.Draw(image).rectangle((0, 0, 14, 14), fill=250)  # light caught in the frame's corner
    quad = find_page_quad(image)
    assert quad is not None
    assert max(math.dist(p, q) for p, q in zip(quad, truth)) < 0.01 * image.height, (quad, truth)
