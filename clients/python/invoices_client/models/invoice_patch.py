from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.invoice_patch_direction_type_0 import InvoicePatchDirectionType0, check_invoice_patch_direction_type_0
from ..models.invoice_patch_document_type_type_0 import (
    InvoicePatchDocumentTypeType0,
    check_invoice_patch_document_type_type_0,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.line import Line
    from ..models.party_patch import PartyPatch
    from ..models.totals_patch import TotalsPatch
    from ..models.vat_entry import VatEntry


T = TypeVar("T", bound="InvoicePatch")


@_attrs_define
class InvoicePatch:
    """
    Attributes:
        series (None | str | Unset):
        number (None | str | Unset):
        invoice_number (None | str | Unset):
        issue_date (None | str | Unset):
        due_date (None | str | Unset):
        delivery_date (None | str | Unset):
        currency (None | str | Unset):
        document_type (InvoicePatchDocumentTypeType0 | None | Unset):
        direction (InvoicePatchDirectionType0 | None | Unset):
        order_reference (None | str | Unset):
        payment_reference (None | str | Unset):
        payment_terms (None | str | Unset):
        amount_in_words (None | str | Unset):
        notes (None | str | Unset):
        seller (None | PartyPatch | Unset):
        buyer (None | PartyPatch | Unset):
        lines (list[Line] | None | Unset):
        totals (None | TotalsPatch | Unset):
        vat_breakdown (list[VatEntry] | None | Unset):
        buyer_contact_id (None | str | Unset):
        seller_contact_id (None | str | Unset):
    """

    series: None | str | Unset = UNSET
    number: None | str | Unset = UNSET
    invoice_number: None | str | Unset = UNSET
    issue_date: None | str | Unset = UNSET
    due_date: None | str | Unset = UNSET
    delivery_date: None | str | Unset = UNSET
    currency: None | str | Unset = UNSET
    document_type: InvoicePatchDocumentTypeType0 | None | Unset = UNSET
    direction: InvoicePatchDirectionType0 | None | Unset = UNSET
    order_reference: None | str | Unset = UNSET
    payment_reference: None | str | Unset = UNSET
    payment_terms: None | str | Unset = UNSET
    amount_in_words: None | str | Unset = UNSET
    notes: None | str | Unset = UNSET
    seller: None | PartyPatch | Unset = UNSET
    buyer: None | PartyPatch | Unset = UNSET
    lines: list[Line] | None | Unset = UNSET
    totals: None | TotalsPatch | Unset = UNSET
    vat_breakdown: list[VatEntry] | None | Unset = UNSET
    buyer_contact_id: None | str | Unset = UNSET
    seller_contact_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.party_patch import PartyPatch  # noqa: PLC0415
        from ..models.totals_patch import TotalsPatch  # noqa: PLC0415

        series: None | str | Unset
        if isinstance(self.series, Unset):
            series = UNSET
        else:
            series = self.series

        number: None | str | Unset
        if isinstance(self.number, Unset):
            number = UNSET
        else:
            number = self.number

        invoice_number: None | str | Unset
        if isinstance(self.invoice_number, Unset):
            invoice_number = UNSET
        else:
            invoice_number = self.invoice_number

        issue_date: None | str | Unset
        if isinstance(self.issue_date, Unset):
            issue_date = UNSET
        else:
            issue_date = self.issue_date

        due_date: None | str | Unset
        if isinstance(self.due_date, Unset):
            due_date = UNSET
        else:
            due_date = self.due_date

        delivery_date: None | str | Unset
        if isinstance(self.delivery_date, Unset):
            delivery_date = UNSET
        else:
            delivery_date = self.delivery_date

        currency: None | str | Unset
        if isinstance(self.currency, Unset):
            currency = UNSET
        else:
            currency = self.currency

        document_type: None | str | Unset
        if isinstance(self.document_type, Unset):
            document_type = UNSET
        elif isinstance(self.document_type, str):
            document_type = self.document_type
        else:
            document_type = self.document_type

        direction: None | str | Unset
        if isinstance(self.direction, Unset):
            direction = UNSET
        elif isinstance(self.direction, str):
            direction = self.direction
        else:
            direction = self.direction

        order_reference: None | str | Unset
        if isinstance(self.order_reference, Unset):
            order_reference = UNSET
        else:
            order_reference = self.order_reference

        payment_reference: None | str | Unset
        if isinstance(self.payment_reference, Unset):
            payment_reference = UNSET
        else:
            payment_reference = self.payment_reference

        payment_terms: None | str | Unset
        if isinstance(self.payment_terms, Unset):
            payment_terms = UNSET
        else:
            payment_terms = self.payment_terms

        amount_in_words: None | str | Unset
        if isinstance(self.amount_in_words, Unset):
            amount_in_words = UNSET
        else:
            amount_in_words = self.amount_in_words

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        seller: dict[str, Any] | None | Unset
        if isinstance(self.seller, Unset):
            seller = UNSET
        elif isinstance(self.seller, PartyPatch):
            seller = self.seller.to_dict()
        else:
            seller = self.seller

        buyer: dict[str, Any] | None | Unset
        if isinstance(self.buyer, Unset):
            buyer = UNSET
        elif isinstance(self.buyer, PartyPatch):
            buyer = self.buyer.to_dict()
        else:
            buyer = self.buyer

        lines: list[dict[str, Any]] | None | Unset
        if isinstance(self.lines, Unset):
            lines = UNSET
        elif isinstance(self.lines, list):
            lines = []
            for lines_type_0_item_data in self.lines:
                lines_type_0_item = lines_type_0_item_data.to_dict()
                lines.append(lines_type_0_item)

        else:
            lines = self.lines

        totals: dict[str, Any] | None | Unset
        if isinstance(self.totals, Unset):
            totals = UNSET
        elif isinstance(self.totals, TotalsPatch):
            totals = self.totals.to_dict()
        else:
            totals = self.totals

        vat_breakdown: list[dict[str, Any]] | None | Unset
        if isinstance(self.vat_breakdown, Unset):
            vat_breakdown = UNSET
        elif isinstance(self.vat_breakdown, list):
            vat_breakdown = []
            for vat_breakdown_type_0_item_data in self.vat_breakdown:
                vat_breakdown_type_0_item = vat_breakdown_type_0_item_data.to_dict()
                vat_breakdown.append(vat_breakdown_type_0_item)

        else:
            vat_breakdown = self.vat_breakdown

        buyer_contact_id: None | str | Unset
        if isinstance(self.buyer_contact_id, Unset):
            buyer_contact_id = UNSET
        else:
            buyer_contact_id = self.buyer_contact_id

        seller_contact_id: None | str | Unset
        if isinstance(self.seller_contact_id, Unset):
            seller_contact_id = UNSET
        else:
            seller_contact_id = self.seller_contact_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if series is not UNSET:
            field_dict["series"] = series
        if number is not UNSET:
            field_dict["number"] = number
        if invoice_number is not UNSET:
            field_dict["invoiceNumber"] = invoice_number
        if issue_date is not UNSET:
            field_dict["issueDate"] = issue_date
        if due_date is not UNSET:
            field_dict["dueDate"] = due_date
        if delivery_date is not UNSET:
            field_dict["deliveryDate"] = delivery_date
        if currency is not UNSET:
            field_dict["currency"] = currency
        if document_type is not UNSET:
            field_dict["documentType"] = document_type
        if direction is not UNSET:
            field_dict["direction"] = direction
        if order_reference is not UNSET:
            field_dict["orderReference"] = order_reference
        if payment_reference is not UNSET:
            field_dict["paymentReference"] = payment_reference
        if payment_terms is not UNSET:
            field_dict["paymentTerms"] = payment_terms
        if amount_in_words is not UNSET:
            field_dict["amountInWords"] = amount_in_words
        if notes is not UNSET:
            field_dict["notes"] = notes
        if seller is not UNSET:
            field_dict["seller"] = seller
        if buyer is not UNSET:
            field_dict["buyer"] = buyer
        if lines is not UNSET:
            field_dict["lines"] = lines
        if totals is not UNSET:
            field_dict["totals"] = totals
        if vat_breakdown is not UNSET:
            field_dict["vatBreakdown"] = vat_breakdown
        if buyer_contact_id is not UNSET:
            field_dict["buyerContactId"] = buyer_contact_id
        if seller_contact_id is not UNSET:
            field_dict["sellerContactId"] = seller_contact_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.line import Line  # noqa: PLC0415
        from ..models.party_patch import PartyPatch  # noqa: PLC0415
        from ..models.totals_patch import TotalsPatch  # noqa: PLC0415
        from ..models.vat_entry import VatEntry  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_series(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        series = _parse_series(d.pop("series", UNSET))

        def _parse_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        number = _parse_number(d.pop("number", UNSET))

        def _parse_invoice_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        invoice_number = _parse_invoice_number(d.pop("invoiceNumber", UNSET))

        def _parse_issue_date(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        issue_date = _parse_issue_date(d.pop("issueDate", UNSET))

        def _parse_due_date(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        due_date = _parse_due_date(d.pop("dueDate", UNSET))

        def _parse_delivery_date(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        delivery_date = _parse_delivery_date(d.pop("deliveryDate", UNSET))

        def _parse_currency(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        currency = _parse_currency(d.pop("currency", UNSET))

        def _parse_document_type(data: object) -> InvoicePatchDocumentTypeType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                document_type_type_0 = check_invoice_patch_document_type_type_0(data)

                return document_type_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InvoicePatchDocumentTypeType0 | None | Unset, data)

        document_type = _parse_document_type(d.pop("documentType", UNSET))

        def _parse_direction(data: object) -> InvoicePatchDirectionType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                direction_type_0 = check_invoice_patch_direction_type_0(data)

                return direction_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InvoicePatchDirectionType0 | None | Unset, data)

        direction = _parse_direction(d.pop("direction", UNSET))

        def _parse_order_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        order_reference = _parse_order_reference(d.pop("orderReference", UNSET))

        def _parse_payment_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        payment_reference = _parse_payment_reference(d.pop("paymentReference", UNSET))

        def _parse_payment_terms(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        payment_terms = _parse_payment_terms(d.pop("paymentTerms", UNSET))

        def _parse_amount_in_words(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        amount_in_words = _parse_amount_in_words(d.pop("amountInWords", UNSET))

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        def _parse_seller(data: object) -> None | PartyPatch | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                seller_type_0 = PartyPatch.from_dict(data)

                return seller_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PartyPatch | Unset, data)

        seller = _parse_seller(d.pop("seller", UNSET))

        def _parse_buyer(data: object) -> None | PartyPatch | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                buyer_type_0 = PartyPatch.from_dict(data)

                return buyer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PartyPatch | Unset, data)

        buyer = _parse_buyer(d.pop("buyer", UNSET))

        def _parse_lines(data: object) -> list[Line] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                lines_type_0 = []
                _lines_type_0 = data
                for lines_type_0_item_data in _lines_type_0:
                    lines_type_0_item = Line.from_dict(lines_type_0_item_data)

                    lines_type_0.append(lines_type_0_item)

                return lines_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Line] | None | Unset, data)

        lines = _parse_lines(d.pop("lines", UNSET))

        def _parse_totals(data: object) -> None | TotalsPatch | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                totals_type_0 = TotalsPatch.from_dict(data)

                return totals_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TotalsPatch | Unset, data)

        totals = _parse_totals(d.pop("totals", UNSET))

        def _parse_vat_breakdown(data: object) -> list[VatEntry] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                vat_breakdown_type_0 = []
                _vat_breakdown_type_0 = data
                for vat_breakdown_type_0_item_data in _vat_breakdown_type_0:
                    vat_breakdown_type_0_item = VatEntry.from_dict(vat_breakdown_type_0_item_data)

                    vat_breakdown_type_0.append(vat_breakdown_type_0_item)

                return vat_breakdown_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[VatEntry] | None | Unset, data)

        vat_breakdown = _parse_vat_breakdown(d.pop("vatBreakdown", UNSET))

        def _parse_buyer_contact_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        buyer_contact_id = _parse_buyer_contact_id(d.pop("buyerContactId", UNSET))

        def _parse_seller_contact_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        seller_contact_id = _parse_seller_contact_id(d.pop("sellerContactId", UNSET))

        invoice_patch = cls(
            series=series,
            number=number,
            invoice_number=invoice_number,
            issue_date=issue_date,
            due_date=due_date,
            delivery_date=delivery_date,
            currency=currency,
            document_type=document_type,
            direction=direction,
            order_reference=order_reference,
            payment_reference=payment_reference,
            payment_terms=payment_terms,
            amount_in_words=amount_in_words,
            notes=notes,
            seller=seller,
            buyer=buyer,
            lines=lines,
            totals=totals,
            vat_breakdown=vat_breakdown,
            buyer_contact_id=buyer_contact_id,
            seller_contact_id=seller_contact_id,
        )

        return invoice_patch
