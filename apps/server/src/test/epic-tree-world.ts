import type { Database } from '../db/connection';
import { AccessLevel } from '../policy/access-levels';
import { addGroupMember, createGroup, createProject, createToken, createUser } from './factories';

/**
 * An epic tree for the child-items tests: `tree` (private) with subgroup `tree/sub`; the root epic
 * &1 holds child epics (one with its own child and issue, one confidential, one closed) and issues
 * (one confidential, one closed, one blocked), `&50` holds 105 issues (pagination).
 */
export async function seedEpicTree(db: Database) {
  const group = await createGroup(db, { path: 'tree' });
  const sub = await createGroup(db, { path: 'sub', parentId: group.id });
  const users = {
    owner: await createUser(db, { username: 'tree-owner' }),
    reporter: await createUser(db, { username: 'tree-reporter' }),
    guest: await createUser(db, { username: 'tree-guest' }),
  };
  await addGroupMember(db, group.id, users.owner.id, AccessLevel.OWNER);
  await addGroupMember(db, group.id, users.reporter.id, AccessLevel.REPORTER);
  await addGroupMember(db, group.id, users.guest.id, AccessLevel.GUEST);
  const tokens = {
    owner: await createToken(db, users.owner.id),
    reporter: await createToken(db, users.reporter.id),
    guest: await createToken(db, users.guest.id),
  };
  const project = await createProject(db, { namespaceId: sub.id, path: 'app', name: 'App' });
  let epicIid = 0;
  const epic = (attrs: {
    title: string;
    parent?: number;
    confidential?: boolean;
    closed?: boolean;
    position?: number;
    groupId?: number;
  }) =>
    db
      .insertInto('epics')
      .values({
        group_id: attrs.groupId ?? group.id,
        iid: attrs.title === 'Pages' ? 50 : ++epicIid,
        title: attrs.title,
        author_id: users.owner.id,
        parent_id: attrs.parent ?? null,
        confidential: attrs.confidential ?? false,
        state: attrs.closed ? 'closed' : 'opened',
        closed_at: attrs.closed ? new Date('2026-01-02T00:00:00Z') : null,
        relative_position: attrs.position ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  let issueIid = 0;
  const issue = async (
    parentEpic: number,
    attrs: {
      title: string;
      confidential?: boolean;
      closed?: boolean;
      weight?: number;
      health?: string;
      position?: number;
      milestoneId?: number;
    },
  ) => {
    const row = await db
      .insertInto('issues')
      .values({
        project_id: project.id,
        iid: ++issueIid,
        title: attrs.title,
        author_id: users.owner.id,
        confidential: attrs.confidential ?? false,
        state: attrs.closed ? 'closed' : 'opened',
        closed_at: attrs.closed ? new Date('2026-01-03T00:00:00Z') : null,
        weight: attrs.weight ?? null,
        health_status: attrs.health ?? null,
        milestone_id: attrs.milestoneId ?? null,
        due_date: attrs.title === 'Issue A' ? '2026-03-01' : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const link = await db
      .insertInto('epic_issues')
      .values({ epic_id: parentEpic, issue_id: row.id, relative_position: attrs.position ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...row, epicIssueId: link.id };
  };

  const root = await epic({ title: 'Root' });
  const child = await epic({ title: 'Child one', parent: root.id, position: 100 });
  const grandchild = await epic({ title: 'Grandchild', parent: child.id, groupId: sub.id });
  const secret = await epic({ title: 'Secret child', parent: root.id, confidential: true, position: 200 });
  const closedChild = await epic({ title: 'Closed child', parent: root.id, closed: true, position: 300 });
  const milestone = await db
    .insertInto('milestones')
    .values({ iid: 1, group_id: group.id, title: 'M1', start_date: '2026-01-01', due_date: '2026-02-01' })
    .returningAll()
    .executeTakeFirstOrThrow();
  const issueA = await issue(root.id, {
    title: 'Issue A',
    weight: 2,
    health: 'on_track',
    position: 50,
    milestoneId: milestone.id,
  });
  const issueSecret = await issue(root.id, { title: 'Secret issue', confidential: true, weight: 7, position: 60 });
  const issueClosed = await issue(root.id, { title: 'Closed issue', closed: true, weight: 5, position: 70 });
  const deep = await issue(grandchild.id, { title: 'Deep issue', weight: 3, health: 'at_risk' });
  const blocker = await issue(child.id, { title: 'Blocker' });
  await db
    .insertInto('issue_links')
    .values({ source_id: blocker.id, target_id: issueA.id, link_type: 'blocks' })
    .execute();
  const label = await db
    .insertInto('labels')
    .values({ group_id: group.id, title: 'tree-label', color: '#ff0000', text_color: '#ffffff' })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db.insertInto('issue_labels').values({ issue_id: issueA.id, label_id: label.id }).execute();
  await db.insertInto('epic_labels').values({ epic_id: child.id, label_id: label.id }).execute();
  await db.insertInto('issue_assignees').values({ issue_id: issueA.id, user_id: users.owner.id }).execute();

  const pages = await epic({ title: 'Pages' });
  for (let n = 0; n < 105; n++) await issue(pages.id, { title: `Page issue ${n}`, position: n });

  return {
    group,
    sub,
    project,
    users,
    tokens,
    epics: { root, child, grandchild, secret, closedChild, pages },
    issues: { issueA, issueSecret, issueClosed, deep, blocker },
    label,
    milestone,
  };
}

export type EpicTreeWorld = Awaited<ReturnType<typeof seedEpicTree>>;
