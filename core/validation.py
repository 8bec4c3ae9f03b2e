"""Request bodies checked by their pydantic models (schemas/), errors in the 7.3 shape.

Every JSON body of the API goes through `parse`: the model says what is valid, and a
failure becomes one 400 `validation.invalid_body` whose `errors[]` lists every field that
failed with an interface.md 7.3 code, so a partner can fix all of them in one round.
Validators in schemas/ raise `PydanticCustomError` with a 7.3 code as its type
(`validation.invalid_format`, `validation.invalid_public_id`, ...); pydantic's own error
types are translated here.
"""

from typing import Any, TypeVar

import pydantic

from core import errors

M = TypeVar("M", bound=pydantic.BaseModel)

_BY_TYPE = {
    "missing": "validation.required",
    "extra_forbidden": "validation.invalid_value",
    "literal_error": "validation.invalid_enum",
    "enum": "validation.invalid_enum",
    "string_too_short": "validation.length",
    "string_too_long": "validation.length",
    "too_short": "validation.length",
    "too_long": "validation.length",
    "string_pattern_mismatch": "validation.invalid_format",
    "url_parsing": "validation.invalid_format",
    "url_scheme": "validation.invalid_format",
    "date_from_datetime_parsing": "validation.invalid_format",
    "date_parsing": "validation.invalid_format",
    "datetime_parsing": "validation.invalid_format",
    "decimal_parsing": "validation.invalid_format",
    "model_type": "validation.invalid_type",
    "model_attributes_type": "validation.invalid_type",
    "dict_type": "validation.invalid_type",
    "list_type": "validation.invalid_type",
    "string_type": "validation.invalid_type",
    "bool_type": "validation.invalid_type",
    "bool_parsing": "validation.invalid_type",
    "int_type": "validation.invalid_type",
    "int_parsing": "validation.invalid_type",
    "int_from_float": "validation.invalid_type",
    "float_type": "validation.invalid_type",
    "none_required": "validation.invalid_type",
}


def field_path(loc: tuple) -> str:
    """('lines', 2, 'netAmount') -> 'lines[2].netAmount'; union branch tags are dropped."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif isinstance(part, str) and (part.startswith("function-") or "[" in part or part in ("str", "dict", "list")):
            continue  # pydantic names the union member it tried; the partner needs the field
        else:
            out += f".{part}" if out else part
    return out or "body"


def code_of(error: dict) -> str:
    kind = error["type"]
    if kind.startswith("validation.") or kind.startswith("webhook."):
        return kind
    if kind.endswith("_type") and kind not in _BY_TYPE:
        return "validation.invalid_type"
    return _BY_TYPE.get(kind, "validation.invalid_value")


def field_errors(exc: pydantic.ValidationError) -> list[dict]:
    seen, out = set(), []
    for error in exc.errors(include_url=False):
        entry = errors.field_error(field_path(error["loc"]), code_of(error))
        key = (entry["field"], entry["code"])
        if key not in seen:
            seen.add(key)
            out.append(entry)
    return out


def parse(model: type[M], data: Any) -> M:
    """The body as `model`, or 400 validation.invalid_body listing every failed field."""
    if not isinstance(data, dict):
        raise errors.InvalidBody(
            "The body must be a JSON object.", errors=[errors.field_error("body", "validation.invalid_type")]
        )
    try:
        return model.model_validate(data)
    except pydantic.ValidationError as exc:
        found = field_errors(exc)
        names = ", ".join(f"{e['field']} ({e['code'].split('.', 1)[1]})" for e in found[:10])
        raise errors.InvalidBody(f"Invalid fields: {names}.", errors=found) from exc
