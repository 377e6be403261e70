import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../policy/access-levels';
import { createUsersWithTokens } from '../test/api-client';
import { addProjectMember, createGroup, createProject } from '../test/factories';
import { gql } from '../test/graphql-client';
import { useTestApp } from '../test/use-test-app';

/**
 * GitLab's `frecentProjects` / `frecentGroups` (IE-18): the caller's visits ranked by frecency
 * (visits per week × the week's rank), at most 5, only what the caller may still read.
 */
const t = useTestApp();
const users = { tok: {} as Record<string, string>, uid: {} as Record<string, number> };
const projects: Record<string, number> = {};
const groups: Record<string, number> = {};
const DAY = 86_400_000;

/** Noon UTC on the Monday `weeksAgo` weeks before this week's, plus `day` days: a week wholly in the past. */
function pastDay(weeksAgo: number, day: number): Date {
  const now = new Date();
  const monday =
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - ((now.getUTCDay() + 6) % 7) * DAY;
  return new Date(monday - weeksAgo * 7 * DAY + day * DAY + 12 * 3_600_000);
}

/** Stores `count` visits of one project (one a day from `weeksAgo`'s Monday), as the route would have. */
async function visit(
  table: 'project_visits' | 'group_visits',
  who: string,
  id: number,
  weeksAgo: number,
  count: number,
) {
  const rows = Array.from({ length: count }, (_, day) => {
    const at = pastDay(weeksAgo, day);
    return {
      user_id: users.uid[who] as number,
      entity_id: id,
      visited_at: at,
      visited_on: at.toISOString().slice(0, 10),
    };
  });
  await t.db.insertInto(table).values(rows).execute();
}

const frecent = async (who?: string) => {
  const res = await gql(
    t.app,
    'query { frecentProjects { name fullPath } frecentGroups { name fullPath webUrl } }',
    {},
    who ? users.tok[who] : undefined,
  );
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  const data = res.body.data as {
    frecentProjects: { name: string }[] | null;
    frecentGroups: { name: string; webUrl: string }[] | null;
  };
  return {
    projects: data.frecentProjects?.map((p) => p.name) ?? null,
    groups: data.frecentGroups?.map((g) => g.name) ?? null,
    groupUrls: data.frecentGroups?.map((g) => g.webUrl) ?? null,
  };
};

beforeAll(async () => {
  await createUsersWithTokens(t.db, ['fan', 'stranger'], { prefix: 'frecent-', into: users });
  const open = await createGroup(t.db, { path: 'frecent-open', visibility: 20 });
  const closed = await createGroup(t.db, { path: 'frecent-closed', visibility: 0 });
  groups.open = open.id;
  groups.closed = closed.id;
  for (const name of ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'])
    projects[name] = (await createProject(t.db, { namespaceId: open.id, path: name, visibility: 20 })).id;
  projects.member = (await createProject(t.db, { namespaceId: closed.id, path: 'member', visibility: 0 })).id;
  projects.never = (await createProject(t.db, { namespaceId: closed.id, path: 'never', visibility: 0 })).id;
  await addProjectMember(t.db, projects.member, users.uid.fan as number, AccessLevel.GUEST);
});

describe('frecentProjects / frecentGroups', () => {
  it('is null for anonymous visitors and empty without visits', async () => {
    expect(await frecent()).toMatchObject({ projects: null, groups: null });
    expect(await frecent('fan')).toMatchObject({ projects: [], groups: [] });
  });

  it('ranks by visits per week weighted by the week, at most 5, hidden projects never', async () => {
    // Weeks with visits: 9 weeks ago (rank 1), last week (rank 2).
    await visit('project_visits', 'fan', projects.beta as number, 9, 5); // 5 × 1 = 5
    await visit('project_visits', 'fan', projects.alpha as number, 1, 3); // 3 × 2 = 6
    await visit('project_visits', 'fan', projects.gamma as number, 1, 2); // 2 × 2 = 4
    await visit('project_visits', 'fan', projects.delta as number, 9, 2); // 2 × 1 = 2
    await visit('project_visits', 'fan', projects.epsilon as number, 9, 1); // 1
    await visit('project_visits', 'fan', projects.zeta as number, 9, 1); // 1, but zeta's last visit is no later: id order
    await visit('project_visits', 'fan', projects.never as number, 1, 7); // never readable by fan
    await visit('project_visits', 'fan', projects.member as number, 1, 7); // 14 while fan is a member
    expect((await frecent('fan')).projects).toEqual(['member', 'alpha', 'beta', 'gamma', 'delta']);
    // Another user's visits are not theirs.
    expect((await frecent('stranger')).projects).toEqual([]);
  });

  it('drops a project the user lost access to, and the next one takes its place', async () => {
    await t.db
      .deleteFrom('project_members')
      .where('project_id', '=', projects.member as number)
      .where('user_id', '=', users.uid.fan as number)
      .execute();
    expect((await frecent('fan')).projects).toEqual(['alpha', 'beta', 'gamma', 'delta', 'epsilon']);
  });

  it('ranks groups the same way, with GitLab’s group fields, never a hidden group', async () => {
    await visit('group_visits', 'fan', groups.open as number, 1, 2);
    await visit('group_visits', 'fan', groups.closed as number, 1, 5);
    const { groups: names, groupUrls } = await frecent('fan');
    expect(names).toEqual(['frecent-open']);
    expect(groupUrls?.[0]).toMatch(/\/groups\/frecent-open$/);
  });
});
