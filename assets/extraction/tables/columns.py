"""A table's columns, told by alignment and arithmetic rather than by their titles.

The numbers of a table's item lines are clustered by their horizontal extent (right-, left-
or centre-aligned values of one column overlap), and the clusters that the rows' products
fall into by majority are the factors and the amount. Which factor is the quantity is told
by the values (quantities are mostly whole numbers, prices have cents); a column title,
when one stands above, breaks ties. The other columns are named by what they do: a rate
whose share of the amount is another column (VAT rate and VAT amount), the amount plus
that (gross), a running 1, 2, 3 at the left (line numbers), a discount where the product
needed one.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from core import vat_rates

from ..thresholds import AMOUNT_MATCH
from .model import Column, ItemLine
from .numbers import Num, Product

# VAT rates printed in the EU (and 0): a column of these beside the amount is the rate.
VAT_RATES = vat_rates.eu_rates() | {vat_rates.ZERO}


@dataclass
class _Cluster:
    x0: float
    x1: float
    members: list[Num] = field(default_factory=list)
    key: str | None = None


def _clusters(nums: list[Num]) -> list[_Cluster]:
    """Numbers grouped into columns by overlapping horizontal extent."""
    out: list[_Cluster] = []
    for num in sorted(nums, key=lambda n: n.extent[0]):
        x0, x1 = num.extent
        if out and x0 <= out[-1].x1 + 0.1 * num.line.height:
            out[-1].x1 = max(out[-1].x1, x1)
            out[-1].members.append(num)
        else:
            out.append(_Cluster(x0, x1, [num]))
    return out


def _in_cluster(cluster: _Cluster, num: Num) -> bool:
    """A member, or a number among words (a quantity OCR glued to its description) that
    stands in the cluster's column."""
    if any(m is num for m in cluster.members):
        return True
    return num.in_text and min(num.x1, cluster.x1) - max(num.x0, cluster.x0) > 0


def tabular_columns(group: list[ItemLine], hints: list[Column]) -> list[Column] | None:
    clusters = _clusters([n for item in group for n in item.nums if not n.in_text])
    clean = [(item, p) for item in group for p in item.found
             if not any(item.nums[k].in_text for k in (p.left, p.right, p.amount))]
    votes: Counter[tuple] = Counter()
    for item in group:
        seen = {_triple(clusters, item, p) for it, p in clean if it is item}
        votes.update(seen)
    if not votes:
        return None
    # Most rows agree; among equals, the rightmost amount, no discount, and factors nearest
    # the amount: a running line number left of the description is no quantity, even where
    # it equals one (item 2 of "2  Gelierzucker  1,4500  -2 Stk  -2,90").
    (left, right, amount, discount), _ = max(
        votes.items(), key=lambda kv: (kv[1], kv[0][2], kv[0][3] is None, min(kv[0][:2])))
    for item in group:
        item.product = next((p for p in item.found if _fits(clusters, item, p, (left, right, amount))), None)
    quantity, price = _orient(clusters[left], clusters[right], hints)
    chosen = [item.product for item in group if item.product is not None]
    gross = sum(1 for p in chosen if p.rate is not None) * 2 > len(chosen)
    quantity.key, price.key = "quantity", "unitPrice"
    clusters[amount].key = "grossAmount" if gross else "netAmount"
    if discount is not None:
        clusters[discount].key = "discount"
    if gross:  # the rate column is the one the products used
        rates = [item.nums[item.product.rate] for item in group if item.product and item.product.rate is not None]
        rate_cluster = next((c for c in clusters if c.key is None and any(_in_cluster(c, n) for n in rates)), None)
        if rate_cluster is not None:
            rate_cluster.key = "vatRate"
    else:
        _name_others(clusters, amount, hints)
    columns = [Column(c.key, c.x0, c.x1) for c in clusters if c.key is not None]
    titled = next((c for c in hints if c.key == "description"), None)
    for c in hints:
        if c.key in ("code", "barcode", "unit"):
            # A wide title ("Artikelnummer") must not reach over the description's words.
            x1 = min(c.x1, titled.x0 - 1) if titled is not None and c.x0 < titled.x0 else c.x1
            columns.append(Column(c.key, c.x0, x1))
    return sorted(columns, key=lambda c: c.x0)


def _triple(clusters: list[_Cluster], item: ItemLine, p: Product) -> tuple:
    def index(k: int) -> int:
        return next(i for i, c in enumerate(clusters) if any(m is item.nums[k] for m in c.members))

    return index(p.left), index(p.right), index(p.amount), None if p.discount is None else index(p.discount)


def _fits(clusters: list[_Cluster], item: ItemLine, p: Product, chosen: tuple[int, int, int]) -> bool:
    return all(_in_cluster(clusters[c], item.nums[k]) for c, k in zip(chosen, (p.left, p.right, p.amount)))


def _orient(a: _Cluster, b: _Cluster, hints: list[Column]) -> tuple[_Cluster, _Cluster]:
    """(quantity, price) of the two factor columns: a title says which, else the values
    (quantities are mostly whole, prices have cents or a price's four decimals, "9,9000"),
    else the order (quantity first)."""
    for c, other in ((a, b), (b, a)):
        hint = _hint(c, hints)
        if hint == "quantity":
            return c, other
        if hint == "unitPrice":
            return other, c

    def whole(c: _Cluster) -> float:
        # 1,500 kg or 2,5 h may be quantities; 12,40 and 9,9000 are prices.
        return sum(1.0 if m.decimals == 0 else 0.5 if m.decimals in (1, 3) else 0.0
                   for m in c.members) / len(c.members)

    return (b, a) if whole(b) > whole(a) else (a, b)


def _hint(cluster: _Cluster, hints: list[Column]) -> str | None:
    best, overlap = None, 0.0
    for col in hints:
        o = min(cluster.x1, col.x1) - max(cluster.x0, col.x0)
        if o > overlap:
            best, overlap = col.key, o
    return best


def _name_others(clusters: list[_Cluster], amount: int, hints: list[Column]) -> None:
    """Line number, VAT rate, VAT amount and gross amount columns, by what they do."""
    left_edge = min(c.x0 for c in clusters if c.key is not None)
    rest = [c for c in clusters if c.key is None]
    nets = {id(m.line): abs(m.value) for m in clusters[amount].members}

    def first(test, right_of_factors: bool = True) -> _Cluster | None:
        for c in rest:
            if c.key is None and (c.x0 > left_edge) == right_of_factors and _share(c, test) >= 0.6:
                return c
        return None

    line_no = first(lambda m: m.decimals == 0 and 0 < m.value < 1000, right_of_factors=False)
    if line_no is not None and len({m.value for m in line_no.members}) == len(line_no.members):
        line_no.key = "lineNo"  # a running 1, 2, 3 left of the factors
    # Right of the factors, or left of them when printed with "%" ("TVA  P.U. HT  Qté").
    rate_col = first(lambda m: m.percent or (m.value in VAT_RATES and m.decimals <= 1)) \
        or first(lambda m: m.percent and m.value in VAT_RATES, right_of_factors=False)
    if rate_col is not None:
        rate_col.key = "vatRate"
    rates = {id(m.line): m.value for m in (rate_col.members if rate_col else [])}

    def is_vat(m: Num) -> bool:
        net = nets.get(id(m.line))
        rate = rates.get(id(m.line))
        candidates = [rate] if rate is not None else [r for r in VAT_RATES if r]
        return bool(net) and any(abs(net * r / 100 - abs(m.value)) <= AMOUNT_MATCH for r in candidates)

    vat_col = first(is_vat)
    if vat_col is not None:
        vat_col.key = "vatAmount"
    vats = {id(m.line): abs(m.value) for m in (vat_col.members if vat_col else [])}

    def is_gross(m: Num) -> bool:
        net, vat, rate = nets.get(id(m.line)), vats.get(id(m.line)), rates.get(id(m.line))
        return net is not None and (
            (vat is not None and abs(net + vat - abs(m.value)) <= AMOUNT_MATCH)
            or (rate is not None and abs(net * (100 + rate) / 100 - abs(m.value)) <= AMOUNT_MATCH))

    gross_col = first(is_gross)
    if gross_col is not None:
        gross_col.key = "grossAmount"
    for c in rest:
        hint = _hint(c, hints)
        if c.key is None and c.x0 > left_edge and hint in ("vatRate", "vatAmount", "grossAmount", "discount") \
                and not any(o.key == hint for o in clusters):
            c.key = hint


def _share(cluster: _Cluster, test) -> float:
    return sum(1 for m in cluster.members if test(m)) / len(cluster.members)
