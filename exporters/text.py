"""Text that survives the trip into an accounting program.

* Windows-1257 targets (Rivilė EIP): a character cp1257 cannot encode is transliterated
  (anyascii: `ř`→`r`, `Москва`→`Moskva`, `北京`→`BeiJing`). Lithuanian letters and
  everything else cp1257 holds stay as they are: anyascii is asked only about the
  characters the code page lacks, so `Ąžuolas` is never flattened to `Azuolas`.
  A character with no transliteration becomes `?` in free text and is reported; in a
  code it is an error (a code that changes silently points at another card).
* XML 1.0 cannot carry most control characters: they become spaces.
* CSV cells that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR
  first) are neutralised with a leading apostrophe, the OWASP recommendation.
"""

import unicodedata

from anyascii import anyascii

_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


class UnencodableCode(ValueError):
    """A code holds a character that has no faithful form in the target encoding."""


def xml_safe(text: str) -> str:
    """Replace what XML 1.0 forbids (C0 controls except tab/newline, surrogates, U+FFFE/F)."""
    out = []
    for ch in text:
        cp = ord(ch)
        if (cp < 0x20 and ch not in "\t\n\r") or 0xD800 <= cp <= 0xDFFF or cp in (0xFFFE, 0xFFFF):
            out.append(" ")
        else:
            out.append(ch)
    return "".join(out)


def _encodable(ch: str, encoding: str) -> bool:
    try:
        ch.encode(encoding)
    except UnicodeEncodeError:
        return False
    return True


def transliterate(text: str, encoding: str = "cp1257", replaced: list[str] | None = None) -> str:
    """`text` with every character `encoding` lacks transliterated; unmappable ones become `?`.

    Characters that had to become `?` are appended to `replaced` (when given), so callers
    can report them instead of losing them silently.
    """
    out = []
    for ch in unicodedata.normalize("NFC", xml_safe(text)):
        if _encodable(ch, encoding):
            out.append(ch)
            continue
        if unicodedata.category(ch) in ("Cf", "Mn"):  # zero-width marks and joiners carry no text
            continue
        latin = anyascii(ch)
        if latin and all(_encodable(c, encoding) for c in latin):
            out.append(latin)
        else:
            out.append("?")
            if replaced is not None:
                replaced.append(ch)
    return "".join(out)


def code_for(text: str, encoding: str = "cp1257") -> str:
    """A code (partner, item, account) in `encoding`, transliterated but never guessed."""
    lost: list[str] = []
    value = transliterate(text, encoding, lost)
    if lost:
        raise UnencodableCode(f"code {text!r} holds characters with no {encoding} form: {''.join(lost)!r}")
    return value


def neutralise_formula(value: str) -> str:
    """A CSV text cell that no spreadsheet will evaluate."""
    if value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


def clip(text: str | None, length: int) -> str:
    """Cut a free-text value to a field's length (codes are never cut: see preprocess)."""
    return (text or "").strip()[:length].rstrip()
