from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.event_job import EventJob
    from ..models.invoice import Invoice
    from ..models.invoice_stub import InvoiceStub


T = TypeVar("T", bound="EventData")


@_attrs_define
class EventData:
    """A handler routes on which of the two is present (6 rule 2).

    Attributes:
        invoice (Invoice | InvoiceStub | None | Unset):
        job (EventJob | None | Unset):
    """

    invoice: Invoice | InvoiceStub | None | Unset = UNSET
    job: EventJob | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.event_job import EventJob  # noqa: PLC0415
        from ..models.invoice import Invoice  # noqa: PLC0415
        from ..models.invoice_stub import InvoiceStub  # noqa: PLC0415

        invoice: dict[str, Any] | None | Unset
        if isinstance(self.invoice, Unset):
            invoice = UNSET
        elif isinstance(self.invoice, Invoice):
            invoice = self.invoice.to_dict()
        elif isinstance(self.invoice, InvoiceStub):
            invoice = self.invoice.to_dict()
        else:
            invoice = self.invoice

        job: dict[str, Any] | None | Unset
        if isinstance(self.job, Unset):
            job = UNSET
        elif isinstance(self.job, EventJob):
            job = self.job.to_dict()
        else:
            job = self.job

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if invoice is not UNSET:
            field_dict["invoice"] = invoice
        if job is not UNSET:
            field_dict["job"] = job

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_job import EventJob  # noqa: PLC0415
        from ..models.invoice import Invoice  # noqa: PLC0415
        from ..models.invoice_stub import InvoiceStub  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_invoice(data: object) -> Invoice | InvoiceStub | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                invoice_type_0 = Invoice.from_dict(data)

                return invoice_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                invoice_type_1 = InvoiceStub.from_dict(data)

                return invoice_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Invoice | InvoiceStub | None | Unset, data)

        invoice = _parse_invoice(d.pop("invoice", UNSET))

        def _parse_job(data: object) -> EventJob | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                job_type_0 = EventJob.from_dict(data)

                return job_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EventJob | None | Unset, data)

        job = _parse_job(d.pop("job", UNSET))

        event_data = cls(
            invoice=invoice,
            job=job,
        )

        event_data.additional_properties = d
        return event_data

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
