#!/usr/bin/env python3
"""The soak test's clients: many threads, each its own signed-up user, mixing reads and
writes against a `kitchen serve` on a seeded database, then checking the books.

Passes when: no 5xx and no INTERNAL error was answered; the server never died; its
resident memory after the first minute (or first fifth of a shorter run) stays within
the limit of the level it had then; each client's cart holds exactly the quantities its
successful addToCart calls added; each kind's stock fell by exactly the quantities of
the orders that succeeded.
"""

import argparse
import collections
import json
import os
import random
import signal
import sqlite3
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "Tests", "Faults"))
from kitchen_client import Client, Server, sign_up  # noqa: E402

MARKET = "query ($after: String) { market(first: 100, after: $after) { edges { node { id kinds { id stock } } } pageInfo { hasNextPage endCursor } } }"
READS = [
    ("query { recipes(first: 10) { edges { node { id name author { username } } } } }", {}),
    ("query { feed(first: 10) { edges { node { __typename } } } }", {}),
    ("query { market(first: 10) { edges { node { id name kinds { price { amount } stock } } } } }", {}),
    ("query ($k: String!) { search(keyword: $k, first: 10) { edges { node { __typename } } } }", {"k": "egg"}),
    ("query { cart { totalQuantity shops { items { quantity } } } }", {}),
    ("query { forums { id name } popularKeywords }", {}),
]
ADD_TO_CART = "mutation ($g: ID!, $k: ID, $q: Int!) { addToCart(goodsId: $g, kindId: $k, quantity: $q) { totalQuantity } }"
PLACE_ORDER = ("mutation ($i: PlaceOrderInput!) { placeOrder(input: $i) { id quantity } }")
ADD_ADDRESS = "mutation ($i: AddressInput!) { addAddress(input: $i) { id } }"


class Tally:
    def __init__(self):
        self.lock = threading.Lock()
        self.requests = 0
        self.statuses = collections.Counter()
        self.codes = collections.Counter()
        self.transport_errors = 0
        self.cart_added = collections.Counter()      # client -> quantity
        self.ordered = collections.Counter()         # kind id -> quantity
        self.examples = []

    def record(self, status, body):
        with self.lock:
            self.requests += 1
            self.statuses[status] += 1
            for error in (body or {}).get("errors") or []:
                code = error.get("extensions", {}).get("code", "?")
                self.codes[code] += 1
                if code == "INTERNAL" and len(self.examples) < 5:
                    self.examples.append(error)


def load_kinds(port):
    client = Client(port)
    kinds, after = {}, None
    while True:
        status, body = client.post(MARKET, {"after": after})
        market = body["data"]["market"]
        for edge in market["edges"]:
            for kind in edge["node"]["kinds"]:
                kinds[kind["id"]] = (edge["node"]["id"], kind["stock"])
        if not market["pageInfo"]["hasNextPage"]:
            return kinds
        after = market["pageInfo"]["endCursor"]


def client_loop(number, port, token, address_id, goods, deadline, tally, seed):
    rng = random.Random(seed)
    client = Client(port, token)
    orders = 0
    while time.time() < deadline:
        roll = rng.random()
        goods_id, kind_id = rng.choice(goods)
        try:
            if roll < 0.6:
                query, variables = rng.choice(READS)
                status, body = client.post(query, variables)
                tally.record(status, body)
            elif roll < 0.85:
                quantity = rng.randint(1, 3)
                status, body = client.post(ADD_TO_CART, {"g": goods_id, "k": kind_id, "q": quantity})
                tally.record(status, body)
                if status == 200 and (body.get("data") or {}).get("addToCart"):
                    with tally.lock:
                        tally.cart_added[number] += quantity
            elif roll < 0.95:
                orders += 1
                key = f"soak-{number}-{orders}-{seed}"
                status, body = client.post(PLACE_ORDER, {"i": {
                    "addressId": address_id, "idempotencyKey": key,
                    "buyNow": {"goodsId": goods_id, "kindId": kind_id, "quantity": 1}}})
                tally.record(status, body)
                if status == 200 and (body.get("data") or {}).get("placeOrder"):
                    with tally.lock:
                        tally.ordered[kind_id] += body["data"]["placeOrder"]["quantity"]
            else:
                status, body = client.post("mutation ($k: String!) { recordSearch(keyword: $k) }",
                                           {"k": rng.choice(["egg", "tofu", "番茄", "soup"])})
                tally.record(status, body)
        except OSError:
            with tally.lock:
                tally.transport_errors += 1
            time.sleep(0.1)


def rss_kilobytes(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--stock", type=int, default=100_000, help="units of every kind at the start (0: the demo's)")
    parser.add_argument("--rss-growth-limit", type=float, default=0.15,
                        help="allowed growth of RSS after the warm-up, as a fraction")
    arguments = parser.parse_args()

    directory = tempfile.mkdtemp(prefix="kitchen-soak-")
    database = os.path.join(directory, "soak.sqlite")
    print(f"soak: seeding {database} and starting the server", flush=True)
    server = Server(database, "--max-connections-per-address", "1024", demo=True)
    port, pid = server.port, server.process.pid
    # The demo's stock runs out within seconds under this load; with more, the writes
    # keep succeeding for the whole run and the books have something to add up.
    if arguments.stock:
        with sqlite3.connect(database, timeout=30) as connection:
            connection.execute("UPDATE kinds SET stock = ?", (arguments.stock,))
    kinds_before = load_kinds(port)
    goods = [(goods_id, kind_id) for kind_id, (goods_id, stock) in kinds_before.items() if stock > 0]
    print(f"soak: {len(kinds_before)} kinds on sale; signing up {arguments.clients} clients", flush=True)

    tokens, addresses = [], []
    suffix = random.randint(1000, 9999)
    for number in range(arguments.clients):
        token = sign_up(port, f"soak{suffix}_{number}")
        status, body = Client(port, token).post(ADD_ADDRESS, {"i": {
            "name": f"Soak {number}", "phone": "13800000000", "region": "Shanghai", "detail": f"Road {number}"}})
        tokens.append(token)
        addresses.append(body["data"]["addAddress"]["id"])

    tally = Tally()
    started = time.time()
    deadline = started + arguments.seconds
    threads = [threading.Thread(target=client_loop, args=(
        n, port, tokens[n], addresses[n], goods, deadline, tally, suffix * 1000 + n), daemon=True)
        for n in range(arguments.clients)]
    for thread in threads:
        thread.start()
    samples = []
    while time.time() < deadline:
        time.sleep(min(10, max(0.1, deadline - time.time())))
        rss = rss_kilobytes(pid)
        samples.append((round(time.time() - started), rss))
        with tally.lock:
            print(f"soak: t={samples[-1][0]}s rss={rss} kB requests={tally.requests}", flush=True)
        if server.process.poll() is not None:
            break
    for thread in threads:
        thread.join(60)
    elapsed = time.time() - started
    alive = server.process.poll() is None

    failures = []
    if alive:
        for number, token in enumerate(tokens):
            status, body = Client(port, token).post("query { cart { totalQuantity } }")
            held = body["data"]["cart"]["totalQuantity"]
            if held != tally.cart_added[number]:
                failures.append(f"client {number}: cart holds {held}, successful adds total {tally.cart_added[number]}")
        kinds_after = load_kinds(port)
        for kind_id, (goods_id, stock) in kinds_before.items():
            expected = stock - tally.ordered[kind_id]
            if kinds_after.get(kind_id, (None, None))[1] != expected:
                failures.append(f"kind {kind_id}: stock {kinds_after.get(kind_id)}, expected {expected}")
    else:
        failures.append(f"the server died (exit {server.process.returncode})")
    server5xx = sum(count for status, count in tally.statuses.items() if status >= 500)
    if server5xx:
        failures.append(f"{server5xx} responses were 5xx")
    if tally.codes["INTERNAL"]:
        failures.append(f"{tally.codes['INTERNAL']} INTERNAL errors, e.g. {tally.examples[:2]}")
    warm = [rss for t, rss in samples if rss and t >= min(60, arguments.seconds / 5)]
    if warm:
        baseline, peak = warm[0], max(warm)
        if peak > baseline * (1 + arguments.rss_growth_limit):
            failures.append(f"RSS grew from {baseline} kB to {peak} kB after the warm-up")

    if alive:
        server.kill(signal.SIGTERM)
        server.wait(60)
    summary = {
        "seconds": round(elapsed, 1), "clients": arguments.clients, "requests": tally.requests,
        "requests_per_second": round(tally.requests / elapsed, 1),
        "statuses": dict(tally.statuses), "error_codes": dict(tally.codes),
        "transport_errors": tally.transport_errors,
        "cart_units_added": sum(tally.cart_added.values()), "units_ordered": sum(tally.ordered.values()),
        "rss_kb": samples,
    }
    print(json.dumps(summary, indent=1), flush=True)
    if failures:
        print("SOAK FAILED:\n  " + "\n  ".join(failures[:20]), flush=True)
        sys.exit(1)
    print("soak passed", flush=True)


if __name__ == "__main__":
    main()
