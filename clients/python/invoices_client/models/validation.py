from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.validation_check import ValidationCheck


T = TypeVar("T", bound="Validation")


@_attrs_define
class Validation:
    """
    Attributes:
        checks (list[ValidationCheck] | Unset):
        warnings (list[str] | Unset): remarks in English, each opening with what it is about (`totals.gross: ...`,
            `vat.foreign: ...`, `duplicate.same_file: inv_...`). A file that holds several invoices is read as its first one
            and says so with `document.multiple_invoices: 3 invoices in one file, pages 1-2, 3, 4-6` (each invoice's pages,
            1-based); uploading each range on its own reads the others, each charged as an upload.
    """

    checks: list[ValidationCheck] | Unset = UNSET
    warnings: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        checks: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.checks, Unset):
            checks = []
            for checks_item_data in self.checks:
                checks_item = checks_item_data.to_dict()
                checks.append(checks_item)

        warnings: list[str] | Unset = UNSET
        if not isinstance(self.warnings, Unset):
            warnings = self.warnings

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if checks is not UNSET:
            field_dict["checks"] = checks
        if warnings is not UNSET:
            field_dict["warnings"] = warnings

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.validation_check import ValidationCheck  # noqa: PLC0415

        d = dict(src_dict)
        _checks = d.pop("checks", UNSET)
        checks: list[ValidationCheck] | Unset = UNSET
        if _checks is not UNSET:
            checks = []
            for checks_item_data in _checks:
                checks_item = ValidationCheck.from_dict(checks_item_data)

                checks.append(checks_item)

        warnings = cast(list[str], d.pop("warnings", UNSET))

        validation = cls(
            checks=checks,
            warnings=warnings,
        )

        validation.additional_properties = d
        return validation

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
