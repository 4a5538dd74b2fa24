#!/usr/bin/env bash
# Runs the contract and server suites on every supported Node LTS besides the one running npm.
# The Node binaries come from the npm registry (the node-<platform>-<arch> packages) and are
# cached outside the repo, so only the first run downloads them (about 30 MB each).
#
#   bash scripts/test-node-versions.sh            # Node 22 and 24
#   NODE_VERSIONS="24.21.0" bash scripts/test-node-versions.sh
#
# The server suite runs on embedded PGlite only: the PostgreSQL driver (pg) is plain JavaScript
# and its run on the main Node already covers it, while PGlite (WASM) and argon2 (N-API) are the
# parts that differ between Node versions. This keeps the two extra runs short.
set -euo pipefail
cd "$(dirname "$0")/.."

# Exact versions keep CI reproducible; raise them when a newer LTS patch is wanted.
NODE_VERSIONS="${NODE_VERSIONS:-22.23.3 24.21.0}"
CACHE_DIR="${DOSECHAIN_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/dosechain/node}"
PLATFORM="$(node -p 'process.platform + "-" + process.arch')"

projects=(--project contract --project server)
# The route fuzz runs its full count on the main Node; here it is a compatibility run, so fewer
# requests per route keep the two extra runs short.
export FUZZ_RUNS="${FUZZ_RUNS:-25}"

for version in $NODE_VERSIONS; do
  prefix="$CACHE_DIR/$version"
  node_bin="$prefix/node_modules/node-$PLATFORM/bin/node"
  if [ ! -x "$node_bin" ]; then
    echo "installing Node $version (node-$PLATFORM) into $prefix"
    mkdir -p "$prefix"
    npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "node-$PLATFORM@$version" >/dev/null
  fi
  echo "== Node $("$node_bin" --version): ${projects[*]}"
  start=$SECONDS
  # Vitest starts its workers with process.execPath, so the whole run uses this binary.
  "$node_bin" node_modules/vitest/vitest.mjs run "${projects[@]}"
  echo "== Node $version passed in $((SECONDS - start)) s"
done
