"""The i.SAF register on the dashboard: a member sees a client's month (what goes in, and
what stays out with the reason in the page's language) and downloads the same XML as
`invoices isaf export` writes, valid against VMI's XSD, or a ZIP of its parts. Another
team's client and a test-mode client are not found; bad form values are refused beside
their fields, never a 500."""

import io
import re
import zipfile

import pytest
from click.testing import CliRunner

from cli.isaf import isaf_group
from core.access import admin
from core.modes import Mode
from exporters import isaf
from tests.exporters.test_isaf_store_and_cli import load_usd, seed

CODE, VAT = "123456786", "LT123456715"


@pytest.fixture
def month(team, home_store):
    client_id = admin.create_client(home_store, team.team_id, Mode.LIVE, "UAB „Medžio darbai“", CODE, VAT)["clientId"]
    documents = seed(home_store, team.team_id, client_id)
    load_usd(home_store)
    return client_id, [d["id"] for d in documents]


def _without_creation_time(body: bytes) -> bytes:
    return re.sub(rb"<FileDateCreated>[^<]*</FileDateCreated>", b"", body)


def test_a_member_sees_the_month_and_the_reasons_in_lithuanian_and_english(member, month):
    client_id, _ = month
    page = member.get(f"/app/exports/isaf?client={client_id}&month=2026-10&type=F&lang=lt")
    assert page.status_code == 200
    assert "Registre: 6 sąskaitos (pirkimai 4, pardavimai 2)." in page.text
    assert len(re.findall(r'data-excluded="inv_', page.text)) == 4
    assert "Nėra PVM klasifikatoriaus 9 % PVM tarifui" in page.text
    assert "Sąskaitoje nurodytas kitos šalies PVM" in page.text and "Pirkėjas neturi nei įmonės, nei PVM kodo." in page.text
    assert 'id="isaf-download"' in page.text and "(XML)" in page.text
    page = member.get(f"/app/exports/isaf?client={client_id}&month=2026-10&type=F&lang=en")
    assert "No VAT classifier for the 9 % VAT; set it on the invoice&#39;s VAT breakdown." in page.text
    assert "The buyer has neither a company code nor a VAT code." in page.text
    assert "Purchase or sale cannot be told" in page.text
    sales = member.get(f"/app/exports/isaf?client={client_id}&month=2026-10&type=S&lang=en")
    assert "In the register: 2 invoices (purchases 0, sales 2)." in sales.text


def test_the_download_is_the_clis_register_and_valid_against_the_xsd(member, month, tmp_path):
    client_id, _ = month
    answer = member.get(f"/app/exports/isaf/download?client={client_id}&month=2026-10&type=F")
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/xml"
    assert f'filename="isaf_{CODE}_2026-10_F.xml"' in answer.headers["content-disposition"]
    assert answer.headers["x-excluded"] == "4"
    assert isaf.validate(answer.content) == []
    out = tmp_path / "cli.xml"
    result = CliRunner().invoke(isaf_group, ["export", "--client", client_id, "--month", "2026-10", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert _without_creation_time(answer.content) == _without_creation_time(out.read_bytes())


def test_a_split_month_downloads_as_a_zip_of_valid_parts(member, month, monkeypatch):
    client_id, _ = month
    monkeypatch.setattr(isaf, "MAX_INVOICES_PER_PART", 4)
    page = member.get(f"/app/exports/isaf?client={client_id}&month=2026-10&lang=en")
    assert "The month is split into 2 parts; the download is a ZIP of them." in page.text
    answer = member.get(f"/app/exports/isaf/download?client={client_id}&month=2026-10&type=F")
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(answer.content))
    names = archive.namelist()
    assert names == [f"isaf_{CODE}_2026-10_F_part1.xml", f"isaf_{CODE}_2026-10_F_part2.xml"]
    bodies = [archive.read(n) for n in names]
    assert all(isaf.validate(b) == [] for b in bodies)
    assert sum(b.count(b"<InvoiceNo>") for b in bodies) == 6


def test_test_mode_and_another_teams_clients_are_not_found(member, team, other_team, home_store, month):
    live_client, live_ids = month
    test_client = admin.create_client(home_store, team.team_id, Mode.TEST, "UAB Bandymas", CODE, VAT)["clientId"]
    test_ids = [d["id"] for d in seed(home_store, team.team_id, test_client, mode="test")]
    foreign = admin.create_client(home_store, other_team.team_id, Mode.LIVE, "UAB Kaimynai", CODE, VAT)["clientId"]
    for client_id in (test_client, foreign):
        assert member.get(f"/app/exports/isaf?client={client_id}&month=2026-10").status_code == 404
        assert member.get(f"/app/exports/isaf/download?client={client_id}&month=2026-10").status_code == 404
    page = member.get("/app/exports/isaf?lang=en")
    assert live_client in page.text and test_client not in page.text and foreign not in page.text
    body = member.get(f"/app/exports/isaf/download?client={live_client}&month=2026-10").content
    page = member.get(f"/app/exports/isaf?client={live_client}&month=2026-10").text
    assert not any(i in page for i in test_ids) and any(i in page for i in live_ids)  # the excluded are live ones
    assert b"_test" not in body


@pytest.mark.parametrize("params, field, lt", [
    ({"month": "2026-13"}, "month", "Nurodykite mėnesį formatu MMMM-MM."),
    ({"month": "spalis"}, "month", "Nurodykite mėnesį formatu MMMM-MM."),
    ({"type": "X"}, "type", "Pasirinkite vieną iš siūlomų reikšmių."),
    ({"client": ""}, "client", "Pasirinkite klientą."),
    ({"month": ""}, "month", "Nurodykite mėnesį formatu MMMM-MM."),
])
def test_bad_values_are_refused_beside_their_fields(member, month, params, field, lt):
    client_id, _ = month
    query = {"client": client_id, "month": "2026-10", "type": "F", "lang": "lt", **params}
    page = member.get("/app/exports/isaf", params=query)
    assert page.status_code == 400
    assert re.search(rf'data-error-for="{field}">{re.escape(lt)}<', page.text)
    if params.get("client") != "":
        assert member.get("/app/exports/isaf/download", params=query).status_code == 400


def test_every_refused_field_is_named_at_once(member):
    page = member.get("/app/exports/isaf", params={"client": "", "month": "10/2026", "type": "Z", "lang": "en"})
    assert page.status_code == 400
    assert all(f'data-error-for="{field}"' in page.text for field in ("client", "month", "type"))
    assert "Some fields need fixing; see the messages beside them." in page.text


def test_a_client_without_a_company_code_is_refused_beside_the_client(member, team, home_store):
    client_id = admin.create_client(home_store, team.team_id, Mode.LIVE, "UAB Be kodo")["clientId"]
    page = member.get(f"/app/exports/isaf?client={client_id}&month=2026-10&lang=en")
    assert page.status_code == 400
    assert 'data-error-for="client">The client has no company code of up to 11 digits' in page.text


def test_the_exports_page_and_the_clients_set_up_lead_to_the_register(member, month):
    client_id, _ = month
    page = member.get("/app/exports?lang=lt")
    assert 'href="/app/exports/isaf"' in page.text and "Mėnesio i.SAF registras" in page.text
    page = member.get(f"/app/clients/{client_id}/export?lang=en")
    assert f'href="/app/exports/isaf?client={client_id}"' in page.text
    chosen = member.get(f"/app/exports/isaf?client={client_id}&lang=en")  # the client chosen, the month not yet
    assert chosen.status_code == 200 and f'<option value="{client_id}" selected>' in chosen.text
