"""The invoice list's search: by number, a party's name without its accents, a VAT or a
company code, case and punctuation aside; pages of a search page on."""

from tests.api.books import extracted
from tests.api.helpers import PDF


def _doc(number: str, seller: str) -> dict:
    doc = extracted()
    doc["invoiceNumber"], doc["seller"]["name"] = number, seller
    return doc


def test_search_by_number_name_without_accents_and_codes(member, team):
    client = team.client()
    _, sun = team.invoice(client_id=client)  # UAB „Saulės vėjas“, LT100001234510, 304567894, SV 000123
    # another document is another file (the same bytes would be flagged, and linked, as a duplicate)
    _, wood = team.invoice(client_id=client, doc=_doc("MD-2026-7", "UAB Ąžuolų baldai"), data=PDF + b"\n%wood\n")

    def found(text: str) -> set[str]:
        page = member.get("/app/invoices", params={"q": text}).text
        return {i for i in (sun, wood) if i in page}

    assert found("saules") == {sun} and found("SAULĖS VĖJAS") == {sun} and found("azuolu") == {wood}
    assert found("LT100001234510") == {sun, wood}  # the seller's VAT code (both: same seller codes)
    assert found("304567894") == {sun, wood} and found("123456786") == {sun, wood}  # seller's, buyer's company code
    assert found("sv000123") == {sun} and found("md 2026 7") == {wood} and found("MD-2026-7") == {wood}
    assert found("nėra tokios") == set()


def test_a_search_pages_on(team, home_store):
    from core import pagination
    from core.books.invoices import Search, search_invoices
    from core.modes import Mode

    client = team.client()
    ids = [team.invoice(client_id=client, doc=_doc(f"PG-{n}", "UAB Puslapis"))[1] for n in range(3)]
    team.invoice(client_id=client, doc=_doc("KT-1", "UAB Kitas"))
    search = Search(text="puslapis")
    seen, cursor = [], None
    for _ in range(3):
        page = pagination.parse(cursor, "2", search.as_filters())
        with home_store.read() as conn:
            items, cursor = search_invoices(conn, team.team_id, Mode.LIVE, search, page, lambda doc: {"id": doc["id"]})
        seen += [item["id"] for item in items]
        if cursor is None:
            break
    assert seen == sorted(ids, reverse=True)
