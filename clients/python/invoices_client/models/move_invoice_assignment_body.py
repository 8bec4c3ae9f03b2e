from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="MoveInvoiceAssignmentBody")


@_attrs_define
class MoveInvoiceAssignmentBody:
    """
    Attributes:
        client_id (str): the destination client
        force (bool | Unset):  Default: False.
    """

    client_id: str
    force: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        force = self.force

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "clientId": client_id,
            }
        )
        if force is not UNSET:
            field_dict["force"] = force

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        client_id = d.pop("clientId")

        force = d.pop("force", UNSET)

        move_invoice_assignment_body = cls(
            client_id=client_id,
            force=force,
        )

        return move_invoice_assignment_body
