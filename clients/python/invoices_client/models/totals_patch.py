from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TotalsPatch")


@_attrs_define
class TotalsPatch:
    """
    Attributes:
        net (None | str | Unset):
        vat (None | str | Unset):
        gross (None | str | Unset):
        discount (None | str | Unset):
        prepaid (None | str | Unset):
        payable (None | str | Unset):
    """

    net: None | str | Unset = UNSET
    vat: None | str | Unset = UNSET
    gross: None | str | Unset = UNSET
    discount: None | str | Unset = UNSET
    prepaid: None | str | Unset = UNSET
    payable: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        net: None | str | Unset
        if isinstance(self.net, Unset):
            net = UNSET
        else:
            net = self.net

        vat: None | str | Unset
        if isinstance(self.vat, Unset):
            vat = UNSET
        else:
            vat = self.vat

        gross: None | str | Unset
        if isinstance(self.gross, Unset):
            gross = UNSET
        else:
            gross = self.gross

        discount: None | str | Unset
        if isinstance(self.discount, Unset):
            discount = UNSET
        else:
            discount = self.discount

        prepaid: None | str | Unset
        if isinstance(self.prepaid, Unset):
            prepaid = UNSET
        else:
            prepaid = self.prepaid

        payable: None | str | Unset
        if isinstance(self.payable, Unset):
            payable = UNSET
        else:
            payable = self.payable

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if net is not UNSET:
            field_dict["net"] = net
        if vat is not UNSET:
            field_dict["vat"] = vat
        if gross is not UNSET:
            field_dict["gross"] = gross
        if discount is not UNSET:
            field_dict["discount"] = discount
        if prepaid is not UNSET:
            field_dict["prepaid"] = prepaid
        if payable is not UNSET:
            field_dict["payable"] = payable

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_net(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        net = _parse_net(d.pop("net", UNSET))

        def _parse_vat(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        vat = _parse_vat(d.pop("vat", UNSET))

        def _parse_gross(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        gross = _parse_gross(d.pop("gross", UNSET))

        def _parse_discount(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        discount = _parse_discount(d.pop("discount", UNSET))

        def _parse_prepaid(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        prepaid = _parse_prepaid(d.pop("prepaid", UNSET))

        def _parse_payable(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        payable = _parse_payable(d.pop("payable", UNSET))

        totals_patch = cls(
            net=net,
            vat=vat,
            gross=gross,
            discount=discount,
            prepaid=prepaid,
            payable=payable,
        )

        return totals_patch
