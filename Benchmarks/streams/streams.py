#!/usr/bin/env python3
"""Kitchen's streaming transports under load, against a running Kitchen on 127.0.0.1.

    streams.py latency   URL --users N --per-user M --rounds R [--transports "ws sse multipart"]
    streams.py memory    URL PID --sockets N
    streams.py throughput URL --seconds S [--in-flight K]

- latency: N users each open M `cartChanged` subscriptions over one transport (N×M open at
  once); then, R times, one user's cart is changed over HTTP and every one of that user's
  subscriptions waits for its event. Each sample is the time from just before the mutation
  is sent (so it includes the request's own work and commit) to the event's arrival.
  Prints p50/p95/p99/max per transport.
- memory: the server's resident memory (VmRSS of PID) idle, then with N WebSockets open,
  each past `connection_init`/`connection_ack`, idle; prints both and the difference.
- throughput: the same queries one at a time over one HTTP/1.1 keep-alive connection, and
  over one WebSocket (one at a time, and K in flight); prints operations per second.

Raw asyncio clients for every transport (the mask key of the client's frames is zero,
which RFC 6455 allows the server no way to refuse), so that the transports, not client
libraries, are compared. Loopback only; every loop is bounded.
"""
import argparse
import asyncio
import base64
import json
import os
import statistics
import sys
import time
from urllib.parse import urlparse

CART = "subscription { cartChanged { totalQuantity } }"
ADD = "mutation($g: ID!) { addToCart(goodsId: $g, quantity: 1) { totalQuantity } }"
MULTIPART_ACCEPT = 'multipart/mixed;boundary="graphql";subscriptionSpec="1.0",application/json'


class HTTP:
    """One HTTP/1.1 keep-alive connection: POST JSON, read a Content-Length answer."""

    def __init__(self, host, port):
        self.host, self.port = host, port

    async def open(self):
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        return self

    async def post(self, body, token=None, accept="application/json"):
        """Sends one request; reconnects once when the server closed the idle connection."""
        try:
            return await self.send(body, token, accept)
        except (asyncio.IncompleteReadError, ConnectionError):
            await self.open()
            return await self.send(body, token, accept)

    async def send_get(self, path):
        self.writer.write(f"GET {path} HTTP/1.1\r\nHost: {self.host}\r\n\r\n".encode())
        status, headers = await read_head(self.reader)
        return status, await self.reader.readexactly(int(headers.get("content-length", "0")))

    async def send(self, body, token, accept):
        data = json.dumps(body).encode()
        head = f"POST /graphql HTTP/1.1\r\nHost: {self.host}\r\nContent-Type: application/json\r\nAccept: {accept}\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        self.writer.write((head + f"Content-Length: {len(data)}\r\n\r\n").encode() + data)
        status, headers = await read_head(self.reader)
        length = int(headers.get("content-length", "0"))
        return status, await self.reader.readexactly(length)


async def read_head(reader):
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
    return int(lines[0].split()[1]), headers


class WebSocket:
    """A graphql-transport-ws client over raw frames."""

    def __init__(self, host, port):
        self.host, self.port = host, port

    async def open(self, token=None):
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        key = base64.b64encode(os.urandom(16)).decode()
        self.writer.write((
            f"GET /graphql HTTP/1.1\r\nHost: {self.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            "Sec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n").encode())
        status, _ = await read_head(self.reader)
        if status != 101:
            raise SystemExit(f"handshake answered {status}")
        payload = {"Authorization": f"Bearer {token}"} if token else {}
        self.send({"type": "connection_init", "payload": payload})
        ack = await self.receive()
        if ack.get("type") != "connection_ack":
            raise SystemExit(f"no ack: {ack}")
        return self

    def send(self, message):
        data = json.dumps(message).encode()
        n = len(data)
        if n < 126:
            head = bytes([0x81, 0x80 | n])
        elif n < 65536:
            head = bytes([0x81, 0x80 | 126]) + n.to_bytes(2, "big")
        else:
            head = bytes([0x81, 0x80 | 127]) + n.to_bytes(8, "big")
        self.writer.write(head + b"\0\0\0\0" + data)

    async def receive(self):
        while True:
            first, second = await self.reader.readexactly(2)
            n = second & 0x7F
            if n == 126:
                n = int.from_bytes(await self.reader.readexactly(2), "big")
            elif n == 127:
                n = int.from_bytes(await self.reader.readexactly(8), "big")
            payload = await self.reader.readexactly(n)
            opcode = first & 0x0F
            if opcode == 0x9:  # ping: answer with a pong (masked, zero key)
                self.writer.write(bytes([0x8A, 0x80 | len(payload)]) + b"\0\0\0\0" + payload)
                continue
            if opcode == 0x8:
                raise ConnectionError(f"closed {int.from_bytes(payload[:2], 'big') if payload else None}")
            if opcode == 0x1:
                return json.loads(payload)

    def close(self):
        self.writer.close()


def percentile(samples, p):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def sign_up(http, name):
    query = ("mutation($i: SignUpInput!) { signUp(input: $i) { token } }")
    status, body = await http.post({"query": query, "variables": {
        "i": {"username": name, "password": "benchmark password", "name": name}}})
    return json.loads(body)["data"]["signUp"]["token"]


async def stream_subscriber(kind, host, port, token, arrivals, ready):
    """Opens one cartChanged subscription of `kind`; appends the time of each event to
    arrivals until cancelled, then closes its socket (which frees the slot)."""
    if kind == "ws":
        socket = await WebSocket(host, port).open(token)
        try:
            socket.send({"id": "c", "type": "subscribe", "payload": {"query": CART}})
            socket.send({"id": "p", "type": "subscribe", "payload": {"query": "{ __typename }"}})
            while (await socket.receive()).get("type") != "complete":  # the probe's end: the stream is open
                pass
            ready.set_result(True)
            while True:
                message = await socket.receive()
                if message.get("type") == "next":
                    arrivals.append(time.perf_counter())
        finally:
            socket.close()
    reader, writer = await asyncio.open_connection(host, port)
    try:
        accept = "text/event-stream" if kind == "sse" else MULTIPART_ACCEPT
        data = json.dumps({"query": CART}).encode()
        writer.write((
            f"POST /graphql HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nAccept: {accept}\r\n"
            f"Authorization: Bearer {token}\r\nContent-Length: {len(data)}\r\n\r\n").encode() + data)
        status, _ = await read_head(reader)
        if status != 200:
            raise SystemExit(f"{kind} stream answered {status}")
        ready.set_result(True)
        marker = b"cartChanged"
        while True:
            chunk = await reader.read(65536)
            if not chunk:
                return
            for _ in range(chunk.count(marker)):
                arrivals.append(time.perf_counter())
    finally:
        writer.close()


async def latency(args):
    url = urlparse(args.url)
    host, port = url.hostname, url.port
    http = await HTTP(host, port).open()
    status, body = await http.post({"query": "{ market(first: 1) { nodes { id } } }"})
    goods = json.loads(body)["data"]["market"]["nodes"][0]["id"]
    stamp = int(time.time())
    tokens = [await sign_up(http, f"bench{stamp}_{i}") for i in range(args.users)]
    for kind in args.transports.split():
        arrivals = {token: [] for token in tokens}
        tasks = []
        for token in tokens:
            for _ in range(args.per_user):
                ready = asyncio.get_running_loop().create_future()
                tasks.append(asyncio.create_task(stream_subscriber(kind, host, port, token, arrivals[token], ready)))
                await asyncio.wait_for(ready, 60)
        samples, writes = [], []
        for round_ in range(args.rounds):
            token = tokens[round_ % len(tokens)]
            before = len(arrivals[token])
            start = time.perf_counter()
            status, _ = await http.post({"query": ADD, "variables": {"g": goods}}, token=token)
            writes.append(time.perf_counter() - start)
            deadline = time.perf_counter() + 30
            while len(arrivals[token]) < before + args.per_user and time.perf_counter() < deadline:
                await asyncio.sleep(0.0005)
            got = arrivals[token][before:]
            if len(got) < args.per_user:
                raise SystemExit(f"{kind}: round {round_} got {len(got)} of {args.per_user} events")
            samples.extend(at - start for at in got)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        ms = [s * 1000 for s in samples]
        print(f"{kind:9} {len(tasks)} open, {len(ms)} events: p50 {percentile(ms, 50):6.1f} ms  "
              f"p95 {percentile(ms, 95):6.1f} ms  p99 {percentile(ms, 99):6.1f} ms  max {max(ms):6.1f} ms  "
              f"(mutation answered: p50 {percentile(writes, 50) * 1000:.1f} ms)", flush=True)
        await asyncio.sleep(3)  # the closed streams' slots free before the next transport


def resident_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise SystemExit("no VmRSS")


async def memory(args):
    url = urlparse(args.url)
    http = await HTTP(url.hostname, url.port).open()
    for _ in range(50):
        await http.post({"query": "{ __typename }"})
    socket = await WebSocket(url.hostname, url.port).open()  # the loop and workers have run once
    socket.close()
    await asyncio.sleep(2)
    idle = resident_kib(args.pid)
    sockets = []
    for _ in range(args.sockets):
        sockets.append(await WebSocket(url.hostname, url.port).open())
    await asyncio.sleep(3)
    opened = resident_kib(args.pid)
    status, scrape = await (await HTTP(url.hostname, url.port).open()).send_get("/metrics")
    counted = [line for line in scrape.decode().splitlines() if line.startswith("kitchen_open_websockets ")]
    print(f"the server counts {counted[0].split()[1] if counted else '?'} open WebSockets", flush=True)
    print(f"server resident memory: idle {idle / 1024:.1f} MiB, with {len(sockets)} idle WebSockets "
          f"{opened / 1024:.1f} MiB: +{(opened - idle) / 1024:.1f} MiB "
          f"({(opened - idle) * 1024 / len(sockets):.0f} bytes per socket)", flush=True)
    for socket in sockets:
        socket.close()


async def throughput(args):
    url = urlparse(args.url)
    queries = {
        "Q0": "{ __typename }",
        "recipes": "{ recipes(first: 10) { nodes { name author { name } } } }",
    }
    for name, query in queries.items():
        http = await HTTP(url.hostname, url.port).open()
        count, end = 0, time.perf_counter() + args.seconds
        while time.perf_counter() < end:
            status, _ = await http.post({"query": query})
            count += 1
        print(f"{name:8} HTTP keep-alive, 1 in flight: {count / args.seconds:8.0f} ops/s", flush=True)
        for in_flight in (1, args.in_flight):
            socket = await WebSocket(url.hostname, url.port).open()
            count, sent, end = 0, 0, time.perf_counter() + args.seconds
            while sent < in_flight:
                socket.send({"id": str(sent), "type": "subscribe", "payload": {"query": query}})
                sent += 1
            while time.perf_counter() < end:
                message = await socket.receive()
                if message.get("type") == "complete":
                    count += 1
                    socket.send({"id": str(sent), "type": "subscribe", "payload": {"query": query}})
                    sent += 1
            socket.close()
            print(f"{name:8} WebSocket,       {in_flight} in flight: {count / args.seconds:8.0f} ops/s", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["latency", "memory", "throughput"])
    parser.add_argument("url")
    parser.add_argument("pid", nargs="?", type=int)
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--per-user", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--transports", default="ws sse multipart")
    parser.add_argument("--sockets", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--in-flight", type=int, default=16)
    args = parser.parse_args()
    asyncio.run({"latency": latency, "memory": memory, "throughput": throughput}[args.mode](args))


if __name__ == "__main__":
    main()
