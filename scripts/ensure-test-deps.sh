#!/usr/bin/env bash
# Installs what the tests need from Debian's packages when it is missing: Chromium for the browser
# tests (Playwright never downloads one) and python3-gitlab for the GitLab client suite
# (apps/server/src/clients/), run with /usr/bin/python3, and PgBouncer for the PostgreSQL suite that
# runs Meridian behind it (apps/server/src/db/pgbouncer.multiprocess.test.ts). The Debian package
# starts a pgbouncer service on port 6432; the test starts its own on a free port. And slapd with
# ldap-utils for the LDAP suite (apps/server/src/modules/ldap/ldap.slapd.test.ts), which starts a
# private slapd on a free port (apps/server/src/test/slapd.ts); the package's own service is not used
# and its debconf questions are left at their defaults (non-interactive). And Debian's Redmine for the
# Redmine importer's tests (scripts/ensure-redmine.sh: its own debconf answers, SQLite).
set -euo pipefail
missing=()
if [ ! -x /usr/bin/chromium ]; then missing+=(chromium); fi
if ! /usr/bin/python3 -c 'import gitlab' 2>/dev/null; then missing+=(python3-gitlab); fi
if [ ! -x /usr/sbin/pgbouncer ]; then missing+=(pgbouncer); fi
if [ ! -x /usr/sbin/slapd ]; then missing+=(slapd); fi
if [ ! -x /usr/bin/ldapsearch ]; then missing+=(ldap-utils); fi
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
fi
echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo present)"
echo "python-gitlab: $(/usr/bin/python3 -c 'import gitlab; print(gitlab.__version__)')"
echo "pgbouncer: $(/usr/sbin/pgbouncer --version | head -1)"
echo "slapd: $(/usr/sbin/slapd -VV 2>&1 | head -1)"
bash "$(dirname "$0")/ensure-redmine.sh"
