"""The error registry of interface.md section 7.2: one exception type per code.

Domain code raises these; the API renders them once into problem+json (api/problems.py);
the pipeline records failures on the job instead. Titles are the human text of the
registry; `detail` says what went wrong with this request.
"""


class ServiceError(Exception):
    code = "internal.server_error"
    status = 500
    title = "Internal server error"

    def __init__(
        self,
        detail: str | None = None,
        *,
        retry_after: int | None = None,
        errors: list[dict] | None = None,
        extra: dict | None = None,
    ):
        super().__init__(detail or self.title)
        self.detail = detail or self.title
        self.retry_after = retry_after
        self.errors = errors
        self.extra = extra or {}


# --- authentication and authorization (7.2, 5) -------------------------------------------
class MissingCredentials(ServiceError):
    code, status, title = "auth.missing_credentials", 401, "No API key sent"


class InvalidKey(ServiceError):
    code, status, title = "auth.invalid_key", 401, "API key unknown or malformed"


class KeyRevoked(ServiceError):
    code, status, title = "auth.key_revoked", 401, "API key revoked"


class KeyExpired(ServiceError):
    code, status, title = "auth.key_expired", 401, "API key expired"


class TooManyFailedAttempts(ServiceError):
    code, status, title = "auth.too_many_failed_attempts", 429, "Too many failed authentications"


class InsufficientScope(ServiceError):
    code, status, title = "auth.insufficient_scope", 403, "API key lacks the required scope"


class TeamSuspended(ServiceError):
    code, status, title = "auth.team_suspended", 403, "Team suspended"


class KeySuspended(ServiceError):
    code, status, title = "auth.key_suspended", 403, "API key suspended"


class IpNotAllowed(ServiceError):
    code, status, title = "auth.ip_not_allowed", 403, "Caller IP not in the key's allowlist"


class BillingSuspended(ServiceError):
    code, status, title = "billing.suspended", 403, "Paid processing suspended"


class ApiAccessDisabled(ServiceError):
    code, status, title = "plan.api_access_disabled", 403, "Plan lacks API access"


class CreditsInsufficient(ServiceError):
    code, status, title = "credits.insufficient", 402, "Not enough credits"


# --- clients ------------------------------------------------------------------------------
class ClientNotFound(ServiceError):
    code, status, title = "client.not_found", 404, "Client not found"


class ClientNotInTeam(ServiceError):
    code, status, title = "client.not_in_team", 403, "Client belongs to another team"


class ClientScopeMismatch(ServiceError):
    code, status, title = "client.scope_mismatch", 403, "Key is scoped to another client"


class ClientModeMismatch(ServiceError):
    code, status, title = "validation.client_mode_mismatch", 400, "Client belongs to the other mode"


# --- rate limits and ingestion ------------------------------------------------------------
class RateLimitExceeded(ServiceError):
    code, status, title = "rate_limit.exceeded", 429, "Rate limit exceeded"


class QueueFull(ServiceError):
    code, status, title = "ingestion.queue_full", 503, "Ingestion queue at capacity"


# --- resources ----------------------------------------------------------------------------
class InvoiceNotFound(ServiceError):
    code, status, title = "invoice.not_found", 404, "Invoice not found"


class JobNotFound(ServiceError):
    code, status, title = "job.not_found", 404, "Job not found"


class ContactNotFound(ServiceError):
    code, status, title = "contact.not_found", 404, "Contact not found"


class InvoiceNotReadyForExport(ServiceError):
    code, status, title = "invoice.not_ready_for_export", 409, "Invoice not ready for export"


class InvoiceExportUnavailableFailed(ServiceError):
    code, status, title = "invoice.export_unavailable_failed", 409, "Invoice processing failed"


class InvoiceExportUnavailablePreprocessing(ServiceError):
    code, status, title = (
        "invoice.export_unavailable_preprocessing",
        409,
        "Export preprocessing skipped the invoice",
    )


class InvoiceNotEditable(ServiceError):
    code, status, title = "invoice.not_editable", 409, "Invoice still being processed"


class AssignmentNotReviewable(ServiceError):
    code, status, title = "invoice.assignment_not_reviewable", 409, "Invoice is not awaiting review"


class AssignmentConflict(ServiceError):
    code, status, title = "invoice.assignment_conflict", 409, "A different review action was already applied"


class AssignmentMoveNeedsReview(ServiceError):
    code, status, title = (
        "invoice.assignment_move_needs_review",
        409,
        "Reassessment against the destination still needs review",
    )


class AssignmentDestinationSameClient(ServiceError):
    code, status, title = (
        "invoice.assignment_destination_same_client",
        400,
        "Move destination equals the current client",
    )


class ReprocessUnavailable(ServiceError):
    code, status, title = "invoice.reprocess_unavailable", 409, "Source file no longer retained"


class ExportInvalidFormat(ServiceError):
    code, status, title = "export.invalid_format", 400, "Unknown export format"


# --- uploads ------------------------------------------------------------------------------
class UploadNoFile(ServiceError):
    code, status, title = "upload.no_file", 400, "No file part"


class UploadInvalidMimeType(ServiceError):
    code, status, title = "upload.invalid_mime_type", 400, "Unsupported file type"


class UploadFileTooLarge(ServiceError):
    code, status, title = "upload.file_too_large", 413, "File over 50 MB"


class UploadFilenameTooLong(ServiceError):
    code, status, title = "upload.filename_too_long", 400, "Filename over 255 bytes"


class UploadPayloadTooLarge(ServiceError):
    code, status, title = "upload.payload_too_large", 413, "Request body too large"


class UploadConcurrentLimitExceeded(ServiceError):
    code, status, title = "upload.concurrent_limit_exceeded", 429, "Too many concurrent uploads"


class UploadFailed(ServiceError):
    code, status, title = "invoice.upload_failed", 500, "Upload could not be stored"


# --- idempotency --------------------------------------------------------------------------
class IdempotencyInProgress(ServiceError):
    code, status, title = "idempotency.request_in_progress", 409, "Request with this key in progress"


class IdempotencyKeyReused(ServiceError):
    code, status, title = (
        "idempotency.key_reused_with_different_params",
        409,
        "Idempotency key reused with a different body",
    )


class IdempotencyBackendUnavailable(ServiceError):
    code, status, title = "idempotency.backend_unavailable", 503, "Idempotency store unavailable"


# --- validation ---------------------------------------------------------------------------
class InvalidBody(ServiceError):
    code, status, title = "validation.invalid_body", 400, "Invalid request body"


class ValidationFailed(ServiceError):
    code, status, title = "validation.failed", 400, "Validation failed"


class InvalidIdempotencyKey(ServiceError):
    code, status, title = "validation.invalid_idempotency_key", 400, "Invalid Idempotency-Key"


# --- pagination ---------------------------------------------------------------------------
class CursorFilterMismatch(ServiceError):
    code, status, title = "pagination.filter_mismatch", 400, "Cursor issued for different filters"


class CursorInvalid(ServiceError):
    code, status, title = "pagination.cursor_invalid", 400, "Cursor malformed or incompatible"


# --- webhooks -----------------------------------------------------------------------------
class WebhookNotFound(ServiceError):
    code, status, title = "webhook.not_found", 404, "Webhook endpoint not found"


class WebhookEndpointLimitExceeded(ServiceError):
    code, status, title = "webhook.endpoint_limit_exceeded", 422, "Webhook endpoint limit reached"


class WebhookUrlNotHttps(ServiceError):
    code, status, title = "webhook.url_not_https", 400, "Webhook URL is not https"


class WebhookUrlInvalidHostname(ServiceError):
    code, status, title = "webhook.url_invalid_hostname", 400, "Webhook URL host is not a public DNS name"


class WebhookUrlResolvesToPrivateIp(ServiceError):
    code, status, title = (
        "webhook.url_resolves_to_private_ip",
        400,
        "Webhook URL host resolves to a private or reserved address",
    )


class WebhookUrlPortNotAllowed(ServiceError):
    code, status, title = "webhook.url_port_not_allowed", 400, "Webhook URL port is not 443"


class WebhookUrlTooLong(ServiceError):
    code, status, title = "webhook.url_too_long", 400, "Webhook URL over 2048 characters"


class WebhookTestRateLimitExceeded(ServiceError):
    code, status, title = (
        "webhook.test_rate_limit_exceeded",
        429,
        "More than 10 test deliveries per hour for the endpoint",
    )


class WebhookDeliveryNotFound(ServiceError):
    code, status, title = "webhook.delivery_not_found", 404, "Webhook delivery not found"


class WebhookDeliveryPayloadUnavailable(ServiceError):
    code, status, title = (
        "webhook.delivery_payload_unavailable",
        409,
        "Delivery payload past the 30-day retention",
    )


# Field-level code of 7.3, carried in errors[] of validation.invalid_body.
SECRET_ROTATION_GRACE_ACTIVE = "webhook.secret_rotation_grace_active"


# --- generic fallbacks --------------------------------------------------------------------
class Maintenance(ServiceError):
    code, status, title = "service.maintenance", 503, "Temporarily unavailable"


class NotFound(ServiceError):
    code, status, title = "http.not_found", 404, "Not found"


class MethodNotAllowed(ServiceError):
    # interface.md has no 405 code; the generic fallback keeps clients branching on `code`.
    code, status, title = "http.method_not_allowed", 405, "Method not allowed"


class Unauthorized(ServiceError):
    code, status, title = "http.unauthorized", 401, "Unauthorized"


class Forbidden(ServiceError):
    code, status, title = "http.forbidden", 403, "Forbidden"


class Conflict(ServiceError):
    code, status, title = "http.conflict", 409, "Conflict"


class InternalError(ServiceError):
    code, status, title = "internal.server_error", 500, "Internal server error"


def field_error(field: str, code: str = "validation.invalid_value") -> dict:
    """One entry of `errors[]` (interface.md 7.3)."""
    return {"field": field, "code": code}
