#!/usr/bin/env bash
# Kitchen's streaming transports on loopback (Benchmarks/streams/streams.py):
#
#   Benchmarks/streams.sh [--users N] [--per-user M] [--rounds R] [--sockets N] [--seconds S]
#                         [--kitchen BIN]
#
# 1. latency: N×M (default 50×20 = 1,000) open cartChanged subscriptions over WebSocket,
#    then SSE, then multipart; R cart changes; each event's time from the mutation's send.
# 2. memory: the server's resident memory idle, and with N (default 1,000) idle WebSockets.
# 3. throughput: the same queries over one HTTP keep-alive connection and one WebSocket.
#
# A release kitchen on a fresh demo database in a temporary directory, started with room for
# the connections (--max-connections, no per-address limit, --max-streams-per-user M) and
# stopped when the script ends. Python from scripts/lib/dependencies.sh's environment.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
users=50 per_user=20 rounds=100 sockets=1000 seconds=5
kitchen="${KITCHEN_BIN:-}"
while [ $# -gt 0 ]; do
    case "$1" in
        --users) users="$2"; shift 2 ;;
        --per-user) per_user="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        --sockets) sockets="$2"; shift 2 ;;
        --seconds) seconds="$2"; shift 2 ;;
        --kitchen) kitchen="$2"; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

cd "$root"
# shellcheck source=../scripts/lib/dependencies.sh
source scripts/lib/dependencies.sh
ensure_python_packages
if [ -z "$kitchen" ]; then
    echo "building kitchen (release)…"
    swift build -c release --product kitchen >/dev/null
    kitchen="$root/.build/release/kitchen"
fi

work="$(mktemp -d)"
port=18240
"$kitchen" serve --port "$port" --db "$work/kitchen.sqlite" --threads 2 \
    --max-connections $((users * per_user + sockets + 100)) --max-connections-per-address 0 \
    --max-streams $((users * per_user + 100)) --max-streams-per-user "$per_user" >"$work/log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
    sleep 0.1
done
url="http://127.0.0.1:$port/graphql"
echo "== latency: event from the cart change to each subscriber ($users users × $per_user subscriptions)"
python3 "$here/streams/streams.py" latency "$url" --users "$users" --per-user "$per_user" --rounds "$rounds"
echo "== memory: $sockets idle WebSockets"
python3 "$here/streams/streams.py" memory "$url" "$pid" --sockets "$sockets"
echo "== throughput: queries over one connection for $seconds s each"
python3 "$here/streams/streams.py" throughput "$url" --seconds "$seconds"
