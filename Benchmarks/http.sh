#!/usr/bin/env bash
# Kitchen against graphql-js on the same SQLite file, over HTTP on loopback, with wrk; every
# request drawn at random from the data.
#
#   Benchmarks/http.sh [--scale N] [--pairs N] [--duration S] [--cases "Q0 Q1 Q2 Q3 Q4 M1 MIX"]
#                      [--memory SECONDS] [--floor] [--flat "1000 100000"] [--kitchen BIN]
#
# Seeds a database with `kitchen seed --scale N` (kept in Benchmarks/.deps/data), prepares
# 50 signed-in viewers with their own follows and carts through Kitchen's API
# (http/prepare.js, which also writes the lists requests are drawn from), checks that
# Kitchen and the peer return byte-identical `data` for a sample of the varied requests,
# then measures each case in rounds A B C — Kitchen with its defaults, the peer, Kitchen
# with the response cache off (a second Kitchen process on the same file) — for --pairs
# rounds with `wrk -t2 -c32 -dS` and http/vary.lua. The machine's limit (Kitchen's Q1
# response served with no work by nginx and by a bare libmicrohttpd handler) is measured
# each round too. Prints each run, then the medians and the targets.
#
# --memory S runs MIX against Kitchen (defaults) for S seconds and samples its resident
# size every 10 s. --floor replays the SQL statements Kitchen ran for 200 varied Q1 and Q3
# requests in a C loop (http/sql-log.c records them, http/sql-floor.c runs them) on the
# same database with as many threads as cores: the database's share of a request.
# --flat "A B" measures Q1–Q4 on Kitchen alone at two scales, for "cost flat with size".
# Only 127.0.0.1 is used; every server the script starts is stopped when it ends.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
deps="$here/.deps"
scale=10000
pairs=3
duration=10
cases="Q0 Q1 Q2 Q3 Q4 M1 MIX"
flat=""
memory=0
replay=0
kitchen="${KITCHEN_BIN:-}"
while [ $# -gt 0 ]; do
    case "$1" in
        --scale) scale="$2"; shift 2 ;;
        --pairs) pairs="$2"; shift 2 ;;
        --duration) duration="$2"; shift 2 ;;
        --cases) cases="$2"; shift 2 ;;
        --flat) flat="$2"; shift 2 ;;
        --memory) memory="$2"; shift 2 ;;
        --floor) replay=1; shift ;;
        --kitchen) kitchen="$2"; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

. "$here/seeded.sh"
# Ports nothing listens on now (another developer's run may hold fixed ones).
read -r kitchen_port plain_port peer_port mhd_port nginx_port floor_port logged_port <<<"$(free_ports 7)"
"$here/peers/setup.sh" >/dev/null
export NODE_PATH="$deps/usr/share/nodejs:$deps/usr/lib/x86_64-linux-gnu/nodejs"

if [ -z "$kitchen" ]; then
    echo "building kitchen (release)…"
    (cd "$root" && swift build -c release --product kitchen >/dev/null)
    kitchen="$root/.build/release/kitchen"
fi
mkdir -p "$deps/data" "$deps/bin"
static_mhd="$deps/bin/static-mhd"
if [ ! -x "$static_mhd" ] || [ "$here/http/static-mhd.c" -nt "$static_mhd" ] || [ "$here/http/fixed-answer.h" -nt "$static_mhd" ]; then
    cc -O2 -Wall -o "$static_mhd" "$here/http/static-mhd.c" -lmicrohttpd
fi
write_floor="$deps/bin/write-floor"
if [ ! -x "$write_floor" ] || [ "$here/http/write-floor.c" -nt "$write_floor" ] || [ "$here/http/fixed-answer.h" -nt "$write_floor" ]; then
    cc -O2 -Wall -o "$write_floor" "$here/http/write-floor.c" -lmicrohttpd -lpthread
fi
sql_log="$deps/bin/sql-log.so" sql_floor="$deps/bin/sql-floor"
[ -f "$sql_log" ] && [ "$sql_log" -nt "$here/http/sql-log.c" ] || cc -O2 -Wall -shared -fPIC -o "$sql_log" "$here/http/sql-log.c" -ldl -lsqlite3
[ -x "$sql_floor" ] && [ "$sql_floor" -nt "$here/http/sql-floor.c" ] || cc -O2 -Wall -o "$sql_floor" "$here/http/sql-floor.c" -lsqlite3 -lpthread

work="$(mktemp -d /tmp/kitchen-bench.XXXXXX)"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

start_kitchen() {  # start_kitchen DB [PORT [CACHE-BYTES]] → sets kitchen_pid (the last one started)
    local port="${2:-$kitchen_port}"
    local bytes="${3:-${KITCHEN_RESPONSE_CACHE_BYTES:-}}"  # unset: Kitchen's default
    env ${bytes:+KITCHEN_RESPONSE_CACHE_BYTES="$bytes"} \
        "$kitchen" serve --db "$1" --no-demo --schema "$root/Schema.graphql" --host 127.0.0.1 --port "$port" \
        >"$work/kitchen-$port.log" 2>&1 &
    kitchen_pid=$!
    pids+=("$kitchen_pid")
    wait_for "$port"
}

stop() {  # stop PID
    kill "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}

# measure NAME PORT BODIES → "rps p50 p99 requests failures" (latencies in ms): the same
# bodies in turn, for the static limit and M1's floor.
measure() {
    local line
    line="$(BENCH_BODIES="$3" BENCH_TOKEN="$(cat "$work/req/token")" \
        wrk -t2 -c32 -d"${duration}s" -s "$here/http/vary.lua" "http://127.0.0.1:$2" | grep '^RESULT')"
    echo "${line#RESULT }"
}

# measure_case CASE PORT [SECONDS] → the same line, every request drawn by http/vary.lua.
measure_case() {
    local line
    line="$(BENCH_DIR="$work/req" BENCH_CASE="$1" \
        wrk -t2 -c32 -d"${3:-$duration}s" -s "$here/http/vary.lua" "http://127.0.0.1:$2" | grep '^RESULT')"
    echo "${line#RESULT }"
}

# settle PID… → waits (at most 5 s) until these processes and their children have used no
# CPU for 0.3 s. When wrk stops, a server may still be answering requests it had queued
# (the peer retries writes that found the database locked for up to a second or more),
# and those must not run into the next measurement, nor hold SQLite's write lock in it.
settle() {
    local pids="$*" child before after
    for child in $(for p in "$@"; do pgrep -P "$p"; done); do pids="$pids $child"; done
    cpu() { for p in $pids; do awk '{ print $14 + $15 }' "/proc/$p/stat" 2>/dev/null || true; done | awk '{ s += $1 } END { print s + 0 }'; }
    for _ in $(seq 1 16); do
        before="$(cpu)"
        sleep 0.3
        after="$(cpu)"
        [ "$before" = "$after" ] && return 0
    done
}

bodies() {  # bodies CASE → comma-separated request files
    case "$1" in
        M1) echo "$work/req/M1a.json,$work/req/M1b.json" ;;
        *) echo "$work/req/$1.json" ;;
    esac
}

rss_kb() { awk '/^VmHWM/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo 0; }
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }  # user + system, all threads
ticks_per_second="$(getconf CLK_TCK)"
# cpu_per_request TICKS REQUESTS → microseconds of CPU per request
cpu_per_request() { awk -v t="$1" -v n="$2" -v hz="$ticks_per_second" 'BEGIN { printf "%.0f", (n > 0 ? t * 1e6 / hz / n : 0) }'; }
# The machine's CPU time so far, all cores: "steal total" in ticks. Steal is the time the
# hypervisor ran something else while this machine had work to do; on a shared host it
# is what makes a closed-loop benchmark's tail long, whatever the server does.
machine_ticks() { awk '$1 == "cpu" { t = 0; for (i = 2; i <= 9; i++) t += $i; print $9, t; exit }' /proc/stat; }
# steal_share "STEAL TOTAL" "STEAL TOTAL" → percent of the CPU time between them that was stolen
steal_share() { awk -v a="$1" -v b="$2" 'BEGIN { split(a, x, " "); split(b, y, " "); t = y[2] - x[2]; printf "%.0f", (t > 0 ? 100 * (y[1] - x[1]) / t : 0) }'; }

# floor_run SPIN_US SECONDS [--inline] → "rps p50 p99 requests failures cpu-µs-per-request":
# http/write-floor.c spending SPIN_US of CPU on each of M1's requests.
floor_run() {
    local pid before line
    settle "$kitchen_pid" "$peer_pid"
    "$write_floor" "$floor_port" "$work/M1-response.json" "$deps/data/write-floor.log" "$1" ${3:-} &
    pid=$!
    wait_for "$floor_port"
    before="$(cpu_ticks "$pid")"
    line="$(duration="$2" measure floor "$floor_port" "$(bodies M1)")"
    local ticks=$(($(cpu_ticks "$pid") - before)) requests
    requests="$(echo "$line" | awk '{ print $4 }')"
    stop "$pid"
    rm -f "$deps/data/write-floor.log"
    echo "$line $(cpu_per_request "$ticks" "$requests")"
}

# floor_at CPU_US [--inline] → floor_run's line for a spin that makes the floor server use
# CPU_US of CPU per request in all (its own HTTP, log and flush work included): two short
# runs find the spin, a full one measures.
floor_at() {
    local spin=$(($1 * 3 / 4)) line used
    for _ in 1 2; do
        line=($(floor_run "$spin" 3 ${2:-}))
        used="${line[5]}"
        spin=$((spin + $1 - used))
        [ "$spin" -ge 0 ] || spin=0
    done
    floor_run "$spin" "$duration" ${2:-}
}

if [ -n "$flat" ]; then
    set -- $flat
    small="$(seeded_database "$1")" large="$(seeded_database "$2")"
    echo "cost flat with data size: Kitchen alone, scale $1 against scale $2, wrk -t2 -c32 -d${duration}s"
    printf '%-4s %4s %12s %12s %8s\n' case pair "rps@$1" "rps@$2" "ratio"
    for db in "$small" "$large"; do  # a viewer and request bodies for each database
        start_kitchen "$db"
        node "$here/http/prepare.js" --db "$db" --kitchen "http://127.0.0.1:$kitchen_port/graphql" \
            --out "$work/req-$(basename "$db")" >/dev/null
        stop "$kitchen_pid"
    done
    for case in Q1 Q2 Q3 Q4; do
        for pair in $(seq 1 "$pairs"); do
            results=()
            for db in "$small" "$large"; do
                rm -rf "$work/req" && cp -r "$work/req-$(basename "$db")" "$work/req"
                start_kitchen "$db"
                results+=("$(measure kitchen "$kitchen_port" "$(bodies "$case")")")
                stop "$kitchen_pid"
            done
            a=(${results[0]}) b=(${results[1]})
            printf '%-4s %4s %12.0f %12.0f %8.2f\n' "$case" "$pair" "${a[0]}" "${b[0]}" \
                "$(awk -v a="${a[0]}" -v b="${b[0]}" 'BEGIN { print b / a }')"
        done
    done
    exit 0
fi

db="$(seeded_database "$scale")"
start_kitchen "$db"
node "$here/peers/graphql-js/server.js" --db "$db" --port "$peer_port" --schema "$root/Schema.graphql" \
    >"$work/peer.log" 2>&1 &
peer_pid=$!
pids+=("$peer_pid")
wait_for "$peer_port"
node "$here/http/prepare.js" --db "$db" --kitchen "http://127.0.0.1:$kitchen_port/graphql" --out "$work/req"
echo "checking that Kitchen and graphql-js return the same data…"
node "$here/http/compare.js" --dir "$work/req" --kitchen "http://127.0.0.1:$kitchen_port/graphql" \
    --peer "http://127.0.0.1:$peer_port/graphql"
main_pid="$kitchen_pid"
start_kitchen "$db" "$plain_port" 0
plain_pid="$kitchen_pid" kitchen_pid="$main_pid"

# The machine's limit: Kitchen's own Q1 response bytes, served with no work.
mkdir -p "$work/nginx/root"
curl -s -X POST -H 'Content-Type: application/json' --data-binary "@$work/req/Q1.json" \
    "http://127.0.0.1:$kitchen_port/graphql" -o "$work/nginx/root/graphql"
cat >"$work/nginx/nginx.conf" <<EOF
worker_processes $(nproc);
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
daemon off;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $work/nginx; proxy_temp_path $work/nginx;
    fastcgi_temp_path $work/nginx; uwsgi_temp_path $work/nginx; scgi_temp_path $work/nginx;
    keepalive_requests 10000000;
    server {
        listen 127.0.0.1:$nginx_port;
        root $work/nginx/root;
        # A POST to a static file is 405; answering it with the file serves the bytes.
        location = /graphql {
            default_type "application/graphql-response+json; charset=utf-8";
            error_page 405 =200 \$uri;
        }
    }
}
EOF
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
"$nginx_bin" -c "$work/nginx/nginx.conf" -p "$work/nginx" &
pids+=($!)
"$static_mhd" "$mhd_port" "$work/nginx/root/graphql" &
pids+=($!)
wait_for "$nginx_port"
wait_for "$mhd_port"

# The set-up signed viewers up: Argon2id hashing (libsodium's interactive limits) takes
# 64 MiB for a moment. Note that peak, then reset it (writing 5 to clear_refs resets
# VmHWM), so that the memory figure reads the peak during the runs themselves.
setup_rss="$(rss_kb "$kitchen_pid")"
echo 5 >"/proc/$kitchen_pid/clear_refs" 2>/dev/null || true

echo
echo "wrk -t2 -c32 -d${duration}s on 127.0.0.1, database kitchen seed --scale $scale, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "rps; latencies in ms; ratio = Kitchen rps / peer rps in the same round; Kitchen runs with its defaults, then with the response cache off;"
echo "steal = share of the machine's CPU time the hypervisor gave to others during the round's three runs"
printf '%-4s %2s | %8s %6s %6s | %8s %6s %6s | %8s %6s %6s | %6s %6s %5s\n' case rd "kitchen" p50 p99 "peer" p50 p99 "no-cache" p50 p99 ratio "ratio0" steal
results="$work/results"
: >"$results"
for case in $cases; do
    for pair in $(seq 1 "$pairs"); do
        settle "$kitchen_pid" "$peer_pid" "$plain_pid"
        round_start="$(machine_ticks)"
        ticks="$(cpu_ticks "$kitchen_pid")"
        k=($(measure_case "$case" "$kitchen_port"))
        ticks=$(($(cpu_ticks "$kitchen_pid") - ticks))
        [ "$case" != M1 ] || echo "$(cpu_per_request "$ticks" "${k[3]}")" >>"$work/M1-cpu"
        settle "$kitchen_pid" "$peer_pid" "$plain_pid"
        p=($(measure_case "$case" "$peer_port"))
        settle "$kitchen_pid" "$peer_pid" "$plain_pid"
        z=($(measure_case "$case" "$plain_port"))
        steal="$(steal_share "$round_start" "$(machine_ticks)")"
        ratio="$(awk -v a="${k[0]}" -v b="${p[0]}" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
        ratio0="$(awk -v a="${z[0]}" -v b="${p[0]}" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
        printf '%-4s %2s | %8.0f %6.2f %6.2f | %8.0f %6.2f %6.2f | %8.0f %6.2f %6.2f | %6s %6s %4s%%%s\n' "$case" "$pair" \
            "${k[0]}" "${k[1]}" "${k[2]}" "${p[0]}" "${p[1]}" "${p[2]}" "${z[0]}" "${z[1]}" "${z[2]}" "$ratio" "$ratio0" "$steal" \
            "$( [ "${k[4]}" != 0 ] || [ "${p[4]}" != 0 ] || [ "${z[4]}" != 0 ] && echo "  (failures: ${k[4]} / ${p[4]} / ${z[4]})" )"
        echo "$case $pair ${k[*]} | ${p[*]} | ${z[*]} | $steal" >>"$results"
    done
done
hits="$(curl -s "http://127.0.0.1:$kitchen_port/metrics" | awk '
    $1 == "kitchen_response_cache_hits_total" { h = $2 } $1 == "kitchen_response_cache_misses_total" { m = $2 }
    END { if (h + m > 0) printf "%.1f", 100 * h / (h + m); else print 0 }')"
echo
echo "the machine's limit: Kitchen's Q1 response ($(wc -c <"$work/nginx/root/graphql") bytes) with no work"
printf '%-5s %4s | %9s %7s %7s | %9s %7s %7s\n' limit pair nginx p50 p99 "mhd-fixed" p50 p99
for pair in $(seq 1 "$pairs"); do
    n=($(measure nginx "$nginx_port" "$work/req/Q1.json"))
    m=($(measure mhd "$mhd_port" "$work/req/Q1.json"))
    printf '%-5s %4s | %9.0f %7.2f %7.2f | %9.0f %7.2f %7.2f\n' static "$pair" \
        "${n[0]}" "${n[1]}" "${n[2]}" "${m[0]}" "${m[1]}" "${m[2]}"
    echo "static $pair ${n[*]} | ${m[*]}" >>"$results"
done
rss="$(rss_kb "$kitchen_pid")"
# Kitchen's commits and the log flushes that made them durable, from its /metrics.
per_flush="$(curl -s "http://127.0.0.1:$kitchen_port/metrics" | awk '
    $1 == "kitchen_database_commits" { c = $2 } $1 == "kitchen_database_flushes" { f = $2 }
    END { if (f > 0) printf "%.2f", c / f; else print 0 }')"

# M1's limit: durable commits per second on this disk, one connection, WAL with
# synchronous=FULL, through the same libsqlite3 — the rate at which one writer can make
# writes durable one at a time, with no other work at all (the peer's way; Kitchen's
# commits share flushes, so it can pass this).
commits=0 kitchen_cpu=0 floor_p99=0
if [[ " $cases " == *" M1 "* ]]; then
    floor="$deps/data/commit-floor.sqlite" count=3000
    rm -f "$floor" "$floor-wal" "$floor-shm"
    sqlite3 "$floor" "PRAGMA journal_mode=WAL; CREATE TABLE t(id INTEGER PRIMARY KEY, n INTEGER); INSERT INTO t VALUES (1, 0);" >/dev/null
    {
        echo "PRAGMA synchronous=FULL;"
        for _ in $(seq 1 "$count"); do echo "BEGIN IMMEDIATE; UPDATE t SET n = n + 1 WHERE id = 1; COMMIT;"; done
    } >"$work/commits.sql"
    start=$(date +%s%N)
    sqlite3 "$floor" <"$work/commits.sql" >/dev/null
    end=$(date +%s%N)
    rm -f "$floor" "$floor-wal" "$floor-shm"
    commits="$(awk -v n="$count" -v ns="$((end - start))" 'BEGIN { printf "%.0f", n / (ns / 1e9) }')"
    echo
    echo "M1's limit: $commits durable commits/s (sqlite3, one connection, WAL, synchronous=FULL, $count commits on this disk)"

    # M1's p99 floor: http/write-floor.c, a libmicrohttpd server that spends as much CPU per
    # request as Kitchen spent per write in its M1 runs (median) and answers once a grouped
    # fdatasync of a log covers the request, as Kitchen does, doing nothing else. Kitchen's
    # M1 p99 can be compared with it; answered without the flush, it shows the disk's share.
    curl -s -X POST -H 'Content-Type: application/json' -H "Authorization: Bearer $(cat "$work/req/token")" \
        --data-binary "@$work/req/M1b.json" "http://127.0.0.1:$kitchen_port/graphql" -o "$work/M1-response.json"
    kitchen_cpu="$(sort -n "$work/M1-cpu" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')"
    settle "$kitchen_pid" "$peer_pid"
    durable=($(floor_at "$kitchen_cpu"))
    plain=($(floor_at "$kitchen_cpu" --inline))
    echo "M1's p99 floor: a server spending Kitchen's ${kitchen_cpu} µs of CPU per write and doing nothing else"
    printf '%-30s %9s %7s %7s %9s\n' "" "writes/s" p50 p99 "CPU µs"
    printf '%-30s %9.0f %7.2f %7.2f %9s\n' "answered after a grouped flush" "${durable[0]}" "${durable[1]}" "${durable[2]}" "${durable[5]}"
    printf '%-30s %9.0f %7.2f %7.2f %9s\n' "answered at once (no disk)" "${plain[0]}" "${plain[1]}" "${plain[2]}" "${plain[5]}"
    floor_p99="${durable[2]}"
fi

floors=""
if [ "$replay" = 1 ]; then
    # Kitchen's own statements for 200 varied requests of each case, replayed by C.
    echo
    echo "the floor: the SQL statements Kitchen ran for each case, replayed by http/sql-floor.c ($(nproc) threads)"
    LD_PRELOAD="$sql_log" KITCHEN_SQL_LOG="$work/sql.log" start_kitchen "$db" "$logged_port" 0
    logged_pid="$kitchen_pid" kitchen_pid="$main_pid"
    for case in Q1 Q3; do
        : >"$work/sql.log"
        node "$here/http/send-logged.js" "http://127.0.0.1:$logged_port/graphql" "$work/req" "$case" 200 "$work/sql.log"
        grep -v -E '^(BEGIN|COMMIT|ROLLBACK|PRAGMA|SAVEPOINT|RELEASE)' "$work/sql.log" >"$work/sql-$case.log"
        f=($("$sql_floor" "$db" "$work/sql-$case.log" "$(nproc)" "$duration" | awk '/^FLOOR/ { print $2, $3, $4 }'))
        printf '  %-3s %9.0f requests/s  (%d requests, %d statements: %.1f a request)\n' "$case" "${f[0]}" "${f[1]}" "${f[2]}" \
            "$(awk -v s="${f[2]}" -v r="${f[1]}" 'BEGIN { print s / r }')"
        floors="$floors $case:${f[0]}"
    done
    stop "$logged_pid"
fi

memory_line=""
if [ "$memory" -gt 0 ]; then
    echo
    echo "resident memory of Kitchen (defaults) under MIX for ${memory} s, sampled every 10 s (MB):"
    stop "$plain_pid"
    BENCH_DIR="$work/req" BENCH_CASE=MIX wrk -t2 -c32 -d"${memory}s" -s "$here/http/vary.lua" \
        "http://127.0.0.1:$kitchen_port" >"$work/memory-wrk.txt" &
    wrk_pid=$!
    samples=""
    while kill -0 "$wrk_pid" 2>/dev/null; do
        sleep 10
        samples="$samples $(awk '/^VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$kitchen_pid/status")"
    done
    wait "$wrk_pid" || true
    echo " $samples"
    grep '^RESULT' "$work/memory-wrk.txt" | awk '{ printf "  MIX over the whole run: %.0f rps, p50 %.2f ms, p99 %.2f ms, %d requests, %d failures\n", $2, $3, $4, $5, $6 }'
    memory_line="$samples"
fi

echo
echo "targets (medians over the rounds):"
awk -v rss="$rss" -v setup_rss="$setup_rss" -v commits="$commits" -v per_flush="$per_flush" \
    -v kitchen_cpu="$kitchen_cpu" -v floor_p99="$floor_p99" -v floors="$floors" -v memory="$memory_line" -v hits="$hits" '
    function median(list, n,    i, j, t) {
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (list[j] < list[i]) { t = list[i]; list[i] = list[j]; list[j] = t }
        return n % 2 ? list[(n + 1) / 2] : (list[n / 2] + list[n / 2 + 1]) / 2
    }
    function med(c, field,    k, r) { for (k = 1; k <= n[c]; k++) r[k] = value[c, k, field]; return median(r, n[c]) }
    function target(label, m, goal, higher) {
        printf "  %-44s %8.2f  (target %s %s)  %s\n", label, m, (higher ? ">=" : "<="), goal, ((higher ? m >= goal : m <= goal) ? "met" : "NOT met")
    }
    $1 == "static" { nn++; nginx[nn] = $3; next }
    {
        c = $1; k = ++n[c]
        # fields: case round | k: rps p50 p99 requests failures | p: … | z: …
        value[c, k, "k"] = $3; value[c, k, "kp99"] = $5; value[c, k, "p"] = $9; value[c, k, "z"] = $15
        value[c, k, "r"] = ($9 > 0 ? $3 / $9 : 0); value[c, k, "r0"] = ($9 > 0 ? $15 / $9 : 0); value[c, k, "steal"] = $21
    }
    END {
        printf "  %-4s %10s %10s %10s %8s %8s %9s %6s\n", "case", "kitchen", "peer", "no-cache", "ratio", "ratio0", "k p99 ms", "steal"
        for (c in n) order[c] = 1
        split("Q0 Q1 Q2 Q3 Q4 M1 MIX", all, " ")
        for (i = 1; i <= 7; i++) { c = all[i]; if (!(c in n)) continue
            printf "  %-4s %10.0f %10.0f %10.0f %7.2fx %7.2fx %9.2f %5.0f%%\n", c, med(c, "k"), med(c, "p"), med(c, "z"), med(c, "r"), med(c, "r0"), med(c, "kp99"), med(c, "steal") }
        print ""
        if ("MIX" in n) target("MIX, defaults, Kitchen / peer", med("MIX", "r"), 10, 1)
        split("Q1:4 Q2:4 Q4:4 Q3:3", off, " ")
        for (i = 1; i <= 4; i++) { split(off[i], parts, ":"); c = parts[1]; if (c in n) target(c " with the cache off, Kitchen / peer", med(c, "r0"), parts[2], 1) }
        if ("M1" in n) target("M1, Kitchen / peer", med("M1", "r"), 10, 1)
        if ("MIX" in n) target("MIX p99 at 32 connections (ms)", med("MIX", "kp99"), 10, 0)
        printf "  Kitchen peak resident size during the runs %6.1f MB  [%.1f MB in set-up, with sign-up hashing]; response cache hits %s%%\n", rss / 1024, setup_rss / 1024, hits
        if (memory != "") { m = split(memory, s, " "); max = 0; for (i = 1; i <= m; i++) if (s[i] > max) max = s[i]
            printf "  resident size under MIX: first %.1f, last %.1f, most %.1f MB (target < 150 MB, flat)  %s\n", s[1], s[m], max, (max < 150 ? "met" : "NOT met") }
        if (floors != "") { m = split(floors, f, " "); for (i = 1; i <= m; i++) { split(f[i], parts, ":"); c = parts[1]
            if (c in n) printf "  %-3s floor (its SQL in a C loop) %9.0f rps; Kitchen with the cache off does %.0f%% of it\n", c, parts[2], 100 * med(c, "z") / parts[2] } }
        if ("M1" in n && commits > 0) printf "  [M1: one writer making each commit durable in turn manages %d/s; %.2f commits per log flush in Kitchen]\n", commits, per_flush
        if ("M1" in n && floor_p99 > 0) printf "  [M1 p99 floor: a server spending Kitchen'"'"'s %d µs of CPU per write, waiting for the same grouped flush: %.2f ms]\n", kitchen_cpu, floor_p99
    }' "$results"
