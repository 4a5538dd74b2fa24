#!/usr/bin/env bash
# Issue 20: the production topology of deploy/compose.yaml, without containers (no Docker daemon
# on the project's machines): the production build, two compiled instances started together on a
# fresh PostgreSQL database, Debian's nginx in front with deploy/nginx/dosechain-locations.conf,
# a burst of placements through nginx with one instance killed mid-burst
# (server/test/production/topology.smoke.ts). CI runs it after npm test.
#
#   bash scripts/smoke-production.sh      # TEST_DATABASE_URL defaults to the local PostgreSQL
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/sbin/nginx ] && ! command -v nginx >/dev/null 2>&1; then
  echo "installing nginx from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq nginx-light >/dev/null
fi
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"

# The UI is built by npm test already; the server's build is the one under test.
[ -f web/dist/index.html ] || npm run build -w web
npm run build -w server
SMOKE=1 npx vitest run --project smoke
