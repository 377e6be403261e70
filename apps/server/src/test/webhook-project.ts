import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../db/connection';
import { AccessLevel } from '../policy/access-levels';
import { addGroupMember, createGroup, createProject, createToken, createUser } from './factories';

/** Lets webhooks reach loopback receivers (GitLab's `allow_local_requests_from_web_hooks_and_services`). */
export async function allowLocalWebhooks(db: Database): Promise<void> {
  await db
    .insertInto('application_settings')
    .values({ key: 'allow_local_requests_from_web_hooks_and_services', value: sql`'true'::jsonb` })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`excluded.value` }))
    .execute();
}

/**
 * A Maintainer (`path` as username and group path) with a token, their group's project `app`, and
 * an issue-events hook on it to `hookUrl`, registered through the started server at `serverUrl`
 * once that process has read the stored settings (each process caches them for a few seconds).
 */
export async function hookedProject(
  db: Database,
  serverUrl: string,
  hookUrl: string,
  path: string,
): Promise<{ token: string; projectId: number }> {
  const user = await createUser(db, { username: path });
  const token = await createToken(db, user.id);
  const group = await createGroup(db, { path });
  const projectId = (await createProject(db, { namespaceId: group.id, path: 'app' })).id;
  await addGroupMember(db, group.id, user.id, AccessLevel.MAINTAINER);
  await new Promise((resolve) => setTimeout(resolve, 5_500));
  const hook = await fetch(`${serverUrl}/api/v4/projects/${projectId}/hooks`, {
    method: 'POST',
    headers: { 'private-token': token, 'content-type': 'application/json' },
    body: JSON.stringify({ url: hookUrl, issues_events: true, push_events: false }),
  });
  expect(hook.status, await hook.clone().text()).toBe(201);
  return { token, projectId };
}
