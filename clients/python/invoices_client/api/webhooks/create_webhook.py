from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.create_webhook_response_201 import CreateWebhookResponse201
from ...models.problem import Problem
from ...models.webhook_endpoint_create import WebhookEndpointCreate
from ...types import Response


def _get_kwargs(
    *,
    body: WebhookEndpointCreate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/webhooks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateWebhookResponse201 | Problem:
    if response.status_code == 201:
        response_201 = CreateWebhookResponse201.from_dict(response.json())

        return response_201

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CreateWebhookResponse201 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: WebhookEndpointCreate,
) -> Response[CreateWebhookResponse201 | Problem]:
    """Create a webhook endpoint

     Create a webhook endpoint (scope webhook:manage); the secret is shown only here

    URL rules, each its own top-level 400 code: webhook.url_not_https, webhook.url_too_long
    (over 2048 characters), webhook.url_port_not_allowed (not 443), webhook.url_invalid_hostname
    (IP literal, localhost, single label, .internal/.local/.localhost, no known public suffix),
    webhook.url_resolves_to_private_ip. Field errors: 400 validation.invalid_body with errors[].
    At most 20 endpoints per team and mode: 422 webhook.endpoint_limit_exceeded.

    Args:
        body (WebhookEndpointCreate): `clientId` binds the endpoint to one client of the team: it
            then receives only that
            client's events. A client-scoped key's endpoints are always bound to its client.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateWebhookResponse201 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: WebhookEndpointCreate,
) -> CreateWebhookResponse201 | Problem | None:
    """Create a webhook endpoint

     Create a webhook endpoint (scope webhook:manage); the secret is shown only here

    URL rules, each its own top-level 400 code: webhook.url_not_https, webhook.url_too_long
    (over 2048 characters), webhook.url_port_not_allowed (not 443), webhook.url_invalid_hostname
    (IP literal, localhost, single label, .internal/.local/.localhost, no known public suffix),
    webhook.url_resolves_to_private_ip. Field errors: 400 validation.invalid_body with errors[].
    At most 20 endpoints per team and mode: 422 webhook.endpoint_limit_exceeded.

    Args:
        body (WebhookEndpointCreate): `clientId` binds the endpoint to one client of the team: it
            then receives only that
            client's events. A client-scoped key's endpoints are always bound to its client.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateWebhookResponse201 | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: WebhookEndpointCreate,
) -> Response[CreateWebhookResponse201 | Problem]:
    """Create a webhook endpoint

     Create a webhook endpoint (scope webhook:manage); the secret is shown only here

    URL rules, each its own top-level 400 code: webhook.url_not_https, webhook.url_too_long
    (over 2048 characters), webhook.url_port_not_allowed (not 443), webhook.url_invalid_hostname
    (IP literal, localhost, single label, .internal/.local/.localhost, no known public suffix),
    webhook.url_resolves_to_private_ip. Field errors: 400 validation.invalid_body with errors[].
    At most 20 endpoints per team and mode: 422 webhook.endpoint_limit_exceeded.

    Args:
        body (WebhookEndpointCreate): `clientId` binds the endpoint to one client of the team: it
            then receives only that
            client's events. A client-scoped key's endpoints are always bound to its client.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateWebhookResponse201 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: WebhookEndpointCreate,
) -> CreateWebhookResponse201 | Problem | None:
    """Create a webhook endpoint

     Create a webhook endpoint (scope webhook:manage); the secret is shown only here

    URL rules, each its own top-level 400 code: webhook.url_not_https, webhook.url_too_long
    (over 2048 characters), webhook.url_port_not_allowed (not 443), webhook.url_invalid_hostname
    (IP literal, localhost, single label, .internal/.local/.localhost, no known public suffix),
    webhook.url_resolves_to_private_ip. Field errors: 400 validation.invalid_body with errors[].
    At most 20 endpoints per team and mode: 422 webhook.endpoint_limit_exceeded.

    Args:
        body (WebhookEndpointCreate): `clientId` binds the endpoint to one client of the team: it
            then receives only that
            client's events. A client-scoped key's endpoints are always bound to its client.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateWebhookResponse201 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
