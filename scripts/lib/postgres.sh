# A throwaway PostgreSQL cluster for the PostgreSQL half of the tests; sourced by
# scripts/test after dependencies.sh. `start_test_postgres` installs Debian's postgresql
# when missing, makes a cluster in a temporary directory, starts it on 127.0.0.1 and a
# free port, and exports KITCHEN_TEST_POSTGRES (the connection string the tests use);
# `stop_test_postgres` stops it and removes the directory. PostgreSQL refuses to run as
# root, so as root the cluster belongs to the `postgres` user the package creates.

KITCHEN_POSTGRES_PACKAGES=(postgresql postgresql-contrib)
kitchen_pg_dir=""
kitchen_pg_bin=""
kitchen_pg_user=""

# Runs a command as the cluster's owner.
as_pg_user() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u "$kitchen_pg_user" -- "$@"; else "$@"; fi
}

start_test_postgres() {
    local missing=() package port
    for package in "${KITCHEN_POSTGRES_PACKAGES[@]}"; do
        if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
            missing+=("$package")
        fi
    done
    if [ "${#missing[@]}" -gt 0 ]; then apt_install "${missing[@]}"; fi
    kitchen_pg_bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
    if [ "$(id -u)" -eq 0 ]; then kitchen_pg_user=postgres; else kitchen_pg_user="$(id -un)"; fi
    kitchen_pg_dir="$(mktemp -d /tmp/kitchen-postgres.XXXXXX)"
    chmod 755 "$kitchen_pg_dir"
    chown "$kitchen_pg_user" "$kitchen_pg_dir"
    as_pg_user "$kitchen_pg_bin/initdb" -D "$kitchen_pg_dir/data" -U kitchen --auth=trust \
        -E UTF8 --locale=C.UTF-8 >"$kitchen_pg_dir/initdb.log" 2>&1 \
        || { cat "$kitchen_pg_dir/initdb.log" >&2; return 1; }
    port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    # Durable commits (the tests kill the server and expect acknowledged writes back);
    # enough connections for the tests that run in parallel, each with a pool of its own.
    as_pg_user "$kitchen_pg_bin/pg_ctl" -D "$kitchen_pg_dir/data" -l "$kitchen_pg_dir/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $kitchen_pg_dir -c fsync=on -c synchronous_commit=on -c max_connections=400" \
        start >/dev/null || { cat "$kitchen_pg_dir/server.log" >&2; return 1; }
    as_pg_user "$kitchen_pg_bin/createdb" -h 127.0.0.1 -p "$port" -U kitchen kitchen_test
    export KITCHEN_TEST_POSTGRES="postgres://kitchen@127.0.0.1:$port/kitchen_test"
    echo "kitchen: PostgreSQL test cluster on 127.0.0.1:$port ($kitchen_pg_dir)" >&2
}

stop_test_postgres() {
    [ -n "$kitchen_pg_dir" ] || return 0
    as_pg_user "$kitchen_pg_bin/pg_ctl" -D "$kitchen_pg_dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$kitchen_pg_dir"
    kitchen_pg_dir=""
}
