"""Reading HTML forms into the API's bodies, so the same pydantic models check them."""

from core import errors


def listed(form: dict, name: str) -> list[str]:
    """A field that may repeat (checkboxes): always a list."""
    value = form.get(name)
    if value is None:
        return []
    return [v for v in (value if isinstance(value, list) else [value]) if isinstance(v, str)]


def text(form: dict, name: str) -> str | None:
    """A single text field: stripped, None when empty."""
    value = form.get(name)
    if isinstance(value, list):
        value = value[-1] if value else None
    value = (value or "").strip() if isinstance(value, str) else None
    return value or None


def present(form: dict, names) -> dict:
    """The fields of `names` that the form sent, empty ones as None (a merge patch clears them)."""
    return {name: text(form, name) for name in names if name in form}


def integer(form: dict, name: str, default: int = 0) -> int:
    """A whole-number field (a hidden `version`, a page number): a value that is not one is
    400 validation.invalid_body, never an internal error."""
    value = text(form, name)
    if value is None:
        return default
    if not value.isascii() or not value.isdigit() or len(value) > 18:
        raise errors.InvalidBody(f"{name} must be a whole number.", errors=[errors.field_error(name, "validation.invalid_type")])
    return int(value)
