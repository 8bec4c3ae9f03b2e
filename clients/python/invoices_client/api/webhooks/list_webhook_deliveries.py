from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.list_webhook_deliveries_response_200 import ListWebhookDeliveriesResponse200
from ...models.list_webhook_deliveries_status import ListWebhookDeliveriesStatus
from ...models.problem import Problem
from ...models.webhook_event_type import WebhookEventType
from ...types import UNSET, Response, Unset


def _get_kwargs(
    webhook_id: str,
    *,
    status: ListWebhookDeliveriesStatus | Unset = UNSET,
    event_type: WebhookEventType | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    json_event_type: str | Unset = UNSET
    if not isinstance(event_type, Unset):
        json_event_type = event_type

    params["eventType"] = json_event_type

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/webhooks/{webhook_id}/deliveries".format(
            webhook_id=quote(str(webhook_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListWebhookDeliveriesResponse200 | Problem:
    if response.status_code == 200:
        response_200 = ListWebhookDeliveriesResponse200.from_dict(response.json())

        return response_200

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ListWebhookDeliveriesResponse200 | Problem]:
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
    status: ListWebhookDeliveriesStatus | Unset = UNSET,
    event_type: WebhookEventType | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Response[ListWebhookDeliveriesResponse200 | Problem]:
    """List deliveries

     Deliveries of the endpoint, newest first (scope webhook:read or webhook:manage)

    Args:
        webhook_id (str):
        status (ListWebhookDeliveriesStatus | Unset):
        event_type (WebhookEventType | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListWebhookDeliveriesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        webhook_id=webhook_id,
        status=status,
        event_type=event_type,
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    webhook_id: str,
    *,
    client: AuthenticatedClient | Client,
    status: ListWebhookDeliveriesStatus | Unset = UNSET,
    event_type: WebhookEventType | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> ListWebhookDeliveriesResponse200 | Problem | None:
    """List deliveries

     Deliveries of the endpoint, newest first (scope webhook:read or webhook:manage)

    Args:
        webhook_id (str):
        status (ListWebhookDeliveriesStatus | Unset):
        event_type (WebhookEventType | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListWebhookDeliveriesResponse200 | Problem
    """

    return sync_detailed(
        webhook_id=webhook_id,
        client=client,
        status=status,
        event_type=event_type,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    webhook_id: str,
    *,
    client: AuthenticatedClient | Client,
    status: ListWebhookDeliveriesStatus | Unset = UNSET,
    event_type: WebhookEventType | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Response[ListWebhookDeliveriesResponse200 | Problem]:
    """List deliveries

     Deliveries of the endpoint, newest first (scope webhook:read or webhook:manage)

    Args:
        webhook_id (str):
        status (ListWebhookDeliveriesStatus | Unset):
        event_type (WebhookEventType | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListWebhookDeliveriesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        webhook_id=webhook_id,
        status=status,
        event_type=event_type,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    webhook_id: str,
    *,
    client: AuthenticatedClient | Client,
    status: ListWebhookDeliveriesStatus | Unset = UNSET,
    event_type: WebhookEventType | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> ListWebhookDeliveriesResponse200 | Problem | None:
    """List deliveries

     Deliveries of the endpoint, newest first (scope webhook:read or webhook:manage)

    Args:
        webhook_id (str):
        status (ListWebhookDeliveriesStatus | Unset):
        event_type (WebhookEventType | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListWebhookDeliveriesResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            webhook_id=webhook_id,
            client=client,
            status=status,
            event_type=event_type,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
