import { referenceSummaryParts } from '@meridian/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { epicReadable, issueReadable } from '../../policy/sql-scopes';
import { mergeRequestVisibility } from '../merge-requests/mr-query';
import { fullPathOf } from '../namespaces/namespace-lookup.service';

/**
 * GitLab's reference redactor: stored HTML holds a link for every `#12`, `!3` and `&5` written
 * (markdown/gfm-references.ts, no lookup at write time); before it is shown, the links to issues,
 * merge requests and epics this reader may not read — missing, hidden, confidential, moderated —
 * go back to their plain text, and a readable `#12+` link shows the item's title, `Title (#12)`, and
 * `#12+s` its summary too, `Title (#12 - @alice - v1.0 - On track)`, escaped. One statement per kind
 * for any number of texts.
 */

/** The renderer's own link (user text cannot produce the class: raw HTML is dropped). One class per part, no nesting. */
const LINK =
  /<a href="[^"]*" class="gfm gfm-(?:issue|merge-request|epic)" data-reference-type="(issue|merge_request|epic)"([^>]*)>([^<]*)<\/a>/g;
const ATTRIBUTE = /data-(project-path|group-path|iid)="([^"]*)"/g;
const FORMAT = /\sdata-reference-format="(\+s?)"/;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** At most this many distinct targets are checked per call; links beyond it are shown as text. */
const MAX_TARGETS = 500;

type Kind = 'issue' | 'merge_request' | 'epic';
const keyOf = (kind: Kind, path: string, iid: string) => `${kind}:${path.toLowerCase()}:${iid}`;

const unescapeAttribute = (value: string) =>
  value.replace(/&#x([0-9a-f]{1,6});|&(amp|quot|lt|gt);/gi, (_, hex: string | undefined, name: string | undefined) =>
    hex
      ? String.fromCodePoint(Number.parseInt(hex, 16))
      : ({ amp: '&', quot: '"', lt: '<', gt: '>' }[name?.toLowerCase() ?? ''] ?? ''),
  );

function targetOf(kind: Kind, attributes: string): { path: string; iid: string } | null {
  const found: Record<string, string> = {};
  for (const m of attributes.matchAll(ATTRIBUTE)) found[m[1] as string] = unescapeAttribute(m[2] as string);
  const path = kind === 'epic' ? found['group-path'] : found['project-path'];
  const iid = found.iid;
  return path && iid && /^\d{1,10}$/.test(iid) ? { path, iid } : null;
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

/** A readable link as shown: itself, or for `#12+` the same link reading `Title (#12)`, for `#12+s` with the summary. */
function shownLink(link: string, attributes: string, text: string, shown: Shown): string {
  const format = FORMAT.exec(attributes)?.[1];
  if (!format) return link;
  const reference = text.endsWith(format) ? text.slice(0, -format.length) : text;
  // `reference` is stored HTML (already escaped); the summary's parts come from the database.
  const detail =
    format === '+s'
      ? referenceSummaryParts(shown)
          .map((part) => ` - ${escapeHtml(part)}`)
          .join('')
      : '';
  return link.replace(`>${text}</a>`, `>${escapeHtml(shown.title)} (${reference}${detail})</a>`);
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
  const wanted = new Map<Kind, Map<string, { path: string; iid: string }>>();
  for (const html of htmls) {
    if (!html?.includes('data-reference-type')) continue;
    for (const m of html.matchAll(LINK)) {
      const kind = m[1] as Kind;
      const target = targetOf(kind, m[2] as string);
      if (!target) continue;
      const forKind = wanted.get(kind) ?? new Map();
      wanted.set(kind, forKind);
      const total = [...wanted.values()].reduce((n, x) => n + x.size, 0);
      if (total < MAX_TARGETS) forKind.set(keyOf(kind, target.path, target.iid), target);
    }
  }
  if (wanted.size === 0) return htmls;

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
        AND ${projectPath} = ANY(${t.paths}::text[]) AND ${mergeRequestVisibility(actor)}`,
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

  return htmls.map((html) => {
    if (!html?.includes('data-reference-type')) return html;
    return html.replace(LINK, (link, kind: Kind, attributes: string, text: string) => {
      const target = targetOf(kind, attributes);
      const shown = target ? readable[kind].get(keyOf(kind, target.path, target.iid)) : undefined;
      return shown === undefined ? text : shownLink(link, attributes, text, shown);
    }) as T;
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
