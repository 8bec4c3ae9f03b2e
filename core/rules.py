"""The invoice rules that core applies but does not own, passed in as plain functions.

The assignment gate and the validation checks are document rules (assets/): the pipeline
and the API hand them to core at start-up (`assets.rules.RULES`), so core stays free of
the document engine and tests can give it rules of their own.
"""

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class InvoiceRules:
    # (invoice DTO, the upload's client id or None, the team's ClientRefs of the mode) -> assignment object
    assess: Callable[[dict, "str | None", list], dict]
    # (invoice DTO, destination ClientRef, the team's ClientRefs) -> assignment object of a move
    reassess_for: Callable[[dict, object, list], dict]
    # invoice DTO -> (validation object, confidence field map), recomputed after an edit
    revalidate: Callable[[dict], tuple[dict, dict]]
