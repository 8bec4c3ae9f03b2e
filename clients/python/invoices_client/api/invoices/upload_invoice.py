from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.upload_invoice_body import UploadInvoiceBody
from ...models.upload_result import UploadResult
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: UploadInvoiceBody,
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
        "url": "/invoices",
    }

    _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | UploadResult:
    if response.status_code == 202:
        response_202 = UploadResult.from_dict(response.json())

        return response_202

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | UploadResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: UploadInvoiceBody,
    x_client_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | UploadResult]:
    """Upload one invoice

     Upload one invoice (scope invoice:write)

    Args:
        x_client_id (str | Unset):
        idempotency_key (str | Unset):
        body (UploadInvoiceBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | UploadResult]
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
    body: UploadInvoiceBody,
    x_client_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Problem | UploadResult | None:
    """Upload one invoice

     Upload one invoice (scope invoice:write)

    Args:
        x_client_id (str | Unset):
        idempotency_key (str | Unset):
        body (UploadInvoiceBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | UploadResult
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
    body: UploadInvoiceBody,
    x_client_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | UploadResult]:
    """Upload one invoice

     Upload one invoice (scope invoice:write)

    Args:
        x_client_id (str | Unset):
        idempotency_key (str | Unset):
        body (UploadInvoiceBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | UploadResult]
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
    body: UploadInvoiceBody,
    x_client_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Problem | UploadResult | None:
    """Upload one invoice

     Upload one invoice (scope invoice:write)

    Args:
        x_client_id (str | Unset):
        idempotency_key (str | Unset):
        body (UploadInvoiceBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | UploadResult
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_client_id=x_client_id,
            idempotency_key=idempotency_key,
        )
    ).parsed
