#!/usr/bin/env bash
# Installs what the tests need from Debian's packages when it is missing: Chromium for the browser
# tests (Playwright never downloads one) and python3-gitlab for the GitLab client suite
# (apps/server/src/clients/), run with /usr/bin/python3.
set -euo pipefail
missing=()
if [ ! -x /usr/bin/chromium ]; then missing+=(chromium); fi
if ! /usr/bin/python3 -c 'import gitlab' 2>/dev/null; then missing+=(python3-gitlab); fi
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update
  $SUDO apt-get install -y "${missing[@]}"
fi
echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo present)"
echo "python-gitlab: $(/usr/bin/python3 -c 'import gitlab; print(gitlab.__version__)')"
