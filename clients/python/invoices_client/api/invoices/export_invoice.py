from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.export_invoice_format import ExportInvoiceFormat
from ...models.invoice import Invoice
from ...models.problem import Problem
from ...types import UNSET, Response


def _get_kwargs(
    invoice_id: str,
    *,
    format_: ExportInvoiceFormat,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_format_: str = format_
    params["format"] = json_format_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/invoices/{invoice_id}/export".format(
            invoice_id=quote(str(invoice_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Invoice | Problem:
    if response.status_code == 200:
        response_200 = Invoice.from_dict(response.json())

        return response_200

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Invoice | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    invoice_id: str,
    *,
    client: AuthenticatedClient | Client,
    format_: ExportInvoiceFormat,
) -> Response[Invoice | Problem]:
    """Export an invoice

     The invoice in an accounting program's import format (scope invoice:export)

    The body is the file, sent as an attachment (Content-Disposition names it): rivile - ZIP of
    Rivile GAMA EIP files (Windows-1257); finvalda - fvsdata XML; centas -
    root/dokumentas/eilute XML; agnum - AgnumData XML; json - the invoice DTO; xml - UBL 2.1
    Invoice or CreditNote (Peppol BIS Billing 3.0); cii - UN/CEFACT Cross Industry Invoice in
    the EN 16931 profile (the Factur-X / ZUGFeRD / XRechnung syntax); the invoice's
    paymentReference is cbc:PaymentID in xml and ram:PaymentReference in cii. xml and cii are checked
    against the published EN 16931 rules before they are sent. 400 export.invalid_format; 409
    invoice.not_ready_for_export, invoice.export_unavailable_failed,
    invoice.export_unavailable_preprocessing (detail names the reason, or each EN 16931 rule
    the file would break).

    Args:
        invoice_id (str):
        format_ (ExportInvoiceFormat):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Invoice | Problem]
    """

    kwargs = _get_kwargs(
        invoice_id=invoice_id,
        format_=format_,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    invoice_id: str,
    *,
    client: AuthenticatedClient | Client,
    format_: ExportInvoiceFormat,
) -> Invoice | Problem | None:
    """Export an invoice

     The invoice in an accounting program's import format (scope invoice:export)

    The body is the file, sent as an attachment (Content-Disposition names it): rivile - ZIP of
    Rivile GAMA EIP files (Windows-1257); finvalda - fvsdata XML; centas -
    root/dokumentas/eilute XML; agnum - AgnumData XML; json - the invoice DTO; xml - UBL 2.1
    Invoice or CreditNote (Peppol BIS Billing 3.0); cii - UN/CEFACT Cross Industry Invoice in
    the EN 16931 profile (the Factur-X / ZUGFeRD / XRechnung syntax); the invoice's
    paymentReference is cbc:PaymentID in xml and ram:PaymentReference in cii. xml and cii are checked
    against the published EN 16931 rules before they are sent. 400 export.invalid_format; 409
    invoice.not_ready_for_export, invoice.export_unavailable_failed,
    invoice.export_unavailable_preprocessing (detail names the reason, or each EN 16931 rule
    the file would break).

    Args:
        invoice_id (str):
        format_ (ExportInvoiceFormat):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Invoice | Problem
    """

    return sync_detailed(
        invoice_id=invoice_id,
        client=client,
        format_=format_,
    ).parsed


async def asyncio_detailed(
    invoice_id: str,
    *,
    client: AuthenticatedClient | Client,
    format_: ExportInvoiceFormat,
) -> Response[Invoice | Problem]:
    """Export an invoice

     The invoice in an accounting program's import format (scope invoice:export)

    The body is the file, sent as an attachment (Content-Disposition names it): rivile - ZIP of
    Rivile GAMA EIP files (Windows-1257); finvalda - fvsdata XML; centas -
    root/dokumentas/eilute XML; agnum - AgnumData XML; json - the invoice DTO; xml - UBL 2.1
    Invoice or CreditNote (Peppol BIS Billing 3.0); cii - UN/CEFACT Cross Industry Invoice in
    the EN 16931 profile (the Factur-X / ZUGFeRD / XRechnung syntax); the invoice's
    paymentReference is cbc:PaymentID in xml and ram:PaymentReference in cii. xml and cii are checked
    against the published EN 16931 rules before they are sent. 400 export.invalid_format; 409
    invoice.not_ready_for_export, invoice.export_unavailable_failed,
    invoice.export_unavailable_preprocessing (detail names the reason, or each EN 16931 rule
    the file would break).

    Args:
        invoice_id (str):
        format_ (ExportInvoiceFormat):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Invoice | Problem]
    """

    kwargs = _get_kwargs(
        invoice_id=invoice_id,
        format_=format_,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    invoice_id: str,
    *,
    client: AuthenticatedClient | Client,
    format_: ExportInvoiceFormat,
) -> Invoice | Problem | None:
    """Export an invoice

     The invoice in an accounting program's import format (scope invoice:export)

    The body is the file, sent as an attachment (Content-Disposition names it): rivile - ZIP of
    Rivile GAMA EIP files (Windows-1257); finvalda - fvsdata XML; centas -
    root/dokumentas/eilute XML; agnum - AgnumData XML; json - the invoice DTO; xml - UBL 2.1
    Invoice or CreditNote (Peppol BIS Billing 3.0); cii - UN/CEFACT Cross Industry Invoice in
    the EN 16931 profile (the Factur-X / ZUGFeRD / XRechnung syntax); the invoice's
    paymentReference is cbc:PaymentID in xml and ram:PaymentReference in cii. xml and cii are checked
    against the published EN 16931 rules before they are sent. 400 export.invalid_format; 409
    invoice.not_ready_for_export, invoice.export_unavailable_failed,
    invoice.export_unavailable_preprocessing (detail names the reason, or each EN 16931 rule
    the file would break).

    Args:
        invoice_id (str):
        format_ (ExportInvoiceFormat):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Invoice | Problem
    """

    return (
        await asyncio_detailed(
            invoice_id=invoice_id,
            client=client,
            format_=format_,
        )
    ).parsed
