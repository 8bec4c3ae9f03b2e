from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.invoice import Invoice
from ...models.invoice_patch import InvoicePatch
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    invoice_id: str,
    *,
    body: InvoicePatch | InvoicePatch | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/invoices/{invoice_id}".format(
            invoice_id=quote(str(invoice_id), safe=""),
        ),
    }

    if isinstance(body, InvoicePatch):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/merge-patch+json"
    if isinstance(body, InvoicePatch):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
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
    body: InvoicePatch | InvoicePatch | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[Invoice | Problem]:
    """Edit an invoice

     Edit an invoice (scope invoice:write): a JSON merge patch (RFC 7396) of the editable fields.
    Objects merge key by key, arrays (lines, vatBreakdown) are replaced, null clears. 409
    invoice.not_editable while processing (also while held for review), 409 http.conflict when
    If-Match names a stale version. VAT classifiers and validation checks are recomputed, the
    edit is appended to `history` (who, when, fields, old and new), and invoice.updated fires
    (source api). Header fields include orderReference and paymentReference (the reference the
    payer quotes, one line of at most 200 characters; null clears it).

    Args:
        invoice_id (str):
        if_match (str | Unset):
        body (InvoicePatch):
        body (InvoicePatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Invoice | Problem]
    """

    kwargs = _get_kwargs(
        invoice_id=invoice_id,
        body=body,
        if_match=if_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    invoice_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: InvoicePatch | InvoicePatch | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Invoice | Problem | None:
    """Edit an invoice

     Edit an invoice (scope invoice:write): a JSON merge patch (RFC 7396) of the editable fields.
    Objects merge key by key, arrays (lines, vatBreakdown) are replaced, null clears. 409
    invoice.not_editable while processing (also while held for review), 409 http.conflict when
    If-Match names a stale version. VAT classifiers and validation checks are recomputed, the
    edit is appended to `history` (who, when, fields, old and new), and invoice.updated fires
    (source api). Header fields include orderReference and paymentReference (the reference the
    payer quotes, one line of at most 200 characters; null clears it).

    Args:
        invoice_id (str):
        if_match (str | Unset):
        body (InvoicePatch):
        body (InvoicePatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Invoice | Problem
    """

    return sync_detailed(
        invoice_id=invoice_id,
        client=client,
        body=body,
        if_match=if_match,
    ).parsed


async def asyncio_detailed(
    invoice_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: InvoicePatch | InvoicePatch | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[Invoice | Problem]:
    """Edit an invoice

     Edit an invoice (scope invoice:write): a JSON merge patch (RFC 7396) of the editable fields.
    Objects merge key by key, arrays (lines, vatBreakdown) are replaced, null clears. 409
    invoice.not_editable while processing (also while held for review), 409 http.conflict when
    If-Match names a stale version. VAT classifiers and validation checks are recomputed, the
    edit is appended to `history` (who, when, fields, old and new), and invoice.updated fires
    (source api). Header fields include orderReference and paymentReference (the reference the
    payer quotes, one line of at most 200 characters; null clears it).

    Args:
        invoice_id (str):
        if_match (str | Unset):
        body (InvoicePatch):
        body (InvoicePatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Invoice | Problem]
    """

    kwargs = _get_kwargs(
        invoice_id=invoice_id,
        body=body,
        if_match=if_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    invoice_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: InvoicePatch | InvoicePatch | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Invoice | Problem | None:
    """Edit an invoice

     Edit an invoice (scope invoice:write): a JSON merge patch (RFC 7396) of the editable fields.
    Objects merge key by key, arrays (lines, vatBreakdown) are replaced, null clears. 409
    invoice.not_editable while processing (also while held for review), 409 http.conflict when
    If-Match names a stale version. VAT classifiers and validation checks are recomputed, the
    edit is appended to `history` (who, when, fields, old and new), and invoice.updated fires
    (source api). Header fields include orderReference and paymentReference (the reference the
    payer quotes, one line of at most 200 characters; null clears it).

    Args:
        invoice_id (str):
        if_match (str | Unset):
        body (InvoicePatch):
        body (InvoicePatch):

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
            body=body,
            if_match=if_match,
        )
    ).parsed
