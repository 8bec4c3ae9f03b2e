from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.reprocess_invoice_response_202_status import (
    ReprocessInvoiceResponse202Status,
    check_reprocess_invoice_response_202_status,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="ReprocessInvoiceResponse202")


@_attrs_define
class ReprocessInvoiceResponse202:
    """
    Attributes:
        job_id (str | Unset):
        invoice_id (str | Unset):
        status (ReprocessInvoiceResponse202Status | Unset):
    """

    job_id: str | Unset = UNSET
    invoice_id: str | Unset = UNSET
    status: ReprocessInvoiceResponse202Status | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        job_id = self.job_id

        invoice_id = self.invoice_id

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if job_id is not UNSET:
            field_dict["jobId"] = job_id
        if invoice_id is not UNSET:
            field_dict["invoiceId"] = invoice_id
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        job_id = d.pop("jobId", UNSET)

        invoice_id = d.pop("invoiceId", UNSET)

        _status = d.pop("status", UNSET)
        status: ReprocessInvoiceResponse202Status | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = check_reprocess_invoice_response_202_status(_status)

        reprocess_invoice_response_202 = cls(
            job_id=job_id,
            invoice_id=invoice_id,
            status=status,
        )

        reprocess_invoice_response_202.additional_properties = d
        return reprocess_invoice_response_202

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
