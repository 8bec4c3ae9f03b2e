"""A refused form in words a bookkeeper reads, in the page's language.

Domain errors carry a registry code (`webhook.url_not_https`) and field entries with 7.3
codes (`validation.invalid_format`); both are for programs. `explain` turns one into what
the templates show: a sentence for the whole problem and one per field, beside its input.
Codes themselves never reach the page. An error without a sentence of its own is shown
with a general one (and, on English pages, the error's own English detail).
"""

import re
from dataclasses import dataclass, field

from core.books.export_settings import BY_KEY as EXPORT_SETTINGS
from dashboard import i18n
from dashboard.numbers import AMBIGUOUS, INVALID


def N_(text: str) -> str:
    return text


PROBLEMS = {
    "validation.invalid_body": N_("Some fields need fixing; see the messages beside them. Nothing was saved."),
    "validation.failed": N_("Some fields need fixing; see the messages beside them. Nothing was saved."),
    "http.conflict": N_("Someone saved this invoice meanwhile, so your changes were not saved. Your values are kept below."),
    "invoice.not_editable": N_("The invoice is still being processed or waits for review; edit it once it is processed."),
    "invoice.not_found": N_("The invoice is no longer there."),
    "webhook.url_not_https": N_("The address must start with https://."),
    "webhook.url_invalid_hostname": N_("The address must name a public host (a DNS name, not an IP address)."),
    "webhook.url_resolves_to_private_ip": N_("The address leads into a private network; give a public one."),
    "webhook.url_port_not_allowed": N_("Only the standard https port (443) is allowed."),
    "webhook.url_too_long": N_("The address is longer than 2048 characters."),
    "webhook.endpoint_limit_exceeded": N_("The team has as many endpoints as it may have; delete one first."),
    "webhook.test_rate_limit_exceeded": N_("At most 10 test events an hour per endpoint; try again later."),
    "client.not_found": N_("That client does not exist (any more); reload the page."),
    "validation.client_mode_mismatch": N_("That client belongs to test mode; choose a live one."),
    "invoice.assignment_move_needs_review": N_("The chosen client is not a party of this invoice either."),
    "invoice.assignment_destination_same_client": N_("The invoice is already uploaded for that client; approve it instead."),
    "invoice.assignment_conflict": N_("Someone else has just resolved this invoice differently."),
    "invoice.assignment_not_reviewable": N_("This invoice no longer waits for review."),
    "job.not_found": N_("The job is no longer there."),
    "key.invalid_scopes": N_("Choose at least one scope."),
    "job.not_parked": N_("The job no longer waits for credits, so it cannot be cancelled."),
    "invoice.not_ready_for_export": N_("The invoice is still being processed; export it once it is processed."),
    "invoice.export_unavailable_failed": N_("The invoice's processing failed, so there is nothing to export."),
    "invoice.export_unavailable_preprocessing": N_(
        "The export cannot be made yet: a code or setting it needs is missing, or the amounts do not add up."),
    "export.invalid_format": N_("There is no such export format."),
    "upload.invalid_mime_type": N_("This file is not a PDF, JPEG, PNG or WebP document."),
    "upload.file_too_large": N_("The file is larger than 50 MB."),
    "upload.payload_too_large": N_("The file is larger than 50 MB."),
    "upload.filename_too_long": N_("The file name is longer than 255 bytes; rename the file."),
    "upload.no_file": N_("No file was sent."),
    "upload.concurrent_limit_exceeded": N_("Too many uploads are in progress for your team; this file will be retried."),
    "ingestion.queue_full": N_("The processing queue of your team is full; try again in a minute."),
    "billing.suspended": N_("Paid processing is suspended for your team; uploads are refused until it is lifted."),
    "auth.team_suspended": N_("Your team is suspended."),
    "invoice.upload_failed": N_("The file could not be stored; try again."),
    "idempotency.request_in_progress": N_("This file is still being sent; wait for it."),
    "idempotency.key_reused_with_different_params": N_("This file was already sent differently; reload the page."),
    "validation.invalid_idempotency_key": N_("The upload could not be sent; reload the page."),
    "webhook.delivery_payload_unavailable": N_(
        "The event is older than 30 days: its content is no longer kept, so it cannot be sent again."),
}
# Errors whose detail names what to fix (written for operators, in English): shown after our sentence.
WITH_DETAIL = frozenset({"invoice.export_unavailable_preprocessing"})
ON_A_PAGE = N_("This address or its parameters cannot be used.")
GENERAL = N_("This could not be done.")

FIELDS = {
    "validation.required": N_("Fill this in."),
    "validation.invalid_format": N_("This is not written the expected way."),
    "validation.invalid_value": N_("This value is not accepted."),
    "validation.invalid_type": N_("This value is not accepted."),
    "validation.invalid_enum": N_("Choose one of the offered values."),
    "validation.length": N_("This is too long or too short."),
    "validation.invalid_public_id": N_("This id is not valid."),
    "validation.client_mode_mismatch": N_("That client belongs to test mode."),
    AMBIGUOUS: N_("Ambiguous: write 1234,5 for a decimal or 1 234 for thousands."),
    INVALID: N_("Not a number: write it like 47 488,52."),
}
# What an invalid format means for a kind of field.
FORMATS = {
    "date": N_("Write a date as YYYY-MM-DD, e.g. 2026-03-31."),
    "vatCode": N_("A VAT code with its country prefix, e.g. LT100001234567; this one fails its check."),
    "companyCode": N_("A company code of 9 digits (or the foreign register's code); this one fails its check."),
    "iban": N_("An IBAN such as LT12 1000 0111 0100 1000; this one fails its check."),
    "currency": N_("A three-letter currency code, e.g. EUR."),
    "email": N_("An email address, e.g. buhalterija@example.lt."),
    "url": N_("A full address starting with https://."),
    "number": N_("Not a number: write it like 47 488,52."),
}
_DATES = ("issueDate", "dueDate", "deliveryDate")
_NUMBERS = ("net", "vat", "gross", "payable", "discount", "prepaid", "quantity", "unitPrice", "netAmount",
            "vatRate", "vatAmount", "grossAmount", "rate", "taxableAmount")


def _kind(path: str) -> str | None:
    leaf = path.rsplit(".", 1)[-1]
    if leaf in _DATES:
        return "date"
    if leaf in _NUMBERS:
        return "number"
    if leaf in ("vatCode", "companyCode", "iban", "currency", "email", "url"):
        return leaf
    return None


def field_message(path: str, code: str) -> str:
    if code == "validation.invalid_format" and _kind(path) in FORMATS:
        return i18n.gettext(FORMATS[_kind(path)])
    return i18n.gettext(FIELDS.get(code) or PROBLEMS.get(code) or FIELDS["validation.invalid_value"])


@dataclass
class Explained:
    """What the page shows of a refusal."""

    code: str
    status: int
    message: str
    fields: dict[str, str] = field(default_factory=dict)  # field path -> sentence
    extra: dict = field(default_factory=dict)

    def __bool__(self) -> bool:
        return True


def explain(error, fields: dict[str, str] | None = None) -> Explained:
    """A domain error (or anything with `code`, `status`, `detail`, `errors`) in words."""
    code = getattr(error, "code", "") or ""
    known = PROBLEMS.get(code)
    if known:
        message = i18n.gettext(known)
    elif i18n.current() == "en" and getattr(error, "detail", None):
        message = f"{i18n.gettext(GENERAL)} {error.detail}"
    else:
        message = i18n.gettext(GENERAL)
    by_field = {e["field"]: field_message(e["field"], e["code"]) for e in getattr(error, "errors", None) or []}
    by_field.update(fields or {})
    return Explained(code, int(getattr(error, "status", 400) or 400), message, by_field, dict(getattr(error, "extra", {}) or {}))


def refusal(code: str, status: int = 400, fields: dict[str, str] | None = None, **extra) -> Explained:
    """A refusal the dashboard itself decides (no domain error behind it)."""
    return Explained(code, status, i18n.gettext(PROBLEMS.get(code, GENERAL)), dict(fields or {}), extra)


def error_page_detail(error) -> str | None:
    """The sentence an error page adds under its title: ours (with the detail where it
    names the fix), or on English pages the detail. A refused request of a page that is no
    form (a bad filter or cursor) is not told to fix fields beside it."""
    code, detail = getattr(error, "code", ""), getattr(error, "detail", None)
    if code in ("validation.invalid_body", "validation.failed") or code.startswith("pagination."):
        return detail if i18n.current() == "en" else i18n.gettext(ON_A_PAGE)
    known = PROBLEMS.get(code)
    if known:
        return f"{i18n.gettext(known)} {detail}" if code in WITH_DETAIL and detail else i18n.gettext(known)
    return detail if i18n.current() == "en" else None


_SETTING_IN_DETAIL = re.compile(r"export setting `?([a-z_.]+)`?")


def setting_link(client_id: str | None, detail: str | None) -> str | None:
    """Where a refused export is fixed: the field its detail names (`... set the export setting
    finvalda.warehouse`) on the client's export set-up page."""
    found = _SETTING_IN_DETAIL.search(detail or "")
    if not client_id or not found or found.group(1) not in EXPORT_SETTINGS:
        return None
    return f"/app/clients/{client_id}/export#setting-{found.group(1)}"
