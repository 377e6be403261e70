import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../policy/access-levels';
import { createGroup, createGroupMembers, createProject } from '../test/factories';
import { dig, gql } from '../test/graphql-client';
import { useRestTestApp } from '../test/rest-test-app';

/**
 * GitLab's destroyNote: the same deleteNote call as REST `DELETE …/notes/:note_id`, so the author
 * or a Maintainer may delete, and a note on something the caller cannot see is "not available".
 */
const t = useRestTestApp({ prefix: 'dn-', users: ['stranger'] });
const { api, tok: tokens } = t;
const ids = { project: 0, group: 0, issueIid: 0, epicIid: 0 };
const NOT_AVAILABLE =
  "The resource that you are attempting to access does not exist or you don't have permission to perform this action";

const DESTROY = `mutation($input: DestroyNoteInput!) {
  destroyNote(input: $input) { clientMutationId note { id } errors }
}`;

const destroy = (who: string | undefined, id: string, clientMutationId?: string) =>
  gql(t.app, DESTROY, { input: { id, clientMutationId } }, who ? tokens[who] : undefined);

const noteGid = (id: number) => `gid://gitlab/Note/${id}`;

/** A comment by `who` on the issue (or the epic), through REST; its id. */
async function comment(who: string, body: string, on: 'issue' | 'epic' = 'issue'): Promise<number> {
  const path =
    on === 'issue'
      ? `/projects/${ids.project}/issues/${ids.issueIid}/notes`
      : `/groups/${ids.group}/epics/${ids.epicIid}/notes`;
  const res = await api('POST', path, who, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const stored = async (id: number) =>
  (await t.db.selectFrom('notes').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

beforeAll(async () => {
  const group = await createGroup(t.db, { path: 'dn', name: 'Destroy note' });
  const project = await createProject(t.db, { namespaceId: group.id, path: 'app' });
  const members = await createGroupMembers(t.db, group.id, 'dn-', [
    ['maintainer', AccessLevel.MAINTAINER],
    ['developer', AccessLevel.DEVELOPER],
    ['guest', AccessLevel.GUEST],
  ]);
  Object.assign(tokens, members.tokens);
  const issue = await api('POST', `/projects/${project.id}/issues`, 'maintainer', { title: 'Crash' });
  const epic = await api('POST', `/groups/${group.id}/epics`, 'maintainer', { title: 'Roadmap' });
  for (const res of [issue, epic]) expect(res.statusCode, res.body).toBe(201);
  Object.assign(ids, { project: project.id, group: group.id, issueIid: issue.json().iid, epicIid: epic.json().iid });
});

describe('destroyNote', () => {
  it("deletes the caller's own comment and answers note: null, as GitLab", async () => {
    const id = await comment('guest', 'Mine');
    const res = await destroy('guest', noteGid(id), 'd1');
    expect(res.body.errors).toBeUndefined();
    expect(dig(res.body.data, 'destroyNote')).toEqual({ clientMutationId: 'd1', note: null, errors: [] });
    expect(await stored(id)).toBe(false);
  });

  it("lets a Maintainer delete someone else's comment, on an issue and on an epic", async () => {
    for (const on of ['issue', 'epic'] as const) {
      const id = await comment('developer', `Theirs on the ${on}`, on);
      const res = await destroy('maintainer', noteGid(id));
      expect(dig(res.body.data, 'destroyNote', 'errors')).toEqual([]);
      expect(await stored(id)).toBe(false);
    }
  });

  it("refuses a Developer deleting someone else's comment, with GitLab's one message", async () => {
    const id = await comment('guest', 'Keep me');
    const res = await destroy('developer', noteGid(id));
    expect(res.body.errors?.[0]?.message).toBe(NOT_AVAILABLE);
    expect(dig(res.body.data, 'destroyNote')).toBeNull();
    expect(await stored(id)).toBe(true);
    // REST refuses the same call the same way (403 there, "not available" here).
    expect(
      (await api('DELETE', `/projects/${ids.project}/issues/${ids.issueIid}/notes/${id}`, 'developer')).statusCode,
    ).toBe(403);
  });

  it('answers a note the caller cannot see, and a missing one, alike', async () => {
    const id = await comment('maintainer', 'Private project');
    const hidden = await destroy('stranger', noteGid(id));
    const missing = await destroy('maintainer', noteGid(2_000_000_000));
    for (const res of [hidden, missing]) expect(res.body.errors?.[0]?.message).toBe(NOT_AVAILABLE);
    expect(await stored(id)).toBe(true);
  });

  it('refuses an anonymous caller and an id of another type', async () => {
    const id = await comment('maintainer', 'Anonymous try');
    expect((await destroy(undefined, noteGid(id))).body.errors?.[0]?.message).toBeDefined();
    const wrongType = await destroy('maintainer', `gid://gitlab/Issue/${id}`);
    expect(wrongType.body.errors?.[0]?.message).toBeDefined();
    expect(await stored(id)).toBe(true);
  });
});
