"""Who caused a change: the `source` of an event (`api`, `ui`, `system`) and the key or
team member behind it.

Every state change that fires an event records its actor with the event, so a webhook
endpoint's `sourceFilter` (interface.md 2.7, 6 rule 6) can be honoured, and an edit's
history can say who made it.
"""

from dataclasses import dataclass

API, UI, SYSTEM_SOURCE = "api", "ui", "system"
SOURCES = (API, UI, SYSTEM_SOURCE)


@dataclass(frozen=True)
class Actor:
    source: str
    api_key_id: str | None = None
    user_id: str | None = None

    @classmethod
    def api(cls, api_key_id: str) -> "Actor":
        return cls(API, api_key_id=api_key_id)

    @classmethod
    def ui(cls, user_id: str) -> "Actor":
        return cls(UI, user_id=user_id)

    def as_dict(self) -> dict:
        return {"source": self.source, "apiKeyId": self.api_key_id, "userId": self.user_id}


SYSTEM = Actor(SYSTEM_SOURCE)
