"""The limits of interface.md section 8, in one place.

Modules that enforce a limit import it from here, so the contract's table and the code
cannot drift apart. The plan-dependent limits (requests per minute and hour, queue depth,
uploads in flight) are per team: see `core.billing.plans`.
"""

MB = 1024 * 1024

BATCH_FILES = 10                          # files per POST /invoices/batch
FILE_BYTES = 50 * MB                      # each uploaded file
SINGLE_BODY_BYTES = 50 * MB + MB          # a single upload: the file plus multipart framing and fields
BATCH_BODY_BYTES = 500 * MB               # a batch upload
JSON_BODY_BYTES = 1 * MB                  # any other API request body (JSON); ours, not the contract's
FORM_BODY_BYTES = 256 * 1024              # a dashboard form; ours
JSON_DEPTH = 32                           # nesting of arrays and objects in a JSON body; ours
FILENAME_BYTES = 255                      # uploaded file names
IDEMPOTENCY_KEY_BYTES = 255               # Idempotency-Key: 1-255 printable characters
WEBHOOK_ENDPOINTS = 20                    # per team
WEBHOOK_URL_CHARS = 2048                  # https, port 443
TEST_DELIVERIES_PER_HOUR = 10             # per endpoint
DELIVERY_ATTEMPTS = 8                     # per event delivery
DELIVERY_TIMEOUT_S = 30                   # a receiver's whole answer, 2xx required
EVENT_PAYLOAD_BYTES = 1_000_000           # then the oversized envelope
JOB_RETENTION_DAYS = 30                   # after the terminal state
DELIVERY_PAYLOAD_RETENTION_DAYS = 30      # redelivery
SECRET_ROTATION_GRACE_HOURS = 24          # the previous secret keeps signing
