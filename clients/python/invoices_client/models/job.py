from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.job_status_value import JobStatusValue, check_job_status_value

if TYPE_CHECKING:
    from ..models.job_error import JobError


T = TypeVar("T", bound="Job")


@_attrs_define
class Job:
    """GET /jobs/{jobId}; also the items of GET /jobs. A job is kept 30 days after it ends.

    Attributes:
        id (str):
        status (JobStatusValue):
        source_file (str):
        client_id (None | str):
        invoice_id (None | str): set when the job completed
        error (JobError | None): set when failed or cancelled
        created_at (str):
        updated_at (str):
    """

    id: str
    status: JobStatusValue
    source_file: str
    client_id: None | str
    invoice_id: None | str
    error: JobError | None
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.job_error import JobError  # noqa: PLC0415

        id = self.id

        status: str = self.status

        source_file = self.source_file

        client_id: None | str
        client_id = self.client_id

        invoice_id: None | str
        invoice_id = self.invoice_id

        error: dict[str, Any] | None
        if isinstance(self.error, JobError):
            error = self.error.to_dict()
        else:
            error = self.error

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
                "sourceFile": source_file,
                "clientId": client_id,
                "invoiceId": invoice_id,
                "error": error,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.job_error import JobError  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        status = check_job_status_value(d.pop("status"))

        source_file = d.pop("sourceFile")

        def _parse_client_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        client_id = _parse_client_id(d.pop("clientId"))

        def _parse_invoice_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        invoice_id = _parse_invoice_id(d.pop("invoiceId"))

        def _parse_error(data: object) -> JobError | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = JobError.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(JobError | None, data)

        error = _parse_error(d.pop("error"))

        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        job = cls(
            id=id,
            status=status,
            source_file=source_file,
            client_id=client_id,
            invoice_id=invoice_id,
            error=error,
            created_at=created_at,
            updated_at=updated_at,
        )

        job.additional_properties = d
        return job

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
