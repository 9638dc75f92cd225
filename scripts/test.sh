#!/usr/bin/env bash
# The whole test suite (README "Quick start"): installs what the tests need when missing
# (Debian's Chromium and PostgreSQL, via apt), then typecheck, lint, unit + API tests on
# PGlite, the same API tests and the two-instance test on a PostgreSQL 15 server, and the
# browser tests. Set TEST_DATABASE_URL to use a running server instead of a throwaway one.
set -euo pipefail
cd "$(dirname "$0")/.."
# An older Node (the build machines ship 20) re-runs this script on Node.js 24 (issue #6).
if ! node scripts/checkNode.cjs 2>/dev/null; then exec bash scripts/withNode24.sh bash "$0" "$@"; fi
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export NODE_OPTIONS="${NODE_OPTIONS:-} --experimental-vm-modules --disable-warning=ExperimentalWarning"

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else "$@"; fi; }
apt_updated=""
apt_install() {
  [ -n "$apt_updated" ] || { as_root apt-get update -qq; apt_updated=1; }
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

step() { printf '\n== %s\n' "$*"; }

step "system packages"
if [ ! -x /usr/bin/chromium ]; then echo "installing chromium"; apt_install chromium; fi
if [ -z "${TEST_DATABASE_URL:-}" ] && [ -z "$(pg_bin)" ]; then echo "installing postgresql"; apt_install postgresql; fi
[ -d node_modules ] || npm ci

step "typecheck"
npm run --silent typecheck
step "lint (biome)"
npx biome check .

pg_dir=""
cleanup() {
  if [ -n "$pg_dir" ]; then
    runpg "$(pg_bin)/pg_ctl" -D "$pg_dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$pg_dir"
  fi
}
trap cleanup EXIT
runpg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  step "throwaway PostgreSQL server"
  pg_dir=$(mktemp -d /tmp/pointwise-pg.XXXXXX)
  [ "$(id -u)" = 0 ] && chown postgres "$pg_dir"
  port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  runpg "$(pg_bin)/initdb" -D "$pg_dir/data" -U postgres -A trust --no-sync >/dev/null
  runpg "$(pg_bin)/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/log" -w \
    -o "-p $port -k $pg_dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300" start >/dev/null
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  "$(pg_bin)/postgres" --version
fi

step "build the server (the two-process test runs api/dist)"
npm run --silent build:server

step "unit and API tests on PGlite, two-process test on PostgreSQL"
npx jest --ci
step "API tests on PostgreSQL (${TEST_DATABASE_URL%%@*}@…)"
PW_TEST_DB=postgres npx jest --ci api/src

step "browser tests (Playwright, Debian Chromium)"
npm run --silent build -w tab
npx jest --ci -c jest.e2e.config.js
