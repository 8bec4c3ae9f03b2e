"""Totals from arithmetic over every amount on the page, labels only as evidence.

A totals label can be missing from the dictionaries, worded as no dictionary expects
("Rechnungssumme ohne USt.", "Base imposable"), or stand beside an unrelated number; the
arithmetic of an invoice cannot. Every amount with cents outside the item table is a
candidate, and every triple with net + VAT = gross is a candidate set of totals. Each
triple collects named evidence:

* ``labels``: the amounts stand by totals labels of their own kind (net by a net label …),
  ``mislabelled``: by a totals label of another kind;
* ``rate``: VAT / net is a VAT rate of the seller's country on the supply day (any member
  state's when unknown), or several printed rates' VAT adds up to it (also two or three
  amounts on lines that print a rate, no label read: a breakdown's rows); a VAT of 0 whose
  own line prints a rate of 0 %;
* ``lines``: net is the sum of the item lines' net amounts;
* ``column`` / ``row``: the three are printed one under the other, right-aligned, or side
  by side in reading order, as totals are;
* ``late``: how far down the document they stand (totals close an invoice);
* ``repeated``: the gross is printed again (an amount due);
* ``zero_vat``: VAT is 0 (weaker: any amount plus 0 is itself).

One scorer turns the evidence into a probability: a logistic regression whose weights are
fitted by ``python -m eval.fit_scorer`` on the generated tune split and the real tune set and
ship in ``scorer.json`` (``scorer.py``); the best triple is returned with its evidence so
``invoices extract --explain`` can show why it won. ``chosen_by_labels`` marks the triple
the labels alone would read, so the scorer weighs the labels' agreement too.
Nothing is derived here from one value alone: a triple needs all three amounts printed.
Where no three add up as read, one of them may have a digit or two misread: two whose VAT
is a rate of their net to the cent, and a third in line with them that differs from what
they make it only so, are a triple with the third read as the two make it
(``_near_triples``; ``Triple.misread`` names it, and its confidence is halved).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal

from core import vat_rates

from .amounts import find_amounts
from .layout import Layout
from .lines import Span, TextLine
from .scorer import probability
from .thresholds import BAR_HEIGHT, MAX_AMOUNTS, MISREAD_DIGITS, SPECK_SIZE

CENT = Decimal("0.01")
TOTAL_KEYS = ("net", "vat", "gross", "payable")
MAX_VAT_SHARE = Decimal("0.28")  # no EU rate is above 27 %
FEATURES = ("labels", "mislabelled", "rate", "lines", "column", "row", "late", "repeated", "zero_vat",
            "chosen_by_labels")


@dataclass(frozen=True, slots=True)
class Amount:
    """An amount with cents, where it stands, and the totals label on its line if any."""

    value: Decimal
    span: Span
    order: int  # reading order over the document
    label: str | None

    @property
    def x1(self) -> float:
        return self.span.bbox[2]

    @property
    def y(self) -> float:
        return self.span.bbox[1]


@dataclass(slots=True)
class Triple:
    net: Amount
    vat: Amount
    gross: Amount
    evidence: dict[str, float] = field(default_factory=dict)
    # The one of "net", "vat", "gross" printed with a digit or two misread and read as the
    # other two make it (``near_triples``); None where all three add up as printed.
    misread: str | None = None

    @property
    def score(self) -> float:
        """The fitted scorer's probability that these are the invoice's totals."""
        return probability("totals_triple", self.evidence)

    def explain(self) -> dict:
        return {"net": str(self.net.value), "vat": str(self.vat.value), "gross": str(self.gross.value),
                "score": round(self.score, 3),
                "evidence": {k: round(v, 3) for k, v in self.evidence.items() if v}}


def page_amounts(layout: Layout) -> list[Amount]:
    """Every amount with cents on lines outside the item table, in reading order."""
    out: list[Amount] = []
    previous = None
    for line in layout.iter_lines():
        hits = [h for h in layout.hits(line) if h.key in TOTAL_KEYS]
        for k, m in enumerate(find_amounts(line.text)):
            if not m.has_decimals:
                continue
            # The totals label of an amount is the nearest one before it on its line.
            before = [h for h in hits if h.end <= m.start]
            label = before[-1].key if before else None
            span = line.span(m.start, m.end)
            value = -m.value if k == 0 and m.value > 0 and _sign_above(layout, previous, span) else m.value
            out.append(Amount(value, span, len(out), label))
        if not _specks(line, layout.pitch[line.page]):
            previous = line
    return out[-MAX_AMOUNTS:]


_DASHES = "-−–"


def _specks(line: TextLine, pitch: float) -> bool:
    """A line of nothing but specks of the scan OCR read as marks ("'", "į", "£"): smaller
    than any glyph, so no line of its own between an amount and the line above it."""
    return all(max(w.width, w.height) < SPECK_SIZE * pitch for w in line.words)


def _dash(word, height: float) -> bool:
    """A minus sign, or one lone thin bar OCR named otherwise ("=" boxed 0.7 pt tall)."""
    if word.text in _DASHES:
        return True
    return not any(c.isalnum() for c in word.text) and word.height < BAR_HEIGHT * height \
        and word.width > 2 * word.height


def _sign_above(layout: Layout, above: TextLine | None, span: Span) -> bool:
    """A minus sign wrapped away from its amount in a narrow cell: "EUR -" over "1,12",
    the dash right above the amount's right edge, one line up."""
    height = span.line.height
    if above is None or above.page != span.line.page or not above.words or not _dash(above.words[-1], height):
        return False
    dash = above.words[-1]
    return 0 < span.line.cy - above.cy < 1.6 * max(layout.pitch[above.page], height) \
        and abs(dash.x1 - span.bbox[2]) < 1.5 * height


# A zero rate printed beside a VAT of 0 ("PVM 0 %: 0,00", "NA (0%) 0.00 €"): the line
# says what kind of amount its zero is, as a rate that fits says it of any other VAT.
_ZERO_RATE = re.compile(r"(?<![\d.,])0(?:[.,]0{1,2})?\s?%")


def _rate_fit(net: Decimal, vat: Decimal, country: str | None, on: date | None,
              printed: set[Decimal]) -> float:
    """1 when VAT / net is one rate (of the country, or printed), 0.7 when it lies between
    two printed rates (a mixed-rate invoice), else 0."""
    if vat_rates.implied_rate(abs(net), abs(vat), country, on) is not None:
        return 1.0
    if any(abs(abs(net) * r / 100 - abs(vat)) <= CENT for r in printed):
        return 1.0
    positive = [r for r in printed if r > 0]
    if len(positive) > 1 and min(positive) < abs(vat) / abs(net) * 100 < max(positive):
        return 0.7
    return 0.0


def plausible(net: Decimal | None, vat: Decimal | None, gross: Decimal | None) -> bool:
    """Three totals that can be an invoice's: they add up, VAT has net's sign and is no
    more than the highest rate of it."""
    if net is None or vat is None or gross is None or net == 0:
        return False
    return abs(net + vat - gross) <= CENT and abs(vat) <= MAX_VAT_SHARE * abs(net) \
        and (vat == 0 or (vat < 0) == (net < 0))


def triples(amounts: list[Amount], *, lines_net: Decimal | None = None, country: str | None = None,
            on: date | None = None, printed_rates: set[Decimal] | None = None,
            labelled: tuple[Decimal, Decimal, Decimal] | None = None) -> list[Triple]:
    """Every (net, VAT, gross) printed with net + VAT = gross, with its evidence, best first;
    ``labelled`` is the labels' own reading, which the triple equal to it is marked as."""
    printed = printed_rates or set()
    by_value = _by_value(amounts)
    last = max((a.order for a in amounts), default=0) or 1
    found: list[Triple] = []
    for net, vat, gross in _adding_up(amounts, by_value):
        t = _evidence(Triple(net, vat, gross), by_value, last, lines_net, country, on, printed)
        t.evidence["chosen_by_labels"] = float(labelled == (net.value, vat.value, gross.value))
        found.append(t)
    if sum(a.value < 0 for a in amounts) >= 2:
        # A credit note's totals, one of them printed with its minus lost (a dash is a few
        # pixels): each positive amount may be its negative, one per triple, all three < 0.
        unsigned = [replace(a, value=-a.value) for a in amounts if a.value > 0]
        lost = [*amounts, *unsigned]
        flipped = {id(a) for a in unsigned}
        for net, vat, gross in _adding_up(lost, _by_value(lost)):
            if sum(id(a) in flipped for a in (net, vat, gross)) == 1 and gross.value < 0:
                t = _evidence(Triple(net, vat, gross), by_value, last, lines_net, country, on, printed)
                t.evidence["chosen_by_labels"] = 0.0
                found.append(t)
    if not found:
        found = _near_triples(amounts, by_value, last, lines_net, country, on, printed)
    found.sort(key=lambda t: -t.score)
    return found


def _near_triples(amounts: list[Amount], by_value: dict, last: int, lines_net: Decimal | None,
                  country: str | None, on: date | None, printed: set[Decimal]) -> list[Triple]:
    """Where no three printed amounts add up: two whose VAT is a rate of their net to the
    cent (``_rate_exact``: the check that they were read right) and a third, printed in line with them (a column
    or a row), that differs from what the two make it by at most ``MISREAD_DIGITS`` digits
    of the same count: "25310,09" under net 20918.06 and VAT 4392.79 at 21 % is 25310.85
    misread. The third is read as the two make it (``Triple.misread``)."""
    found: list[Triple] = []
    pool = _rate_pool(country, on, printed)
    for a in amounts:
        for b in amounts:
            if a is b or a.span is b.span:
                continue
            for key, (net, vat), implied in (("gross", (a.value, b.value), a.value + b.value),
                                             ("net", (b.value - a.value, a.value), b.value - a.value)):
                if net <= 0 or vat <= 0 or vat > MAX_VAT_SHARE * net or not _rate_exact(net, vat, pool):
                    continue
                for c in amounts:
                    if c is a or c is b or c.span in (a.span, b.span) or not _digits_misread(c.value, implied):
                        continue
                    third = replace(c, value=implied)
                    members = (a, b, third) if key == "gross" else (third, a, b)
                    t = _evidence(Triple(*members, misread=key), by_value, last, lines_net, country, on, printed)
                    if t.evidence["column"] >= 1.0 or t.evidence["row"]:
                        t.evidence["chosen_by_labels"] = 0.0
                        found.append(t)
    return found


def _rate_pool(country: str | None, on: date | None, printed: set[Decimal]) -> set[Decimal]:
    """The rates a VAT may be of its net: those the page prints, else the country's on the
    day (any member state's where unknown)."""
    return printed or set(vat_rates.rates(country, on) or vat_rates.eu_rates(on))


def _rate_exact(net: Decimal, vat: Decimal, pool: set[Decimal]) -> bool:
    """Whether VAT is a rate of ``pool`` (``_rate_pool``) of net to the cent. ``_rate_fit``
    allows a VAT total's rounding over lines; a third amount read as two make it needs the
    two read exactly."""
    return any(r > 0 and abs((net * r / 100).quantize(CENT) - vat) <= CENT for r in pool)


# A rate printed on an amount's line ("A 21% -4 698,33"): the line is a VAT breakdown's.
_RATE_ON_LINE = re.compile(r"(?<![\d.,])\d{1,2}(?:[.,]\d{1,2})?\s?%")


def _rates_add_up(t: Triple, by_value: dict[Decimal, list[Amount]]) -> bool:
    """Whether the VAT is the sum of two or three amounts printed apart from the triple on
    lines that print a rate: a mixed-rate invoice's breakdown ("A 21% -4 698,33", "A 12%
    -1 727,73" over "-6 426,06"), whose rate lines no label named."""
    members = {id(t.net.span), id(t.vat.span), id(t.gross.span)}
    rated = [a.value for values in by_value.values() for a in values
             if id(a.span) not in members and _RATE_ON_LINE.search(a.span.line.text)
             and (a.value < 0) == (t.vat.value < 0)]
    return any(abs(sum(group) - t.vat.value) <= CENT
               for n in (2, 3) for group in itertools.combinations(rated, n))


def _digits_misread(printed: Decimal, implied: Decimal) -> bool:
    """Whether ``printed`` is ``implied`` with one to ``MISREAD_DIGITS`` digits read as
    others, digit for digit (the same count of digits, the decimal point in place)."""
    p, i = f"{abs(printed):.2f}", f"{abs(implied):.2f}"
    return len(p) == len(i) and 0 < sum(x != y for x, y in zip(p, i)) <= MISREAD_DIGITS


def _by_value(amounts: list[Amount]) -> dict[Decimal, list[Amount]]:
    """The amounts by their value: a gross is looked up as net + VAT."""
    out: dict[Decimal, list[Amount]] = {}
    for a in amounts:
        out.setdefault(a.value, []).append(a)
    return out


def _adding_up(amounts: list[Amount], by_value: dict[Decimal, list[Amount]]):
    """Every (net, VAT, gross) of ``amounts`` with net + VAT = gross that an invoice can print."""
    for net in amounts:
        for vat in amounts:
            if vat is net or net.value == 0 or abs(vat.value) > MAX_VAT_SHARE * abs(net.value):
                continue
            if (vat.value < 0) != (net.value < 0) and vat.value != 0:
                continue
            for gross in by_value.get(net.value + vat.value, []):
                if gross is net or gross is vat or gross.span is net.span or gross.span is vat.span \
                        or net.span is vat.span:
                    continue  # an amount and its own negative are one printed amount
                if gross.span.line is net.span.line is not vat.span.line:
                    continue  # a price and an amount side by side ("1001,74  1001,74"): an item's
                yield net, vat, gross


def _evidence(t: Triple, by_value: dict, last: int, lines_net: Decimal | None, country: str | None,
              on: date | None, printed: set[Decimal]) -> Triple:
    members = (("net", t.net), ("vat", t.vat), ("gross", t.gross))
    own = sum(1 for key, a in members if a.label == key or (key == "gross" and a.label == "payable"))
    other = sum(1 for key, a in members if a.label is not None and a.label != key
                and not (key == "gross" and a.label == "payable"))
    ev = t.evidence
    ev["labels"] = own / 3
    ev["mislabelled"] = other / 3
    ev["rate"] = _rate_fit(t.net.value, t.vat.value, country, on, printed) if t.vat.value != 0 \
        else float(_ZERO_RATE.search(t.vat.span.line.text) is not None)
    if not ev["rate"] and t.vat.value and _rates_add_up(t, by_value):
        ev["rate"] = 1.0
    ev["lines"] = float(lines_net is not None and abs(lines_net - t.net.value) <= CENT)
    same_page = t.net.span.page == t.vat.span.page == t.gross.span.page
    down = same_page and t.net.y < t.vat.y < t.gross.y
    aligned = max(a.x1 for _, a in members) - min(a.x1 for _, a in members) <= 6
    ev["column"] = float(down and aligned) or 0.5 * float(down)
    ev["row"] = float(same_page and t.net.span.line is t.vat.span.line is t.gross.span.line
                      and t.net.span.start < t.vat.span.start < t.gross.span.start)
    ev["late"] = min(a.order for _, a in members) / last
    ev["repeated"] = float(len(by_value.get(t.gross.value, [])) > 1)
    ev["zero_vat"] = float(t.vat.value == 0)
    return t
