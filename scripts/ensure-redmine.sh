#!/usr/bin/env bash
# Installs Debian's Redmine (5.0, on SQLite, with the Puma app server) for the Redmine importer's
# tests (apps/server/src/modules/imports/redmine/redmine.real.test.ts), when it is missing. The
# package's database questions (dbconfig-common) are answered beforehand: SQLite, set up by the
# package, which migrates it and loads Redmine's default data (trackers, statuses, priorities, roles,
# workflows). No web server is configured: the test starts its own Redmine instance on a private
# port (apps/server/src/test/redmine/start-redmine.sh). Fast when already installed.
set -euo pipefail
if [ -f /usr/share/redmine/config.ru ] && [ -x /usr/bin/puma ] && dpkg -s redmine-sqlite >/dev/null 2>&1; then
  echo "redmine: $(dpkg-query -W -f='${Version}' redmine)"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO debconf-set-selections <<'SEL'
redmine redmine/instances/default/dbconfig-install boolean true
redmine redmine/instances/default/database-type select sqlite3
redmine redmine/instances/default/db/basepath string /var/lib/dbconfig-common/sqlite3/redmine/instances/default
SEL
if [ -z "$(apt-cache policy redmine 2>/dev/null | grep Candidate: | grep -v '(none)')" ]; then $SUDO apt-get update; fi
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends redmine redmine-sqlite puma
echo "redmine: $(dpkg-query -W -f='${Version}' redmine)"
