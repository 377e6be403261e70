import { conflict, DomainError, notFound } from '../../../errors';
import type { ServiceContext } from '../../../service-context';
import { findIssue } from '../../issues';
import { findGroup, findProject } from '../../namespaces';
import { assignChildEpic } from '../epic-children.service';
import { EpicTooDeepError } from '../epic-hierarchy';
import type { EpicRow } from '../epic-query';
import { findEpic } from '../epics.service';
import { assignIssue } from '../issues/epic-issues.service';
import { epicTokens, issueTokens, type ParsedToken, splitTreeReferences } from './tree-link-references';

/** GitLab's answers when no reference names an item the user can see (hidden and missing alike). */
export const NO_MATCHING_ISSUE = 'No matching issue found. Make sure that you are adding a valid issue URL.';
export const NO_MATCHING_EPIC = 'No matching epic found. Make sure that you are adding a valid epic URL.';
/** GitLab's 409 when a child would take the tree past its depth limit (IE §8). */
export const EPIC_TOO_DEEP = 'Epic hierarchy level too deep';

export interface TreeLinkOutcome {
  /** How many references were added. */
  added: number;
  /** null when every reference was added; otherwise which were not, and why (partial success). */
  message: string | null;
}

type Failure = { token: string; error: DomainError };

/** Which refusal answers a request where nothing was added: the most telling one. */
const RANK: Record<string, number> = { forbidden: 0, too_deep: 1, bad_request: 2, conflict: 3, not_found: 4 };
const kindOf = (e: DomainError) => (e instanceof EpicTooDeepError ? 'too_deep' : e.code);

function refusal(failures: Failure[], noMatch: string): DomainError {
  const worst = [...failures].sort((a, b) => (RANK[kindOf(a.error)] ?? 9) - (RANK[kindOf(b.error)] ?? 9))[0];
  if (!worst || worst.error.code === 'not_found') return new DomainError('not_found', noMatch);
  if (worst.error instanceof EpicTooDeepError) return conflict(EPIC_TOO_DEEP);
  return worst.error;
}

const reason = (e: DomainError) =>
  e.code === 'not_found' ? 'not found' : e instanceof EpicTooDeepError ? EPIC_TOO_DEEP : e.message;

/**
 * Adds every reference through `add` (the relation service, which checks both ends), each on its
 * own, so the good ones are added when others fail, as GitLab does. Nothing added: the most telling
 * refusal (403 before 409 before 400; 404 `noMatch` when nothing could be found).
 */
async function addEach<T>(
  tokens: ParsedToken<T>[],
  add: (target: T) => Promise<unknown>,
  noMatch: string,
): Promise<TreeLinkOutcome> {
  const failures: Failure[] = [];
  let added = 0;
  for (const { token, target } of tokens) {
    try {
      if (target === null) throw notFound('Reference');
      await add(target);
      added++;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      failures.push({ token, error });
    }
  }
  if (added === 0) throw refusal(failures, noMatch);
  const message = failures.length
    ? `${failures.length} of ${tokens.length} could not be added: ${failures
        .map((f) => `${f.token.slice(0, 100)} (${reason(f.error)})`)
        .join(', ')}`
    : null;
  return { added, message };
}

/** A DomainError from a lookup of the path a reference names is "not found", whatever it was. */
async function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') throw notFound('Reference');
    throw error;
  }
}

/**
 * IE-10 `POST /groups/:group/-/epics/:iid/issues` `{ issuable_references }`: each issue through
 * `assignIssue` (admin_epic_relation on the epic and on an epic the issue leaves, the group
 * hierarchy and the confidential rule). Hidden issues are not found, exactly as missing ones.
 */
export async function addEpicIssuesByReferences(
  ctx: ServiceContext,
  epic: EpicRow,
  references: readonly string[],
): Promise<TreeLinkOutcome> {
  const { db, actor } = ctx;
  const tokens = issueTokens(splitTreeReferences(references), epic.group_full_path);
  return addEach(
    tokens,
    async (target) => {
      const issue = await orNotFound(async () => {
        const project = await findProject(db, actor, { fullPath: target.target_project_id });
        return findIssue(db, actor, project.id, target.target_issue_iid);
      });
      await assignIssue(db, actor, epic, issue.id);
    },
    NO_MATCHING_ISSUE,
  );
}

/**
 * IE-10 `POST /groups/:group/-/epics/:iid/links` `{ issuable_references }`: each epic becomes a child
 * through `assignChildEpic` (admin_epic_relation on the parent, update_epic on the child, same or
 * descendant group, no cycle, the depth limit, the confidential rule).
 */
export async function addChildEpicsByReferences(
  ctx: ServiceContext,
  parent: EpicRow,
  references: readonly string[],
): Promise<TreeLinkOutcome> {
  const { db, actor } = ctx;
  const tokens = epicTokens(splitTreeReferences(references), parent.group_full_path);
  return addEach(
    tokens,
    async (target) => {
      const child = await orNotFound(async () => {
        const group = await findGroup(db, actor, { fullPath: target.groupPath });
        return findEpic(db, actor, group.id, target.iid);
      });
      await assignChildEpic(ctx, parent, child.id);
    },
    NO_MATCHING_EPIC,
  );
}
