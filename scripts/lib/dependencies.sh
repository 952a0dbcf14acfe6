# Installs what Kitchen needs on Debian 12 when it is missing; sourced by scripts/serve
# and scripts/test. Each check is a dpkg-query, pkg-config or Python import, so a
# machine that has everything pays well under a second.

KITCHEN_DEBIAN_PACKAGES=(libsqlite3-dev libmicrohttpd-dev libsodium-dev libvips-dev pkg-config)
KITCHEN_PKG_CONFIG_MODULES=(sqlite3 libmicrohttpd libsodium vips)
# graphql-core 3.2 follows graphql-js 16, whose behaviour and wording Kitchen matches; 3.2.14
# is the first 3.2 release that counts error lines right at the start of a line.
KITCHEN_GRAPHQL_CORE='graphql-core>=3.2.14,<3.3'
# hypothesis-graphql writes the valid and invalid queries of the differential test.
KITCHEN_HYPOTHESIS_GRAPHQL='hypothesis-graphql>=0.11'

# Runs a command as root: directly when we are root, else through sudo.
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# Installs Debian packages (apt-get update first), quietly and without questions.
apt_install() {
    echo "kitchen: installing Debian packages: $*" >&2
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# Ensures the C libraries' development packages and pkg-config are present.
ensure_debian_packages() {
    local missing=() package module
    for package in "${KITCHEN_DEBIAN_PACKAGES[@]}"; do
        if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
            missing+=("$package")
        fi
    done
    if [ "${#missing[@]}" -gt 0 ]; then apt_install "${missing[@]}"; fi
    for module in "${KITCHEN_PKG_CONFIG_MODULES[@]}"; do
        if ! pkg-config --exists "$module"; then
            echo "kitchen: pkg-config cannot find '$module' even after installing packages" >&2
            return 1
        fi
    done
}

# Ensures python3 can import graphql-core 3.2.14+ and hypothesis-graphql (the differential
# tests run them).
ensure_graphql_core() {
    local check='import graphql, hypothesis_graphql, sys
version = tuple(int(part) for part in graphql.__version__.split(".")[:3])
sys.exit(0 if (3, 2, 14) <= version < (3, 3) else 1)'
    if python3 -c "$check" 2>/dev/null; then return 0; fi
    if ! command -v python3 >/dev/null || ! python3 -m pip --version >/dev/null 2>&1; then
        apt_install python3 python3-pip
    fi
    echo "kitchen: installing $KITCHEN_GRAPHQL_CORE and $KITCHEN_HYPOTHESIS_GRAPHQL with pip" >&2
    # Debian's own python3 refuses system-wide pip installs (PEP 668); a user install of
    # pure-Python packages is then the least intrusive way. One pip call resolves both
    # pins together.
    local packages=("$KITCHEN_HYPOTHESIS_GRAPHQL" "$KITCHEN_GRAPHQL_CORE")
    python3 -m pip install --quiet --upgrade "${packages[@]}" 2>/dev/null \
        || python3 -m pip install --quiet --upgrade --user --break-system-packages "${packages[@]}"
    python3 -c "$check"
}
