/**
 * The Redmine the importer's tests read, written through Redmine's own REST API (as its users would:
 * each issue, note and time entry by its author, with `X-Redmine-Switch-User`): people, a project
 * with a subproject and an unrelated project, versions (one shared, one closed), categories, issues
 * of every tracker with parents three levels deep, relations of each type, journals with notes and
 * attribute changes, watchers, estimates and time entries. Trackers Epic and Task, the REST API and
 * CommonMark were set up by `start-redmine.sh` (what the API cannot do).
 */

export interface RedmineSeed {
  users: Record<'alice' | 'bob' | 'carol', { id: number; login: string; mail: string }>;
  projects: Record<'acme' | 'web' | 'other', { id: number; identifier: string; name: string }>;
  /** Issue ids by a short name. */
  issues: Record<IssueName, number>;
  trackers: Record<'Bug' | 'Feature' | 'Support' | 'Epic' | 'Task', number>;
}

type IssueName =
  | 'checkout'
  | 'card'
  | 'cardForm'
  | 'cardCheck'
  | 'crash'
  | 'exportHelp'
  | 'exportCsv'
  | 'button'
  | 'mobile'
  | 'mobileNav'
  | 'navOverlap'
  | 'otherIssue';

export const SEED_USERS = {
  alice: { login: 'alice', firstname: 'Alice', lastname: 'Archer', mail: 'alice@example.com' },
  bob: { login: 'bob', firstname: 'Bob', lastname: 'Baker', mail: 'bob@redmine.example' },
  carol: { login: 'carol', firstname: 'Carol', lastname: 'Cook', mail: 'carol@redmine.example' },
} as const;

export function redmineApi(url: string, apiKey: string) {
  return async function call<T = unknown>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    as?: string,
  ): Promise<T> {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        'X-Redmine-API-Key': apiKey,
        'Content-Type': 'application/json',
        ...(as ? { 'X-Redmine-Switch-User': as } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`Redmine ${method} ${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

export async function seedRedmine(url: string, apiKey: string): Promise<RedmineSeed> {
  const api = redmineApi(url, apiKey);
  const trackerList = (await api<{ trackers: Array<{ id: number; name: string }> }>('GET', '/trackers.json')).trackers;
  const trackers = Object.fromEntries(trackerList.map((t) => [t.name, t.id])) as RedmineSeed['trackers'];
  const users = {} as RedmineSeed['users'];
  for (const [key, user] of Object.entries(SEED_USERS)) {
    const made = await api<{ user: { id: number } }>('POST', '/users.json', {
      user: { ...user, password: 'redmine-seed-password' },
    });
    users[key as keyof typeof SEED_USERS] = { id: made.user.id, login: user.login, mail: user.mail };
  }
  const project = async (name: string, identifier: string, parentId?: number) => {
    const made = await api<{ project: { id: number } }>('POST', '/projects.json', {
      project: {
        name,
        identifier,
        description: `The ${name} project.`,
        is_public: true,
        tracker_ids: Object.values(trackers),
        enabled_module_names: ['issue_tracking', 'time_tracking'],
        ...(parentId ? { parent_id: parentId, inherit_members: false } : {}),
      },
    });
    for (const user of Object.values(users)) {
      await api('POST', `/projects/${made.project.id}/memberships.json`, {
        membership: { user_id: user.id, role_ids: [3] },
      });
    }
    return { id: made.project.id, identifier, name };
  };
  const acme = await project('Acme', 'acme');
  const web = await project('Acme Web', 'acme-web', acme.id);
  const other = await project('Other', 'other');
  const projects = { acme, web, other };

  const version = async (projectId: number, name: string, extra: object) =>
    (
      await api<{ version: { id: number } }>('POST', `/projects/${projectId}/versions.json`, {
        version: { name, ...extra },
      })
    ).version.id;
  const v1 = await version(acme.id, 'v1.0', { description: 'The first release', due_date: '2026-03-01' });
  const v2 = await version(acme.id, 'v2.0', { sharing: 'descendants', due_date: '2026-09-30' });
  const web1 = await version(web.id, 'Web 1', { description: 'Web launch' });
  const category = async (projectId: number, name: string) =>
    (
      await api<{ issue_category: { id: number } }>('POST', `/projects/${projectId}/issue_categories.json`, {
        issue_category: { name },
      })
    ).issue_category.id;
  const backend = await category(acme.id, 'Backend');
  const ui = await category(acme.id, 'UI');
  const frontend = await category(web.id, 'Frontend');

  const issue = async (as: string, fields: Record<string, unknown>) =>
    (await api<{ issue: { id: number } }>('POST', '/issues.json', { issue: fields }, as)).issue.id;
  const update = (id: number, as: string, fields: Record<string, unknown>) =>
    api('PUT', `/issues/${id}.json`, { issue: fields }, as);

  const issues = {} as RedmineSeed['issues'];
  issues.checkout = await issue('alice', {
    project_id: acme.id,
    tracker_id: trackers.Epic,
    subject: 'Checkout revamp',
    description: 'Everything about **paying**.',
    start_date: '2026-01-05',
    due_date: '2026-06-30',
  });
  issues.card = await issue('alice', {
    project_id: acme.id,
    tracker_id: trackers.Feature,
    subject: 'Pay by card',
    description: 'Cards: Visa and *Mastercard*.\n\nSee #1.',
    parent_issue_id: issues.checkout,
    priority_id: 3,
    category_id: backend,
    fixed_version_id: v2,
    assigned_to_id: users.alice.id,
    estimated_hours: 8,
    watcher_user_ids: [users.bob.id],
  });
  issues.cardForm = await issue('bob', {
    project_id: acme.id,
    tracker_id: trackers.Task,
    subject: 'Card form',
    parent_issue_id: issues.card,
    estimated_hours: 3,
    assigned_to_id: users.bob.id,
  });
  issues.cardCheck = await issue('bob', {
    project_id: acme.id,
    tracker_id: trackers.Bug,
    subject: 'Card number check is wrong',
    description: 'Luhn check fails for 16-digit numbers.',
    parent_issue_id: issues.card,
    category_id: backend,
  });
  issues.crash = await issue('bob', {
    project_id: acme.id,
    tracker_id: trackers.Bug,
    subject: 'Crash on save',
    description: 'Steps:\n\n1. Open a draft\n2. Save',
    priority_id: 4,
    category_id: ui,
    fixed_version_id: v1,
    assigned_to_id: users.carol.id,
    estimated_hours: 2.5,
    watcher_user_ids: [users.alice.id, users.carol.id],
  });
  issues.exportHelp = await issue('carol', {
    project_id: acme.id,
    tracker_id: trackers.Support,
    subject: 'How do I export?',
    description: 'Looking for a CSV export.',
    is_private: true,
  });
  issues.exportCsv = await issue('alice', {
    project_id: acme.id,
    tracker_id: trackers.Feature,
    subject: 'Export issues as CSV',
    fixed_version_id: v2,
    start_date: '2026-07-01',
    due_date: '2026-08-15',
  });
  issues.button = await issue('carol', {
    project_id: web.id,
    tracker_id: trackers.Bug,
    subject: 'Button misaligned',
    description: 'The *Save* button sits 2px too low.',
    category_id: frontend,
    fixed_version_id: web1,
    priority_id: 1,
  });
  issues.mobile = await issue('alice', {
    project_id: web.id,
    tracker_id: trackers.Feature,
    subject: 'Mobile site',
    fixed_version_id: v2,
  });
  issues.mobileNav = await issue('alice', {
    project_id: web.id,
    tracker_id: trackers.Feature,
    subject: 'Mobile navigation',
    parent_issue_id: issues.mobile,
  });
  issues.navOverlap = await issue('bob', {
    project_id: web.id,
    tracker_id: trackers.Bug,
    subject: 'Menu overlaps the logo',
    parent_issue_id: issues.mobileNav,
    estimated_hours: 0.5,
  });
  issues.otherIssue = await issue('alice', { project_id: other.id, tracker_id: trackers.Bug, subject: 'Elsewhere' });

  // Journals: notes, a private note, attribute changes, a closing with a note, a reopening.
  await update(issues.crash, 'carol', { notes: 'Reproduced on **5.0**.' });
  await update(issues.crash, 'alice', { notes: 'Only on drafts older than a day.', private_notes: true });
  await update(issues.crash, 'bob', {
    status_id: 2,
    priority_id: 5,
    assigned_to_id: users.bob.id,
    subject: 'Crash on save of old drafts',
  });
  await update(issues.crash, 'bob', { status_id: 5, notes: 'Fixed in r42.', done_ratio: 100 });
  await update(issues.card, 'alice', {
    description: 'Cards: Visa, *Mastercard* and Amex.\n\nSee #1.',
    start_date: '2026-02-01',
    due_date: '2026-05-31',
  });
  await update(issues.exportHelp, 'alice', { status_id: 6, notes: 'Duplicate of the CSV export feature.' });
  await update(issues.button, 'bob', { status_id: 5 });
  await update(issues.button, 'carol', { status_id: 1, notes: 'Still there on Safari.' });
  // Redmine's `#id` names an issue of any project: one of the sibling project, one of a project not imported.
  await update(issues.button, 'bob', {
    notes: `Same cause as #${issues.crash} (the save handler); not related to #${issues.otherIssue}.`,
  });
  await update(issues.navOverlap, 'alice', { notes: `Part of #${issues.mobile}, after #${issues.button}.` });
  await update(issues.exportCsv, 'alice', { category_id: ui, estimated_hours: 5 });

  // Relations of each type Redmine has that the importer maps.
  const relate = (from: number, to: number, type: string, delay?: number) =>
    api('POST', `/issues/${from}/relations.json`, {
      relation: { issue_to_id: to, relation_type: type, ...(delay === undefined ? {} : { delay }) },
    });
  await relate(issues.crash, issues.exportCsv, 'blocks');
  await relate(issues.exportHelp, issues.exportCsv, 'duplicates');
  await relate(issues.cardForm, issues.cardCheck, 'precedes', 1);
  await relate(issues.button, issues.crash, 'relates');
  await relate(issues.mobile, issues.exportCsv, 'blocked');
  await relate(issues.otherIssue, issues.crash, 'relates');

  await api('POST', `/issues/${issues.exportCsv}/watchers.json`, { user_id: users.carol.id });

  const spend = (as: string, fields: Record<string, unknown>) =>
    api('POST', '/time_entries.json', { time_entry: { activity_id: 9, ...fields } }, as);
  await spend('alice', { issue_id: issues.crash, hours: 1.5, comments: 'Debugging', spent_on: '2026-02-10' });
  await spend('bob', { issue_id: issues.crash, hours: 0.25, comments: 'Fix', spent_on: '2026-02-11' });
  await spend('bob', { issue_id: issues.cardForm, hours: 2, spent_on: '2026-02-12' });
  // On the project only: not an issue's, reported as skipped.
  await spend('carol', { project_id: acme.id, hours: 1, comments: 'Planning meeting', spent_on: '2026-02-13' });

  // The first version is closed once its issues are in it (Redmine refuses closed versions on issues).
  await api('PUT', `/versions/${v1}.json`, { version: { status: 'closed' } });
  return { users, projects, issues, trackers };
}
