/**
 * GitLab-flavoured references: issues `#12`, `group/project#12`; epics `&3`, `group/sub&3` and the
 * filter form `group::&3`; milestones `%title`, `%"Milestone title"`; labels `~label`,
 * `~"scoped::label"`. Pure parse/format with table tests beside.
 */

import { isInt4Id } from '../ids/int4';

export type Reference =
  | { kind: 'issue'; path: string | null; iid: number }
  | { kind: 'epic'; path: string | null; iid: number }
  | { kind: 'milestone'; title: string }
  | { kind: 'label'; title: string };

const PATH = '[A-Za-z0-9_][A-Za-z0-9_.\\-]*(?:/[A-Za-z0-9_][A-Za-z0-9_.\\-]*)*';
const ISSUE_RE = new RegExp(`^(${PATH})?#(\\d{1,10})$`);
const EPIC_RE = new RegExp(`^(?:(${PATH})(::)?)?&(\\d{1,10})$`);
const QUOTED_RE = /^"((?:[^"\\]|\\.)+)"$/;
const BARE_LABEL_RE = /^[^\s"~%&#,]+$/;

/** An iid as written (`12`) → the number, when it is one a PostgreSQL integer column holds (1 … 2^31-1); else null. */
export function parseIid(raw: string): number | null {
  const n = Number(raw);
  return isInt4Id(n) ? n : null;
}

function unquote(raw: string): string | null {
  const quoted = QUOTED_RE.exec(raw);
  if (quoted) return (quoted[1] as string).replace(/\\(.)/g, '$1');
  return BARE_LABEL_RE.test(raw) ? raw : null;
}

/** Parses one whole reference token; null when the text is not a reference. */
export function parseReference(input: string): Reference | null {
  const text = input.trim();
  if (!text) return null;
  const sigil = text[0];
  if (sigil === '~' || sigil === '%') {
    const title = unquote(text.slice(1));
    if (!title) return null;
    return sigil === '~' ? { kind: 'label', title } : { kind: 'milestone', title };
  }
  const issue = ISSUE_RE.exec(text);
  if (issue) {
    const iid = parseIid(issue[2] as string);
    return iid === null ? null : { kind: 'issue', path: issue[1] ?? null, iid };
  }
  const epic = EPIC_RE.exec(text);
  if (epic) {
    const iid = parseIid(epic[3] as string);
    return iid === null ? null : { kind: 'epic', path: epic[1] ?? null, iid };
  }
  return null;
}

/** Quotes a label or milestone title when it contains characters that end a bare token. */
function quoteTitle(title: string): string {
  return BARE_LABEL_RE.test(title) && !title.includes('::') ? title : `"${title.replace(/(["\\])/g, '\\$1')}"`;
}

/** Formats a reference back to text: the inverse of parseReference (labels with `::` are quoted). */
export function formatReference(ref: Reference): string {
  switch (ref.kind) {
    case 'issue':
      return `${ref.path ?? ''}#${ref.iid}`;
    case 'epic':
      return `${ref.path ?? ''}&${ref.iid}`;
    case 'milestone':
      return `%${quoteTitle(ref.title)}`;
    case 'label':
      return `~${quoteTitle(ref.title)}`;
  }
}

/**
 * The path to print for a target seen from a context path, as GitLab does for `relative`
 * references: '' when the same, the last segment when both share a parent namespace, else the
 * full path. relativePath('acme/web', 'acme/web') → ''; relativePath('acme/api', 'acme/web') → 'api';
 * relativePath('other/x', 'acme/web') → 'other/x'.
 */
export function relativePath(targetPath: string, contextPath: string | null): string {
  if (contextPath === null) return targetPath;
  if (targetPath.toLowerCase() === contextPath.toLowerCase()) return '';
  const parent = (p: string) => p.slice(0, Math.max(0, p.lastIndexOf('/'))).toLowerCase();
  if (parent(targetPath) !== '' && parent(targetPath) === parent(contextPath)) {
    return targetPath.slice(targetPath.lastIndexOf('/') + 1);
  }
  return targetPath;
}

export interface References {
  short: string;
  relative: string;
  full: string;
}

/**
 * GitLab's `references` object for an issue (sigil '#'), merge request ('!') or epic ('&'):
 * issueReferences('#', 'acme/web', 12, 'acme/web') → { short: '#12', relative: '#12', full: 'acme/web#12' }.
 * `contextPath` is the project or group the list was requested from (null → full path).
 */
export function buildReferences(
  sigil: '#' | '!' | '&',
  fullPath: string,
  iid: number,
  contextPath: string | null,
): References {
  return {
    short: `${sigil}${iid}`,
    relative: `${relativePath(fullPath, contextPath)}${sigil}${iid}`,
    full: `${fullPath}${sigil}${iid}`,
  };
}
