"""A small GraphQL-over-HTTP client and server runner shared by the fault scripts and
the soak test. Standard library only."""

import http.client
import json
import os
import re
import subprocess
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def kitchen_binary():
    """The built `kitchen`: $KITCHEN_BINARY, else .build/debug or .build/release."""
    explicit = os.environ.get("KITCHEN_BINARY")
    if explicit:
        return explicit
    for configuration in ("debug", "release"):
        path = os.path.join(ROOT, ".build", configuration, "kitchen")
        if os.path.exists(path):
            return path
    raise SystemExit("no kitchen binary: run `swift build` first or set KITCHEN_BINARY")


class Server:
    """`kitchen serve` on a free port, with its output collected."""

    def __init__(self, database, *flags, demo=False):
        args = [kitchen_binary(), "serve", "--port", "0", "--db", database,
                "--schema", os.path.join(ROOT, "Schema.graphql")] + list(flags)
        if not demo:
            args.append("--no-demo")
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.lines = []
        self.port = None
        ready = threading.Event()

        def read():
            for raw in self.process.stdout:
                line = raw.decode("utf-8", "replace").rstrip("\n")
                self.lines.append(line)
                found = re.search(r"serving GraphQL at http://[^:]+:(\d+)/", line)
                if found:
                    self.port = int(found.group(1))
                    ready.set()
            ready.set()

        self.reader = threading.Thread(target=read, daemon=True)
        self.reader.start()
        ready.wait(120)
        if self.port is None:
            self.process.kill()
            raise SystemExit("kitchen did not start:\n" + "\n".join(self.lines))

    def log(self):
        return "\n".join(self.lines)

    def kill(self, signal_number):
        self.process.send_signal(signal_number)

    def wait(self, seconds=30):
        code = self.process.wait(seconds)
        self.reader.join(5)
        return code


class Client:
    """One keep-alive connection; `post` returns (status, decoded body or None)."""

    def __init__(self, port, token=None, timeout=30):
        self.port = port
        self.token = token
        self.timeout = timeout
        self.connection = None

    def post(self, query, variables=None, headers=None):
        body = json.dumps({"query": query, "variables": variables or {}}).encode()
        return self.post_raw(body, headers)

    def post_raw(self, body, headers=None):
        all_headers = {"Content-Type": "application/json", "Accept": "application/graphql-response+json"}
        if self.token:
            all_headers["Authorization"] = "Bearer " + self.token
        all_headers.update(headers or {})
        for attempt in (1, 2):
            try:
                if self.connection is None:
                    self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
                self.connection.request("POST", "/graphql", body, all_headers)
                response = self.connection.getresponse()
                data = response.read()
                try:
                    return response.status, json.loads(data)
                except ValueError:
                    return response.status, None
            except (ConnectionError, http.client.HTTPException, OSError):
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def sign_up(port, username, password="password123"):
    status, body = Client(port).post(
        "mutation ($i: SignUpInput!) { signUp(input: $i) { token user { id } } }",
        {"i": {"username": username, "password": password, "name": username}})
    if status != 200 or not body or "errors" in body:
        raise SystemExit(f"signUp {username} failed: {status} {body}")
    return body["data"]["signUp"]["token"]


def check(condition, message):
    if not condition:
        raise SystemExit("FAIL: " + message)
    print("ok:", message, flush=True)
