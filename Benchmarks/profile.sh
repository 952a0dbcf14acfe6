#!/usr/bin/env bash
# Instructions per request, exact and repeatable on a noisy machine: Kitchen under
# valgrind's callgrind, a warm-up, then N requests of one benchmark case, counted alone.
#
#   Benchmarks/profile.sh CASE [N] [--kitchen BIN]   (CASE: Q0 Q1 Q2 Q3 Q4 M1)
#
# Prints instructions per request and leaves the profile in Benchmarks/.deps/profiles/
# (read it with `callgrind_annotate --inclusive=yes FILE | head -60`). The database is the
# one http.sh seeds (scale 10000), prepared the same way.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
deps="$here/.deps"
case="${1:?usage: profile.sh CASE [N] [--kitchen BIN]}"
count="${2:-200}"
kitchen="$root/.build/release/kitchen"
[ "${3:-}" = "--kitchen" ] && kitchen="$4"
. "$here/seeded.sh"
port="$(free_ports 1)"
db="$(seeded_path 10000)"
[ -f "$db" ] || { echo "run Benchmarks/http.sh once first (it seeds $db)" >&2; exit 1; }
"$here/peers/setup.sh" >/dev/null
export NODE_PATH="$deps/usr/share/nodejs:$deps/usr/lib/x86_64-linux-gnu/nodejs"

mkdir -p "$deps/profiles"
work="$(mktemp -d /tmp/kitchen-profile.XXXXXX)"
out="$deps/profiles/callgrind.$case.$(date -u +%Y%m%dT%H%M%S)"
valgrind --tool=callgrind --callgrind-out-file="$out" --instr-atstart=no \
    "$kitchen" serve --db "$db" --no-demo --schema "$root/Schema.graphql" --host 127.0.0.1 --port "$port" --threads 1 \
    >"$work/kitchen.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 600); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
    sleep 0.2
done
node "$here/http/prepare.js" --db "$db" --kitchen "http://127.0.0.1:$port/graphql" --out "$work/req" --viewers 1 >/dev/null
bodies="$work/req/$case.json"
[ "$case" = M1 ] && bodies="$work/req/M1a.json,$work/req/M1b.json"

node "$here/http/send.js" "http://127.0.0.1:$port/graphql" "$work/req/token" "$bodies" 20  # warm-up
callgrind_control --instr=on "$pid" >/dev/null
node "$here/http/send.js" "http://127.0.0.1:$port/graphql" "$work/req/token" "$bodies" "$count"
callgrind_control --instr=off "$pid" >/dev/null
callgrind_control --dump "$pid" >/dev/null
file="$out.1"
total=""
for _ in $(seq 1 60); do  # on a loaded machine the dump can take a while to be written
    sleep 0.5
    total="$(callgrind_annotate "$file" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')"
    [ -n "$total" ] && break
done
[ -n "$total" ] || { echo "no profile was written to $file" >&2; exit 1; }
echo "$case: $((total / count)) instructions per request ($count requests; profile $file)"
