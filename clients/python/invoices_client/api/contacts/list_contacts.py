from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.list_contacts_response_200 import ListContactsResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    q: str | Unset = UNSET,
    company_code: str | Unset = UNSET,
    vat_code: str | Unset = UNSET,
    client_id: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["q"] = q

    params["companyCode"] = company_code

    params["vatCode"] = vat_code

    params["clientId"] = client_id

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/contacts",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListContactsResponse200 | Problem:
    if response.status_code == 200:
        response_200 = ListContactsResponse200.from_dict(response.json())

        return response_200

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ListContactsResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    q: str | Unset = UNSET,
    company_code: str | Unset = UNSET,
    vat_code: str | Unset = UNSET,
    client_id: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Response[ListContactsResponse200 | Problem]:
    """List contacts

     Contacts of the caller's mode, newest first (scope invoice:read)

    Args:
        q (str | Unset):
        company_code (str | Unset):
        vat_code (str | Unset):
        client_id (str | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListContactsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        q=q,
        company_code=company_code,
        vat_code=vat_code,
        client_id=client_id,
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
    q: str | Unset = UNSET,
    company_code: str | Unset = UNSET,
    vat_code: str | Unset = UNSET,
    client_id: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> ListContactsResponse200 | Problem | None:
    """List contacts

     Contacts of the caller's mode, newest first (scope invoice:read)

    Args:
        q (str | Unset):
        company_code (str | Unset):
        vat_code (str | Unset):
        client_id (str | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListContactsResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        q=q,
        company_code=company_code,
        vat_code=vat_code,
        client_id=client_id,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    q: str | Unset = UNSET,
    company_code: str | Unset = UNSET,
    vat_code: str | Unset = UNSET,
    client_id: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Response[ListContactsResponse200 | Problem]:
    """List contacts

     Contacts of the caller's mode, newest first (scope invoice:read)

    Args:
        q (str | Unset):
        company_code (str | Unset):
        vat_code (str | Unset):
        client_id (str | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListContactsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        q=q,
        company_code=company_code,
        vat_code=vat_code,
        client_id=client_id,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    q: str | Unset = UNSET,
    company_code: str | Unset = UNSET,
    vat_code: str | Unset = UNSET,
    client_id: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> ListContactsResponse200 | Problem | None:
    """List contacts

     Contacts of the caller's mode, newest first (scope invoice:read)

    Args:
        q (str | Unset):
        company_code (str | Unset):
        vat_code (str | Unset):
        client_id (str | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListContactsResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            q=q,
            company_code=company_code,
            vat_code=vat_code,
            client_id=client_id,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
