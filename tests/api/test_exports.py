"""GET /invoices/{id}/export?format=: headers per format, and every 400/404/409 of an export."""

import pytest

from core.access import admin
from core.books import export_settings
from core.jobs import processing
from core.modes import Mode
from core.store.tables import invoices, jobs
from tests.api.helpers import assert_problem, get, upload
from tests.exporters import cases
from tests.exporters.decode import CHECKS
from tests.support.readings import reading

IDENTITY = ("id", "status", "mode", "jobId", "clientId", "sourceFile", "assignment", "createdAt", "updatedAt")

EXPECTED = {
    "rivile": ("application/zip", "SV000123_rivile_eip.zip"),
    "finvalda": ("application/xml; charset=utf-8", "SV000123_pirkimai_finvalda.xml"),
    "centas": ("application/xml; charset=utf-8", "SV000123_pirkimai_centas.xml"),
    "agnum": ("application/xml; charset=utf-8", "SV000123_pirkimai_agnum.xml"),
    "json": ("application/json; charset=utf-8", "SV000123.json"),
    "xml": ("application/xml; charset=utf-8", "SV000123_ubl.xml"),
    "cii": ("application/xml; charset=utf-8", "SV000123_cii.xml"),
}


def _complete(world, key, client_id, extracted):
    job_id = upload(world, key, headers={"X-Client-Id": client_id}).json["jobId"]
    store = world["store"]
    return job_id, processing.complete(store, processing.claim(store, job_id, 3), reading(extracted))


@pytest.fixture
def exports(world):
    store, team = world["store"], world["team"]
    scopes = ["invoice:read", "invoice:write", "invoice:export"]
    world["exporter"] = admin.create_key(store, team, Mode.LIVE, scopes)["key"]
    world["test_exporter"] = admin.create_key(store, team, Mode.TEST, scopes)["key"]
    client = admin.create_client(store, team, Mode.LIVE, "UAB „Medžio darbai“", "123456786", "LT123456715")["clientId"]
    for key, value in (("default_expense_code", "6000"), ("finvalda.warehouse", "CENTR")):
        export_settings.set_value(store, client, None, None, key, value)
    extracted = {k: v for k, v in cases.invoice("goods_services").items() if k not in IDENTITY}
    world["export_client"] = client
    world["job_id"], world["invoice_id"] = _complete(world, world["exporter"], client, extracted)
    return world


def export(world, key, invoice_id, fmt="rivile"):
    params = {"format": fmt} if fmt is not None else None
    return get(world, key, f"/external/v1/invoices/{invoice_id}/export", params=params)


@pytest.mark.parametrize("fmt", list(EXPECTED))
def test_each_format_with_its_headers(exports, fmt):
    resp = export(exports, exports["exporter"], exports["invoice_id"], fmt)
    assert resp.status_code == 200, resp.text
    content_type, filename = EXPECTED[fmt]
    assert resp.headers["content-type"] == content_type
    assert resp.headers["content-disposition"] == f'attachment; filename="{filename}"'
    dto = get(exports, exports["exporter"], f"/external/v1/invoices/{exports['invoice_id']}").json
    CHECKS[fmt](resp.content, dto)


@pytest.mark.parametrize("fmt", [None, "", "excel", "RIVILE"])
def test_missing_or_unknown_format_is_400(exports, fmt):
    body = assert_problem(export(exports, exports["exporter"], exports["invoice_id"], fmt), 400, "export.invalid_format")
    assert "rivile, finvalda, centas, agnum, json, xml, cii" in body["detail"]


def test_scope_invoice_export_is_required(exports):
    assert_problem(export(exports, exports["live"], exports["invoice_id"]), 403, "auth.insufficient_scope")


def test_unknown_invoice_and_the_other_mode_are_404(exports):
    assert_problem(export(exports, exports["exporter"], "inv_01nothinghere0000000000000"), 404, "invoice.not_found")
    # a test-mode key cannot export a live invoice, not even learn that it exists, in any format
    for fmt in EXPECTED:
        assert_problem(export(exports, exports["test_exporter"], exports["invoice_id"], fmt), 404, "invoice.not_found")


def test_invoice_being_reprocessed_is_not_ready(exports):
    invoice_id = exports["invoice_id"]
    resp = exports["client"].simulate_post(f"/external/v1/invoices/{invoice_id}/reprocess",
                                           headers={"Authorization": f"Bearer {exports['exporter']}"})
    assert resp.status_code == 202, resp.text
    assert_problem(export(exports, exports["exporter"], invoice_id, "json"), 409, "invoice.not_ready_for_export")


def test_job_running_again_is_not_ready_even_if_the_row_says_completed(exports):
    with exports["store"].write() as conn:
        conn.execute(jobs.update().where(jobs.c.id == exports["job_id"]).values(status="processing"))
    assert_problem(export(exports, exports["exporter"], exports["invoice_id"]), 409, "invoice.not_ready_for_export")


def test_failed_invoice_is_unavailable(exports):
    # An invoice row whose processing failed (rows created before processing, interface.md 3.2).
    with exports["store"].write() as conn:
        conn.execute(invoices.update().where(invoices.c.id == exports["invoice_id"]).values(status="failed"))
        conn.execute(jobs.update().where(jobs.c.id == exports["job_id"]).values(status="failed", error_message="unreadable scan"))
    body = assert_problem(export(exports, exports["exporter"], exports["invoice_id"]), 409, "invoice.export_unavailable_failed")
    assert "unreadable scan" in body["detail"]


def test_failed_reprocess_keeps_the_previous_invoice_exportable(exports):
    with exports["store"].write() as conn:
        conn.execute(jobs.update().where(jobs.c.id == exports["job_id"]).values(status="failed"))
    assert export(exports, exports["exporter"], exports["invoice_id"], "json").status_code == 200


def test_preprocessing_refusal_names_the_reason(exports):
    export_settings.unset_value(exports["store"], exports["export_client"], None, None, "default_expense_code")
    body = assert_problem(export(exports, exports["exporter"], exports["invoice_id"], "rivile"), 409,
                          "invoice.export_unavailable_preprocessing")
    assert "line 1 ('Saulės modulis 410 W', item code SM-410) maps to no accounting code" in body["detail"]
    # formats that need no accounting codes still export
    assert export(exports, exports["exporter"], exports["invoice_id"], "xml").status_code == 200
    assert export(exports, exports["exporter"], exports["invoice_id"], "json").status_code == 200


def test_unresolved_currency_rate_is_409(exports):
    extracted = {k: v for k, v in cases.invoice("foreign_currency").items() if k not in IDENTITY}
    _, invoice_id = _complete(exports, exports["exporter"], exports["export_client"], extracted)
    body = assert_problem(export(exports, exports["exporter"], invoice_id, "finvalda"), 409,
                          "invoice.export_unavailable_preprocessing")
    assert "no USD rate to EUR" in body["detail"]


def test_summary_line_without_code_is_409(exports):
    export_settings.unset_value(exports["store"], exports["export_client"], None, None, "default_expense_code")
    extracted = {k: v for k, v in cases.invoice("summary_only").items() if k not in IDENTITY}
    _, invoice_id = _complete(exports, exports["exporter"], exports["export_client"], extracted)
    body = assert_problem(export(exports, exports["exporter"], invoice_id, "agnum"), 409,
                          "invoice.export_unavailable_preprocessing")
    assert "summary line" in body["detail"]


@pytest.mark.parametrize(("fmt", "rule"), [("xml", "BR-CL-14"), ("cii", "FX-SCH-A-000568")])
def test_a_file_breaking_an_en16931_rule_is_409_naming_the_rule(exports, fmt, rule):
    extracted = {k: v for k, v in cases.invoice("goods_services").items() if k not in IDENTITY}
    extracted["buyer"] = {**extracted["buyer"], "vatCode": "GB123456789",
                          "address": {**extracted["buyer"]["address"], "country": "UK"}}
    _, invoice_id = _complete(exports, exports["exporter"], exports["export_client"], extracted)
    body = assert_problem(export(exports, exports["exporter"], invoice_id, fmt), 409,
                          "invoice.export_unavailable_preprocessing")
    assert f"would break EN 16931 rules {rule} (" in body["detail"]
