"""The `invoices` command line: operators' admin commands, local extraction, stack helpers."""
