"""Client-assignment review (interface.md 3.3): approve, move or discard a held invoice.

Each action runs in one write transaction on the locked invoice row, so two different
actions racing resolve to exactly one: the second sees the first's resolution and gets
409 invoice.assignment_conflict carrying it, or 200 if it was the same action.

Resulting `assignment.status` (3.3 leaves them to us):
- approve -> `confirmed` for the current client; processing completes, `invoice.processed`.
- move    -> `confirmed` for the destination (`resolution.forced` says whether the
  reassessment still wanted review); processing completes, `invoice.processed`.
- discard -> `discarded`; the invoice's status becomes `discarded`, its job ends
  `cancelled` ("discarded in client-assignment review"), no event fires, and the held
  credit is charged: the document was read, which is what a credit pays for.
The applied action is kept as `assignment.resolution` {action, clientId, fromClientId,
forced, source, at}.
"""

import sqlalchemy as sa

from core import errors
from core.access.actors import Actor
from core.access.auth import Principal
from core.billing import credits
from core.books.clients import referenced_client, team_clients
from core.books.invoices import locked_row
from core.clock import iso_ms, utcnow
from core.jobs import completion
from core.jobs.records import CANCELLED
from core.modes import Mode
from core.rules import InvoiceRules
from core.store.db import Store
from core.store.tables import jobs

APPROVE, MOVE, DISCARD = "approve", "move", "discard"
NEEDS_REVIEW, CONFIRMED, DISCARDED = "needs_review", "confirmed", "discarded"
DISCARD_MESSAGE = "Discarded in client-assignment review."


def _already_applied(assignment: dict, action: str, destination: str | None) -> bool:
    """True for a repeat of the applied action; the conflict error for a different one."""
    applied = assignment["resolution"]
    if applied["action"] == action and (action != MOVE or applied.get("clientId") == destination):
        return True
    raise errors.AssignmentConflict(
        f"The review was already resolved by '{applied['action']}'; that state is authoritative.",
        extra={"appliedAction": applied["action"], "assignment": assignment},
    )


def _resolution(action: str, actor: Actor, client_id: str | None, **more) -> dict:
    return {"action": action, "clientId": client_id, "source": actor.source, "at": iso_ms(utcnow()), **more}


def resolve(
    store: Store, rules: InvoiceRules, principal: Principal, invoice_id: str, action: str, actor: Actor,
    destination: str | None = None, force: bool = False,
) -> dict:
    """Apply a review action; returns the invoice DTO as it stands afterwards."""
    with store.write() as conn:
        row = locked_row(conn, principal.team_id, principal.mode, invoice_id, principal.client_id)
        dto = dict(row["document"])
        assignment = dict(dto.get("assignment") or {})
        if assignment.get("resolution"):
            _already_applied(assignment, action, destination)
            return dto
        if assignment.get("status") != NEEDS_REVIEW:
            state = assignment.get("status") or "never assessed"
            raise errors.AssignmentNotReviewable(f"The invoice's assignment is {state}, not needs_review.")
        job = dict(conn.execute(sa.select(jobs).where(jobs.c.id == row["job_id"])).mappings().one())
        current = assignment.get("clientId")
        if action == APPROVE:
            dto["assignment"] = {**assignment, "status": CONFIRMED, "resolution": _resolution(APPROVE, actor, current)}
            return completion.finish(conn, job, dto, actor)
        if action == MOVE:
            dto["assignment"] = _move(conn, rules, principal, dto, assignment, destination, force, actor)
            dto["clientId"] = destination
            return completion.finish(conn, job, dto, actor)
        dto["assignment"] = {**assignment, "status": DISCARDED, "resolution": _resolution(DISCARD, actor, current)}
        return _discard(conn, job, dto)


def _move(conn, rules: InvoiceRules, principal: Principal, dto: dict, assignment: dict, destination: str | None,
          force: bool, actor: Actor) -> dict:
    current = assignment.get("clientId")
    target = referenced_client(conn, principal, destination or "", "clientId")
    if target.id == current:
        raise errors.AssignmentDestinationSameClient(f"The invoice already belongs to {current}; choose another client.")
    outcome = rules.reassess_for(dto, target, team_clients(conn, principal.team_id, principal.mode))
    if outcome["status"] == NEEDS_REVIEW and not force:
        raise errors.AssignmentMoveNeedsReview(
            f"{target.id} is not a party of the invoice either; repeat with force true or choose another client.",
            extra={"assignment": {"status": outcome["status"], "reasonCodes": outcome["reasonCodes"],
                                  "clientId": target.id, "candidates": outcome.get("candidates", [])}},
        )
    resolution = _resolution(MOVE, actor, target.id, fromClientId=current, forced=outcome["status"] == NEEDS_REVIEW)
    return {"status": CONFIRMED, "clientId": target.id, "reasonCodes": [], "candidates": [], "resolution": resolution}


def _discard(conn: sa.Connection, job: dict, dto: dict) -> dict:
    completion.save_document(conn, dto["id"], dto, completion.INVOICE_DISCARDED)
    now = utcnow()
    conn.execute(jobs.update().where(jobs.c.id == job["id"]).values(
        status=CANCELLED, error_message=DISCARD_MESSAGE, held_at=None, updated_at=now, finished_at=now,
    ))
    if job["mode"] == Mode.LIVE.value:
        credits.charge(conn, job["team_id"], job["id"])
    return dto
