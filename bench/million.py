"""The store at a million invoices against an empty one (`python -m bench.run --only million`).

Two stores are seeded by `bench.seed` with the same teams, clients and daily rate of uploads:
- `million`: a year of uploads (`--million-invoices`, a million by default), as retention
  leaves them (invoices, ledger and outbox kept; jobs and files of the last 30 days);
- `empty`: only the days the measured requests read (the last fourteen, and the day the
  retention sweep removes) and none of the year's history, so both answer full pages and
  the day's refresh and sweep do the same work on both; what differs is the history
  around it.

Both are SQLite files, or (`--store postgres`) two databases of one throw-away PostgreSQL
cluster, vacuumed and analysed after the seed as autovacuum would soon do.
Each store gets its own API (gunicorn, two workers, the counter store), both running at
once, and every request goes to the empty store and then to the million, turn about, so
the load of a shared machine falls on both alike; the ratio million / empty of the
median latency is the figure (targets: ≤ 1.5 on every route, p99 < 50 ms for the
single-resource GETs). Measured, with a live key of one team (and a member's dashboard
session for the dashboard pages):
- `GET /jobs/{id}`, `GET /invoices/{id}`, `GET /invoices/{id}/export?format=json` for
  random ids of the store (jobs: those retention kept; invoices: the whole year);
- the invoice list: the first page, `status=completed` walked ten pages by its cursors,
  `assignment=needs_review`, and the dashboard's list of a client over an issue-date week;
- the dashboard's period export of a client's week (JSON), its review queue and its
  recent uploads (the jobs of members);
- the queries of a reconciler pass (unpublished messages, lost uploads), in this process;
- a day's warehouse refresh (`invoices warehouse refresh`, the definitions loaded and the
  day materialised in a process of its own, as each Dagster run is);
- the retention sweep of the next day (`core.jobs.retention.sweep_all`), once per store.
"""

import json
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from datetime import datetime, timedelta, timezone
from pathlib import Path

import requests
import sqlalchemy as sa

from bench import seed as seeding
from bench.stats import percentile
from core import outbox
from core.access import admin, members
from core.billing import plans
from core.blobs import open_blobs
from core.jobs import retention
from core.modes import Mode
from core.settings import RetentionSettings
from core.store.db import Store
from core.store.tables import clients, invoices, jobs, teams
from tests.support.processes import wait_for_port
from tests.support.stack import Stack

TARGETS = {"million_ratio": 1.5, "million_single_get_p99_ms": 50}
SINGLE = ("get_job", "get_invoice")  # the single-resource GETs the p99 target is for
RECENT_DAYS = 14  # the seed's review_days: both stores hold the same invoices waiting for review
PASSWORD = "bench million password"
_CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def empty_days(end: datetime, keep: RetentionSettings) -> list[tuple[datetime, datetime]]:
    """The stretches the empty store keeps: the recent days, and those around the day that
    the sweep at `end` + 1 day removes."""
    gone = end + timedelta(days=1) - timedelta(days=keep.jobs_days)
    return [(gone - timedelta(days=2), gone + timedelta(days=1)), (end - timedelta(days=RECENT_DAYS), end)]


class Side:
    """One seeded store with its own API, and what the requests ask for."""

    def __init__(self, name: str, home: Path, count: int, end: datetime, only, url: str | None = None):
        self.name, self.home, self.end = name, home, end
        self.url = url or f"sqlite:///{home / 'store.db'}"
        home.mkdir(parents=True, exist_ok=True)
        self.seeded = seeding.seed(self.url, count, end=end, only=only)
        if not self.url.startswith("sqlite"):
            _analyze(self.url)
        self.store = Store(self.url)
        self.stack = Stack(home, INVOICES_DATABASE_URL=self.url, INVOICES_AUTH_CACHE_S="1")
        self.http = requests.Session()
        self.dashboard = requests.Session()

    # --- set-up -------------------------------------------------------------------------
    def start(self) -> None:
        self.stack.init()
        if self.stack.redis is not None:
            self.stack.redis.start()
            wait_for_port(self.stack.redis_port, 20, self.stack.redis.proc)
        self.stack.start_api()

    def stop(self) -> None:
        self.stack.stop()
        self.store.dispose()

    def prepare(self, rng: random.Random, samples: int) -> None:
        """A live key and a member of the first team, no rate limit in the way, and the ids,
        client and week the requests ask for."""
        with self.store.read() as conn:
            self.team = conn.execute(sa.select(teams.c.id).where(teams.c.name == "Bench team 1")).scalar_one()
            live = (jobs.c.team_id == self.team) & (jobs.c.mode == Mode.LIVE.value)
            job_ids = conn.execute(sa.select(jobs.c.id).where(live)).scalars().all()
            invoice_ids, statuses = zip(*conn.execute(sa.select(invoices.c.id, invoices.c.status).where(
                invoices.c.team_id == self.team, invoices.c.mode == Mode.LIVE.value)).all())
            # the client with most invoices of the week (the same one on both stores: they hold
            # the same uploads of those days, under ids of their own)
            self.client = conn.execute(
                sa.select(invoices.c.client_id, sa.func.count())
                .select_from(invoices.join(clients, clients.c.id == invoices.c.client_id))
                .where(invoices.c.team_id == self.team, invoices.c.mode == Mode.LIVE.value,
                       invoices.c.created_at >= self.end - timedelta(days=7))
                .group_by(invoices.c.client_id, clients.c.name).order_by(sa.func.count().desc(), clients.c.name).limit(1)
            ).scalar()
        self.job_ids = rng.sample(job_ids, min(samples, len(job_ids)))
        self.invoice_ids = rng.sample(invoice_ids, min(samples, len(invoice_ids)))
        completed = [i for i, status in zip(invoice_ids, statuses) if status == "completed"]  # exportable
        self.export_ids = rng.sample(completed, min(samples, len(completed)))
        key = admin.create_key(self.store, self.team, Mode.LIVE, seeding.SCOPES)["key"]
        self.http.headers["Authorization"] = f"Bearer {key}"
        plans.set_plan(self.store, self.team, requests_per_minute=10_000_000, requests_per_hour=100_000_000)
        email = f"reader-{self.name}@bench.invalid"
        members.create(self.store, self.team, email, members.ADMIN, PASSWORD)
        self._login(email)

    def _login(self, email: str) -> None:
        page = self.dashboard.get(f"{self.origin}/app/login", timeout=30)
        token = _CSRF.search(page.text).group(1)
        done = self.dashboard.post(f"{self.origin}/app/login", data={"email": email, "password": PASSWORD,
                                                                     "csrf_token": token},
                                   allow_redirects=False, timeout=30)
        if done.status_code != 303:
            raise RuntimeError(f"{self.name}: the member's login answered {done.status_code}: {done.text[:300]}")

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.stack.api_port}"

    # --- requests ------------------------------------------------------------------------
    def api(self, path: str, params: dict | None = None) -> requests.Response:
        return self._ok(self.http.get(f"{self.stack.base}{path}", params=params, timeout=60))

    def page(self, path: str, params: dict | None = None) -> requests.Response:
        return self._ok(self.dashboard.get(f"{self.origin}{path}", params=params, timeout=60, allow_redirects=False))

    def _ok(self, resp: requests.Response) -> requests.Response:
        if resp.status_code != 200:
            raise RuntimeError(f"{self.name}: {resp.request.method} {resp.url} answered {resp.status_code}: "
                               f"{resp.text[:300]}\n{self.stack.logs_tail()}")
        return resp

    def reconcile_queries(self) -> None:
        """What a reconciler pass asks the store: messages left unpublished, and unclaimed
        jobs whose message lies behind the committed offset."""
        with self.store.read() as conn:
            outbox.pending_kafka(conn, 0)
            outbox.lost_uploads(conn, seeding.UPLOADS_TOPIC)

    def week(self) -> dict:
        day = (self.end - timedelta(days=1)).date()
        return {"client": self.client, "from": (day - timedelta(days=6)).isoformat(), "to": day.isoformat()}


def _routes(requests_per_route: int) -> dict[str, tuple[int, Callable[[Side, int], object]]]:
    """Route name -> (requests, one request of a side, numbered)."""
    few = max(5, requests_per_route // 2)

    def cursor_walk(side: Side, n: int) -> None:
        params = {"status": "completed", "limit": "50"}
        if n % 10:
            params["cursor"] = side.cursor
        side.cursor = side.api("/invoices", params).json()["nextCursor"]

    return {
        "get_job": (requests_per_route, lambda side, n: side.api(f"/jobs/{side.job_ids[n % len(side.job_ids)]}")),
        "get_invoice": (requests_per_route,
                        lambda side, n: side.api(f"/invoices/{side.invoice_ids[n % len(side.invoice_ids)]}")),
        "export_invoice_json": (few, lambda side, n: side.api(
            f"/invoices/{side.export_ids[n % len(side.export_ids)]}/export", {"format": "json"})),
        "invoice_list_first_page": (few, lambda side, n: side.api("/invoices", {"limit": "50"})),
        "invoice_list_completed_cursor": (few, cursor_walk),
        "invoice_list_needs_review": (few, lambda side, n: side.api(
            "/invoices", {"assignment": "needs_review", "limit": "50"})),
        "dashboard_list_client_week": (few, lambda side, n: side.page("/app/invoices", side.week())),
        "dashboard_period_export_week": (few, lambda side, n: side.page(
            "/app/exports/download", {"format": "json", **side.week()})),
        "dashboard_review_queue": (few, lambda side, n: side.page("/app/review")),
        "dashboard_recent_uploads": (few, lambda side, n: side.page("/app/upload/recent")),
        "reconcile_pass_queries": (few, lambda side, n: side.reconcile_queries()),
    }


def _timed(one: Callable[[Side, int], object], side: Side, n: int) -> float:
    t0 = time.perf_counter()
    one(side, n)
    return time.perf_counter() - t0


def _figures(seconds: list[float]) -> dict:
    ms = [s * 1000 for s in seconds]
    return {"n": len(ms), "p50_ms": round(statistics.median(ms), 2), "p95_ms": round(percentile(ms, 0.95), 2),
            "p99_ms": round(percentile(ms, 0.99), 2)}


def _refresh(side: Side, day: str) -> dict:
    """A day's warehouse refresh in a process of its own: loading the definitions (which
    finds the store's first day) and materialising the day."""
    env = {**side.stack.env, "INVOICES_DATABASE_URL": side.url}
    out = subprocess.run([sys.executable, "-m", "bench.million", "--refresh", day], env=env, cwd=Path(__file__).parents[1],
                         capture_output=True, text=True, timeout=1800, check=False)
    if out.returncode != 0:
        raise RuntimeError(f"{side.name}: the refresh of {day} failed:\n{out.stdout[-2000:]}\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def _refresh_in_this_process(day: str) -> None:
    t0 = time.perf_counter()
    from core.settings import load_settings
    from pipelines.warehouse.refresh import refresh_day

    loaded = time.perf_counter()
    result = refresh_day(day, load_settings().home / "dagster")
    done = time.perf_counter()
    if not result["success"]:
        raise SystemExit(f"the refresh of {day} did not succeed: {result}")
    print(json.dumps({"load_s": round(loaded - t0, 3), "refresh_s": round(done - loaded, 3),
                      "rows": result["rows"], "checks": result["checks"]}))


def _sweep(side: Side) -> dict:
    """The retention sweep a day after the seed's end, timed."""
    blobs = open_blobs(side.home / "blobs")
    t0 = time.perf_counter()
    swept = retention.sweep_all(side.store, blobs, side.end + timedelta(days=1), RetentionSettings())
    return {"seconds": round(time.perf_counter() - t0, 3), "swept": swept}


def _analyze(url: str) -> None:
    """PostgreSQL's statistics and visibility map of the freshly seeded tables, as autovacuum
    leaves them soon after such a load: without them the planner guesses at empty tables and
    prices every index-only scan as if it read the table too."""
    engine = sa.create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            conn.exec_driver_sql("VACUUM ANALYZE")
    finally:
        engine.dispose()


def _databases(kind: str, stack: ExitStack) -> dict[str, str | None]:
    """Each side's store: a SQLite file in its home (None), or a database of its own on one
    throw-away PostgreSQL cluster."""
    if kind == "sqlite":
        return {"empty": None, "million": None}
    from tests.support.postgres import TemporaryCluster

    server = stack.enter_context(TemporaryCluster())
    admin_engine = sa.create_engine(server, isolation_level="AUTOCOMMIT")
    with admin_engine.connect() as conn:
        for name in ("empty", "million"):
            conn.execute(sa.text(f'CREATE DATABASE "bench_{name}"'))
    admin_engine.dispose()
    return {name: sa.make_url(server).set(database=f"bench_{name}").render_as_string(hide_password=False)
            for name in ("empty", "million")}


def measure(count: int, requests_per_route: int = 200, refreshes: int = 3, seed_value: int = 1,
            store: str = "sqlite") -> dict:
    """Seed both stores (SQLite files, or databases of one PostgreSQL cluster), start their
    APIs, measure every route turn about; the report."""
    end = datetime.now(timezone.utc).replace(microsecond=0)
    rng = random.Random(seed_value)
    with tempfile.TemporaryDirectory(prefix="invoices-bench-million-") as tmp, ExitStack() as stack:
        urls = _databases(store, stack)
        sides = []
        for name, only in (("empty", empty_days(end, RetentionSettings())), ("million", None)):
            side = Side(name, Path(tmp) / name, count, end, only, urls[name])
            sides.append(side)
            stack.callback(side.stop)
            side.start()
            side.prepare(rng, requests_per_route)
        report: dict = {"store": store, "invoices": count, "end": seeding._iso(end),
                        "seeded": {side.name: side.seeded for side in sides}, "routes": {}}
        for route, (n, one) in _routes(requests_per_route).items():
            for side in sides:  # warm both: the first requests load the code and open connections
                for i in range(3):
                    one(side, i)
            times: dict[str, list[float]] = {side.name: [] for side in sides}
            for i in range(n):
                for side in (sides if i % 2 == 0 else sides[::-1]):
                    times[side.name].append(_timed(one, side, i))
            report["routes"][route] = _compare(times)
            print(f"{route}: {report['routes'][route]}", file=sys.stderr, flush=True)
        day = (end - timedelta(days=1)).date().isoformat()
        runs: dict[str, list[dict]] = {side.name: [] for side in sides}
        for _ in range(refreshes):
            for side in sides:
                runs[side.name].append(_refresh(side, day))
        best = {name: min(r["load_s"] + r["refresh_s"] for r in done) for name, done in runs.items()}
        report["routes"]["warehouse_refresh_day"] = {
            "day": day, "empty_s": round(best["empty"], 3), "million_s": round(best["million"], 3),
            "ratio": round(best["million"] / best["empty"], 3),
            "runs": {name: [{"load_s": r["load_s"], "refresh_s": r["refresh_s"]} for r in done]
                     for name, done in runs.items()},
            "rows": {name: done[-1]["rows"] for name, done in runs.items()},
            "checks": {name: sorted({state for r in done for state in r["checks"].values()}) for name, done in runs.items()},
        }
        sweeps = {side.name: _sweep(side) for side in sides}
        report["routes"]["retention_sweep_day"] = {
            "empty_s": sweeps["empty"]["seconds"], "million_s": sweeps["million"]["seconds"],
            "ratio": round(sweeps["million"]["seconds"] / max(sweeps["empty"]["seconds"], 1e-6), 3),
            "swept": {name: s["swept"] for name, s in sweeps.items()},
        }
    report["meets"] = meets(report)
    report["overRatio"] = sorted(name for name, r in report["routes"].items() if r["ratio"] > TARGETS["million_ratio"])
    return report


def _compare(times: dict[str, list[float]]) -> dict:
    empty, million = _figures(times["empty"]), _figures(times["million"])
    return {"empty": empty, "million": million, "ratio": round(million["p50_ms"] / empty["p50_ms"], 3)}


def meets(report: dict) -> dict:
    routes = report["routes"]
    return {
        "million_every_route_within_ratio": all(r["ratio"] <= TARGETS["million_ratio"] for r in routes.values()),
        "million_single_get_p99_ms": all(routes[name]["million"]["p99_ms"] < TARGETS["million_single_get_p99_ms"]
                                         for name in SINGLE if name in routes),
    }


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--refresh", metavar="DAY", help="(internal) time one day's warehouse refresh here")
    parser.add_argument("--invoices", type=int, default=1_000_000)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--store", choices=["sqlite", "postgres"], default="sqlite")
    args = parser.parse_args()
    if args.refresh:
        _refresh_in_this_process(args.refresh)
        return
    print(json.dumps(measure(args.invoices, args.requests, store=args.store), indent=2))


if __name__ == "__main__":
    main()
