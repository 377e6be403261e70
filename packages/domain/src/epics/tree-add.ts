/**
 * The epic tree's add forms (IE §5, §8, §9): pure text rules shared by the web forms.
 */

export type TreeItemType = 'issue' | 'epic';

/** IE §5 "Add-existing input": what was typed, split on white space into finished tokens and the one being typed. */
export function splitReferenceInput(tokens: readonly string[], text: string): { tokens: string[]; pending: string } {
  const parts = text.split(/\s+/);
  // The last part is still being typed unless the text ends with white space.
  const pending = /\s$/.test(text) ? '' : (parts.pop() ?? '');
  const next = [...tokens];
  for (const part of parts) if (part && !next.includes(part)) next.push(part);
  return { tokens: next, pending };
}

/** The tokens to submit: the finished ones and what is still typed, empties dropped, duplicates once. */
export function referencesToSubmit(tokens: readonly string[], pending: string): string[] {
  return splitReferenceInput(tokens, `${pending} `).tokens;
}

/** GitLab's depth refusal, answered with 409 (IE §8). */
export const EPIC_TOO_DEEP_MESSAGE = 'Epic hierarchy level too deep';

/**
 * IE §8 add failures: 404 names the missing type; 409 with GitLab's depth message says the epic is
 * full; anything else shows the server's message (a fallback when it sent none).
 */
export function addFailureMessage(type: TreeItemType, status: number, serverMessage: string | null): string {
  if (status === 404) return type === 'issue' ? 'Issue cannot be found.' : 'Epic cannot be found.';
  if (status === 409 && serverMessage === EPIC_TOO_DEEP_MESSAGE)
    return 'This epic already has the maximum number of child epics.';
  return serverMessage || `Something went wrong while adding the ${type}.`;
}

/** IE §5 form headings: the confidential variant when the parent epic is confidential. */
export function treeFormHeading(kind: 'create' | 'add', type: TreeItemType, confidential: boolean): string {
  if (kind === 'create') return confidential ? `Create new confidential ${type}` : `Create new ${type}`;
  return confidential ? `Add existing confidential ${type}` : `Add existing ${type}`;
}

/** IE §5 title placeholders (the confidential epic one ends with a space, as GitLab's does). */
export function treeTitlePlaceholder(type: TreeItemType, confidential: boolean): string {
  if (type === 'epic') return confidential ? 'New confidential epic title ' : 'New epic title';
  return confidential ? 'New confidential issue title' : 'New issue title';
}

/** IE §9: at most 3 recently used projects are offered first. */
export const RECENT_PROJECTS_MAX = 3;

/** IE §5: the recently used projects offered for a parent: those under the parent group's path, newest first. */
export function recentProjectsUnder<T extends { path_with_namespace: string }>(
  recent: readonly T[],
  groupPath: string,
): T[] {
  const prefix = `${groupPath.toLowerCase()}/`;
  return recent.filter((p) => p.path_with_namespace.toLowerCase().startsWith(prefix)).slice(0, RECENT_PROJECTS_MAX);
}
