import { directReads } from '../../../db/combined-reads';
import type { Executor } from '../../../db/executor';
import type { ReferenceContext } from '../../../markdown/gfm-references';
import { renderMarkdown } from '../../../markdown/render-markdown';
import { epicReference, issueReference, replaceReferences } from '../../../markdown/rewrite-references';
import { groupRowsByIds, projectRowsByIds } from '../../namespaces';
import type { ItemOutcome } from '../importer';
import type { RedmineImport, RedmineRef } from './redmine-context';
import type { RedmineItem } from './redmine-source';

type Of<K extends RedmineItem['kind']> = Extract<RedmineItem, { kind: K }>;

/** Issues (or epics) whose texts one statement reads. */
const PAGE = 500;

/** Where a Redmine issue went: an issue of a project, or an epic of a group. */
type Target = { type: 'issue'; path: string; iid: number } | { type: 'epic'; path: string; iid: number };

interface Text {
  table: 'issues' | 'epics' | 'notes';
  id: number;
  markdown: string;
  context: ReferenceContext;
}

export const referencesRefs = ({ project }: Of<'references'>): RedmineRef[] =>
  project ? [{ kind: 'projects', key: String(project.id) }] : [];

/**
 * Redmine's `#123` is issue 123 of the whole Redmine, whatever project the text is in; here `#123` is an
 * issue of the text's own project. Once every issue is in, this pass (one item per project, and one for
 * the epics) points each `#123` of the imported descriptions and comments at where issue 123 went —
 * `#123` when it is the same project's issue 123, `web#123`, `acme/web#123` or `&123` (an issue imported
 * as an epic) otherwise — and renders the texts it changed again. A `#123` that was not imported (out of
 * the import's projects) stays as written. Each item runs once (its key commits with its changes), so no
 * text is rewritten twice.
 */
export async function importRedmineReferences(a: RedmineImport, { project }: Of<'references'>): Promise<ItemOutcome> {
  if (!project) {
    for await (const texts of epicTexts(a)) await rewriteTexts(a, texts);
    return { created: a.root.id };
  }
  const projectId = a.id('projects', String(project.id));
  const row = projectId === undefined ? undefined : a.projects.get(projectId);
  if (!row) return { skipped: `its project (${project.name}) was not imported` };
  const context: ReferenceContext = {
    projectPath: row.full_path,
    ...(row.namespace_type === 'Group' ? { groupPath: row.namespace_full_path } : {}),
  };
  for await (const texts of issueTexts(a, row.id, context)) await rewriteTexts(a, texts);
  return { created: row.id };
}

/** The descriptions and comments holding a `#` of the issues the job imported into the project, a page at a time. */
async function* issueTexts(a: RedmineImport, projectId: number, context: ReferenceContext): AsyncGenerator<Text[]> {
  const { db } = a.ctx;
  for (let after = 0; ; ) {
    const issues = await db
      .selectFrom('import_job_items as j')
      .innerJoin('issues as i', 'i.id', 'j.target_id')
      .select(['i.id', 'i.description'])
      .distinct()
      .where('j.job_id', '=', a.job.id)
      .where('j.kind', '=', 'issues')
      .where('i.project_id', '=', projectId)
      .where('i.id', '>', after)
      .orderBy('i.id')
      .limit(PAGE)
      .execute();
    if (issues.length === 0) return;
    after = issues.at(-1)?.id ?? after;
    const texts: Text[] = issues.flatMap((i) =>
      i.description?.includes('#') ? [{ table: 'issues' as const, id: i.id, markdown: i.description, context }] : [],
    );
    const notes = await notesWithHash(
      db,
      'Issue',
      issues.map((i) => i.id),
    );
    texts.push(...notes.map((n) => ({ table: 'notes' as const, id: n.id, markdown: n.note, context })));
    yield texts;
  }
}

/** The descriptions and comments holding a `#` of the epics the job imported, a page at a time. */
async function* epicTexts(a: RedmineImport): AsyncGenerator<Text[]> {
  const { db } = a.ctx;
  for (let after = 0; ; ) {
    const epics = await db
      .selectFrom('import_job_items as j')
      .innerJoin('epics as e', 'e.id', 'j.target_id')
      .select(['e.id', 'e.description', 'e.group_id'])
      .where('j.job_id', '=', a.job.id)
      .where('j.kind', '=', 'epics')
      .where('e.id', '>', after)
      .orderBy('e.id')
      .limit(PAGE)
      .execute();
    if (epics.length === 0) return;
    after = epics.at(-1)?.id ?? after;
    const groups = await groupRowsByIds(db, [...new Set(epics.map((e) => e.group_id))], directReads(db));
    const groupPath = new Map(groups.map((g) => [g.id, g.full_path]));
    const contextOf = (groupId: number): ReferenceContext => ({ groupPath: groupPath.get(groupId) ?? '' });
    const texts: Text[] = epics.flatMap((e) =>
      e.description?.includes('#')
        ? [{ table: 'epics' as const, id: e.id, markdown: e.description, context: contextOf(e.group_id) }]
        : [],
    );
    const epicGroup = new Map(epics.map((e) => [e.id, e.group_id]));
    const notes = await notesWithHash(
      db,
      'Epic',
      epics.map((e) => e.id),
    );
    for (const n of notes) {
      texts.push({ table: 'notes', id: n.id, markdown: n.note, context: contextOf(epicGroup.get(n.noteable_id) ?? 0) });
    }
    yield texts;
  }
}

function notesWithHash(db: Executor, noteableType: 'Issue' | 'Epic', ids: number[]) {
  return db
    .selectFrom('notes')
    .select(['id', 'note', 'noteable_id'])
    .where('noteable_type', '=', noteableType)
    .where('noteable_id', 'in', ids)
    .where('note', 'like', '%#%')
    .orderBy('id')
    .execute();
}

/**
 * Redmine's `#N` names an issue wherever the text is: an epic's text (a group's, with no project) is read
 * as if it were a project's, so that its `#N` are found too.
 */
const readingContext = (context: ReferenceContext): ReferenceContext =>
  context.projectPath ? context : { ...context, projectPath: `${context.groupPath ?? ''}/-` };

/** `#N` as written, unqualified: N, or null for `web#N`, `!N`, `&N`. */
function redmineIssueId(original: string): number | null {
  const match = /^#(\d+)/.exec(original);
  return match ? Number(match[1]) : null;
}

async function rewriteTexts(a: RedmineImport, texts: Text[]): Promise<void> {
  if (texts.length === 0) return;
  const wanted = new Set<number>();
  for (const text of texts) {
    replaceReferences(text.markdown, readingContext(text.context), (ref) => {
      const id = redmineIssueId(ref.original);
      if (id !== null) wanted.add(id);
      return ref.original;
    });
  }
  const targets = await targetsOf(a, [...wanted]);
  for (const text of texts) {
    const markdown = replaceReferences(text.markdown, readingContext(text.context), (ref) => {
      const id = redmineIssueId(ref.original);
      const target = id === null ? undefined : targets.get(id);
      if (!target) return ref.original;
      const format = ref.data['reference-format'] ?? '';
      if (target.type === 'epic') return epicReference(target.path, target.iid, text.context, format);
      if (target.path === text.context.projectPath && target.iid === id) return ref.original;
      return issueReference(target.path, target.iid, text.context, format);
    });
    if (markdown === text.markdown) continue;
    const html = renderMarkdown(markdown, text.context);
    if (text.table === 'notes') {
      await a.ctx.db.updateTable('notes').set({ note: markdown, note_html: html }).where('id', '=', text.id).execute();
    } else {
      await a.ctx.db
        .updateTable(text.table)
        .set({ description: markdown, description_html: html })
        .where('id', '=', text.id)
        .execute();
    }
  }
}

/** Where each of these Redmine issues went in this job: an issue (its project's path, its iid) or an epic. */
async function targetsOf(a: RedmineImport, redmineIds: number[]): Promise<Map<number, Target>> {
  const targets = new Map<number, Target>();
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
  const epicIds = new Map(keys.filter((k) => k.kind === 'epics').map((k) => [Number(k.source_id), k.target_id]));
  const issueIds = new Map(
    keys
      .filter((k) => k.kind === 'issues' && !epicIds.has(Number(k.source_id)))
      .map((k) => [Number(k.source_id), k.target_id]),
  );
  if (issueIds.size > 0) {
    const issues = await db
      .selectFrom('issues')
      .select(['id', 'iid', 'project_id'])
      .where('id', 'in', [...issueIds.values()])
      .execute();
    const projects = await projectRowsByIds(db, [...new Set(issues.map((i) => i.project_id))], directReads(db));
    const path = new Map(projects.map((p) => [p.id, p.full_path]));
    const byId = new Map(issues.map((i) => [i.id, i]));
    for (const [redmineId, issueId] of issueIds) {
      const issue = byId.get(issueId);
      const projectPath = issue && path.get(issue.project_id);
      if (issue && projectPath) targets.set(redmineId, { type: 'issue', path: projectPath, iid: issue.iid });
    }
  }
  if (epicIds.size > 0) {
    const epics = await db
      .selectFrom('epics')
      .select(['id', 'iid', 'group_id'])
      .where('id', 'in', [...epicIds.values()])
      .execute();
    const groups = await groupRowsByIds(db, [...new Set(epics.map((e) => e.group_id))], directReads(db));
    const path = new Map(groups.map((g) => [g.id, g.full_path]));
    const byId = new Map(epics.map((e) => [e.id, e]));
    for (const [redmineId, epicId] of epicIds) {
      const epic = byId.get(epicId);
      const groupPath = epic && path.get(epic.group_id);
      if (epic && groupPath) targets.set(redmineId, { type: 'epic', path: groupPath, iid: epic.iid });
    }
  }
  return targets;
}
