from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.webhook_endpoint import WebhookEndpoint
from ...models.webhook_endpoint_update import WebhookEndpointUpdate
from ...types import UNSET, Response


def _get_kwargs(
    webhook_id: str,
    *,
    body: WebhookEndpointUpdate | WebhookEndpointUpdate | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/webhooks/{webhook_id}".format(
            webhook_id=quote(str(webhook_id), safe=""),
        ),
    }

    if isinstance(body, WebhookEndpointUpdate):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"
    if isinstance(body, WebhookEndpointUpdate):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/merge-patch+json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | WebhookEndpoint:
    if response.status_code == 200:
        response_200 = WebhookEndpoint.from_dict(response.json())

        return response_200

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | WebhookEndpoint]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    webhook_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: WebhookEndpointUpdate | WebhookEndpointUpdate | Unset = UNSET,
) -> Response[Problem | WebhookEndpoint]:
    """Change a webhook endpoint

     Change url, events, sourceFilter or enabled (scope webhook:manage); same checks as creation

    Fields left out are kept; none may be null. A disabled endpoint gets no new deliveries;
    scheduled ones wait until it is enabled again.

    Args:
        webhook_id (str):
        body (WebhookEndpointUpdate): Only the fields sent change; none of them may be null.
        body (WebhookEndpointUpdate): Only the fields sent change; none of them may be null.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookEndpoint]
    """

    kwargs = _get_kwargs(
        webhook_id=webhook_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    webhook_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: WebhookEndpointUpdate | WebhookEndpointUpdate | Unset = UNSET,
) -> Problem | WebhookEndpoint | None:
    """Change a webhook endpoint

     Change url, events, sourceFilter or enabled (scope webhook:manage); same checks as creation

    Fields left out are kept; none may be null. A disabled endpoint gets no new deliveries;
    scheduled ones wait until it is enabled again.

    Args:
        webhook_id (str):
        body (WebhookEndpointUpdate): Only the fields sent change; none of them may be null.
        body (WebhookEndpointUpdate): Only the fields sent change; none of them may be null.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookEndpoint
    """

    return sync_detailed(
        webhook_id=webhook_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    webhook_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: WebhookEndpointUpdate | WebhookEndpointUpdate | Unset = UNSET,
) -> Response[Problem | WebhookEndpoint]:
    """Change a webhook endpoint

     Change url, events, sourceFilter or enabled (scope webhook:manage); same checks as creation

    Fields left out are kept; none may be null. A disabled endpoint gets no new deliveries;
    scheduled ones wait until it is enabled again.

    Args:
        webhook_id (str):
        body (WebhookEndpointUpdate): Only the fields sent change; none of them may be null.
        body (WebhookEndpointUpdate): Only the fields sent change; none of them may be null.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookEndpoint]
    """

    kwargs = _get_kwargs(
        webhook_id=webhook_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    webhook_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: WebhookEndpointUpdate | WebhookEndpointUpdate | Unset = UNSET,
) -> Problem | WebhookEndpoint | None:
    """Change a webhook endpoint

     Change url, events, sourceFilter or enabled (scope webhook:manage); same checks as creation

    Fields left out are kept; none may be null. A disabled endpoint gets no new deliveries;
    scheduled ones wait until it is enabled again.

    Args:
        webhook_id (str):
        body (WebhookEndpointUpdate): Only the fields sent change; none of them may be null.
        body (WebhookEndpointUpdate): Only the fields sent change; none of them may be null.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookEndpoint
    """

    return (
        await asyncio_detailed(
            webhook_id=webhook_id,
            client=client,
            body=body,
        )
    ).parsed
