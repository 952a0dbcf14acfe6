#!/usr/bin/env bash
# The soak test: 64 concurrent clients, mixed reads and writes, for five minutes against
# a seeded database (a release build of kitchen). Passes with zero 5xx, no crash,
# resident memory flat after the first minute, and cart and stock totals equal to what
# the clients' successful responses add up to.
#
#   Benchmarks/soak.sh                  # 5 minutes, 64 clients
#   SOAK_SECONDS=30 Benchmarks/soak.sh  # a short try
#   SOAK_CLIENTS=16 KITCHEN_BINARY=.build/debug/kitchen Benchmarks/soak.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
if [ -z "${KITCHEN_BINARY:-}" ]; then
  swift build -c release --product kitchen >&2
  export KITCHEN_BINARY="$root/.build/release/kitchen"
fi
ulimit -n 4096 2>/dev/null || true
exec python3 "$root/Benchmarks/soak/soak_client.py" \
  --seconds "${SOAK_SECONDS:-300}" --clients "${SOAK_CLIENTS:-64}" "$@"
