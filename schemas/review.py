"""Bodies of the review actions (interface.md 3.3, 4)."""

from schemas.base import Body
from schemas.fields import ClientId


class MoveBody(Body):
    """`clientId`: the destination client (interface.md leaves the field name to us);
    `force`: move even when the reassessment against it still needs review."""

    clientId: ClientId
    force: bool = False


class NoBody(Body):
    """approve and discard carry nothing."""
