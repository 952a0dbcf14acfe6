# Sourced by http.sh, postgres.sh and profile.sh: where the seeded database of a scale is
# kept (and seeding it when missing, with $kitchen), a free port, waiting for a listener.
#
# The format number is bumped whenever `kitchen seed` writes a different database, so an
# older seed left in .deps is not measured: 2 merges the search indexes into one segment
# each, 3 adds an index per search tier.
seed_format=3
seeded_path() {  # seeded_path SCALE → Benchmarks/.deps/data/kitchen-SCALE.fN.sqlite
    echo "$deps/data/kitchen-$1.f$seed_format.sqlite"
}

free_ports() {  # free_ports N → N different TCP ports on 127.0.0.1 that nothing listens on now
    python3 -c '
import socket, sys
held = [socket.socket() for _ in range(int(sys.argv[1]))]
for s in held: s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in held))' "$1"
}

seeded_database() {  # seeded_database SCALE → path of a seeded database, seeded with $kitchen if missing
    local file
    file="$(seeded_path "$1")"
    mkdir -p "$(dirname "$file")"
    if [ ! -f "$file" ]; then
        "$kitchen" seed --db "$file.tmp" --scale "$1" >&2
        mv "$file.tmp" "$file"
        for suffix in -wal -shm; do [ -f "$file.tmp$suffix" ] && mv "$file.tmp$suffix" "$file$suffix"; done
    fi
    echo "$file"
}

wait_for() {  # wait_for PORT → returns once something listens on 127.0.0.1:PORT (exits after 30 s)
    for _ in $(seq 1 300); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
        sleep 0.1
    done
    echo "nothing listens on 127.0.0.1:$1" >&2
    exit 1
}
