"""The problem+json body of every error (interface.md 7.1), rendered by api/problems.py."""

from pydantic import Field

from schemas.base import Reply


class FieldError(Reply):
    field: str
    code: str = Field(description="a 7.3 code, e.g. validation.required")


class Problem(Reply):
    type: str = Field(description="{docs_url}/errors/error-registry")
    title: str
    status: int
    code: str = Field(description="stable; clients branch on it")
    detail: str
    instance: str = Field(description="the request path")
    requestId: str = Field(pattern=r"^req_")
    errors: list[FieldError] | None = Field(default=None, description="on validation.invalid_body")
