from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.history_entry_source_value import HistoryEntrySourceValue, check_history_entry_source_value
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.field_change import FieldChange


T = TypeVar("T", bound="HistoryEntry")


@_attrs_define
class HistoryEntry:
    """One edit of the invoice, oldest first.

    Attributes:
        version (int):
        at (str):
        source (HistoryEntrySourceValue):
        changes (list[FieldChange]):
        api_key_id (None | str | Unset):
        user_id (None | str | Unset):
    """

    version: int
    at: str
    source: HistoryEntrySourceValue
    changes: list[FieldChange]
    api_key_id: None | str | Unset = UNSET
    user_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        at = self.at

        source: str = self.source

        changes = []
        for changes_item_data in self.changes:
            changes_item = changes_item_data.to_dict()
            changes.append(changes_item)

        api_key_id: None | str | Unset
        if isinstance(self.api_key_id, Unset):
            api_key_id = UNSET
        else:
            api_key_id = self.api_key_id

        user_id: None | str | Unset
        if isinstance(self.user_id, Unset):
            user_id = UNSET
        else:
            user_id = self.user_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "at": at,
                "source": source,
                "changes": changes,
            }
        )
        if api_key_id is not UNSET:
            field_dict["apiKeyId"] = api_key_id
        if user_id is not UNSET:
            field_dict["userId"] = user_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.field_change import FieldChange  # noqa: PLC0415

        d = dict(src_dict)
        version = d.pop("version")

        at = d.pop("at")

        source = check_history_entry_source_value(d.pop("source"))

        changes = []
        _changes = d.pop("changes")
        for changes_item_data in _changes:
            changes_item = FieldChange.from_dict(changes_item_data)

            changes.append(changes_item)

        def _parse_api_key_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        api_key_id = _parse_api_key_id(d.pop("apiKeyId", UNSET))

        def _parse_user_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        user_id = _parse_user_id(d.pop("userId", UNSET))

        history_entry = cls(
            version=version,
            at=at,
            source=source,
            changes=changes,
            api_key_id=api_key_id,
            user_id=user_id,
        )

        history_entry.additional_properties = d
        return history_entry

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
