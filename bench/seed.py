"""A realistic large store, written fast: `python -m bench.seed --invoices 1000000`.

What the benchmark on a large store needs to be honest about indexes and query plans:
several teams, each with clients in both modes, keys and a member who uploads in the
dashboard; a year of days; uploads that mostly completed (an invoice each), some that
failed, some held for client review (the last `review_days` still waiting, older ones
approved); and every row the real flow writes with them, at the moments it writes them:
- the job, its upload message in the outbox (published to a partition and offset, and
  consumed: the committed offsets are past it) and, as
  the pipeline ends it, its event (`invoice.processed`, `invoice.failed`,
  `invoice.review_required`, the envelope carrying the whole invoice as the service's
  does), fanned out by the webhook dispatcher;
- the credit ledger's hold and charge (or release) of every live job, and the teams'
  running totals;
- retention as the daily sweep leaves it: jobs terminal for longer than `jobs_days` are
  gone (their invoices, ledger and outbox rows stay), files of jobs terminal for longer
  than `files_days` purged.

Every invoice document starts from a real one (the fixture PDF, read once by the service's
own extraction) and is varied: number, dates, seller, client and amounts (quantities and
money times a whole factor, so the arithmetic of lines, VAT and totals still holds). Ids
carry their row's creation time (ULIDs), as the service's own ids do, so "newest first"
and cursors walk the B-trees as they would in production.

`only` keeps the uploads of some stretches of days and drops the rest at the same daily
rate: the benchmark's near-empty store is the million's recent days without its history.

Teams, clients, keys and members are made through the admin functions (one row each); the
million rows go in as multi-row INSERTs of a few thousand at a time, one transaction per
batch (on SQLite without a journal and with `synchronous=OFF`: a seed that fails is thrown
away, not recovered; the store is back in WAL mode when it is done).
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

from core.access import admin, members
from core.books import duplicates
from core.clock import utcnow
from core.modes import Mode
from core.settings import RetentionSettings
from core.store.db import Store
from core.store.migrate import upgrade
from core.store.tables import consumer_offsets, credit_balances, credit_ledger, invoices, jobs, outbox

FIXTURE = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "invoice_digital.pdf"
BATCH = 2_000
SCOPES = ["invoice:read", "invoice:write", "invoice:export"]
UPLOADS_TOPIC = "invoices.uploads"
PARTITIONS = 4
MEMBER_SHARE = 0.1  # uploads made by a member in the dashboard (source ui, jobs.user_id)
# quantities and the money that follows from them (unit prices stay)
SCALED = {"quantity", "netAmount", "vatAmount", "grossAmount", "taxableAmount", "net", "vat", "gross", "payable"}
SELLERS = [
    ("UAB Saulės vėjas", "304567894", "LT100001234510"), ("UAB Baltijos logistika", "302145678", "LT100004567812"),
    ("AB Energijos tiekimas", "110054321", "LT100000543219"), ("UAB Kavos pupelės", "305512345", "LT100012345617"),
    ("MB Medžio meistrai", "304999888", None), ("UAB Biuro prekės", "123654789", "LT236547891"),
    ("Müller Industrietechnik GmbH", None, "DE811234567"), ("SIA Rīgas tirdzniecība", None, "LV40003123456"),
]
FAILED_MESSAGE = "The file could not be read as an invoice."


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
    member: str | None = None  # the member who uploads in the dashboard


@dataclass
class Shape:
    """When the rows of one upload are written and what retention has left of them."""

    end: datetime
    retention: RetentionSettings
    review_days: float = 14.0
    offsets: list[int] = field(default_factory=lambda: [0] * PARTITIONS)
    rng: random.Random = field(default_factory=lambda: random.Random(0))

    def kept(self, finished: datetime | None) -> bool:
        """A job still in the store at `end`: not terminal, or terminal within jobs_days."""
        return finished is None or finished >= self.end - timedelta(days=self.retention.jobs_days)

    def purged(self, finished: datetime | None) -> datetime | None:
        if finished is None or finished >= self.end - timedelta(days=self.retention.files_days):
            return None
        return finished + timedelta(days=self.retention.files_days)

    def landed(self) -> tuple[int, int]:
        partition = self.rng.randrange(PARTITIONS)
        self.offsets[partition] += 1
        return partition, self.offsets[partition] - 1


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
        team.member = members.create(store, team.id, f"member{n + 1}@bench.invalid")["userId"]
        made.append(team)
    return made


def _event(event_type: str, at: datetime, job: dict, data: Encoded) -> dict:
    """An event row as core.outbox.add_event writes it, fanned out a moment later."""
    event_id = _id("evt", Mode.LIVE.value, at)
    envelope = Encoded(f'{{"id": "{event_id}", "type": "{event_type}", "apiVersion": "v1", '
                       f'"createdAt": "{_iso(at)}", "data": {data}}}')
    return dict(kind="event", topic=None, key=None, event_id=event_id, event_type=event_type, team_id=job["team_id"],
                mode=job["mode"], job_id=job["id"], payload=envelope, created_at=at, published_at=None,
                partition=None, offset=None, source="ui" if job["user_id"] else "api",
                api_key_id=job["api_key_id"], user_id=job["user_id"], fanned_out_at=at + timedelta(milliseconds=40))


def _upload_message(shape: Shape, job: dict) -> dict:
    """The upload's Kafka message as admission writes it, published at once."""
    message = {"jobId": job["id"], "teamId": job["team_id"], "mode": job["mode"], "blob": job["blob_key"],
               "submittedAt": _iso(job["created_at"])}
    partition, offset = shape.landed()
    return dict(kind="kafka", topic=UPLOADS_TOPIC, key=job["id"], event_id=None, event_type=None, team_id=None,
                mode=None, job_id=job["id"], payload=message, created_at=job["created_at"],
                published_at=job["created_at"] + timedelta(milliseconds=5), partition=partition, offset=offset,
                source=None, api_key_id=None, user_id=None, fanned_out_at=None)


def _drawn(made: list[Team], seed_value: int, n: int) -> tuple[Team, random.Random]:
    """The team of the `n`th upload and the generator of the rest of its rows."""
    rng = random.Random((seed_value << 32) + n)
    return rng.choice(made), rng


def rows(variants: list[Variant], shape: Shape, team: Team, rng: random.Random,
         at: datetime) -> tuple[dict | None, dict | None, list[dict], list[dict]]:
    """One upload at `at`: its job row (None when retention deleted it), its invoice row
    (None when it failed), its ledger rows and its outbox rows."""
    mode = Mode.TEST.value if rng.random() < 0.15 else Mode.LIVE.value
    client_id = rng.choice(team.clients[mode]) if rng.random() < 0.8 else None
    by_member = rng.random() < MEMBER_SHARE
    job_id = _id("job", mode, at)
    outcome = rng.random()
    failed, held = outcome < 0.03, 0.03 <= outcome < 0.04
    read = at + timedelta(milliseconds=rng.randint(80, 4000))
    # a review older than review_days was approved by a person some hours after the hold
    waiting = held and read >= shape.end - timedelta(days=shape.review_days)
    resolved = read + timedelta(seconds=rng.randint(600, 2 * 86_400)) if held and not waiting else None
    if resolved is not None and resolved > shape.end:
        resolved, waiting = None, True
    finished = None if waiting else resolved or read
    job = dict(
        id=job_id, team_id=team.id, mode=mode, client_id=client_id,
        api_key_id=None if by_member else team.keys[mode], user_id=team.member if by_member else None,
        status="failed" if failed else "processing" if waiting else "completed",
        source_file=f"invoice-{rng.randint(1, 10**6):06d}.pdf", blob_key=f"{rng.getrandbits(256):064x}",
        mime_type="application/pdf", size_bytes=rng.randint(20_000, 900_000), test_scenario=None,
        invoice_id=None, error_message=FAILED_MESSAGE if failed else None,
        attempts=1, created_at=at, updated_at=finished or read, started_at=at + timedelta(milliseconds=20),
        finished_at=finished, held_at=read if waiting else None, file_purged_at=shape.purged(finished),
    )
    ledger, events = [], [_upload_message(shape, job)]
    if mode == Mode.LIVE.value:
        ledger.append(dict(team_id=team.id, kind="hold", amount=1, job_id=job_id, note=None, created_at=at))
        if finished is not None:
            kind = "release" if failed else "charge"
            ledger.append(dict(team_id=team.id, kind=kind, amount=1, job_id=job_id, note=None, created_at=finished))
    kept = job if shape.kept(finished) else None
    if failed:
        data = {"job": {"id": job_id, "status": "failed", "sourceFile": job["source_file"],
                        "createdAt": _iso(at), "error": {"message": FAILED_MESSAGE}}}
        events.append(_event("invoice.failed", read, job, Encoded(json.dumps(data))))
        return kept, None, ledger, events
    invoice_id = _id("inv", mode, read)
    job["invoice_id"] = invoice_id
    variant = rng.choice(variants)
    seller = rng.choice(SELLERS)
    issued = at.date() - timedelta(days=rng.randint(0, 10))
    number = f"{rng.choice(['SV', 'AA', 'INV', 'PVM'])} {rng.randint(1, 999_999):06d}"
    assignment = {"status": None, "clientId": client_id, "reasonCodes": [], "candidates": []}
    doc = dict(
        seller={**variant.seller, "name": seller[0], "companyCode": seller[1], "vatCode": seller[2]},
        id=invoice_id, status="completed", mode=mode, jobId=job_id, clientId=client_id, sourceFile=job["source_file"],
        invoiceNumber=number, series=number.split()[0], number=number.split()[1], issueDate=issued.isoformat(),
        dueDate=(issued + timedelta(days=14)).isoformat(), history=[], assignment=assignment,
        createdAt=_iso(read), updatedAt=_iso(read),
    )
    if held:
        # held for review: the document as hold() saved it, and its event
        assignment.update(status="needs_review", reasonCodes=["client_not_party"])
        doc["status"] = "processing"
        events.append(_event("invoice.review_required", read, job, _invoice_data(variant.with_(doc))))
    if resolved is not None:
        assignment.update(status="confirmed", reasonCodes=[], resolution={
            "action": "approve", "clientId": client_id, "source": "ui", "at": _iso(resolved)})
        doc.update(status="completed", updatedAt=_iso(resolved))
    document = variant.with_(doc)
    if finished is not None:
        events.append(_event("invoice.processed", finished, job, _invoice_data(document)))
    invoice = dict(
        id=invoice_id, team_id=team.id, mode=mode, client_id=client_id, job_id=job_id, status=doc["status"],
        document=document, assignment_status=assignment["status"], version=2 if resolved else 1,
        duplicate_key=duplicates.key_of({**doc, "extraction": variant.extraction}), duplicate_dismissed=False,
        created_at=read, updated_at=finished or read,
    )
    return kept, invoice, ledger, events


def _invoice_data(document: Encoded) -> Encoded:
    return Encoded(f'{{"invoice": {document}}}')


def _iso(at: datetime) -> str:
    return at.astimezone(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def seed(database_url: str, count: int, teams: int = 8, clients: int = 25, days: int = 365,
         seed_value: int = 1, end: datetime | None = None, only: list[tuple[datetime, datetime]] | None = None,
         retention: RetentionSettings | None = None, review_days: float = 14.0) -> dict:
    """Write `count` uploads over the `days` days before `end` (now), or only those of them
    that fall in one of the stretches `only` [from, to); returns what was written."""
    upgrade(database_url)
    store = Store(database_url)
    started = time.perf_counter()
    try:
        made = make_teams(store, teams, clients)
        rng, doc = random.Random(seed_value), template()
        variants = [Variant(_scaled(doc, factor)) for factor in range(1, 21)]
        end = end or utcnow()
        shape = Shape(end, retention or RetentionSettings(), review_days)
        span = timedelta(days=days).total_seconds()
        # uploads at random moments, oldest first, as the store would have received them; each
        # upload draws from a generator of its own, so a store seeded `only` some days holds
        # the very uploads (team, client, outcome) that the whole year holds on those days
        moments = list(enumerate(end - timedelta(seconds=span - s) for s in sorted(rng.random() * span for _ in range(count))))
        if only is not None:
            moments = [(n, at) for n, at in moments if any(start <= at < stop for start, stop in only)]
        engine = sa.create_engine(database_url, json_serializer=_json)
        if engine.dialect.name == "sqlite":
            store.dispose()  # the seed's engine is the only connection: no journal while it writes
            sa.event.listen(engine, "connect", _unjournaled)
        written = {"uploads": len(moments), "jobs": 0, "invoices": 0, "ledger": 0, "outbox": 0}
        try:
            for start in range(0, len(moments), BATCH):
                batch = [rows(variants, shape, *_drawn(made, seed_value, n), at)
                         for n, at in moments[start:start + BATCH]]
                job_rows = [b[0] for b in batch if b[0] is not None]
                invoice_rows = [b[1] for b in batch if b[1] is not None]
                ledger_rows = [r for b in batch for r in b[2]]
                outbox_rows = [r for b in batch for r in b[3]]
                with engine.begin() as conn:
                    for table, table_rows in ((jobs, job_rows), (invoices, invoice_rows),
                                              (credit_ledger, ledger_rows), (outbox, outbox_rows)):
                        if table_rows:
                            conn.execute(table.insert(), table_rows)
                written["jobs"] += len(job_rows)
                written["invoices"] += len(invoice_rows)
                written["ledger"] += len(ledger_rows)
                written["outbox"] += len(outbox_rows)
            _grant_and_total(engine, made)
            with engine.begin() as conn:  # the stream runs have consumed every message
                conn.execute(consumer_offsets.insert(), [
                    dict(topic=UPLOADS_TOPIC, partition=p, next_offset=n, topic_id=None, updated_at=end)
                    for p, n in enumerate(shape.offsets)])
            if engine.dialect.name == "sqlite":
                with engine.connect() as conn:
                    conn.exec_driver_sql("PRAGMA journal_mode=WAL")
        finally:
            engine.dispose()
    finally:
        store.dispose()
    seconds = time.perf_counter() - started
    return {**written, "teams": teams, "clientsPerTeamAndMode": clients, "days": days, "end": _iso(end),
            "seconds": round(seconds, 1), "uploadsPerSecond": round(len(moments) / seconds) if moments else 0}


def _unjournaled(con, _record) -> None:
    con.execute("PRAGMA journal_mode=OFF")
    con.execute("PRAGMA synchronous=OFF")
    con.execute("PRAGMA cache_size=-262144")


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
