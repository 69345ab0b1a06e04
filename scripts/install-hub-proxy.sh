#!/usr/bin/env bash
# Make sure JupyterHub's proxy (configurable-http-proxy, from the npm registry) exists for the hub tests,
# and say what was done. It goes into the project's own folder ($VENV/node_modules), never globally.
# Order: $CHP_BIN, $VENV/node_modules/.bin, Node.js and npm from Debian's packages (as root) if missing.
# Under CI=true a missing proxy is an error; elsewhere a warning (the hub tests then fail with a reason).
set -u
VENV=${VENV:-.venv}
VERSION=${CHP_VERSION:-5.3.0}
have() { command -v "$1" >/dev/null 2>&1; }
local_bin="${VENV}/node_modules/.bin/configurable-http-proxy"

if [ -n "${CHP_BIN:-}" ] && [ -x "${CHP_BIN}" ]; then echo "hub proxy: using CHP_BIN=${CHP_BIN}"; exit 0; fi
if [ -x "$local_bin" ] && "$local_bin" --version >/dev/null 2>&1; then
  echo "hub proxy: using $local_bin ($("$local_bin" --version))"; exit 0
fi
if ! have npm && [ "$(id -u)" = "0" ] && have apt-get; then
  echo "hub proxy: installing Debian's nodejs and npm with apt-get (about a minute)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null \
    || echo "hub proxy: apt-get could not install nodejs and npm" >&2
fi
if have npm; then
  echo "hub proxy: npm install configurable-http-proxy@${VERSION} into ${VENV}/node_modules"
  mkdir -p "$VENV"
  if npm install --prefix "$VENV" --no-audit --no-fund --loglevel=error "configurable-http-proxy@${VERSION}" \
     && "$local_bin" --version >/dev/null 2>&1; then
    echo "hub proxy: installed $local_bin"; exit 0
  fi
  echo "hub proxy: npm could not install configurable-http-proxy" >&2
fi
if [ "${CI:-}" = "true" ]; then
  echo "hub proxy: no configurable-http-proxy could be provided, and CI=true requires one" >&2; exit 1
fi
echo "hub proxy: WARNING no configurable-http-proxy; the JupyterHub tests will fail and say so" >&2
exit 0
