"""Form values the dashboard cannot use answer a 400 page, never an internal error."""


def _version(member, invoice_id):
    page = member.get(f"/app/invoices/{invoice_id}")
    return page.text.split('name="version" value="')[1].split('"')[0]


def test_a_version_that_is_not_a_number_is_400(member, team):
    _, invoice_id = team.invoice(client_id=team.client())
    _version(member, invoice_id)  # the page's CSRF token
    for bad in ("abc", "-1", "1e3", "٣", "9" * 40):
        resp = member.post(f"/app/invoices/{invoice_id}", {"version": bad, "notes": "x"})
        assert resp.status_code == 400, (bad, resp.status_code)
        assert "text/html" in resp.headers["content-type"]


def test_repeated_fields_are_not_an_internal_error(member, team):
    _, invoice_id = team.invoice(client_id=team.client())
    version = _version(member, invoice_id)
    resp = member.post(f"/app/invoices/{invoice_id}", {"version": [version, version], "notes": ["a", "b"]})
    assert resp.status_code in (303, 400), resp.status_code
    review = member.post(f"/app/review/{invoice_id}/move", {"clientId": ["cl_live_x", "cl_live_y"]})
    assert review.status_code < 500, review.status_code
