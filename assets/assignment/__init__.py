"""The client-assignment gate (interface.md 3.1, 3.3): does an invoice belong to the client
it was uploaded for?

Pure functions over the invoice DTO and the team's clients of the invoice's mode; no
store, no transport. `assess` gives the assignment object of the DTO.
"""

from assets.assignment.assess import (
    CONFIRMED,
    EXEMPT,
    NEEDS_REVIEW,
    Assessment,
    assess,
    reassess_for,
    score_client,
)

__all__ = ["CONFIRMED", "EXEMPT", "NEEDS_REVIEW", "Assessment", "assess", "reassess_for", "score_client"]
