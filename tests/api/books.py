"""Helpers for tests of the team's books: invoices made through the real upload path and
completed through the real gate."""

from assets.rules import RULES
from core.access import admin
from core.jobs import processing
from core.modes import Mode
from tests.api.helpers import upload
from tests.exporters import cases
from tests.support.readings import reading

IDENTITY = ("id", "status", "mode", "jobId", "clientId", "sourceFile", "assignment", "createdAt", "updatedAt", "history")
BUYER = {"name": "UAB „Medžio darbai“", "company_code": "123456786", "vat_code": "LT123456715"}  # goods_services' buyer


def extracted(case: str = "goods_services") -> dict:
    return {k: v for k, v in cases.invoice(case).items() if k not in IDENTITY}


def process(world, key: str, client_id: str | None, doc: dict | None = None) -> tuple[str, str | None]:
    """Upload a file for `client_id`, read it as `doc`, run the gate; (job id, invoice id)."""
    headers = {"X-Client-Id": client_id} if client_id else {}
    resp = upload(world, key, headers=headers)
    assert resp.status_code == 202, resp.text
    job_id, store = resp.json["jobId"], world["store"]
    return job_id, processing.complete(store, processing.claim(store, job_id, 3), reading(doc or extracted()), assess=RULES.assess)


def buyer_client(world, mode: Mode = Mode.LIVE) -> str:
    return admin.create_client(world["store"], world["team"], mode, BUYER["name"], BUYER["company_code"], BUYER["vat_code"])["clientId"]
