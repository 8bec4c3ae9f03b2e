from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.invoice_summary_assignment_status_type_0 import (
    InvoiceSummaryAssignmentStatusType0,
    check_invoice_summary_assignment_status_type_0,
)
from ..models.invoice_summary_direction_type_0 import (
    InvoiceSummaryDirectionType0,
    check_invoice_summary_direction_type_0,
)
from ..models.invoice_summary_status_type_0 import InvoiceSummaryStatusType0, check_invoice_summary_status_type_0
from ..types import UNSET, Unset

T = TypeVar("T", bound="InvoiceSummary")


@_attrs_define
class InvoiceSummary:
    """An item of GET /invoices; a parked upload has `id` null and names its job.

    Attributes:
        id (None | str):
        status (InvoiceSummaryStatusType0 | Literal['awaiting_credits']):
        job_id (None | str):
        client_id (None | str):
        source_file (None | str):
        invoice_number (None | str):
        issue_date (None | str):
        currency (None | str):
        gross (None | str):
        direction (InvoiceSummaryDirectionType0 | None):
        assignment_status (InvoiceSummaryAssignmentStatusType0 | None):
        seller_name (None | str):
        buyer_name (None | str):
        created_at (str):
        duplicate_of (None | str | Unset):
    """

    id: None | str
    status: InvoiceSummaryStatusType0 | Literal["awaiting_credits"]
    job_id: None | str
    client_id: None | str
    source_file: None | str
    invoice_number: None | str
    issue_date: None | str
    currency: None | str
    gross: None | str
    direction: InvoiceSummaryDirectionType0 | None
    assignment_status: InvoiceSummaryAssignmentStatusType0 | None
    seller_name: None | str
    buyer_name: None | str
    created_at: str
    duplicate_of: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id: None | str
        id = self.id

        status: Literal["awaiting_credits"] | str
        if isinstance(self.status, str):
            status = self.status
        else:
            status = self.status

        job_id: None | str
        job_id = self.job_id

        client_id: None | str
        client_id = self.client_id

        source_file: None | str
        source_file = self.source_file

        invoice_number: None | str
        invoice_number = self.invoice_number

        issue_date: None | str
        issue_date = self.issue_date

        currency: None | str
        currency = self.currency

        gross: None | str
        gross = self.gross

        direction: None | str
        if isinstance(self.direction, str):
            direction = self.direction
        else:
            direction = self.direction

        assignment_status: None | str
        if isinstance(self.assignment_status, str):
            assignment_status = self.assignment_status
        else:
            assignment_status = self.assignment_status

        seller_name: None | str
        seller_name = self.seller_name

        buyer_name: None | str
        buyer_name = self.buyer_name

        created_at = self.created_at

        duplicate_of: None | str | Unset
        if isinstance(self.duplicate_of, Unset):
            duplicate_of = UNSET
        else:
            duplicate_of = self.duplicate_of

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
                "jobId": job_id,
                "clientId": client_id,
                "sourceFile": source_file,
                "invoiceNumber": invoice_number,
                "issueDate": issue_date,
                "currency": currency,
                "gross": gross,
                "direction": direction,
                "assignmentStatus": assignment_status,
                "sellerName": seller_name,
                "buyerName": buyer_name,
                "createdAt": created_at,
            }
        )
        if duplicate_of is not UNSET:
            field_dict["duplicateOf"] = duplicate_of

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        id = _parse_id(d.pop("id"))

        def _parse_status(data: object) -> InvoiceSummaryStatusType0 | Literal["awaiting_credits"]:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_0 = check_invoice_summary_status_type_0(data)

                return status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            status_type_1 = cast(Literal["awaiting_credits"], data)
            if status_type_1 != "awaiting_credits":
                raise ValueError(f"status_type_1 must match const 'awaiting_credits', got '{status_type_1}'")
            return status_type_1

        status = _parse_status(d.pop("status"))

        def _parse_job_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        job_id = _parse_job_id(d.pop("jobId"))

        def _parse_client_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        client_id = _parse_client_id(d.pop("clientId"))

        def _parse_source_file(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source_file = _parse_source_file(d.pop("sourceFile"))

        def _parse_invoice_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        invoice_number = _parse_invoice_number(d.pop("invoiceNumber"))

        def _parse_issue_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        issue_date = _parse_issue_date(d.pop("issueDate"))

        def _parse_currency(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        currency = _parse_currency(d.pop("currency"))

        def _parse_gross(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        gross = _parse_gross(d.pop("gross"))

        def _parse_direction(data: object) -> InvoiceSummaryDirectionType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                direction_type_0 = check_invoice_summary_direction_type_0(data)

                return direction_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InvoiceSummaryDirectionType0 | None, data)

        direction = _parse_direction(d.pop("direction"))

        def _parse_assignment_status(data: object) -> InvoiceSummaryAssignmentStatusType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                assignment_status_type_0 = check_invoice_summary_assignment_status_type_0(data)

                return assignment_status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InvoiceSummaryAssignmentStatusType0 | None, data)

        assignment_status = _parse_assignment_status(d.pop("assignmentStatus"))

        def _parse_seller_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seller_name = _parse_seller_name(d.pop("sellerName"))

        def _parse_buyer_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        buyer_name = _parse_buyer_name(d.pop("buyerName"))

        created_at = d.pop("createdAt")

        def _parse_duplicate_of(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        duplicate_of = _parse_duplicate_of(d.pop("duplicateOf", UNSET))

        invoice_summary = cls(
            id=id,
            status=status,
            job_id=job_id,
            client_id=client_id,
            source_file=source_file,
            invoice_number=invoice_number,
            issue_date=issue_date,
            currency=currency,
            gross=gross,
            direction=direction,
            assignment_status=assignment_status,
            seller_name=seller_name,
            buyer_name=buyer_name,
            created_at=created_at,
            duplicate_of=duplicate_of,
        )

        invoice_summary.additional_properties = d
        return invoice_summary

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
