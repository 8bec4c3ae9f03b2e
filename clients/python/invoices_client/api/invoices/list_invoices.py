from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.list_invoices_assignment import ListInvoicesAssignment
from ...models.list_invoices_response_200 import ListInvoicesResponse200
from ...models.list_invoices_status import ListInvoicesStatus
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: ListInvoicesStatus | Unset = UNSET,
    assignment: ListInvoicesAssignment | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    json_assignment: str | Unset = UNSET
    if not isinstance(assignment, Unset):
        json_assignment = assignment

    params["assignment"] = json_assignment

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/invoices",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListInvoicesResponse200 | Problem:
    if response.status_code == 200:
        response_200 = ListInvoicesResponse200.from_dict(response.json())

        return response_200

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ListInvoicesResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: ListInvoicesStatus | Unset = UNSET,
    assignment: ListInvoicesAssignment | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Response[ListInvoicesResponse200 | Problem]:
    """List invoices

     List invoices of the caller's mode, newest first (scope invoice:read)

    Args:
        status (ListInvoicesStatus | Unset):
        assignment (ListInvoicesAssignment | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListInvoicesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        assignment=assignment,
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    status: ListInvoicesStatus | Unset = UNSET,
    assignment: ListInvoicesAssignment | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> ListInvoicesResponse200 | Problem | None:
    """List invoices

     List invoices of the caller's mode, newest first (scope invoice:read)

    Args:
        status (ListInvoicesStatus | Unset):
        assignment (ListInvoicesAssignment | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListInvoicesResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        status=status,
        assignment=assignment,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: ListInvoicesStatus | Unset = UNSET,
    assignment: ListInvoicesAssignment | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Response[ListInvoicesResponse200 | Problem]:
    """List invoices

     List invoices of the caller's mode, newest first (scope invoice:read)

    Args:
        status (ListInvoicesStatus | Unset):
        assignment (ListInvoicesAssignment | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListInvoicesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        assignment=assignment,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    status: ListInvoicesStatus | Unset = UNSET,
    assignment: ListInvoicesAssignment | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> ListInvoicesResponse200 | Problem | None:
    """List invoices

     List invoices of the caller's mode, newest first (scope invoice:read)

    Args:
        status (ListInvoicesStatus | Unset):
        assignment (ListInvoicesAssignment | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListInvoicesResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            assignment=assignment,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
