#!/usr/bin/env python3
"""The latency of a subscription event, from the write that makes it to each subscriber,
with many subscriptions open, over server-sent events and multipart subscriptions.

    Benchmarks/subscriptions.py URL [--streams 1000] [--events 20] [--transport sse|multipart]

Against a running `kitchen serve` with the demo data: opens STREAMS anonymous
`commentAdded` subscriptions on one demo dish (five per client address, the per-user
limit, from 127.0.0.2, 127.0.0.3, …), then adds EVENTS comments one after another from
another connection, and for each subscriber and comment measures the time from sending
the mutation to the subscriber holding the event. Prints the median, p99 and maximum.
The mutation's own answer waits for its commit to reach the disk, so the time measured
includes that flush: it is what an app sees, a little more than commit-to-subscriber.
"""
import argparse
import asyncio
import json
import statistics
import time
import urllib.request

SUBSCRIPTION = "subscription($t: ID!) { commentAdded(targetId: $t) { id text } }"
ACCEPT = {"sse": "text/event-stream", "multipart": "multipart/mixed;subscriptionSpec=1.0"}


def post(url, body, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, json.dumps(body).encode(), headers)
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


async def subscribe(host, port, source, dish, accept, arrivals, index):
    reader, writer = await asyncio.open_connection(host, port, local_addr=(source, 0))
    body = json.dumps({"query": SUBSCRIPTION, "variables": {"t": dish}}).encode()
    writer.write(
        (f"POST /graphql HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
         f"Accept: {accept}\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body)
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    if b" 200 " not in head.split(b"\r\n")[0]:
        raise SystemExit(f"subscriber {index} refused: {head[:200]!r}")
    ready = asyncio.get_running_loop().create_future()
    async def read():
        seen = b""
        ready.set_result(True)
        while True:
            chunk = await reader.read(65536)
            if not chunk:
                return
            now = time.perf_counter()
            seen += chunk
            # Each comment's text is its number; count the ones that arrived in this read.
            while b'"text":"' in seen:
                start = seen.index(b'"text":"') + 8
                end = seen.find(b'"', start)
                if end < 0:
                    break
                arrivals.setdefault(int(seen[start:end]), []).append(now)
                seen = seen[end:]
    task = asyncio.create_task(read())
    await ready
    return task, writer


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--events", type=int, default=20)
    parser.add_argument("--transport", choices=sorted(ACCEPT), default="sse")
    args = parser.parse_args()
    host, port = args.url.split("//")[1].split("/")[0].split(":")
    port = int(port)
    demo = post(args.url, {"query": "mutation { signIn(username: \"chef_wang\", password: \"kitchen-demo\") { token } }"})
    token = demo["data"]["signIn"]["token"]
    dishes = post(args.url, {"query": "{ recipes(first: 1) { nodes { id } } }"})
    dish = dishes["data"]["recipes"]["nodes"][0]["id"]
    arrivals = {}
    subscribers = []
    for index in range(args.streams):
        source = f"127.0.{(index // 5) // 250}.{2 + (index // 5) % 250}"
        subscribers.append(await subscribe(host, port, source, dish, ACCEPT[args.transport], arrivals, index))
    await asyncio.sleep(1)
    latencies = []
    loop = asyncio.get_running_loop()
    for number in range(args.events):
        sent = time.perf_counter()
        await loop.run_in_executor(None, post, args.url, {
            "query": "mutation($t: ID!, $x: String!) { addComment(targetId: $t, text: $x) { id } }",
            "variables": {"t": dish, "x": str(number)}}, token)
        deadline = time.perf_counter() + 10
        while len(arrivals.get(number, [])) < args.streams and time.perf_counter() < deadline:
            await asyncio.sleep(0.001)
        got = arrivals.get(number, [])
        if len(got) < args.streams:
            print(f"event {number}: only {len(got)} of {args.streams} subscribers heard it within 10 s")
        latencies += [(at - sent) * 1000 for at in got]
        await asyncio.sleep(0.05)
    latencies.sort()
    p99 = latencies[max(0, int(len(latencies) * 0.99) - 1)]
    print(f"{args.transport}: {args.streams} subscriptions, {args.events} events, {len(latencies)} deliveries: "
          f"median {statistics.median(latencies):.1f} ms, p99 {p99:.1f} ms, max {latencies[-1]:.1f} ms")
    for task, writer in subscribers:
        task.cancel()
        writer.close()


if __name__ == "__main__":
    asyncio.run(main())
