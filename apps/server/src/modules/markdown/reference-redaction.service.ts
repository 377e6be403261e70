import { referenceSummaryParts } from '@meridian/domain';
import type { Element, Root } from 'hast';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection';
import { elementsOf, onlyText, parseStoredHtml, sanitizedHtml } from '../../markdown/stored-html';
import type { Actor } from '../../policy/actor';
import { epicReadable, issueReadable, mergeRequestReadable } from '../../policy/sql-scopes';
import { fullPathOf } from '../namespaces';

/**
 * GitLab's reference redactor: stored HTML holds a link for every `#12`, `!3` and `&5` written
 * (packages/domain's markdown/gfm-references.ts, no lookup at write time); before it is shown, the links to issues,
 * merge requests and epics this reader may not read — missing, hidden, confidential, moderated —
 * go back to their plain text, and a readable `#12+` link shows the item's title, `Title (#12)`, and
 * `#12+s` its summary too, `Title (#12 - @alice - v1.0 - On track)`. One statement per kind for any
 * number of texts. The edits are made on the parsed tree (titles are text nodes, never markup or
 * replacement patterns) and the result passes the renderer's sanitizer again.
 */

/** The link kinds a reader may not be allowed to follow. */
const KINDS = new Set<string>(['issue', 'merge_request', 'epic']);

/** A cheap test before parsing: only HTML the renderer gave such a link is parsed. */
const MAY_HOLD_LINKS = /data-reference-type="(?:issue|merge_request|epic)"/;

/** At most this many distinct targets are checked per call; links beyond it are shown as text. */
const MAX_TARGETS = 500;

type Kind = 'issue' | 'merge_request' | 'epic';
const keyOf = (kind: Kind, path: string, iid: string) => `${kind}:${path.toLowerCase()}:${iid}`;

/** One of the renderer's issue, merge request or epic links (user text cannot produce the class: raw HTML is dropped). */
interface Link {
  element: Element;
  parent: Root | Element;
  kind: Kind;
  text: string;
  target: { path: string; iid: string } | null;
}

const stringProperty = (element: Element, name: string) => {
  const value = element.properties[name];
  return typeof value === 'string' ? value : undefined;
};

function linkOf(element: Element, parent: Root | Element): Link | null {
  const kind = stringProperty(element, 'dataReferenceType');
  const classes = element.properties.className;
  if (element.tagName !== 'a' || !kind || !KINDS.has(kind) || !Array.isArray(classes) || !classes.includes('gfm')) {
    return null;
  }
  const text = onlyText(element);
  if (text === null) return null;
  const path = stringProperty(element, kind === 'epic' ? 'dataGroupPath' : 'dataProjectPath');
  const iid = stringProperty(element, 'dataIid');
  const target = path && iid && /^\d{1,10}$/.test(iid) ? { path, iid } : null;
  return { element, parent, kind: kind as Kind, text, target };
}

interface Targets {
  paths: string[];
  lastSegments: string[];
  iids: number[];
}

/** What a readable link may show: the title, and for `+s` the summary's parts (none for epics). */
interface Shown {
  title: string;
  assignees: string[];
  milestone: string | null;
  healthStatus: string | null;
}

type Row = {
  path: string;
  iid: number;
  title: string;
  assignees?: string[] | null;
  milestone?: string | null;
  health_status?: string | null;
};

/** The readable targets among `wanted`, by key, with their titles; the query holds the policy's condition. */
async function readableKeys(
  db: Database,
  kind: Kind,
  t: Targets,
  query: (t: Targets) => RawBuilder<Row>,
): Promise<Map<string, Shown>> {
  if (t.iids.length === 0) return new Map();
  const rows = (await query(t).execute(db)).rows;
  return new Map(
    rows.map((r) => [
      keyOf(kind, r.path, String(r.iid)),
      {
        title: r.title,
        assignees: r.assignees ?? [],
        milestone: r.milestone ?? null,
        healthStatus: r.health_status ?? null,
      },
    ]),
  );
}

/** A readable link as shown: itself, or for `#12+` reading `Title (#12)`, for `#12+s` with the summary too. */
function showLink(link: Link, shown: Shown): boolean {
  const format = stringProperty(link.element, 'dataReferenceFormat');
  if (format !== '+' && format !== '+s') return false;
  const reference = link.text.endsWith(format) ? link.text.slice(0, -format.length) : link.text;
  const detail =
    format === '+s'
      ? referenceSummaryParts(shown)
          .map((part) => ` - ${part}`)
          .join('')
      : '';
  // A text node: the stringifier escapes it, and nothing in it is a pattern or markup.
  link.element.children = [{ type: 'text', value: `${shown.title} (${reference}${detail})` }];
  return true;
}

/** An unreadable link becomes its text, where it stands. */
function unlink(link: Link): boolean {
  const at = link.parent.children.indexOf(link.element);
  if (at >= 0) link.parent.children[at] = { type: 'text', value: link.text };
  return true;
}

/** The usernames assigned to the row `alias` (`+s` summaries), in name order. */
const assigneesOf = (table: 'issue_assignees' | 'merge_request_assignees', column: string, alias: string) =>
  sql`ARRAY(SELECT u.username FROM ${sql.table(table)} a JOIN users u ON u.id = a.user_id
    WHERE a.${sql.ref(column)} = ${sql.ref(`${alias}.id`)} ORDER BY u.username)`;

/** Each html with the links this actor may not follow turned back into text. */
export async function redactReferences<T extends string | null>(
  db: Database,
  actor: Actor | null,
  htmls: T[],
): Promise<T[]> {
  const trees = htmls.map((html) => (html && MAY_HOLD_LINKS.test(html) ? parseStoredHtml(html) : null));
  const linksOf = trees.map((tree) =>
    tree
      ? elementsOf(tree)
          .map(({ element, parent }) => linkOf(element, parent))
          .filter((link): link is Link => link !== null)
      : [],
  );
  const wanted = new Map<Kind, Map<string, { path: string; iid: string }>>();
  let total = 0;
  for (const link of linksOf.flat()) {
    if (!link.target) continue;
    const forKind = wanted.get(link.kind) ?? new Map();
    wanted.set(link.kind, forKind);
    const key = keyOf(link.kind, link.target.path, link.target.iid);
    if (total < MAX_TARGETS && !forKind.has(key)) {
      forKind.set(key, link.target);
      total += 1;
    }
  }
  if (linksOf.every((links) => links.length === 0)) return htmls;

  const targets = (kind: Kind): Targets => {
    const list = [...(wanted.get(kind)?.values() ?? [])];
    return {
      paths: list.map((x) => x.path.toLowerCase()),
      lastSegments: [...new Set(list.map((x) => x.path.slice(x.path.lastIndexOf('/') + 1).toLowerCase()))],
      iids: [...new Set(list.map((x) => Number(x.iid)))],
    };
  };
  const projectPath = sql`lower(${fullPathOf('n.traversal_ids')} || '/' || p.path)`;
  const [issues, mergeRequests, epics] = await Promise.all([
    readableKeys(
      db,
      'issue',
      targets('issue'),
      (t) => sql<Row>`
      SELECT ${projectPath} AS path, i.iid, i.title, ${assigneesOf('issue_assignees', 'issue_id', 'i')} AS assignees,
        (SELECT m.title FROM milestones m WHERE m.id = i.milestone_id) AS milestone, i.health_status
      FROM issues i JOIN projects p ON p.id = i.project_id JOIN namespaces n ON n.id = p.namespace_id
      WHERE i.iid = ANY(${t.iids}::int[]) AND lower(p.path) = ANY(${t.lastSegments}::text[])
        AND ${projectPath} = ANY(${t.paths}::text[]) AND ${issueReadable(actor, { i: 'i', p: 'p', n: 'n' })}`,
    ),
    readableKeys(
      db,
      'merge_request',
      targets('merge_request'),
      (t) => sql<Row>`
      SELECT ${projectPath} AS path, mr.iid, mr.title, ${assigneesOf('merge_request_assignees', 'merge_request_id', 'mr')} AS assignees,
        (SELECT m.title FROM milestones m WHERE m.id = mr.milestone_id) AS milestone
      FROM merge_requests mr JOIN projects p ON p.id = mr.project_id JOIN namespaces n ON n.id = p.namespace_id
      WHERE mr.iid = ANY(${t.iids}::int[]) AND lower(p.path) = ANY(${t.lastSegments}::text[])
        AND ${projectPath} = ANY(${t.paths}::text[]) AND ${mergeRequestReadable(actor)}`,
    ),
    readableKeys(
      db,
      'epic',
      targets('epic'),
      (t) => sql<Row>`
      SELECT lower(${fullPathOf('g.traversal_ids')}) AS path, e.iid, e.title FROM epics e JOIN namespaces g ON g.id = e.group_id
      WHERE e.iid = ANY(${t.iids}::int[]) AND lower(g.path) = ANY(${t.lastSegments}::text[])
        AND lower(${fullPathOf('g.traversal_ids')}) = ANY(${t.paths}::text[]) AND ${epicReadable(actor, { e: 'e', g: 'g' })}`,
    ),
  ]);
  const readable = { issue: issues, merge_request: mergeRequests, epic: epics };

  return htmls.map((html, index) => {
    const tree = trees[index];
    const links = linksOf[index] ?? [];
    if (!tree || links.length === 0) return html;
    let changed = false;
    for (const link of links) {
      const shown = link.target
        ? readable[link.kind].get(keyOf(link.kind, link.target.path, link.target.iid))
        : undefined;
      if (shown === undefined) changed = unlink(link) || changed;
      else changed = showLink(link, shown) || changed;
    }
    // Untouched, it is the renderer's sanitized output as stored: no need to print it again.
    if (!changed) return html;
    return sanitizedHtml(tree) as T;
  });
}

/** One html (or null), redacted for the actor. */
export async function redactReferencesIn<T extends string | null>(
  db: Database,
  actor: Actor | null,
  html: T,
): Promise<T> {
  return (await redactReferences(db, actor, [html]))[0] as T;
}
