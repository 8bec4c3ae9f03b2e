"""Which labels may start at a place on a line: each label list indexed by the two
characters its labels start with.

A line is matched at every word start against some 2,500 labels of every language. Most
places start no label, so the labels are grouped by their first two characters (those
whose pattern does not fix them, by the characters it may start with, read from the
pattern's own parse), and each group is screened by one alternation of its members: a
place where none matches costs one regular-expression match, not one per label.
"""

from __future__ import annotations

import re
import re._constants as _sre  # the parser of `re` itself (Python 3.11+; sre_parse before)
import re._parser as _sre_parser
from typing import Sequence

from .labels import LabelDef


class _Group:
    """The labels of a list that start with the same two characters (or with none fixed),
    by their positions in the list, and patterns of them all: a place where none of them
    matches (most places) costs one match, not one per label."""

    __slots__ = ("members", "_branches", "_screens")

    def __init__(self, members: list[int]):
        self.members = members
        self._branches: list[tuple[str, int]] = []  # each member's pattern as a branch, its groups
        # from a place in ``members`` on: one pattern of those members, and the place of
        # the member each of its groups stands for
        self._screens: dict[int, tuple[re.Pattern, dict[int, int]]] = {}

    def matching(self, defs, text: str, p: int) -> list[tuple[int, re.Match]]:
        """The members whose pattern matches at ``p``, in order, with their matches.

        An alternation tries its branches in order, so the branch that matched names the
        first member that does; the search goes on from the member after it."""
        members, found = self.members, []
        place = 0
        while place < len(members):
            screen, places = self._screen(defs, place)
            hit = screen.match(text, p)
            if hit is None:
                break
            place = places[hit.lastindex]  # the branch's own group closes last
            i = members[place]
            m = defs[i].pattern.match(text, p)
            if m is not None:
                found.append((i, m))
            place += 1
        return found

    def _screen(self, defs, start: int) -> tuple[re.Pattern, dict[int, int]]:
        """One branch per member from ``start`` on, each its pattern in a group of its own
        (named groups as plain ones: names repeat across labels); made when first asked."""
        made = self._screens.get(start)
        if made is None:
            if not self._branches:
                for i in self.members:
                    inner = _UNNAMED.sub("(?:", defs[i].pattern.pattern)
                    self._branches.append((f"({inner})", 1 + re.compile(inner).groups))
            places, group = {}, 1
            for place in range(start, len(self.members)):
                places[group] = place
                group += self._branches[place][1]
            screen = re.compile("|".join(branch for branch, _ in self._branches[start:]))
            made = self._screens[start] = (screen, places)
        return made


_UNNAMED = re.compile(r"\(\?P<\w+>")


class _Index:
    """A list of labels by the two characters they start with; those whose start is not two
    fixed characters ("n[o92*?]...", "(?:rn|m)...") by the characters they may start with."""

    def __init__(self, defs: Sequence[LabelDef]):
        self.defs, self.size = defs, len(defs)
        by_head: dict[str, list[int]] = {}
        by_first: dict[str, list[int]] = {}
        anywhere: list[int] = []
        for i, d in enumerate(defs):
            if d.head is not None:
                by_head.setdefault(d.head, []).append(i)
                continue
            firsts = first_characters(d.pattern.pattern)
            if firsts is None:
                anywhere.append(i)
            for ch in firsts or ():
                by_first.setdefault(ch, []).append(i)
        self.by_head = {head: _Group(members) for head, members in by_head.items()}
        self.by_first = {ch: _Group(members) for ch, members in by_first.items()}
        self.anywhere = _Group(anywhere) if anywhere else None
        self.headless = sorted({i for members in (*by_first.values(), anywhere) for i in members})

    def groups_at(self, text: str, p: int) -> list[_Group]:
        """The groups whose labels may start at ``p``: of its two characters, and of "m"
        and the next where OCR read an "m" as "rn" (see labels._rn_or_m)."""
        groups = [g for g in (self.by_head.get(text[p : p + 2]), self.by_first.get(text[p : p + 1]), self.anywhere)
                  if g is not None]
        if text.startswith("rn", p):
            also = self.by_head.get("m" + text[p + 2 : p + 3])
            if also is not None:
                groups.append(also)
        return groups


def first_characters(pattern: str) -> frozenset[str] | None:
    """The characters every match of ``pattern`` starts with, or None where it cannot be
    told (a class of ranges, a wildcard, an escape such as ``\\w``)."""
    return _firsts(list(_sre_parser.parse(pattern)))


def _firsts(items: list) -> frozenset[str] | None:
    for k, (op, av) in enumerate(items):
        if op is _sre.LITERAL:
            return frozenset(chr(av))
        if op is _sre.IN:
            if all(o is _sre.LITERAL for o, _ in av):
                return frozenset(chr(v) for _, v in av)
            return None
        if op is _sre.BRANCH:
            branches = [_firsts(list(b) + items[k + 1 :]) for b in av[1]]
            return None if any(b is None for b in branches) else frozenset().union(*branches)  # type: ignore[arg-type]
        if op is _sre.SUBPATTERN:
            return _firsts(list(av[-1]) + items[k + 1 :])
        if op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT):
            low, _high, sub = av
            inner = _firsts(list(sub) + (items[k + 1 :] if low == 0 else []))
            if low == 0 and inner is not None:
                rest = _firsts(items[k + 1 :])
                return None if rest is None else inner | rest
            return inner
        if op in (_sre.ASSERT, _sre.ASSERT_NOT, _sre.AT):
            continue  # takes no character
        return None
    return None


# Each list of labels indexed by the two characters its labels start with: a place on a
# line is matched only against the labels that start as it does (and those without a
# fixed start), not against all 2,500. The label lists are module constants; an index is
# rebuilt if its list grew.
_INDEXES: dict[int, _Index] = {}


def _index_of(defs: Sequence[LabelDef]) -> _Index:
    index = _INDEXES.get(id(defs))
    if index is None or index.defs is not defs or index.size != len(defs):
        index = _INDEXES[id(defs)] = _Index(defs)
    return index


def defs_for(defs: Sequence[LabelDef], heads: set[str]) -> list[LabelDef]:
    """The labels of ``defs`` that may match text whose words start with ``heads``, in the
    list's order."""
    index = _index_of(defs)
    members = {i for g in (index.by_head.get(h) for h in heads) if g is not None for i in g.members}
    return [index.defs[i] for i in sorted(members.union(index.headless))]
