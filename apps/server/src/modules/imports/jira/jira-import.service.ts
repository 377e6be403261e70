import { completeJiraMapping, defaultJiraMapping, type JiraMapping } from '@meridian/domain';
import { sql } from 'kysely';
import type { Database } from '../../../db/connection';
import { withTransaction } from '../../../db/with-transaction';
import { badRequest, notFound } from '../../../errors';
import { canEpic, canProject } from '../../../policy/abilities';
import type { Actor } from '../../../policy/actor';
import type { ServiceContext } from '../../../service-context';
import { projectIssueSubject } from '../../issues';
import { findGroupRow, type GroupRow, groupSubject, type ProjectRow } from '../../namespaces';
import { type ImportJobSummary, insertImportJob } from '../import-jobs';
import { reportAttachments } from './jira-attachments';
import type { JiraConnection } from './jira-connection';
import { customFieldsSeen } from './jira-custom-fields';
import type { JiraMappingChoice } from './jira-import-params';
import { jiraIssuesImportedBefore } from './jira-imported-before';
import { JIRA_ITEM_ORDER, type JiraPlan, planJiraImport, typesAndStatuses } from './jira-plan';
import { type JiraFormat, jiraText, readJiraFile } from './jira-read';
import type { JiraPerson } from './jira-records';

export interface JiraUpload {
  format: JiraFormat;
  filename: string;
  data: Buffer;
  mapping?: JiraMappingChoice;
  /** The Jira site to download the attachments from; without one they are only listed in the report. */
  connection?: JiraConnection | null;
}

/** The answer once the file is taken; the result then shows on the job (and by email when the instance sends it). */
export const JIRA_IMPORT_STARTED = 'Your Jira issues are being imported. Once finished, the result shows here.';

/**
 * Who may import from Jira: who administers the project (Maintainer and up, as GitLab's Jira importer
 * asks) of a project that takes issues; the import writes history in others' names. Others get 404, as
 * if the project were hidden (the CSV import's rule).
 */
function assertMayImportJira(actor: Actor, project: ProjectRow): void {
  const subject = projectIssueSubject(project);
  if (!canProject(actor, 'admin_project', subject) || !canProject(actor, 'import_issues', subject)) {
    throw notFound('Project');
  }
}

/** The group that owns the project (where Jira's epics go) and whether the actor may create epics there. */
async function epicGroup(db: Database, actor: Actor, project: ProjectRow) {
  const group: GroupRow | null =
    project.namespace_type === 'Group' ? ((await findGroupRow(db, { id: project.namespace_id })) ?? null) : null;
  const mayCreate =
    group !== null &&
    canEpic(actor, 'create_epic', { kind: 'epic', group: groupSubject(group), confidential: false, authorId: null });
  return { group, mayCreate };
}

/** The file read, and the mapping it would run with: the defaults for what it holds, with the user's choices. */
async function readUpload(db: Database, actor: Actor, project: ProjectRow, upload: JiraUpload) {
  assertMayImportJira(actor, project);
  const text = jiraText(upload.data);
  const file = readJiraFile(upload.format, text);
  const { group, mayCreate } = await epicGroup(db, actor, project);
  const seen = typesAndStatuses(file.issues);
  const customFields = customFieldsSeen(file.issues);
  const defaults = defaultJiraMapping(
    seen.types,
    seen.statuses,
    { epics: mayCreate },
    customFields.map((f) => f.name),
  );
  const mapping = completeJiraMapping(defaults, upload.mapping);
  return { text, file, seen, customFields, group, mayCreate, defaults, mapping };
}

/** What a job's stored mapping may hold (import_jobs.source_options takes 1 MiB). */
const MAX_MAPPING_CHARS = 512 * 1024;

/** Why the mapping cannot run in this project (epics where there can be none); null when it can. */
function mappingProblem(mapping: JiraMapping, group: GroupRow | null, mayCreate: boolean): string | null {
  const epicTypes = Object.entries(mapping.types)
    .filter(([, t]) => t.kind === 'epic')
    .map(([name]) => name);
  if (epicTypes.length === 0) return null;
  const listed = epicTypes.slice(0, 5).join(', ');
  if (!group) return `${listed} cannot become epics: the project is not in a group (map them to issues)`;
  if (!mayCreate) return `${listed} cannot become epics: you may not create epics in ${group.full_path}`;
  return null;
}

/** How the people of the file would map: matched to users here (by email, then username), or placeholders. */
async function peopleMatches(db: Database, people: JiraPerson[]) {
  const emails = [...new Set(people.flatMap((p) => (p.email ? [p.email.toLowerCase()] : [])))];
  const usernames = [...new Set(people.flatMap((p) => (p.username ? [p.username.toLowerCase()] : [])))];
  const found =
    emails.length + usernames.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select([sql<string>`lower(email)`.as('email'), sql<string>`lower(username)`.as('username')])
          .where('placeholder', '=', false)
          .where((eb) =>
            eb.or([
              ...(emails.length ? [eb(sql`lower(email)`, 'in', emails)] : []),
              ...(usernames.length ? [eb(sql`lower(username)`, 'in', usernames)] : []),
            ]),
          )
          .execute();
  const byEmail = new Set(found.map((u) => u.email));
  const byUsername = new Set(found.map((u) => u.username));
  return people.map((p) => {
    const matched =
      (p.email !== null && byEmail.has(p.email.toLowerCase())) ||
      (p.username !== null && byUsername.has(p.username.toLowerCase()));
    return { name: p.name, key: p.key, matched };
  });
}

const PREVIEW_LIST = 100;

function presentPlan(plan: JiraPlan) {
  return Object.fromEntries(JIRA_ITEM_ORDER.map((kind) => [kind, plan.totals[kind]]));
}

/**
 * The mapping preview the page shows before the start: the file's issue types and statuses with their
 * counts and the mapping they would run with (editable), what would be created of each kind (the
 * issues of skipped types apart), the people (matched or placeholders) and the milestones. Writes nothing.
 */
export async function previewJiraImport(db: Database, actor: Actor, project: ProjectRow, upload: JiraUpload) {
  const { file, seen, customFields, group, mayCreate, mapping } = await readUpload(db, actor, project, upload);
  const plan = planJiraImport(file.issues, mapping);
  const people = plan.items.flatMap((item) => (item.data.kind === 'user' ? [item.data.person] : []));
  const [matches, importedBefore] = await Promise.all([
    peopleMatches(db, people.slice(0, 1000)),
    jiraIssuesImportedBefore(
      db,
      project.id,
      file.issues.map((issue) => issue.key),
    ),
  ]);
  // What the mapping skips is reported by the import, not created: the counts leave it out.
  const mappedToSkip = plan.items.filter((i) => i.data.kind === 'issue' && i.data.as === 'skip').length;
  return {
    format: file.format,
    site: file.site,
    issue_count: file.issues.length,
    types: seen.types.map((t) => ({
      name: t.name,
      count: t.count,
      subtask: t.subtask,
      kind: mapping.types[t.name]?.kind ?? 'issue',
      label: mapping.types[t.name]?.label ?? '',
    })),
    statuses: seen.statuses.map((s) => ({
      name: s.name,
      count: s.count,
      category: s.category,
      state: mapping.statuses[s.name] ?? 'opened',
    })),
    custom_fields: customFields.slice(0, PREVIEW_LIST).map((f) => ({
      ...f,
      choice: f.select_like ? (mapping.custom_fields?.[f.name] ?? 'skip') : 'skip',
    })),
    /** Downloaded when the import is given the Jira site (its URL and credentials), else listed in the report. */
    attachments: file.issues.reduce((n, issue) => n + issue.attachments.length, 0),
    mapping,
    epic_group: group ? { full_path: group.full_path, may_create_epics: mayCreate } : null,
    mapping_problem: mappingProblem(mapping, group, mayCreate),
    /** Issues of the file an earlier Jira import brought here: importing again makes copies. */
    imported_before: importedBefore,
    counts: { ...presentPlan(plan), issue: plan.totals.issue - mappedToSkip },
    mapped_to_skip: mappedToSkip,
    people: matches.slice(0, PREVIEW_LIST),
    people_matched: matches.filter((m) => m.matched).length,
    milestones: plan.items
      .flatMap((i) => (i.data.kind === 'milestone' ? [i.data.version.name] : []))
      .slice(0, PREVIEW_LIST),
  };
}

/**
 * `POST /projects/:id/import/jira_csv` and `…/jira_json`: checks the file as the preview does and the
 * mapping against the project (epics need a group and the right to create them there: 400 naming
 * why), then stores the file and the mapping as an import job the workers run in the background,
 * with the Jira site to download the attachments from when one is given.
 */
export async function startJiraImport(
  ctx: ServiceContext,
  project: ProjectRow,
  upload: JiraUpload,
): Promise<ImportJobSummary> {
  const { text, file, customFields, group, mayCreate, mapping } = await readUpload(ctx.db, ctx.actor, project, upload);
  const problem = mappingProblem(mapping, group, mayCreate);
  if (problem) throw badRequest(`mapping is invalid: ${problem}`, 'mapping');
  if (JSON.stringify(mapping).length > MAX_MAPPING_CHARS) {
    throw badRequest('file is invalid: it names too many issue types and statuses to map', 'file');
  }
  return withTransaction(ctx.db, async (trx) => {
    const job = await insertImportJob(trx, {
      kind: upload.format === 'json' ? 'jira_json' : 'jira_csv',
      projectId: project.id,
      createdById: ctx.actor.id,
      sourceName: upload.filename.slice(0, 255),
      sourceText: text,
      sourceOptions: mapping,
    });
    // The custom fields left out are in the report from the start (Meridian has no custom fields).
    const leftOut = customFields.filter((f) => !f.select_like || mapping.custom_fields?.[f.name] !== 'labels');
    if (leftOut.length > 0) {
      await trx
        .insertInto('import_job_skips')
        .values(
          leftOut.map((f) => ({
            job_id: job.id,
            kind: 'custom_field',
            source_id: f.name,
            reason: `custom field left out (${f.count} ${f.count === 1 ? 'issue has' : 'issues have'} it${
              f.select_like ? '' : '; only fields of short values can become labels'
            })`,
          })),
        )
        .execute();
    }
    if (upload.connection) {
      // Kept while the job runs, dropped when it ends (endImportJob), as the other importers' tokens.
      await trx
        .updateTable('import_jobs')
        .set({ source_url: upload.connection.url, source_token: upload.connection.authorization })
        .where('id', '=', job.id)
        .execute();
    } else {
      await reportAttachments(trx, job.id, file.issues);
    }
    return job;
  });
}
