#!/usr/bin/env python3
"""Fault tests for a running `kitchen serve`: each scenario starts the real binary on a
scratch database, does something unkind to it, and checks that nothing acknowledged is
lost and that clients get clear answers.

    Tests/Faults/faults.py [--seconds N] [sigkill|orders|readonly|diskfull|sigterm|postmaster|blackhole|all]

The scenarios run on a SQLite file, or, with KITCHEN_TEST_STORE=postgres, on a schema of
their own in the PostgreSQL cluster KITCHEN_TEST_POSTGRES names (`orders` there; the
others are about a file). `postmaster` needs PostgreSQL: it starts a cluster of its own
(scripts/lib/postgres.sh) and kills its server, leaving the shared one alone; so does
`blackhole`, which puts a proxy between Kitchen and the test cluster and makes it drop
every byte.

The Swift test FaultScriptTests runs them in short form; longer runs take --seconds.
Exits non-zero on the first failed check.
"""

import argparse
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kitchen_client import Client, Server, check, sign_up  # noqa: E402
from outage import Blackhole, expect_outage  # noqa: E402
from scratch_store import OwnCluster, on_postgres, psql, scratch_database  # noqa: E402

CREATE_DRAFT = "mutation ($n: String!) { createDraft(name: $n) { id name } }"
READ_DRAFT = "query ($id: ID!) { draft(id: $id) { id name } recipes(first: 2) { edges { node { id } } } }"


def load(port, token, stop, attempt, threads=4):
    """Runs `attempt(client, number, index)` from several threads until `stop` is set; it
    returns ("acknowledged", pair), ("answered", None) for a clear refusal, or ("failed",
    outcome). Returns the threads, the acknowledged pairs and the failures."""
    acknowledged, failures = [], []
    lock = threading.Lock()

    def worker(number):
        client = Client(port, token, timeout=10)
        index = 0
        while not stop.is_set():
            try:
                kind, value = attempt(client, number, index)
            except OSError:
                return
            index += 1
            with lock:
                if kind == "acknowledged":
                    acknowledged.append(value)
                elif kind == "failed":
                    failures.append(value)

    workers = [threading.Thread(target=worker, args=(n,)) for n in range(threads)]
    for worker_thread in workers:
        worker_thread.start()
    return workers, acknowledged, failures


def write_load(port, token, stop, threads=4):
    """Creates drafts until told to stop; the acknowledged pairs are (id, name)."""
    def create(client, number, index):
        name = f"w{number}-{index}"
        status, body = client.post(CREATE_DRAFT, {"n": name})
        draft = ((body or {}).get("data") or {}).get("createDraft")
        return ("acknowledged", (draft["id"], name)) if status == 200 and draft else ("failed", (status, body))
    return load(port, token, stop, create, threads)


def integrity(database):
    connection = sqlite3.connect(database)
    try:
        return connection.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        connection.close()


def missing_drafts(port, token, acknowledged):
    """The acknowledged drafts the server no longer knows, asked 100 at a time."""
    client = Client(port, token)
    missing = []
    for start in range(0, len(acknowledged), 100):
        batch = acknowledged[start:start + 100]
        status, body = client.post(
            "query ($ids: [ID!]!) { nodes(ids: $ids) { id ... on Draft { name } } }",
            {"ids": [draft_id for draft_id, _ in batch]})
        nodes = (body or {}).get("data", {}).get("nodes") or [None] * len(batch)
        for (draft_id, name), node in zip(batch, nodes):
            if not node or node.get("name") != name:
                missing.append((draft_id, name))
    return missing


PLACE_ORDER = """mutation ($a: ID!, $k: String!, $g: ID!, $kind: ID!) {
  placeOrder(input: {addressId: $a, idempotencyKey: $k, note: $k, buyNow: {goodsId: $g, kindId: $kind}}) { id note }
}"""
ORDER_NOTES = "query ($ids: [ID!]!) { nodes(ids: $ids) { id ... on Order { note quantity } } }"


def order_load(port, token, address, kinds, stop, threads=4):
    """Places orders (one unit of a goods bought at once, each with a key of its own, the
    key also its note) until told to stop; the acknowledged pairs are (order id, key). A
    clear INSUFFICIENT_STOCK is an answer, not a failure (a fast store sells the demo's
    stock out within seconds)."""
    def place(client, number, index):
        goods, kind = kinds[(number + index) % len(kinds)]
        key = f"order-{number}-{index:05d}"
        status, body = client.post(PLACE_ORDER, {"a": address, "k": key, "g": goods, "kind": kind})
        order = ((body or {}).get("data") or {}).get("placeOrder")
        codes = [error.get("extensions", {}).get("code") for error in (body or {}).get("errors") or []]
        if status == 200 and order and order["note"] == key:
            return "acknowledged", (order["id"], key)
        return ("answered", None) if status == 200 and codes == ["INSUFFICIENT_STOCK"] else ("failed", (status, body))
    return load(port, token, stop, place, threads)


def buyer_with_address(port):
    """A signed-up buyer with an address, and the demo's market kinds with room for the
    load (at least 50 in stock): (token, address ID, [(goods ID, kind ID)])."""
    token = sign_up(port, "buyer")
    client = Client(port, token)
    status, body = client.post(
        "mutation { addAddress(input: {name: \"王小明\", phone: \"13800138000\", region: \"上海市\", detail: \"1 号\"}) { id } }")
    address = body["data"]["addAddress"]["id"]
    status, body = client.post("{ market(first: 50) { nodes { id kinds { id stock } } } }")
    kinds = [(goods["id"], kind["id"]) for goods in body["data"]["market"]["nodes"]
             for kind in goods["kinds"] if kind["stock"] >= 50]
    check(len(kinds) >= 3, f"the demo market has kinds in stock to buy ({len(kinds)})")
    return token, address, kinds


def missing_orders(port, token, acknowledged):
    """The acknowledged orders the server no longer has (by id and key), asked 100 at a time."""
    client = Client(port, token)
    missing = []
    for start in range(0, len(acknowledged), 100):
        batch = acknowledged[start:start + 100]
        status, body = client.post(ORDER_NOTES, {"ids": [order_id for order_id, _ in batch]})
        nodes = (body or {}).get("data", {}).get("nodes") or [None] * len(batch)
        for (order_id, key), node in zip(batch, nodes):
            if not node or node.get("note") != key or node.get("quantity") != 1:
                missing.append((order_id, key))
    return missing


def replayed_elsewhere(port, token, address, kinds, acknowledged):
    """Acknowledged orders whose key, sent again, does not return the same order."""
    client = Client(port, token)
    goods, kind = kinds[0]
    wrong = []
    for order_id, key in acknowledged[-20:]:
        status, body = client.post(PLACE_ORDER, {"a": address, "k": key, "g": goods, "kind": kind})
        order = ((body or {}).get("data") or {}).get("placeOrder") or {}
        if order.get("id") != order_id:
            wrong.append((key, order_id, order.get("id")))
    return wrong


def expect_orders_kept(port, token, address, kinds, acknowledged, after):
    check(not missing_orders(port, token, acknowledged),
          f"every acknowledged order is there after {after} ({len(acknowledged)} orders)")
    wrong = replayed_elsewhere(port, token, address, kinds, acknowledged)
    check(not wrong, f"an acknowledged order's key, sent again after {after}, returns that order ({wrong[:3]})")


def scenario_orders(directory, seconds):
    """Orders placed under load, SIGKILL of Kitchen, a restart on the same database: every
    acknowledged order is there, and its key still names it."""
    with scratch_database(directory, "orders") as (database, flags):
        server = Server(database, *flags, demo=True)
        try:
            token, address, kinds = buyer_with_address(server.port)
            stop = threading.Event()
            workers, acknowledged, failures = order_load(server.port, token, address, kinds, stop)
            time.sleep(seconds)
            server.kill(signal.SIGKILL)
            server.wait()
        finally:
            if server.process.poll() is None:
                server.kill(signal.SIGKILL)
                server.wait()
        stop.set()
        for worker in workers:
            worker.join(15)
        check(len(acknowledged) > 0, f"the order load was answered ({len(acknowledged)} orders acknowledged)")
        check(not failures, f"no order failed before the kill ({failures[:3]})")
        restarted = Server(database, *flags)
        try:
            expect_orders_kept(restarted.port, token, address, kinds, acknowledged, "Kitchen was killed")
        finally:
            restarted.kill(signal.SIGTERM)
            restarted.wait()


def scenario_postmaster(directory, seconds):
    """Orders placed under load through Kitchen on a cluster of the scenario's own, SIGKILL
    of every PostgreSQL process of it, a restart of the cluster: every order acknowledged
    before the kill is there, the Kitchen that lived through it answers again, and it
    refuses what it cannot do meanwhile with a clear error."""
    if not os.environ.get("KITCHEN_TEST_POSTGRES"):
        print("skip: postmaster needs PostgreSQL (KITCHEN_TEST_STORE=postgres)")
        return
    with OwnCluster() as cluster:
        server = Server(cluster.url, "--media", os.path.join(directory, "postmaster.media"), "--max-batch", "4",
                        demo=True)
        try:
            token, address, kinds = buyer_with_address(server.port)
            stop = threading.Event()
            workers, acknowledged, failures = order_load(server.port, token, address, kinds, stop)
            time.sleep(seconds)
            before = len(acknowledged)
            check(cluster.synchronous_commit() == "on", "the cluster commits synchronously (synchronous_commit on)")
            killed = cluster.kill()
            check(killed > 1, f"the postmaster and its children were killed ({killed} processes)")
            time.sleep(0.5)
            stop.set()
            for worker in workers:
                worker.join(15)
            check(before > 0, f"the order load was answered ({before} orders acknowledged before the kill)")
            acknowledged_before = acknowledged[:before]
            client = Client(server.port, token)
            expect_outage(server.port, token, within=15, draft_name="written while PostgreSQL was down")
            check(server.process.poll() is None, "Kitchen lives through the database's death")
            cluster.start()
            deadline = time.time() + 60
            while time.time() < deadline:
                status, body = client.post("{ viewer { id } }")
                if status == 200 and (body or {}).get("data", {}).get("viewer"):
                    break
                time.sleep(0.2)
            check(status == 200 and (body or {}).get("data", {}).get("viewer"),
                  f"Kitchen answers again once the database is back ({status} {body})")
            check(psql(cluster.url, "SELECT count(*) FROM drafts WHERE name = 'written while PostgreSQL was down'") == "0",
                  "the mutations refused while the database was down changed nothing")
            check(Client(server.port).post("{ viewer { id } }")[0] == 200, "an anonymous client is answered 200 again")
            expect_orders_kept(server.port, token, address, kinds, acknowledged_before, "PostgreSQL was killed")
            late = [pair for pair in acknowledged[before:]]
            check(not missing_orders(server.port, token, late),
                  f"orders acknowledged while the kill landed are there too ({len(late)})")
        finally:
            server.kill(signal.SIGTERM)
            server.wait()


def scenario_blackhole(directory, seconds):
    """The network path to PostgreSQL dies without a word (a proxy that keeps every socket
    open and acknowledged but drops every byte): with --db-timeout 2 every transport gets
    503 within seconds, not a hang until TCP gives up; once the path forwards again the
    same Kitchen answers 200, and nothing refused meanwhile was written."""
    if not on_postgres():
        print("skip: blackhole needs PostgreSQL (KITCHEN_TEST_STORE=postgres)")
        return
    with scratch_database(directory, "blackhole") as (database, flags):
        found = re.search(r"@([^:/@]+):(\d+)/", database)
        proxy = Blackhole(found.group(1), int(found.group(2)))
        proxied = database[:found.start(1)] + f"127.0.0.1:{proxy.port}" + database[found.end(2):]
        server = Server(proxied, "--db-timeout", "2", "--max-batch", "4", *flags)
        try:
            token = sign_up(server.port, "blackholed")
            client = Client(server.port, token)
            status, body = client.post(CREATE_DRAFT, {"n": "before"})
            check(status == 200 and (body or {}).get("data", {}).get("createDraft"), "a write through the proxy works")
            proxy.forwarding.clear()
            expect_outage(server.port, token, within=15, draft_name="blackholed")
            check(server.process.poll() is None, "Kitchen lives through the dead path")
            proxy.forwarding.set()
            deadline = time.time() + 60
            while time.time() < deadline:
                status, body = client.post(CREATE_DRAFT, {"n": "after"})
                if status == 200 and (body or {}).get("data", {}).get("createDraft"):
                    break
                time.sleep(0.3)
            check(status == 200 and (body or {}).get("data", {}).get("createDraft"),
                  f"once the path forwards again the same Kitchen answers 200 ({status} {body})")
            check(psql(database, "SELECT count(*) FROM drafts WHERE name = 'blackholed'") == "0",
                  "the mutations refused while the path was dead changed nothing")
            check(psql(database, "SELECT count(DISTINCT name) FROM drafts WHERE name IN ('before', 'after')") == "2",
                  "the writes before and after are there")
        finally:
            server.kill(signal.SIGTERM)
            server.wait()
            proxy.stop()


def scenario_sigkill(directory, seconds):
    """SIGKILL in the middle of a write load, then a restart on the same file."""
    database = os.path.join(directory, "sigkill.sqlite")
    server = Server(database)
    token = sign_up(server.port, "writer")
    stop = threading.Event()
    workers, acknowledged, failures = write_load(server.port, token, stop)
    time.sleep(seconds)
    server.kill(signal.SIGKILL)
    server.wait()
    stop.set()
    for worker in workers:
        worker.join(15)
    check(len(acknowledged) > 0, f"the write load was answered ({len(acknowledged)} drafts acknowledged)")
    check(not failures, f"no write failed before the kill ({failures[:3]})")
    check(integrity(database) == "ok", "PRAGMA integrity_check is ok after SIGKILL")
    restarted = Server(database)
    try:
        missing = missing_drafts(restarted.port, token, acknowledged)
        check(not missing, f"every acknowledged draft is there after the restart (missing: {missing[:5]})")
    finally:
        restarted.kill(signal.SIGTERM)
        restarted.wait()


def set_immutable(paths, on):
    for path in paths:
        if os.path.exists(path):
            subprocess.run(["chattr", "+i" if on else "-i", path], check=True, capture_output=True)


def expect_refused_write_and_working_read(server, client, draft_id, what):
    status, body = client.post(CREATE_DRAFT, {"n": "refused"})
    errors = (body or {}).get("errors") or []
    code = errors[0].get("extensions", {}).get("code") if errors else None
    # A file that cannot be written (an I/O error) is a database that does not answer:
    # 503 UNAVAILABLE; any other refusal is an answer of its own, not a server error.
    check((status < 500 or (status == 503 and code == "UNAVAILABLE")) and errors
          and not (body.get("data") or {}).get("createDraft"),
          f"a write on a {what} is refused with an error, not a crash ({status} {body})")
    message = errors[0].get("message", "")
    check("SQL" not in message and "sqlite" not in message.lower(),
          f"the {what} error shows no SQL ({code}: {message})")
    request_id = errors[0].get("extensions", {}).get("requestId")
    if code in ("INTERNAL", "UNAVAILABLE"):
        time.sleep(0.2)
        detail = [line for line in server.lines if request_id and request_id in line]
        check(detail, f"the log line for request id {request_id} holds the detail ({detail[:1]})")
    status, body = client.post(READ_DRAFT, {"id": draft_id})
    check(status == 200 and (body or {}).get("data", {}).get("draft", {}).get("id") == draft_id
          and not body.get("errors"), f"reads keep working on a {what} ({status})")


def scenario_readonly(directory, seconds):
    """The database file (and its WAL) become unwritable under a running server."""
    database = os.path.join(directory, "readonly.sqlite")
    server = Server(database)
    # The database and its log; not the -shm index, which SQLite maps into memory: a
    # mapping that cannot be written is a SIGBUS, which no program survives.
    files = [database, database + "-wal"]
    try:
        token = sign_up(server.port, "reader")
        client = Client(server.port, token)
        status, body = client.post(CREATE_DRAFT, {"n": "before"})
        draft_id = body["data"]["createDraft"]["id"]
        try:
            set_immutable(files, True)
        except (subprocess.CalledProcessError, FileNotFoundError) as error:
            print(f"skip: cannot make the file read-only here ({error})")
            return
        try:
            expect_refused_write_and_working_read(server, client, draft_id, "read-only database")
        finally:
            set_immutable(files, False)
        status, body = client.post(CREATE_DRAFT, {"n": "after"})
        check(status == 200 and body.get("data", {}).get("createDraft"),
              "writes work again once the file is writable")
    finally:
        set_immutable(files, False)
        server.kill(signal.SIGTERM)
        server.wait()
    check(integrity(database) == "ok", "PRAGMA integrity_check is ok after the read-only spell")


def scenario_diskfull(directory, seconds):
    """The disk under the database fills up (a small tmpfs, filled by another file)."""
    mount_point = os.path.join(directory, "disk")
    os.makedirs(mount_point)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", mount_point],
                             capture_output=True)
    if mounted.returncode != 0:
        print(f"skip: cannot mount a small tmpfs here ({mounted.stderr.decode().strip()})")
        return
    try:
        database = os.path.join(mount_point, "full.sqlite")
        server = Server(database)
        try:
            token = sign_up(server.port, "filler")
            client = Client(server.port, token)
            status, body = client.post(CREATE_DRAFT, {"n": "before"})
            draft_id = body["data"]["createDraft"]["id"]
            filler = os.path.join(mount_point, "filler")
            # Unbuffered: a buffered file keeps what a short write left over and raises
            # ENOSPC again when it is closed, depending on how the free space falls.
            with open(filler, "wb", buffering=0) as handle:
                try:
                    while True:
                        handle.write(b"\0" * 65536)
                        handle.flush()
                except OSError:
                    pass
            # A few writes may still fit in pages SQLite already has; the disk fills soon.
            for index in range(200):
                status, body = client.post(CREATE_DRAFT, {"n": "x" * 2000 + str(index)})
                if (body or {}).get("errors"):
                    break
            expect_refused_write_and_working_read(server, client, draft_id, "full disk")
            os.remove(filler)
            status, body = client.post(CREATE_DRAFT, {"n": "after"})
            check(status == 200 and body.get("data", {}).get("createDraft"),
                  "writes work again once there is room")
        finally:
            server.kill(signal.SIGTERM)
            server.wait()
        check(integrity(database) == "ok", "PRAGMA integrity_check is ok after the disk was full")
    finally:
        subprocess.run(["umount", "-l", mount_point], capture_output=True)


def scenario_sigterm(directory, seconds):
    """SIGTERM under load: a request in flight (its body half sent) still gets its answer,
    every answer given is whole, and the server exits cleanly."""
    database = os.path.join(directory, "sigterm.sqlite")
    server = Server(database, "--shutdown-grace", "10")
    token = sign_up(server.port, "loader")
    stop = threading.Event()
    workers, acknowledged, failures = write_load(server.port, token, stop)

    body = b'{"query":"mutation { createDraft(name: \\"in flight\\") { id name } }"}'
    half = len(body) // 2
    pending = socket.create_connection(("127.0.0.1", server.port), timeout=15)
    pending.sendall(b"POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + f"Authorization: Bearer {token}\r\nContent-Length: {len(body)}\r\n\r\n".encode()
                    + body[:half])
    time.sleep(max(1.0, seconds / 2))
    server.kill(signal.SIGTERM)
    time.sleep(0.5)
    pending.sendall(body[half:])
    answer = b""
    try:
        while b"}}}" not in answer and len(answer) < 65536:
            chunk = pending.recv(65536)
            if not chunk:
                break
            answer += chunk
    except OSError:
        pass
    stop.set()
    for worker in workers:
        worker.join(15)
    code = server.wait(30)
    check(answer.startswith(b"HTTP/1.1 200") and b"in flight" in answer,
          f"the request in flight at SIGTERM was answered ({answer[:80]!r})")
    check(not failures, f"every answer during shutdown was whole and successful ({failures[:3]})")
    check(code == 0, f"the server exited cleanly after SIGTERM (exit {code})")
    check("Stopped." in server.log(), "the server logged its stop")
    check(integrity(database) == "ok", "PRAGMA integrity_check is ok after SIGTERM")


SCENARIOS = {
    "sigkill": scenario_sigkill,
    "orders": scenario_orders,
    "readonly": scenario_readonly,
    "diskfull": scenario_diskfull,
    "sigterm": scenario_sigterm,
    "postmaster": scenario_postmaster,
    "blackhole": scenario_blackhole,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3, help="load time per scenario")
    parser.add_argument("scenario", nargs="?", default="all", choices=list(SCENARIOS) + ["all"])
    arguments = parser.parse_args()
    names = list(SCENARIOS) if arguments.scenario == "all" else [arguments.scenario]
    directory = tempfile.mkdtemp(prefix="kitchen-faults-")
    try:
        for name in names:
            print(f"== {name}", flush=True)
            SCENARIOS[name](directory, arguments.seconds)
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    print("all fault checks passed", flush=True)


if __name__ == "__main__":
    main()
