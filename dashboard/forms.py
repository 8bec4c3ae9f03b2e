"""Reading HTML forms into the API's bodies, so the same pydantic models check them."""


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
