# Installs what Kitchen needs on Debian 12 when it is missing; sourced by scripts/serve
# and scripts/test. Each check is a dpkg-query, pkg-config or Python import, so a
# machine that has everything pays well under a second.

KITCHEN_DEBIAN_PACKAGES=(libsqlite3-dev libmicrohttpd-dev libsodium-dev libvips-dev libpq-dev zlib1g-dev libmimalloc-dev pkg-config)
KITCHEN_PKG_CONFIG_MODULES=(sqlite3 libmicrohttpd libsodium vips libpq zlib)
# Python packages the tests drive Kitchen with, installed in a virtual environment
# (`.build/python`, or $KITCHEN_VENV) whose bin/ goes first on the PATH:
# - graphql-core 3.2 follows graphql-js 16, whose behaviour and wording Kitchen matches
#   (the differential tests); 3.2.14 is the first 3.2 release that counts error lines
#   right at the start of a line;
# - hypothesis-graphql writes the differential test's valid and invalid queries;
# - gql (with its WebSocket and HTTPX transports) and httpx-sse are the third-party
#   clients every transport is tested with; gql 3.5 is the last line built on
#   graphql-core 3.2; python-multipart's streaming parser reads Apollo's multipart
#   subscriptions (gql 3.5 has no transport for them).
KITCHEN_PYTHON_PACKAGES=(
    'graphql-core>=3.2.14,<3.3'
    'hypothesis-graphql>=0.11'
    'gql[websockets,httpx]>=3.5,<4'
    'httpx-sse>=0.4'
    'python-multipart>=0.0.13'
)

# Runs a command as root: directly when we are root, else through sudo.
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# Installs Debian packages (apt-get update first), quietly and without questions, and
# without starting their services: Debian's nginx and postgresql would otherwise start on
# ports 80 and 5432 (the tests run their own). A policy-rc.d that says no (101) stands in
# /usr/sbin meanwhile, unless one is there already, and goes again however the install ends.
apt_install() (
    echo "kitchen: installing Debian packages: $*" >&2
    policy=/usr/sbin/policy-rc.d
    if [ ! -e "$policy" ]; then
        trap 'as_root rm -f "$policy"' EXIT
        printf '#!/bin/sh\n# kitchen: no service starts while scripts install packages\nexit 101\n' | as_root tee "$policy" >/dev/null
        as_root chmod 755 "$policy"
    fi
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
)

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

# Ensures the virtual environment holds KITCHEN_PYTHON_PACKAGES, and puts it first on
# the PATH, so that `python3` in the tests is the environment's. A stamp file remembers the
# list installed: an unchanged list costs no pip call.
ensure_python_packages() {
    local venv=${KITCHEN_VENV:-$PWD/.build/python}
    local wanted stamp="$venv/kitchen-packages.txt"
    wanted=$(printf '%s\n' "${KITCHEN_PYTHON_PACKAGES[@]}")
    if [ ! -x "$venv/bin/python3" ]; then
        if ! command -v python3 >/dev/null || ! python3 -m venv --help >/dev/null 2>&1; then
            apt_install python3 python3-venv
        fi
        mkdir -p "$(dirname "$venv")"
        python3 -m venv "$venv" 2>/dev/null || { apt_install python3-venv; rm -rf "$venv"; python3 -m venv "$venv"; }
    fi
    if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
        echo "kitchen: installing Python packages in $venv: ${KITCHEN_PYTHON_PACKAGES[*]}" >&2
        "$venv/bin/python3" -m pip install --quiet --disable-pip-version-check "${KITCHEN_PYTHON_PACKAGES[@]}"
        printf '%s\n' "$wanted" >"$stamp"
    fi
    export PATH="$venv/bin:$PATH"
}

# Debian's headless-capable Chromium, and a font with Chinese glyphs, for the explorer's
# browser test (Tests/AppTests/Explorer). Large, so only scripts/test installs them.
KITCHEN_BROWSER_PACKAGES=(chromium fonts-wqy-microhei)

# Ensures the browser test can run.
ensure_browser() {
    local missing=() package
    for package in "${KITCHEN_BROWSER_PACKAGES[@]}"; do
        if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
            missing+=("$package")
        fi
    done
    if [ "${#missing[@]}" -gt 0 ]; then apt_install "${missing[@]}"; fi
}
