#!/usr/bin/env python3
"""Drives Kitchen's GraphQL over WebSocket (`graphql-transport-ws`) with third-party
clients, and prints what they saw, one JSON object per line.

    websocket_clients.py gql URL TOKEN GOODS_ID [CHANGE_URL]
    websocket_clients.py raw URL

- `gql`: gql 3.5's WebsocketsTransport with the graphql-transport-ws subprotocol, the
  token in the connection_init payload, and its own protocol pings (so `pong` is checked).
  On one socket: a query, a `cartChanged` subscription, the cart changed over another
  connection (HTTP, httpx; to CHANGE_URL, another Kitchen instance on the same database,
  when given), the event received; then a mutation over the socket and the
  event it causes. Prints `{"query": …}`, `{"event": …}`, `{"mutation": …}`, `{"event": …}`.
- `raw`: the `websockets` library alone, for what the protocol says about bad clients:
  prints the subprotocol chosen and the close codes of a socket that offers no
  subprotocol (4406) and of one that subscribes before `connection_init` (4401).

Exits 1 with a message on stderr when anything times out or fails.
"""
import asyncio
import json
import sys

import httpx
import websockets
from gql import Client, gql
from gql.transport.websockets import WebsocketsTransport

CART_CHANGED = gql("subscription { cartChanged { totalQuantity } }")
ADD = "mutation($g: ID!, $n: Int!) { addToCart(goodsId: $g, quantity: $n) { totalQuantity } }"


def http_url(url):
    return url.replace("ws://", "http://", 1)


async def over_gql(url, token, goods, change_url):
    transport = WebsocketsTransport(
        url=url,
        subprotocols=[WebsocketsTransport.GRAPHQLWS_SUBPROTOCOL],
        init_payload={"Authorization": f"Bearer {token}"},
        ping_interval=0.2,
        # Generous: every ping must be answered, but a loaded machine may answer late.
        pong_timeout=20,
    )
    async with Client(transport=transport, fetch_schema_from_transport=False) as session:
        print(json.dumps({"query": await session.execute(gql("{ viewer { username } }"))}), flush=True)
        events = session.subscribe(CART_CHANGED)
        first = asyncio.ensure_future(events.__anext__())
        sent = transport.next_query_id
        while transport.next_query_id == sent:
            await asyncio.sleep(0.01)
        # A socket's operations are judged in order: this answer means the stream is open.
        await session.execute(gql("{ __typename }"))
        async with httpx.AsyncClient(timeout=30) as http:
            response = await http.post(
                http_url(change_url), json={"query": ADD, "variables": {"g": goods, "n": 3}},
                headers={"Authorization": f"Bearer {token}"})
            response.raise_for_status()
        print(json.dumps({"event": await asyncio.wait_for(first, 30)}), flush=True)
        mutation = await session.execute(gql(ADD), variable_values={"g": goods, "n": 1})
        print(json.dumps({"mutation": mutation}), flush=True)
        print(json.dumps({"event": await asyncio.wait_for(events.__anext__(), 30)}), flush=True)
        # Long enough for a few of gql's pings, each of which must be answered.
        await asyncio.sleep(0.7)
        await events.aclose()


async def over_raw(url):
    async with websockets.connect(url, subprotocols=["graphql-transport-ws"]) as socket:
        print(json.dumps({"subprotocol": socket.subprotocol}), flush=True)
        await socket.send(json.dumps({"type": "connection_init"}))
        print(json.dumps({"ack": json.loads(await asyncio.wait_for(socket.recv(), 30))}), flush=True)
    async with websockets.connect(url) as socket:
        await asyncio.wait_for(socket.wait_closed(), 30)
        print(json.dumps({"no subprotocol": socket.close_code}), flush=True)
    async with websockets.connect(url, subprotocols=["graphql-transport-ws"]) as socket:
        await socket.send(json.dumps({"id": "1", "type": "subscribe", "payload": {"query": "{ __typename }"}}))
        await asyncio.wait_for(socket.wait_closed(), 30)
        print(json.dumps({"subscribe before init": socket.close_code, "reason": socket.close_reason}), flush=True)


def main():
    mode, url = sys.argv[1], sys.argv[2].replace("http://", "ws://", 1)
    if mode == "gql":
        change_url = sys.argv[5] if len(sys.argv) > 5 else url
        asyncio.run(over_gql(url, sys.argv[3], sys.argv[4], change_url))
    else:
        asyncio.run(over_raw(url))


if __name__ == "__main__":
    main()
