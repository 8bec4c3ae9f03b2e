from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.credits_mode import CreditsMode, check_credits_mode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.credits_last_grant_type_0 import CreditsLastGrantType0


T = TypeVar("T", bound="Credits")


@_attrs_define
class Credits:
    """
    Attributes:
        team_id (str | Unset):
        mode (CreditsMode | Unset):
        balance (int | Unset): grants minus charges
        held (int | Unset): credits reserved by running jobs
        available (int | Unset): balance minus held
        parked (int | Unset): live jobs awaiting credits
        last_grant (CreditsLastGrantType0 | None | Unset):
    """

    team_id: str | Unset = UNSET
    mode: CreditsMode | Unset = UNSET
    balance: int | Unset = UNSET
    held: int | Unset = UNSET
    available: int | Unset = UNSET
    parked: int | Unset = UNSET
    last_grant: CreditsLastGrantType0 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.credits_last_grant_type_0 import CreditsLastGrantType0  # noqa: PLC0415

        team_id = self.team_id

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode

        balance = self.balance

        held = self.held

        available = self.available

        parked = self.parked

        last_grant: dict[str, Any] | None | Unset
        if isinstance(self.last_grant, Unset):
            last_grant = UNSET
        elif isinstance(self.last_grant, CreditsLastGrantType0):
            last_grant = self.last_grant.to_dict()
        else:
            last_grant = self.last_grant

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if team_id is not UNSET:
            field_dict["teamId"] = team_id
        if mode is not UNSET:
            field_dict["mode"] = mode
        if balance is not UNSET:
            field_dict["balance"] = balance
        if held is not UNSET:
            field_dict["held"] = held
        if available is not UNSET:
            field_dict["available"] = available
        if parked is not UNSET:
            field_dict["parked"] = parked
        if last_grant is not UNSET:
            field_dict["lastGrant"] = last_grant

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.credits_last_grant_type_0 import CreditsLastGrantType0  # noqa: PLC0415

        d = dict(src_dict)
        team_id = d.pop("teamId", UNSET)

        _mode = d.pop("mode", UNSET)
        mode: CreditsMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = check_credits_mode(_mode)

        balance = d.pop("balance", UNSET)

        held = d.pop("held", UNSET)

        available = d.pop("available", UNSET)

        parked = d.pop("parked", UNSET)

        def _parse_last_grant(data: object) -> CreditsLastGrantType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_grant_type_0 = CreditsLastGrantType0.from_dict(data)

                return last_grant_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreditsLastGrantType0 | None | Unset, data)

        last_grant = _parse_last_grant(d.pop("lastGrant", UNSET))

        credits_ = cls(
            team_id=team_id,
            mode=mode,
            balance=balance,
            held=held,
            available=available,
            parked=parked,
            last_grant=last_grant,
        )

        credits_.additional_properties = d
        return credits_

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
