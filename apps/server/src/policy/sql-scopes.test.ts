import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { mergeRequestVisibility } from '../modules/merge-requests/mr-query';
import { addGroupMember, addProjectMember, createGroup, createProject, createUser } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { canEpic, canGroup, canIssue, canMergeRequest, canNote, canProject } from './abilities';
import type { Actor } from './actor';
import { loadActor } from './load-actor';
import {
  epicConfidentialityAllows,
  epicNotHidden,
  epicReadable,
  groupReadable,
  internalIssueNotesReadable,
  issueConfidentialityAllows,
  issueNotHidden,
  issueReadable,
  noteNotHidden,
  projectIssuesEnabled,
  projectReadable,
} from './sql-scopes';

/**
 * For a set of actors, the rows the SQL scopes return must be exactly the rows the pure rules in
 * abilities.ts allow. The world mixes every visibility, nesting, confidentiality, authorship and
 * assignment.
 */
const t = useTestApp();
const actors: Record<string, Actor | null> = {};

beforeAll(async () => {
  const db = t.db;
  const vis = [0, 10, 20] as const;
  const groups = [];
  for (const v of vis) {
    const top = await createGroup(db, { visibility: v });
    const mid = await createGroup(db, { parentId: top.id, visibility: 0 });
    const leaf = await createGroup(db, { parentId: mid.id, visibility: 0 });
    groups.push(top, mid, leaf);
  }
  const projects = [];
  for (const g of groups) {
    for (const v of vis) {
      if (v > g.visibility_level) continue;
      projects.push(await createProject(db, { namespaceId: g.id, visibility: v }));
    }
  }
  const users = {
    nonMember: await createUser(db),
    guest: await createUser(db),
    planner: await createUser(db),
    reporter: await createUser(db),
    leafDev: await createUser(db),
    projectGuest: await createUser(db),
    author: await createUser(db),
    assignee: await createUser(db),
    admin: await createUser(db, { admin: true }),
    banned: await createUser(db),
  };
  // One public and one private project with the issues feature off, one archived (still readable).
  const publicTopProject = projects.find((p) => p.visibility_level === 20);
  await db
    .updateTable('projects')
    .set({ issues_enabled: false })
    .where('id', 'in', [projects[0]!.id, publicTopProject!.id])
    .execute();
  await db.updateTable('projects').set({ archived: true }).where('id', '=', projects[1]!.id).execute();
  const [privTop, , privLeaf, intTop] = groups;
  await addGroupMember(db, privTop!.id, users.guest.id, 10);
  await addGroupMember(db, intTop!.id, users.planner.id, 15);
  await addGroupMember(db, privTop!.id, users.reporter.id, 20);
  await addGroupMember(db, privLeaf!.id, users.leafDev.id, 30);
  await addProjectMember(db, projects[projects.length - 1]!.id, users.projectGuest.id, 10);
  let iid = 0;
  for (const p of projects) {
    for (const confidential of [false, true]) {
      for (const author of [users.author.id, users.nonMember.id, users.banned.id]) {
        iid += 1;
        const issue = await db
          .insertInto('issues')
          .values({ project_id: p.id, iid, title: `i${iid}`, confidential, author_id: author })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (iid % 3 === 0)
          await db.insertInto('issue_assignees').values({ issue_id: issue.id, user_id: users.assignee.id }).execute();
      }
    }
  }
  for (const g of groups) {
    for (const confidential of [false, true]) {
      for (const author of [users.author.id, users.banned.id]) {
        iid += 1;
        await db
          .insertInto('epics')
          .values({ group_id: g.id, iid, title: `e${iid}`, confidential, author_id: author })
          .execute();
      }
    }
  }
  let mrIid = 0;
  for (const p of projects) {
    for (const author of [users.author.id, users.banned.id]) {
      mrIid += 1;
      await db
        .insertInto('merge_requests')
        .values({
          project_id: p.id,
          iid: mrIid,
          title: `m${mrIid}`,
          author_id: author,
          source_branch: 'a',
          target_branch: 'b',
        })
        .execute();
    }
  }
  // Merge requests off in one project: hidden from everyone, admins included.
  await db.updateTable('projects').set({ merge_requests_enabled: false }).where('id', '=', projects[2]!.id).execute();
  // Comments by an ordinary author and by the banned one on the merge requests.
  const mrs = await db.selectFrom('merge_requests').select(['id', 'project_id']).execute();
  for (const m of mrs) {
    for (const author of [users.author.id, users.banned.id]) {
      await db
        .insertInto('notes')
        .values({
          noteable_type: 'MergeRequest',
          noteable_id: m.id,
          project_id: m.project_id,
          author_id: author,
          discussion_id: `d${m.id}x${author}`,
          note: 'n',
        })
        .execute();
    }
  }
  // Moderation: a banned author's issues and issues submitted as spam are hidden from all but admins.
  await db.updateTable('users').set({ state: 'banned' }).where('id', '=', users.banned.id).execute();
  await db.updateTable('issues').set({ hidden_as_spam: true }).where(sql`iid % 5`, '=', 0).execute();
  actors.anonymous = null;
  for (const [name, u] of Object.entries(users)) actors[name] = await loadActor(db, u, null);
});
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('SQL scopes agree with the pure rules', () => {
  it.each([
    'anonymous',
    'nonMember',
    'guest',
    'planner',
    'reporter',
    'leafDev',
    'projectGuest',
    'author',
    'assignee',
    'admin',
  ])('%s', async (name) => {
    const actor = actors[name] ?? null;
    const db = t.db;

    const allGroups = await db.selectFrom('namespaces as n').selectAll().where('n.type', '=', 'Group').execute();
    const sqlGroups = await db
      .selectFrom('namespaces as n')
      .select('n.id')
      .where('n.type', '=', 'Group')
      .where(
        groupReadable(actor, { groupId: 'n.id', visibility: 'n.visibility_level', traversalIds: 'n.traversal_ids' }),
      )
      .execute();
    const ruleGroups = allGroups.filter((g) =>
      canGroup(actor, 'read_group', {
        kind: 'group',
        id: g.id,
        traversalIds: g.traversal_ids,
        visibilityLevel: g.visibility_level,
      }),
    );
    expect(sorted(sqlGroups.map((r) => r.id))).toEqual(sorted(ruleGroups.map((g) => g.id)));

    const projectScope = projectReadable(actor, {
      projectId: 'p.id',
      visibility: 'p.visibility_level',
      namespaceTraversalIds: 'n.traversal_ids',
    });
    const allProjects = await db
      .selectFrom('projects as p')
      .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
      .select(['p.id', 'p.visibility_level', 'n.traversal_ids'])
      .execute();
    const subject = (p: (typeof allProjects)[number]) =>
      ({
        kind: 'project',
        id: p.id,
        namespaceTraversalIds: p.traversal_ids,
        visibilityLevel: p.visibility_level,
      }) as const;
    const sqlProjects = await db
      .selectFrom('projects as p')
      .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
      .select('p.id')
      .where(projectScope)
      .execute();
    expect(sorted(sqlProjects.map((r) => r.id))).toEqual(
      sorted(allProjects.filter((p) => canProject(actor, 'read_project', subject(p))).map((p) => p.id)),
    );

    const allIssues = await db
      .selectFrom('issues as i')
      .innerJoin('projects as p', 'p.id', 'i.project_id')
      .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
      .select([
        'i.id',
        'i.confidential',
        'i.author_id',
        'i.hidden_as_spam',
        'p.id as pid',
        'p.visibility_level',
        'p.issues_enabled',
        'p.archived',
        'n.traversal_ids',
      ])
      .select((eb) =>
        eb
          .fn<number[]>('array', [
            eb.selectFrom('issue_assignees as ia').select('ia.user_id').whereRef('ia.issue_id', '=', 'i.id'),
          ])
          .as('assignee_ids'),
      )
      .select(
        sql<boolean>`EXISTS (SELECT 1 FROM users u WHERE u.id = i.author_id AND u.state = 'banned')`.as(
          'author_banned',
        ),
      )
      .execute();
    const sqlIssues = await db
      .selectFrom('issues as i')
      .innerJoin('projects as p', 'p.id', 'i.project_id')
      .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
      .select('i.id')
      .where(projectScope)
      .where(projectIssuesEnabled({ issuesEnabled: 'p.issues_enabled' }))
      .where(
        issueConfidentialityAllows(actor, {
          issueId: 'i.id',
          confidential: 'i.confidential',
          authorId: 'i.author_id',
          projectId: 'p.id',
          namespaceTraversalIds: 'n.traversal_ids',
        }),
      )
      .where(issueNotHidden(actor, { authorId: 'i.author_id', hiddenAsSpam: 'i.hidden_as_spam' }))
      .execute();
    // The composed condition every issue query uses says the same.
    const composed = await db
      .selectFrom('issues as i')
      .innerJoin('projects as p', 'p.id', 'i.project_id')
      .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
      .select('i.id')
      .where(issueReadable(actor, { i: 'i', p: 'p', n: 'n' }))
      .execute();
    expect(sorted(composed.map((r) => r.id))).toEqual(sorted(sqlIssues.map((r) => r.id)));
    const issueSubject = (i: (typeof allIssues)[number]) =>
      ({
        kind: 'issue',
        project: {
          kind: 'project',
          id: i.pid,
          namespaceTraversalIds: i.traversal_ids,
          visibilityLevel: i.visibility_level,
          issuesEnabled: i.issues_enabled,
          archived: i.archived,
        },
        confidential: i.confidential,
        authorId: i.author_id,
        assigneeIds: i.assignee_ids,
        discussionLocked: false,
        hidden: i.hidden_as_spam || i.author_banned,
      }) as const;
    const ruleIssues = allIssues.filter((i) => canIssue(actor, 'read_issue', issueSubject(i)));
    expect(sorted(sqlIssues.map((r) => r.id))).toEqual(sorted(ruleIssues.map((i) => i.id)));

    // Internal notes: on every readable issue, the SQL twin agrees with canNote.
    const sqlInternal = await db
      .selectFrom('issues as i')
      .innerJoin('projects as p', 'p.id', 'i.project_id')
      .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
      .select('i.id')
      .where('i.id', 'in', ruleIssues.length ? ruleIssues.map((i) => i.id) : [0])
      .where(internalIssueNotesReadable(actor, { projectId: 'p.id', namespaceTraversalIds: 'n.traversal_ids' }))
      .execute();
    const ruleInternal = ruleIssues.filter((i) =>
      canNote(actor, 'read_note', {
        kind: 'note',
        noteable: issueSubject(i),
        authorId: null,
        internal: true,
        system: false,
      }),
    );
    expect(sorted(sqlInternal.map((r) => r.id))).toEqual(sorted(ruleInternal.map((i) => i.id)));

    const allEpics = await db
      .selectFrom('epics as e')
      .innerJoin('namespaces as n', 'n.id', 'e.group_id')
      .select(['e.id', 'e.confidential', 'e.author_id', 'n.id as gid', 'n.visibility_level', 'n.traversal_ids'])
      .select(
        sql<boolean>`EXISTS (SELECT 1 FROM users u WHERE u.id = e.author_id AND u.state = 'banned')`.as(
          'author_banned',
        ),
      )
      .execute();
    const sqlEpics = await db
      .selectFrom('epics as e')
      .innerJoin('namespaces as n', 'n.id', 'e.group_id')
      .select('e.id')
      .where(
        groupReadable(actor, { groupId: 'n.id', visibility: 'n.visibility_level', traversalIds: 'n.traversal_ids' }),
      )
      .where(epicConfidentialityAllows(actor, { confidential: 'e.confidential', groupTraversalIds: 'n.traversal_ids' }))
      .where(epicNotHidden(actor, { authorId: 'e.author_id' }))
      .execute();
    const composedEpics = await db
      .selectFrom('epics as e')
      .innerJoin('namespaces as n', 'n.id', 'e.group_id')
      .select('e.id')
      .where(epicReadable(actor, { e: 'e', g: 'n' }))
      .execute();
    expect(sorted(composedEpics.map((r) => r.id))).toEqual(sorted(sqlEpics.map((r) => r.id)));
    const ruleEpics = allEpics.filter((e) =>
      canEpic(actor, 'read_epic', {
        kind: 'epic',
        group: { kind: 'group', id: e.gid, traversalIds: e.traversal_ids, visibilityLevel: e.visibility_level },
        confidential: e.confidential,
        authorId: e.author_id,
        hidden: e.author_banned,
      }),
    );
    expect(sorted(sqlEpics.map((r) => r.id))).toEqual(sorted(ruleEpics.map((e) => e.id)));
    // Merge requests: mergeRequestVisibility agrees with canMergeRequest (project, feature, ban).
    const allMrs = await db
      .selectFrom('merge_requests as mr')
      .innerJoin('projects as p', 'p.id', 'mr.project_id')
      .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
      .select(['mr.id', 'mr.author_id', 'p.id as pid', 'p.visibility_level', 'p.merge_requests_enabled', 'p.archived'])
      .select('n.traversal_ids')
      .select(
        sql<boolean>`EXISTS (SELECT 1 FROM users u WHERE u.id = mr.author_id AND u.state = 'banned')`.as('banned'),
      )
      .execute();
    const sqlMrs = await db
      .selectFrom('merge_requests as mr')
      .innerJoin('projects as p', 'p.id', 'mr.project_id')
      .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
      .select('mr.id')
      .where(mergeRequestVisibility(actor))
      .execute();
    const mrSubject = (m: (typeof allMrs)[number]) =>
      ({
        kind: 'merge_request',
        project: {
          kind: 'project',
          id: m.pid,
          namespaceTraversalIds: m.traversal_ids,
          visibilityLevel: m.visibility_level,
          archived: m.archived,
          mergeRequestsEnabled: m.merge_requests_enabled,
        },
        authorId: m.author_id,
        discussionLocked: false,
        hidden: m.banned,
      }) as const;
    const ruleMrs = allMrs.filter((m) => canMergeRequest(actor, 'read_merge_request', mrSubject(m)));
    expect(sorted(sqlMrs.map((r) => r.id))).toEqual(sorted(ruleMrs.map((m) => m.id)));

    // Their comments: noteNotHidden agrees with canNote's hidden (a banned author's comments).
    const readableMr = new Map(ruleMrs.map((m) => [m.id, m]));
    const allNotes = await db
      .selectFrom('notes as nt')
      .select(['nt.id', 'nt.noteable_id', 'nt.author_id'])
      .select(
        sql<boolean>`EXISTS (SELECT 1 FROM users u WHERE u.id = nt.author_id AND u.state = 'banned')`.as('banned'),
      )
      .where('nt.noteable_type', '=', 'MergeRequest')
      .execute();
    const sqlNotes = await db
      .selectFrom('notes as nt')
      .select('nt.id')
      .where('nt.noteable_type', '=', 'MergeRequest')
      .where('nt.noteable_id', 'in', [0, ...readableMr.keys()])
      .where(noteNotHidden(actor, { authorId: 'nt.author_id' }))
      .execute();
    const ruleNotes = allNotes.filter((n) => {
      const m = readableMr.get(n.noteable_id);
      return (
        m !== undefined &&
        canNote(actor, 'read_note', {
          kind: 'note',
          noteable: mrSubject(m),
          authorId: n.author_id,
          internal: false,
          system: false,
          hidden: n.banned,
        })
      );
    });
    expect(sorted(sqlNotes.map((r) => r.id))).toEqual(sorted(ruleNotes.map((n) => n.id)));
    const notesOnReadable = allNotes.filter((n) => readableMr.has(n.noteable_id));
    if (name !== 'admin' && notesOnReadable.length > 0) expect(ruleNotes.length).toBeLessThan(notesOnReadable.length);

    // The world is rich enough to matter: something is hidden from everyone but the admin.
    if (name !== 'admin') expect(ruleIssues.length).toBeLessThan(allIssues.length);
  });
});
