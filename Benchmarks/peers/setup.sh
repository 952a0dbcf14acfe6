#!/usr/bin/env bash
# Installs what the benchmarks compare against; idempotent, and quick when all is present.
#
# - graphql-js 16 (Debian's node-graphql) and node-sqlite3 (Debian's node-sqlite3) are
#   downloaded and unpacked into Benchmarks/.deps/ (gitignored), not installed: apt refuses
#   them beside this machine's Node.js 20, which does not come from Debian. The harness
#   puts Benchmarks/.deps/usr/share/nodejs and .../usr/lib/nodejs on NODE_PATH.
#   node-sqlite3's add-on is an N-API build linked against Debian's libnode.so.108; that
#   dependency is dropped with patchelf (N-API symbols come from the running node), and the
#   peer requires the `.node` file directly.
# - wrk (the load generator), nginx (the static-bytes limit) and patchelf are installed
#   with apt-get when missing.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
deps="$(cd "$here/.." && pwd)/.deps"
mkdir -p "$deps"

apt_updated=0
apt_install() {
    if [ "$apt_updated" = 0 ] && ! apt-get install -y "$@" >/dev/null 2>&1; then
        apt-get update >/dev/null
        apt_updated=1
    fi
    apt-get install -y "$@" >/dev/null
}

need_tool() {  # need_tool COMMAND PACKAGE...
    local tool="$1"
    shift
    if ! command -v "$tool" >/dev/null 2>&1 && [ ! -x "/usr/sbin/$tool" ]; then
        echo "installing $*"
        apt_install "$@" || {
            echo "could not install $* (apt-get install $*)" >&2
            return 1
        }
    fi
}

need_tool patchelf patchelf
need_tool wrk wrk
need_tool sqlite3 sqlite3
need_tool nginx nginx-light || need_tool nginx nginx

# unpack PACKAGE MARKER: downloads and unpacks a Debian package unless MARKER exists.
unpack() {
    local package="$1" marker="$2"
    [ -e "$marker" ] && return 0
    local work
    work="$(mktemp -d)"
    (
        cd "$work"
        if ! apt-get download "$package" >/dev/null 2>&1; then
            apt-get update >/dev/null
            apt-get download "$package" >/dev/null
        fi
        dpkg -x "$package"_*.deb "$deps"
    )
    rm -rf "$work"
}

unpack node-graphql "$deps/usr/share/nodejs/graphql/package.json"
echo "graphql-js $(node -p "require('$deps/usr/share/nodejs/graphql/package.json').version")"

sqlite_lib="$deps/usr/lib/x86_64-linux-gnu/nodejs/sqlite3"
unpack node-sqlite3 "$sqlite_lib/package.json"
binding="$sqlite_lib/lib/sqlite3-binding.js"
if ! grep -q 'node_sqlite3.node' "$binding"; then
    addon="$(find "$sqlite_lib/lib/binding" -name 'node_sqlite3.node' | sort | tail -n 1)"
    [ -n "$addon" ] || { echo "node_sqlite3.node not found in node-sqlite3" >&2; exit 1; }
    for needed in $(patchelf --print-needed "$addon" | grep '^libnode' || true); do
        patchelf --remove-needed "$needed" "$addon"
    done
    # Debian's binding loader goes through node-pre-gyp; require the add-on directly.
    echo "module.exports = require('${addon#"$sqlite_lib/lib/"}');" \
        | sed "s|require('|require('./|" >"$binding"
fi
NODE_PATH="$deps/usr/lib/x86_64-linux-gnu/nodejs" node -e "
    const sqlite3 = require('sqlite3');
    new sqlite3.Database(':memory:').all('SELECT 1 AS one', (error) => { if (error) throw error; });
" || { echo "node-sqlite3 does not load in this node" >&2; exit 1; }
echo "node-sqlite3 in $sqlite_lib"
