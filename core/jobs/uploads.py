"""Upload rules that do not depend on HTTP: accepted types, limits, request fingerprint.

The MIME type is decided by the bytes (magic numbers via `filetype`), not by what the
client declared: a declared type that contradicts the content is refused, a missing or
generic one (application/octet-stream) is replaced by the sniffed type.
"""

import hashlib

import filetype

from core import errors, limits

ACCEPTED_TYPES = {
    "application/pdf": "pdf",
    "image/jpeg": "jpg",
    "image/png": "png",
    "image/webp": "webp",
}
GENERIC_TYPES = {"", "application/octet-stream", "binary/octet-stream"}
TEST_SCENARIOS = {"failed", "needs_review"}


def sniff(data: bytes) -> str | None:
    kind = filetype.guess(data[:8192])
    return kind.mime if kind is not None else None


def decide_mime_type(data: bytes, declared: str | None) -> str:
    declared = (declared or "").split(";")[0].strip().lower()
    actual = sniff(data)
    if actual not in ACCEPTED_TYPES:
        found = f"is {actual}" if actual else "is of no recognised type"
        raise errors.UploadInvalidMimeType(
            f"The file's content {found}; accepted types are {', '.join(ACCEPTED_TYPES)}."
        )
    if declared not in GENERIC_TYPES and declared != actual:
        raise errors.UploadInvalidMimeType(f"The file was declared {declared} but its content is {actual}.")
    return actual


def check_filename(filename: str) -> None:
    if len(filename.encode("utf-8")) > limits.FILENAME_BYTES:
        raise errors.UploadFilenameTooLong(f"The filename is over {limits.FILENAME_BYTES} bytes.")


def request_fingerprint(files: list[tuple[bytes, str, str]], client_header: str | None, scenario: str | None) -> str:
    """What makes two upload requests 'the same body' for Idempotency-Key purposes:
    every file's content, name and type, in order, plus the client and the test hint."""
    h = hashlib.sha256()
    parts = [p for data, name, mime in files for p in (hashlib.sha256(data).hexdigest(), name, mime)]
    for part in (*parts, client_header or "", scenario or ""):
        h.update(part.encode("utf-8"))
        h.update(b"\x00")
    return h.hexdigest()

