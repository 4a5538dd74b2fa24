#!/usr/bin/env bash
# Runs the contract suite and the server's runtime-dependent tests on the supported Node LTS
# versions besides the one running `npm test` (CI runs that on Node 24, the production image's:
# every suite, on PGlite and PostgreSQL). The Node binaries come from the npm registry
# (scripts/node-bin.sh), cached outside the repo.
#
#   bash scripts/test-node-versions.sh            # Node 22
#   NODE_VERSIONS="22.23.3 24.21.0" bash scripts/test-node-versions.sh
#
# The server tests run on embedded PGlite only: the PostgreSQL driver (pg) is plain JavaScript
# and its run on the main Node already covers it, while PGlite (WASM), argon2 (N-API), node:crypto
# (the audit chain's HMAC, tokens), the HTTP stack, the mailer and the compiled bundle are the
# parts that differ between Node versions. The files below exercise each of them; the rest of the
# suite tests our rules, which do not depend on the runtime. This keeps the extra run short.
set -euo pipefail
cd "$(dirname "$0")/.."

# Exact versions keep CI reproducible; raise them when a newer LTS patch is wanted.
NODE_VERSIONS="${NODE_VERSIONS:-22.23.3}"

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
# requests per route keep the extra run short.
export FUZZ_RUNS="${FUZZ_RUNS:-25}"

for version in $NODE_VERSIONS; do
  node_bin="$(bash scripts/node-bin.sh "$version")/node"
  echo "== Node $("$node_bin" --version): ${projects[*]} ${files[*]}"
  start=$SECONDS
  # Vitest starts its workers with process.execPath, so the whole run uses this binary.
  "$node_bin" node_modules/vitest/vitest.mjs run "${projects[@]}" "${files[@]}"
  echo "== Node $version passed in $((SECONDS - start)) s"
done
