import type { Database } from '../../db/connection';
import { conflict, DomainError } from '../../errors';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import type { ProjectRow } from '../namespaces';
import { createIssueLink, type IssueLinkResult, type IssueLinkType } from './issue-links.service';
import { issueTargetsFromReferences } from './issue-references';

/** GitLab's answer when a pasted reference names no issue the user can see. */
export const NO_MATCHING_ISSUE = 'No matching issue found. Make sure that you are adding a valid issue URL.';

/**
 * "Add related issues" with several references at once (IE §5): every reference is linked through
 * `createIssueLink`, which checks both ends, in one transaction, so a refused one links none. Issues
 * already linked are skipped; when all were, 409 as GitLab answers.
 */
export async function createIssueLinksByReferences(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
  input: { issuable_references: string[]; link_type?: IssueLinkType },
): Promise<IssueLinkResult[]> {
  requireActor(actor);
  const targets = issueTargetsFromReferences(input.issuable_references, project.full_path);
  const created = await db.transaction().execute(async (trx) => {
    const results: IssueLinkResult[] = [];
    for (const target of targets) {
      try {
        results.push(await createIssueLink(trx, actor, project, iid, { ...target, link_type: input.link_type }));
      } catch (error) {
        if (error instanceof DomainError && error.code === 'conflict') continue;
        if (error instanceof DomainError && error.code === 'not_found')
          throw new DomainError('not_found', NO_MATCHING_ISSUE);
        throw error;
      }
    }
    return results;
  });
  if (created.length === 0) throw conflict('Issue(s) already assigned');
  return created;
}
