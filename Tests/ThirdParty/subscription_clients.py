#!/usr/bin/env python3
"""Subscribes to `cartChanged` on a running Kitchen with third-party client libraries,
has the cart changed over another connection, and prints the event that arrives.

    subscription_clients.py sse|multipart URL TOKEN CHANGE_JSON [CHANGE_URL]

- `sse`: httpx-sse over httpx (GraphQL over server-sent events, distinct connections);
- `multipart`: an httpx stream read by python-multipart's streaming parser, asking with
  the Accept header Apollo iOS sends (Apollo's multipart subscription protocol).

CHANGE_JSON is the body of the mutation that changes the cart, sent with the same token
to CHANGE_URL (another Kitchen instance on the same database), or to URL without one.
Prints the event's execution result as JSON on one line, then exits 0; exits 1 with a
message on stderr when the stream ends or errs first.
"""
import json
import sys

import httpx
from httpx_sse import connect_sse
from python_multipart.multipart import MultipartParser

SUBSCRIPTION = {"query": "subscription { cartChanged { totalQuantity } }"}
APOLLO_ACCEPT = 'multipart/mixed;boundary="graphql";subscriptionSpec="1.0",application/graphql-response+json,application/json'


def change_cart(url, token, change):
    response = httpx.post(url, json=change, headers={"Authorization": f"Bearer {token}"}, timeout=30)
    response.raise_for_status()


def over_sse(url, token, change, change_url):
    headers = {"Authorization": f"Bearer {token}"}
    with httpx.Client(timeout=30) as client:
        with connect_sse(client, "POST", url, json=SUBSCRIPTION, headers=headers) as source:
            source.response.raise_for_status()
            change_cart(change_url, token, change)
            for event in source.iter_sse():
                if event.event == "next":
                    return json.loads(event.data)
                if event.event == "complete":
                    break
    raise SystemExit("the event stream completed before any event")


def boundary_of(content_type):
    for parameter in content_type.split(";")[1:]:
        name, _, value = parameter.strip().partition("=")
        if name.lower() == "boundary":
            return value.strip('"')
    raise SystemExit(f"no boundary in {content_type!r}")


def over_multipart(url, token, change, change_url):
    headers = {"Authorization": f"Bearer {token}", "Accept": APOLLO_ACCEPT}
    parts = []
    current = bytearray()

    def on_part_data(data, start, end):
        current.extend(data[start:end])

    def on_part_end():
        parts.append(bytes(current))
        current.clear()

    with httpx.Client(timeout=30) as client:
        with client.stream("POST", url, json=SUBSCRIPTION, headers=headers) as response:
            response.raise_for_status()
            parser = MultipartParser(
                boundary_of(response.headers["content-type"]),
                {"on_part_data": on_part_data, "on_part_end": on_part_end})
            changed = False
            for chunk in response.iter_raw():
                parser.write(chunk)
                while parts:
                    message = json.loads(parts.pop(0))
                    if message.get("errors"):
                        raise SystemExit(f"transport error: {message['errors']}")
                    if message.get("payload") is not None:
                        return message["payload"]
                    # A heartbeat: the stream is open, so the change can be made now.
                    if not changed:
                        change_cart(change_url, token, change)
                        changed = True
    raise SystemExit("the multipart stream ended before any event")


def main():
    mode, url, token, change = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
    change_url = sys.argv[5] if len(sys.argv) > 5 else url
    over = over_sse if mode == "sse" else over_multipart
    result = over(url, token, change, change_url)
    print(json.dumps(result, sort_keys=True))


if __name__ == "__main__":
    main()
