from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_job_status_value import EventJobStatusValue, check_event_job_status_value
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.job_error import JobError


T = TypeVar("T", bound="EventJob")


@_attrs_define
class EventJob:
    """`data.job`: id, status, sourceFile, createdAt, and error when failed (6 rule 1).

    Attributes:
        id (str):
        status (EventJobStatusValue):
        source_file (str):
        created_at (str):
        error (JobError | None | Unset):
    """

    id: str
    status: EventJobStatusValue
    source_file: str
    created_at: str
    error: JobError | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.job_error import JobError  # noqa: PLC0415

        id = self.id

        status: str = self.status

        source_file = self.source_file

        created_at = self.created_at

        error: dict[str, Any] | None | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        elif isinstance(self.error, JobError):
            error = self.error.to_dict()
        else:
            error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
                "sourceFile": source_file,
                "createdAt": created_at,
            }
        )
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.job_error import JobError  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        status = check_event_job_status_value(d.pop("status"))

        source_file = d.pop("sourceFile")

        created_at = d.pop("createdAt")

        def _parse_error(data: object) -> JobError | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = JobError.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(JobError | None | Unset, data)

        error = _parse_error(d.pop("error", UNSET))

        event_job = cls(
            id=id,
            status=status,
            source_file=source_file,
            created_at=created_at,
            error=error,
        )

        event_job.additional_properties = d
        return event_job

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
