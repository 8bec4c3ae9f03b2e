"""`invoices isaf export`: a client's month read from a real store, written as files, and
reported as one JSON object with the invoices left out and why."""

import json
from datetime import date
from decimal import Decimal

import pytest
from click.testing import CliRunner

from cli.isaf import isaf_group
from core.access import admin
from core.clock import utcnow
from core.modes import Mode
from core.store.db import Store
from core.store.tables import currency_rates as rates_table, invoices
from exporters import isaf
from tests.exporters.test_isaf import month_sources


def seed(store: Store, team: str, client_id: str, status: str = "completed", mode: str = "live") -> list[dict]:
    """The October month of tests/exporters/test_isaf.py as the client's invoice rows (ids
    of another mode than live get the mode's suffix, so both modes can hold the month)."""
    documents = []
    with store.write() as conn:
        for source in month_sources():
            dto = source.invoice.dto()
            if mode != "live":
                dto["id"] = f"{dto['id']}_{mode}"
                dto["jobId"] = f"{dto['jobId']}_{mode}"
            dto.update(clientId=client_id, mode=mode)
            dto["assignment"]["clientId"] = client_id
            conn.execute(invoices.insert().values(
                id=dto["id"], team_id=team, mode=mode, client_id=client_id, job_id=dto["jobId"], status=status,
                document=dto, created_at=utcnow(), updated_at=utcnow(),
            ))
            documents.append(dto)
    return documents


def load_usd(store: Store) -> None:
    with store.write() as conn:
        conn.execute(rates_table.insert().values(
            currency="USD", rate_date=date(2026, 10, 9), rate="1.1000", source="ECB", loaded_at=utcnow()))


@pytest.fixture
def month(home_store):
    team = admin.create_team(home_store, "UAB Apskaita")["teamId"]
    client = admin.create_client(home_store, team, Mode.LIVE, "UAB „Medžio darbai“", "123456786", "LT123456715")
    seed(home_store, team, client["clientId"])
    load_usd(home_store)
    return {"store": home_store, "team": team, "client": client["clientId"]}


def run(*args):
    result = CliRunner().invoke(isaf_group, list(args))
    return result.exit_code, json.loads(result.output)


def test_export_writes_the_register_and_reports_what_was_left_out(month, tmp_path):
    out = tmp_path / "october.xml"
    code, report = run("export", "--client", month["client"], "--month", "2026-10", "--out", str(out))
    assert code == 0, report
    assert report["files"] == [str(out)] and report["type"] == "F" and report["parts"] == 1
    assert report["registrationNumber"] == "123456786"
    assert report["invoices"] == 6 and report["purchases"]["invoices"] == 4 and report["sales"]["invoices"] == 2
    assert Decimal(report["sales"]["vat"]) == Decimal("8.29")
    assert len(report["excluded"]) == 4 and all(x["reason"] and x["invoiceId"] for x in report["excluded"])
    body = out.read_bytes()
    assert isaf.validate(body) == []
    assert b"<RegistrationNumber>123456786</RegistrationNumber>" in body
    assert b"<TaxableValue>1742.73</TaxableValue>" in body  # the USD invoice at the loaded rate


def test_sales_only_and_the_default_file_name(month, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, report = run("export", "--client", month["client"], "--month", "2026-10", "--type", "S")
    assert code == 0, report
    assert report["files"] == ["isaf_123456786_2026-10_S.xml"]
    assert report["invoices"] == report["sales"]["invoices"] == 2 and report["purchases"]["invoices"] == 0
    assert isaf.validate((tmp_path / report["files"][0]).read_bytes()) == []


def test_a_large_month_is_written_in_parts(month, tmp_path):
    from core.books import isaf as registers

    register = registers.build(month["store"], month["client"], "2026-10", "F", max_per_part=2)
    paths = registers.write(register, tmp_path / "r.xml")
    assert [p.name for p in paths] == ["r_part1.xml", "r_part2.xml", "r_part3.xml"]
    assert all(isaf.validate(p.read_bytes()) == [] for p in paths)


@pytest.mark.parametrize("args, message", [
    (["--client", "cl_live_00000000000000000000000000", "--month", "2026-10"], "no client"),
    (["--month", "2026-13"], "YYYY-MM"),
])
def test_errors_are_one_json_object_and_exit_1(month, tmp_path, args, message):
    if "--client" not in args:
        args = ["--client", month["client"], *args]
    code, report = run("export", *args, "--out", str(tmp_path / "x.xml"))
    assert code == 1 and message in report["error"]


def test_a_client_without_a_company_code_cannot_file(month, tmp_path):
    other = admin.create_client(month["store"], month["team"], Mode.LIVE, "UAB Be kodo")["clientId"]
    code, report = run("export", "--client", other, "--month", "2026-10", "--out", str(tmp_path / "x.xml"))
    assert code == 1 and "company code" in report["error"]
