from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.invoice_status_status_value import InvoiceStatusStatusValue, check_invoice_status_status_value

if TYPE_CHECKING:
    from ..models.assignment import Assignment


T = TypeVar("T", bound="InvoiceStatus")


@_attrs_define
class InvoiceStatus:
    """GET /invoices/{id}/status: the light answer for polling.

    Attributes:
        id (str):
        status (InvoiceStatusStatusValue):
        job_id (str):
        assignment (Assignment): Which of the team's clients the invoice belongs to; status null: never assessed.
        updated_at (str):
    """

    id: str
    status: InvoiceStatusStatusValue
    job_id: str
    assignment: Assignment
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status: str = self.status

        job_id = self.job_id

        assignment = self.assignment.to_dict()

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
                "jobId": job_id,
                "assignment": assignment,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.assignment import Assignment  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        status = check_invoice_status_status_value(d.pop("status"))

        job_id = d.pop("jobId")

        assignment = Assignment.from_dict(d.pop("assignment"))

        updated_at = d.pop("updatedAt")

        invoice_status = cls(
            id=id,
            status=status,
            job_id=job_id,
            assignment=assignment,
            updated_at=updated_at,
        )

        invoice_status.additional_properties = d
        return invoice_status

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
