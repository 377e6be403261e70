import { projectReferenceContext, type ReferenceContext } from '@meridian/domain';
import { sql } from 'kysely';
import { directReads } from '../../db/combined-reads';
import type { Database } from '../../db/connection';
import { renderMarkdown } from '../../markdown/render-markdown';
import type { Actor } from '../../policy/actor';
import { groupRowsByIds, projectRowsByIds } from '../namespaces';
import { redactReferences } from './reference-redaction.service';

/** The tables whose HTML column an import may leave NULL, and that column's and its Markdown's names. */
const COLUMNS = {
  issues: { html: 'description_html', text: 'description' },
  epics: { html: 'description_html', text: 'description' },
  notes: { html: 'note_html', text: 'note' },
} as const;

export type HtmlTable = keyof typeof COLUMNS;

/** A row's stored HTML as read (`null`: not rendered yet), and where it is stored. */
export interface StoredHtml {
  table: HtmlTable;
  id: number;
  html: string | null;
}

interface SourceRow {
  id: number;
  text: string;
  project_id: number | null;
  group_id: number | null;
}

/**
 * The HTML of these rows, in order: as stored, or — for a row an import stored without it (NULL) —
 * rendered now by the one renderer against the row's project or group, and stored, so it is rendered
 * once (GitLab's Markdown cache, which its bulk importers leave empty in the same way). Every other
 * write renders when it stores the text, so a NULL is only ever an import's. The store keeps an HTML a
 * concurrent edit wrote (`IS NULL`), and changes nothing else of the row: no `updated_at`, no event.
 */
export async function storedHtml(db: Database, rows: readonly StoredHtml[]): Promise<string[]> {
  const rendered = new Map<string, string>();
  for (const table of Object.keys(COLUMNS) as HtmlTable[]) {
    const ids = [...new Set(rows.filter((r) => r.table === table && r.html === null).map((r) => r.id))];
    if (ids.length === 0) continue;
    for (const [id, html] of await renderAndStore(db, table, ids)) rendered.set(`${table}:${id}`, html);
  }
  return rows.map((r) => r.html ?? rendered.get(`${r.table}:${r.id}`) ?? '');
}

/** `storedHtml`, then the references the actor may not read turned back into text: what a reader is shown. */
export async function readableHtml(db: Database, actor: Actor | null, rows: readonly StoredHtml[]): Promise<string[]> {
  return redactReferences(db, actor, await storedHtml(db, rows));
}

/** One row's `readableHtml`. */
export async function readableHtmlOf(db: Database, actor: Actor | null, row: StoredHtml): Promise<string> {
  return (await readableHtml(db, actor, [row]))[0] as string;
}

async function renderAndStore(db: Database, table: HtmlTable, ids: number[]): Promise<Map<number, string>> {
  const { html, text } = COLUMNS[table];
  const owner =
    table === 'issues'
      ? sql`project_id, NULL::int AS group_id`
      : table === 'epics'
        ? sql`NULL::int AS project_id, group_id`
        : sql`project_id, group_id`;
  const { rows } = await sql<SourceRow & { html: string | null }>`
    SELECT id, ${sql.ref(text)} AS text, ${sql.ref(html)} AS html, ${owner} FROM ${sql.table(table)}
    WHERE id = ANY(${ids}::int[])`.execute(db);
  // A row an edit rendered since it was read is answered as it is now stored.
  const htmls = new Map(rows.flatMap((row) => (row.html === null ? [] : [[row.id, row.html] as const])));
  const unrendered = rows.filter((row) => row.html === null);
  if (unrendered.length === 0) return htmls;
  const contexts = await referenceContexts(db, unrendered);
  const rendered = unrendered.map((row) => renderMarkdown(row.text, contexts(row)));
  await sql`
    UPDATE ${sql.table(table)} t SET ${sql.ref(html)} = v.html
    FROM unnest(${unrendered.map((row) => row.id)}::int[], ${rendered}::text[]) AS v(id, html)
    WHERE t.id = v.id AND t.${sql.ref(html)} IS NULL`.execute(db);
  for (const [i, row] of unrendered.entries()) htmls.set(row.id, rendered[i] as string);
  return htmls;
}

/** Each row's Markdown context: its project's (issues, project notes) or its group's (epics, epic notes). */
async function referenceContexts(db: Database, rows: SourceRow[]): Promise<(row: SourceRow) => ReferenceContext> {
  const idsOf = (key: 'project_id' | 'group_id') => [
    ...new Set(rows.flatMap((r) => (r[key] === null ? [] : [r[key] as number]))),
  ];
  const reads = directReads(db);
  const projectIds = idsOf('project_id');
  const groupIds = idsOf('group_id');
  const [projects, groups] = await Promise.all([
    projectIds.length ? projectRowsByIds(db, projectIds, reads) : [],
    groupIds.length ? groupRowsByIds(db, groupIds, reads) : [],
  ]);
  const projectContexts = new Map(projects.map((p) => [p.id, projectReferenceContext(p)]));
  const groupPaths = new Map(groups.map((g) => [g.id, g.full_path]));
  return (row) => {
    if (row.project_id !== null) return projectContexts.get(row.project_id) ?? {};
    const groupPath = row.group_id === null ? undefined : groupPaths.get(row.group_id);
    return groupPath === undefined ? {} : { groupPath };
  };
}
