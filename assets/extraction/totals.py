"""Document totals: candidates from labels, chosen by arithmetic.

Every totals label ("Suma be PVM", "PVM 21 %", "Iš viso", "Viso mokėti", "Total" ...) on
a line outside the item table proposes the amount printed right of it (else below it).
Labels are ambiguous ("Viso" may be net or gross; "Amount due" is gross unless something
was prepaid), so the choice is made over combinations: each candidate brings its label's
score, and a combination where net + VAT = gross, or VAT = rate x net, earns a bonus that
outweighs any label preference. That is what makes the totals robust to an odd label or
an OCR misread: the misread combination does not add up.

When two of net, VAT and gross are printed, the third is derived (lower confidence, with
a warning); nothing is invented from one value alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from itertools import product

from .amounts import find_amounts
from .arithmetic import MAX_VAT_SHARE, page_amounts, plausible, triples
from .fields import RIGHT, label_values
from .hits import Hit
from .layout import Layout
from .lines import Candidate, Span
from .thresholds import (
    ACCEPT,
    ACCEPT_OVER_NONSENSE,
    AMOUNT_MATCH,
    ARITHMETIC_BONUS,
    IMPLAUSIBLE_PAIR,
    MAX_CANDIDATES,
    MAX_INTEGER_DIGITS,
    RATE_BONUS,
)

CENT = Decimal("0.01")
_KEYS = ("net", "vat", "gross", "payable", "discount", "prepaid")
_PERCENT_SIGN = re.compile(r"\s?%")  # after a number: a rate, no amount
_PERCENT = re.compile(r"(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s?%")  # a rate printed on a VAT line


@dataclass
class Totals:
    chosen: dict[str, Candidate] = field(default_factory=dict)
    derived: set[str] = field(default_factory=set)
    # (rate, VAT amount candidate) for every "PVM 21 %: x" line
    rates: list[tuple[Decimal, Candidate]] = field(default_factory=list)
    consistent: bool | None = None
    explain: dict = field(default_factory=dict)  # the candidates and why the winner won
    triples: list = field(default_factory=list)  # every printed triple with its evidence (arithmetic.py)

    def value(self, key: str) -> Decimal | None:
        cand = self.chosen.get(key)
        return cand.value if cand is not None else None  # type: ignore[return-value]


def _amount_candidate(layout: Layout, hit: Hit) -> Candidate | None:
    """The amount a totals label announces: the first one with cents, right or below.

    Totals are printed with cents, so a bare integer right of the label (a misread
    "21 %", a count) only counts when no amount with cents is found.
    """
    integers = []
    places = label_values(layout, hit)
    if hit.key == "vat" and len(places) > 1 and places[0][0].line is hit.line is places[1][0].line \
            and places[0][0].start < hit.line.cell_at(hit.start)[1] \
            and any(m.has_decimals for m in find_amounts(places[1][0].text)):
        # "VAT 21% on 1,000.00 | 210.00": the base the rate applies to in the label's
        # cell, the tax in the amount column.
        places = places[1:]
    for span, score in places:
        for m in find_amounts(span.text):
            if _PERCENT_SIGN.match(span.text, m.end):
                continue  # a rate ("20,0 %"), no amount
            cand = Candidate(m.value, score * hit.label.weight, span.sub(m.start, m.end))
            if m.has_decimals:
                return cand
            if len(str(abs(m.value))) <= MAX_INTEGER_DIGITS:  # longer: a code ("ai fini IVA: IT0968...")
                integers.append(cand)
    # "PVM suma 21 4   3643,07": a rate whose "%" OCR misread fills the label's cell; the
    # amount stands in the next cell, before any other label on the line.
    line = hit.line
    end = min((h.start for h in layout.hits(line) if h.start >= hit.end), default=len(line.text))
    rest = Span(line, hit.end, end)
    for m in find_amounts(rest.text):
        if m.has_decimals and not _PERCENT_SIGN.match(rest.text, m.end):
            return Candidate(m.value, RIGHT * hit.label.weight * hit.trust, rest.sub(m.start, m.end))
    return integers[0] if integers else None




def _tax_beside_base(cand: Candidate, rate: Decimal) -> Candidate | None:
    """A VAT breakdown's line ("TVA 20,0 %  -20,48 €  -4,10 €": rate, base, tax): where an
    amount right of the one its label announced is ``rate`` of it to the cent, that one is
    the tax and the first its base. The tax has its base's sign (a credit note's minus is a
    few pixels OCR may lose). None where no such amount stands beside it."""
    span = cand.span
    if span is None or cand.value == 0:
        return None
    rest = span.line.text[span.end:]
    for m in find_amounts(rest):
        if m.has_decimals and abs(abs(m.value) - abs(cand.value) * rate / 100) <= CENT:
            value = -abs(m.value) if cand.value < 0 else abs(m.value)  # type: ignore[operator]
            return Candidate(value, cand.score, Span(span.line, span.end + m.start, span.end + m.end))
    return None


def _printed_rate(hit: Hit, cand: Candidate) -> Decimal | None:
    """The rate a VAT label's line prints between the label and its amount, where the label
    does not hold it ("TVA collectée (vente) 20,0 %  -20,48 €")."""
    if cand.span is None or cand.span.line is not hit.line:
        return None
    found = _PERCENT.findall(hit.line.text[hit.end:cand.span.start])
    return Decimal(found[-1].replace(",", ".")) if len(found) == 1 else None


def _rate(hit: Hit) -> Decimal | None:
    text = hit.group("rate")
    if not text:
        return None
    return Decimal(text.replace(",", "."))


def extract_totals(layout: Layout, lines_net: Decimal | None = None, country: str | None = None,
                   on: date | None = None) -> Totals:
    """Net, VAT and gross by their labels, then checked against the page's arithmetic
    (``arithmetic.triples``): where the labelled reading does not add up, or a triple
    with more evidence exists, the triple wins (see ``_by_arithmetic``)."""
    result = _by_labels(layout)
    _by_arithmetic(layout, result, lines_net, country, on)
    _derive(result)
    net, vat, gross = (result.value(k) for k in ("net", "vat", "gross"))
    if net is not None and vat is not None and gross is not None and abs(net + vat - gross) > CENT:
        _restore_cents(result)
        _restore_leading_digits(result)
        net, vat, gross = (result.value(k) for k in ("net", "vat", "gross"))
    if net is not None and vat is not None and gross is not None:
        result.consistent = abs(net + vat - gross) <= CENT
    return result


def _by_arithmetic(layout: Layout, result: Totals, lines_net: Decimal | None, country: str | None,
                   on: date | None) -> None:
    """Replace the labelled net / VAT / gross by the most probable printed triple that adds
    up (``arithmetic.triples``, scored by the fitted scorer), unless that triple is the
    labelled reading itself or is not probable enough (``ACCEPT``, lower where the labelled
    reading cannot be an invoice's totals)."""
    chosen = tuple(result.chosen.get(k) for k in ("net", "vat", "gross"))
    values = tuple(c.value for c in chosen) if all(c is not None for c in chosen) else None
    found = triples(page_amounts(layout), lines_net=lines_net, country=country, on=on,
                    printed_rates={r for r, _ in result.rates}, labelled=values)  # type: ignore[arg-type]
    result.triples = found
    result.explain["triples"] = [t.explain() for t in found[:5]]
    if not found:
        return
    best = found[0]
    if best.evidence["chosen_by_labels"]:
        result.explain["winner"] = "labels, confirmed by arithmetic"
        return
    sensible = plausible(*(c.value if c is not None else None for c in chosen))  # type: ignore[arg-type]
    if best.misread and (sensible or layout.doc.pages[getattr(best, best.misread).span.page - 1].text_layer):
        # the labels add up, or a text layer printed the amount as read: no digit was misread
        result.explain["winner"] = "labels (the only triple reads an amount as misread)"
        return
    if best.score < (ACCEPT if sensible else ACCEPT_OVER_NONSENSE):
        result.explain["winner"] = "labels (no triple with enough evidence)"
        return
    strength = min(0.88, 0.4 + 0.5 * best.score)  # the fitted probability, capped below a labelled reading
    for key, amount in (("net", best.net), ("vat", best.vat), ("gross", best.gross)):
        result.chosen[key] = Candidate(amount.value, strength if key != best.misread else 0.5 * strength, amount.span)
        result.derived.discard(key)
    if best.misread:
        result.derived.add(best.misread)  # printed with digits misread: read as the other two make it
    result.explain["winner"] = "arithmetic"


def _by_labels(layout: Layout) -> Totals:
    result = Totals()
    candidates: dict[str, list[Candidate]] = {k: [] for k in _KEYS}
    for hit in layout.iter_hits(*_KEYS):
        cand = _amount_candidate(layout, hit)
        if cand is None:
            continue
        rate = (_rate(hit) or _printed_rate(hit, cand)) if hit.key == "vat" else None
        if rate:
            cand = _tax_beside_base(cand, rate) or cand
        if rate == 0 and cand.value != 0:
            # "VAT 0 %" with an amount beside or under it that is not 0: another total (the
            # amount due on the next line), never the VAT of a zero rate, which is 0.
            cand = Candidate(Decimal("0.00"), cand.score, None)
        candidates[hit.key].append(cand)
        if rate is not None:
            result.rates.append((rate, cand))

    for key in ("net", "vat", "gross", "payable"):
        candidates[key] += [alt for cand in candidates[key] if (alt := _cents_lost(cand)) is not None]

    # Several rate lines ("PVM 21 %", "PVM 9 %") and no VAT total: their sum is the VAT.
    distinct = {r for r, _ in result.rates}
    if len(distinct) > 1 and not any(c not in [rc for _, rc in result.rates] for c in candidates["vat"]):
        by_rate = {r: c for r, c in result.rates}
        total = sum((c.value for c in by_rate.values()), Decimal(0))  # type: ignore[misc]
        candidates["vat"].append(Candidate(total, min(c.score for c in by_rate.values()), None))

    # "Viso mokėti" / "Amount due" is the gross total when nothing was prepaid.
    gross_pool = candidates["gross"] + [
        Candidate(c.value, c.score * 0.8, c.span) for c in candidates["payable"]
    ]

    def top(cands: list[Candidate]) -> list[Candidate | None]:
        best = sorted(cands, key=lambda c: -c.score)[:MAX_CANDIDATES]
        return [*best, None]

    result.explain["labelled"] = {
        key: [{"value": str(c.value), "score": round(c.score, 3), "text": c.span.line.text if c.span else None}
              for c in sorted(cands, key=lambda c: -c.score)[:MAX_CANDIDATES]]
        for key, cands in candidates.items() if cands}
    rates = distinct if len(distinct) == 1 else set()
    best_score, best = float("-inf"), (None, None, None)
    for net, vat, gross in product(top(candidates["net"]), top(candidates["vat"]), top(gross_pool)):
        if net is not None and vat is not None and abs(vat.value) > MAX_VAT_SHARE * abs(net.value):  # type: ignore[operator]
            continue  # more VAT than any rate makes of the net: one of the two is another amount
        score = sum(c.score for c in (net, vat, gross) if c is not None)
        if vat is None and net is not None and gross is not None \
                and not plausible(net.value, gross.value - net.value, gross.value):  # type: ignore[operator]
            score -= IMPLAUSIBLE_PAIR  # a gross that leaves a VAT no invoice prints ("Tax Total 0.00")
        if net is not None and vat is not None and gross is not None:
            score += ARITHMETIC_BONUS if _adds_up(net, vat, gross) else -0.5
        if net is not None and vat is not None and rates:
            rate = next(iter(rates))
            if abs(net.value * rate / 100 - vat.value) <= Decimal("0.02"):  # type: ignore[operator]
                score += RATE_BONUS
        if score > best_score:
            best_score, best = score, (net, vat, gross)

    for key, cand in zip(("net", "vat", "gross"), best):
        if cand is not None:
            result.chosen[key] = cand
    for key in ("payable", "discount", "prepaid"):
        if candidates[key]:
            result.chosen[key] = max(candidates[key], key=lambda c: c.score)
    return result


def _cents_lost(cand: Candidate) -> Candidate | None:
    """The other reading of a total OCR printed without its decimal separator: "437 85"
    is 437,85 and "47726" may be 477,26. Weaker than the reading as printed, it is chosen
    only where the arithmetic holds for it and not for that."""
    span = cand.span
    if span is None or re.search(r"[.,]\d", span.text) or cand.value < 100:
        return None
    after = re.match(r" (\d{2})(?![\d.,])", span.line.text[span.end :])
    if after:
        value = cand.value + Decimal(after.group(1)) / 100
        return Candidate(value, 0.8 * cand.score, Span(span.line, span.start, span.end + 3))
    return Candidate(cand.value / 100, 0.6 * cand.score, span)


def _adds_up(net: Candidate, vat: Candidate, gross: Candidate) -> bool:
    return abs(net.value + vat.value - gross.value) <= CENT  # type: ignore[operator]


def _restore_cents(result: Totals) -> None:
    """"НДС 21% 8722, GBP": one total printed without its cents, which the other two give.
    Only a whole number equal to the whole part of what the others make it is restored."""
    net, vat, gross = (result.value(k) for k in ("net", "vat", "gross"))
    implied = {"net": gross - vat, "vat": gross - net, "gross": net + vat}  # type: ignore[operator]
    for key, value in implied.items():
        cand = result.chosen[key]
        if cand.value == cand.value.to_integral_value() and value >= 0 and int(value) == cand.value \
                and value != cand.value and (cand.span is None or not re.search(r"[.,]\d", cand.span.text)):
            result.chosen[key] = Candidate(value, 0.5 * cand.score, cand.span)
            result.derived.add(key)
            return


def _restore_leading_digits(result: Totals) -> None:
    """"57 765,34" read as "765,34": a gross whose leading digits OCR lost or split off is
    restored to what net and VAT make it, when its printed digits end that sum and the VAT
    is the printed rate of the net (so the two are read right). Lower confidence, derived."""
    net, vat, gross = (result.value(k) for k in ("net", "vat", "gross"))
    total = net + vat  # type: ignore[operator]
    rates = {r for r, _ in result.rates}
    if len(rates) != 1 or abs(net * next(iter(rates)) / 100 - vat) > AMOUNT_MATCH:  # type: ignore[operator]
        return
    printed, implied = f"{abs(gross):.2f}", f"{abs(total):.2f}"
    if gross == 0 or (gross < 0) != (total < 0) or len(printed) >= len(implied) or not implied.endswith(printed):
        return
    cand = result.chosen["gross"]
    result.chosen["gross"] = Candidate(total, 0.5 * cand.score, cand.span)
    result.derived.add("gross")


def _derive(result: Totals) -> None:
    """Fill the one missing value of net / VAT / gross from the other two, where the three
    can be an invoice's (``arithmetic.plausible``). Beside the gross, an amount labelled
    VAT that leaves less than itself for the net is the net (no rate makes VAT larger than
    the net: "Totel sin tVA 13300.16" read as a VAT label), and the rest the VAT."""
    net, vat, gross = (result.value(k) for k in ("net", "vat", "gross"))
    missing = [k for k, v in (("net", net), ("vat", vat), ("gross", gross)) if v is None]
    if len(missing) != 1:
        return
    key = missing[0]
    values = {"net": net, "vat": vat, "gross": gross}
    values[key] = gross - vat if key == "net" else gross - net if key == "vat" else net + vat  # type: ignore[operator]
    if key == "net" and not plausible(values["net"], vat, gross) and plausible(vat, values["net"], gross):
        labelled = result.chosen["vat"]  # the net, under a label read as VAT's
        result.chosen["net"] = Candidate(labelled.value, 0.5 * labelled.score, labelled.span)
        key, values = "vat", {"net": vat, "vat": values["net"], "gross": gross}
    if not plausible(values["net"], values["vat"], values["gross"]):
        return
    result.chosen[key] = Candidate(values[key], 0.5, None)
    result.derived.add(key)
