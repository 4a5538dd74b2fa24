#!/usr/bin/env bash
# Prints the bin folder of Node VERSION, installing it first when missing. The binaries come from
# the npm registry (the node-<platform>-<arch> packages) and are cached outside the repo, so only
# the first call downloads one (about 30 MB).
#
#   export PATH="$(bash scripts/node-bin.sh 24.21.0):$PATH"
set -euo pipefail
version="$1"
cache_dir="${DOSECHAIN_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/dosechain/node}"
platform="$(node -p 'process.platform + "-" + process.arch')"
prefix="$cache_dir/$version"
bin_dir="$prefix/node_modules/node-$platform/bin"
if [ ! -x "$bin_dir/node" ]; then
  echo "installing Node $version (node-$platform) into $prefix" >&2
  mkdir -p "$prefix"
  npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
    "node-$platform@$version" >/dev/null
fi
echo "$bin_dir"
