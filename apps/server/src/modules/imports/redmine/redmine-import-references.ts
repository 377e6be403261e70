import { sql } from 'kysely';
import { directReads } from '../../../db/combined-reads';
import type { Executor } from '../../../db/executor';
import { projectReferenceContext, type ReferenceContext } from '../../../markdown/gfm-references';
import { renderMarkdown } from '../../../markdown/render-markdown';
import { epicReference, issueReference, replaceReferences } from '../../../markdown/rewrite-references';
import { groupRowsByIds, projectRowsByIds } from '../../namespaces';
import type { ItemOutcome } from '../importer';
import type { RedmineImport } from './redmine-context';
import type { RedmineItem } from './redmine-source';

type Of<K extends RedmineItem['kind']> = Extract<RedmineItem, { kind: K }>;

/** Where a Redmine issue went: an issue of a project, or an epic of a group (by path), with its iid. */
interface Target {
  type: 'issue' | 'epic';
  path: string;
  iid: number;
}

interface Text {
  table: 'issues' | 'epics' | 'notes';
  id: number;
  markdown: string;
  context: ReferenceContext;
}

/**
 * An unqualified `#123` as the renderer finds one (its lead: not after a word, path or another sigil);
 * a text without one is not parsed. Linear: one character class, then digits.
 */
const UNQUALIFIED_ISSUE = /(?:^|[^\w/.@#!&~%-])#(\d{1,10})/g;
/** The same test without the global flag's state, for one text. */
const HOLDS_UNQUALIFIED_ISSUE = /(?:^|[^\w/.@#!&~%-])#\d/;

/**
 * Redmine's `#123` is issue 123 of the whole Redmine, whatever project the text is in; here `#123` is an
 * issue of the text's own project. Once every issue is in, this pass (items of REFERENCES_CHUNK imported
 * issues) points each `#123` of their descriptions and comments (system notes too) at where issue 123
 * went — kept when it is the same project's issue 123, else `web#123`, `acme/web#123`, `acme/web#45`
 * (another iid) or `&123` (an issue imported as an epic) — and renders the texts it changed again. A
 * `#123` that was not imported (out of the import's projects) stays as written. What it writes is always
 * qualified, so a text passed over twice (a resumed run) comes out the same.
 */
export async function importRedmineReferences(a: RedmineImport, { issueIds }: Of<'references'>): Promise<ItemOutcome> {
  const own = await targetsOf(a, issueIds);
  const texts = await textsOf(a.ctx.db, own);
  const wanted = new Set<number>();
  for (const text of texts) {
    for (const match of text.markdown.matchAll(UNQUALIFIED_ISSUE)) wanted.add(Number(match[1]));
  }
  const targets = await targetsOf(a, [...wanted]);
  const changed: Array<Text & { html: string }> = [];
  for (const text of texts) {
    // Most texts name only their own project's issues by their own ids: nothing to parse then.
    const moved = [...text.markdown.matchAll(UNQUALIFIED_ISSUE)].some(([, id]) => {
      const target = targets.get(Number(id));
      return target !== undefined && !(target.path === text.context.projectPath && target.iid === Number(id));
    });
    const markdown = moved ? rewritten(text, targets) : text.markdown;
    if (markdown !== text.markdown) changed.push({ ...text, markdown, html: renderMarkdown(markdown, text.context) });
  }
  await storeTexts(a.ctx.db, changed);
  // The item makes no row of its own: its key records how many of its issues were found.
  return { created: own.size };
}

/**
 * Redmine's `#N` names an issue wherever the text is: an epic's text (a group's, with no project) is read
 * as if it were a project's, so that its `#N` are found too.
 */
const readingContext = (context: ReferenceContext): ReferenceContext =>
  context.projectPath ? context : { ...context, projectPath: `${context.groupPath ?? ''}/-` };

function rewritten(text: Text, targets: Map<number, Target>): string {
  return replaceReferences(text.markdown, readingContext(text.context), (ref) => {
    const written = /^#(\d+)/.exec(ref.original);
    const target = written ? targets.get(Number(written[1])) : undefined;
    if (!target) return ref.original;
    const format = ref.data['reference-format'] ?? '';
    if (target.type === 'epic') return epicReference(target.path, target.iid, text.context, format);
    if (target.path !== text.context.projectPath) return issueReference(target.path, target.iid, text.context, format);
    // The same project: kept when the iid is the Redmine id, else by full path (never a bare `#45`, which
    // a second pass would read as Redmine's issue 45).
    return target.iid === Number(written?.[1]) ? ref.original : `${target.path}#${target.iid}${format}`;
  });
}

/** The rewritten texts and their HTML, one statement per table. */
async function storeTexts(db: Executor, changed: Array<Text & { html: string }>): Promise<void> {
  for (const table of ['issues', 'epics', 'notes'] as const) {
    const rows = changed.filter((text) => text.table === table);
    if (rows.length === 0) continue;
    const [markdown, html] = table === 'notes' ? ['note', 'note_html'] : ['description', 'description_html'];
    await sql`
      UPDATE ${sql.table(table)} AS t SET ${sql.ref(markdown)} = c.markdown, ${sql.ref(html)} = c.html
      FROM unnest(${rows.map((r) => r.id)}::int[], ${rows.map((r) => r.markdown)}::text[],
        ${rows.map((r) => r.html)}::text[]) AS c(id, markdown, html)
      WHERE t.id = c.id`.execute(db);
  }
}

type Owner = { description: string | null; context: ReferenceContext };

const holdsReference = (markdown: string | null): markdown is string =>
  markdown !== null && HOLDS_UNQUALIFIED_ISSUE.test(markdown);

/** The descriptions and comments of these imported issues and epics (by row) that hold an unqualified `#N`. */
async function textsOf(db: Executor, own: Map<number, Target & { rowId: number }>): Promise<Text[]> {
  const rowIds = (type: Target['type']) => [...own.values()].filter((t) => t.type === type).map((t) => t.rowId);
  return [
    ...(await textsOfOwners(db, 'issues', await issueOwners(db, rowIds('issue')))),
    ...(await textsOfOwners(db, 'epics', await epicOwners(db, rowIds('epic')))),
  ];
}

async function issueOwners(db: Executor, ids: number[]): Promise<Map<number, Owner>> {
  if (ids.length === 0) return new Map();
  const issues = await db
    .selectFrom('issues')
    .select(['id', 'description', 'project_id'])
    .where('id', 'in', ids)
    .execute();
  const projects = await projectRowsByIds(db, [...new Set(issues.map((i) => i.project_id))], directReads(db));
  const contexts = new Map(projects.map((p) => [p.id, projectReferenceContext(p)]));
  return new Map(issues.map((i) => [i.id, { description: i.description, context: contexts.get(i.project_id) ?? {} }]));
}

async function epicOwners(db: Executor, ids: number[]): Promise<Map<number, Owner>> {
  if (ids.length === 0) return new Map();
  const epics = await db.selectFrom('epics').select(['id', 'description', 'group_id']).where('id', 'in', ids).execute();
  const groups = await groupRowsByIds(db, [...new Set(epics.map((e) => e.group_id))], directReads(db));
  const paths = new Map(groups.map((g) => [g.id, g.full_path]));
  return new Map(
    epics.map((e) => [e.id, { description: e.description, context: { groupPath: paths.get(e.group_id) ?? '' } }]),
  );
}

/** The owners' descriptions, and their comments, that hold an unqualified `#N`. */
async function textsOfOwners(db: Executor, table: 'issues' | 'epics', owners: Map<number, Owner>): Promise<Text[]> {
  if (owners.size === 0) return [];
  const texts: Text[] = [];
  for (const [id, { description, context }] of owners) {
    if (holdsReference(description)) texts.push({ table, id, markdown: description, context });
  }
  const notes = await notesOf(db, table === 'issues' ? 'Issue' : 'Epic', [...owners.keys()]);
  for (const note of notes) {
    const context = owners.get(note.noteable_id)?.context ?? {};
    if (holdsReference(note.note)) texts.push({ table: 'notes', id: note.id, markdown: note.note, context });
  }
  return texts;
}

function notesOf(db: Executor, noteableType: 'Issue' | 'Epic', ids: number[]) {
  return db
    .selectFrom('notes')
    .select(['id', 'note', 'noteable_id'])
    .where('noteable_type', '=', noteableType)
    .where('noteable_id', 'in', ids)
    .where('note', 'like', '%#%')
    .orderBy('id')
    .execute();
}

/** Where each of these Redmine issues went in this job (by Redmine id): an issue or an epic, and its row. */
async function targetsOf(a: RedmineImport, redmineIds: number[]): Promise<Map<number, Target & { rowId: number }>> {
  const targets = new Map<number, Target & { rowId: number }>();
  if (redmineIds.length === 0) return targets;
  const { db } = a.ctx;
  const keys = await db
    .selectFrom('import_job_items')
    .select(['kind', 'source_id', 'target_id'])
    .where('job_id', '=', a.job.id)
    .where('kind', 'in', ['issues', 'epics'])
    .where(
      'source_id',
      'in',
      redmineIds.map((id) => String(id)),
    )
    .execute();
  // An issue imported as an epic has both keys: `issues` (that it was handled) and `epics` (what it became).
  const epicIds = new Map(keys.filter((k) => k.kind === 'epics').map((k) => [Number(k.source_id), k.target_id]));
  const issueIds = new Map(
    keys
      .filter((k) => k.kind === 'issues' && !epicIds.has(Number(k.source_id)))
      .map((k) => [Number(k.source_id), k.target_id]),
  );
  const places = {
    issue: await issuePlaces(db, [...issueIds.values()]),
    epic: await epicPlaces(db, [...epicIds.values()]),
  };
  for (const [type, ids] of [
    ['issue', issueIds],
    ['epic', epicIds],
  ] as const) {
    for (const [redmineId, rowId] of ids) {
      const place = places[type].get(rowId);
      if (place) targets.set(redmineId, { type, ...place, rowId });
    }
  }
  return targets;
}

/** Issues by row: their project's path and their iid. */
async function issuePlaces(db: Executor, ids: number[]): Promise<Map<number, { path: string; iid: number }>> {
  if (ids.length === 0) return new Map();
  const issues = await db.selectFrom('issues').select(['id', 'iid', 'project_id']).where('id', 'in', ids).execute();
  const projects = await projectRowsByIds(db, [...new Set(issues.map((i) => i.project_id))], directReads(db));
  const paths = new Map(projects.map((p) => [p.id, p.full_path]));
  return new Map(
    issues.flatMap((i) => {
      const path = paths.get(i.project_id);
      return path ? [[i.id, { path, iid: i.iid }] as const] : [];
    }),
  );
}

/** Epics by row: their group's path and their iid. */
async function epicPlaces(db: Executor, ids: number[]): Promise<Map<number, { path: string; iid: number }>> {
  if (ids.length === 0) return new Map();
  const epics = await db.selectFrom('epics').select(['id', 'iid', 'group_id']).where('id', 'in', ids).execute();
  const groups = await groupRowsByIds(db, [...new Set(epics.map((e) => e.group_id))], directReads(db));
  const paths = new Map(groups.map((g) => [g.id, g.full_path]));
  return new Map(
    epics.flatMap((e) => {
      const path = paths.get(e.group_id);
      return path ? [[e.id, { path, iid: e.iid }] as const] : [];
    }),
  );
}
