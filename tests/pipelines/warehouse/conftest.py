"""One day of real rows for the warehouse tests, made the way partners make them: uploads
through the API app (in process, real store, broker and counter store), a parked upload
that resumes when credits arrive, the pipeline's own job runner, webhook fan-out; then the
day materialised with the warehouse's assets, checks and IO manager."""

import uuid
from dataclasses import dataclass, field
from pathlib import Path

import dagster as dg
import falcon.testing
import pytest

from api.app import create_app
from core import settings as settings_module
from core.access import admin
from core.access.auth import authenticate
from core.billing.ratelimits import Counters
from core.clock import utcnow
from core.jobs import resume
from core.modes import Mode
from core.settings import Settings
from core.store.db import Store
from core.store.migrate import upgrade
from core.webhooks import endpoints, fanout
from corpus.einvoice import cii, embed
from pipelines.resources import StoreResource, WarehouseResource
from pipelines.warehouse.assets import ASSETS
from pipelines.warehouse.checks import CHECKS
from pipelines.warehouse.io_manager import ParquetIOManager
from pipelines.warehouse.partitions import day_of
from pipelines.work import JobRunner
from schemas.webhooks import EVENT_TYPES, EndpointCreate
from tests.api.helpers import FIXTURES, PDF, multipart
from tests.assets.einvoice.samples import invoice_dto, page_pdf
from tests.support.webhooks import LOOPBACK

CANNED_BUYER = ("UAB Medžio darbai", "123456786", "LT123456715")  # also the digital PDF's buyer
SCOPES = ["invoice:read", "invoice:write", "webhook:read", "webhook:manage"]


@dataclass
class Day:
    settings: Settings
    store: Store
    key: str  # the partition: today, UTC
    keys: dict[str, str]
    jobs: dict[str, dict] = field(default_factory=dict)  # job id -> GET /jobs/{id}
    invoices: dict[str, dict] = field(default_factory=dict)  # invoice id -> GET /invoices/{id}
    parked_job: str | None = None
    materialization: dg.ExecuteInProcessResult | None = None

    @property
    def warehouse(self) -> Path:
        return self.settings.warehouse_dir

    def resources(self, root: Path | None = None) -> dict:
        warehouse = WarehouseResource(root=str(root or self.warehouse))
        return {
            "store": StoreResource(database_url=self.store.url),
            "warehouse": warehouse,
            "parquet": ParquetIOManager(warehouse=warehouse),
        }


def materialize(day: Day, root: Path | None = None) -> dg.ExecuteInProcessResult:
    """Every warehouse asset and check of the day, as the schedules run them."""
    return dg.materialize(
        [*ASSETS, *CHECKS], partition_key=day.key, resources=day.resources(root),
        selection=dg.AssetSelection.groups("warehouse"),
    )


def run_checks(day: Day, root: Path) -> dict[tuple[str, str], dg.AssetCheckEvaluation]:
    """Only the checks of the day, over what is on disk under `root` (a run tagged with the
    partition, as the UI's "execute checks" launches it)."""
    job = dg.define_asset_job("checks_only", selection=dg.AssetSelection.all_asset_checks(),
                              executor_def=dg.in_process_executor)
    defs = dg.Definitions(assets=ASSETS, asset_checks=CHECKS, jobs=[job], resources=day.resources(root))
    result = defs.resolve_job_def("checks_only").execute_in_process(tags={"dagster/partition": day.key})
    return {(e.asset_key.path[-1], e.check_name): e for e in result.get_asset_check_evaluations()}


class _Api:
    """The API app in process, answering as it answers partners."""

    def __init__(self, settings: Settings, counters: Counters):
        self.client = falcon.testing.TestClient(create_app(settings, counters=counters))

    def upload(self, key: str, files: list[tuple[str, bytes, str]], client_id: str | None = None,
               fields: dict | None = None) -> dict:
        body, content_type = multipart(
            [("file", name, ctype, data) for name, data, ctype in files]
            + [(k, None, None, v.encode()) for k, v in (fields or {}).items()]
        )
        headers = {"Authorization": f"Bearer {key}", "Content-Type": content_type}
        if client_id:
            headers["X-Client-Id"] = client_id
        path = "/external/v1/invoices" + ("/batch" if len(files) > 1 else "")
        resp = self.client.simulate_post(path, body=body, headers=headers)
        assert resp.status_code in (202, 207), resp.text
        return resp.json

    def get(self, key: str, path: str) -> dict:
        resp = self.client.simulate_get(f"/external/v1{path}", headers={"Authorization": f"Bearer {key}"})
        assert resp.status_code == 200, resp.text
        return resp.json


def _team(store: Store, name: str, credits: int) -> tuple[str, dict[str, str], dict[str, str]]:
    """A team with a key and a client (the canned buyer) per mode, and a webhook endpoint per
    mode, so every event of the team becomes a delivery."""
    team = admin.create_team(store, name)["teamId"]
    if credits:
        admin.grant_credits(store, team, credits)
    keys = {mode.value: admin.create_key(store, team, mode, SCOPES)["key"] for mode in Mode}
    clients = {mode.value: admin.create_client(store, team, mode, *CANNED_BUYER)["clientId"] for mode in Mode}
    for mode in Mode:
        principal = authenticate(store, keys[mode.value], "127.0.0.1")
        endpoints.create(store, LOOPBACK, principal, EndpointCreate(url="https://localhost:9/hook", events=list(EVENT_TYPES)))
    return team, keys, clients


def embedded_invoice_pdf() -> bytes:
    """A Factur-X PDF to the canned buyer: served from its XML, its page compared with it."""
    dto = invoice_dto()
    dto["buyer"].update(name=CANNED_BUYER[0], companyCode=CANNED_BUYER[1], vatCode=CANNED_BUYER[2])
    return embed(page_pdf(dto), cii(dto, "d16b"))


def _uploads(api: _Api, keys: dict, clients: dict, poor_key: str) -> list[tuple[str, str]]:
    """(key, job id) of the day's uploads: live PDFs and a scan (one batch), a Factur-X PDF, a
    canned test invoice, a test upload asking to fail, and a live upload of a team without
    credits."""
    png = (FIXTURES / "invoice_scan.png").read_bytes()
    live, test = keys["live"], keys["test"]
    sent = [(live, api.upload(live, [("a.pdf", PDF, "application/pdf")], clients["live"])["jobId"])]
    factur_x = api.upload(live, [("factur-x.pdf", embedded_invoice_pdf(), "application/pdf")], clients["live"])
    sent.append((live, factur_x["jobId"]))
    batch = api.upload(live, [("b.pdf", PDF, "application/pdf"), ("c.png", png, "image/png")], clients["live"])
    sent += [(live, item["jobId"]) for item in batch["results"]]
    sent.append((test, api.upload(test, [("d.pdf", PDF, "application/pdf")], clients["test"])["jobId"]))
    failing = api.upload(test, [("e.pdf", PDF, "application/pdf")], clients["test"], {"hints.testScenario": "failed"})
    sent.append((test, failing["jobId"]))
    parked = api.upload(poor_key, [("f.pdf", PDF, "application/pdf")])
    assert parked["status"] == "awaiting_credits"
    return [*sent, (poor_key, parked["jobId"])]


def _build(settings: Settings, store: Store, counters: Counters) -> Day:
    api = _Api(settings, counters)
    _, keys, clients = _team(store, "UAB Skaitykla", credits=10)
    poor, poor_keys, _ = _team(store, "UAB Tuščia kasa", credits=0)
    sent = _uploads(api, keys, clients, poor_keys["live"])
    admin.grant_credits(store, poor, 1)  # the parked upload resumes
    assert resume.resume_parked(store, settings).count == 1
    runner = JobRunner(settings, store)
    for _, job_id in sent:
        runner.run(job_id)
    fanout.fan_out(store)
    day = Day(settings, store, day_of(utcnow()), keys=keys, parked_job=sent[-1][1])
    for key, job_id in sent:
        job = day.jobs[job_id] = api.get(key, f"/jobs/{job_id}")
        if job["invoiceId"]:
            day.invoices[job["invoiceId"]] = api.get(key, f"/invoices/{job['invoiceId']}")
    return day


@pytest.fixture(scope="package")
def day(tmp_path_factory, broker_port, redis_url) -> Day:
    """The day's rows and their warehouse, built once for the package; tests that break a
    partition work on a copy."""
    home = tmp_path_factory.mktemp("warehouse-day")
    with pytest.MonkeyPatch.context() as env:
        env.setenv("INVOICES_HOME", str(home))
        env.setenv("INVOICES_BROKER_PORT", str(broker_port))
        env.delenv("KAFKA_BOOTSTRAP_SERVERS", raising=False)
        env.delenv("INVOICES_DATABASE_URL", raising=False)
        settings_module.settings.cache_clear()
        settings = settings_module.settings()
        upgrade(settings.database_url)
        store = Store(settings.database_url)
        try:
            built = _build(settings, store, Counters(redis_url, prefix=f"test-{uuid.uuid4().hex[:12]}"))
            result = materialize(built)
            assert result.success
            built.materialization = result
            yield built
        finally:
            store.dispose()
            settings_module.settings.cache_clear()
