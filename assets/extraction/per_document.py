"""Memos that last one document.

A document asks the same questions many times: a party block's and a table header's lines
are re-made from a page line's words and searched for labels again, and a line is looked
at for VAT codes by every reader of parties. The answers depend on the text alone, so each
is kept until the next document starts (``start``); a document never reads faster for the
ones before it, which keeps the benchmarks' documents as costly as a partner's.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

LIMIT = 20_000  # entries a memo keeps before it starts over (a document of hundreds of pages)
_MEMOS: list[dict] = []


def start() -> None:
    """A new document: every memo is let go."""
    for memo in _MEMOS:
        memo.clear()


def kept(memo: dict) -> dict:
    """``memo`` emptied with every other when a document starts."""
    _MEMOS.append(memo)
    return memo


def memoized(fn: Callable[..., T]) -> Callable[..., T]:
    """``fn`` (a function of hashable arguments, returning what nobody changes) asked once
    per document for the same arguments."""
    memo: dict = kept({})

    @functools.wraps(fn)
    def asked(*args):
        try:
            return memo[args]
        except KeyError:
            if len(memo) >= LIMIT:
                memo.clear()
            answer = memo[args] = fn(*args)
            return answer

    return asked
