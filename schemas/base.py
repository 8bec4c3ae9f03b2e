"""What every request body of the API shares: unknown fields are refused, values are
taken as sent (no silent coercion of "1" into 1), and field names are the camelCase of
interface.md.

What the API answers is the other way round: a `Reply` allows fields it does not name,
because interface.md (6 rule 9, 9 rule 3) lets new optional fields appear at any time
and clients must ignore them; the models say what is promised, not all that is sent.
"""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True, frozen=True)


class Reply(BaseModel):
    model_config = ConfigDict(extra="allow")


# ISO 8601 UTC with milliseconds, as interface.md writes every timestamp.
Timestamp = Annotated[str, Field(pattern=r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$")]
# A calendar date YYYY-MM-DD (invoice.md "Conventions").
CalendarDate = Annotated[str, Field(pattern=r"^\d{4}-\d{2}-\d{2}$")]
# Money, quantities and rates: a plain decimal string with a dot (invoice.md "Conventions").
DecimalString = Annotated[str, Field(pattern=r"^-?\d+(\.\d+)?$")]
ModeName = Literal["live", "test"]
