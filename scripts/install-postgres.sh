#!/usr/bin/env bash
# Make sure PostgreSQL's server programs (initdb, pg_ctl) exist for the class store's tests, and say what was done.
# The tests start and stop a throwaway cluster of their own; this script never starts a server.
# Order: $PG_BIN, Debian's /usr/lib/postgresql/<version>/bin, pg_ctl on PATH, Debian's package (as root).
# Under CI=true a missing PostgreSQL is an error; elsewhere a warning (the PostgreSQL tests then fail with a reason).
set -u
have() { command -v "$1" >/dev/null 2>&1; }
found() {
  if [ -n "${PG_BIN:-}" ] && [ -x "${PG_BIN}/pg_ctl" ]; then echo "${PG_BIN}"; return 0; fi
  local newest
  newest=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -n "$newest" ] && [ -x "$newest/pg_ctl" ]; then echo "$newest"; return 0; fi
  if have pg_ctl; then dirname "$(command -v pg_ctl)"; return 0; fi
  return 1
}

if where=$(found); then echo "postgres: using $where"; exit 0; fi
if [ "$(id -u)" = "0" ] && have apt-get; then
  echo "postgres: installing Debian's postgresql with apt-get (about a minute)"
  if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null \
     && where=$(found); then
    echo "postgres: installed $where"; exit 0
  fi
  echo "postgres: apt-get could not install postgresql" >&2
fi
if [ "${CI:-}" = "true" ]; then
  echo "postgres: no PostgreSQL could be provided, and CI=true requires one" >&2; exit 1
fi
echo "postgres: WARNING no PostgreSQL found; the class store's PostgreSQL tests will fail and say so" >&2
exit 0
