from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.assignment_status_type_0 import AssignmentStatusType0, check_assignment_status_type_0
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.candidate import Candidate
    from ..models.resolution import Resolution


T = TypeVar("T", bound="Assignment")


@_attrs_define
class Assignment:
    """Which of the team's clients the invoice belongs to; status null: never assessed.

    Attributes:
        status (AssignmentStatusType0 | None | Unset):
        client_id (None | str | Unset):
        reason_codes (list[str] | Unset):
        candidates (list[Candidate] | Unset):
        resolution (None | Resolution | Unset):
    """

    status: AssignmentStatusType0 | None | Unset = UNSET
    client_id: None | str | Unset = UNSET
    reason_codes: list[str] | Unset = UNSET
    candidates: list[Candidate] | Unset = UNSET
    resolution: None | Resolution | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.resolution import Resolution  # noqa: PLC0415

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, str):
            status = self.status
        else:
            status = self.status

        client_id: None | str | Unset
        if isinstance(self.client_id, Unset):
            client_id = UNSET
        else:
            client_id = self.client_id

        reason_codes: list[str] | Unset = UNSET
        if not isinstance(self.reason_codes, Unset):
            reason_codes = self.reason_codes

        candidates: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.candidates, Unset):
            candidates = []
            for candidates_item_data in self.candidates:
                candidates_item = candidates_item_data.to_dict()
                candidates.append(candidates_item)

        resolution: dict[str, Any] | None | Unset
        if isinstance(self.resolution, Unset):
            resolution = UNSET
        elif isinstance(self.resolution, Resolution):
            resolution = self.resolution.to_dict()
        else:
            resolution = self.resolution

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if status is not UNSET:
            field_dict["status"] = status
        if client_id is not UNSET:
            field_dict["clientId"] = client_id
        if reason_codes is not UNSET:
            field_dict["reasonCodes"] = reason_codes
        if candidates is not UNSET:
            field_dict["candidates"] = candidates
        if resolution is not UNSET:
            field_dict["resolution"] = resolution

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.candidate import Candidate  # noqa: PLC0415
        from ..models.resolution import Resolution  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_status(data: object) -> AssignmentStatusType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_0 = check_assignment_status_type_0(data)

                return status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AssignmentStatusType0 | None | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        def _parse_client_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_id = _parse_client_id(d.pop("clientId", UNSET))

        reason_codes = cast(list[str], d.pop("reasonCodes", UNSET))

        _candidates = d.pop("candidates", UNSET)
        candidates: list[Candidate] | Unset = UNSET
        if _candidates is not UNSET:
            candidates = []
            for candidates_item_data in _candidates:
                candidates_item = Candidate.from_dict(candidates_item_data)

                candidates.append(candidates_item)

        def _parse_resolution(data: object) -> None | Resolution | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                resolution_type_0 = Resolution.from_dict(data)

                return resolution_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Resolution | Unset, data)

        resolution = _parse_resolution(d.pop("resolution", UNSET))

        assignment = cls(
            status=status,
            client_id=client_id,
            reason_codes=reason_codes,
            candidates=candidates,
            resolution=resolution,
        )

        assignment.additional_properties = d
        return assignment

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
