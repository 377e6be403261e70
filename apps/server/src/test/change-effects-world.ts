import { afterAll, beforeAll, expect } from 'vitest';
import { AccessLevel } from '../policy/access-levels';
import { type ChangeBus, startChangeBus } from '../realtime/change-bus';
import { type ItemChange, type ItemKind, publishChange } from '../realtime/change-channel';
import { apiClient } from './api-client';
import { createGroup, createGroupMembers, createProject } from './factories';
import { gql } from './graphql-client';
import { useSmtpSink } from './use-smtp-sink';
import { useTestApp } from './use-test-app';

/** Everything one write did, as its table rows compare it (labels as `~title`, people by role). */
export interface Effects {
  /** System notes by noteable: `Issue#12: closed`. */
  notes: string[];
  /** `bob:mentioned` */
  todos: string[];
  /** Who the target's description (not a comment) mentions now. */
  mentioned: string[];
  /** `watcher:close_issue` (recipient role and X-Meridian-NotificationReason). */
  emails: string[];
  /** `updated`, `labels` for the target (its `note` events follow from the notes). */
  live: string[];
}

const ROLES = [
  ['author', AccessLevel.MAINTAINER],
  ['bob', AccessLevel.REPORTER],
  ['watcher', AccessLevel.REPORTER],
] as const;
type Role = (typeof ROLES)[number][0];

/**
 * The world of the change-recorder tables (issue 27): a group `chg` with project `web`, a
 * Maintainer `author` who writes, `bob` to mention and assign, and `watcher` who watches the
 * group; the app queues emails (SMTP_URL at a local sink) and a change bus records live events.
 * `effectsOf` runs one write and answers what it did; `mutate` makes a write through GraphQL.
 */
export function useChangeEffectsWorld() {
  const env: Record<string, string> = { SMTP_POLL_INTERVAL_MS: '60000' };
  useSmtpSink(env);
  const t = useTestApp(undefined, { env });
  const tok: Record<string, string> = {};
  const uid = {} as Record<Role, number>;
  const api = apiClient(
    () => t.app,
    () => tok,
  );
  const ids = { groupId: 0, projectId: 0 };
  let bus: ChangeBus | undefined;
  const received: ItemChange[] = [];
  beforeAll(async () => {
    const group = await createGroup(t.db, { path: 'chg', name: 'Chg' });
    const project = await createProject(t.db, { namespaceId: group.id, path: 'web' });
    Object.assign(ids, { groupId: group.id, projectId: project.id });
    const members = await createGroupMembers(t.db, group.id, 'chg-', ROLES);
    Object.assign(tok, members.tokens);
    Object.assign(uid, members.users);
    const watch = await api('PUT', `/groups/${group.id}/notification_settings`, 'watcher', { level: 'watch' });
    expect(watch.statusCode, watch.body).toBe(200);
    bus = await startChangeBus(t.database);
    bus.onChange((change) => received.push(change));
  });
  afterAll(() => bus?.close());

  const maxId = async (table: 'notes' | 'todos' | 'notification_emails') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.max('id').as('m'))
          .executeTakeFirst()
      )?.m ?? 0,
    );
  let sentinel = 2_000_000_000;

  /** Runs `write`, then answers the effects on the target it returns (type and id). */
  async function effectsOf(write: () => Promise<{ type: ItemKind; id: number }>): Promise<Effects> {
    const marks = {
      notes: await maxId('notes'),
      todos: await maxId('todos'),
      emails: await maxId('notification_emails'),
    };
    received.length = 0;
    const target = await write();
    // NOTIFY is delivered in commit order: once this one arrives, the write's events have too.
    const mark = sentinel++;
    await publishChange(t.db, 'Issue', mark, 'updated');
    await expect.poll(() => received.some((c) => c.id === mark), { timeout: 10_000 }).toBe(true);
    const role = new Map(Object.entries(uid).map(([name, id]) => [id, name]));
    const labels = new Map(
      (await t.db.selectFrom('labels').select(['id', 'title']).execute()).map((l) => [l.id, l.title]),
    );
    const notes = await t.db
      .selectFrom('notes')
      .select(['noteable_type', 'noteable_id', 'note'])
      .where('id', '>', marks.notes)
      .where('system', '=', true)
      .orderBy('id')
      .execute();
    const todos = await t.db
      .selectFrom('todos')
      .select(['user_id', 'action'])
      .where('id', '>', marks.todos)
      .orderBy('id')
      .execute();
    const emails = await t.db
      .selectFrom('notification_emails')
      .select(['user_id', 'headers'])
      .where('id', '>', marks.emails)
      .orderBy('id')
      .execute();
    const column = { Issue: 'issue_id', MergeRequest: 'merge_request_id', Epic: 'epic_id' } as const;
    const mentions = await t.db
      .selectFrom('user_mentions')
      .select('user_id')
      .where(column[target.type], '=', target.id)
      .where('note_id', 'is', null)
      .execute();
    const reason = (headers: unknown) =>
      (typeof headers === 'string' ? JSON.parse(headers) : (headers as Record<string, string>))[
        'X-Meridian-NotificationReason'
      ];
    return {
      notes: notes.map(
        (n) =>
          `${n.noteable_type}#${n.noteable_id}: ${n.note.replace(/~(\d+)/g, (_m, id) => `~${labels.get(Number(id)) ?? id}`)}`,
      ),
      todos: todos.map((d) => `${role.get(d.user_id ?? 0) ?? d.user_id}:${d.action}`).sort(),
      mentioned: mentions.map((m) => role.get(m.user_id) ?? String(m.user_id)).sort(),
      emails: emails.map((e) => `${role.get(e.user_id ?? 0) ?? e.user_id}:${reason(e.headers)}`).sort(),
      live: [
        ...new Set(
          received.filter((c) => c.kind === target.type && c.id === target.id && c.what !== 'note').map((c) => c.what),
        ),
      ],
    };
  }

  /** Runs GraphQL mutation `name` (input type `<Name>Input`, GitLab's convention) as the author; fails on any error. */
  async function mutate(
    name: 'updateIssue' | 'updateEpic' | 'createNote' | 'workItemUpdate',
    input: Record<string, unknown>,
  ) {
    const inputType = `${name.charAt(0).toUpperCase()}${name.slice(1)}Input`;
    const document = `mutation($input: ${inputType}!) { ${name}(input: $input) { errors } }`;
    const res = await gql(t.app, document, { input }, tok.author);
    expect(res.body, JSON.stringify(res.body)).toEqual({ data: { [name]: { errors: [] } } });
  }

  /**
   * Writes of one issue or merge request as `author`, for `effectsOf`: `write('POST', body)` creates
   * it, `write('PUT', body)` updates the last one created, expecting `status`; `on(note)` is a system
   * note on it as `effectsOf` lists them; `current()` its iid and id.
   */
  function issuableWrites(type: 'Issue' | 'MergeRequest') {
    const items = () => `/projects/${ids.projectId}/${type === 'Issue' ? 'issues' : 'merge_requests'}`;
    let iid = 0;
    let id = 0;
    const write =
      (method: 'POST' | 'PUT', body: object | (() => object), status = 200) =>
      async () => {
        const payload = typeof body === 'function' ? body() : body;
        const res = await api(method, method === 'POST' ? items() : `${items()}/${iid}`, 'author', payload);
        expect(res.statusCode, res.body).toBe(status);
        ({ iid, id } = res.json());
        return { type, id };
      };
    const on = (note: string) => `${type}#${id}: ${note}`;
    /** One row of a table of updates: `body`'s notes, to-dos and emails, and its live events. */
    const expectUpdate = async (
      name: string,
      body: object | (() => object),
      notes: string[],
      todos: string[],
      emails: string[],
    ) => {
      const effects = await effectsOf(write('PUT', body));
      expect(effects.notes).toEqual(notes.map(on));
      expect(effects.todos).toEqual(todos);
      expect(effects.emails).toEqual(emails);
      expect(effects.live).toEqual(name === 'labels' ? ['updated', 'labels'] : ['updated']);
    };
    /** The iid and id of the last one written. */
    const current = () => ({ iid, id });
    return { write, on, expectUpdate, current };
  }

  return { t, api, uid, tok, ids, effectsOf, mutate, issuableWrites };
}
