"""Assessing an invoice against the upload's client and the team's other clients.

A client is a party of an invoice when one of its codes (company code, VAT code) is the
buyer's or the seller's, or, when no code decides, its name is. Codes are strong evidence
and names weak: a party whose codes contradict the client's is not the client even if the
names agree (a namesake), and a name alone scores below any code.

| situation                                                         | status       | reasonCodes |
|-------------------------------------------------------------------|--------------|-------------|
| the team has no client in the invoice's mode                      | exempt       | no_clients |
| the upload's client is the buyer or the seller                    | confirmed    | |
| the upload's client is neither; another team client is a party    | needs_review | client_not_a_party, party_is_other_client |
| the upload's client is neither; no other client is a party        | needs_review | client_not_a_party |
| the upload names a client but neither party can be read           | needs_review | parties_unreadable |
| no client named, exactly one team client is a party               | confirmed (assigned to it) | |
| no client named, several team clients are parties                 | needs_review | several_clients_are_parties |
| no client named, no team client is a party (or parties unreadable)| exempt       | no_client_is_a_party |

`candidates` lists the team's clients that look like a party, best first, with a score
in 0..1 (1.0 VAT code, 0.95 company code, 0.8 the same name, less for a similar name).
"""

import difflib
import re
from dataclasses import dataclass, field
from typing import Protocol

from core.vat_classification import normalised_name

CONFIRMED, NEEDS_REVIEW, EXEMPT = "confirmed", "needs_review", "exempt"
IS_PARTY = 0.8  # a client scoring at least this is taken as a party of the invoice
MAX_CANDIDATES = 5


class ClientLike(Protocol):
    id: str
    name: str
    company_code: str | None
    vat_code: str | None


@dataclass(frozen=True)
class Assessment:
    status: str
    client_id: str | None
    reason_codes: list[str] = field(default_factory=list)
    candidates: list[dict] = field(default_factory=list)

    def as_dto(self) -> dict:
        """The DTO's `assignment` object."""
        return {
            "status": self.status,
            "clientId": self.client_id,
            "reasonCodes": list(self.reason_codes),
            "candidates": list(self.candidates),
        }


def _code(value: str | None) -> str | None:
    return re.sub(r"[\s.\-]", "", value).upper() if value else None


def _party_score(client: ClientLike, party: dict) -> float:
    own_vat, own_code = _code(client.vat_code), _code(client.company_code)
    vat, code = _code(party.get("vatCode")), _code(party.get("companyCode"))
    if own_vat and vat and own_vat == vat:
        return 1.0
    if own_code and code and own_code == code:
        return 0.95
    if (own_vat and vat) or (own_code and code):
        return 0.0  # the party carries codes, and they are someone else's
    mine, theirs = normalised_name(client.name), normalised_name(party.get("name"))
    if not mine or not theirs:
        return 0.0
    if mine == theirs:
        return IS_PARTY
    ratio = difflib.SequenceMatcher(None, mine, theirs).ratio()
    return round(0.7 * ratio, 3) if ratio >= 0.75 else 0.0


def score_client(invoice: dict, client: ClientLike) -> float:
    """How strongly the invoice names this client as its buyer or seller (0..1)."""
    return max(_party_score(client, invoice.get(role) or {}) for role in ("buyer", "seller"))


def _readable(invoice: dict) -> bool:
    return any(
        (invoice.get(role) or {}).get(key) for role in ("buyer", "seller") for key in ("name", "vatCode", "companyCode")
    )


def _candidates(scores: dict[str, float], exclude: str | None) -> list[dict]:
    ranked = sorted(((s, cid) for cid, s in scores.items() if s > 0 and cid != exclude), key=lambda x: (-x[0], x[1]))
    return [{"clientId": cid, "score": s} for s, cid in ranked[:MAX_CANDIDATES]]


def assess(invoice: dict, upload_client_id: str | None, clients: list[ClientLike]) -> Assessment:
    """The assignment of an invoice uploaded for `upload_client_id` (None: no client named)."""
    if not clients:
        return Assessment(EXEMPT, upload_client_id, ["no_clients"])
    scores = {c.id: score_client(invoice, c) for c in clients}
    parties = [cid for cid, s in scores.items() if s >= IS_PARTY]
    if upload_client_id is not None:
        if not _readable(invoice):
            return Assessment(NEEDS_REVIEW, upload_client_id, ["parties_unreadable"], _candidates(scores, upload_client_id))
        if scores.get(upload_client_id, 0.0) >= IS_PARTY:
            return Assessment(CONFIRMED, upload_client_id)
        reasons = ["client_not_a_party"] + (["party_is_other_client"] if parties else [])
        return Assessment(NEEDS_REVIEW, upload_client_id, reasons, _candidates(scores, upload_client_id))
    if len(parties) == 1:
        return Assessment(CONFIRMED, parties[0])
    if len(parties) > 1:
        return Assessment(NEEDS_REVIEW, None, ["several_clients_are_parties"], _candidates(scores, None))
    return Assessment(EXEMPT, None, ["no_client_is_a_party"], _candidates(scores, None))


def reassess_for(invoice: dict, destination: ClientLike, clients: list[ClientLike]) -> Assessment:
    """The assessment a move to `destination` would get: as if uploaded for it."""
    others = [c for c in clients if c.id != destination.id] + [destination]
    return assess(invoice, destination.id, others)
