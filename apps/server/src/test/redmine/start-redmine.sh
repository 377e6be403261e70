#!/usr/bin/env bash
# Starts a private Redmine instance for the tests on 127.0.0.1:PORT, from Debian's package (installed
# by scripts/ensure-redmine.sh): a Redmine "instance" of its own (Debian's multi-instance layout,
# REDMINE_INSTANCE), with a fresh copy of the package's migrated SQLite database, the REST API on,
# CommonMark text, relations across projects, and two trackers more (Epic, Task, with Bug's workflow). Puma runs as www-data in
# the background, its output in LOG; prints "PID API_KEY" (the admin's key) once it answers.
# Usage: start-redmine.sh PORT LOG
set -euo pipefail
PORT="$1"
LOG="$2"
INSTANCE=meridian-test
ROOT=/var/lib/redmine/$INSTANCE
PRISTINE=/var/lib/dbconfig-common/sqlite3/redmine/instances/default/redmine_default
[ -f /usr/share/redmine/config.ru ] || { echo "Redmine is not installed" >&2; exit 3; }
[ -f "$PRISTINE" ] || { echo "Redmine's default database is missing: $PRISTINE" >&2; exit 3; }
[ "$(id -u)" -eq 0 ] || { echo "starting Redmine needs root (its files belong to www-data)" >&2; exit 3; }

/usr/share/redmine/bin/redmine-instances create "$INSTANCE" >/dev/null
# The Puma this script started before (an earlier test run's) is stopped: its database is replaced.
PIDFILE="$ROOT/tmp/puma.pid"
if [ -s "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
  kill "$(cat "$PIDFILE")"
  for _ in $(seq 1 50); do kill -0 "$(cat "$PIDFILE")" 2>/dev/null || break; sleep 0.1; done
fi
rm -f "$PIDFILE"
cat > "$ROOT/Gemfile" <<'GEMFILE'
# Debian's Gemfile names no app server; Puma comes from Debian's package.
eval_gemfile '/usr/share/redmine/Gemfile'
gem 'puma'
GEMFILE
cat > "$ROOT/config/database.yml" <<YAML
production:
  adapter: sqlite3
  database: $ROOT/db.sqlite3
YAML
[ -s "$ROOT/config/secret_key.txt" ] || head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$ROOT/config/secret_key.txt"
rm -f "$ROOT/db.sqlite3" "$ROOT/db.sqlite3-journal"
cp "$PRISTINE" "$ROOT/db.sqlite3"
chown -R www-data:www-data "$ROOT" "$ROOT/config/" "$ROOT/log/" "$ROOT/tmp/"
chmod 640 "$ROOT/config/secret_key.txt"

as_redmine() {
  cd /usr/share/redmine
  runuser -u www-data -- env REDMINE_INSTANCE="$INSTANCE" RAILS_ENV=production BUNDLE_GEMFILE="$ROOT/Gemfile" "$@"
}
KEY=$(as_redmine bundle exec rails runner '
  Setting.rest_api_enabled = "1"
  Setting.text_formatting = "common_mark"
  Setting.cross_project_issue_relations = "1"
  bug = Tracker.find_by_name!("Bug")
  %w[Epic Task].each do |name|
    next if Tracker.find_by_name(name)
    t = Tracker.new(name: name, default_status: bug.default_status)
    t.core_fields = bug.core_fields
    t.save!
    WorkflowRule.copy(bug, nil, t, nil)
  end
  print User.find_by_login("admin").api_key
' 2>>"$LOG" | tail -c 40)
( as_redmine setsid bundle exec puma -b "tcp://127.0.0.1:$PORT" -e production -t 2:4 --pidfile "$PIDFILE" config.ru >>"$LOG" 2>&1 & )
for _ in $(seq 1 300); do
  if curl -sf -o /dev/null "http://127.0.0.1:$PORT/projects.json"; then
    echo "$(cat "$PIDFILE") $KEY"
    exit 0
  fi
  sleep 0.2
done
echo "Redmine did not answer on port $PORT within 60 s; see $LOG" >&2
exit 1
