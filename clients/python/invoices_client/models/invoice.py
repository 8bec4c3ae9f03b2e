from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.invoice_direction_type_0 import InvoiceDirectionType0, check_invoice_direction_type_0
from ..models.invoice_document_type_type_0 import InvoiceDocumentTypeType0, check_invoice_document_type_type_0
from ..models.invoice_mode_value import InvoiceModeValue, check_invoice_mode_value
from ..models.invoice_status_value import InvoiceStatusValue, check_invoice_status_value
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.assignment import Assignment
    from ..models.confidence import Confidence
    from ..models.extraction import Extraction
    from ..models.history_entry import HistoryEntry
    from ..models.invoice_line import InvoiceLine
    from ..models.invoice_sources import InvoiceSources
    from ..models.party import Party
    from ..models.qr_code import QrCode
    from ..models.totals import Totals
    from ..models.validation import Validation
    from ..models.vat_breakdown_entry import VatBreakdownEntry


T = TypeVar("T", bound="Invoice")


@_attrs_define
class Invoice:
    """The full invoice DTO: the extracted content with its identity,
    ownership, assignment and history.

        Attributes:
            page_count (int | None):
            document_type (InvoiceDocumentTypeType0 | None):
            direction (InvoiceDirectionType0 | None): from the client's point of view
            language (None | str):
            series (None | str):
            number (None | str):
            invoice_number (None | str):
            issue_date (None | str):
            due_date (None | str):
            delivery_date (None | str):
            currency (None | str):
            order_reference (None | str):
            seller (None | Party):
            buyer (None | Party):
            lines (list[InvoiceLine] | None): [] without an item table; null once an edit cleared it
            vat_breakdown (list[VatBreakdownEntry] | None):
            totals (None | Totals):
            amount_in_words (None | str):
            payment_terms (None | str):
            notes (None | str):
            validation (None | Validation):
            confidence (Confidence | None):
            sources (InvoiceSources):
            extraction (Extraction | None):
            id (str):
            status (InvoiceStatusValue): processing includes an invoice held for review
            mode (InvoiceModeValue):
            job_id (str):
            client_id (None | str):
            source_file (None | str):
            assignment (Assignment): Which of the team's clients the invoice belongs to; status null: never assessed.
            history (list[HistoryEntry]):
            created_at (str):
            updated_at (str):
            payment_reference (None | str | Unset): the reference the payer quotes with the transfer (EN 16931 BT-83,
                remittance information): from an EPC payment QR code (its structured creditor reference, else its remittance
                text), from an embedded e-invoice (UBL PaymentMeans/PaymentID, CII PaymentReference, KSeF IPKSeF) or set by an
                edit; null or absent when none is known. A payment code that disagrees with the value is a warning (validation
                check payment_qr.reference).
            qr_codes (list[QrCode] | None | Unset): QR codes printed on the pages (EPC payment codes, KSeF verification
                links) with what each says; present only when the document carries one. A payment code's IBAN and amount are
                checked against the seller's IBAN and the payable total (validation checks payment_qr.*).
            duplicate_of (None | str | Unset): the earlier invoice of the team and mode that this one repeats (the same
                file, or the same seller and number with the same issue date and gross where both carry them); null when none or
                when a team member kept it. The upload is charged all the same.
    """

    page_count: int | None
    document_type: InvoiceDocumentTypeType0 | None
    direction: InvoiceDirectionType0 | None
    language: None | str
    series: None | str
    number: None | str
    invoice_number: None | str
    issue_date: None | str
    due_date: None | str
    delivery_date: None | str
    currency: None | str
    order_reference: None | str
    seller: None | Party
    buyer: None | Party
    lines: list[InvoiceLine] | None
    vat_breakdown: list[VatBreakdownEntry] | None
    totals: None | Totals
    amount_in_words: None | str
    payment_terms: None | str
    notes: None | str
    validation: None | Validation
    confidence: Confidence | None
    sources: InvoiceSources
    extraction: Extraction | None
    id: str
    status: InvoiceStatusValue
    mode: InvoiceModeValue
    job_id: str
    client_id: None | str
    source_file: None | str
    assignment: Assignment
    history: list[HistoryEntry]
    created_at: str
    updated_at: str
    payment_reference: None | str | Unset = UNSET
    qr_codes: list[QrCode] | None | Unset = UNSET
    duplicate_of: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.confidence import Confidence  # noqa: PLC0415
        from ..models.extraction import Extraction  # noqa: PLC0415
        from ..models.party import Party  # noqa: PLC0415
        from ..models.totals import Totals  # noqa: PLC0415
        from ..models.validation import Validation  # noqa: PLC0415

        page_count: int | None
        page_count = self.page_count

        document_type: None | str
        if isinstance(self.document_type, str):
            document_type = self.document_type
        else:
            document_type = self.document_type

        direction: None | str
        if isinstance(self.direction, str):
            direction = self.direction
        else:
            direction = self.direction

        language: None | str
        language = self.language

        series: None | str
        series = self.series

        number: None | str
        number = self.number

        invoice_number: None | str
        invoice_number = self.invoice_number

        issue_date: None | str
        issue_date = self.issue_date

        due_date: None | str
        due_date = self.due_date

        delivery_date: None | str
        delivery_date = self.delivery_date

        currency: None | str
        currency = self.currency

        order_reference: None | str
        order_reference = self.order_reference

        seller: dict[str, Any] | None
        if isinstance(self.seller, Party):
            seller = self.seller.to_dict()
        else:
            seller = self.seller

        buyer: dict[str, Any] | None
        if isinstance(self.buyer, Party):
            buyer = self.buyer.to_dict()
        else:
            buyer = self.buyer

        lines: list[dict[str, Any]] | None
        if isinstance(self.lines, list):
            lines = []
            for lines_type_0_item_data in self.lines:
                lines_type_0_item = lines_type_0_item_data.to_dict()
                lines.append(lines_type_0_item)

        else:
            lines = self.lines

        vat_breakdown: list[dict[str, Any]] | None
        if isinstance(self.vat_breakdown, list):
            vat_breakdown = []
            for vat_breakdown_type_0_item_data in self.vat_breakdown:
                vat_breakdown_type_0_item = vat_breakdown_type_0_item_data.to_dict()
                vat_breakdown.append(vat_breakdown_type_0_item)

        else:
            vat_breakdown = self.vat_breakdown

        totals: dict[str, Any] | None
        if isinstance(self.totals, Totals):
            totals = self.totals.to_dict()
        else:
            totals = self.totals

        amount_in_words: None | str
        amount_in_words = self.amount_in_words

        payment_terms: None | str
        payment_terms = self.payment_terms

        notes: None | str
        notes = self.notes

        validation: dict[str, Any] | None
        if isinstance(self.validation, Validation):
            validation = self.validation.to_dict()
        else:
            validation = self.validation

        confidence: dict[str, Any] | None
        if isinstance(self.confidence, Confidence):
            confidence = self.confidence.to_dict()
        else:
            confidence = self.confidence

        sources = self.sources.to_dict()

        extraction: dict[str, Any] | None
        if isinstance(self.extraction, Extraction):
            extraction = self.extraction.to_dict()
        else:
            extraction = self.extraction

        id = self.id

        status: str = self.status

        mode: str = self.mode

        job_id = self.job_id

        client_id: None | str
        client_id = self.client_id

        source_file: None | str
        source_file = self.source_file

        assignment = self.assignment.to_dict()

        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)

        created_at = self.created_at

        updated_at = self.updated_at

        payment_reference: None | str | Unset
        if isinstance(self.payment_reference, Unset):
            payment_reference = UNSET
        else:
            payment_reference = self.payment_reference

        qr_codes: list[dict[str, Any]] | None | Unset
        if isinstance(self.qr_codes, Unset):
            qr_codes = UNSET
        elif isinstance(self.qr_codes, list):
            qr_codes = []
            for qr_codes_type_0_item_data in self.qr_codes:
                qr_codes_type_0_item = qr_codes_type_0_item_data.to_dict()
                qr_codes.append(qr_codes_type_0_item)

        else:
            qr_codes = self.qr_codes

        duplicate_of: None | str | Unset
        if isinstance(self.duplicate_of, Unset):
            duplicate_of = UNSET
        else:
            duplicate_of = self.duplicate_of

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "pageCount": page_count,
                "documentType": document_type,
                "direction": direction,
                "language": language,
                "series": series,
                "number": number,
                "invoiceNumber": invoice_number,
                "issueDate": issue_date,
                "dueDate": due_date,
                "deliveryDate": delivery_date,
                "currency": currency,
                "orderReference": order_reference,
                "seller": seller,
                "buyer": buyer,
                "lines": lines,
                "vatBreakdown": vat_breakdown,
                "totals": totals,
                "amountInWords": amount_in_words,
                "paymentTerms": payment_terms,
                "notes": notes,
                "validation": validation,
                "confidence": confidence,
                "sources": sources,
                "extraction": extraction,
                "id": id,
                "status": status,
                "mode": mode,
                "jobId": job_id,
                "clientId": client_id,
                "sourceFile": source_file,
                "assignment": assignment,
                "history": history,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )
        if payment_reference is not UNSET:
            field_dict["paymentReference"] = payment_reference
        if qr_codes is not UNSET:
            field_dict["qrCodes"] = qr_codes
        if duplicate_of is not UNSET:
            field_dict["duplicateOf"] = duplicate_of

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.assignment import Assignment  # noqa: PLC0415
        from ..models.confidence import Confidence  # noqa: PLC0415
        from ..models.extraction import Extraction  # noqa: PLC0415
        from ..models.history_entry import HistoryEntry  # noqa: PLC0415
        from ..models.invoice_line import InvoiceLine  # noqa: PLC0415
        from ..models.invoice_sources import InvoiceSources  # noqa: PLC0415
        from ..models.party import Party  # noqa: PLC0415
        from ..models.qr_code import QrCode  # noqa: PLC0415
        from ..models.totals import Totals  # noqa: PLC0415
        from ..models.validation import Validation  # noqa: PLC0415
        from ..models.vat_breakdown_entry import VatBreakdownEntry  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_page_count(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        page_count = _parse_page_count(d.pop("pageCount"))

        def _parse_document_type(data: object) -> InvoiceDocumentTypeType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                document_type_type_0 = check_invoice_document_type_type_0(data)

                return document_type_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InvoiceDocumentTypeType0 | None, data)

        document_type = _parse_document_type(d.pop("documentType"))

        def _parse_direction(data: object) -> InvoiceDirectionType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                direction_type_0 = check_invoice_direction_type_0(data)

                return direction_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InvoiceDirectionType0 | None, data)

        direction = _parse_direction(d.pop("direction"))

        def _parse_language(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        language = _parse_language(d.pop("language"))

        def _parse_series(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        series = _parse_series(d.pop("series"))

        def _parse_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        number = _parse_number(d.pop("number"))

        def _parse_invoice_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        invoice_number = _parse_invoice_number(d.pop("invoiceNumber"))

        def _parse_issue_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        issue_date = _parse_issue_date(d.pop("issueDate"))

        def _parse_due_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        due_date = _parse_due_date(d.pop("dueDate"))

        def _parse_delivery_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        delivery_date = _parse_delivery_date(d.pop("deliveryDate"))

        def _parse_currency(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        currency = _parse_currency(d.pop("currency"))

        def _parse_order_reference(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        order_reference = _parse_order_reference(d.pop("orderReference"))

        def _parse_seller(data: object) -> None | Party:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                seller_type_0 = Party.from_dict(data)

                return seller_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Party, data)

        seller = _parse_seller(d.pop("seller"))

        def _parse_buyer(data: object) -> None | Party:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                buyer_type_0 = Party.from_dict(data)

                return buyer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Party, data)

        buyer = _parse_buyer(d.pop("buyer"))

        def _parse_lines(data: object) -> list[InvoiceLine] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                lines_type_0 = []
                _lines_type_0 = data
                for lines_type_0_item_data in _lines_type_0:
                    lines_type_0_item = InvoiceLine.from_dict(lines_type_0_item_data)

                    lines_type_0.append(lines_type_0_item)

                return lines_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[InvoiceLine] | None, data)

        lines = _parse_lines(d.pop("lines"))

        def _parse_vat_breakdown(data: object) -> list[VatBreakdownEntry] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                vat_breakdown_type_0 = []
                _vat_breakdown_type_0 = data
                for vat_breakdown_type_0_item_data in _vat_breakdown_type_0:
                    vat_breakdown_type_0_item = VatBreakdownEntry.from_dict(vat_breakdown_type_0_item_data)

                    vat_breakdown_type_0.append(vat_breakdown_type_0_item)

                return vat_breakdown_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[VatBreakdownEntry] | None, data)

        vat_breakdown = _parse_vat_breakdown(d.pop("vatBreakdown"))

        def _parse_totals(data: object) -> None | Totals:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                totals_type_0 = Totals.from_dict(data)

                return totals_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Totals, data)

        totals = _parse_totals(d.pop("totals"))

        def _parse_amount_in_words(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        amount_in_words = _parse_amount_in_words(d.pop("amountInWords"))

        def _parse_payment_terms(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        payment_terms = _parse_payment_terms(d.pop("paymentTerms"))

        def _parse_notes(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notes = _parse_notes(d.pop("notes"))

        def _parse_validation(data: object) -> None | Validation:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                validation_type_0 = Validation.from_dict(data)

                return validation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Validation, data)

        validation = _parse_validation(d.pop("validation"))

        def _parse_confidence(data: object) -> Confidence | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                confidence_type_0 = Confidence.from_dict(data)

                return confidence_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Confidence | None, data)

        confidence = _parse_confidence(d.pop("confidence"))

        sources = InvoiceSources.from_dict(d.pop("sources"))

        def _parse_extraction(data: object) -> Extraction | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                extraction_type_0 = Extraction.from_dict(data)

                return extraction_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Extraction | None, data)

        extraction = _parse_extraction(d.pop("extraction"))

        id = d.pop("id")

        status = check_invoice_status_value(d.pop("status"))

        mode = check_invoice_mode_value(d.pop("mode"))

        job_id = d.pop("jobId")

        def _parse_client_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        client_id = _parse_client_id(d.pop("clientId"))

        def _parse_source_file(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source_file = _parse_source_file(d.pop("sourceFile"))

        assignment = Assignment.from_dict(d.pop("assignment"))

        history = []
        _history = d.pop("history")
        for history_item_data in _history:
            history_item = HistoryEntry.from_dict(history_item_data)

            history.append(history_item)

        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        def _parse_payment_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        payment_reference = _parse_payment_reference(d.pop("paymentReference", UNSET))

        def _parse_qr_codes(data: object) -> list[QrCode] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                qr_codes_type_0 = []
                _qr_codes_type_0 = data
                for qr_codes_type_0_item_data in _qr_codes_type_0:
                    qr_codes_type_0_item = QrCode.from_dict(qr_codes_type_0_item_data)

                    qr_codes_type_0.append(qr_codes_type_0_item)

                return qr_codes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[QrCode] | None | Unset, data)

        qr_codes = _parse_qr_codes(d.pop("qrCodes", UNSET))

        def _parse_duplicate_of(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        duplicate_of = _parse_duplicate_of(d.pop("duplicateOf", UNSET))

        invoice = cls(
            page_count=page_count,
            document_type=document_type,
            direction=direction,
            language=language,
            series=series,
            number=number,
            invoice_number=invoice_number,
            issue_date=issue_date,
            due_date=due_date,
            delivery_date=delivery_date,
            currency=currency,
            order_reference=order_reference,
            seller=seller,
            buyer=buyer,
            lines=lines,
            vat_breakdown=vat_breakdown,
            totals=totals,
            amount_in_words=amount_in_words,
            payment_terms=payment_terms,
            notes=notes,
            validation=validation,
            confidence=confidence,
            sources=sources,
            extraction=extraction,
            id=id,
            status=status,
            mode=mode,
            job_id=job_id,
            client_id=client_id,
            source_file=source_file,
            assignment=assignment,
            history=history,
            created_at=created_at,
            updated_at=updated_at,
            payment_reference=payment_reference,
            qr_codes=qr_codes,
            duplicate_of=duplicate_of,
        )

        invoice.additional_properties = d
        return invoice

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
