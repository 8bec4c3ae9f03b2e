"""Whole documents: where the invoices of a file of several begin and end (``boundaries``)."""
