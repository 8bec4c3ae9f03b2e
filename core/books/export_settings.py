"""Per-client export settings: the codes each accounting program needs, with defaults.

Lithuanian accounting databases are configured by each client's accountant: account
relation codes, tax tables, warehouses, journals and the accounting code that a purchase
line is booked to all differ from one database to the next. The export therefore reads
them from settings instead of hard-coding them (formats/rivile.md "Confidence").

Lookup order for a key: the client's own value, then the team's profile (`client_id`
"*", which also serves invoices that have no client), then the default below. An empty
value means "not set": exporters leave the optional field out, or refuse the export with
a reason when the program cannot do without it.
"""

from dataclasses import dataclass

import sqlalchemy as sa

from core import errors
from core.access.admin import AdminError
from core.clock import utcnow
from core.modes import Mode
from core.store.db import Store
from core.store.scoping import in_mode
from core.store.tables import clients, export_settings, teams

TEAM_PROFILE = "*"

ITEM_TYPES = ("goods", "service", "code")


@dataclass(frozen=True)
class Setting:
    key: str
    default: str
    help: str
    choices: tuple[str, ...] | None = None


PROGRAMS = ("rivile", "finvalda", "centas", "agnum")

CATALOGUE: tuple[Setting, ...] = (
    # --- every program -------------------------------------------------------------------
    Setting("program", "", "the accounting program the client's books are kept in: its format is offered first "
            "for the client's exports", ("", *PROGRAMS)),
    Setting("direction", "", "purchase or sales when the invoice's parties do not identify the client "
            "(empty: refuse such invoices)", ("", "purchase", "sales")),
    Setting("default_expense_code", "", "accounting code for purchase lines that no mapping rule maps "
            "(empty: such lines refuse the export)"),
    Setting("default_expense_type", "code", "what default_expense_code is in the program: goods, service, "
            "or code (Rivilė N25 purchase code; a service elsewhere)", ITEM_TYPES),
    Setting("default_income_code", "", "accounting code for sales lines that no mapping rule maps"),
    Setting("default_income_type", "service", "what default_income_code is: goods, service or code", ITEM_TYPES),
    Setting("summary_line_code", "", "code of the one line per VAT rate written for an invoice without a "
            "line table (empty: the default expense/income code)"),
    Setting("item_code_source", "mapping", "mapping: rules, then the default code; item_code: rules, then "
            "the seller's own item code, then the default code", ("mapping", "item_code")),
    # --- Rivilė GAMA ---------------------------------------------------------------------
    Setting("rivile.partner_relation", "PT001", "N08_KODAS_DS: account relation code of partners"),
    Setting("rivile.item_relation", "PR001", "N17_KODAS_DS / N25_KODAS_DS: account relation code of cards"),
    Setting("rivile.tax_table", "PVM", "N08_KODAS_XS_T / N08_KODAS_XS_P: partner tax table code"),
    Setting("rivile.code_account", "", "N25_KODAS_SS: GL account of purchase/sales codes sent in kodai.eip"),
    Setting("rivile.department", "", "I07_KODAS_IS: department (padalinys) of every line"),
    Setting("rivile.object", "", "I07_KODAS_OS: object / cost centre of every line"),
    # --- Finvalda ------------------------------------------------------------------------
    Setting("finvalda.purchase_type", "", "tipas of purchase operations (empty: the import profile's default)"),
    Setting("finvalda.sales_type", "", "tipas of sales operations"),
    Setting("finvalda.purchase_journal", "", "zurnalas of purchase operations (e.g. PIRK)"),
    Setting("finvalda.sales_journal", "", "zurnalas of sales operations (e.g. PARD)"),
    Setting("finvalda.department", "PP", "padalinys of every operation"),
    Setting("finvalda.warehouse", "", "sandelis of goods lines (required when an invoice has goods lines)"),
    # --- Centas --------------------------------------------------------------------------
    Setting("centas.warehouse", "", "sandelis of goods lines"),
    Setting("centas.cost_centre", "", "kastu_centras of every document"),
    Setting("centas.foreign_currency", "refuse", "refuse: non-EUR invoices are not exported (how Centas "
            "imports rates is unknown); convert: amounts converted to EUR at the loaded rate",
            ("refuse", "convert")),
    # --- Agnum ---------------------------------------------------------------------------
    Setting("agnum.warehouse", "S1", "SND_KOD: warehouse of documents and goods cards"),
    Setting("agnum.object", "", "OBJ_KOD / OKOD: object (cost centre) of every row"),
    Setting("agnum.group", "", "GRUPE: goods group of the cards"),
    Setting("agnum.own_iban", "", "SASK of sales documents (empty: the seller's IBAN printed on the invoice)"),
)

BY_KEY = {s.key: s for s in CATALOGUE}
DEFAULTS = {s.key: s.default for s in CATALOGUE}


@dataclass(frozen=True)
class Target:
    """Whose settings: a client, or a team's profile in one mode."""

    team_id: str
    mode: Mode
    client_id: str  # a client id or TEAM_PROFILE


def resolve_target(conn: sa.Connection, client_id: str | None, team_id: str | None, mode: str | None) -> Target:
    """A client names its team and mode; the team profile needs both spelled out."""
    if client_id:
        row = conn.execute(sa.select(clients.c.team_id, clients.c.mode).where(clients.c.id == client_id)).first()
        if row is None:
            raise AdminError(f"no client {client_id}")
        if team_id and team_id != row.team_id:
            raise AdminError(f"client {client_id} is not in team {team_id}")
        return Target(row.team_id, Mode(row.mode), client_id)
    if not team_id or not mode:
        raise AdminError("name a client (--client) or a team profile (--team and --mode)")
    if conn.execute(sa.select(teams.c.id).where(teams.c.id == team_id)).first() is None:
        raise AdminError(f"no team {team_id}")
    return Target(team_id, Mode(mode), TEAM_PROFILE)


def _check(key: str, value: str) -> None:
    setting = BY_KEY.get(key)
    if setting is None:
        raise AdminError(f"unknown setting {key!r}; known: {', '.join(BY_KEY)}")
    if setting.choices is not None and value not in setting.choices:
        raise AdminError(f"{key} must be one of {', '.join(repr(c) for c in setting.choices)}")
    if len(value) > 200 or any(ord(ch) < 32 for ch in value):
        raise AdminError(f"{key}: the value must be at most 200 printable characters")


def _stored(conn: sa.Connection, team_id: str, mode: Mode, client_id: str) -> dict[str, str]:
    rows = conn.execute(
        sa.select(export_settings.c.key, export_settings.c.value).where(
            in_mode(export_settings, team_id, mode), export_settings.c.client_id == client_id
        )
    )
    return {r.key: r.value for r in rows if r.key in BY_KEY}


def effective(conn: sa.Connection, team_id: str, mode: Mode, client_id: str | None) -> dict[str, str]:
    """Every key with its value for this client: client, then team profile, then default."""
    values = dict(DEFAULTS)
    values.update(_stored(conn, team_id, mode, TEAM_PROFILE))
    if client_id:
        values.update(_stored(conn, team_id, mode, client_id))
    return values


def set_value(store: Store, client_id: str | None, team_id: str | None, mode: str | None, key: str, value: str) -> dict:
    _check(key, value)
    with store.write() as conn:
        target = resolve_target(conn, client_id, team_id, mode)
        where = sa.and_(in_mode(export_settings, target.team_id, target.mode),
                        export_settings.c.client_id == target.client_id, export_settings.c.key == key)
        conn.execute(export_settings.delete().where(where))
        conn.execute(export_settings.insert().values(
            team_id=target.team_id, mode=target.mode.value, client_id=target.client_id,
            key=key, value=value, updated_at=utcnow(),
        ))
    return {**_describe(target), "key": key, "value": value}


def unset_value(store: Store, client_id: str | None, team_id: str | None, mode: str | None, key: str) -> dict:
    if key not in BY_KEY:
        raise AdminError(f"unknown setting {key!r}")
    with store.write() as conn:
        target = resolve_target(conn, client_id, team_id, mode)
        removed = conn.execute(export_settings.delete().where(
            in_mode(export_settings, target.team_id, target.mode),
            export_settings.c.client_id == target.client_id, export_settings.c.key == key,
        )).rowcount
    return {**_describe(target), "key": key, "removed": bool(removed)}


def show(store: Store, client_id: str | None, team_id: str | None, mode: str | None) -> dict:
    """Each key's effective value and where it comes from (client, team or default)."""
    with store.read() as conn:
        target = resolve_target(conn, client_id, team_id, mode)
        team_values = _stored(conn, target.team_id, target.mode, TEAM_PROFILE)
        own = _stored(conn, target.team_id, target.mode, target.client_id) if target.client_id != TEAM_PROFILE else {}
    settings = {}
    for s in CATALOGUE:
        if s.key in own:
            settings[s.key] = {"value": own[s.key], "from": "client"}
        elif s.key in team_values:
            settings[s.key] = {"value": team_values[s.key], "from": "team"}
        else:
            settings[s.key] = {"value": s.default, "from": "default"}
    return {**_describe(target), "settings": settings}


def _describe(target: Target) -> dict:
    return {
        "teamId": target.team_id, "mode": target.mode.value,
        "clientId": None if target.client_id == TEAM_PROFILE else target.client_id,
    }


# --- the dashboard's set-up page of one client ---------------------------------------------

def _field_error(key: str, value: str) -> dict | None:
    """The problem of a value as errors[] writes it (interface.md 7.3), or None."""
    setting = BY_KEY[key]
    if setting.choices is not None and value not in setting.choices:
        return errors.field_error(key, "validation.invalid_enum")
    if len(value) > 200:
        return errors.field_error(key, "validation.length")
    if any(ord(ch) < 32 for ch in value):
        return errors.field_error(key, "validation.invalid_value")
    return None


def _client_target(conn: sa.Connection, team_id: str, mode: Mode, client_id: str) -> Target:
    """The client, only when it is the team's and of the caller's mode (else client.not_found,
    so another team's or mode's client is not even confirmed to exist)."""
    found = conn.execute(sa.select(clients.c.id).where(in_mode(clients, team_id, mode), clients.c.id == client_id)).first()
    if found is None:
        raise errors.ClientNotFound(f"No client {client_id} for this team.")
    return Target(team_id, mode, client_id)


def for_client(conn: sa.Connection, team_id: str, mode: Mode, client_id: str) -> list[dict]:
    """Every setting of the client: its own value (empty when it has none), and the value it
    inherits otherwise (the team profile's, or the default) with where that comes from."""
    target = _client_target(conn, team_id, mode, client_id)
    team_values = _stored(conn, team_id, mode, TEAM_PROFILE)
    own = _stored(conn, team_id, mode, target.client_id)
    return [{
        "key": s.key, "help": s.help, "choices": s.choices, "own": own.get(s.key, ""), "set": s.key in own,
        "inherited": team_values.get(s.key, s.default), "from": "team" if s.key in team_values else "default",
    } for s in CATALOGUE]


def save_client(store: Store, team_id: str, mode: Mode, client_id: str, values: dict[str, str]) -> None:
    """The client's own values in one transaction: a value is set, an empty one removed (the
    client then inherits). All are checked first; validation.invalid_body lists each refused key."""
    values = {key: (value or "").strip() for key, value in values.items() if key in BY_KEY}
    problems = [e for key, value in values.items() if value and (e := _field_error(key, value))]
    if problems:
        raise errors.InvalidBody("Some export settings are not accepted.", errors=problems)
    with store.write() as conn:
        target = _client_target(conn, team_id, mode, client_id)
        scope = sa.and_(in_mode(export_settings, team_id, mode), export_settings.c.client_id == target.client_id)
        conn.execute(export_settings.delete().where(scope, export_settings.c.key.in_(list(values))))
        now = utcnow()
        for key, value in values.items():
            if value:
                conn.execute(export_settings.insert().values(
                    team_id=team_id, mode=mode.value, client_id=target.client_id, key=key, value=value, updated_at=now))
