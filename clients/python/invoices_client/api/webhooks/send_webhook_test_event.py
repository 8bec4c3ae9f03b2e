from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.webhook_delivery import WebhookDelivery
from ...types import Response


def _get_kwargs(
    webhook_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/webhooks/{webhook_id}/test".format(
            webhook_id=quote(str(webhook_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | WebhookDelivery:
    if response.status_code == 202:
        response_202 = WebhookDelivery.from_dict(response.json())

        return response_202

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | WebhookDelivery]:
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
) -> Response[Problem | WebhookDelivery]:
    """Send a test event

     Send one invoice.processed event with the canned invoice of the caller's mode (scope
    webhook:manage)

    Queued for the dispatcher at once; read the outcome with GET .../deliveries/{deliveryId}.
    More than 10 per hour per endpoint gives 429 webhook.test_rate_limit_exceeded with
    Retry-After.

    Args:
        webhook_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookDelivery]
    """

    kwargs = _get_kwargs(
        webhook_id=webhook_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    webhook_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | WebhookDelivery | None:
    """Send a test event

     Send one invoice.processed event with the canned invoice of the caller's mode (scope
    webhook:manage)

    Queued for the dispatcher at once; read the outcome with GET .../deliveries/{deliveryId}.
    More than 10 per hour per endpoint gives 429 webhook.test_rate_limit_exceeded with
    Retry-After.

    Args:
        webhook_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookDelivery
    """

    return sync_detailed(
        webhook_id=webhook_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    webhook_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | WebhookDelivery]:
    """Send a test event

     Send one invoice.processed event with the canned invoice of the caller's mode (scope
    webhook:manage)

    Queued for the dispatcher at once; read the outcome with GET .../deliveries/{deliveryId}.
    More than 10 per hour per endpoint gives 429 webhook.test_rate_limit_exceeded with
    Retry-After.

    Args:
        webhook_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookDelivery]
    """

    kwargs = _get_kwargs(
        webhook_id=webhook_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    webhook_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | WebhookDelivery | None:
    """Send a test event

     Send one invoice.processed event with the canned invoice of the caller's mode (scope
    webhook:manage)

    Queued for the dispatcher at once; read the outcome with GET .../deliveries/{deliveryId}.
    More than 10 per hour per endpoint gives 429 webhook.test_rate_limit_exceeded with
    Retry-After.

    Args:
        webhook_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookDelivery
    """

    return (
        await asyncio_detailed(
            webhook_id=webhook_id,
            client=client,
        )
    ).parsed
