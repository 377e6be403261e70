import { beforeAll, expect } from 'vitest';
import { AccessLevel } from '../policy/access-levels';
import { addGroupMember, createGroup, createMilestone, createProject, createPublicGroupProject } from './factories';
import { useRestTestApp } from './rest-test-app';

/** The ids the issue REST tests name, filled in by the world's `beforeAll`. */
export interface IssuesRestWorld {
  groupId: number;
  /** Project issacme/web, holding issues 1…6. */
  p1: number;
  /** A public project: one public and one confidential issue. */
  pub: number;
  /** Project milestone v1 of p1 (current). */
  m1: number;
  epicId: number;
}

/**
 * The issue REST tests' world (issues-read / issues-write .rest.test.ts): group issacme ⊃ sub, project
 * issacme/web (p1) with issues 1…6 — 1 labelled bug, on v1, assigned to alice, weight 3, a 👍 from
 * the planner; 2 feature, overdue; 3 confidential; 4 closed; 5 opened by the guest; 6 an incident in
 * the epic, on group milestone v2 — issacme/sub/api with one issue, and a public project with a
 * public and a confidential issue. `iids` lists a URL's issue iids, sorted, as `who`.
 */
export function useIssuesRestWorld() {
  const t = useRestTestApp({
    prefix: 'iss_',
    users: ['planner', 'alice', 'guest', 'outsider', 'owner'],
    admins: ['admin'],
  });
  const { api, uid } = t;
  const world = {} as IssuesRestWorld;

  async function iids(url: string, who = 'planner'): Promise<number[]> {
    const res = await api('GET', url, who);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Array<{ iid: number }>).map((i) => i.iid).sort((a, b) => a - b);
  }

  beforeAll(async () => {
    const db = t.db;
    const g = await createGroup(db, { path: 'issacme' });
    const sg = await createGroup(db, { path: 'sub', parentId: g.id });
    world.groupId = g.id;
    world.p1 = (await createProject(db, { namespaceId: g.id, path: 'web' })).id;
    const p2 = (await createProject(db, { namespaceId: sg.id, path: 'api' })).id;
    world.pub = (await createPublicGroupProject(db, 'isspub')).project.id;
    await addGroupMember(db, g.id, uid.planner as number, AccessLevel.PLANNER);
    await addGroupMember(db, g.id, uid.alice as number, AccessLevel.PLANNER);
    await addGroupMember(db, g.id, uid.guest as number, AccessLevel.GUEST);
    await addGroupMember(db, g.id, uid.owner as number, AccessLevel.OWNER);
    world.m1 = await createMilestone(db, {
      iid: 1,
      project_id: world.p1,
      title: 'v1',
      start_date: '2000-01-01',
      due_date: '2999-01-01',
    });
    const m2 = await createMilestone(db, {
      iid: 1,
      group_id: g.id,
      title: 'v2',
      start_date: '2998-01-01',
      due_date: '2998-02-01',
    });
    world.epicId = (
      await db
        .insertInto('epics')
        .values({ group_id: g.id, iid: 1, title: 'Epic one', author_id: uid.planner as number })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const create = async (who: string, body: object, project = world.p1) => {
      const res = await api('POST', `/projects/${project}/issues`, who, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { iid: number; id: number };
    };
    // iid 1..6 in world.p1
    await create('planner', {
      title: 'Login bug',
      labels: 'bug',
      milestone_id: world.m1,
      assignee_ids: [uid.alice],
      weight: 3,
      due_date: '2999-01-01',
    });
    await create('planner', {
      title: 'Feature request',
      description: 'needs search',
      labels: 'feature',
      weight: 0,
      due_date: '2000-01-01',
    });
    await create('planner', { title: 'Secret', confidential: true, labels: 'bug,feature' });
    const four = await create('planner', { title: 'Closed one' });
    await api('PUT', `/projects/${world.p1}/issues/${four.iid}`, 'planner', { state_event: 'close' });
    // A guest may open an issue, but admin-only fields are silently ignored.
    await create('guest', { title: 'Guest issue', labels: 'bug', milestone_id: world.m1, weight: 5 });
    // Incidents are Reporter and up (IE §2.2).
    await create('owner', {
      title: 'Incident',
      issue_type: 'incident',
      health_status: 'at_risk',
      milestone_id: m2,
      epic_id: world.epicId,
    });
    await create('planner', { title: 'Sub issue' }, p2);
    await create('admin', { title: 'Public visible' }, world.pub);
    await create('admin', { title: 'Public secret', confidential: true }, world.pub);
    const one = await t.db
      .selectFrom('issues')
      .select('id')
      .where('project_id', '=', world.p1)
      .where('iid', '=', 1)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('award_emoji')
      .values({ name: 'thumbsup', user_id: uid.planner as number, awardable_type: 'Issue', awardable_id: one.id })
      .execute();
  });
  return { t, world, iids };
}
