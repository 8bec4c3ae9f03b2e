from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.invoice_stub_status_value import InvoiceStubStatusValue, check_invoice_stub_status_value

T = TypeVar("T", bound="InvoiceStub")


@_attrs_define
class InvoiceStub:
    """`data.invoice` of an oversized event: only the id and status.

    Attributes:
        id (str):
        status (InvoiceStubStatusValue):
    """

    id: str
    status: InvoiceStubStatusValue
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status: str = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        status = check_invoice_stub_status_value(d.pop("status"))

        invoice_stub = cls(
            id=id,
            status=status,
        )

        invoice_stub.additional_properties = d
        return invoice_stub

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
