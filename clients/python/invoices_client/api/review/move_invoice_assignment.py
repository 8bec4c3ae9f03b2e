from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.invoice import Invoice
from ...models.move_invoice_assignment_body import MoveInvoiceAssignmentBody
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    invoice_id: str,
    *,
    body: MoveInvoiceAssignmentBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/invoices/{invoice_id}/assignment/move".format(
            invoice_id=quote(str(invoice_id), safe=""),
        ),
    }

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
    body: MoveInvoiceAssignmentBody,
) -> Response[Invoice | Problem]:
    """Move an invoice to another client

     Review: move the invoice to another client of the team and mode (scope invoice:write). The
    invoice is reassessed against the destination; if that still needs review and force is
    false, 409 invoice.assignment_move_needs_review with `assignment` {status, reasonCodes,
    clientId, candidates}. 400 invoice.assignment_destination_same_client, 404 client.not_found,
    403 client.not_in_team, 400 validation.client_mode_mismatch.

    Args:
        invoice_id (str):
        body (MoveInvoiceAssignmentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Invoice | Problem]
    """

    kwargs = _get_kwargs(
        invoice_id=invoice_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    invoice_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: MoveInvoiceAssignmentBody,
) -> Invoice | Problem | None:
    """Move an invoice to another client

     Review: move the invoice to another client of the team and mode (scope invoice:write). The
    invoice is reassessed against the destination; if that still needs review and force is
    false, 409 invoice.assignment_move_needs_review with `assignment` {status, reasonCodes,
    clientId, candidates}. 400 invoice.assignment_destination_same_client, 404 client.not_found,
    403 client.not_in_team, 400 validation.client_mode_mismatch.

    Args:
        invoice_id (str):
        body (MoveInvoiceAssignmentBody):

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
    ).parsed


async def asyncio_detailed(
    invoice_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: MoveInvoiceAssignmentBody,
) -> Response[Invoice | Problem]:
    """Move an invoice to another client

     Review: move the invoice to another client of the team and mode (scope invoice:write). The
    invoice is reassessed against the destination; if that still needs review and force is
    false, 409 invoice.assignment_move_needs_review with `assignment` {status, reasonCodes,
    clientId, candidates}. 400 invoice.assignment_destination_same_client, 404 client.not_found,
    403 client.not_in_team, 400 validation.client_mode_mismatch.

    Args:
        invoice_id (str):
        body (MoveInvoiceAssignmentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Invoice | Problem]
    """

    kwargs = _get_kwargs(
        invoice_id=invoice_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    invoice_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: MoveInvoiceAssignmentBody,
) -> Invoice | Problem | None:
    """Move an invoice to another client

     Review: move the invoice to another client of the team and mode (scope invoice:write). The
    invoice is reassessed against the destination; if that still needs review and force is
    false, 409 invoice.assignment_move_needs_review with `assignment` {status, reasonCodes,
    clientId, candidates}. 400 invoice.assignment_destination_same_client, 404 client.not_found,
    403 client.not_in_team, 400 validation.client_mode_mismatch.

    Args:
        invoice_id (str):
        body (MoveInvoiceAssignmentBody):

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
        )
    ).parsed
