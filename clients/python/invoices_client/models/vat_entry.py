from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.vat_entry_category_type_0 import VatEntryCategoryType0, check_vat_entry_category_type_0
from ..types import UNSET, Unset

T = TypeVar("T", bound="VatEntry")


@_attrs_define
class VatEntry:
    """
    Attributes:
        rate (None | str | Unset):
        category (None | Unset | VatEntryCategoryType0):
        vat_classifier (None | str | Unset):
        taxable_amount (None | str | Unset):
        vat_amount (None | str | Unset):
    """

    rate: None | str | Unset = UNSET
    category: None | Unset | VatEntryCategoryType0 = UNSET
    vat_classifier: None | str | Unset = UNSET
    taxable_amount: None | str | Unset = UNSET
    vat_amount: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        rate: None | str | Unset
        if isinstance(self.rate, Unset):
            rate = UNSET
        else:
            rate = self.rate

        category: None | str | Unset
        if isinstance(self.category, Unset):
            category = UNSET
        elif isinstance(self.category, str):
            category = self.category
        else:
            category = self.category

        vat_classifier: None | str | Unset
        if isinstance(self.vat_classifier, Unset):
            vat_classifier = UNSET
        else:
            vat_classifier = self.vat_classifier

        taxable_amount: None | str | Unset
        if isinstance(self.taxable_amount, Unset):
            taxable_amount = UNSET
        else:
            taxable_amount = self.taxable_amount

        vat_amount: None | str | Unset
        if isinstance(self.vat_amount, Unset):
            vat_amount = UNSET
        else:
            vat_amount = self.vat_amount

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if rate is not UNSET:
            field_dict["rate"] = rate
        if category is not UNSET:
            field_dict["category"] = category
        if vat_classifier is not UNSET:
            field_dict["vatClassifier"] = vat_classifier
        if taxable_amount is not UNSET:
            field_dict["taxableAmount"] = taxable_amount
        if vat_amount is not UNSET:
            field_dict["vatAmount"] = vat_amount

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_rate(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rate = _parse_rate(d.pop("rate", UNSET))

        def _parse_category(data: object) -> None | Unset | VatEntryCategoryType0:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                category_type_0 = check_vat_entry_category_type_0(data)

                return category_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | VatEntryCategoryType0, data)

        category = _parse_category(d.pop("category", UNSET))

        def _parse_vat_classifier(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        vat_classifier = _parse_vat_classifier(d.pop("vatClassifier", UNSET))

        def _parse_taxable_amount(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        taxable_amount = _parse_taxable_amount(d.pop("taxableAmount", UNSET))

        def _parse_vat_amount(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        vat_amount = _parse_vat_amount(d.pop("vatAmount", UNSET))

        vat_entry = cls(
            rate=rate,
            category=category,
            vat_classifier=vat_classifier,
            taxable_amount=taxable_amount,
            vat_amount=vat_amount,
        )

        return vat_entry
