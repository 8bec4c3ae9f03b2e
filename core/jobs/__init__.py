"""The job lifecycle (interface.md 2.2 and 3.1): from an upload to a terminal state.

- `uploads`: upload rules free of HTTP (accepted types, limits, the request fingerprint);
- `idempotency`: Idempotency-Key claims and replays (interface.md 4, rule 2);
- `admission`: files in the blob store become jobs, credits held, the upload in the outbox;
- `member_uploads`: a team member's upload in the dashboard, through the same admission;
- `processing`: the state changes while the pipeline works on a job (claim, fail, park);
- `completion`: an invoice completed for its client, or held for review;
- `resume`: parked jobs resumed when a team's balance rises;
- `reprocess`: a job's document through the pipeline again;
- `reconcile`: outbox messages the API could not send, and uploads Kafka lost;
- `leases`, `offsets`: which stream run consumes which partitions, and how far;
- `observe`: what the pipeline reports about a finished job (metrics);
- `retention`: what the service forgets, and when;
- `records`: jobs as partners read them, their statuses and the lookups the API needs.
"""
