"""Who may do what: API keys, dashboard members, the operator, and the secrets behind them.

- `keys`, `scopes`, `auth`: API key format and storage, scopes (interface.md 5.2, 5.3) and
  authentication of a bearer key (section 5);
- `access`: the access generation, so a revoked key or suspended team stops at once;
- `actors`: who caused a change (`api`, `ui`, `system`, and the key or member behind it);
- `members`, `member_sessions`, `password_links`: dashboard members, their sessions, and
  the one-time links that set a password;
- `secret_key`, `sealing`: the service's signing key, and secrets sealed at rest;
- `admin`, `admin_lists`: the operator's commands (`invoices admin ...`) and what they list.
"""
