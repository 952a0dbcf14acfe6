"""What a client of every transport gets while Kitchen's database does not answer, and
a TCP proxy that turns a live path to PostgreSQL into a dead one. Standard library only.

`expect_outage` checks that a query and a mutation over POST, a query over GET, a batch,
a query over server-sent events, a query and a mutation over a graphql-transport-ws
WebSocket and /healthz all answer at once the way a database that does not answer is
answered: 503 with Retry-After (the WebSocket: an `error` message), code UNAVAILABLE,
no SQL, path or address in the text."""

import base64
import http.client
import json
import os
import socket
import struct
import threading
import time

from kitchen_client import check

QUERY = "{ recipes(first: 2) { edges { node { id name } } } }"
MUTATION = "mutation ($n: String!) { createDraft(name: $n) { id name } }"
# A mutation an anonymous client may send that reads the database (its sign-in limits).
SIGN_IN = 'mutation { signIn(username: "nobody_here", password: "not the password") { token } }'


def request(port, method, path, body=None, headers=None, timeout=60):
    """One request on a fresh connection: (status, headers, decoded JSON body or None, seconds)."""
    started = time.time()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(method, path, body, headers or {})
        response = connection.getresponse()
        data = response.read()
        try:
            decoded = json.loads(data)
        except ValueError:
            decoded = None
        return response.status, dict(response.getheaders()), decoded, time.time() - started
    finally:
        connection.close()


def post(port, token, query, variables=None, accept="application/graphql-response+json", batch=False):
    operation = {"query": query, "variables": variables or {}}
    body = json.dumps([operation, operation] if batch else operation).encode()
    headers = {"Content-Type": "application/json", "Accept": accept}
    if token:
        headers["Authorization"] = "Bearer " + token
    return request(port, "POST", "/graphql", body, headers)


def errors_of(body):
    if isinstance(body, list):
        return [error for entry in body for error in (entry or {}).get("errors") or []]
    return (body or {}).get("errors") or []


def expect_unavailable(what, status, headers, body, seconds, within):
    errors = errors_of(body)
    codes = {error.get("extensions", {}).get("code") for error in errors}
    shown = json.dumps(errors)
    check(status == 503 and headers.get("Retry-After", "").isdigit(),
          f"{what}: 503 with Retry-After ({status} {headers.get('Retry-After')}) in {seconds:.1f} s")
    check(codes == {"UNAVAILABLE"}, f"{what}: the error's code is UNAVAILABLE ({codes})")
    check(seconds < within, f"{what}: answered within {within} s ({seconds:.1f} s)")
    leaked = [word for word in ("SELECT", "INSERT", "SQL", "postgres", "127.0.0.1", "sqlite", "/tmp") if word in shown]
    check(not leaked and not (isinstance(body, dict) and "data" in body),
          f"{what}: no data, and no SQL, path or address in the errors ({leaked})")


def expect_outage(port, token, within=30, draft_name="written while the database was down"):
    """Every transport answers the outage alike, each answer within `within` seconds."""
    expect_unavailable("a query over POST", *post(port, token, QUERY), within)
    expect_unavailable("a mutation over POST", *post(port, token, MUTATION, {"n": draft_name}), within)
    expect_unavailable("an anonymous query over POST", *post(port, None, QUERY), within)
    from urllib.parse import quote
    expect_unavailable("a query over GET", *request(
        port, "GET", "/graphql?query=" + quote(QUERY), headers={"Accept": "application/graphql-response+json"}), within)
    expect_unavailable("a batch", *post(port, token, QUERY, batch=True), within)
    expect_unavailable("a query over server-sent events", *post(port, token, QUERY, accept="text/event-stream"), within)
    for what, query, variables in (("query", QUERY, {}), ("mutation", SIGN_IN, {})):
        started = time.time()
        message = WebSocketClient(port, None).run(query, variables)
        seconds = time.time() - started
        payload = message.get("payload")
        codes = {error.get("extensions", {}).get("code") for error in payload} if isinstance(payload, list) else None
        check(message.get("type") == "error" and codes == {"UNAVAILABLE"} and seconds < within,
              f"a {what} over a WebSocket gets an error message, code UNAVAILABLE, in {seconds:.1f} s ({message})")
    message = WebSocketClient(port, token).run(QUERY, {})
    check(message.get("type") == "closed" and message.get("code") == 1013,
          f"a WebSocket signing in while the token cannot be looked up is closed with 1013, try again later ({message})")
    status, headers, _, seconds = request(port, "GET", "/healthz")
    check(status == 503 and headers.get("Retry-After"), f"/healthz agrees: 503 with Retry-After ({status})")


class WebSocketClient:
    """Just enough of graphql-transport-ws over RFC 6455 for one operation: the handshake,
    connection_init with the token, subscribe, and the first message about it."""

    def __init__(self, port, token):
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=60)
        key = base64.b64encode(os.urandom(16)).decode()
        self.socket.sendall((
            "GET /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            "Sec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.socket.recv(1)
            if not chunk:
                raise SystemExit("FAIL: the WebSocket handshake was cut")
            head += chunk
        check(head.startswith(b"HTTP/1.1 101"), "the WebSocket handshake is answered with 101")
        self.token = token

    def send(self, message):
        payload = json.dumps(message).encode()
        mask = os.urandom(4)
        header = bytes([0x81])
        if len(payload) < 126:
            header += bytes([0x80 | len(payload)])
        else:
            header += bytes([0x80 | 126]) + struct.pack("!H", len(payload))
        self.socket.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def exactly(self, count):
        data = b""
        while len(data) < count:
            chunk = self.socket.recv(count - len(data))
            if not chunk:
                raise SystemExit("FAIL: the WebSocket closed early")
            data += chunk
        return data

    def receive(self):
        first, second = self.exactly(2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack("!H", self.exactly(2))[0]
        elif length == 127:
            length = struct.unpack("!Q", self.exactly(8))[0]
        payload = self.exactly(length)
        if first & 0x0F == 0x8:
            code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
            return {"type": "closed", "code": code, "reason": payload[2:].decode("utf-8", "replace")}
        return json.loads(payload)

    def run(self, query, variables):
        try:
            init = {"Authorization": "Bearer " + self.token} if self.token else {}
            self.send({"type": "connection_init", "payload": init})
            ack = self.receive()
            if ack.get("type") != "connection_ack":
                return ack
            self.send({"id": "1", "type": "subscribe", "payload": {"query": query, "variables": variables}})
            while True:
                message = self.receive()
                if message.get("type") not in ("ping", "pong"):
                    return message
        finally:
            self.socket.close()


class Blackhole:
    """A TCP proxy on a free loopback port in front of host:port. While `forwarding` is
    set it passes bytes both ways; cleared, it keeps every socket open and acknowledged
    but drops whatever either side sends — a network path that died without a reset,
    which TCP alone notices only after its keepalive time."""

    def __init__(self, host, port):
        self.target = (host, port)
        self.forwarding = threading.Event()
        self.forwarding.set()
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        self.sockets = []
        self.stopped = False
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while not self.stopped:
            try:
                client, _ = self.listener.accept()
                server = socket.create_connection(self.target)
            except OSError:
                continue
            self.sockets += [client, server]
            for source, target in ((client, server), (server, client)):
                threading.Thread(target=self.pump, args=(source, target), daemon=True).start()

    def pump(self, source, target):
        while True:
            try:
                data = source.recv(65536)
            except OSError:
                data = b""
            if not data:
                for each in (source, target):
                    try:
                        each.shutdown(socket.SHUT_RDWR)
                    except OSError:
                        pass
                return
            if self.forwarding.is_set():
                try:
                    target.sendall(data)
                except OSError:
                    pass

    def stop(self):
        self.stopped = True
        for each in self.sockets + [self.listener]:
            try:
                each.close()
            except OSError:
                pass
