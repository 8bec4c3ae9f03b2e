from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.contact import Contact
from ...models.contact_patch import ContactPatch
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    contact_id: str,
    *,
    body: ContactPatch,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/contacts/{contact_id}".format(
            contact_id=quote(str(contact_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Contact | Problem:
    if response.status_code == 200:
        response_200 = Contact.from_dict(response.json())

        return response_200

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Contact | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    contact_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ContactPatch,
) -> Response[Contact | Problem]:
    """Change a contact

     Change a contact (scope invoice:write), a JSON merge patch; name cannot be cleared

    Args:
        contact_id (str):
        body (ContactPatch): A JSON merge patch (RFC 7396): a field sent as null is cleared, one
            left out is kept;
            `name` may change but not be cleared.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Contact | Problem]
    """

    kwargs = _get_kwargs(
        contact_id=contact_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    contact_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ContactPatch,
) -> Contact | Problem | None:
    """Change a contact

     Change a contact (scope invoice:write), a JSON merge patch; name cannot be cleared

    Args:
        contact_id (str):
        body (ContactPatch): A JSON merge patch (RFC 7396): a field sent as null is cleared, one
            left out is kept;
            `name` may change but not be cleared.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Contact | Problem
    """

    return sync_detailed(
        contact_id=contact_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    contact_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ContactPatch,
) -> Response[Contact | Problem]:
    """Change a contact

     Change a contact (scope invoice:write), a JSON merge patch; name cannot be cleared

    Args:
        contact_id (str):
        body (ContactPatch): A JSON merge patch (RFC 7396): a field sent as null is cleared, one
            left out is kept;
            `name` may change but not be cleared.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Contact | Problem]
    """

    kwargs = _get_kwargs(
        contact_id=contact_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    contact_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ContactPatch,
) -> Contact | Problem | None:
    """Change a contact

     Change a contact (scope invoice:write), a JSON merge patch; name cannot be cleared

    Args:
        contact_id (str):
        body (ContactPatch): A JSON merge patch (RFC 7396): a field sent as null is cleared, one
            left out is kept;
            `name` may change but not be cleared.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Contact | Problem
    """

    return (
        await asyncio_detailed(
            contact_id=contact_id,
            client=client,
            body=body,
        )
    ).parsed
