import { parseEpicArg } from '@meridian/domain';
import { badRequest } from '../../../errors';
import { type IssueTarget, issueTargetFromWord } from '../../issue-links';

/** At most this many references in one add (the related-issues form's limit). */
export const MAX_TREE_REFERENCES = 20;

/** One typed token and what it names, or null when it is no reference of the kind. */
export interface ParsedToken<T> {
  token: string;
  target: T | null;
}

/** An epic named by a reference: its group's full path and iid. */
export interface EpicTarget {
  groupPath: string;
  iid: number;
}

/**
 * The add form's tokens (IE §5 "Add-existing input"): split on white space, empties dropped,
 * duplicates ignored; 400 when none is left or more than MAX_TREE_REFERENCES remain.
 */
export function splitTreeReferences(references: readonly string[]): string[] {
  const words = [...new Set(references.flatMap((r) => r.split(/\s+/)).filter((w) => w.length > 0))];
  if (words.length === 0) throw badRequest('issuable_references is missing', 'issuable_references');
  if (words.length > MAX_TREE_REFERENCES)
    throw badRequest(
      `issuable_references is too long (maximum is ${MAX_TREE_REFERENCES} references)`,
      'issuable_references',
    );
  return words;
}

/**
 * Issue references seen from an epic's group `groupPath`: `group/project#12`, `project#12` (a
 * project of the group) and issue URLs; a bare `#12` names no project from a group.
 */
export function issueTokens(words: readonly string[], groupPath: string): ParsedToken<IssueTarget>[] {
  return onePerTarget(
    words.map((token) => ({ token, target: issueTargetFromWord(token, null, groupPath) })),
    (t) => `${t.target_project_id.toLowerCase()}#${t.target_issue_iid}`,
  );
}

/** Epic references seen from the epic's group: `&3` (this group), `group/sub&3` and epic URLs. */
export function epicTokens(words: readonly string[], groupPath: string): ParsedToken<EpicTarget>[] {
  return onePerTarget(
    words.map((token) => {
      const arg = parseEpicArg(token);
      return { token, target: arg ? { groupPath: arg.path ?? groupPath, iid: arg.iid } : null };
    }),
    (t) => `${t.groupPath.toLowerCase()}&${t.iid}`,
  );
}

/** Two tokens naming the same item (`web#1` and `group/web#1`) count once: the first is kept. */
function onePerTarget<T>(tokens: ParsedToken<T>[], keyOf: (target: T) => string): ParsedToken<T>[] {
  const seen = new Set<string>();
  return tokens.filter(({ target }) => {
    if (target === null) return true;
    const key = keyOf(target);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
