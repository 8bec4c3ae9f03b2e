from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from .. import types
from ..models.upload_invoice_body_hints_test_scenario import (
    UploadInvoiceBodyHintsTestScenario,
    check_upload_invoice_body_hints_test_scenario,
)
from ..types import UNSET, File, Unset

T = TypeVar("T", bound="UploadInvoiceBody")


@_attrs_define
class UploadInvoiceBody:
    """
    Attributes:
        file (File): PDF, JPEG, PNG or WebP; type decided by the bytes; at most 50 MiB; control and bidirectional-
            override characters are stripped from its file name
        hints_test_scenario (UploadInvoiceBodyHintsTestScenario | Unset): test keys only. Without it a test job
            completes with the canned invoice, whose buyer is the upload's client (the assignment gate confirms it); failed:
            the job fails; needs_review: the canned buyer is none of the team's clients, so the invoice is held for review
            and the review actions can be tried
    """

    file: File
    hints_test_scenario: UploadInvoiceBodyHintsTestScenario | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        file = self.file.to_tuple()

        hints_test_scenario: str | Unset = UNSET
        if not isinstance(self.hints_test_scenario, Unset):
            hints_test_scenario = self.hints_test_scenario

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "file": file,
            }
        )
        if hints_test_scenario is not UNSET:
            field_dict["hints.testScenario"] = hints_test_scenario

        return field_dict

    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        files.append(("file", self.file.to_tuple()))

        if not isinstance(self.hints_test_scenario, Unset):
            files.append(("hints.testScenario", (None, str(self.hints_test_scenario).encode(), "text/plain")))

        for prop_name, prop in self.additional_properties.items():
            files.append((prop_name, (None, str(prop).encode(), "text/plain")))

        return files

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        file = File(payload=BytesIO(d.pop("file")))

        _hints_test_scenario = d.pop("hints.testScenario", UNSET)
        hints_test_scenario: UploadInvoiceBodyHintsTestScenario | Unset
        if isinstance(_hints_test_scenario, Unset):
            hints_test_scenario = UNSET
        else:
            hints_test_scenario = check_upload_invoice_body_hints_test_scenario(_hints_test_scenario)

        upload_invoice_body = cls(
            file=file,
            hints_test_scenario=hints_test_scenario,
        )

        upload_invoice_body.additional_properties = d
        return upload_invoice_body

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
