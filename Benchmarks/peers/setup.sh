#!/usr/bin/env bash
# Installs the peers the benchmarks compare against into Benchmarks/.deps/ (gitignored).
#
# graphql-js 16 comes from Debian's node-graphql. apt will not install it beside this
# machine's Node.js, so the package is downloaded and unpacked instead of installed; the
# module ends up in Benchmarks/.deps/usr/share/nodejs/graphql, and the harness points
# NODE_PATH at Benchmarks/.deps/usr/share/nodejs.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
deps="$here/../.deps"
module="$deps/usr/share/nodejs/graphql"

if [ -f "$module/package.json" ]; then
    echo "graphql-js already in $module"
    exit 0
fi

mkdir -p "$deps"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
if ! apt-get download node-graphql >/dev/null 2>&1; then
    apt-get update >/dev/null
    apt-get download node-graphql >/dev/null
fi
dpkg -x node-graphql_*.deb "$deps"
echo "graphql-js $(node -p "require('$module/package.json').version") in $module"
