"""The team's books: invoices, the clients and contacts they belong to, and their exports.

- `invoices`: the invoice record (spec/invoice.md) as stored and as partners read it;
- `invoice_edits`, `invoice_deletion`: changes by the team (API and dashboard);
- `review`: client-assignment review (interface.md 3.3): approve, move or discard;
- `duplicates`: the same invoice uploaded twice (`duplicateOf`);
- `clients`, `contacts`: a team's clients (interface.md 2.6) and its counterparties;
- `exports`, `export_settings`, `export_mapping`: what an export reads, each client's codes
  per accounting program, and the mapping rules of lines and partners to those codes;
- `currency_rates`: euro reference rates for non-EUR invoices;
- `isaf`: a client's i.SAF register of a month;
- `extraction_comparisons`: the store's side of the page-versus-XML comparisons.
"""
