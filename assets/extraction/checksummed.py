"""Codes read again under their checksums, from what the reader weighed for each character.

A far photo's "LT918805710" comes out of PP-OCR as "LT918605710": the check digit fails, and
the code is lost. The recogniser was unsure there ("6" at 0.47, "8" at 0.33) and says so
(``Word.choices``). A VAT code or an IBAN carries its own check, as does a Lithuanian
company code, so of the strings the recogniser's choices allow, the likeliest one that
passes it is what was printed, where one stands clearly above the others:
checksum-constrained decoding, before any rule reads the page. Nine digits are read so only
on a page an LT VAT code, postal code or IBAN shows to be Lithuanian (elsewhere they are a
French SIREN, a telephone, an order, and one string in eleven passes the check); anywhere
else, only where the word's views agree (below). Every other word, and every code the page
printed valid or past its choices, stays as read; a code so read keeps the reader's
confidence, shared with any other valid reading.

The same reading again serves an item row whose amount does not add up
(``tables.items``): the row's quantity x price is its check.

Only substitutions are tried (a character read for another, never one lost or added), at
most ``REREAD_MAX_CHANGES`` of them, each to a character the recogniser gave at least
``REREAD_MIN_CHOICE``; the winner must be at least ``REREAD_MIN_RATIO`` as likely as the
reading itself and ``REREAD_MARGIN`` times likelier than the next valid string, or the word
stays as read (``thresholds``) unless its views confirm it: at least ``VIEWS_MIN_VOTES`` of
them read the winner's characters wherever it and the next differ, and none the next's
("L7760899815" in two crops says "LT760899815", not "LT760099015").

Before the choices, a code read alone again from other crops of its box (``Word.views``:
on PP-OCR's pages, and on Tesseract's where it doubted the word, by PP-OCR's recogniser) is
read as its views say: where views pass the check, the reading most of
them give, at least ``VIEWS_MIN_VOTES`` of them and more than any other passing reading,
within ``VIEWS_MAX_EDITS`` of what was first read ("L656768314", read "LT656768314" in
three of six crops). A view may also find a code whose first reading no longer looked
like one ("88102252264" for "EE102252264").

A word no checksum covers is read as its views read it only where they agree on a
separator its first reading took for a digit (``read_separators``: "20251183", "2025/183"
in all six views): Tesseract reads a slash as a one or a seven, which PP-OCR's recogniser,
reading the word alone, does not.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from assets.ocr.model import Document, Page, Word

from .company_codes import lt_company_code_checks, lt_company_code_format_ok
from .identifiers import iban_is_valid
from .normalize import edit_distance
from .thresholds import (
    REREAD_MARGIN,
    REREAD_MAX_CHANGES,
    REREAD_MIN_CHOICE,
    REREAD_MIN_RATIO,
    SEPARATOR_MAX_PLACES,
    SEPARATOR_VOTES,
    VIEWS_MAX_EDITS,
    VIEWS_MIN_VOTES,
)
from .vat_codes import vat_is_valid

# A VAT code as one word (after a label glued to it by a colon): two letters or what OCR
# makes of them, maybe a speck, then eight to fourteen characters; an IBAN's first group
# ("LT48"), its other groups (up to four characters each) following on the line.
_VAT_SHAPE = re.compile(r"[A-Z0-9(\[|!]{2}[.\-/]?[0-9A-Z]{8,14}")
_IBAN_HEAD = re.compile(r"[A-Z]{2}\d{2}")
_IBAN_GROUP = re.compile(r"[0-9A-Z]{1,4}")
# A VAT code at the end of a view that also read a label before it ("NO.LT108927845016").
_VAT_AT_END = re.compile(r"[A-Z]{2}[0-9A-Z]{8,12}$")

Position = tuple[tuple[str, float], ...]  # the character read first, then the alternatives


def reread(doc: Document, log: list[dict] | None = None) -> Document:
    """``doc`` with every VAT code and IBAN whose checksum failed read again from its word's
    views or its words' choices where that decides it; the same object where no word has
    either or none changed.
    ``log`` receives each word so read: its page, what was read, what it is read as and the
    share of the likelihood of every valid reading it has (``invoices extract --explain``)."""
    if not any(w.choices or w.views for page in doc.pages for w in page.words):
        return doc
    pages = [_page(page, log) for page in doc.pages]
    if all(new is old for new, old in zip(pages, doc.pages)):
        return doc
    return replace(doc, pages=pages)


def _page(page: Page, log: list[dict] | None) -> Page:
    if not any(w.choices or w.views for w in page.words):
        return page
    words = list(page.words)
    index = {id(w): k for k, w in enumerate(words)}
    changed = False
    lithuanian = _shows_lithuania(page)
    for line in page.lines():
        for check, run, by_choices in _code_runs(line.words, lithuanian):
            if any(words[index[id(w)]] is not w for w in run):
                continue  # a word already read again as part of another run
            reading, by = (read_in_views(run[0], check), "views") if len(run) == 1 else (None, "")
            if reading is None and by_choices:
                reading, by = likeliest_reading(run, check), "choices"
            if reading is None:
                continue
            texts, share = reading
            for word, text in zip(run, texts):
                if text != word.text:
                    words[index[id(word)]] = replace(word, text=text, conf=word.conf * share, choices=None, views=None)
                    if log is not None:
                        log.append({"page": page.number, "read": word.text, "as": text, "by": by,
                                    "share": round(share, 3)})
            changed = True
    for k, word in enumerate(words):
        reading = read_separators(word)
        if reading is not None:
            text, share = reading
            words[k] = replace(word, text=text, views=None)
            if log is not None:
                log.append({"page": page.number, "read": word.text, "as": text, "by": "separators",
                            "share": round(share, 3)})
            changed = True
    return replace(page, words=words) if changed else page


def read_separators(word: Word) -> tuple[str, float] | None:
    """``word`` as its views read it where they agree (``SEPARATOR_VOTES`` of them) that a
    slash, dash or point stands where it was read as a digit or a stroke, at no more than
    ``SEPARATOR_MAX_PLACES`` places and nowhere else ("20251183", "2025/183" in all six
    views: Tesseract reads a slash as a one or a seven), with the share of the views that
    read it; None otherwise, and for a code its checksum passes as read."""
    if not word.views or _vat_reads(word.text) or _iban_reads(word.text):
        return None
    view, n = Counter(v.replace(" ", "") for v in word.views).most_common(1)[0]
    if n < SEPARATOR_VOTES or len(view) != len(word.text):
        return None
    places = [(a, b) for a, b in zip(word.text, view) if a != b]
    if not 0 < len(places) <= SEPARATOR_MAX_PLACES \
            or not all(b in "/-." and (a.isdigit() or a in "|lI!") for a, b in places):
        return None
    return view, n / len(word.views)


# What shows a page is Lithuanian: an LT VAT code, postal code ("LT-01103") or IBAN (as one
# word, or its first group "LT31").
_LITHUANIAN = re.compile(r"\bLT(?:\d{9}|\d{12}|-\d{5}|\d{2}|\d{18})\b")


def _shows_lithuania(page: Page) -> bool:
    return any(_LITHUANIAN.search(w.text) for w in page.words)


def _shaped(word: Word, shape: Callable[[str], object]) -> bool:
    """Whether ``word`` (after a label glued to it by a colon), or what one of its views
    read, has the code's ``shape``."""
    return bool(shape(word.text.rsplit(":", 1)[-1])) \
        or any(shape(code) for view in word.views or () for code in _view_codes(view))


def _code_runs(words: list[Word], lithuanian: bool = False) -> list[tuple[Callable[[str], bool], list[Word], bool]]:
    """Runs of a line's words that may be one code, with the check it must pass and whether
    the reader's choices may decide it: a VAT code as one word or its prefix and number
    apart ("LV 40000544800"); an IBAN as one word or its groups, each length from the
    longest; a company code as one word, by its choices only on a ``lithuanian`` page (of
    nine digits anywhere, one in eleven strings passes the check: the views of the word,
    agreeing, are evidence enough, one choice among many is not); only runs with a doubted
    character."""
    runs: list[tuple[Callable[[str], bool], list[Word], bool]] = []
    for k, word in enumerate(words):
        if _shaped(word, _VAT_SHAPE.fullmatch):
            runs.append((_vat_reads, [word], True))
        elif re.fullmatch(r"[A-Z0-9]{2}", word.text) and k + 1 < len(words) \
                and re.fullmatch(r"[0-9A-Z]{8,14}", words[k + 1].text):
            runs.append((_vat_reads, [word, words[k + 1]], True))
        if _IBAN_HEAD.match(word.text):
            group = [word]
            for nxt in words[k + 1:]:
                if not _IBAN_GROUP.fullmatch(nxt.text) or sum(len(w.text) for w in group) >= 34:
                    break
                group.append(nxt)
            runs += [(_iban_reads, group[:n], True) for n in range(len(group), 0, -1)
                     if 15 <= sum(len(w.text) for w in group[:n]) <= 34]
        if _shaped(word, lt_company_code_format_ok):
            runs.append((_lt_company_reads, [word], lithuanian))
    return [(check, run, by_choices) for check, run, by_choices in runs if any(w.choices or w.views for w in run)]


def _iban_reads(text: str) -> bool:
    """Whether ``text`` (an IBAN's groups, spaced) is a valid IBAN."""
    return iban_is_valid(text.replace(" ", ""))


def _lt_company_reads(text: str) -> bool:
    """Whether ``text`` (after a label glued to it by a colon) is a Lithuanian company code
    whose check digit holds."""
    return lt_company_code_checks(text.rsplit(":", 1)[-1])


def _vat_reads(text: str) -> bool:
    """Whether ``text`` (after a label glued to it by a colon) is a VAT code with its
    country's prefix that python-stdnum passes (a prefix of no country's fails)."""
    return vat_is_valid(text.rsplit(":", 1)[-1])


def read_in_views(word: Word, check: Callable[[str], bool]) -> tuple[list[str], float] | None:
    """``word``'s text as most of its views read it where ``check`` passes that and not
    what was first read (a label glued by a colon kept), with the share of the views that
    read it; None where no view passes, the first reading does, or the views are split
    (see the module docstring)."""
    if not word.views or check(word.text):
        return None
    label, colon, read = word.text.rpartition(":")
    votes = Counter(code for view in word.views for code in _view_codes(view)
                    if check(code) and edit_distance(code, read) <= VIEWS_MAX_EDITS)
    ranked = votes.most_common(2)
    if not ranked or ranked[0][1] < VIEWS_MIN_VOTES or (len(ranked) > 1 and ranked[1][1] == ranked[0][1]):
        return None
    code, n = ranked[0]
    return [label + colon + code], n / len(word.views)


def _view_codes(view: str) -> set[str]:
    """What a view may have read a code as: its text without spaces or edge marks, after a
    glued label's colon, and a VAT code that ends it (a label before it read with a point)."""
    text = re.sub(r"\s+", "", view).rsplit(":", 1)[-1].strip(".,;()[]|'\"")
    tail = _VAT_AT_END.search(text)
    return {text, tail.group()} if tail else {text}


def likeliest_reading(run: list[Word], check: Callable[[str], bool]) -> tuple[list[str], float] | None:
    """The words of ``run`` (their texts joined by spaces) as the likeliest reading their
    choices allow that ``check`` passes, each word's text, with the share of the likelihood
    of every passing reading it has; None where the reading as read passes already, no
    passing reading is near, or two are about as likely (see the module docstring)."""
    positions: list[Position] = []
    for k, word in enumerate(run):
        choices = word.choices or ((),) * len(word.text)
        if len(choices) != len(word.text):
            return None
        positions += [pos[:1] + tuple(c for c in pos[1:] if c[1] >= REREAD_MIN_CHOICE and c[0] != " ")
                      if pos and pos[0][0] == ch else ((ch, 1.0),) for ch, pos in zip(word.text, choices)]
        if k + 1 < len(run):
            positions.append(((" ", 1.0),))
    read = "".join(p[0][0] for p in positions)
    if check(read):
        return None
    scored = sorted(_valid_readings(positions, check), reverse=True)
    if not scored or scored[0][0] < math.log(REREAD_MIN_RATIO):
        return None
    if len(scored) > 1 and scored[0][0] - scored[1][0] < math.log(REREAD_MARGIN):
        if len(run) > 1 or not _views_confirm(run[0], scored[0][1], scored[1][1]):
            return None
    best, text = scored[0]
    share = 1.0 / sum(math.exp(s - best) for s, _ in scored)
    return text.split(" "), share


def _views_confirm(word: Word, first: str, second: str) -> bool:
    """Whether ``word``'s views read ``first`` rather than ``second`` where the two readings
    differ: at least ``VIEWS_MIN_VOTES`` views agree with ``first`` at every such character
    and none with ``second`` ("L7760899815", read so in two views, says "LT760899815" over
    "LT760099015"). A view that lost or added a character is not compared."""
    differ = [k for k, (a, b) in enumerate(zip(first, second)) if a != b]
    votes = [0, 0]
    for view in word.views or ():
        for code in _view_codes(view):
            if len(code) != len(first.rsplit(":", 1)[-1]):
                continue
            at = len(first) - len(code)
            for side, reading in enumerate((first, second)):
                if all(k >= at and code[k - at] == reading[k] for k in differ):
                    votes[side] += 1
    return votes[0] >= VIEWS_MIN_VOTES and not votes[1]


def _valid_readings(positions: list[Position], check: Callable[[str], bool]) -> list[tuple[float, str]]:
    """Every string within ``REREAD_MAX_CHANGES`` substitutions of the reading that ``check``
    passes, with its log-likelihood relative to the reading."""
    read = [p[0] for p in positions]
    doubted = [k for k, p in enumerate(positions) if len(p) > 1]
    out = []
    for n in range(1, REREAD_MAX_CHANGES + 1):
        for where in itertools.combinations(doubted, n):
            for picks in itertools.product(*(positions[k][1:] for k in where)):
                chars = [c for c, _ in read]
                score = 0.0
                for k, (ch, prob) in zip(where, picks):
                    chars[k] = ch
                    score += math.log(prob) - math.log(read[k][1])
                text = "".join(chars)
                if check(text):
                    out.append((score, text))
    return out
