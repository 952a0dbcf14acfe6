# Throwaway PostgreSQL clusters for the tests; sourced by scripts/test after
# dependencies.sh. `start_test_postgres` installs Debian's postgresql (and nginx) when missing, makes a
# cluster in a temporary directory, starts it on 127.0.0.1 and a free port, and exports
# KITCHEN_TEST_POSTGRES (the connection string the tests use); `stop_test_postgres` stops
# it and removes the directory. PostgreSQL refuses to run as root, so as root a cluster
# belongs to the `postgres` user the package creates.
#
# Run as a command, it starts or stops a cluster of its own in DIR for a test that must
# not disturb the shared one (the fault script kills such a cluster's server):
#
#   scripts/lib/postgres.sh start DIR   # makes the cluster when DIR has none; prints its URL
#   scripts/lib/postgres.sh stop DIR    # stops it (immediately); DIR stays

# nginx: the load balancer of the two-instance tests (Tests/AppTests/Instances), which run
# in the PostgreSQL pass.
KITCHEN_POSTGRES_PACKAGES=(postgresql postgresql-contrib nginx)
kitchen_pg_dir=""
kitchen_pg_bin=""
kitchen_pg_user=""

# Runs a command as the cluster's owner.
as_pg_user() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u "$kitchen_pg_user" -- "$@"; else "$@"; fi
}

# Installs postgresql when missing and finds its programs and the user to run them as.
find_postgres() {
    local missing=() package
    for package in "${KITCHEN_POSTGRES_PACKAGES[@]}"; do
        if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
            missing+=("$package")
        fi
    done
    if [ "${#missing[@]}" -gt 0 ]; then apt_install "${missing[@]}"; fi
    kitchen_pg_bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
    if [ "$(id -u)" -eq 0 ]; then kitchen_pg_user=postgres; else kitchen_pg_user="$(id -un)"; fi
}

# start_postgres_cluster DIR → starts the cluster in DIR (made first when DIR has none, on
# a free port kept in DIR/port) and prints its `postgres://…/kitchen_test` URL.
start_postgres_cluster() {
    local dir="$1" port
    if [ ! -d "$dir/data" ]; then
        mkdir -p "$dir"
        chmod 755 "$dir"
        chown "$kitchen_pg_user" "$dir"
        as_pg_user "$kitchen_pg_bin/initdb" -D "$dir/data" -U kitchen --auth=trust \
            -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
            || { cat "$dir/initdb.log" >&2; return 1; }
        python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' >"$dir/port"
    fi
    port="$(cat "$dir/port")"
    # Durable commits (the tests kill servers and expect acknowledged writes back);
    # enough connections for the tests that run in parallel, each with a pool of its own.
    as_pg_user "$kitchen_pg_bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=on -c synchronous_commit=on -c max_connections=400" \
        start >/dev/null || { cat "$dir/server.log" >&2; return 1; }
    if [ ! -f "$dir/created" ]; then
        as_pg_user "$kitchen_pg_bin/createdb" -h 127.0.0.1 -p "$port" -U kitchen kitchen_test
        touch "$dir/created"
    fi
    echo "postgres://kitchen@127.0.0.1:$port/kitchen_test"
}

# stop_postgres_cluster DIR → stops DIR's cluster at once, if it runs.
stop_postgres_cluster() {
    as_pg_user "$kitchen_pg_bin/pg_ctl" -D "$1/data" -m immediate -w stop >/dev/null 2>&1 || true
}

start_test_postgres() {
    find_postgres
    kitchen_pg_dir="$(mktemp -d /tmp/kitchen-postgres.XXXXXX)"
    KITCHEN_TEST_POSTGRES="$(start_postgres_cluster "$kitchen_pg_dir")"
    export KITCHEN_TEST_POSTGRES
    echo "kitchen: PostgreSQL test cluster at $KITCHEN_TEST_POSTGRES ($kitchen_pg_dir)" >&2
}

stop_test_postgres() {
    [ -n "$kitchen_pg_dir" ] || return 0
    stop_postgres_cluster "$kitchen_pg_dir"
    rm -rf "$kitchen_pg_dir"
    kitchen_pg_dir=""
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    set -euo pipefail
    source "$(dirname "$0")/dependencies.sh"
    find_postgres
    case "${1:-}" in
        start) start_postgres_cluster "$2" ;;
        stop) stop_postgres_cluster "$2" ;;
        *) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
    esac
fi
