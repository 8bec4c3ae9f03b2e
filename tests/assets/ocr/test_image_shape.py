"""Images no document page can be (a strip, a speck) fail with a clear DocumentError before
any OCR engine sees them, so the job fails with that message, never an internal error."""

import io

import pytest
from PIL import Image

from assets.ocr import MAX_ASPECT_RATIO, DocumentError, _open_image, read_document


def _png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("L", (width, height), 255).save(out, format="PNG")
    return out.getvalue()


@pytest.mark.parametrize("size", [(1, 100_000), (100_000, 1), (40, 40 * MAX_ASPECT_RATIO + 1)])
def test_an_extreme_aspect_ratio_is_refused(size):
    with pytest.raises(DocumentError, match="shape|too small"):
        read_document(_png(*size), "image/png")


def test_a_speck_is_refused():
    with pytest.raises(DocumentError, match="too small"):
        read_document(_png(8, 8), "image/png")


@pytest.mark.parametrize("size", [(600, 6000), (2480, 3508), (40, 40 * MAX_ASPECT_RATIO)])
def test_pages_and_till_rolls_pass(size):
    assert _open_image(_png(*size)).size == size
