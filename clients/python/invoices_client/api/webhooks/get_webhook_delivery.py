from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.get_webhook_delivery_response_200 import GetWebhookDeliveryResponse200
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    webhook_id: str,
    delivery_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/webhooks/{webhook_id}/deliveries/{delivery_id}".format(
            webhook_id=quote(str(webhook_id), safe=""),
            delivery_id=quote(str(delivery_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GetWebhookDeliveryResponse200 | Problem:
    if response.status_code == 200:
        response_200 = GetWebhookDeliveryResponse200.from_dict(response.json())

        return response_200

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[GetWebhookDeliveryResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    webhook_id: str,
    delivery_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[GetWebhookDeliveryResponse200 | Problem]:
    """Get a delivery

     One delivery with every attempt (scope webhook:read or webhook:manage); 404
    webhook.delivery_not_found

    Args:
        webhook_id (str):
        delivery_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetWebhookDeliveryResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        webhook_id=webhook_id,
        delivery_id=delivery_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    webhook_id: str,
    delivery_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> GetWebhookDeliveryResponse200 | Problem | None:
    """Get a delivery

     One delivery with every attempt (scope webhook:read or webhook:manage); 404
    webhook.delivery_not_found

    Args:
        webhook_id (str):
        delivery_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetWebhookDeliveryResponse200 | Problem
    """

    return sync_detailed(
        webhook_id=webhook_id,
        delivery_id=delivery_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    webhook_id: str,
    delivery_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[GetWebhookDeliveryResponse200 | Problem]:
    """Get a delivery

     One delivery with every attempt (scope webhook:read or webhook:manage); 404
    webhook.delivery_not_found

    Args:
        webhook_id (str):
        delivery_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetWebhookDeliveryResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        webhook_id=webhook_id,
        delivery_id=delivery_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    webhook_id: str,
    delivery_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> GetWebhookDeliveryResponse200 | Problem | None:
    """Get a delivery

     One delivery with every attempt (scope webhook:read or webhook:manage); 404
    webhook.delivery_not_found

    Args:
        webhook_id (str):
        delivery_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetWebhookDeliveryResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            webhook_id=webhook_id,
            delivery_id=delivery_id,
            client=client,
        )
    ).parsed
