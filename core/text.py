"""Characters that never belong in a name, and what happens to them (one policy per kind).

Names and other free text a caller sends (client, contact and team names, invoice text
fields, webhook descriptions, member names) are *refused* when they hold a control
character (Unicode Cc: U+0000–U+001F, U+007F–U+009F; line breaks and tabs are allowed in
multi-line text only) or a bidirectional embedding, override or isolate (U+202A–U+202E,
U+2066–U+2069), which would make a stored name display as something else: 400
`validation.invalid_body` with the field's `validation.invalid_value` entry.

Uploaded file names are the partner's own and are *stripped* of the same characters instead
(the upload is kept, its `sourceFile` is the cleaned name), since a file system may well have
produced them.
"""

import re

from core import errors

_BIDI = "\u202a-\u202e\u2066-\u2069"
UNSAFE = re.compile(f"[\x00-\x1f\x7f-\x9f{_BIDI}]")
UNSAFE_IN_MULTILINE = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f{_BIDI}]")


def is_safe(value: str, multiline: bool = False) -> bool:
    return (UNSAFE_IN_MULTILINE if multiline else UNSAFE).search(value) is None


def check_name(value: str | None, field: str = "name") -> str | None:
    """The name as sent, or 400 validation.invalid_body naming the field."""
    if value is not None and not is_safe(value):
        raise errors.InvalidBody(
            f"{field} holds a control or bidirectional-override character.",
            errors=[errors.field_error(field, "validation.invalid_value")],
        )
    return value


def stripped(value: str) -> str:
    """A file name without control or bidirectional-override characters."""
    return UNSAFE.sub("", value)
