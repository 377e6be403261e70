import { parseIid, parseReference } from '@meridian/domain';
import { badRequest } from '../../errors';

/** An issue named by a reference, as `createIssueLink`'s target: a project (id or full path) and an iid. */
export interface IssueTarget {
  target_project_id: string;
  target_issue_iid: number;
}

/** At most this many references in one request ("several at once", each checked on both ends). */
export const MAX_REFERENCES = 20;

const ISSUE_URL_PATH = /^\/(.+)\/-\/issues\/(\d{1,10})\/?$/;

/**
 * Turns what a user pasted into the "add related issues" field into issue targets, seen from the
 * project `contextPath`: `#12` (this project), `group/project#12`, `project#12` (a sibling in the same
 * namespace, as GitLab reads it) and issue URLs (`https://host/group/project/-/issues/12`). Tokens are
 * split on whitespace and commas and de-duplicated. 400 naming the first token that is none of these.
 */
export function issueTargetsFromReferences(tokens: readonly string[], contextPath: string): IssueTarget[] {
  const words = tokens.flatMap((t) => t.split(/[\s,]+/)).filter((w) => w.length > 0);
  const targets = new Map<string, IssueTarget>();
  for (const word of words) {
    const target = issueTargetFromWord(word, contextPath);
    if (!target)
      throw badRequest(
        `issuable_references is invalid: '${word.slice(0, 100)}' is not an issue reference`,
        'issuable_references',
      );
    const key = `${target.target_project_id.toLowerCase()}#${target.target_issue_iid}`;
    if (!targets.has(key)) targets.set(key, target);
  }
  if (targets.size === 0) throw badRequest('issuable_references is missing', 'issuable_references');
  if (targets.size > MAX_REFERENCES) {
    throw badRequest(
      `issuable_references is too long (maximum is ${MAX_REFERENCES} references)`,
      'issuable_references',
    );
  }
  return [...targets.values()];
}

/**
 * One token as an issue target, or null. `contextPath` is the project a bare `#12` means (none from
 * a group: pass null); `namespacePath` the namespace a `project#12` is relative to (by default the
 * context project's).
 */
export function issueTargetFromWord(
  word: string,
  contextPath: string | null,
  namespacePath = contextPath?.includes('/') ? contextPath.slice(0, contextPath.lastIndexOf('/')) : '',
): IssueTarget | null {
  return fromUrl(word) ?? fromReference(word, contextPath, namespacePath);
}

function fromReference(word: string, contextPath: string | null, parent: string): IssueTarget | null {
  const ref = parseReference(word);
  if (ref?.kind !== 'issue') return null;
  let path = ref.path ?? contextPath;
  if (path === null) return null;
  if (ref.path && !ref.path.includes('/') && parent) path = `${parent}/${ref.path}`;
  return { target_project_id: path, target_issue_iid: ref.iid };
}

function fromUrl(word: string): IssueTarget | null {
  if (!/^https?:\/\//i.test(word)) return null;
  let url: URL;
  try {
    url = new URL(word);
  } catch {
    return null;
  }
  const match = ISSUE_URL_PATH.exec(url.pathname);
  if (!match) return null;
  let path: string;
  try {
    path = decodeURIComponent(match[1] as string);
  } catch {
    return null;
  }
  const iid = parseIid(match[2] as string);
  return iid === null ? null : { target_project_id: path, target_issue_iid: iid };
}
