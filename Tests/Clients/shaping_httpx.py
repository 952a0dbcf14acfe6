#!/usr/bin/env python3
"""Drives a running Kitchen with httpx, a client that is not Kitchen's own, to check
response shaping as a third party sees it: gzip decoded by httpx, HEAD, and CORS
preflights answered as a browser would ask them.

    shaping_httpx.py http://127.0.0.1:PORT ALLOWED_ORIGIN

The server must run with --cors-origin ALLOWED_ORIGIN. Prints one line per check and
exits 1 if any fails.
"""
import sys

import httpx

BASE, ORIGIN = sys.argv[1], sys.argv[2]
INTROSPECTION = "{ __schema { types { name kind description fields { name description } } } }"
failures = []


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else ": " + detail))
    if not condition:
        failures.append(name)


def tokens(value):
    return {part.strip().lower() for part in (value or "").split(",") if part.strip()}


with httpx.Client(base_url=BASE, timeout=30) as client:
    # httpx asks for gzip by default and decodes it; the raw stream shows what was sent.
    with client.stream("POST", "/graphql", json={"query": INTROSPECTION}) as response:
        raw = b"".join(response.iter_raw())
        encoding = response.headers.get("content-encoding")
    check("httpx's default Accept-Encoding gets gzip", encoding == "gzip", repr(encoding))
    answer = client.post("/graphql", json={"query": INTROSPECTION})
    check("httpx decodes the gzip answer to GraphQL JSON",
          "__schema" in answer.json().get("data", {}), answer.text[:200])
    plain = client.post("/graphql", json={"query": INTROSPECTION}, headers={"Accept-Encoding": "identity"})
    check("identity gets the same answer uncompressed",
          plain.headers.get("content-encoding") is None and plain.json() == answer.json())
    check("gzip is smaller than a quarter of the plain answer", len(raw) < len(plain.content) / 4,
          "%d vs %d bytes" % (len(raw), len(plain.content)))
    check("Vary names Accept-Encoding", "accept-encoding" in tokens(answer.headers.get("vary")))

    get = client.get("/schema.graphql")
    head = client.head("/schema.graphql")
    check("HEAD has the GET's status and Content-Length, and no body",
          head.status_code == get.status_code == 200 and head.content == b""
          and head.headers.get("content-length") == get.headers.get("content-length")
          and head.headers.get("content-encoding") == get.headers.get("content-encoding") == "gzip",
          "%s %s" % (dict(head.headers), dict(get.headers)))

    preflight = client.options("/graphql", headers={
        "Origin": ORIGIN, "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type, authorization, apollographql-client-name"})
    check("an allowed origin's preflight is 204", preflight.status_code == 204, str(preflight.status_code))
    check("the preflight echoes the origin", preflight.headers.get("access-control-allow-origin") == ORIGIN)
    check("the preflight allows POST", "post" in tokens(preflight.headers.get("access-control-allow-methods")))
    check("the preflight allows the requested headers",
          {"content-type", "authorization", "apollographql-client-name"}
          <= tokens(preflight.headers.get("access-control-allow-headers")))
    check("the preflight has a max age", int(preflight.headers.get("access-control-max-age", "0")) > 0)
    check("the preflight never allows credentials", "access-control-allow-credentials" not in preflight.headers)

    actual = client.post("/graphql", json={"query": "{ __typename }"}, headers={"Origin": ORIGIN})
    check("the request after it is readable by the origin",
          actual.headers.get("access-control-allow-origin") == ORIGIN and "origin" in tokens(actual.headers.get("vary")))

    refused = client.options("/graphql", headers={
        "Origin": "https://elsewhere.example", "Access-Control-Request-Method": "POST"})
    check("another origin's preflight is refused without CORS headers",
          refused.status_code == 403 and not any(k.lower().startswith("access-control-") for k in refused.headers))

sys.exit(1 if failures else 0)
