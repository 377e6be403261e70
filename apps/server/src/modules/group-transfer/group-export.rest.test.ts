import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { labelIdsAsTitles } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { seedDemo } from '../../seed/seed-demo';
import { apiClient, createUsersWithTokens, expectStatuses } from '../../test/api-client';
import { addGroupMember } from '../../test/factories';
import { labelTitlesById, allPages as pagesOf } from '../../test/group-plan';
import { useTestApp } from '../../test/use-test-app';
import type { ArchiveItem, ArchiveKind, ArchiveRecords } from '.';
import { openGroupArchive } from '.';

const dir = mkdtempSync(join(tmpdir(), 'meridian-group-export-test-'));
const tok: Record<string, string> = {};

const t = useTestApp(
  async ({ db }) => {
    await seedDemo(db, { password: 'demo-password-1', now: new Date('2026-03-15T12:00:00Z') });
    const acme = await db.selectFrom('namespaces').select('id').where('path', '=', 'acme').executeTakeFirstOrThrow();
    const users = await createUsersWithTokens(db, ['owner', 'maintainer', 'outsider'], {
      prefix: 'gx-',
      into: { tok },
    });
    await createUsersWithTokens(db, ['admin'], { prefix: 'gx-', admin: true, into: { tok, uid: users.uid } });
    await addGroupMember(db, acme.id, users.uid.owner!, AccessLevel.OWNER);
    await addGroupMember(db, acme.id, users.uid.maintainer!, AccessLevel.MAINTAINER);
    const hidden = await db
      .selectFrom('namespaces')
      .select('id')
      .where('type', '=', 'Group')
      .where('visibility_level', '=', 0)
      .where('parent_id', '=', acme.id)
      .executeTakeFirstOrThrow();
    return { acmeId: acme.id, privateSubgroupId: hidden.id };
  },
  { env: { UPLOADS_DIR: join(dir, 'uploads'), SMTP_URL: 'smtp://127.0.0.1:9' }, timeout: 180_000 },
);
const api = apiClient(() => t.app, tok);

/** Every page of a list, as `who`. */
const allPages = <T>(url: string, who: string) => pagesOf<T>(api, who, url);

const ms = (value: string | null | undefined) => (value ? new Date(value).getTime() : null);

type Stamped = { created_at: string; updated_at: string; closed_at?: string | null };
/** The three timestamps as instants, however each side writes them. */
const stamps = (row: Stamped) => ({
  created_at: ms(row.created_at),
  updated_at: ms(row.updated_at),
  closed_at: ms(row.closed_at),
});

type Head = Stamped & { title: string; description: string | null; state: string; confidential: boolean };
/** What every issuable has, as the archive writes it (an empty description is '') and as the API lists it. */
const head = (row: Head) => ({
  title: row.title,
  description: row.description ?? '',
  state: row.state,
  confidential: row.confidential,
  ...stamps(row),
});

/** Each listed item has an exported twin under `keyOf(item)`, equal field by field as `fields` present them. */
function expectEachExported<L, E>(
  listed: readonly L[],
  exported: ReadonlyMap<string, E>,
  keyOf: (item: L) => string,
  fields: { exported: (row: E) => object; listed: (item: L) => object },
) {
  for (const item of listed) {
    const key = keyOf(item);
    const row = exported.get(key);
    expect(row, key).toBeDefined();
    if (row) expect(fields.exported(row), key).toEqual(fields.listed(item));
  }
}

type Records = { [K in ArchiveKind]: ArchiveRecords[K][] };

async function exportedRecords(): Promise<Records> {
  await t.app.groupExportWorker?.pollNow();
  const res = await api('GET', '/groups/acme/export/download', 'owner');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/gzip');
  expect(res.headers['content-disposition']).toMatch(
    /^attachment; filename="\d{4}-\d\d-\d\d_\d\d-\d\d-\d{3}_acme_export\.tar\.gz"$/,
  );
  const path = join(dir, 'acme.tar.gz');
  writeFileSync(path, res.rawPayload);
  const archive = await openGroupArchive(path);
  expect(archive.manifest.group_full_path).toBe('acme');
  const records = Object.fromEntries(Object.keys(archive.manifest.files).map((k) => [k, []])) as unknown as Records;
  for await (const item of archive.records()) (records[item.kind] as ArchiveItem['record'][]).push(item.record);
  for (const [kind, file] of Object.entries(archive.manifest.files)) {
    expect(records[kind as ArchiveKind].length, kind).toBe(file.count);
  }
  return records;
}

describe('group export (POST /groups/:id/export, GET /groups/:id/export/download)', () => {
  it('is for owners: 401 anonymous, 404 for a group the caller may not see, 403 for other readers', async () => {
    const base = `/groups/${t.world.acmeId}`;
    const hidden = `/groups/${t.world.privateSubgroupId}`;
    await expectStatuses(api, [
      ['POST', `${base}/export`, undefined, undefined, 401],
      ['GET', `${base}/export/download`, undefined, undefined, 401],
      ['POST', `${hidden}/export`, 'outsider', undefined, 404],
      ['GET', `${hidden}/export/download`, 'outsider', undefined, 404],
      ['GET', `${hidden}/export_relations/status`, 'outsider', undefined, 404],
      ['POST', `${base}/export`, 'outsider', undefined, 403],
      ['GET', `${base}/export/download`, 'outsider', undefined, 403],
      ['POST', `${base}/export`, 'maintainer', undefined, 403],
      ['GET', `${base}/export/download`, 'maintainer', undefined, 403],
      ['GET', `${base}/export_relations/status`, 'maintainer', undefined, 403],
    ]);
    const none = await api('GET', `${base}/export/download`, 'admin');
    expect([none.statusCode, none.json()]).toEqual([404, { message: '404 Not found or has expired' }]);
    expect((await api('GET', `${base}/export_relations/status`, 'admin')).json()).toEqual([]);
  });

  it('answers 202, is not ready until the worker wrote it, then exports the group as the API shows it', async () => {
    const started = await api('POST', '/groups/acme/export', 'owner');
    expect([started.statusCode, started.json()]).toEqual([202, { message: '202 Accepted' }]);
    const early = await api('GET', '/groups/acme/export/download', 'owner');
    expect([early.statusCode, early.json()]).toEqual([404, { message: 'The group export file is not available yet' }]);
    const status = (await api('GET', '/groups/acme/export_relations/status', 'owner')).json() as { status: number }[];
    expect(status.length).toBeGreaterThan(10);
    expect(new Set(status.map((s) => s.status))).toEqual(new Set([0]));

    const r = await exportedRecords();
    const done = (await api('GET', '/groups/acme/export_relations/status', 'owner')).json() as { status: number }[];
    expect(new Set(done.map((s) => s.status))).toEqual(new Set([1]));
    // GitLab's email to the owner who asked (queued in the outbox; the test's mailer never polls).
    const mail = await t.db
      .selectFrom('notification_emails as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.username', 'm.subject', 'm.text_body'])
      .where('m.subject', 'like', '%Group was exported')
      .execute();
    expect(mail).toEqual([
      {
        username: 'gx-owner',
        subject: 'Acme Corp | Group was exported',
        text_body: expect.stringContaining('/groups/acme/-/settings/general'),
      },
    ]);

    // Groups and projects, as the API lists them.
    const subgroups = await allPages<{ full_path: string; name: string }>('/groups/acme/descendant_groups', 'owner');
    expect(r.groups.map((g) => g.full_path).sort()).toEqual(['acme', ...subgroups.map((g) => g.full_path)].sort());
    const projects = await allPages<{ path_with_namespace: string; name: string; id: number }>(
      '/groups/acme/projects?include_subgroups=true',
      'owner',
    );
    expect(r.projects.map((p) => p.full_path).sort()).toEqual(projects.map((p) => p.path_with_namespace).sort());
    const projectPath = new Map(projects.map((p) => [p.id, p.path_with_namespace]));

    // Members: the group's own, by username, as the members API shows them.
    const members = await allPages<{ username: string; access_level: number; expires_at: string | null }>(
      '/groups/acme/members',
      'owner',
    );
    const exportedMembers = r.members.filter((m) => m.source_type === 'Namespace' && m.source_path === 'acme');
    expect(exportedMembers.map((m) => [m.user.username, m.access_level, m.expires_at]).sort()).toEqual(
      members.map((m) => [m.username, m.access_level, m.expires_at]).sort(),
    );
    const usernames = new Set(r.users.map((u) => u.username));
    for (const m of r.members) expect(usernames.has(m.user.username)).toBe(true);
    expect(JSON.stringify(r.users)).not.toMatch(/password|token|scrypt/i);

    // Issues, field by field, against the group issues API.
    const issues = await allPages<ApiIssue>('/groups/acme/issues?scope=all&state=all', 'owner');
    expect(issues.length).toBeGreaterThan(1000);
    const exported = new Map(r.issues.map((i) => [`${i.project_path}#${i.iid}`, i]));
    expectEachExported(issues, exported, (a) => `${projectPath.get(a.project_id)}#${a.iid}`, {
      exported: (e) => ({
        ...head(e),
        discussion_locked: e.discussion_locked,
        weight: e.weight,
        due_date: e.due_date,
        issue_type: e.issue_type,
        author: e.author,
        closed_by: e.closed_by,
        assignees: [...e.assignees].sort(),
        labels: [...e.labels].sort(),
        milestone: e.milestone?.iid ?? null,
        time_estimate: e.time_estimate,
      }),
      listed: (a) => ({
        ...head(a),
        discussion_locked: a.discussion_locked ?? false,
        weight: a.weight,
        due_date: a.due_date,
        issue_type: a.issue_type,
        author: a.author.username,
        closed_by: a.closed_by?.username ?? null,
        assignees: a.assignees.map((u) => u.username).sort(),
        labels: [...a.labels].sort(),
        milestone: a.milestone?.iid ?? null,
        time_estimate: a.time_stats.time_estimate,
      }),
    });
    // Time spent: the exported time logs add up to each issue's total.
    const spent = new Map<string, number>();
    for (const l of r.timelogs) {
      const key = `${l.issue.project_path}#${l.issue.iid}`;
      spent.set(key, (spent.get(key) ?? 0) + l.time_spent);
    }
    for (const a of issues) {
      expect(spent.get(`${projectPath.get(a.project_id)}#${a.iid}`) ?? 0).toBe(a.time_stats.total_time_spent);
    }

    // Epics, field by field, against the group epics API (subgroups' epics included).
    const epics = await allPages<ApiEpic>('/groups/acme/epics?include_descendant_groups=true', 'owner');
    expect(epics.length).toBeGreaterThan(50);
    const groupPaths = new Map<number, string>();
    for (const g of [...subgroups, { full_path: 'acme', id: t.world.acmeId }] as { full_path: string; id: number }[]) {
      groupPaths.set(g.id, g.full_path);
    }
    const exportedEpics = new Map(r.epics.map((e) => [`${e.group_path}&${e.iid}`, e]));
    expect(r.epics.length).toBe(epics.length);
    expectEachExported(epics, exportedEpics, (a) => `${groupPaths.get(a.group_id)}&${a.iid}`, {
      exported: (e) => ({
        ...head(e),
        color: e.color,
        author: e.author,
        labels: [...e.labels].sort(),
        start_date_is_fixed: e.start_date_is_fixed,
        start_date_fixed: e.start_date_fixed,
        due_date_is_fixed: e.due_date_is_fixed,
        due_date_fixed: e.due_date_fixed,
        start_date: e.start_date,
        end_date: e.end_date,
        parent_iid: e.parent?.iid ?? null,
      }),
      listed: (a) => ({
        ...head(a),
        color: a.color,
        author: a.author.username,
        labels: [...a.labels].sort(),
        start_date_is_fixed: a.start_date_is_fixed,
        start_date_fixed: a.start_date_fixed,
        due_date_is_fixed: a.due_date_is_fixed,
        due_date_fixed: a.due_date_fixed,
        start_date: a.start_date,
        end_date: a.end_date,
        parent_iid: a.parent_iid,
      }),
    });

    // Group labels and milestones of the top group.
    const labels = await allPages<{ name: string; color: string; description: string | null; priority: number | null }>(
      '/groups/acme/labels?only_group_labels=true&include_ancestor_groups=false',
      'owner',
    );
    expect(
      r.labels
        .filter((l) => l.group_path === 'acme')
        .map((l) => [l.title, l.color, l.description, l.priority])
        .sort(),
    ).toEqual(labels.map((l) => [l.name, l.color, l.description ?? '', l.priority]).sort());
    const milestones = await allPages<ApiMilestone>('/groups/acme/milestones', 'owner');
    expect(
      r.milestones
        .filter((m) => m.group_path === 'acme')
        .map((m) => [m.iid, m.title, m.description, m.state, m.start_date, m.due_date])
        .sort(),
    ).toEqual(milestones.map((m) => [m.iid, m.title, m.description ?? '', m.state, m.start_date, m.due_date]).sort());

    // Notes, award emoji, links and epic issues of the issues with the most notes.
    const notesByIssue = new Map<string, ArchiveRecords['notes'][]>();
    for (const n of r.notes) {
      if (n.noteable_type !== 'Issue' || !('project_path' in n.noteable)) continue;
      const key = `${n.noteable.project_path}#${n.noteable.iid}`;
      notesByIssue.set(key, [...(notesByIssue.get(key) ?? []), n]);
    }
    const busiest = [...notesByIssue.entries()].sort((a, b) => b[1].length - a[1].length).slice(0, 8);
    expect(busiest.length).toBe(8);
    expect(r.notes.some((n) => n.system)).toBe(true);
    for (const [key, notes] of busiest) {
      const [project, iid] = key.split('#') as [string, string];
      const base = `/projects/${encodeURIComponent(project)}/issues/${iid}`;
      const apiNotes = await allPages<ApiNote>(`${base}/notes`, 'owner');
      // The archive names a system note's labels by title: their ids mean other labels where it is imported.
      const labelTitles = await labelTitlesById(api, 'owner', encodeURIComponent(project));
      expect(
        notes.map((n) => [n.id, n.note, n.author, n.system, n.internal, ms(n.created_at), ms(n.updated_at)]).sort(),
        key,
      ).toEqual(
        apiNotes
          .map((n) => [
            n.id,
            n.system ? labelIdsAsTitles(n.body, (id) => labelTitles.get(id)) : n.body,
            n.author.username,
            n.system,
            n.internal,
            ms(n.created_at),
            ms(n.updated_at),
          ])
          .sort(),
      );
      const awards = await allPages<{ name: string; user: { username: string } }>(`${base}/award_emoji`, 'owner');
      expect(
        r.award_emoji
          .filter(
            (a) =>
              a.awardable_type === 'Issue' &&
              'project_path' in a.awardable &&
              `${a.awardable.project_path}#${a.awardable.iid}` === key,
          )
          .map((a) => [a.name, a.user])
          .sort(),
      ).toEqual(awards.map((a) => [a.name, a.user.username]).sort());
      const links = (await api('GET', `${base}/links`, 'owner')).json() as ApiLink[];
      const exportedLinks = r.issue_links
        .filter(
          (l) =>
            `${l.source.project_path}#${l.source.iid}` === key || `${l.target.project_path}#${l.target.iid}` === key,
        )
        .map((l) => {
          const outgoing = `${l.source.project_path}#${l.source.iid}` === key;
          const other = outgoing ? l.target : l.source;
          const type = l.link_type === 'blocks' ? (outgoing ? 'blocks' : 'is_blocked_by') : 'relates_to';
          return `${other.project_path}#${other.iid} ${type}`;
        });
      expect(exportedLinks.sort(), key).toEqual(
        links.map((l) => `${projectPath.get(l.project_id)}#${l.iid} ${l.link_type}`).sort(),
      );
    }
    expect(r.epic_issues.length).toBeGreaterThan(100);
    expect(r.iterations.length).toBeGreaterThan(20);
    expect(r.iterations_cadences.length).toBeGreaterThan(0);
    const cadences = new Set(r.iterations_cadences.map((c) => c.id));
    for (const i of r.iterations) expect(cadences.has(i.iterations_cadence_id)).toBe(true);
  }, 180_000);
});

interface ApiIssue {
  project_id: number;
  iid: number;
  title: string;
  description: string | null;
  state: 'opened' | 'closed';
  confidential: boolean;
  discussion_locked: boolean | null;
  weight: number | null;
  due_date: string | null;
  issue_type: string;
  author: { username: string };
  closed_by: { username: string } | null;
  assignees: { username: string }[];
  labels: string[];
  milestone: { iid: number } | null;
  time_stats: { time_estimate: number; total_time_spent: number };
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

interface ApiEpic {
  group_id: number;
  iid: number;
  title: string;
  description: string | null;
  state: 'opened' | 'closed';
  confidential: boolean;
  color: string;
  author: { username: string };
  labels: string[];
  start_date_is_fixed: boolean;
  start_date_fixed: string | null;
  due_date_is_fixed: boolean;
  due_date_fixed: string | null;
  start_date: string | null;
  end_date: string | null;
  parent_iid: number | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

interface ApiMilestone {
  iid: number;
  title: string;
  description: string | null;
  state: string;
  start_date: string | null;
  due_date: string | null;
}

interface ApiNote {
  id: number;
  body: string;
  author: { username: string };
  system: boolean;
  internal: boolean;
  created_at: string;
  updated_at: string;
}

interface ApiLink {
  project_id: number;
  iid: number;
  link_type: string;
}
