import type { FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import { authenticateSession, authenticateToken, bearerToken } from '../../auth/auth.plugin';
import { SESSION_COOKIE } from '../../auth/session-cookie';
import type { AppContext } from '../../context';
import { type EpicRow, findEpicById } from '../../modules/epics';
import { findReadableIssueById, type IssueRow } from '../../modules/issues';
import { workItemRowOf } from '../../modules/work-items';
import type { Actor } from '../../policy/actor';
import type { ChangeBus } from '../../realtime/change-bus';
import type { GraphQLContext } from '../context';
import { parseTypedGid } from '../gid';
import { nullWhenNotFound } from '../readable';
import type { DeliveryPacer } from './delivery-pacer';
import type { LiveConnection } from './live-limits';

/** What a subscription's resolvers receive: the GraphQL context plus the connection's live state. */
export interface LiveContext extends GraphQLContext {
  /** The WebSocket upgrade request (its cookies and headers). */
  request: FastifyRequest;
  live: LiveConnection;
  bus: ChangeBus;
  /** Paces the process's deliveries (delivery-pacer.ts). */
  pacer: DeliveryPacer;
  /** The personal access token sent in connection_init (`{ token }`), checked when it came. */
  liveToken?: string;
}

/** How a subscription authenticates, every time: a token (connection_init, then the upgrade's header) or the session cookie. */
export type LiveCredential = { kind: 'token'; token: string } | { kind: 'session'; secret: string } | { kind: 'none' };

export function liveCredential(c: LiveContext): LiveCredential {
  const token = c.liveToken ?? bearerToken(c.request);
  if (token) return { kind: 'token', token };
  const secret = c.request.cookies?.[SESSION_COOKIE];
  return secret ? { kind: 'session', secret } : { kind: 'none' };
}

/**
 * The actor the credential names now, by the same rules as an HTTP GET of /api/graphql: a bad
 * token throws (401/403 as DomainError); a stale session is anonymous at subscribe time and, for
 * a later event (`strict`), undefined: the subscription ends.
 */
export async function liveActor(
  ctx: AppContext,
  credential: LiveCredential,
  strict: boolean,
): Promise<Actor | null | undefined> {
  if (credential.kind === 'none') return null;
  if (credential.kind === 'token') {
    return (await authenticateToken(ctx.database.db, credential.token, 'GET', '/api/graphql')).actor;
  }
  const session = await authenticateSession(ctx, credential.secret, { touch: !strict });
  if (session) return session.actor;
  return strict ? undefined : null;
}

/** An issue or an epic a subscription watches. */
export interface LiveTarget {
  type: 'Issue' | 'Epic';
  id: number;
}

export type LiveItem = { type: 'Issue'; row: IssueRow } | { type: 'Epic'; row: EpicRow };

/**
 * The item a `WorkItemID`/`IssuableID` names. Issue ids are issues and Epic ids are epics; a
 * WorkItem id is the issue with that id or else the epic whose `work_item_id` it is (one id space:
 * epics draw theirs from the issues sequence). Whether the actor may read it is `readLiveItem`'s
 * question, so a missing and a hidden item fail the same way.
 */
export async function liveTarget(
  db: AppContext['database']['db'],
  globalId: string | null | undefined,
): Promise<LiveTarget> {
  if (globalId == null) throw notAvailable(); // GitLab's note subscriptions: no noteable, nothing to read
  const parsed = parseTypedGid(globalId, ['WorkItem', 'Issue', 'Epic']);
  if (!parsed) throw new GraphQLError(`${globalId.slice(0, 100)} is not a valid work item id`);
  if (parsed.type === 'Epic') return { type: 'Epic', id: parsed.id };
  if (parsed.type === 'WorkItem') {
    const row = await workItemRowOf(db, parsed.id);
    if (row?.kind === 'epic') return { type: 'Epic', id: row.id };
  }
  return { type: 'Issue', id: parsed.id };
}

/** The item as the actor may read it now (the same read as `Query.issue` and the epic pages), or undefined. */
export async function readLiveItem(db: AppContext['database']['db'], actor: Actor | null, target: LiveTarget) {
  if (target.type === 'Issue') {
    const row = await findReadableIssueById(db, actor, target.id);
    return row ? ({ type: 'Issue', row } satisfies LiveItem) : undefined;
  }
  const row = await nullWhenNotFound(findEpicById(db, actor, target.id));
  return row ? ({ type: 'Epic', row } satisfies LiveItem) : undefined;
}

/** GitLab's answer for a resource that is missing or hidden from you: the same for both. */
export const RESOURCE_NOT_AVAILABLE =
  "The resource that you are attempting to access does not exist or you don't have permission to perform this action";

export const notAvailable = () => new GraphQLError(RESOURCE_NOT_AVAILABLE, { extensions: { code: 'NOT_FOUND' } });
