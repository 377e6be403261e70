import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { AccessLevel } from '../../policy/access-levels';
import { apiClient, createUsersWithTokens, type UsersWithTokens } from '../../test/api-client';
import { addGroupMember, createPublicGroupProject } from '../../test/factories';
import { dig, gql } from '../../test/graphql-client';
import type { TestApp } from '../../test/harness';
import { useTestApp } from '../../test/use-test-app';
import { pathSlug, tokenOf } from './issue-email';

/** "Copy issue email address": REST `create_note_email` and GraphQL `Issue.createNoteEmail` (GitLab's create_note_email). */

interface MailWorld extends UsersWithTokens {
  projectId: number;
}

/** A public project `iemail/open` with issue #1 (open discussion) and #2 (locked), a Guest member and an outsider. */
async function seed({ db }: TestApp): Promise<MailWorld> {
  const users = await createUsersWithTokens(db, ['guest', 'outsider'], { prefix: 'iemail-' });
  const { group, project } = await createPublicGroupProject(db, 'iemail');
  await addGroupMember(db, group.id, users.uid.guest as number, AccessLevel.GUEST);
  await db
    .insertInto('issues')
    .values([
      { project_id: project.id, iid: 1, title: 'Open to comments' },
      { project_id: project.id, iid: 2, title: 'Locked', discussion_locked: true },
    ])
    .execute();
  return { ...users, projectId: project.id };
}

const configured = useTestApp(seed, { env: { INCOMING_EMAIL_ADDRESS: 'incoming+%{key}@meridian.example' } });
const unset = useTestApp(seed);

const NOTE_EMAIL = `query($path: ID!, $iid: String) { project(fullPath: $path) { issue(iid: $iid) { createNoteEmail } } }`;

function clients(t: typeof configured) {
  const api = apiClient(
    () => t.app,
    () => t.world.tok,
  );
  return {
    rest: async (iid: number, who?: string) => {
      const res = await api('GET', `/projects/${t.world.projectId}/issues/${iid}`, who);
      expect(res.statusCode).toBe(200);
      return res.json().create_note_email as string | null;
    },
    graphql: async (iid: number, who?: string) => {
      const res = await gql(t.app, NOTE_EMAIL, { path: 'iemail/open', iid: String(iid) }, who && t.world.tok[who]);
      expect(res.body.errors).toBeUndefined();
      return dig(res.body.data, 'project', 'issue', 'createNoteEmail') as string | null;
    },
  };
}

describe('with INCOMING_EMAIL_ADDRESS set', () => {
  const { rest, graphql } = clients(configured);

  it('gives each signed-in commenter their own address for the issue, the same in REST and GraphQL', async () => {
    const address = await rest(1, 'guest');
    const pattern = new RegExp(
      `^incoming\\+iemail-open-${configured.world.projectId}-([0-9a-z]{25})-issue-1@meridian\\.example$`,
    );
    const token = pattern.exec(address ?? '')?.[1];
    expect(token, String(address)).toBeDefined();
    expect(await graphql(1, 'guest')).toBe(address);
    expect(await rest(1, 'guest')).toBe(address);

    const outsider = await rest(1, 'outsider');
    expect(outsider).toMatch(pattern);
    expect(outsider).not.toBe(address);
  });

  it('keeps the user token per user across issues, and never stores it', async () => {
    const token = (address: string | null) => /-([0-9a-z]{25})-issue-/.exec(address ?? '')?.[1];
    const mine = token(await rest(1, 'guest'));
    expect(mine).toBeDefined();
    // Issue #2 is locked, but a member may still comment there.
    expect(token(await rest(2, 'guest'))).toBe(mine);
    for (const table of ['application_settings', 'users']) {
      const rows =
        await sql`SELECT 1 FROM ${sql.table(table)} AS r WHERE row_to_json(r)::text LIKE ${`%${mine}%`}`.execute(
          configured.db,
        );
      expect(rows.rows, table).toEqual([]);
    }
  });

  it('is null for anonymous visitors and for those who may not comment (a locked discussion, non-members)', async () => {
    expect(await rest(1)).toBeNull();
    expect(await graphql(1)).toBeNull();
    expect(await rest(2, 'outsider')).toBeNull();
    expect(await graphql(2, 'outsider')).toBeNull();
  });
});

describe('with INCOMING_EMAIL_ADDRESS unset', () => {
  const { rest, graphql } = clients(unset);

  it('is null for everyone', async () => {
    expect(await rest(1, 'guest')).toBeNull();
    expect(await graphql(1, 'guest')).toBeNull();
  });
});

describe('the address parts', () => {
  it('slugs the project path as GitLab does', () => {
    expect(pathSlug('h5bp/html5-boilerplate')).toBe('h5bp-html5-boilerplate');
    expect(pathSlug('Acme.Corp/Web_App')).toBe('acme-corp-web-app');
    expect(pathSlug(`_${'a'.repeat(70)}`)).toBe('a'.repeat(62));
  });

  it('makes a 25-character base-36 token from the digest', () => {
    expect(tokenOf(Buffer.alloc(32))).toBe('0'.repeat(25));
    expect(tokenOf(Buffer.alloc(32, 0xff))).toMatch(/^[0-9a-z]{25}$/);
  });

  it('refuses an INCOMING_EMAIL_ADDRESS without %{key} before the @ at boot, and treats an empty one as unset', () => {
    for (const bad of ['incoming@meridian.example', 'incoming+%{key}', 'in coming+%{key}@x.example', '%{key}@a@b']) {
      expect(() => loadConfig({ INCOMING_EMAIL_ADDRESS: bad })).toThrow(/INCOMING_EMAIL_ADDRESS/);
    }
    expect(loadConfig({ INCOMING_EMAIL_ADDRESS: '' }).INCOMING_EMAIL_ADDRESS).toBeUndefined();
    expect(loadConfig({ INCOMING_EMAIL_ADDRESS: 'reply+%{key}@x.example' }).INCOMING_EMAIL_ADDRESS).toBe(
      'reply+%{key}@x.example',
    );
  });
});
