"""Export set-up per client and a period's exports: admins save a client's codes (checked,
refused beside the field in the page's language), members read them; a refused export links
to the setting that fixes it; a filtered list downloads as the program's one import file
(a ZIP with the refused invoices listed when some are refused). Only the live books of the member's team are ever reached."""

import io
import zipfile

import sqlalchemy as sa
from lxml import etree

from core.books import export_settings
from core.books.export_mapping import add_client_item_rule, rules_for
from core.modes import Mode
from core.store.tables import export_mapping_rules
from tests.api.books import extracted
from tests.api.helpers import PDF


def _effective(store, team, client_id):
    with store.read() as conn:
        return export_settings.effective(conn, team.team_id, Mode.LIVE, client_id)


def test_an_admin_saves_a_clients_codes_and_an_empty_field_inherits(admin_browser, team, home_store):
    client_id = team.client()
    page = admin_browser.get(f"/app/clients/{client_id}/export?lang=lt")
    assert page.status_code == 200 and 'id="setting-finvalda.warehouse"' in page.text and "Apskaitos programa" in page.text
    saved = admin_browser.post(f"/app/clients/{client_id}/export", {
        "program": "finvalda", "finvalda.warehouse": " S1 ", "default_expense_code": "6000", "agnum.warehouse": ""})
    assert saved.status_code == 303 and saved.headers["location"].endswith("notice=saved")
    values = _effective(home_store, team, client_id)
    assert (values["program"], values["finvalda.warehouse"], values["default_expense_code"]) == ("finvalda", "S1", "6000")
    assert values["agnum.warehouse"] == "S1"  # left empty: the default
    admin_browser.post(f"/app/clients/{client_id}/export", {"default_expense_code": ""})
    assert _effective(home_store, team, client_id)["default_expense_code"] == ""
    assert _effective(home_store, team, client_id)["program"] == "finvalda"  # a field not sent is left as it is


def test_a_refused_value_shows_beside_its_field_and_nothing_is_saved(admin_browser, team, home_store):
    client_id = team.client()
    admin_browser.get("/app/clients?lang=en")
    refused = admin_browser.post(f"/app/clients/{client_id}/export", {"program": "excel", "rivile.department": "x" * 201,
                                                                     "default_expense_code": "6000"})
    assert refused.status_code == 400
    assert 'data-error-for="program"' in refused.text and "Choose one of the offered values." in refused.text
    assert 'data-error-for="rivile.department"' in refused.text and "This is too long or too short." in refused.text
    assert 'value="6000"' in refused.text  # what was typed stays
    assert _effective(home_store, team, client_id)["default_expense_code"] == ""
    admin_browser.get("/app/clients?lang=lt")
    refused = admin_browser.post(f"/app/clients/{client_id}/export", {"program": "excel"})
    assert "Pasirinkite vieną iš siūlomų reikšmių." in refused.text


def test_a_member_reads_the_set_up_but_cannot_change_it(member, team, home_store):
    client_id = team.client()
    page = member.get(f"/app/clients/{client_id}/export?lang=en")
    assert page.status_code == 200 and "Only an admin of the team changes the export set-up." in page.text
    assert member.post(f"/app/clients/{client_id}/export", {"default_expense_code": "6000"}).status_code == 403
    assert _effective(home_store, team, client_id)["default_expense_code"] == ""


def test_cross_mode_and_team_clients_are_not_reached(admin_browser, team, other_team, home_store):
    test_client, foreign = team.client(Mode.TEST), other_team.client()
    for client_id in (test_client, foreign):
        assert admin_browser.get(f"/app/clients/{client_id}/export").status_code == 404
        assert admin_browser.post(f"/app/clients/{client_id}/export", {"default_expense_code": "6000"}).status_code == 404
    with home_store.read() as conn:
        assert export_settings.effective(conn, team.team_id, Mode.TEST, test_client)["default_expense_code"] == ""


def test_a_refused_export_links_to_the_setting_that_fixes_it(admin_browser, team, home_store):
    client_id = team.client()
    _, invoice_id = team.invoice(client_id=client_id)
    refused = admin_browser.get(f"/app/invoices/{invoice_id}/export?format=rivile&lang=en")
    assert refused.status_code == 409
    assert f'href="/app/clients/{client_id}/export#setting-default_expense_code"' in refused.text
    admin_browser.post(f"/app/clients/{client_id}/export", {"default_expense_code": "6000"})
    assert admin_browser.get(f"/app/invoices/{invoice_id}/export?format=rivile").status_code == 200


def test_a_period_of_a_client_downloads_as_one_zip_with_the_refused_listed(admin_browser, team, home_store):
    client_id, other_client = team.client(), team.client(name="UAB Kitas")
    _, march = team.invoice(client_id=client_id)
    _, march_too = team.invoice(client_id=client_id, data=PDF + b"\n%2\n")
    _, other = team.invoice(client_id=other_client, data=PDF + b"\n%3\n")
    _, test_invoice = team.invoice(Mode.TEST, client_id=team.client(Mode.TEST))
    page = admin_browser.get(f"/app/exports?client={client_id}&format=rivile&lang=en")
    assert "Invoices that match: 2" in page.text and 'id="download"' in page.text

    def download(**params):
        answer = admin_browser.get("/app/exports/download", params={"format": "rivile", "status": "completed", **params})
        assert answer.status_code == 200 and answer.headers["content-type"] == "application/zip"
        return zipfile.ZipFile(io.BytesIO(answer.content))

    refused = download(client=client_id).read("refused.txt").decode()
    assert march in refused and march_too in refused and other not in refused and "default_expense_code" in refused
    admin_browser.post(f"/app/clients/{client_id}/export", {"default_expense_code": "6000"})
    eip = download(client=client_id)  # nothing refused: Rivilė's one .eip set of the period
    assert eip.namelist() == ["klientai.eip", "pirkimai.eip"]
    purchases = eip.read("pirkimai.eip").decode("cp1257")
    assert purchases.count("<I06>") == 2 and eip.read("klientai.eip").decode("cp1257").count("<N08>") == 1
    everything = " ".join(download().namelist()) + download().read("refused.txt").decode()
    assert test_invoice not in everything and other in everything  # another mode's invoices never
    assert download(client=client_id, to="2000-01-01").namelist() == []  # a period with none
    assert admin_browser.get("/app/exports/download?format=excel").status_code == 400


def test_a_period_for_a_program_is_its_one_import_file_and_json_stays_a_file_each(admin_browser, team, home_store):
    client_id = team.client()
    _, first = team.invoice(client_id=client_id)
    _, second = team.invoice(client_id=client_id, data=PDF + b"\n%2\n")
    admin_browser.post(f"/app/clients/{client_id}/export", {"default_expense_code": "6000"})
    page = admin_browser.get(f"/app/exports?client={client_id}&format=centas&lang=en")
    assert "own import file, one per side" in page.text
    answer = admin_browser.get("/app/exports/download", params={"format": "centas", "client": client_id})
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("application/xml")
    assert answer.headers["content-disposition"].endswith(f'centas-{client_id}-pirkimai.xml"')
    root = etree.fromstring(answer.content)
    assert [d.findtext("orig_nuoroda") for d in root.findall("dokumentas")] == [first, second]
    assert answer.headers["x-exported"] == "2" and answer.headers["x-refused"] == "0"
    page = admin_browser.get(f"/app/exports?client={client_id}&format=json&lang=lt")
    assert "šiame formate viename faile – viena sąskaita" in page.text
    answer = admin_browser.get("/app/exports/download", params={"format": "json", "client": client_id})
    names = zipfile.ZipFile(io.BytesIO(answer.content)).namelist()
    assert answer.headers["content-type"] == "application/zip" and {n.split("/")[0] for n in names} == {first, second}


def test_an_admin_adds_and_removes_a_clients_item_rule(admin_browser, team, home_store):
    client_id = team.client()
    _, invoice_id = team.invoice(client_id=client_id)
    admin_browser.get(f"/app/clients/{client_id}/export?lang=lt")
    refused = admin_browser.post(f"/app/clients/{client_id}/export/rules", {"code": "", "type": "kita"})
    assert refused.status_code == 400
    assert 'data-error-for="matchCode"' in refused.text and 'data-error-for="code"' in refused.text
    assert 'data-error-for="type"' in refused.text and "Užpildykite" in refused.text
    added = admin_browser.post(f"/app/clients/{client_id}/export/rules",
                               {"matchText": "", "matchCode": "", "code": "6000", "type": "code"})
    assert added.status_code == 400  # a rule must match something: a catch-all is the default code
    description = extracted()["lines"][0]["description"][:12]
    added = admin_browser.post(f"/app/clients/{client_id}/export/rules",
                               {"matchText": description, "code": "6001", "type": "code", "direction": "purchase"})
    assert added.status_code == 303
    with home_store.read() as conn:
        [rule] = [r for r in rules_for(conn, team.team_id, Mode.LIVE, client_id) if r.client_id == client_id]
    assert (rule.match_text, rule.target_code, rule.target_type, rule.direction) == (description, "6001", "code", "purchase")
    page = admin_browser.get(f"/app/clients/{client_id}/export")
    assert f'id="rule-{rule.id}"' in page.text
    removed = admin_browser.post(f"/app/clients/{client_id}/export/rules/{rule.id}/delete", {})
    assert removed.status_code == 303
    with home_store.read() as conn:
        assert [r for r in rules_for(conn, team.team_id, Mode.LIVE, client_id) if r.client_id == client_id] == []


def test_rules_cross_mode_team_and_role(admin_browser, member, team, other_team, home_store):
    test_client, foreign = team.client(Mode.TEST), other_team.client()
    test_rule = add_client_item_rule(home_store, team.team_id, Mode.TEST, test_client, target_code="1", target_type="code",
                                     match_code="A")["rule"]["id"]
    foreign_rule = add_client_item_rule(home_store, other_team.team_id, Mode.LIVE, foreign, target_code="1",
                                        target_type="code", match_code="A")["rule"]["id"]
    for client_id, rule_id in ((test_client, test_rule), (foreign, foreign_rule)):
        assert admin_browser.post(f"/app/clients/{client_id}/export/rules",
                                  {"matchCode": "B", "code": "2", "type": "code"}).status_code == 404
        assert admin_browser.post(f"/app/clients/{client_id}/export/rules/{rule_id}/delete", {}).status_code == 404
    own = team.client(name="UAB Savas")
    assert admin_browser.post(f"/app/clients/{own}/export/rules/{test_rule}/delete", {}).status_code == 404
    assert member.post(f"/app/clients/{own}/export/rules", {"matchCode": "B", "code": "2", "type": "code"}).status_code == 403
    with home_store.read() as conn:
        left = conn.execute(sa.select(sa.func.count()).select_from(export_mapping_rules)).scalar_one()
    assert left == 2  # nothing added, nothing removed
