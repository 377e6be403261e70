import { sql } from 'kysely';
import { beforeAll } from 'vitest';
import type { Actor } from '../policy/actor';
import { loadActor } from '../policy/load-actor';
import { addGroupMember, addProjectMember, createGroup, createProject, createUser } from './factories';
import { useTestApp } from './use-test-app';

/** The actors whose rows the SQL scope tests compare (the banned user only authors rows). */
export const scopeActorNames = [
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
] as const;

/**
 * The world of the SQL scope tests (sql-scopes-containers / sql-scopes-issuables .test.ts), where the
 * rows the SQL scopes return must be exactly the rows the pure rules in abilities.ts allow. It mixes
 * every visibility, nesting, confidentiality, authorship and assignment; a feature off, an archived
 * project, a banned author and issues hidden as spam. `actors` holds each of `scopeActorNames`.
 */
export function useSqlScopesWorld() {
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
  return { t, actors };
}

/** Ids in ascending order, to compare two sets of rows. */
export const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
