#!/usr/bin/env bash
# Runs the contract suite and the server's runtime-dependent tests on every supported Node LTS
# besides the one running npm (the whole server suite runs on that one, on PGlite and PostgreSQL).
# The Node binaries come from the npm registry (the node-<platform>-<arch> packages) and are
# cached outside the repo, so only the first run downloads them (about 30 MB each).
#
#   bash scripts/test-node-versions.sh            # Node 22 and 24
#   NODE_VERSIONS="24.21.0" bash scripts/test-node-versions.sh
#
# The server tests run on embedded PGlite only: the PostgreSQL driver (pg) is plain JavaScript
# and its run on the main Node already covers it, while PGlite (WASM), argon2 (N-API), node:crypto
# (the audit chain's HMAC, tokens), the HTTP stack, the mailer and the compiled bundle are the
# parts that differ between Node versions. The files below exercise each of them; the rest of the
# suite tests our rules, which do not depend on the runtime. This keeps the two extra runs short.
set -euo pipefail
cd "$(dirname "$0")/.."

# Exact versions keep CI reproducible; raise them when a newer LTS patch is wanted.
NODE_VERSIONS="${NODE_VERSIONS:-22.23.3 24.21.0}"
CACHE_DIR="${DOSECHAIN_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/dosechain/node}"
PLATFORM="$(node -p 'process.platform + "-" + process.arch')"

projects=(--project contract --project server)
files=(
  packages/contract/src/              # every contract test
  server/src/                         # the server's unit tests (config, logging, crypto helpers)
  server/test/production-build.test.ts  # the esbuild bundle started with this node
  server/test/backup-restore.test.ts    # PGlite's dump and restore, the chain verified
  server/test/auth.test.ts              # argon2, tokens, cookies
  server/test/e-signature.test.ts
  server/test/orders-place.test.ts      # placement under concurrency on PGlite
  server/test/order-status.test.ts
  server/test/part11.test.ts            # the audit chain (HMAC) and the tamper checks
  server/test/mail-outbox.test.ts       # the mailer and its outbox
  server/test/fuzz-routes.test.ts       # every route's validation, FUZZ_RUNS requests each
  server/test/web-app.test.ts           # static files and the SPA fallback
)
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
  echo "== Node $("$node_bin" --version): ${projects[*]} ${files[*]}"
  start=$SECONDS
  # Vitest starts its workers with process.execPath, so the whole run uses this binary.
  "$node_bin" node_modules/vitest/vitest.mjs run "${projects[@]}" "${files[@]}"
  echo "== Node $version passed in $((SECONDS - start)) s"
done
