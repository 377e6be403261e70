import { addDays } from '@meridian/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../lib/today';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

/**
 * `/iteration --current` / `--next` (the cadence's iteration by today's date) and `/copy_metadata`
 * from another project, only when the reader may read the source (never telling a hidden one exists).
 */
const t = useRestTestApp({ prefix: 'qi_', users: ['planner', 'stranger'] });
const { api, uid } = t;
let projectId = 0;
let twoCadenceProjectId = 0;
const today = todayIso();

const comment = (project: number, iid: number, body: string, who = 'planner') =>
  api('POST', `/projects/${project}/issues/${iid}/notes`, who, { body });
const summary = async (res: Awaited<ReturnType<typeof comment>>) => (res.json() as { summary: string[] }).summary;
const show = async (project: number, iid: number) =>
  (await api('GET', `/projects/${project}/issues/${iid}`, 'planner')).json() as {
    labels: string[];
    milestone: { title: string } | null;
    iteration: { title: string } | null;
  };
async function newIssue(project: number, title: string, extra: object = {}, who = 'planner') {
  const r = await api('POST', `/projects/${project}/issues`, who, { title, ...extra });
  expect(r.statusCode).toBe(201);
  return (r.json() as { iid: number }).iid;
}

async function cadence(groupId: number, title: string, sprints: Array<[string, number, number]>) {
  const c = await t.db
    .insertInto('iterations_cadences')
    .values({ group_id: groupId, title })
    .returning('id')
    .executeTakeFirstOrThrow();
  let sequence = 0;
  for (const [name, from, to] of sprints) {
    sequence += 1;
    await t.db
      .insertInto('iterations')
      .values({
        iid: sequence,
        iterations_cadence_id: c.id,
        group_id: groupId,
        sequence,
        title: name,
        start_date: addDays(today, from),
        due_date: addDays(today, to),
      })
      .execute();
  }
}

beforeAll(async () => {
  const g = await createGroup(t.db, { path: 'qiacme', visibility: 20 });
  projectId = (await createProject(t.db, { namespaceId: g.id, path: 'web', visibility: 20 })).id;
  await addGroupMember(t.db, g.id, uid.planner as number, AccessLevel.PLANNER);
  await cadence(g.id, 'Sprints', [
    ['Past sprint', -30, -16],
    ['This sprint', -15, 3],
    ['Next sprint', 4, 17],
  ]);
  // A subgroup whose project sees two cadences (its own and its parent's).
  const sub = await createGroup(t.db, { path: 'two', parentId: g.id, visibility: 20 });
  twoCadenceProjectId = (await createProject(t.db, { namespaceId: sub.id, path: 'app', visibility: 20 })).id;
  await cadence(sub.id, 'Weekly', [['Week now', -2, 4]]);

  // Other projects: a public one the planner may read, a private one they may not.
  const other = await createGroup(t.db, { path: 'qiother', visibility: 20 });
  const otherProject = await createProject(t.db, { namespaceId: other.id, path: 'lib', visibility: 20 });
  const priv = await createGroup(t.db, { path: 'qisecret', visibility: 0 });
  const privProject = await createProject(t.db, { namespaceId: priv.id, path: 'vault', visibility: 0 });
  await addGroupMember(t.db, other.id, uid.stranger as number, AccessLevel.OWNER);
  await addGroupMember(t.db, priv.id, uid.stranger as number, AccessLevel.OWNER);
  const label = (title: string, project: number) =>
    t.db.insertInto('labels').values({ title, color: '#ff0000', text_color: '#ffffff', project_id: project }).execute();
  await label('bug', projectId);
  await label('bug', otherProject.id);
  await label('only-in-lib', otherProject.id);
  await label('bug', privProject.id);
  await t.db.insertInto('milestones').values({ iid: 1, group_id: g.id, title: 'acme v1' }).execute();
  await t.db.insertInto('milestones').values({ iid: 1, project_id: otherProject.id, title: 'lib v1' }).execute();
  await newIssue(otherProject.id, 'lib source', { labels: 'bug,only-in-lib' }, 'stranger');
  await newIssue(privProject.id, 'vault source', { labels: 'bug' }, 'stranger');
  await api('POST', `/projects/${otherProject.id}/issues/1/notes`, 'stranger', { body: '/milestone %"lib v1"' });
});

describe('/iteration --current and --next', () => {
  it('sets the iteration whose dates hold today, or the next one', async () => {
    const iid = await newIssue(projectId, 'current');
    const r = await comment(projectId, iid, '/iteration --current');
    expect(r.statusCode).toBe(202);
    expect(await summary(r)).toEqual(['Set the iteration to *iteration:"This sprint".']);
    expect((await show(projectId, iid)).iteration?.title).toBe('This sprint');
    await comment(projectId, iid, '/iteration cadence:"Sprints" --next');
    expect((await show(projectId, iid)).iteration?.title).toBe('Next sprint');
  });

  it('needs a cadence when the project sees several, and refuses an unknown one', async () => {
    const iid = await newIssue(twoCadenceProjectId, 'two cadences');
    expect(await summary(await comment(twoCadenceProjectId, iid, '/iteration --current'))).toEqual([
      'Could not apply iteration command.',
    ]);
    expect((await show(twoCadenceProjectId, iid)).iteration).toBeNull();
    await comment(twoCadenceProjectId, iid, '/iteration cadence:Weekly --current');
    expect((await show(twoCadenceProjectId, iid)).iteration?.title).toBe('Week now');
    expect(await summary(await comment(twoCadenceProjectId, iid, '/iteration cadence:"Nope" --current'))).toEqual([
      'Could not apply iteration command.',
    ]);
    // No next iteration planned in Weekly.
    expect(await summary(await comment(twoCadenceProjectId, iid, '/iteration cadence:Weekly --next'))).toEqual([
      'Could not apply iteration command.',
    ]);
  });
});

describe('untitled iterations (automatic cadences)', () => {
  it('are named by id in the system note, as GitLab', async () => {
    const sub = await t.db.selectFrom('namespaces').select('id').where('path', '=', 'two').executeTakeFirstOrThrow();
    const weekly = await t.db
      .selectFrom('iterations_cadences')
      .select('id')
      .where('title', '=', 'Weekly')
      .executeTakeFirstOrThrow();
    const it = await t.db
      .insertInto('iterations')
      .values({
        iid: 99,
        iterations_cadence_id: weekly.id,
        group_id: sub.id,
        sequence: 99,
        title: null,
        start_date: addDays(today, -40),
        due_date: addDays(today, -34),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const iid = await newIssue(twoCadenceProjectId, 'untitled');
    await comment(twoCadenceProjectId, iid, `/iteration *iteration:${it.id}`);
    const notes = (await api('GET', `/projects/${twoCadenceProjectId}/issues/${iid}/notes`, 'planner')).json();
    expect(notes.map((n: { body: string }) => n.body)).toContain(`changed iteration to *iteration:${it.id}`);
  });
});

describe('/copy_metadata from another project', () => {
  it('copies what the target can use (labels by title, the milestone only if available there)', async () => {
    const iid = await newIssue(projectId, 'target', {});
    await comment(projectId, iid, '/milestone %"acme v1"');
    const r = await comment(projectId, iid, '/copy_metadata qiother/lib#1');
    expect(await summary(r)).toEqual(['Copied labels and milestone from qiother/lib#1.']);
    const issue = await show(projectId, iid);
    // 'only-in-lib' does not exist here; the lib milestone is not this project's: acme v1 stays.
    expect([issue.labels, issue.milestone?.title]).toEqual([['bug'], 'acme v1']);
  });

  it('answers the same "Could not apply" for an unreadable source as for a missing one', async () => {
    const iid = await newIssue(projectId, 'target 2');
    const hidden = await summary(await comment(projectId, iid, '/copy_metadata qisecret/vault#1'));
    const missing = await summary(await comment(projectId, iid, '/copy_metadata qisecret/nothing#1'));
    const noIssue = await summary(await comment(projectId, iid, '/copy_metadata qiother/lib#99'));
    expect(hidden).toEqual(['Could not apply copy_metadata command.']);
    expect(missing).toEqual(hidden);
    expect(noIssue).toEqual(hidden);
    expect((await show(projectId, iid)).labels).toEqual([]);
  });
});
