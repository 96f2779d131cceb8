#!/usr/bin/env bash
# The browser tests drive Debian's Chromium; install it when it is missing (needs root, as on CI).
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then exit 0; fi
echo "Chromium not found at $chromium_path: installing Debian's chromium package..."
if [ "$(id -u)" -ne 0 ]; then
  echo "Run as root, or install it yourself: sudo apt-get install -y chromium" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
"$chromium_path" --version
