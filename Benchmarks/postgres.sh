#!/usr/bin/env bash
# Kitchen on PostgreSQL against Kitchen on SQLite, and one Kitchen against two on one
# PostgreSQL behind nginx, over HTTP on loopback with wrk; every request drawn at random
# from the data (http/vary.lua, the cases of http.sh).
#
#   Benchmarks/postgres.sh [--scale N] [--pairs N] [--duration S] [--cases "Q1 Q2 Q3 Q4 M1 MIX"]
#                          [--cached "MIX"] [--kitchen BIN]
#
# The SQLite database is http.sh's seeded one (`kitchen seed --scale N`, kept in
# Benchmarks/.deps/data), prepared by http/prepare.js (50 viewers with their follows and
# carts); a throwaway PostgreSQL cluster (scripts/lib/postgres.sh: fsync and
# synchronous_commit on) then gets every row of it with `kitchen migrate-data`, so the
# same requests, tokens included, serve both, and http/compare.js checks that both stores
# return byte-identical data for a sample of them. Three targets run side by side:
# `sqlite` (one Kitchen on the file), `pg` (one Kitchen on PostgreSQL) and `pg×2` (two
# Kitchens on the same PostgreSQL database, on two ports, behind an nginx upstream with
# keep-alive connections). Each case runs in rounds — sqlite, pg, pg×2 — `--pairs`
# times with `wrk -t2 -c32 -dS`, first with the response cache off (every request
# executed: what the store costs), then the `--cached` cases with the servers' defaults.
# The load average is printed with every run, and the CPU time per request that Kitchen,
# PostgreSQL (the postmaster and its backends) and nginx used in it. Only 127.0.0.1 is used; every process the
# script starts, the cluster included, is stopped when it ends.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
deps="$here/.deps"
scale=10000 pairs=3 duration=10
cases="Q1 Q2 Q3 Q4 M1 MIX" cached="MIX"
kitchen="${KITCHEN_BIN:-}"
while [ $# -gt 0 ]; do
    case "$1" in
        --scale) scale="$2"; shift 2 ;;
        --pairs) pairs="$2"; shift 2 ;;
        --duration) duration="$2"; shift 2 ;;
        --cases) cases="$2"; shift 2 ;;
        --cached) cached="$2"; shift 2 ;;
        --kitchen) kitchen="$2"; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

"$here/peers/setup.sh" >/dev/null
export NODE_PATH="$deps/usr/share/nodejs:$deps/usr/lib/x86_64-linux-gnu/nodejs"
if [ -z "$kitchen" ]; then
    echo "building kitchen (release)…"
    (cd "$root" && swift build -c release --product kitchen >/dev/null)
    kitchen="$root/.build/release/kitchen"
fi
source "$root/scripts/lib/dependencies.sh"
source "$root/scripts/lib/postgres.sh"
find_postgres

work="$(mktemp -d /tmp/kitchen-bench-pg.XXXXXX)"
cluster="$(mktemp -d /tmp/kitchen-bench-cluster.XXXXXX)"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    stop_postgres_cluster "$cluster"
    rm -rf "$work" "$cluster"
}
trap cleanup EXIT INT TERM

. "$here/seeded.sh"
read -r sqlite_port pg_port second_port balancer_port <<<"$(free_ports 4)"
db="$(seeded_database "$scale")"

# serve DB PORT [CACHE-BYTES] → starts a Kitchen (its default cache without CACHE-BYTES); its
# pid is the last of `pids`.
serve() {
    env ${3:+KITCHEN_RESPONSE_CACHE_BYTES="$3"} "$kitchen" serve --db "$1" --no-demo --schema "$root/Schema.graphql" \
        --host 127.0.0.1 --port "$2" --media "$work/media" >"$work/kitchen-$2.log" 2>&1 &
    pids+=($!)
    wait_for "$2"
}

# The load balancer: both PostgreSQL instances behind one address, keep-alive upstreams.
mkdir -p "$work/nginx"
cat >"$work/nginx/nginx.conf" <<EOF
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
daemon off;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $work/nginx; proxy_temp_path $work/nginx;
    fastcgi_temp_path $work/nginx; uwsgi_temp_path $work/nginx; scgi_temp_path $work/nginx;
    keepalive_requests 10000000;
    upstream kitchen { server 127.0.0.1:$pg_port; server 127.0.0.1:$second_port; keepalive 64; }
    server {
        listen 127.0.0.1:$balancer_port;
        location / {
            proxy_pass http://kitchen;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_buffering off;
        }
    }
}
EOF
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
"$nginx_bin" -c "$work/nginx/nginx.conf" -p "$work/nginx" &
pids+=($!)
nginx_pid=$!
wait_for "$balancer_port"

# start_servers CACHE-BYTES → the three targets' Kitchens (sets server_pids).
start_servers() {
    serve "$db" "$sqlite_port" "$1"
    serve "$url" "$pg_port" "$1"
    serve "$url" "$second_port" "$1"
    server_pids=("${pids[@]: -3}")
}
stop_servers() {
    for pid in "${server_pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
}

# settle → waits (at most 5 s) until the Kitchens and PostgreSQL have used no CPU for 0.3 s.
settle() {
    local postmaster watched before after
    postmaster="$(head -1 "$cluster/data/postmaster.pid")"
    watched="${server_pids[*]} $postmaster $(pgrep -d ' ' -P "$postmaster" || true)"
    cpu() { for p in $watched; do awk '{ print $14 + $15 }' "/proc/$p/stat" 2>/dev/null || true; done | awk '{ s += $1 } END { print s + 0 }'; }
    for _ in $(seq 1 16); do
        before="$(cpu)"; sleep 0.3; after="$(cpu)"
        [ "$before" = "$after" ] && return 0
    done
    return 0  # still busy after 5 s (autovacuum after a write run, say): measure anyway
}

# ticks PID… → CPU ticks (user + system) the processes and their children have used.
ticks() {
    local pid all=""
    for pid in "$@"; do all="$all $pid $(pgrep -d ' ' -P "$pid" || true)"; done
    # A backend may end between pgrep and the read (awk then fails with 2, which pipefail
    # and set -e would take for the script's own failure).
    for pid in $all; do awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || true; done | awk '{ s += $1 } END { print s + 0 }'
}
hz="$(getconf CLK_TCK)"
# per_request TICKS REQUESTS → µs of CPU per request
per_request() { awk -v t="$1" -v n="$2" -v hz="$hz" 'BEGIN { printf "%.0f", (n > 0 ? t * 1e6 / hz / n : 0) }'; }

# measure CASE PORT → "rps p50 p99 requests failures"
measure() {
    local output
    output="$(BENCH_DIR="$work/req" BENCH_CASE="$1" wrk -t2 -c32 -d"${duration}s" -s "$here/http/vary.lua" \
        "http://127.0.0.1:$2" 2>&1)" || true
    if ! grep -q '^RESULT' <<<"$output"; then
        echo "wrk gave no result for $1 on port $2:" >&2
        echo "$output" >&2
        tail -5 "$work"/kitchen-*.log "$cluster/server.log" >&2 2>/dev/null || true
        return 1
    fi
    grep '^RESULT' <<<"$output" | sed 's/^RESULT //'
}

# The viewers, their follows and carts go into the SQLite file first; PostgreSQL then gets
# all of it with migrate-data (ids, tokens and carts kept), so one set of requests serves
# both stores, and both must answer them alike.
serve "$db" "$sqlite_port" 0
node "$here/http/prepare.js" --db "$db" --kitchen "http://127.0.0.1:$sqlite_port/graphql" --out "$work/req"
kill "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null || true
url="$(start_postgres_cluster "$cluster")"
started=$(date +%s)
"$kitchen" migrate-data --from "$db" --to "$url" >&2
echo "PostgreSQL $(basename "$(dirname "$kitchen_pg_bin")") filled from $(basename "$db") in $(($(date +%s) - started)) s"
start_servers 0
echo "checking that Kitchen on SQLite (\"kitchen\") and on PostgreSQL (\"peer\") return the same data…"
node "$here/http/compare.js" --dir "$work/req" --kitchen "http://127.0.0.1:$sqlite_port/graphql" \
    --peer "http://127.0.0.1:$balancer_port/graphql"

results="$work/results"
: >"$results"
echo
echo "wrk -t2 -c32 -d${duration}s on 127.0.0.1, kitchen seed --scale $scale, $(nproc) cores; rps, latencies in ms"
printf '%-9s %2s | %8s %6s %7s | %8s %6s %7s | %8s %6s %7s | %5s %5s | %s\n' case rd sqlite p50 p99 pg p50 p99 "pg×2" p50 p99 pg/sq "×2/pg" "load before → after"
run_cases() {  # run_cases LABEL-SUFFIX CASES
    local case pair port before
    for case in $2; do
        for pair in $(seq 1 "$pairs"); do
            local row=() loads="" cpu=() postmaster
            postmaster="$(head -1 "$cluster/data/postmaster.pid")"
            for target in "$sqlite_port:${server_pids[0]}" "$pg_port:${server_pids[1]}" \
                "$balancer_port:${server_pids[1]} ${server_pids[2]}"; do
                local kitchens="${target#*:}" k0 p0 n0 k1 p1 n1
                settle
                before="$(cut -d' ' -f1 /proc/loadavg)"
                k0="$(ticks $kitchens)" p0="$(ticks "$postmaster")" n0="$(ticks "$nginx_pid")"
                row+=("$(measure "$case" "${target%%:*}")")
                k1="$(ticks $kitchens)" p1="$(ticks "$postmaster")" n1="$(ticks "$nginx_pid")"
                local done_requests; done_requests="$(echo "${row[-1]}" | awk '{ print $4 }')"
                cpu+=("$(per_request $((k1 - k0)) "$done_requests")/$(per_request $((p1 - p0)) "$done_requests")/$(per_request $((n1 - n0)) "$done_requests")")
                loads="$loads $before→$(cut -d' ' -f1 /proc/loadavg)"
            done
            local s=(${row[0]}) p=(${row[1]}) t=(${row[2]})
            printf '%-9s %2s | %8.0f %6.2f %7.2f | %8.0f %6.2f %7.2f | %8.0f %6.2f %7.2f | %5.2f %5.2f |%s%s\n' \
                "$case$1" "$pair" "${s[0]}" "${s[1]}" "${s[2]}" "${p[0]}" "${p[1]}" "${p[2]}" "${t[0]}" "${t[1]}" "${t[2]}" \
                "$(awk -v a="${p[0]}" -v b="${s[0]}" 'BEGIN { print (b > 0 ? a / b : 0) }')" \
                "$(awk -v a="${t[0]}" -v b="${p[0]}" 'BEGIN { print (b > 0 ? a / b : 0) }')" "$loads" \
                "$( [ "${s[4]}${p[4]}${t[4]}" = 000 ] || echo "  (failures: ${s[4]} / ${p[4]} / ${t[4]})")"
            printf '%-12s CPU µs a request (Kitchen/PostgreSQL/nginx): sqlite %s, pg %s, pg×2 %s\n' "" "${cpu[0]%/*/*}" "${cpu[1]%/*}" "${cpu[2]}"
            echo "$case$1 ${s[0]} ${s[2]} ${p[0]} ${p[2]} ${t[0]} ${t[2]}" >>"$results"
        done
    done
}
run_cases "" "$cases"
if [ -n "$cached" ]; then
    stop_servers
    start_servers ""
    run_cases "+cache" "$cached"
fi

echo
echo "medians over the rounds (rps; p99 ms):"
awk '
    function median(list, n,    i, j, t) {
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (list[j] < list[i]) { t = list[i]; list[i] = list[j]; list[j] = t }
        return n % 2 ? list[(n + 1) / 2] : (list[n / 2] + list[n / 2 + 1]) / 2
    }
    { c = $1; if (!(c in n)) order[++cases] = c; k = ++n[c]; for (f = 2; f <= 7; f++) v[c, f, k] = $f
      r1[c, k] = ($2 > 0 ? $4 / $2 : 0); r2[c, k] = ($4 > 0 ? $6 / $4 : 0) }
    END {
        printf "  %-9s %8s %7s %8s %7s %8s %7s %7s %7s\n", "case", "sqlite", "p99", "pg", "p99", "pg×2", "p99", "pg/sq", "×2/pg"
        for (i = 1; i <= cases; i++) { c = order[i]
            for (f = 2; f <= 7; f++) { for (k = 1; k <= n[c]; k++) l[k] = v[c, f, k]; m[f] = median(l, n[c]) }
            for (k = 1; k <= n[c]; k++) l[k] = r1[c, k]; a = median(l, n[c])
            for (k = 1; k <= n[c]; k++) l[k] = r2[c, k]; b = median(l, n[c])
            printf "  %-9s %8.0f %7.1f %8.0f %7.1f %8.0f %7.1f %6.2fx %6.2fx\n", c, m[2], m[3], m[4], m[5], m[6], m[7], a, b }
    }' "$results"
