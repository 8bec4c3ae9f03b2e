"""Scans and phone photos made from clean PDF pages (Pillow + numpy).

Scans: grey, 150-300 dpi, a small skew, blur, sensor noise and JPEG artefacts, now and
then a page fed upside down or sideways; several pages become an image-only PDF.
Photos: the page on a darker surface, seen in perspective, lit unevenly with a colour
cast, blurred, noisy and JPEG-compressed, without dpi metadata (phones write none that
means anything), sometimes taken with the phone turned. Half are close-ups; half are taken
as people take them at a desk: the page a half to four fifths of a 1,100-1,800 px frame,
tilted 3-20 degrees, on wood or cloth, so that body text is 6-10 px high.
"""

from __future__ import annotations

import io
import math
import random

import numpy as np
import pypdfium2 as pdfium
from PIL import Image, ImageFilter

from assets.ocr.preprocess import perspective_coeffs


def render_pages(pdf: bytes, dpi: float, grey: bool) -> list[Image.Image]:
    doc = pdfium.PdfDocument(pdf)
    try:
        return [doc[i].render(scale=dpi / 72, grayscale=grey).to_pil().copy() for i in range(len(doc))]
    finally:
        doc.close()


def _noise(image: Image.Image, sigma: float, rng: random.Random) -> Image.Image:
    arr = np.asarray(image, dtype=np.float32)
    gen = np.random.default_rng(rng.randrange(2**32))
    arr = arr + gen.normal(0, sigma, arr.shape)
    return Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), image.mode)


def _encode(image: Image.Image, fmt: str, quality: int, dpi: float | None) -> bytes:
    out = io.BytesIO()
    kwargs = {"dpi": (dpi, dpi)} if dpi else {}
    if fmt == "jpeg":
        image.save(out, "JPEG", quality=quality, **kwargs)
    elif fmt == "webp":
        image.save(out, "WEBP", quality=quality)
    else:
        image.save(out, "PNG", **kwargs)
    return out.getvalue()


def scan(pdf: bytes, rng: random.Random) -> tuple[bytes, str, dict]:
    """A flatbed scan of every page: (file bytes, MIME type, parameters used)."""
    dpi = rng.choice([150, 200, 200, 240, 300, 300])
    angle = rng.uniform(0.3, 2.0) * rng.choice([-1, 1])
    turn = rng.choices([0, 180, 90, 270], weights=[84, 8, 4, 4])[0]
    blur = rng.uniform(0.3, 1.0)
    sigma = rng.uniform(3, 10)
    quality = rng.randint(45, 85)
    pages = []
    for page in render_pages(pdf, dpi, grey=True):
        page = page.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=255)
        if turn:
            page = page.rotate(turn, expand=True)
        page = page.filter(ImageFilter.GaussianBlur(blur))
        page = _noise(page, sigma, rng)
        pages.append(page)
    params = {"dpi": dpi, "angle": round(angle, 2), "turn": turn, "blur": round(blur, 2),
              "noise": round(sigma, 1), "quality": quality}
    if len(pages) > 1 or rng.random() < 0.15:
        # Image-only PDF: JPEG-compressed pages, no text layer.
        out = io.BytesIO()
        jpeg_pages = [Image.open(io.BytesIO(_encode(p, "jpeg", quality, dpi))) for p in pages]
        jpeg_pages[0].save(out, "PDF", save_all=True, append_images=jpeg_pages[1:], resolution=dpi)
        params["format"] = "pdf"
        return out.getvalue(), "application/pdf", params
    fmt = rng.choices(["jpeg", "png", "webp"], weights=[70, 18, 12])[0]
    params["format"] = fmt
    return _encode(pages[0], fmt, quality, dpi), f"image/{fmt}", params


FAR_SHARE = 0.5  # photos taken from arm's length, the page tilted in a wider frame


def _light(scene: Image.Image, rng: random.Random, gradient=(0.15, 0.4), vignette: float = 0.25,
           green=(0.93, 0.99), blue=(0.82, 0.95)) -> Image.Image:
    """Uneven light: a linear gradient from one side plus a soft vignette, and a warm cast."""
    width, height = scene.size
    arr = np.asarray(scene, dtype=np.float32)
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    ang = rng.uniform(0, 2 * np.pi)
    grad = np.cos(ang) * (xx / width - 0.5) + np.sin(ang) * (yy / height - 0.5)
    light = 1.0 - rng.uniform(*gradient) * (grad + 0.5)
    shade = 1.0 - vignette * (((xx / width - 0.5) ** 2 + (yy / height - 0.5) ** 2) * 2)
    tint = np.array([1.0, rng.uniform(*green), rng.uniform(*blue)], np.float32)
    return Image.fromarray(np.clip(arr * (light * shade)[..., None] * tint, 0, 255).astype(np.uint8), "RGB")


def photo(pdf: bytes, rng: random.Random) -> tuple[bytes, str, dict]:
    """A phone photo of the first page: (JPEG bytes, MIME type, parameters used).

    Half are close-ups (the page fills most of the frame, nearly upright); half are taken
    as people take them at a desk (``far_photo``).
    """
    if rng.random() < FAR_SHARE:
        return far_photo(pdf, rng)
    return close_photo(pdf, rng)


def close_photo(pdf: bytes, rng: random.Random) -> tuple[bytes, str, dict]:
    """A close-up: the page fills most of the frame, nearly upright, at 170-230 dpi."""
    dpi = rng.choice([170, 190, 210, 230])
    page = render_pages(pdf, dpi, grey=False)[0].convert("RGB")
    w, h = page.size
    margin_x, margin_y = int(w * rng.uniform(0.04, 0.12)), int(h * rng.uniform(0.03, 0.09))
    sw, sh = w + 2 * margin_x, h + 2 * margin_y
    surface = tuple(rng.randint(40, 120) for _ in range(3))
    scene = Image.new("RGB", (sw, sh), surface)
    scene = _noise(scene, 12, rng)
    # Where the page corners land in the photo: the page pushed around by a few percent.
    jitter = rng.uniform(0.01, 0.045)

    def corner(x: float, y: float) -> tuple[float, float]:
        return (x + rng.uniform(-jitter, jitter) * w, y + rng.uniform(-jitter, jitter) * h)

    dst = [corner(margin_x, margin_y), corner(margin_x + w, margin_y),
           corner(margin_x + w, margin_y + h), corner(margin_x, margin_y + h)]
    src = [(0, 0), (w, 0), (w, h), (0, h)]
    coeffs = perspective_coeffs(src, dst)
    warped = page.transform((sw, sh), Image.Transform.PERSPECTIVE, coeffs, Image.Resampling.BICUBIC,
                            fillcolor=(0, 0, 0))
    mask = Image.new("L", page.size, 255).transform((sw, sh), Image.Transform.PERSPECTIVE, coeffs,
                                                    Image.Resampling.BILINEAR, fillcolor=0)
    scene.paste(warped, (0, 0), mask)
    scene = _light(scene, rng)
    scene = scene.filter(ImageFilter.GaussianBlur(rng.uniform(0.7, 1.4)))
    scene = _noise(scene, rng.uniform(4, 9), rng)
    turn = rng.choices([0, 90, 270, 180], weights=[86, 6, 6, 2])[0]
    if turn:
        scene = scene.rotate(turn, expand=True)
    quality = rng.randint(55, 82)
    params = {"dpi": dpi, "jitter": round(jitter, 3), "turn": turn, "quality": quality}
    return _encode(scene, "jpeg", quality, None), "image/jpeg", params


A4_HEIGHT_IN = 11.69


def _desk(w: int, h: int, rng: random.Random) -> Image.Image:
    """A desk under the page: wood grain, a woven cloth or a plain surface, with noise."""
    gen = np.random.default_rng(rng.randrange(2**32))
    base = np.array([rng.randint(60, 170) for _ in range(3)], np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    kind = rng.choice(["wood", "fabric", "plain"])
    if kind == "wood":
        ang = rng.uniform(0, math.pi)
        u = np.cos(ang) * xx + np.sin(ang) * yy
        tex = np.sin(u / rng.uniform(6, 14) + 3 * np.sin(u / rng.uniform(60, 140))) * rng.uniform(10, 22)
        tex = tex + gen.normal(0, 6, (h, w))
    elif kind == "fabric":
        tex = (np.sin(xx / 2.3) * np.sin(yy / 2.1)) * 10 + gen.normal(0, 10, (h, w))
    else:
        tex = gen.normal(0, 5, (h, w))
    return Image.fromarray(np.clip(base[None, None, :] + tex[..., None], 0, 255).astype(np.uint8), "RGB")


def far_photo(pdf: bytes, rng: random.Random) -> tuple[bytes, str, dict]:
    """A photo as taken at a desk: a 1,100-1,800 px frame (3:4) in which the page fills a
    half to four fifths of the height, tilted 3-20 degrees and in perspective, on a
    textured desk in uneven light, so that body text is 6-10 px high."""
    long_side = rng.randint(1100, 1800)
    height, width = long_side, int(long_side * 3 / 4)
    fill = rng.uniform(0.5, 0.8)
    dpi = fill * height / A4_HEIGHT_IN
    page = render_pages(pdf, dpi, grey=False)[0].convert("RGB")
    w, h = page.size
    scene = _desk(width, height, rng)
    tilt = math.radians(rng.uniform(3, 20) * rng.choice([-1, 1]))
    cx = width / 2 + rng.uniform(-0.08, 0.08) * width
    cy = height / 2 + rng.uniform(-0.06, 0.06) * height
    jitter = rng.uniform(0.02, 0.07)
    corners = []
    for x, y in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)):
        x, y = x + rng.uniform(-jitter, jitter) * w, y + rng.uniform(-jitter, jitter) * h
        corners.append((cx + x * math.cos(tilt) - y * math.sin(tilt), cy + x * math.sin(tilt) + y * math.cos(tilt)))
    coeffs = perspective_coeffs([(0, 0), (w, 0), (w, h), (0, h)], corners)
    warped = page.transform((width, height), Image.Transform.PERSPECTIVE, coeffs, Image.Resampling.BICUBIC,
                            fillcolor=(0, 0, 0))
    mask = Image.new("L", page.size, 255).transform((width, height), Image.Transform.PERSPECTIVE, coeffs,
                                                    Image.Resampling.BILINEAR, fillcolor=0)
    scene.paste(warped, (0, 0), mask)
    scene = _light(scene, rng, gradient=(0.15, 0.45), vignette=0.3, green=(0.92, 0.99), blue=(0.8, 0.95))
    scene = scene.filter(ImageFilter.GaussianBlur(rng.uniform(0.5, 1.1)))
    scene = _noise(scene, rng.uniform(3, 8), rng)
    quality = rng.randint(60, 88)
    params = {"frame": long_side, "fill": round(fill, 2), "tilt": round(math.degrees(tilt), 1), "dpi": round(dpi),
              "quality": quality}
    return _encode(scene, "jpeg", quality, None), "image/jpeg", params
