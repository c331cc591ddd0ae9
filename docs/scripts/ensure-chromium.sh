#!/bin/sh
# The browser tests drive Debian's headless Chromium. Install it only when it is missing, so a fresh
# machine (or CI) gets it from the project's own files and a machine that has it loses no time.
set -eu
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
echo "ensure-chromium: /usr/bin/chromium missing, installing Debian's chromium" >&2
SUDO=""
if [ "$(id -u)" != "0" ]; then
  SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
test -x /usr/bin/chromium
