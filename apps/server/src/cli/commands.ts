import type { Config } from '../config';

/**
 * The `meridian` commands: what `meridian --help` lists and what `meridian <command> --help`
 * prints. Each command loads lazily, so `create-token` does not pay for the whole app.
 */
export interface Command {
  name: string;
  summary: string;
  /** The command's own usage, options included (`meridian <command> --help`). */
  usage: string;
  /** Resolves when the command is done; `start` resolves once serving and keeps the process alive. */
  run: (args: string[], config: Config) => Promise<void>;
  /** Whether the process keeps running after `run` resolves (the server). */
  keepsRunning?: boolean;
}

const DATABASE_NOTE =
  'The database is PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR (./data).';

export const COMMANDS: Command[] = [
  {
    name: 'start',
    summary: 'migrate, create root, seed demo data on first start, serve on HOST:PORT',
    usage: `Usage: meridian start [--role all|web|worker]

Applies pending migrations, creates the root administrator, seeds demo data on the first start of an
empty database (MERIDIAN_SEED=demo), then runs until SIGINT or SIGTERM.

Options:
  --role all       serve HTTP on HOST:PORT and run the background workers (the default; MERIDIAN_ROLE)
  --role web       serve HTTP only: webhook and email deliveries are left to worker processes
  --role worker    run the background workers only (webhook and email deliveries from the outbox,
                   expired-session clean-up), no HTTP; any number may run on one PostgreSQL
  -h, --help       show this help

${DATABASE_NOTE}`,
    run: async (args, config) => (await import('./start')).runStart(args, config),
    keepsRunning: true,
  },
  {
    name: 'migrate',
    summary: 'apply pending database migrations',
    usage: `Usage: meridian migrate

Applies pending database migrations and prints which ran.

${DATABASE_NOTE}`,
    run: async (args, config) => (await import('./migrate')).runMigrate(args, config),
  },
  {
    name: 'seed',
    summary: 'load demo data, or a large data set for benchmarks',
    usage: `Usage: meridian seed [--scale demo|large] [--epics N] [--issues N]

Migrates, then loads data.

Options:
  --scale demo     the demo groups, projects, users, issues and epics (the default)
  --scale large    a large data set for benchmarks, with --epics N and --issues N
  -h, --help       show this help

${DATABASE_NOTE}`,
    run: async (args, config) => (await import('./seed')).runSeed(args, config),
  },
  {
    name: 'create-token',
    summary: 'print a new personal access token',
    usage: `Usage: meridian create-token --user USERNAME --scopes api[,read_api,read_user] [--name NAME] [--expires-at YYYY-MM-DD]

Creates a personal access token for an active user and prints it (it is shown only once).

${DATABASE_NOTE}`,
    run: async (args, config) => (await import('./create-token')).runCreateToken(args, config),
  },
  {
    name: 'backup',
    summary: 'write a consistent copy of the whole database to a file',
    usage: `Usage: meridian backup [--output FILE]

Writes every table and sequence, read at one instant, to FILE (default
meridian-backup-<time>-v<version>.jsonl.gz in the current directory), then reads the file back
and checks it before giving it its name. Works while Meridian runs: on the embedded database the
running server writes the copy (its requests wait while it reads). The file holds a manifest:
version, migration level, row counts and a SHA-256 checksum.

Options:
  -o, --output FILE   where to write the backup (must not exist)
  -h, --help          show this help

${DATABASE_NOTE}`,
    run: async (args, config) => (await import('./backup')).runBackup(args, config),
  },
  {
    name: 'restore',
    summary: 'load a backup into an empty database',
    usage: `Usage: meridian restore FILE

Checks the whole backup first (a damaged or cut-short file is refused before anything is written),
then loads it, all or nothing, into an EMPTY database: a new DATA_DIR, or a new PostgreSQL database
(createdb) at DATABASE_URL, as a superuser. A backup of an earlier release is upgraded with this
release's migrations after loading; one from a newer release is refused.

${DATABASE_NOTE}`,
    run: async (args, config) => (await import('./restore')).runRestore(args, config),
  },
  {
    name: 'export',
    summary: "write a group's export archive (its whole plan) to a file",
    usage: `Usage: meridian export group --group PATH [--out FILE]

Writes the group's export archive — the same tar.gz as POST /api/v4/groups/:id/export: a manifest
and one NDJSON file per kind (groups, projects, members, labels, milestones, iterations, issues,
epics, links, notes, award emoji…) — read from one snapshot, then reads it back and checks it before
giving it its name. On the embedded database, stop Meridian first (or export through its API).

Options:
  -g, --group PATH   the group's full path, e.g. acme or acme/platform
  -o, --out FILE     where to write the archive (must not exist; default PATH_export.tar.gz)
  -h, --help         show this help

${DATABASE_NOTE}`,
    run: async (args, config) => (await import('./export')).runExport(args, config),
  },
  {
    name: 'import',
    summary:
      'import issues from a CSV file or Jira, a group from an archive, another instance or a Redmine, with a progress bar',
    usage: `Usage: meridian import csv --file FILE --into GROUP/PROJECT [--user USERNAME]
       meridian import jira --file CSV_OR_JSON --into GROUP/PROJECT [--mapping MAPPING.json] [--url JIRA_URL [--email EMAIL] --token TOKEN] [--user USERNAME]
       meridian import group --file ARCHIVE --path PATH [--name NAME] [--parent GROUP] [--user USERNAME]
       meridian import gitlab --url URL --token TOKEN --group SOURCE --into DEST [--user USERNAME]
       meridian import redmine --url URL --key KEY --into GROUP [--project IDENTIFIER]… [--tracker ID=TYPE]… [--text-formatting F] [--user USERNAME]

csv: imports the issues of a CSV file as GitLab's CSV import reads it (header row with title and
description, optional due_date and milestone; comma, semicolon or tab separated; at most 10 MB) into
the project, authored by USERNAME (default root), who must be allowed to import issues there.

jira: imports Jira's CSV export (all fields) or its REST API's JSON (a /rest/api/2/search answer, an
issue, or a list of them; at most 20 MB; the format from the file's name, else its first character)
into the project: epics as epics of the project's group, sub-tasks as tasks under their parents,
issues with their comments, links, work logs, labels, versions (milestones), Jira's authors and
dates. People are matched by email, then username, else placeholders. --mapping names a JSON file
of the mapping to run with ({"types": {"Bug": {"kind": "issue", "label": "type::bug"}}, "statuses":
{"Resolved": "closed"}}; kinds epic, issue, task, skip); the rest keeps its default. With --url (the
Jira site) the issues' attachments on that site are downloaded as uploads of the project and linked
from their descriptions, signed in with --email and --token (an API token, Jira Cloud) or --token
alone (a personal access token, Jira Data Center); without it they are listed in the report. USERNAME
must be a Maintainer of the project.

group: imports a Meridian group export archive (meridian export group, or GitLab's group export API
of another Meridian) as a new group PATH (named NAME, below GROUP when given): its subgroups,
projects, members, labels, milestones, iterations, issues, epics, links, notes and award emoji, with
their iids, authors and dates. People are matched to users here by email, then username; others
get placeholder users that keep their contributions. USERNAME needs the right to create the group.

gitlab: GitLab's direct transfer: asks the instance at URL (GitLab-compatible: another Meridian)
for an export of its group SOURCE with TOKEN (an Owner's), downloads it and imports it as the new
group DEST (a full path: its parent must exist), as the group mode does. URLs on this machine or its
network need the admin setting allow_local_requests_from_web_hooks_and_services.

redmine: reads the Redmine at URL through its REST API with KEY (an administrator's lets every person
be matched by email or login; others become placeholder users) and imports the projects IDENTIFIER
(default: every top project the key reads) with their subprojects into the existing group GROUP:
projects with subprojects become subgroups, trackers work item types (suggested by name; --tracker
4=epic changes one), statuses, priorities, trackers and categories scoped labels, versions
milestones, parents the hierarchy, relations links, journals notes and system notes, watchers
subscribers, estimates and time entries time tracking. Issues keep their Redmine id as iid.

All run the same resumable import job as the web and API: progress on stderr, then what was imported
and the report of what was skipped. Interrupted (Ctrl-C, kill -9), the job is resumed a minute later
by any server process's import worker (meridian start), without creating anything twice.

Options:
  --file FILE             the CSV file, the Jira export or the archive
  --mapping FILE          jira: the mapping as JSON (default: the preview's defaults)
  --into GROUP/PROJECT    csv, jira: the project's full path; gitlab: the new group's full path; redmine: the group's
  --path PATH             group: the new group's path
  --name NAME             group: the new group's name (default PATH)
  --parent GROUP          group: the full path of the group to import into (default: top level)
  --url URL               gitlab: the source instance; jira: the Jira site to download attachments from
  --email EMAIL           jira: the Jira account's email (with --token as its API token)
  --token TOKEN           gitlab: a personal access token of the source; jira: an API token, or a personal access token
  --group SOURCE          gitlab: the group's full path on the source
  --key KEY               redmine: a Redmine API key (My account → API access key)
  --project IDENTIFIER    redmine: a project to import (repeatable)
  --tracker ID=TYPE       redmine: a tracker's work item type: issue, task, incident or epic (repeatable)
  --text-formatting F     redmine: textile (the default: made Markdown), common_mark, markdown or none
  --user USERNAME         who imports (and, for csv, authors the issues); default root
  -h, --help              show this help

${DATABASE_NOTE}`,
    run: async (args, config) => (await import('./import')).runImport(args, config),
  },
  {
    name: 'ldap-sync',
    summary: 'sync the members of groups with LDAP group links now',
    usage: `Usage: meridian ldap-sync

Reads the linked LDAP groups from the LDAP server (LDAP_URL) and makes each user who signed in
through LDAP a member of the linked groups with the link's access level, removing those who left
the LDAP group. Worker processes do the same every hour.

${DATABASE_NOTE}`,
    run: async (args, config) => (await import('./ldap-sync')).runLdapSync(args, config),
  },
];

export function overallUsage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  const lines = COMMANDS.map((c) => `  ${c.name.padEnd(width)}${c.summary}`);
  return `Usage: meridian <command> [options]

Commands:
${lines.join('\n')}

Options:
  -h, --help       show this help; \`meridian <command> --help\` shows a command's
  -v, --version    print the version

${DATABASE_NOTE}`;
}

export const isHelpFlag = (arg: string | undefined) => arg === '--help' || arg === '-h';
