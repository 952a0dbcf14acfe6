# Sourced by http.sh and profile.sh: where the seeded database of a scale is kept, and a
# free port to listen on.
#
# The format number is bumped whenever `kitchen seed` writes a different database, so an
# older seed left in .deps is not measured: 2 merges the search indexes into one segment
# each, 3 adds an index per search tier.
seed_format=3
seeded_path() {  # seeded_path SCALE → Benchmarks/.deps/data/kitchen-SCALE.fN.sqlite
    echo "$deps/data/kitchen-$1.f$seed_format.sqlite"
}

free_port() {  # free_port → a TCP port on 127.0.0.1 that nothing listens on now
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
