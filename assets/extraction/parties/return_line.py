"""The return line over an envelope's window ("Bei Spiel GmbH ● Ecke 12 ● 12345
Stadthausen"): the sender printed small on one line, a name, its street and town set apart
by bullets. Whoever sends the letter is its seller, never the addressee under it; the line
survives OCR only in pieces, so it is parted at the bullets as printed, as OCR boxed them or
as it read them.
"""

from __future__ import annotations

import re

from .. import per_document
from ..layout import Layout
from ..lines import TextLine
from ..thresholds import BULLET_GAP, RETURN_RUN_GAP
from .names import _POSTAL, _core_name, _has_legal_form, looks_like_name

# A bullet as printed, or as OCR reads the small disc ("®e", "«e", "°"): a sign with at most
# a letter of its ring, set apart by spaces.
_RETURN_SEPARATORS = re.compile(r"\s+[●•·|▪◦∙]\s+|\s+[-–]\s+|\s+[®©«»°]\w?\s+")


def _return_parts(line: TextLine) -> list[str]:
    """A return line's parts: name, street, town, at its bullets as printed, as OCR boxed
    them or as it read them. The line ends at a column's gap: OCR may put the letterhead's
    town beside it on the same line."""
    words = _run(line)
    parts = _bulleted(words, line.height)
    if len(parts) >= 2:
        return parts
    text = " ".join(w.text for w in words)
    parts = [p for p in _RETURN_SEPARATORS.split(text) if p.strip()]
    return parts if len(parts) >= 2 else _parted_by_letters(text)


def _run(line: TextLine) -> list:
    """The line's words up to the first gap as wide as a column's."""
    words = line.words[:1]
    for w in line.words[1:]:
        if w.x0 - words[-1].x1 > RETURN_RUN_GAP * line.height:
            break
        words.append(w)
    return words


def _bulleted(words: list, height: float) -> list[str]:
    """Parts at the bullets OCR boxed, whatever it read them as ("e", "+", "®e"): a lone
    mark of one glyph (one character, or a box no wider than the line is high), no digit,
    set apart by gaps wider than a space on both sides. A word of one letter ("Rossi e
    Figli") stands a space from its neighbours."""
    parts: list[list[str]] = [[]]
    for k, w in enumerate(words):
        if 0 < k < len(words) - 1 and (len(w.text) == 1 or w.width <= height) \
                and not any(c.isdigit() for c in w.text) \
                and min(w.x0 - words[k - 1].x1, words[k + 1].x0 - w.x1) > BULLET_GAP * height:
            parts.append([])
        else:
            parts[-1].append(w.text)
    return [" ".join(p) for p in parts if p] if len(parts) > 1 else []


def _parted_by_letters(text: str) -> list[str]:
    """A return line whose every bullet OCR read as the same lone small letter ("Bei Spiel
    GmbH e Ecke 12 e 12345 Stadthausen"): parted at that letter where it stands alone at
    least twice, and into three parts at least; else the line whole. One "e" is a word
    ("Rossi e Figli S.r.l."), the same one twice in a line of a name and an address is not."""
    for letter in sorted(set(re.findall(r"(?<=\s)[a-z](?=\s)", text))):
        pieces = re.split(rf"\s+{letter}\s+", text)
        if len(pieces) >= 3 and all(p.strip() for p in pieces):
            return pieces
    return [text]


@per_document.memoized  # asked of every upper line by the window, the parties and the sender
def _return_line_sender(line: TextLine) -> str | None:
    """The sender named by a return line over a window ("Bei Spiel GmbH ● Ecke 12 ● 12345
    Stadthausen"): a name, then its street and postal code, set apart by separators, on one
    line. Whoever sends the letter is not its addressee."""
    parts = _return_parts(line)
    if len(parts) < 2 or not any(_POSTAL.search(p) for p in parts[1:]) or _POSTAL.search(parts[0]):
        return None
    # Street and town may stand in one part where OCR lost the bullet between them
    # ("Bei Spiel GmbH ®e Ecke12 e 12345 Stadthausen"): then the name needs its legal form,
    # and no number of a street ("S.A. ul. Długa 40 - 66-557 Gdańsk" is an address).
    if len(parts) == 2 and (not _has_legal_form(parts[0]) or re.search(r"\d", parts[0])):
        return None
    core = _core_name(parts[0])
    return core if len(core) >= 4 and looks_like_name(parts[0]) else None


def return_senders(layout: Layout) -> set[str]:
    """The names (their cores) that return lines over a window send from, in the upper
    half of the first page: the letter's sender, its seller."""
    if 1 not in layout.lines:
        return set()
    _, height = layout.page_size(1)
    return {core for line in layout.lines[1] if line.cy < 0.5 * height
            and (core := _return_line_sender(line)) is not None}
