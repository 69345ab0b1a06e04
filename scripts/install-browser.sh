#!/usr/bin/env bash
# Make sure a Chromium exists for the browser tests, and say what was done.
# Order: $CHROMIUM_PATH, chromium on PATH, Debian's package (as root), Playwright's own download.
# Under CI=true a missing browser is an error; elsewhere it is a warning (browser tests then fail with a reason).
set -u
PYTHON=${PYTHON:-python3}
have() { command -v "$1" >/dev/null 2>&1; }

if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "${CHROMIUM_PATH}" ]; then
  echo "browser: using CHROMIUM_PATH=${CHROMIUM_PATH}"; exit 0
fi
for name in chromium chromium-browser google-chrome; do
  if have "$name"; then echo "browser: using $(command -v "$name")"; exit 0; fi
done
if [ "$(id -u)" = "0" ] && have apt-get; then
  echo "browser: installing Debian's chromium with apt-get (about a minute)"
  if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; then
    echo "browser: installed $(command -v chromium)"; exit 0
  fi
  echo "browser: apt-get could not install chromium" >&2
fi
echo "browser: trying Playwright's installer (python -m playwright install chromium)"
if "$PYTHON" -m playwright install chromium; then
  echo "browser: Playwright installed its Chromium"; exit 0
fi
if [ "${CI:-}" = "true" ]; then
  echo "browser: no Chromium could be provided, and CI=true requires one" >&2; exit 1
fi
echo "browser: WARNING no Chromium found; the browser tests will fail and say so" >&2
exit 0
