"""A client's i.SAF register from the store: what `invoices isaf export` and the warehouse's
`isaf_registers` asset read and write (exporters/isaf.py builds the XML).

The dashboard's download reads the same register through `build_for`, which finds the
client only in the caller's team and mode, and hands its parts over as `download` packs them
(the XML, or a ZIP of the parts named as `write` names its files).

The register of a month reads the client's completed invoices (an invoice being read
again or failed is not in the books yet), its export settings (the `direction` fallback)
and the ECB rates of the currencies they use, and writes each part as a file: `FILE` for a
single part, `FILE_part1.xml`, `FILE_part2.xml`, … when the month is split.
"""

import io
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, timezone
from pathlib import Path

import sqlalchemy as sa

from core import errors
from core.books.currency_rates import RateTable, table_for
from core.books.export_settings import effective
from core.books.exports import ClientInfo, ExportLookups, invoice_dates
from core.modes import Mode
from core.store.db import Store
from core.store.scoping import in_mode
from core.store.tables import clients, invoices
from exporters import isaf
from schemas.invoice import Invoice


def client(conn: sa.Connection, client_id: str) -> tuple[ClientInfo, str, Mode]:
    """(the client, its team, its mode); ValueError when there is no such client."""
    row = conn.execute(sa.select(clients).where(clients.c.id == client_id)).first()
    if row is None:
        raise ValueError(f"no client {client_id}")
    return ClientInfo(row.id, row.name, row.company_code, row.vat_code), row.team_id, Mode(row.mode)


def sources(conn: sa.Connection, client_id: str, month: str | None = None) -> tuple[ClientInfo, list[isaf.Source]]:
    """The client and its completed invoices, each with the lookups the register reads. With
    `month`, only those whose issue date (or, without one, reading day) falls in it."""
    info, team_id, mode = client(conn, client_id)
    settings = effective(conn, team_id, mode, client_id)
    rows = conn.execute(
        sa.select(invoices.c.document)
        .where(in_mode(invoices, team_id, mode), invoices.c.client_id == client_id, invoices.c.status == "completed")
        .order_by(invoices.c.id)
    )
    records = [Invoice.model_validate(row.document) for row in rows]
    if month is not None:
        records = [r for r in records if isaf.month_of(r) == month]
    spans: dict[str, list[date]] = {}
    for record in records:
        currency = (record.currency or "EUR").strip().upper()
        if currency != "EUR":
            spans.setdefault(currency, []).extend(invoice_dates(record))
    rates: dict[str, RateTable] = {
        currency: table_for(conn, currency, min(days), max(days)) for currency, days in spans.items() if days
    }
    out = []
    for record in records:
        lookups = ExportLookups(settings=settings, client=info,
                                rates=rates.get((record.currency or "EUR").strip().upper()))
        out.append(isaf.Source(record, lookups))
    return info, out


def build(store: Store, client_id: str, month: str, data_type: str = "F", created: datetime | None = None,
          max_per_part: int | None = None) -> isaf.Register:
    """The client's register of `month`; parts of at most `max_per_part` invoices (the
    exporter's bound, read when called, when not given)."""
    isaf.month_bounds(month)
    with store.read() as conn:
        info, found = sources(conn, client_id, month)
    created = created or datetime.now(timezone.utc)
    return isaf.build(info, month, data_type, found, created, max_per_part or isaf.MAX_INVOICES_PER_PART)


def build_for(store: Store, team_id: str, mode: Mode, client_id: str, month: str, data_type: str = "F",
              created: datetime | None = None) -> isaf.Register:
    """The register of a client of the caller's team and mode: another team's or mode's client
    is ClientNotFound, as if it did not exist."""
    with store.read() as conn:
        found = conn.execute(sa.select(clients.c.id).where(in_mode(clients, team_id, mode), clients.c.id == client_id))
        if found.first() is None:
            raise errors.ClientNotFound(f"No client {client_id} for this team.")
    return build(store, client_id, month, data_type, created)


@dataclass(frozen=True)
class Download:
    body: bytes
    filename: str
    content_type: str


def download(register: isaf.Register) -> Download:
    """The register as one download: its XML when it is one part, else a ZIP of the parts
    under the names `write` gives their files."""
    name = default_name(register)
    if len(register.parts) == 1:
        return Download(register.parts[0], name, "application/xml")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, body in zip(part_paths(Path(name), len(register.parts)), register.parts):
            archive.writestr(path.name, body)
    return Download(out.getvalue(), f"{Path(name).stem}.zip", "application/zip")


def part_paths(path: Path, parts: int) -> list[Path]:
    if parts == 1:
        return [path]
    return [path.with_name(f"{path.stem}_part{n}{path.suffix or '.xml'}") for n in range(1, parts + 1)]


def write(register: isaf.Register, path: Path) -> list[Path]:
    """Each part of the register as a file; the paths written."""
    paths = part_paths(path, len(register.parts))
    path.parent.mkdir(parents=True, exist_ok=True)
    for target, body in zip(paths, register.parts):
        tmp = target.with_name(f".{target.name}.tmp")
        tmp.write_bytes(body)
        tmp.replace(target)
    return paths


def default_name(register: isaf.Register) -> str:
    return f"isaf_{register.client.company_code}_{register.month}_{register.data_type}.xml"


def export(store: Store, client_id: str, month: str, data_type: str = "F", out: Path | None = None) -> dict:
    """`invoices isaf export`: the register's files and a report of what is in them and what
    was left out, with the reasons."""
    register = build(store, client_id, month, data_type)
    paths = write(register, out or Path(default_name(register)))
    return {**register.report(), "files": [str(p) for p in paths]}
