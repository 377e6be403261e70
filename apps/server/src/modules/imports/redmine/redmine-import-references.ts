import { projectReferenceContext, type ReferenceContext } from '@meridian/domain';
import { sql } from 'kysely';
import { directReads } from '../../../db/combined-reads';
import type { Executor } from '../../../db/executor';
import { renderMarkdown } from '../../../markdown/render-markdown';
import { epicReference, issueReference, replaceReferences } from '../../../markdown/rewrite-references';
import { groupRowsByIds, projectRowsByIds } from '../../namespaces';
import type { ItemOutcome } from '../importer';
import type { RedmineImport } from './redmine-context';
import type { RedmineItem } from './redmine-source';

type Of<K extends RedmineItem['kind']> = Extract<RedmineItem, { kind: K }>;

/**
 * Where a Redmine issue went: an issue of a project, or an epic of a group (by path), with its iid and
 * the reference context of its own texts.
 */
interface Target {
  type: 'issue' | 'epic';
  path: string;
  iid: number;
  context: ReferenceContext;
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

const holdsReference = (markdown: string | null): markdown is string =>
  markdown !== null && HOLDS_UNQUALIFIED_ISSUE.test(markdown);

/** The descriptions and comments of these imported issues and epics (by row) that hold an unqualified `#N`. */
async function textsOf(db: Executor, own: Map<number, Target & { rowId: number }>): Promise<Text[]> {
  const contexts = (type: Target['type']) =>
    new Map([...own.values()].filter((t) => t.type === type).map((t) => [t.rowId, t.context]));
  return [
    ...(await textsOfOwners(db, 'issues', contexts('issue'))),
    ...(await textsOfOwners(db, 'epics', contexts('epic'))),
  ];
}

/** The owners' descriptions, and their comments, that hold an unqualified `#N` (owners by row, with their context). */
async function textsOfOwners(
  db: Executor,
  table: 'issues' | 'epics',
  contexts: Map<number, ReferenceContext>,
): Promise<Text[]> {
  if (contexts.size === 0) return [];
  const ids = [...contexts.keys()];
  const texts: Text[] = [];
  const owners = await db
    .selectFrom(table)
    .select(['id', 'description'])
    .where('id', 'in', ids)
    .where('description', 'like', '%#%')
    .execute();
  for (const { id, description } of owners) {
    if (holdsReference(description)) texts.push({ table, id, markdown: description, context: contexts.get(id) ?? {} });
  }
  for (const note of await notesOf(db, table === 'issues' ? 'Issue' : 'Epic', ids)) {
    const context = contexts.get(note.noteable_id) ?? {};
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

type Place = Omit<Target, 'type'>;

/** Issues by row: their project's path, their iid and their texts' context. */
async function issuePlaces(db: Executor, ids: number[]): Promise<Map<number, Place>> {
  if (ids.length === 0) return new Map();
  const issues = await db.selectFrom('issues').select(['id', 'iid', 'project_id']).where('id', 'in', ids).execute();
  const projects = await projectRowsByIds(db, [...new Set(issues.map((i) => i.project_id))], directReads(db));
  const contexts = new Map(projects.map((p) => [p.id, projectReferenceContext(p)]));
  return new Map(
    issues.flatMap((i) => {
      const context = contexts.get(i.project_id);
      return context?.projectPath ? [[i.id, { path: context.projectPath, iid: i.iid, context }] as const] : [];
    }),
  );
}

/** Epics by row: their group's path, their iid and their texts' context. */
async function epicPlaces(db: Executor, ids: number[]): Promise<Map<number, Place>> {
  if (ids.length === 0) return new Map();
  const epics = await db.selectFrom('epics').select(['id', 'iid', 'group_id']).where('id', 'in', ids).execute();
  const groups = await groupRowsByIds(db, [...new Set(epics.map((e) => e.group_id))], directReads(db));
  const paths = new Map(groups.map((g) => [g.id, g.full_path]));
  return new Map(
    epics.flatMap((e) => {
      const path = paths.get(e.group_id);
      return path ? [[e.id, { path, iid: e.iid, context: { groupPath: path } }] as const] : [];
    }),
  );
}
