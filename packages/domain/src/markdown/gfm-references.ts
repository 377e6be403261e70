import { isInt4Id } from '../ids';

/**
 * GitLab's reference filters for the renderer: `@user`, `#12`, `!3`, `&5`, `~label`, `~"two words"`,
 * `%milestone`, `%"Sprint 3"` (and `path#12`, `path!3`, `group&5`; `#12+` asks for the item's title)
 * in text outside links and code become links with GitLab's `gfm` classes and data attributes. Purely syntactic — no lookup — so
 * the stored HTML says nothing about what exists or what it is called: titles come from the hover
 * card, fetched by the reader under their own permissions, and `redact-references.ts` turns a link
 * the reader may not follow back into its text.
 */

export interface ReferenceContext {
  /** The project the text belongs to ('acme/web'): `#12`, `!3`, `~bug`, `%v1` are its. */
  projectPath?: string;
  /** The group the text belongs to (an epic's), or the project's group: `&5` is its epic. */
  groupPath?: string;
}

export type ReferenceType = 'user' | 'issue' | 'merge_request' | 'epic' | 'label' | 'milestone';

export interface FoundReference {
  type: ReferenceType;
  /** The text as written, e.g. `#12`, `~"two words"`. */
  original: string;
  href: string;
  /** data-* attributes (without the prefix), in GitLab's spirit: project-path, group-path, iid, username, name. */
  data: Record<string, string>;
}

/** A namespace or project path segment, as namespace-params.ts allows them (never `.`, `..` or empty). */
const PATH_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const isNamespacePath = (path: string) => path.split('/').every((segment) => PATH_SEGMENT.test(segment));
/** One pass over the text: a sigil, an optional path before `#`/`!`/`&`, and what follows. Linear, no nesting. */
const CANDIDATE =
  /(^|[^\w/.@#!&~%-])(?:@([A-Za-z0-9_][A-Za-z0-9_.-]{0,254})|([A-Za-z0-9_./-]{0,255})([#!&])(\d{1,10})(?:(\+s?)(?!\w)|\b)|([~%])(?:"([^"\n]{1,255})"|([A-Za-z0-9_][A-Za-z0-9_.?&-]{0,254})))/g;

const enc = (path: string) => path.split('/').map(encodeURIComponent).join('/');
const parentOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));

/** A written project path: `api` is a sibling of the context project, `other/x` a full path. */
function projectOf(written: string | undefined, ctx: ReferenceContext): string | undefined {
  if (!written) return ctx.projectPath;
  if (written.includes('/')) return written;
  const parent = ctx.projectPath ? parentOf(ctx.projectPath) : ctx.groupPath;
  return parent ? `${parent}/${written}` : undefined;
}

type Resolved = Omit<FoundReference, 'original'>;

function issuable(sigil: string, path: string | undefined, iidText: string, ctx: ReferenceContext): Resolved | null {
  const iid = Number(iidText);
  if (!isInt4Id(iid)) return null;
  if (path !== undefined && !isNamespacePath(path)) return null;
  if (sigil === '&') {
    const group = path ?? ctx.groupPath;
    if (!group) return null;
    return {
      type: 'epic' as const,
      href: `/groups/${enc(group)}/-/epics/${iid}`,
      data: { 'group-path': group, iid: String(iid) },
    };
  }
  const project = projectOf(path, ctx);
  if (!project) return null;
  const type = sigil === '#' ? ('issue' as const) : ('merge_request' as const);
  const section = sigil === '#' ? 'issues' : 'merge_requests';
  return { type, href: `/${enc(project)}/-/${section}/${iid}`, data: { 'project-path': project, iid: String(iid) } };
}

function titled(sigil: string, title: string, ctx: ReferenceContext): Resolved | null {
  const list = ctx.projectPath ? `/${enc(ctx.projectPath)}` : ctx.groupPath ? `/groups/${enc(ctx.groupPath)}` : null;
  if (!list) return null;
  const container: Record<string, string> = ctx.projectPath
    ? { 'project-path': ctx.projectPath }
    : { 'group-path': ctx.groupPath as string };
  if (sigil === '~') {
    return {
      type: 'label' as const,
      href: `${list}/-/issues?label_name[]=${encodeURIComponent(title)}`,
      data: { ...container, name: title },
    };
  }
  return {
    type: 'milestone' as const,
    href: `${list}/-/issues?milestone_title=${encodeURIComponent(title)}`,
    data: { ...container, name: title },
  };
}

/** The references in one run of plain text, with where each starts and ends. */
export function findReferences(
  text: string,
  ctx: ReferenceContext,
): Array<FoundReference & { start: number; end: number }> {
  const found: Array<FoundReference & { start: number; end: number }> = [];
  for (const m of text.matchAll(CANDIDATE)) {
    const lead = m[1] ?? '';
    const start = (m.index ?? 0) + lead.length;
    let original = m[0].slice(lead.length);
    let ref: Resolved | null = null;
    if (m[2] !== undefined) {
      // A sentence may end right after the name: `thanks @bob.`
      const username = m[2].replace(/[.-]+$/, '');
      original = `@${username}`;
      ref = { type: 'user', href: `/users/${encodeURIComponent(username)}`, data: { username } };
    } else if (m[4] !== undefined) {
      ref = issuable(m[4], m[3] || undefined, m[5] as string, ctx);
      // `#12+` (title) and `#12+s` (title and summary): filled in for each reader by the reference redactor.
      if (ref && m[6]) ref.data['reference-format'] = m[6];
    } else if (m[7] !== undefined) {
      const bare = m[9]?.replace(/[.?&-]+$/, '');
      if (bare !== undefined) original = `${m[7]}${bare}`;
      const title = m[8] ?? bare;
      if (title) ref = titled(m[7], title, ctx);
    }
    if (ref) found.push({ ...ref, original, start, end: start + original.length });
  }
  return found;
}

/** The context of a project's text: the project, and its group for `&5`. */
export function projectReferenceContext(project: {
  full_path: string;
  namespace_type: string;
  namespace_full_path: string;
}): ReferenceContext {
  return {
    projectPath: project.full_path,
    ...(project.namespace_type === 'Group' ? { groupPath: project.namespace_full_path } : {}),
  };
}
