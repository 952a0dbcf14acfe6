# Sourced by http.sh and profile.sh: where the seeded database of a scale is kept.
#
# The format number is bumped whenever `kitchen seed` writes a different database, so an
# older seed left in .deps is not measured: 2 merges the search indexes into one segment
# each, 3 adds an index per search tier.
seed_format=3
seeded_path() {  # seeded_path SCALE → Benchmarks/.deps/data/kitchen-SCALE.fN.sqlite
    echo "$deps/data/kitchen-$1.f$seed_format.sqlite"
}
