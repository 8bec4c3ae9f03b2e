"""What a team may use and what it pays: credits, plans and the shared counters.

- `credits`: the credit ledger (grant, hold, charge, release) and the running balance;
- `plans`: a team's plan: request rates per key, queue-depth ceiling, uploads in flight;
- `ratelimits`: the shared counters that enforce them across workers and nodes.

The plan-independent limits of interface.md section 8 are in `core.limits`.
"""
