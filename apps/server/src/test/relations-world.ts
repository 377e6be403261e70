import { AccessLevel } from '../policy/access-levels';
import { addGroupMember, addProjectMember, createGroup, createProject } from '../test/factories';
import type { StartedServer } from '../test/started-server';
import { createUsersWithTokens } from './api-client';

/**
 * The world the relation and leak attack suites start from:
 *   acme (internal)            owner: Owner; groupReporter: Reporter
 *   ├── acme/web (internal)    projPlanner: Planner (project only); guest: Guest (project only)
 *   └── acme/sub (internal)    subPlanner: Planner on the subgroup
 *       └── acme/sub/app (internal)
 *   mine/own (private)         attacker: Guest, their own project
 *   victim/pub (public)        victimOwner: Owner
 * plus an outsider and a blocked user, every one with an api token.
 */
export type Who =
  | 'owner'
  | 'groupReporter'
  | 'projPlanner'
  | 'guest'
  | 'subPlanner'
  | 'attacker'
  | 'victimOwner'
  | 'outsider'
  | 'blocked';

export interface RelationsWorld {
  uid: Record<Who, number>;
  acme: { id: number };
  sub: { id: number };
  web: { id: number };
  app: { id: number };
  own: { id: number };
  pub: { id: number };
}

export interface Answer {
  status: number;
  json: unknown;
}

/** A numeric field of a JSON object answer (`id`, `iid`…). */
export function num(a: Answer, key: string): number {
  return (a.json as Record<string, number>)[key] as number;
}

export function client(s: StartedServer, tokens: Record<string, string>) {
  return async (method: string, path: string, who?: Who, body?: object): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (who) headers['private-token'] = tokens[who] ?? '';
    if (body) headers['content-type'] = 'application/json';
    const res = await s.http(`/api/v4${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, json };
  };
}

export async function buildRelationsWorld(
  s: StartedServer,
  prefix: string,
): Promise<{ w: RelationsWorld; tokens: Record<string, string> }> {
  const db = s.db;
  const names: Who[] = [
    'owner',
    'groupReporter',
    'projPlanner',
    'guest',
    'subPlanner',
    'attacker',
    'victimOwner',
    'outsider',
    'blocked',
  ];
  const uid = {} as Record<Who, number>;
  const { tok: tokens } = await createUsersWithTokens(db, names, { prefix: `${prefix}_`, into: { uid } });
  await db.updateTable('users').set({ state: 'blocked' }).where('id', '=', uid.blocked).execute();
  const acme = await createGroup(db, { path: `${prefix}acme`, visibility: 10 });
  const sub = await createGroup(db, { path: 'sub', parentId: acme.id, visibility: 10 });
  const web = await createProject(db, { namespaceId: acme.id, path: 'web', visibility: 10 });
  const app = await createProject(db, { namespaceId: sub.id, path: 'app', visibility: 10 });
  const mine = await createGroup(db, { path: `${prefix}mine` });
  const own = await createProject(db, { namespaceId: mine.id, path: 'own' });
  const victim = await createGroup(db, { path: `${prefix}victim`, visibility: 20 });
  const pub = await createProject(db, { namespaceId: victim.id, path: 'pub', visibility: 20 });
  await addGroupMember(db, acme.id, uid.owner, AccessLevel.OWNER);
  await addGroupMember(db, acme.id, uid.groupReporter, AccessLevel.REPORTER);
  await addProjectMember(db, web.id, uid.projPlanner, AccessLevel.PLANNER);
  await addProjectMember(db, web.id, uid.guest, AccessLevel.GUEST);
  await addGroupMember(db, sub.id, uid.subPlanner, AccessLevel.PLANNER);
  await addProjectMember(db, own.id, uid.attacker, AccessLevel.GUEST);
  await addGroupMember(db, victim.id, uid.victimOwner, AccessLevel.OWNER);
  return { w: { uid, acme, sub, web, app, own, pub }, tokens };
}
