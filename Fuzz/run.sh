#!/usr/bin/env bash
# Runs one libFuzzer target for a while with its seed corpus.
#
#   Fuzz/run.sh TARGET SECONDS     TARGET: parse, validate, json, coerce, request
#
# Builds Fuzz/ in release with -sanitize=fuzzer,address (once; later runs reuse the build),
# copies the committed seeds in Fuzz/Corpus/TARGET/ to a working corpus under
# Fuzz/.work/TARGET/ (not committed), and writes crash inputs to Fuzz/.work/crashes/.
# Exits non-zero if the fuzzer found a crash. Extra arguments go to libFuzzer.
set -euo pipefail

target=${1:?usage: Fuzz/run.sh TARGET SECONDS [libFuzzer options]}
seconds=${2:?usage: Fuzz/run.sh TARGET SECONDS [libFuzzer options]}
shift 2

here=$(cd "$(dirname "$0")" && pwd)
case "$target" in
  parse) product=FuzzParse ;;
  validate) product=FuzzValidate ;;
  json) product=FuzzJSON ;;
  coerce) product=FuzzCoerce ;;
  request) product=FuzzRequest ;;
  *) echo "unknown target $target (parse, validate, json, coerce, request)" >&2; exit 2 ;;
esac

cd "$here"
# Every target, Kitchen's included, gets ASan and libFuzzer's coverage hooks; libFuzzer itself
# is linked only into the fuzz executables (Package.swift's linker settings): a host tool
# the build runs (the explorer's AssetEmbedder) has a main of its own and no fuzz entry.
flags=(-c release -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
  -Xswiftc -parse-as-library)
# FUZZ_NO_BUILD=1 reuses the last build (e.g. while another target is building).
# SwiftPM has kept a stale file list for the parent package here (a new source file in
# Kitchen was not compiled: "cannot find … in scope"); one clean rebuild settles it.
if [ -z "${FUZZ_NO_BUILD:-}" ]; then
  if ! swift build "${flags[@]}" --product "$product" >&2; then
    echo "build failed; retrying once from a clean Fuzz/.build" >&2
    rm -rf "$here/.build"
    swift build "${flags[@]}" --product "$product" >&2
  fi
fi
bin=${FUZZ_BIN:-$(swift build "${flags[@]}" --show-bin-path)}

work="$here/.work/$target"
crashes="$here/.work/crashes/$target"
mkdir -p "$work" "$crashes"
if [ -d "$here/Corpus/$target" ]; then cp -n "$here/Corpus/$target"/* "$work"/ 2>/dev/null || true; fi

export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
dict=()
if [ -f "$here/Corpus/$target.dict" ]; then dict=(-dict="$here/Corpus/$target.dict"); fi
exec "$bin/$product" "$work" "${dict[@]}" \
  -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=3072 \
  -artifact_prefix="$crashes/" -print_final_stats=1 "$@"
