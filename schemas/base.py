"""What every request body of the API shares: unknown fields are refused, values are
taken as sent (no silent coercion of "1" into 1), and field names are the camelCase of
interface.md."""

from pydantic import BaseModel, ConfigDict


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True, frozen=True)
