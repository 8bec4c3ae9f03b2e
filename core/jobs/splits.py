"""A file that holds several invoices, split into one upload per invoice.

The reader completes such a file with its first invoice and the warning
`document.multiple_invoices`, which names every invoice's pages
(`assets.documents.boundaries`). Splitting cuts the uploaded PDF into those page ranges and
sends each part through the very admission an upload goes through (`admission.receive`):
the same credit hold or parking, queue depth, file checks and events, so each part is
charged as an upload (interface.md: one credit per ingested invoice). The parts keep the
invoice's client, and their jobs remember who split the file (source `ui` for a member).

Each part's Idempotency-Key is made from the invoice and its pages, so a second click (or a
retry after a lost answer) gives the same jobs, never a second set. Everything is read
within the caller's team and mode: another mode's invoice is not found, and the parts
belong to the caller's mode.

The invoice that was read stays as it is; the part of its own pages is read again and
flagged as its duplicate (`core.books.duplicates`), so the member keeps one of the two.
"""

from __future__ import annotations

import hashlib
import io
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import PurePosixPath

import pypdfium2 as pdfium
import sqlalchemy as sa

from core import errors
from core.access.actors import Actor
from core.access.auth import Principal
from core.blobs import BlobStore
from core.clock import as_utc
from core.jobs import admission
from core.store.db import Store
from core.store.scoping import in_mode
from core.store.tables import invoices, jobs
from schemas.document_warnings import ranges_of, ranges_text

PDF = "application/pdf"
_TRAILER_ID = re.compile(rb"/ID\s*\[\s*<[0-9A-Fa-f]*>\s*<[0-9A-Fa-f]*>\s*\]")
_CREATED = re.compile(rb"/CreationDate\(D:\d{14}\+00'00'\)")


@dataclass(frozen=True)
class Source:
    """What a split needs of an invoice: its ranges and the file they cut."""

    invoice_id: str
    client_id: str | None
    ranges: list[tuple[int, int]]
    blob_key: str
    mime_type: str
    filename: str
    purged: bool
    uploaded_at: datetime


@dataclass(frozen=True)
class Part:
    first: int
    last: int
    filename: str
    job_id: str
    status: str  # processing / awaiting_credits
    replayed: bool  # the same part was sent before (the same jobs come back)


def source(conn: sa.Connection, principal: Principal, invoice_id: str) -> Source:
    """The invoice's page ranges and file, within the caller's team and mode (and client,
    for a client-scoped key); an invoice of one invoice has no ranges."""
    row = conn.execute(
        sa.select(invoices.c.document, invoices.c.client_id, jobs.c.blob_key, jobs.c.mime_type, jobs.c.source_file,
                  jobs.c.file_purged_at, jobs.c.created_at)
        .select_from(invoices.join(jobs, jobs.c.id == invoices.c.job_id))
        .where(in_mode(invoices, principal.team_id, principal.mode), invoices.c.id == invoice_id,
               *([invoices.c.client_id == principal.client_id] if principal.client_id else []))
    ).mappings().first()
    if row is None:
        raise errors.InvoiceNotFound(f"No invoice {invoice_id} for this team.")
    document = row["document"] or {}
    found = ranges_of((document.get("validation") or {}).get("warnings"))
    return Source(invoice_id, row["client_id"] or document.get("clientId"), found, row["blob_key"], row["mime_type"],
                  row["source_file"] or "upload.pdf", row["file_purged_at"] is not None, as_utc(row["created_at"]))


def cut(pdf: bytes, found: list[tuple[int, int]], created: datetime) -> list[bytes]:
    """One PDF per page range (1-based, inclusive), in order, each dated ``created`` (the
    upload's time): the same cut of the same file is the same bytes, whenever it is made."""
    whole = pdfium.PdfDocument(pdf)
    try:
        if not found or found[-1][1] > len(whole):
            raise errors.Conflict("The file no longer has the pages the invoice names.")
        parts = []
        for first, last in found:
            part = pdfium.PdfDocument.new()
            try:
                part.import_pages(whole, list(range(first - 1, last)))
                buffer = io.BytesIO()
                part.save(buffer)
                parts.append(_same_every_time(buffer.getvalue(), created))
            finally:
                part.close()
        return parts
    finally:
        whole.close()


def _same_every_time(pdf: bytes, created: datetime) -> bytes:
    """The part dated ``created`` instead of now, and with a file identifier made from its
    content instead of a random one, so the same cut is the same bytes (what its
    Idempotency-Key compares) every time. Both are replaced by values of the same length,
    so the cross-reference offsets stay right."""
    stamp = created.astimezone(timezone.utc).strftime("%Y%m%d%H%M%S").encode()
    pdf = _CREATED.sub(b"/CreationDate(D:" + stamp + b"+00'00')", pdf)
    found = list(_TRAILER_ID.finditer(pdf))
    if not found:
        return pdf
    last = found[-1]
    digest = hashlib.md5(pdf[:last.start()], usedforsecurity=False).hexdigest().upper().encode()
    return pdf[:last.start()] + b"/ID[<" + digest + b"><" + digest + b">]" + pdf[last.end():]


def part_name(filename: str, first: int, last: int) -> str:
    """`pile.pdf` pages 3-4 -> `pile (pages 3-4).pdf`."""
    path = PurePosixPath(filename.replace("\\", "/"))
    stem = path.stem or "upload"
    pages = ranges_text([(first, last)])
    return f"{stem} ({'page' if first == last else 'pages'} {pages}).pdf"


def idempotency_key(invoice_id: str, first: int, last: int) -> str:
    return f"split:{invoice_id}:{first}-{last}"


def split(store: Store, blobs: BlobStore, publisher, settings, principal: Principal, invoice_id: str,
          actor: Actor | None, request_id: str | None = None) -> list[Part]:
    """Send one upload per invoice of the file (`principal` as admission takes it: with the
    team's plan and billing state). Refused with 409 when the invoice names no ranges or its
    file is gone; a refusal of admission (queue full, suspended billing) stops at that part,
    the parts before it stay sent, and the same call again sends the rest."""
    with store.read() as conn:
        found = source(conn, principal, invoice_id)
    if len(found.ranges) < 2:
        raise errors.Conflict("This invoice's file holds one invoice; there is nothing to split.")
    if found.purged or not blobs.exists(found.blob_key):
        raise errors.ReprocessUnavailable("The uploaded file is no longer retained, so it cannot be split.")
    if found.mime_type != PDF:
        raise errors.Conflict("Only a PDF holds several invoices.")
    out = []
    for (first, last), data in zip(found.ranges, cut(blobs.get(found.blob_key), found.ranges, found.uploaded_at)):
        name = part_name(found.filename, first, last)
        request = admission.UploadRequest(
            files=(admission.incoming_file(0, data, name, PDF),), client_header=found.client_id,
            idempotency_key=idempotency_key(invoice_id, first, last), request_id=request_id, actor=actor)
        answer = admission.receive(store, blobs, publisher, settings, principal, request)
        out.append(Part(first, last, name, answer.body["jobId"], answer.body["status"], answer.replayed))
    return out
