from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.reprocess_invoice_response_202 import ReprocessInvoiceResponse202
from ...types import Response


def _get_kwargs(
    invoice_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/invoices/{invoice_id}/reprocess".format(
            invoice_id=quote(str(invoice_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | ReprocessInvoiceResponse202:
    if response.status_code == 202:
        response_202 = ReprocessInvoiceResponse202.from_dict(response.json())

        return response_202

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | ReprocessInvoiceResponse202]:
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
) -> Response[Problem | ReprocessInvoiceResponse202]:
    """Read an invoice again

     Read the source file again (scope invoice:write); paid now, never parked

    402 credits.insufficient when the live balance cannot cover it; 409 invoice.not_editable
    while processing; 409 invoice.reprocess_unavailable when the file is gone.

    Args:
        invoice_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ReprocessInvoiceResponse202]
    """

    kwargs = _get_kwargs(
        invoice_id=invoice_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    invoice_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | ReprocessInvoiceResponse202 | None:
    """Read an invoice again

     Read the source file again (scope invoice:write); paid now, never parked

    402 credits.insufficient when the live balance cannot cover it; 409 invoice.not_editable
    while processing; 409 invoice.reprocess_unavailable when the file is gone.

    Args:
        invoice_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ReprocessInvoiceResponse202
    """

    return sync_detailed(
        invoice_id=invoice_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    invoice_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | ReprocessInvoiceResponse202]:
    """Read an invoice again

     Read the source file again (scope invoice:write); paid now, never parked

    402 credits.insufficient when the live balance cannot cover it; 409 invoice.not_editable
    while processing; 409 invoice.reprocess_unavailable when the file is gone.

    Args:
        invoice_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ReprocessInvoiceResponse202]
    """

    kwargs = _get_kwargs(
        invoice_id=invoice_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    invoice_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | ReprocessInvoiceResponse202 | None:
    """Read an invoice again

     Read the source file again (scope invoice:write); paid now, never parked

    402 credits.insufficient when the live balance cannot cover it; 409 invoice.not_editable
    while processing; 409 invoice.reprocess_unavailable when the file is gone.

    Args:
        invoice_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ReprocessInvoiceResponse202
    """

    return (
        await asyncio_detailed(
            invoice_id=invoice_id,
            client=client,
        )
    ).parsed
