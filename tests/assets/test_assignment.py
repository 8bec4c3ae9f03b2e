"""The assignment gate's decision table, row by row (assets/assignment/assess.py)."""

from assets.assignment import assess, reassess_for, score_client
from core.books.clients import ClientRef

BUYER = ClientRef("cl_live_b", "UAB „Medžio darbai“", "123456786", "LT123456715")
SELLER = ClientRef("cl_live_s", "Saulės vėjas, UAB", "304567894", None)
STRANGER = ClientRef("cl_live_x", "UAB Trečias", "111111111", None)
NAMESAKE = ClientRef("cl_live_n", "UAB Medžio darbai", "999999999", None)


def _invoice(seller=None, buyer=None):
    return {
        "seller": seller if seller is not None else {"name": "UAB „Saulės vėjas“", "companyCode": "304567894", "vatCode": "LT100001234510"},
        "buyer": buyer if buyer is not None else {"name": "UAB Medžio darbai", "companyCode": "123456786", "vatCode": "LT123456715"},
    }


def test_scores_codes_above_names_and_refuses_namesakes():
    assert score_client(_invoice(), BUYER) == 1.0
    assert score_client(_invoice(), SELLER) == 0.95
    assert score_client(_invoice(), NAMESAKE) == 0.0  # the buyer's codes are someone else's
    nameless = _invoice(buyer={"name": "UAB Medžio darbai"})
    assert score_client(nameless, NAMESAKE) == 0.8
    assert 0 < score_client(_invoice(buyer={"name": "UAB Medžio darbas"}), NAMESAKE) < 0.8


def test_the_uploads_client_as_buyer_or_seller_is_confirmed():
    clients = [BUYER, SELLER, STRANGER]
    assert assess(_invoice(), BUYER.id, clients).status == "confirmed"
    assert assess(_invoice(), SELLER.id, clients).status == "confirmed"


def test_a_client_that_is_no_party_needs_review_with_candidates():
    result = assess(_invoice(), STRANGER.id, [BUYER, SELLER, STRANGER])
    assert result.status == "needs_review" and result.client_id == STRANGER.id
    assert result.reason_codes == ["client_not_a_party", "party_is_other_client"]
    assert [c["clientId"] for c in result.candidates] == [BUYER.id, SELLER.id]
    alone = assess(_invoice(), STRANGER.id, [STRANGER])
    assert alone.reason_codes == ["client_not_a_party"] and alone.candidates == []


def test_unreadable_parties_need_review_when_a_client_was_named():
    blank = _invoice(seller={"name": None}, buyer={})
    assert assess(blank, BUYER.id, [BUYER]).reason_codes == ["parties_unreadable"]
    assert assess(blank, None, [BUYER]).status == "exempt"


def test_without_a_named_client():
    assert assess(_invoice(), None, [BUYER, STRANGER]).as_dto()["clientId"] == BUYER.id
    both = assess(_invoice(), None, [BUYER, SELLER])
    assert both.status == "needs_review" and both.reason_codes == ["several_clients_are_parties"]
    assert assess(_invoice(), None, [STRANGER]).reason_codes == ["no_client_is_a_party"]
    assert assess(_invoice(), None, []).as_dto() == {"status": "exempt", "clientId": None, "reasonCodes": ["no_clients"], "candidates": []}


def test_reassessing_for_a_move_destination():
    assert reassess_for(_invoice(), BUYER, [STRANGER]).status == "confirmed"
    assert reassess_for(_invoice(), STRANGER, [BUYER, STRANGER]).status == "needs_review"
