from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.qr_code_kind_value import QrCodeKindValue, check_qr_code_kind_value
from ..types import UNSET, Unset

T = TypeVar("T", bound="QrCode")


@_attrs_define
class QrCode:
    """A QR code printed on a page, as read, with the fields its kind defines.

    Attributes:
        kind (QrCodeKindValue):
        text (str): the payload as read
        page (int):
        bbox (list[float]): in PDF points from the top-left
        iban (None | str | Unset): epc: the beneficiary's account
        bic (None | str | Unset):
        beneficiary (None | str | Unset):
        amount (None | str | Unset): epc: the amount to pay
        currency (None | str | Unset):
        purpose (None | str | Unset):
        reference (None | str | Unset): epc: structured creditor reference (RF...)
        remittance (None | str | Unset): epc: unstructured remittance text
        url (None | str | Unset): ksef: the verification link
        seller_nip (None | str | Unset):
        issue_date (None | str | Unset):
        invoice_hash (None | str | Unset):
        ksef_number (None | str | Unset): ksef: the KSeF number printed beside the code
    """

    kind: QrCodeKindValue
    text: str
    page: int
    bbox: list[float]
    iban: None | str | Unset = UNSET
    bic: None | str | Unset = UNSET
    beneficiary: None | str | Unset = UNSET
    amount: None | str | Unset = UNSET
    currency: None | str | Unset = UNSET
    purpose: None | str | Unset = UNSET
    reference: None | str | Unset = UNSET
    remittance: None | str | Unset = UNSET
    url: None | str | Unset = UNSET
    seller_nip: None | str | Unset = UNSET
    issue_date: None | str | Unset = UNSET
    invoice_hash: None | str | Unset = UNSET
    ksef_number: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        text = self.text

        page = self.page

        bbox = self.bbox

        iban: None | str | Unset
        if isinstance(self.iban, Unset):
            iban = UNSET
        else:
            iban = self.iban

        bic: None | str | Unset
        if isinstance(self.bic, Unset):
            bic = UNSET
        else:
            bic = self.bic

        beneficiary: None | str | Unset
        if isinstance(self.beneficiary, Unset):
            beneficiary = UNSET
        else:
            beneficiary = self.beneficiary

        amount: None | str | Unset
        if isinstance(self.amount, Unset):
            amount = UNSET
        else:
            amount = self.amount

        currency: None | str | Unset
        if isinstance(self.currency, Unset):
            currency = UNSET
        else:
            currency = self.currency

        purpose: None | str | Unset
        if isinstance(self.purpose, Unset):
            purpose = UNSET
        else:
            purpose = self.purpose

        reference: None | str | Unset
        if isinstance(self.reference, Unset):
            reference = UNSET
        else:
            reference = self.reference

        remittance: None | str | Unset
        if isinstance(self.remittance, Unset):
            remittance = UNSET
        else:
            remittance = self.remittance

        url: None | str | Unset
        if isinstance(self.url, Unset):
            url = UNSET
        else:
            url = self.url

        seller_nip: None | str | Unset
        if isinstance(self.seller_nip, Unset):
            seller_nip = UNSET
        else:
            seller_nip = self.seller_nip

        issue_date: None | str | Unset
        if isinstance(self.issue_date, Unset):
            issue_date = UNSET
        else:
            issue_date = self.issue_date

        invoice_hash: None | str | Unset
        if isinstance(self.invoice_hash, Unset):
            invoice_hash = UNSET
        else:
            invoice_hash = self.invoice_hash

        ksef_number: None | str | Unset
        if isinstance(self.ksef_number, Unset):
            ksef_number = UNSET
        else:
            ksef_number = self.ksef_number

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "text": text,
                "page": page,
                "bbox": bbox,
            }
        )
        if iban is not UNSET:
            field_dict["iban"] = iban
        if bic is not UNSET:
            field_dict["bic"] = bic
        if beneficiary is not UNSET:
            field_dict["beneficiary"] = beneficiary
        if amount is not UNSET:
            field_dict["amount"] = amount
        if currency is not UNSET:
            field_dict["currency"] = currency
        if purpose is not UNSET:
            field_dict["purpose"] = purpose
        if reference is not UNSET:
            field_dict["reference"] = reference
        if remittance is not UNSET:
            field_dict["remittance"] = remittance
        if url is not UNSET:
            field_dict["url"] = url
        if seller_nip is not UNSET:
            field_dict["sellerNip"] = seller_nip
        if issue_date is not UNSET:
            field_dict["issueDate"] = issue_date
        if invoice_hash is not UNSET:
            field_dict["invoiceHash"] = invoice_hash
        if ksef_number is not UNSET:
            field_dict["ksefNumber"] = ksef_number

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = check_qr_code_kind_value(d.pop("kind"))

        text = d.pop("text")

        page = d.pop("page")

        bbox = cast(list[float], d.pop("bbox"))

        def _parse_iban(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        iban = _parse_iban(d.pop("iban", UNSET))

        def _parse_bic(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bic = _parse_bic(d.pop("bic", UNSET))

        def _parse_beneficiary(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        beneficiary = _parse_beneficiary(d.pop("beneficiary", UNSET))

        def _parse_amount(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        amount = _parse_amount(d.pop("amount", UNSET))

        def _parse_currency(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        currency = _parse_currency(d.pop("currency", UNSET))

        def _parse_purpose(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        purpose = _parse_purpose(d.pop("purpose", UNSET))

        def _parse_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reference = _parse_reference(d.pop("reference", UNSET))

        def _parse_remittance(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        remittance = _parse_remittance(d.pop("remittance", UNSET))

        def _parse_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        url = _parse_url(d.pop("url", UNSET))

        def _parse_seller_nip(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        seller_nip = _parse_seller_nip(d.pop("sellerNip", UNSET))

        def _parse_issue_date(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        issue_date = _parse_issue_date(d.pop("issueDate", UNSET))

        def _parse_invoice_hash(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        invoice_hash = _parse_invoice_hash(d.pop("invoiceHash", UNSET))

        def _parse_ksef_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ksef_number = _parse_ksef_number(d.pop("ksefNumber", UNSET))

        qr_code = cls(
            kind=kind,
            text=text,
            page=page,
            bbox=bbox,
            iban=iban,
            bic=bic,
            beneficiary=beneficiary,
            amount=amount,
            currency=currency,
            purpose=purpose,
            reference=reference,
            remittance=remittance,
            url=url,
            seller_nip=seller_nip,
            issue_date=issue_date,
            invoice_hash=invoice_hash,
            ksef_number=ksef_number,
        )

        qr_code.additional_properties = d
        return qr_code

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
