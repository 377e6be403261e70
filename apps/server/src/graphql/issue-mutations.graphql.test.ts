import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../policy/access-levels';
import {
  addProjectMember,
  createGroup,
  createGroupMembers,
  createMilestone,
  createProject,
  createToken,
  createUser,
} from '../test/factories';
import { dig, gql } from '../test/graphql-client';
import { useTestApp } from '../test/use-test-app';

/** GitLab's issue mutations (IE-42 updateIssue, IE-43 promoteToEpic, IE-46 issueSetLocked) and IE-31 blockers. */

const t = useTestApp();
const tokens = { planner: '', guest: '', author: '', stranger: '' };
const ids = { project: 0, userProject: 0, label: 0, otherLabel: 0, milestone: 0, planner: 0 };
const NOT_AVAILABLE =
  "The resource that you are attempting to access does not exist or you don't have permission to perform this action";

const UPDATE = `mutation($input: UpdateIssueInput!) {
  updateIssue(input: $input) {
    issuable: issue { id state title confidential discussionLocked weight dueDate healthStatus
      milestone { id } labels { nodes { title } } assignees { nodes { username } } }
    errors
  }
}`;
const LOCK = `mutation($input: IssueSetLockedInput!) {
  issueSetLocked(input: $input) { issue { discussionLocked } errors }
}`;
const PROMOTE = `mutation($input: PromoteToEpicInput!) {
  promoteToEpic(input: $input) { epic { id title webPath confidential labels { nodes { title } } } issue { state } errors }
}`;
const PERMISSIONS = `query($path: ID!, $iid: String!) {
  project(fullPath: $path) { issue(iid: $iid) {
    userPermissions { updateIssue reopenIssue createIssue createIncident destroyIssue promoteToEpic }
    blocked blockedByCount blockedByIssues(first: 3) { nodes { iid title } }
  } }
}`;

let nextIid = 1;
async function issue(attrs: { projectId?: number; confidential?: boolean; authorId?: number; title?: string } = {}) {
  const iid = nextIid++;
  const row = await t.db
    .insertInto('issues')
    .values({
      project_id: attrs.projectId ?? ids.project,
      iid,
      title: attrs.title ?? `Issue ${iid}`,
      description: 'Body',
      confidential: attrs.confidential ?? false,
      author_id: attrs.authorId ?? null,
    })
    .returning(['id', 'iid'])
    .executeTakeFirstOrThrow();
  return row;
}

const update = (token: string, input: Record<string, unknown>) =>
  gql(t.app, UPDATE, { input: { projectPath: 'im/app', ...input } }, token);

beforeAll(async () => {
  const db = t.db;
  const group = await createGroup(db, { path: 'im', name: 'Issue mutations' });
  const project = await createProject(db, { namespaceId: group.id, path: 'app' });
  ids.project = project.id;
  const members = await createGroupMembers(db, group.id, 'im-', [
    ['planner', AccessLevel.PLANNER],
    ['guest', AccessLevel.GUEST],
  ]);
  Object.assign(tokens, members.tokens);
  ids.planner = members.users.planner;
  const author = await createUser(db, { username: 'im-author' });
  tokens.author = await createToken(db, author.id);
  await addProjectMember(db, project.id, author.id, AccessLevel.GUEST);
  const stranger = await createUser(db, { username: 'im-stranger' });
  tokens.stranger = await createToken(db, stranger.id);
  // A project in a user's namespace, where the planner plans too: nothing there can become an epic.
  const personal = await db
    .insertInto('namespaces')
    .values({ type: 'User', name: 'Author', path: 'im-author', owner_id: author.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.userProject = (await createProject(db, { namespaceId: personal.id, path: 'mine' })).id;
  await addProjectMember(db, ids.userProject, ids.planner, AccessLevel.PLANNER);
  const label = (title: string, groupId: number | null) =>
    db
      .insertInto('labels')
      .values({
        title,
        color: '#1068bf',
        text_color: '#FFFFFF',
        group_id: groupId,
        project_id: groupId ? null : project.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  ids.label = (await label('bug', group.id)).id;
  const elsewhere = await createGroup(db, { path: 'im-other' });
  ids.otherLabel = (await label('foreign', elsewhere.id)).id;
  ids.milestone = await createMilestone(db, { title: 'v1', group_id: group.id, iid: 1 });
});

describe('updateIssue', () => {
  it('changes every field in one call through the REST service, and answers the issue as GitLab aliases it', async () => {
    const row = await issue();
    const res = await update(tokens.planner, {
      iid: String(row.iid),
      title: 'Renamed',
      confidential: true,
      weight: 3,
      dueDate: '2026-12-01',
      healthStatus: 'atRisk',
      milestoneId: `gid://gitlab/Milestone/${ids.milestone}`,
      addLabelIds: [`gid://gitlab/GroupLabel/${ids.label}`],
      assigneeIds: [`gid://gitlab/User/${ids.planner}`],
      stateEvent: 'CLOSE',
    });
    expect(res.body.errors).toBeUndefined();
    expect(dig(res.body.data, 'updateIssue', 'errors')).toEqual([]);
    expect(dig(res.body.data, 'updateIssue', 'issuable')).toMatchObject({
      state: 'closed',
      title: 'Renamed',
      confidential: true,
      weight: 3,
      healthStatus: 'atRisk',
      milestone: { id: `gid://gitlab/Milestone/${ids.milestone}` },
      labels: { nodes: [{ title: 'bug' }] },
      assignees: { nodes: [{ username: 'im-planner' }] },
    });
    const notes = await t.db.selectFrom('notes').select('note').where('noteable_id', '=', row.id).execute();
    expect(notes.map((n) => n.note)).toEqual(expect.arrayContaining(['closed', 'changed milestone to %"v1"']));
  });

  it('clears with null what GitLab clears, and removes labels by id', async () => {
    const row = await issue();
    await update(tokens.planner, {
      iid: String(row.iid),
      weight: 5,
      addLabelIds: [`gid://gitlab/GroupLabel/${ids.label}`],
    });
    const res = await update(tokens.planner, {
      iid: String(row.iid),
      weight: null,
      title: null,
      removeLabelIds: [`gid://gitlab/GroupLabel/${ids.label}`],
    });
    expect(dig(res.body.data, 'updateIssue', 'issuable')).toMatchObject({
      weight: null,
      title: `Issue ${row.iid}`,
      labels: { nodes: [] },
    });
  });

  it('answers validation problems in errors, named by the GraphQL argument, and changes nothing', async () => {
    const row = await issue();
    const bad = await update(tokens.planner, { iid: String(row.iid), dueDate: '2024-02-31', title: 'Not saved' });
    expect(dig(bad.body.data, 'updateIssue', 'errors')).toEqual([expect.stringContaining('dueDate')]);
    expect(dig(bad.body.data, 'updateIssue', 'issuable', 'title')).toBe(`Issue ${row.iid}`);
    const foreign = await update(tokens.planner, {
      iid: String(row.iid),
      labelIds: [`gid://gitlab/GroupLabel/${ids.otherLabel}`],
    });
    expect(dig(foreign.body.data, 'updateIssue', 'errors')).toEqual([expect.stringContaining('labelIds is invalid')]);
    const blank = await update(tokens.planner, { iid: String(row.iid), title: '   ' });
    expect(dig(blank.body.data, 'updateIssue', 'errors')).toEqual([expect.stringContaining('title')]);
  });

  it("refuses GitLab's issue types Meridian has not (test case, requirement, ticket…) with an error naming type", async () => {
    const row = await issue();
    for (const type of ['TEST_CASE', 'REQUIREMENT', 'TICKET', 'EPIC']) {
      const res = await update(tokens.planner, { iid: String(row.iid), type, title: 'Not saved' });
      expect(res.body.errors, type).toBeUndefined();
      expect(dig(res.body.data, 'updateIssue', 'errors'), type).toEqual([expect.stringMatching(/^type /)]);
      expect(dig(res.body.data, 'updateIssue', 'issuable', 'title')).toBe(`Issue ${row.iid}`);
    }
  });

  it('refuses a malformed global id before running anything', async () => {
    const row = await issue();
    const res = await update(tokens.planner, { iid: String(row.iid), assigneeIds: ['gid://gitlab/Label/1'] });
    expect(res.body.errors?.[0]?.message).toContain('is not a valid UserID');
    const milestone = await update(tokens.planner, { iid: String(row.iid), milestoneId: 'gid://gitlab/Label/1' });
    expect(JSON.stringify(milestone.body)).toContain('milestoneId must be a positive integer');
  });

  it("takes milestoneId as GitLab's sidebar sends it (`$attributeId: ID`, the numeric id) or as a global id", async () => {
    const row = await issue();
    const numeric = await update(tokens.planner, { iid: String(row.iid), milestoneId: String(ids.milestone) });
    expect(numeric.body.errors).toBeUndefined();
    expect(dig(numeric.body.data, 'updateIssue', 'issuable', 'milestone')).toMatchObject({
      id: `gid://gitlab/Milestone/${ids.milestone}`,
    });
    const cleared = await update(tokens.planner, { iid: String(row.iid), milestoneId: null });
    expect(dig(cleared.body.data, 'updateIssue', 'issuable', 'milestone')).toBeNull();
  });

  it('gives one answer for hidden, missing and forbidden issues', async () => {
    const hidden = await issue({ confidential: true });
    const open = await issue();
    for (const [token, iid] of [
      [tokens.stranger, hidden.iid],
      [tokens.planner, 9999],
      [tokens.guest, open.iid],
    ] as const) {
      const res = await update(token, { iid: String(iid), title: 'x' });
      expect(res.body.errors?.[0]?.message).toBe(NOT_AVAILABLE);
      expect(dig(res.body.data, 'updateIssue')).toBeNull();
    }
    const anonymous = await gql(t.app, UPDATE, { input: { projectPath: 'im/app', iid: String(open.iid), title: 'x' } });
    expect(anonymous.body.errors?.[0]?.message).toBe(NOT_AVAILABLE);
    const untouched = await t.db
      .selectFrom('issues')
      .select('title')
      .where('id', '=', open.id)
      .executeTakeFirstOrThrow();
    expect(untouched.title).toBe(`Issue ${open.iid}`);
  });

  it('lets a guest edit the title of their own issue but not its planning fields, as REST does', async () => {
    const author = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'im-author')
      .executeTakeFirstOrThrow();
    const row = await issue({ authorId: author.id });
    const res = await update(tokens.author, { iid: String(row.iid), title: 'By author', weight: 8 });
    expect(dig(res.body.data, 'updateIssue', 'issuable')).toMatchObject({ title: 'By author', weight: null });
  });
});

describe('issueSetLocked', () => {
  const setLocked = (iid: number, locked: boolean, token: string) =>
    gql(t.app, LOCK, { input: { projectPath: 'im/app', iid: String(iid), locked } }, token);

  it('locks and unlocks the discussion with a system-note-free flag change', async () => {
    const row = await issue();
    const lock = await setLocked(row.iid, true, tokens.planner);
    expect(dig(lock.body.data, 'issueSetLocked')).toEqual({ issue: { discussionLocked: true }, errors: [] });
    const unlock = await setLocked(row.iid, false, tokens.planner);
    expect(dig(unlock.body.data, 'issueSetLocked', 'issue', 'discussionLocked')).toBe(false);
  });

  it('is refused to a guest', async () => {
    const row = await issue();
    const res = await setLocked(row.iid, true, tokens.guest);
    expect(res.body.errors?.[0]?.message).toBe(NOT_AVAILABLE);
  });
});

describe('promoteToEpic', () => {
  it("makes an epic from the issue's title, description, confidentiality and labels, and closes the issue", async () => {
    const row = await issue({ confidential: true, title: 'Big idea' });
    await update(tokens.planner, { iid: String(row.iid), addLabelIds: [`gid://gitlab/GroupLabel/${ids.label}`] });
    const res = await gql(t.app, PROMOTE, { input: { projectPath: 'im/app', iid: String(row.iid) } }, tokens.planner);
    expect(dig(res.body.data, 'promoteToEpic', 'errors')).toEqual([]);
    const epic = dig(res.body.data, 'promoteToEpic', 'epic') as Record<string, unknown>;
    expect(epic).toMatchObject({ title: 'Big idea', confidential: true, labels: { nodes: [{ title: 'bug' }] } });
    expect(epic.webPath).toMatch(/^\/groups\/im\/-\/epics\/\d+$/);
    expect(dig(res.body.data, 'promoteToEpic', 'issue', 'state')).toBe('closed');
    const again = await gql(t.app, PROMOTE, { input: { projectPath: 'im/app', iid: String(row.iid) } }, tokens.planner);
    expect(dig(again.body.data, 'promoteToEpic', 'errors')).toEqual(['Issue has already been promoted to an epic.']);
  });

  it("is refused for a project in a user's namespace, with GitLab's message and a false flag", async () => {
    const row = await issue({ projectId: ids.userProject });
    const input = { projectPath: 'im-author/mine', iid: String(row.iid) };
    const res = await gql(t.app, PROMOTE, { input }, tokens.planner);
    expect(dig(res.body.data, 'promoteToEpic', 'errors')).toEqual([
      'Cannot promote issue because it does not belong to a group.',
    ]);
    const flags = await gql(t.app, PERMISSIONS, { path: 'im-author/mine', iid: String(row.iid) }, tokens.planner);
    expect(dig(flags.body.data, 'project', 'issue', 'userPermissions')).toMatchObject({
      updateIssue: true,
      promoteToEpic: false,
    });
  });

  it('is refused to a guest and hidden from a stranger', async () => {
    const row = await issue();
    const guest = await gql(t.app, PROMOTE, { input: { projectPath: 'im/app', iid: String(row.iid) } }, tokens.guest);
    expect(guest.body.errors?.[0]?.message).toBe(NOT_AVAILABLE);
    const epics = await t.db.selectFrom('epics').select('id').where('title', '=', `Issue ${row.iid}`).execute();
    expect(epics).toEqual([]);
  });
});

describe('Issue.userPermissions and blockers', () => {
  it('sends the flags the header actions need, from the policy module', async () => {
    const row = await issue();
    const flags = async (token: string) =>
      dig(
        (await gql(t.app, PERMISSIONS, { path: 'im/app', iid: String(row.iid) }, token)).body.data,
        'project',
        'issue',
        'userPermissions',
      );
    expect(await flags(tokens.planner)).toEqual({
      updateIssue: true,
      reopenIssue: true,
      createIssue: true,
      // Incidents are Reporter and up: a Planner may not make one (IE §2.2).
      createIncident: false,
      destroyIssue: true,
      promoteToEpic: true,
    });
    expect(await flags(tokens.guest)).toEqual({
      updateIssue: false,
      reopenIssue: false,
      createIssue: true,
      createIncident: false,
      destroyIssue: false,
      promoteToEpic: false,
    });
  });

  it('lists the open blockers the reader may see, and counts the same set', async () => {
    const blocked = await issue();
    const openBlocker = await issue({ title: 'Open blocker' });
    const closedBlocker = await issue();
    const hiddenBlocker = await issue({ confidential: true });
    await t.db.updateTable('issues').set({ state: 'closed' }).where('id', '=', closedBlocker.id).execute();
    await t.db
      .insertInto('issue_links')
      .values(
        [openBlocker, closedBlocker, hiddenBlocker].map((b) => ({
          source_id: b.id,
          target_id: blocked.id,
          link_type: 'blocks',
        })),
      )
      .execute();
    const read = async (token: string) =>
      dig(
        (await gql(t.app, PERMISSIONS, { path: 'im/app', iid: String(blocked.iid) }, token)).body.data,
        'project',
        'issue',
      );
    expect(await read(tokens.guest)).toMatchObject({
      blocked: true,
      blockedByCount: 1,
      blockedByIssues: { nodes: [{ iid: String(openBlocker.iid), title: 'Open blocker' }] },
    });
    expect(await read(tokens.planner)).toMatchObject({ blockedByCount: 2 });
  });
});
