"""Export settings, mapping rules and currency rates in the operational store, and their CLI."""

import json
import zipfile
from datetime import date
from decimal import Decimal

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from click.testing import CliRunner

from cli.exports import export_group
from core.access import admin
from core.books import currency_rates, export_mapping, export_settings
from core.books.exports import load_lookups
from core.modes import Mode
from core.store.tables import metadata
from tests.exporters import cases

HIST = """Date,USD,JPY,GBP,
2026-03-13,1.0903,161.2,0.8391,
2026-03-12,1.0874,N/A,0.8402,
2026-03-11,1.0891,160.9,0.8399,
"""
DAILY = """Date, USD, JPY, GBP,
16 March 2026, 1.0921, 161.50, 0.8388,
"""
SDMX = """KEY,FREQ,CURRENCY,CURRENCY_DENOM,EXR_TYPE,EXR_SUFFIX,TIME_PERIOD,OBS_VALUE
EXR.D.USD.EUR.SP00.A,D,USD,EUR,SP00,A,2026-03-17,1.0930
EXR.M.USD.EUR.SP00.A,M,USD,EUR,SP00,A,2026-03,1.0900
"""


@pytest.fixture
def world(store):
    team = admin.create_team(store, "UAB Apskaita")["teamId"]
    client = admin.create_client(store, team, Mode.LIVE, "UAB „Medžio darbai“", "123456786", "LT123456715")["clientId"]
    other = admin.create_client(store, team, Mode.LIVE, "UAB Kitas")["clientId"]
    return {"store": store, "team": team, "client": client, "other": other}


def run(*args):
    result = CliRunner().invoke(export_group, list(args))
    return result.exit_code, json.loads(result.output)


def test_migration_0002_matches_the_tables(store):
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    ours = {"export_settings", "export_mapping_rules", "currency_rates"}
    assert [d for d in diff if any(name in str(d) for name in ours)] == []


def test_settings_client_then_team_then_default(world):
    code, out = run("settings", "set", "--team", world["team"], "--mode", "live", "--key", "default_expense_code", "--value", "6000")
    assert code == 0 and out["clientId"] is None and out["value"] == "6000"
    code, out = run("settings", "set", "--client", world["client"], "--key", "rivile.partner_relation", "--value", "PT002")
    assert code == 0 and out["clientId"] == world["client"]
    code, out = run("settings", "show", "--client", world["client"])
    assert out["settings"]["rivile.partner_relation"] == {"value": "PT002", "from": "client"}
    assert out["settings"]["default_expense_code"] == {"value": "6000", "from": "team"}
    assert out["settings"]["agnum.warehouse"] == {"value": "S1", "from": "default"}
    with world["store"].read() as conn:
        assert export_settings.effective(conn, world["team"], Mode.LIVE, world["other"])["rivile.partner_relation"] == "PT001"
        assert export_settings.effective(conn, world["team"], Mode.TEST, world["client"])["default_expense_code"] == ""
    code, out = run("settings", "unset", "--client", world["client"], "--key", "rivile.partner_relation")
    assert code == 0 and out["removed"] is True


@pytest.mark.parametrize(
    "args, message",
    [
        (["--key", "nonsense", "--value", "x"], "unknown setting"),
        (["--key", "direction", "--value", "sideways"], "direction must be one of"),
        (["--key", "centas.foreign_currency", "--value", "maybe"], "centas.foreign_currency must be one of"),
    ],
)
def test_settings_errors_are_one_json_object_and_exit_1(world, args, message):
    code, out = run("settings", "set", "--client", world["client"], *args)
    assert code == 1 and message in out["error"]


def test_settings_need_a_client_or_a_team_profile(world):
    code, out = run("settings", "show")
    assert code == 1 and "--client" in out["error"]
    code, out = run("settings", "show", "--client", "cl_live_nothing")
    assert code == 1 and "no client" in out["error"]


def test_mapping_rules(world):
    code, out = run("mapping", "add", "--team", world["team"], "--mode", "live", "--code", "KURAS", "--type", "code",
                    "--match-text", "dyzelinas")
    assert code == 0 and out["rule"]["clientId"] is None
    code, out = run("mapping", "add", "--client", world["client"], "--code", "SAUL-MOD", "--type", "goods",
                    "--name", "Saulės moduliai", "--match-code", "SM-410", "--priority", "10")
    assert code == 0 and out["rule"]["matchCode"] == "SM-410"
    code, out = run("mapping", "partner", "--client", world["client"], "--partner", "lt 1000 1234 5018", "--code", "PETRAITIS")
    assert code == 0 and out["rule"]["matchPartner"] == "LT100012345018"
    code, out = run("mapping", "list", "--client", world["client"])
    assert [r["code"] for r in out["rules"]] == ["SAUL-MOD", "PETRAITIS", "KURAS"]  # client's first, then the team's
    code, out = run("mapping", "add", "--client", world["client"], "--code", "X")
    assert code == 1 and "needs --match-code" in out["error"]
    code, out = run("mapping", "remove", "999999")
    assert code == 1 and "no mapping rule" in out["error"]
    rule_id = run("mapping", "list", "--client", world["client"])[1]["rules"][0]["id"]
    assert run("mapping", "remove", str(rule_id)) == (0, {"ruleId": rule_id, "removed": True})


def test_rates_load_every_ecb_layout(world, tmp_path):
    hist = tmp_path / "eurofxref-hist.csv"
    hist.write_text(HIST)
    code, out = run("rates", "load", str(hist))
    assert code == 0 and out == {"loaded": 8, "currencies": ["GBP", "JPY", "USD"], "from": "2026-03-11",
                                 "to": "2026-03-13", "source": "ECB"}
    daily = tmp_path / "eurofxref.zip"
    with zipfile.ZipFile(daily, "w") as archive:
        archive.writestr("eurofxref.csv", DAILY)
    assert run("rates", "load", str(daily))[1]["to"] == "2026-03-16"
    sdmx = tmp_path / "sdmx.csv"
    sdmx.write_text(SDMX)
    assert run("rates", "load", str(sdmx))[1] == {"loaded": 1, "currencies": ["USD"], "from": "2026-03-17",
                                                  "to": "2026-03-17", "source": "ECB"}
    # reloading replaces, weekends take Friday's rate
    hist.write_text(HIST.replace("1.0903", "1.0905"))
    run("rates", "load", str(hist))
    assert run("rates", "show", "--currency", "usd", "--date", "2026-03-15")[1] == {
        "currency": "USD", "requested": "2026-03-15", "date": "2026-03-13", "rate": "1.0905"}
    code, out = run("rates", "show", "--currency", "CHF", "--date", "2026-03-15")
    assert code == 1 and "no CHF rate" in out["error"]


def test_rates_load_refuses_other_files(world, tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("Currency,Rate\nUSD,1.1\n")
    code, out = run("rates", "load", str(bad))
    assert code == 1 and "not an ECB reference-rate file" in out["error"]
    bad.write_text("Date,USD\n2026-03-13,-1\n")
    assert "not positive" in run("rates", "load", str(bad))[1]["error"]


def test_lookups_of_an_invoice(world, tmp_path):
    store = world["store"]
    export_settings.set_value(store, world["client"], None, None, "default_expense_code", "6000")
    export_mapping.add_rule(store, world["client"], None, None, subject=export_mapping.ITEM, target_code="A",
                            target_type="goods", match_code="SM-410")
    export_mapping.add_rule(store, world["client"], None, None, subject=export_mapping.PARTNER, target_code="P",
                            match_partner="LT100012345018")
    (tmp_path / "rates.csv").write_text(HIST)
    currency_rates.load_file(store, tmp_path / "rates.csv")
    invoice = cases.record({**cases.invoice("foreign_currency"), "clientId": world["client"], "currency": "USD",
                            "issueDate": "2026-03-13", "deliveryDate": "2026-03-11"})
    with store.read() as conn:
        lookups = load_lookups(conn, world["team"], Mode.LIVE, invoice, date(2026, 4, 2))
        other_mode = load_lookups(conn, world["team"], Mode.TEST, invoice, date(2026, 4, 2))
    assert lookups.client.company_code == "123456786" and lookups.settings["default_expense_code"] == "6000"
    assert [r.target_code for r in lookups.item_rules] == ["A"] and [r.target_code for r in lookups.partner_rules] == ["P"]
    assert lookups.rates.on_or_before(date(2026, 3, 11)) == (date(2026, 3, 11), Decimal("1.0891"))
    assert other_mode.client is None and other_mode.item_rules == () and other_mode.settings["default_expense_code"] == ""
