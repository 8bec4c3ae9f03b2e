"""Reading the multipart upload body with Falcon's own parser, within the size limits."""

from dataclasses import dataclass

import falcon

from core import errors, limits

_CHUNK = 1024 * 1024


@dataclass
class FilePart:
    filename: str | None
    content_type: str | None
    data: bytes


@dataclass
class UploadForm:
    files: list[FilePart]
    fields: dict[str, str]


def _read_limited(stream, limit: int) -> bytes:
    chunks, total = [], 0
    while True:
        chunk = stream.read(_CHUNK)
        if not chunk:
            return b"".join(chunks)
        total += len(chunk)
        if total > limit:
            raise errors.UploadFileTooLarge(f"The file is over {limit // (1024 * 1024)} MB.")
        chunks.append(chunk)


def read_upload_form(req: falcon.Request, max_body: int = limits.SINGLE_BODY_BYTES) -> UploadForm:
    if req.content_length is not None and req.content_length > max_body:
        raise errors.UploadPayloadTooLarge(f"The request body is over {max_body // (1024 * 1024)} MB.")
    content_type = (req.content_type or "").lower()
    if not content_type.startswith("multipart/form-data"):
        raise errors.UploadNoFile("Send multipart/form-data with the document in a part named 'file'.")
    files: list[FilePart] = []
    fields: dict[str, str] = {}
    try:
        form = req.get_media()
        for part in form:
            if part.name == "file":
                data = _read_limited(part.stream, limits.FILE_BYTES)
                files.append(FilePart(part.filename or None, part.content_type, data))
            elif part.filename is None:
                fields[part.name] = part.get_text() or ""
            else:
                part.stream.read()  # an unexpected extra file: drain and ignore it
    except falcon.HTTPError as exc:  # MediaMalformedError among them
        raise errors.InvalidBody(
            f"The multipart body is malformed: {exc.description or exc.title}.",
            errors=[errors.field_error("body", "validation.invalid_format")],
        ) from exc
    return UploadForm(files=files, fields=fields)
