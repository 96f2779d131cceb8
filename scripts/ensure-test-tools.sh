#!/usr/bin/env bash
# The tests use two of Debian's programs: Chromium, which the browser tests drive, and zbar's zbarimg,
# the independent reader the server tests read QR codes with. Install whichever is missing (needs root,
# as on CI), so that a fresh machine with Node and npm passes `npm test`.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
zbarimg_path="${ZBARIMG:-/usr/bin/zbarimg}"
missing=()
if [ ! -x "$chromium_path" ]; then missing+=(chromium); fi
if [ ! -x "$zbarimg_path" ]; then missing+=(zbar-tools); fi
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Installing Debian's ${missing[*]} for the tests..."
if [ "$(id -u)" -ne 0 ]; then
  echo "Run as root, or install them yourself: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
"$chromium_path" --version
"$zbarimg_path" --version
