"""The exporter test cases: each DTO fixture with the client's lookups (settings, rules, rates).

The fixtures under fixtures/ cover the cases the exports must get right: goods and
services, several VAT rates, 0 % to an EU buyer (intra-Community goods and reverse-charge
services), a credit note printed with negative amounts, a USD invoice with a loaded rate,
a seller with a 12-digit VAT code and no company code, names with Lithuanian letters and
with characters Windows-1257 lacks, and an invoice without a line table.
"""

import json
from datetime import date
from decimal import Decimal
from pathlib import Path

from core.books.currency_rates import RateTable
from core.books.export_mapping import ITEM, PARTNER, MappingRule
from core.books.export_settings import DEFAULTS
from core.books.exports import ClientInfo, ExportLookups
from schemas.invoice import Invoice

HERE = Path(__file__).parent
FIXTURES = HERE / "fixtures"
GOLDEN = HERE / "golden"
EXPORT_DATE = date(2026, 4, 2)

CLIENT = ClientInfo("cl_live_01jexportclient000000000000", "UAB „Medžio darbai“", "123456786", "LT123456715")

BASE_SETTINGS = {
    **DEFAULTS,
    "default_expense_code": "6000",
    "default_income_code": "5000",
    "finvalda.warehouse": "CENTR",
    "centas.warehouse": "S1",
}

USD = RateTable("USD", {date(2026, 3, 10): Decimal("1.0850"), date(2026, 3, 11): Decimal("1.0891"),
                        date(2026, 3, 13): Decimal("1.0903")})


def item_rule(rule_id, code, type_, name=None, *, match_code=None, match_text=None, match_partner=None,
              direction=None) -> MappingRule:
    return MappingRule(rule_id, ITEM, direction, match_code, match_text, match_partner, code, type_, name, 100,
                       CLIENT.id)


def partner_rule(rule_id, partner, code) -> MappingRule:
    return MappingRule(rule_id, PARTNER, None, None, None, partner, code, None, None, 100, CLIENT.id)


SOLAR_RULES = (
    item_rule(1, "SAUL-MOD", "goods", "Saulės moduliai 410 W", match_code="SM-410"),
    item_rule(2, "MONTAV", "service", "Montavimo paslaugos", match_text="montavimo"),
)

CASES = {
    "goods_services": {"rules": SOLAR_RULES},
    "several_rates": {"rules": (
        item_rule(3, "TRANSP", "service", match_code="TR-01"),
        item_rule(4, "KANC", "code", "Kanceliarinės prekės", match_partner="300000001", direction="purchase"),
    )},
    "eu_reverse_charge": {"rules": (item_rule(5, "STALAS", "goods", "Ąžuolinis stalas", match_code="ST-200"),)},
    "credit_note": {"rules": SOLAR_RULES},
    # delivered 2026-03-11: the rate of that day
    "foreign_currency": {"rates": USD, "settings": {"centas.foreign_currency": "convert"}, "eur_rate": Decimal("1.0891")},
    "vat_code_12_digits": {"partner_rules": (partner_rule(6, "LT100012345018", "PETRAITIS"),)},
    "diacritics": {"settings": {"item_code_source": "item_code"}},
    "summary_only": {"settings": {"summary_line_code": "ELEKTRA"}},
}
NAMES = tuple(CASES)


def invoice(name: str) -> dict:
    """The fixture's JSON form, for a test to change before it makes the record."""
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def record(dto: dict) -> Invoice:
    """What an export receives: the record, checked against the contract."""
    return Invoice.model_validate(dto)


def eur_rate(name: str) -> Decimal | None:
    return CASES[name].get("eur_rate")


def lookups(name: str, **settings: str) -> ExportLookups:
    case = CASES[name]
    return ExportLookups(
        settings={**BASE_SETTINGS, **case.get("settings", {}), **settings},
        item_rules=case.get("rules", ()),
        partner_rules=case.get("partner_rules", ()),
        client=CLIENT,
        rates=case.get("rates"),
        export_date=EXPORT_DATE,
    )
