"""Mapping rules: which accounting code a line's item, or a partner, has in the client's program.

An accounting program books a line to a code that exists in its own database (Rivilė N17
goods / N25 purchase codes, Finvalda goods and services, Centas and Agnum cards); the
seller's item code printed on the invoice is not that code. A rule says "lines whose item
code is X / whose text contains Y / from partner Z go to code C". Partner rules say which
code a partner already has in the program, for partners whose company code is not their key
there (or who have none that fits, e.g. a 14-character VAT code against Rivilė's 12).

Rules of the client come before the team profile's ("*"), each by priority then age; the
first match wins. Storage only: matching against an invoice happens in exporters/preprocess.py.
"""

from dataclasses import dataclass

import sqlalchemy as sa

from core import errors
from core.access.admin import AdminError
from core.books.export_settings import ITEM_TYPES, TEAM_PROFILE, for_client, resolve_target
from core.clock import utcnow
from core.modes import Mode
from core.store.db import Store
from core.store.scoping import in_mode
from core.store.tables import export_mapping_rules

ITEM, PARTNER = "item", "partner"


@dataclass(frozen=True)
class MappingRule:
    id: int
    subject: str  # item | partner
    direction: str | None
    match_code: str | None
    match_text: str | None
    match_partner: str | None
    target_code: str
    target_type: str | None
    target_name: str | None
    priority: int
    client_id: str


def _rule(row) -> MappingRule:
    return MappingRule(
        id=row.id, subject=row.subject, direction=row.direction, match_code=row.match_code,
        match_text=row.match_text, match_partner=row.match_partner, target_code=row.target_code,
        target_type=row.target_type, target_name=row.target_name, priority=row.priority,
        client_id=row.client_id,
    )


def rules_for(conn: sa.Connection, team_id: str, mode: Mode, client_id: str | None) -> list[MappingRule]:
    """The rules that apply to an invoice of this client, in the order they are tried."""
    scopes = [client_id, TEAM_PROFILE] if client_id else [TEAM_PROFILE]
    rows = conn.execute(
        sa.select(export_mapping_rules).where(
            in_mode(export_mapping_rules, team_id, mode), export_mapping_rules.c.client_id.in_(scopes)
        )
    ).all()
    rules = [_rule(r) for r in rows]
    return sorted(rules, key=lambda r: (r.client_id == TEAM_PROFILE, r.priority, r.id))


def normalise_code(value: str | None) -> str | None:
    """Codes compare without spaces and case: `lt 1000 0000 0012` is `LT100000000012`."""
    if value is None:
        return None
    cleaned = "".join(value.split()).upper()
    return cleaned or None


def add_rule(
    store: Store, client_id: str | None, team_id: str | None, mode: str | None, *,
    subject: str, target_code: str, target_type: str | None = None, target_name: str | None = None,
    match_code: str | None = None, match_text: str | None = None, match_partner: str | None = None,
    direction: str | None = None, priority: int = 100,
) -> dict:
    target_code = (target_code or "").strip()
    if not target_code or len(target_code) > 40 or any(ord(ch) < 32 for ch in target_code):
        raise AdminError("--code must be 1 to 40 printable characters")
    if direction not in (None, "purchase", "sales"):
        raise AdminError("--direction must be purchase or sales")
    if subject == ITEM:
        if not (match_code or match_text or match_partner):
            raise AdminError("an item rule needs --match-code, --match-text or --match-partner "
                             "(a catch-all is the default_expense_code / default_income_code setting)")
        if target_type not in ITEM_TYPES:
            raise AdminError(f"--type must be one of {', '.join(ITEM_TYPES)}")
    elif subject == PARTNER:
        if not match_partner or match_code or match_text:
            raise AdminError("a partner rule needs --partner (the partner's company or VAT code) and nothing else")
        target_type = None
    else:
        raise AdminError(f"unknown rule subject {subject!r}")
    with store.write() as conn:
        target = resolve_target(conn, client_id, team_id, mode)
        rule_id = conn.execute(export_mapping_rules.insert().values(
            team_id=target.team_id, mode=target.mode.value, client_id=target.client_id, subject=subject,
            direction=direction, match_code=(match_code or "").strip() or None,
            match_text=(match_text or "").strip() or None, match_partner=normalise_code(match_partner),
            target_code=target_code, target_type=target_type, target_name=(target_name or "").strip() or None,
            priority=priority, created_at=utcnow(),
        )).inserted_primary_key[0]
        row = conn.execute(sa.select(export_mapping_rules).where(export_mapping_rules.c.id == rule_id)).one()
    return {"teamId": target.team_id, "mode": target.mode.value, "rule": describe(_rule(row))}


def list_rules(store: Store, client_id: str | None, team_id: str | None, mode: str | None) -> dict:
    with store.read() as conn:
        target = resolve_target(conn, client_id, team_id, mode)
        own = None if target.client_id == TEAM_PROFILE else target.client_id
        rules = rules_for(conn, target.team_id, target.mode, own)
    return {"teamId": target.team_id, "mode": target.mode.value, "clientId": own,
            "rules": [describe(r) for r in rules]}


def remove_rule(store: Store, rule_id: int) -> dict:
    with store.write() as conn:
        removed = conn.execute(export_mapping_rules.delete().where(export_mapping_rules.c.id == rule_id)).rowcount
    if not removed:
        raise AdminError(f"no mapping rule {rule_id}")
    return {"ruleId": rule_id, "removed": True}


def describe(rule: MappingRule) -> dict:
    return {
        "id": rule.id, "subject": rule.subject,
        "clientId": None if rule.client_id == TEAM_PROFILE else rule.client_id,
        "direction": rule.direction, "matchCode": rule.match_code, "matchText": rule.match_text,
        "matchPartner": rule.match_partner, "code": rule.target_code, "type": rule.target_type,
        "name": rule.target_name, "priority": rule.priority,
    }


# --- the dashboard's rules of one client ---------------------------------------------------

def add_client_item_rule(
    store: Store, team_id: str, mode: Mode, client_id: str, *, target_code: str, target_type: str,
    match_code: str | None = None, match_text: str | None = None, direction: str | None = None,
) -> dict:
    """An item rule of a client of the caller's team and mode; every refused field is listed
    in validation.invalid_body (errors[] of interface.md 7.3) instead of one operator message."""
    problems = []
    code = (target_code or "").strip()
    if not code:
        problems.append(errors.field_error("code", "validation.required"))
    elif len(code) > 40 or any(ord(ch) < 32 for ch in code):
        problems.append(errors.field_error("code", "validation.length"))
    if target_type not in ITEM_TYPES:
        problems.append(errors.field_error("type", "validation.invalid_enum"))
    if direction not in (None, "purchase", "sales"):
        problems.append(errors.field_error("direction", "validation.invalid_enum"))
    if not ((match_code or "").strip() or (match_text or "").strip()):
        problems.append(errors.field_error("matchCode", "validation.required"))
    if problems:
        raise errors.InvalidBody("The mapping rule is not accepted.", errors=problems)
    with store.read() as conn:
        for_client(conn, team_id, mode, client_id)  # client.not_found for another team's or mode's
    return add_rule(store, client_id, None, None, subject=ITEM, target_code=code, target_type=target_type,
                    match_code=match_code, match_text=match_text, direction=direction)


def remove_client_rule(store: Store, team_id: str, mode: Mode, client_id: str, rule_id: int) -> bool:
    """Remove a rule of this client only (never the team profile's, another client's, team's or
    mode's); False when there was none such."""
    with store.write() as conn:
        return bool(conn.execute(export_mapping_rules.delete().where(
            in_mode(export_mapping_rules, team_id, mode), export_mapping_rules.c.client_id == client_id,
            export_mapping_rules.c.id == rule_id,
        )).rowcount)
