from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.batch_upload_result import BatchUploadResult
from ...models.problem import Problem
from ...models.upload_invoice_batch_body import UploadInvoiceBatchBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: UploadInvoiceBatchBody,
    x_client_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_client_id, Unset):
        headers["X-Client-Id"] = x_client_id

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/invoices/batch",
    }

    _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BatchUploadResult | Problem:
    if response.status_code == 207:
        response_207 = BatchUploadResult.from_dict(response.json())

        return response_207

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[BatchUploadResult | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: UploadInvoiceBatchBody,
    x_client_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[BatchUploadResult | Problem]:
    """Upload up to 10 invoices

     Upload up to 10 invoices (scope invoice:write); body at most 500 MiB

    Args:
        x_client_id (str | Unset):
        idempotency_key (str | Unset):
        body (UploadInvoiceBatchBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BatchUploadResult | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        x_client_id=x_client_id,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: UploadInvoiceBatchBody,
    x_client_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> BatchUploadResult | Problem | None:
    """Upload up to 10 invoices

     Upload up to 10 invoices (scope invoice:write); body at most 500 MiB

    Args:
        x_client_id (str | Unset):
        idempotency_key (str | Unset):
        body (UploadInvoiceBatchBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BatchUploadResult | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        x_client_id=x_client_id,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: UploadInvoiceBatchBody,
    x_client_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[BatchUploadResult | Problem]:
    """Upload up to 10 invoices

     Upload up to 10 invoices (scope invoice:write); body at most 500 MiB

    Args:
        x_client_id (str | Unset):
        idempotency_key (str | Unset):
        body (UploadInvoiceBatchBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BatchUploadResult | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        x_client_id=x_client_id,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: UploadInvoiceBatchBody,
    x_client_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> BatchUploadResult | Problem | None:
    """Upload up to 10 invoices

     Upload up to 10 invoices (scope invoice:write); body at most 500 MiB

    Args:
        x_client_id (str | Unset):
        idempotency_key (str | Unset):
        body (UploadInvoiceBatchBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BatchUploadResult | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_client_id=x_client_id,
            idempotency_key=idempotency_key,
        )
    ).parsed
