"""A realistic large store, written fast: `python -m bench.seed --invoices 1000000`.

What the benchmark on a large store needs to be honest about indexes and query plans:
several teams, each with clients in both modes and keys; a year of days; uploads that
mostly completed (an invoice each), some that failed, a few held for client review; the
credit ledger's hold and charge for every live job and the teams' running totals.

Every invoice document starts from a real one (the fixture PDF, read once by the service's
own extraction) and is varied: number, dates, seller, client and amounts (quantities and
money times a whole factor, so the arithmetic of lines, VAT and totals still holds). Ids
carry their row's creation time (ULIDs), as the service's own ids do, so "newest first"
and cursors walk the B-trees as they would in production.

Teams, clients and keys are made through the admin functions (one row each); the million
rows go in as multi-row INSERTs of a few thousand at a time, one transaction per batch (on
SQLite with `synchronous=OFF`: a seed is thrown away, not recovered).
"""

import argparse
import json
import random
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path

import sqlalchemy as sa
from ulid import ULID

from core.access import admin
from core.books import duplicates
from core.clock import utcnow
from core.modes import Mode
from core.store.db import Store
from core.store.migrate import upgrade
from core.store.tables import credit_balances, credit_ledger, invoices, jobs

FIXTURE = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "invoice_digital.pdf"
BATCH = 2_000
SCOPES = ["invoice:read", "invoice:write", "invoice:export"]
# quantities and the money that follows from them (unit prices stay)
SCALED = {"quantity", "netAmount", "vatAmount", "grossAmount", "taxableAmount", "net", "vat", "gross", "payable"}
SELLERS = [
    ("UAB Saulės vėjas", "304567894", "LT100001234510"), ("UAB Baltijos logistika", "302145678", "LT100004567812"),
    ("AB Energijos tiekimas", "110054321", "LT100000543219"), ("UAB Kavos pupelės", "305512345", "LT100012345617"),
    ("MB Medžio meistrai", "304999888", None), ("UAB Biuro prekės", "123654789", "LT236547891"),
    ("Müller Industrietechnik GmbH", None, "DE811234567"), ("SIA Rīgas tirdzniecība", None, "LV40003123456"),
]


class Encoded(str):
    """A document already in JSON: the seed's engine writes it as it is (`_json`)."""


def _json(value) -> str:
    return value if isinstance(value, Encoded) else json.dumps(value)


class Variant:
    """One scaled copy of the template, its unchanging part encoded once: an invoice's JSON is
    that text with the fields that differ per invoice appended (encoding 7 KB per row was
    most of a seed's time)."""

    VARYING = {"seller", "id", "status", "mode", "jobId", "clientId", "sourceFile", "invoiceNumber", "series",
               "number", "issueDate", "dueDate", "history", "assignment", "createdAt", "updatedAt"}

    def __init__(self, doc: dict):
        self.seller, self.extraction = doc["seller"], doc.get("extraction")
        self.head = json.dumps({k: v for k, v in doc.items() if k not in self.VARYING})[:-1]

    def with_(self, varying: dict) -> Encoded:
        return Encoded(f"{self.head}, {json.dumps(varying)[1:]}")


@dataclass
class Team:
    id: str
    clients: dict[str, list[str]] = field(default_factory=dict)  # mode -> client ids
    keys: dict[str, str] = field(default_factory=dict)  # mode -> api key id
    live_jobs: int = 0


def template() -> dict:
    """A real invoice document: the fixture PDF read by the service's extraction."""
    from assets.process import process_document

    return process_document(FIXTURE.read_bytes(), "application/pdf").dto()


def _scaled(doc: dict, factor: int) -> dict:
    """Quantities and the money that follows from them times `factor`: the sums still hold."""
    def walk(value):
        if isinstance(value, dict):
            return {k: (_times(v, factor) if k in SCALED else walk(v)) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        return value

    return walk(doc)


def _times(value, factor: int):
    if value is None:
        return None
    return str(Decimal(str(value)) * factor)


def _id(prefix: str, mode: str, at: datetime) -> str:
    body = str(ULID.from_datetime(at)).lower()
    return f"{prefix}_test_{body}" if mode == Mode.TEST.value else f"{prefix}_{body}"


def make_teams(store: Store, teams: int, clients: int) -> list[Team]:
    made = []
    for n in range(teams):
        team = Team(admin.create_team(store, f"Bench team {n + 1}")["teamId"])
        for mode in Mode:
            team.clients[mode.value] = [
                admin.create_client(store, team.id, mode, f"Client {n + 1}-{c + 1} UAB")["clientId"]
                for c in range(clients)
            ]
            team.keys[mode.value] = admin.create_key(store, team.id, mode, SCOPES)["keyId"]
        made.append(team)
    return made


def rows(variants: list["Variant"], team: Team, at: datetime, rng: random.Random) -> tuple[dict, dict | None, list[dict]]:
    """One upload at `at`: its job row, its invoice row (None when it failed) and ledger rows."""
    mode = Mode.TEST.value if rng.random() < 0.15 else Mode.LIVE.value
    client_id = rng.choice(team.clients[mode]) if rng.random() < 0.8 else None
    job_id = _id("job", mode, at)
    outcome = rng.random()
    failed, held = outcome < 0.03, 0.03 <= outcome < 0.04
    finished = at + timedelta(milliseconds=rng.randint(80, 4000))
    job = dict(
        id=job_id, team_id=team.id, mode=mode, client_id=client_id, api_key_id=team.keys[mode], user_id=None,
        status="failed" if failed else "processing" if held else "completed",
        source_file=f"invoice-{rng.randint(1, 10**6):06d}.pdf", blob_key=f"{rng.getrandbits(256):064x}",
        mime_type="application/pdf", size_bytes=rng.randint(20_000, 900_000), test_scenario=None,
        invoice_id=None, error_message="The file could not be read as an invoice." if failed else None,
        attempts=1, created_at=at, updated_at=finished, started_at=at + timedelta(milliseconds=20),
        finished_at=None if held else finished, held_at=finished if held else None, file_purged_at=None,
    )
    ledger = []
    if mode == Mode.LIVE.value:
        ledger.append(dict(team_id=team.id, kind="hold", amount=1, job_id=job_id, note=None, created_at=at))
        if not held:
            kind = "release" if failed else "charge"
            ledger.append(dict(team_id=team.id, kind=kind, amount=1, job_id=job_id, note=None, created_at=finished))
    if failed:
        return job, None, ledger
    invoice_id = _id("inv", mode, finished)
    job["invoice_id"] = invoice_id
    variant = rng.choice(variants)
    seller = rng.choice(SELLERS)
    issued = at.date() - timedelta(days=rng.randint(0, 10))
    number = f"{rng.choice(['SV', 'AA', 'INV', 'PVM'])} {rng.randint(1, 999_999):06d}"
    doc = dict(
        seller={**variant.seller, "name": seller[0], "companyCode": seller[1], "vatCode": seller[2]},
        id=invoice_id, status="completed", mode=mode, jobId=job_id, clientId=client_id, sourceFile=job["source_file"],
        invoiceNumber=number, series=number.split()[0], number=number.split()[1], issueDate=issued.isoformat(),
        dueDate=(issued + timedelta(days=14)).isoformat(), history=[],
        assignment={"status": "needs_review" if held else None, "clientId": client_id, "reasonCodes": [],
                    "candidates": []},
        createdAt=_iso(finished), updatedAt=_iso(finished),
    )
    invoice = dict(
        id=invoice_id, team_id=team.id, mode=mode, client_id=client_id, job_id=job_id, status="completed",
        document=variant.with_(doc), assignment_status="needs_review" if held else None, version=1,
        duplicate_key=duplicates.key_of({**doc, "extraction": variant.extraction}), duplicate_dismissed=False,
        created_at=finished, updated_at=finished,
    )
    return job, invoice, ledger


def _iso(at: datetime) -> str:
    return at.astimezone(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def seed(database_url: str, count: int, teams: int = 8, clients: int = 25, days: int = 365,
         seed_value: int = 1, end: datetime | None = None) -> dict:
    """Write `count` uploads over the `days` days before `end` (now); returns what was written."""
    upgrade(database_url)
    store = Store(database_url)
    started = time.perf_counter()
    try:
        made = make_teams(store, teams, clients)
        rng, doc = random.Random(seed_value), template()
        variants = [Variant(_scaled(doc, factor)) for factor in range(1, 21)]
        end = end or utcnow()
        span = timedelta(days=days).total_seconds()
        # uploads at random moments, oldest first, as the store would have received them
        moments = sorted(rng.random() * span for _ in range(count))
        engine = sa.create_engine(database_url, json_serializer=_json)
        if engine.dialect.name == "sqlite":
            sa.event.listen(engine, "connect", lambda con, _: con.execute("PRAGMA synchronous=OFF"))
        written = {"jobs": 0, "invoices": 0, "ledger": 0}
        try:
            for start in range(0, count, BATCH):
                batch = [rows(variants, rng.choice(made), end - timedelta(seconds=span - s), rng)
                         for s in moments[start:start + BATCH]]
                job_rows = [b[0] for b in batch]
                invoice_rows = [b[1] for b in batch if b[1] is not None]
                ledger_rows = [r for b in batch for r in b[2]]
                with engine.begin() as conn:
                    conn.execute(jobs.insert(), job_rows)
                    if invoice_rows:
                        conn.execute(invoices.insert(), invoice_rows)
                    if ledger_rows:
                        conn.execute(credit_ledger.insert(), ledger_rows)
                written["jobs"] += len(job_rows)
                written["invoices"] += len(invoice_rows)
                written["ledger"] += len(ledger_rows)
            _grant_and_total(engine, made)
        finally:
            engine.dispose()
    finally:
        store.dispose()
    seconds = time.perf_counter() - started
    return {**written, "teams": teams, "clientsPerTeamAndMode": clients, "days": days,
            "seconds": round(seconds, 1), "uploadsPerSecond": round(count / seconds)}


def _grant_and_total(engine: sa.Engine, made: list[Team]) -> None:
    """Each team's grant covers what its jobs used, and its running total agrees with the ledger."""
    with engine.begin() as conn:
        for team in made:
            sums = dict(conn.execute(
                sa.select(credit_ledger.c.kind, sa.func.sum(credit_ledger.c.amount))
                .where(credit_ledger.c.team_id == team.id).group_by(credit_ledger.c.kind)
            ).all())
            grant = int(sums.get("hold", 0)) + 1_000
            conn.execute(credit_ledger.insert().values(team_id=team.id, kind="grant", amount=grant, job_id=None,
                                                       note="seed", created_at=utcnow()))
            held = int(sums.get("hold", 0)) - int(sums.get("charge", 0)) - int(sums.get("release", 0))
            conn.execute(credit_balances.update().where(credit_balances.c.team_id == team.id).values(
                balance=grant - int(sums.get("charge", 0)), held=held, updated_at=utcnow()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--invoices", type=int, default=1_000_000, help="uploads to write (about 97%% get an invoice)")
    parser.add_argument("--teams", type=int, default=8)
    parser.add_argument("--clients", type=int, default=25, help="clients per team and mode")
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--database-url", help="the store (default: INVOICES_DATABASE_URL or INVOICES_HOME's SQLite)")
    args = parser.parse_args()
    if args.database_url is None:
        from core.settings import load_settings

        settings = load_settings()
        settings.home.mkdir(parents=True, exist_ok=True)
        args.database_url = settings.database_url
    print(json.dumps(seed(args.database_url, args.invoices, args.teams, args.clients, args.days)))


if __name__ == "__main__":
    main()
