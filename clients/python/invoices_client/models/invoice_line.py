from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.invoice_line_kind_type_0 import InvoiceLineKindType0, check_invoice_line_kind_type_0
from ..types import UNSET, Unset

T = TypeVar("T", bound="InvoiceLine")


@_attrs_define
class InvoiceLine:
    """
    Attributes:
        line_no (int | None | Unset): 1-based position on the document
        code (None | str | Unset):
        barcode (None | str | Unset):
        description (None | str | Unset):
        kind (InvoiceLineKindType0 | None | Unset):
        quantity (None | str | Unset):
        unit (None | str | Unset):
        unit_price (None | str | Unset):
        discount (None | str | Unset):
        net_amount (None | str | Unset):
        vat_rate (None | str | Unset):
        vat_amount (None | str | Unset):
        gross_amount (None | str | Unset):
        vat_classifier (None | str | Unset): Lithuanian VAT classifier, PVM1 ...
    """

    line_no: int | None | Unset = UNSET
    code: None | str | Unset = UNSET
    barcode: None | str | Unset = UNSET
    description: None | str | Unset = UNSET
    kind: InvoiceLineKindType0 | None | Unset = UNSET
    quantity: None | str | Unset = UNSET
    unit: None | str | Unset = UNSET
    unit_price: None | str | Unset = UNSET
    discount: None | str | Unset = UNSET
    net_amount: None | str | Unset = UNSET
    vat_rate: None | str | Unset = UNSET
    vat_amount: None | str | Unset = UNSET
    gross_amount: None | str | Unset = UNSET
    vat_classifier: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        line_no: int | None | Unset
        if isinstance(self.line_no, Unset):
            line_no = UNSET
        else:
            line_no = self.line_no

        code: None | str | Unset
        if isinstance(self.code, Unset):
            code = UNSET
        else:
            code = self.code

        barcode: None | str | Unset
        if isinstance(self.barcode, Unset):
            barcode = UNSET
        else:
            barcode = self.barcode

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        kind: None | str | Unset
        if isinstance(self.kind, Unset):
            kind = UNSET
        elif isinstance(self.kind, str):
            kind = self.kind
        else:
            kind = self.kind

        quantity: None | str | Unset
        if isinstance(self.quantity, Unset):
            quantity = UNSET
        else:
            quantity = self.quantity

        unit: None | str | Unset
        if isinstance(self.unit, Unset):
            unit = UNSET
        else:
            unit = self.unit

        unit_price: None | str | Unset
        if isinstance(self.unit_price, Unset):
            unit_price = UNSET
        else:
            unit_price = self.unit_price

        discount: None | str | Unset
        if isinstance(self.discount, Unset):
            discount = UNSET
        else:
            discount = self.discount

        net_amount: None | str | Unset
        if isinstance(self.net_amount, Unset):
            net_amount = UNSET
        else:
            net_amount = self.net_amount

        vat_rate: None | str | Unset
        if isinstance(self.vat_rate, Unset):
            vat_rate = UNSET
        else:
            vat_rate = self.vat_rate

        vat_amount: None | str | Unset
        if isinstance(self.vat_amount, Unset):
            vat_amount = UNSET
        else:
            vat_amount = self.vat_amount

        gross_amount: None | str | Unset
        if isinstance(self.gross_amount, Unset):
            gross_amount = UNSET
        else:
            gross_amount = self.gross_amount

        vat_classifier: None | str | Unset
        if isinstance(self.vat_classifier, Unset):
            vat_classifier = UNSET
        else:
            vat_classifier = self.vat_classifier

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if line_no is not UNSET:
            field_dict["lineNo"] = line_no
        if code is not UNSET:
            field_dict["code"] = code
        if barcode is not UNSET:
            field_dict["barcode"] = barcode
        if description is not UNSET:
            field_dict["description"] = description
        if kind is not UNSET:
            field_dict["kind"] = kind
        if quantity is not UNSET:
            field_dict["quantity"] = quantity
        if unit is not UNSET:
            field_dict["unit"] = unit
        if unit_price is not UNSET:
            field_dict["unitPrice"] = unit_price
        if discount is not UNSET:
            field_dict["discount"] = discount
        if net_amount is not UNSET:
            field_dict["netAmount"] = net_amount
        if vat_rate is not UNSET:
            field_dict["vatRate"] = vat_rate
        if vat_amount is not UNSET:
            field_dict["vatAmount"] = vat_amount
        if gross_amount is not UNSET:
            field_dict["grossAmount"] = gross_amount
        if vat_classifier is not UNSET:
            field_dict["vatClassifier"] = vat_classifier

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_line_no(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        line_no = _parse_line_no(d.pop("lineNo", UNSET))

        def _parse_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        code = _parse_code(d.pop("code", UNSET))

        def _parse_barcode(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        barcode = _parse_barcode(d.pop("barcode", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_kind(data: object) -> InvoiceLineKindType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                kind_type_0 = check_invoice_line_kind_type_0(data)

                return kind_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InvoiceLineKindType0 | None | Unset, data)

        kind = _parse_kind(d.pop("kind", UNSET))

        def _parse_quantity(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        quantity = _parse_quantity(d.pop("quantity", UNSET))

        def _parse_unit(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        unit = _parse_unit(d.pop("unit", UNSET))

        def _parse_unit_price(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        unit_price = _parse_unit_price(d.pop("unitPrice", UNSET))

        def _parse_discount(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        discount = _parse_discount(d.pop("discount", UNSET))

        def _parse_net_amount(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        net_amount = _parse_net_amount(d.pop("netAmount", UNSET))

        def _parse_vat_rate(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        vat_rate = _parse_vat_rate(d.pop("vatRate", UNSET))

        def _parse_vat_amount(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        vat_amount = _parse_vat_amount(d.pop("vatAmount", UNSET))

        def _parse_gross_amount(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        gross_amount = _parse_gross_amount(d.pop("grossAmount", UNSET))

        def _parse_vat_classifier(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        vat_classifier = _parse_vat_classifier(d.pop("vatClassifier", UNSET))

        invoice_line = cls(
            line_no=line_no,
            code=code,
            barcode=barcode,
            description=description,
            kind=kind,
            quantity=quantity,
            unit=unit,
            unit_price=unit_price,
            discount=discount,
            net_amount=net_amount,
            vat_rate=vat_rate,
            vat_amount=vat_amount,
            gross_amount=gross_amount,
            vat_classifier=vat_classifier,
        )

        invoice_line.additional_properties = d
        return invoice_line

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
