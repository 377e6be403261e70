import { beforeAll, expect } from 'vitest';
import { AccessLevel } from '../policy/access-levels';
import { addGroupMember, createGroup, createProject } from './factories';
import { useRestTestApp } from './rest-test-app';

/** An issue as the quick action tests read it back (GET …/issues/:iid). */
export interface ShownIssue {
  state: string;
  description: string;
  labels: string[];
  assignees: { username: string }[];
  milestone: { title: string } | null;
  iteration: { title: string } | null;
  epic?: { iid: number } | null;
  weight: number | null;
  due_date: string | null;
  health_status: string | null;
  confidential: boolean;
  discussion_locked: boolean;
}

/** The ids the quick action tests name, filled in by the world's `beforeAll`. */
export interface QuickActionsWorld {
  groupId: number;
  /** Project qaacme/web, where the tests open their issues. */
  projectId: number;
  /** Epic &1 of group qaacme. */
  epicId: number;
}

/**
 * The quick action tests' world (quick-actions-commands / quick-actions-entry-points .rest.test.ts):
 * group qaacme with project web, its labels (bug, prio::high; group label "in progress"), milestone
 * v1, iteration "Sprint 1" and epic &1; planner (Planner), guest (Guest) and alice (Reporter); and
 * qahidden/secret#1, which only the outsider may see. `newIssue` opens an issue in qaacme/web as the
 * planner, `show` reads it back, `comment` comments on it, `userNotes` lists its notes in order
 * (system ones marked "system: ").
 */
export function useQuickActionsWorld() {
  const t = useRestTestApp({ prefix: 'qa_', users: ['planner', 'guest', 'alice', 'outsider'] });
  const { api, uid } = t;
  const world = {} as QuickActionsWorld;
  const issues = () => `/projects/${world.projectId}/issues`;

  async function newIssue(title: string, extra: object = {}): Promise<number> {
    const r = await api('POST', issues(), 'planner', { title, ...extra });
    expect(r.statusCode).toBe(201);
    return (r.json() as { iid: number }).iid;
  }
  const show = async (iid: number) => (await api('GET', `${issues()}/${iid}`, 'planner')).json() as ShownIssue;
  const comment = (iid: number, body: string, who = 'planner') =>
    api('POST', `${issues()}/${iid}/notes`, who, { body });
  const userNotes = async (iid: number) =>
    (
      await t.db
        .selectFrom('notes as n')
        .innerJoin('issues as i', 'i.id', 'n.noteable_id')
        .select(['n.note', 'n.system'])
        .where('n.noteable_type', '=', 'Issue')
        .where('i.project_id', '=', world.projectId)
        .where('i.iid', '=', iid)
        .orderBy('n.id')
        .execute()
    ).map((n) => `${n.system ? 'system: ' : ''}${n.note}`);

  beforeAll(async () => {
    const g = await createGroup(t.db, { path: 'qaacme' });
    world.groupId = g.id;
    world.projectId = (await createProject(t.db, { namespaceId: g.id, path: 'web' })).id;
    await addGroupMember(t.db, g.id, uid.planner as number, AccessLevel.PLANNER);
    await addGroupMember(t.db, g.id, uid.guest as number, AccessLevel.GUEST);
    await addGroupMember(t.db, g.id, uid.alice as number, AccessLevel.REPORTER);
    const hidden = await createGroup(t.db, { path: 'qahidden' });
    const secret = await createProject(t.db, { namespaceId: hidden.id, path: 'secret' });
    await addGroupMember(t.db, hidden.id, uid.outsider as number, AccessLevel.OWNER);
    expect((await api('POST', `/projects/${secret.id}/issues`, 'outsider', { title: 'hidden' })).statusCode).toBe(201);
    const label = (title: string, where: { project_id: number } | { group_id: number }) =>
      t.db
        .insertInto('labels')
        .values({ title, color: '#ff0000', text_color: '#ffffff', ...where })
        .execute();
    await label('bug', { project_id: world.projectId });
    await label('in progress', { group_id: world.groupId });
    await label('prio::high', { project_id: world.projectId });
    await t.db.insertInto('milestones').values({ iid: 1, project_id: world.projectId, title: 'v1' }).execute();
    const cadence = await t.db
      .insertInto('iterations_cadences')
      .values({ group_id: world.groupId, title: 'Sprints' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('iterations')
      .values({
        iid: 1,
        iterations_cadence_id: cadence.id,
        group_id: world.groupId,
        sequence: 1,
        title: 'Sprint 1',
        start_date: '2026-11-01',
        due_date: '2026-11-30',
      })
      .execute();
    const epic = await api('POST', `/groups/${world.groupId}/epics`, 'planner', { title: 'Epic one' });
    expect(epic.statusCode).toBe(201);
    world.epicId = (epic.json() as { id: number }).id;
  });
  return { t, world, issues, newIssue, show, comment, userNotes };
}
