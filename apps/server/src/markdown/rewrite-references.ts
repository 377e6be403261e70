import { type FoundReference, findReferences, type ReferenceContext } from '@meridian/domain';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

interface MdastNode {
  type: string;
  value?: string;
  position?: { start: { offset?: number }; end: { offset?: number } };
  children?: MdastNode[];
}

/** Nodes whose text is never a reference (as the renderer's links and code). */
const SKIPPED = new Set([
  'link',
  'linkReference',
  'inlineCode',
  'code',
  'html',
  'definition',
  'image',
  'imageReference',
]);

const parser = unified().use(remarkParse).use(remarkGfm).freeze();
const parentOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));
const lastSegment = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** How a project is named from the target's text, as GitLab's `to_reference(from)`: nothing, its path, or its full path. */
function projectPrefix(project: string, to: ReferenceContext): string {
  if (project === to.projectPath) return '';
  if (to.projectPath && parentOf(project) === parentOf(to.projectPath)) return lastSegment(project);
  return project;
}

/**
 * Rewrites the issue, merge request and epic references of `markdown`, written in `from`'s text, so
 * that they point at the same items when read as `to`'s text — GitLab's Gfm::ReferenceRewriter when
 * an issue moves: `#12` becomes `acme/web#12` (or `web#12` from a sibling project), `&5` becomes
 * `acme&5` outside the epic's group, and `api#3` becomes `#3` in `api` itself. Text inside code and
 * links stays as written; so do labels and milestones, which Meridian names by title in either project.
 */
export function rewriteReferences(markdown: string, from: ReferenceContext, to: ReferenceContext): string {
  return replaceReferences(markdown, from, (ref) => rewritten(ref.type, ref.data, ref.original, to));
}

/**
 * Each issue, merge request and epic reference of `markdown` (read as `from`'s text, outside code and
 * links, as the renderer finds them) replaced by what `replace` answers for it — its `original` keeps it.
 */
export function replaceReferences(
  markdown: string,
  from: ReferenceContext,
  replace: (ref: FoundReference) => string,
): string {
  if (!/[#!&]/.test(markdown)) return markdown;
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const walk = (node: MdastNode) => {
    if (SKIPPED.has(node.type)) return;
    if (node.type === 'text') {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      // Escapes and entities make the source differ from the value: such a run is left as written.
      if (start === undefined || end === undefined || markdown.slice(start, end) !== node.value) return;
      for (const ref of findReferences(node.value, from)) {
        if (ref.type !== 'issue' && ref.type !== 'merge_request' && ref.type !== 'epic') continue;
        const text = replace(ref);
        if (text !== ref.original) edits.push({ start: start + ref.start, end: start + ref.end, text });
      }
      return;
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(parser.parse(markdown) as MdastNode);
  let out = markdown;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

function rewritten(type: string, data: Record<string, string>, original: string, to: ReferenceContext): string {
  const format = data['reference-format'] ?? '';
  const iid = Number(data.iid);
  if (type === 'issue' && data['project-path']) return issueReference(data['project-path'], iid, to, format);
  if (type === 'merge_request' && data['project-path']) {
    return `${projectPrefix(data['project-path'], to)}!${iid}${format}`;
  }
  if (type === 'epic' && data['group-path']) return epicReference(data['group-path'], iid, to, format);
  return original;
}

/** How `to`'s text names issue `iid` of `project` (GitLab's `to_reference(from)`), with a `+`/`+s` format. */
export function issueReference(project: string, iid: number, to: ReferenceContext, format = ''): string {
  return `${projectPrefix(project, to)}#${iid}${format}`;
}

/** How `to`'s text names epic `iid` of `group`. */
export function epicReference(group: string, iid: number, to: ReferenceContext, format = ''): string {
  return `${group === to.groupPath ? '' : group}&${iid}${format}`;
}
