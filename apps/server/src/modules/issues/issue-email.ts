import { instanceHmac } from '../../auth/instance-secret';
import type { AppContext } from '../../context';
import { canIssue } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import type { IssueSubject } from '../../policy/subjects';

/** GitLab's Gitlab::Utils.slugify: lower case, every other character a dash, 63 characters, no end dashes. */
export function pathSlug(path: string): string {
  return path
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '-')
    .slice(0, 63)
    .replace(/^-+|-+$/g, '');
}

/** 25 base-36 characters, the shape of GitLab's incoming_email_token, from 128 bits. */
export function tokenOf(digest: Buffer): string {
  return BigInt(`0x${digest.subarray(0, 16).toString('hex')}`)
    .toString(36)
    .padStart(25, '0');
}

/**
 * The user's incoming email token: derived from the user id under the instance secret, so it is
 * stable, differs per instance and is never stored.
 */
export async function incomingEmailToken(ctx: AppContext, userId: number): Promise<string> {
  return tokenOf(await instanceHmac(ctx.database.db, 'incoming_email_token', String(userId)));
}

export interface IssueEmailTarget {
  issue: IssueSubject;
  projectId: number;
  projectFullPath: string;
  iid: number;
}

/**
 * GitLab's `create_note_email`: the address that adds a comment to the issue as the actor,
 * `%{key}` of INCOMING_EMAIL_ADDRESS replaced by `<path slug>-<project id>-<token>-issue-<iid>`.
 * Null when the setting is unset or the actor may not comment on the issue.
 */
export async function createNoteEmail(
  ctx: AppContext,
  actor: Actor | null,
  target: IssueEmailTarget,
): Promise<string | null> {
  const template = ctx.config.INCOMING_EMAIL_ADDRESS;
  if (!template || !actor || !canIssue(actor, 'create_note', target.issue)) return null;
  const token = await incomingEmailToken(ctx, actor.id);
  const key = `${pathSlug(target.projectFullPath)}-${target.projectId}-${token}-issue-${target.iid}`;
  return template.replace('%{key}', () => key);
}
