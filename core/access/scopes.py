"""Scopes of interface.md 5.3."""

INVOICE_READ = "invoice:read"
INVOICE_WRITE = "invoice:write"
INVOICE_EXPORT = "invoice:export"
WEBHOOK_READ = "webhook:read"
WEBHOOK_MANAGE = "webhook:manage"

ALL = (INVOICE_READ, INVOICE_WRITE, INVOICE_EXPORT, WEBHOOK_READ, WEBHOOK_MANAGE)
