import type { JiraMapping } from '@meridian/domain';
import { canEpic, canProject } from '../../../policy/abilities';
import { projectIssueSubject } from '../../issues';
import { findGroupRow, findProjectRow, type GroupRow, groupSubject } from '../../namespaces';
import { maxUploadBytes } from '../../uploads';
import type { ImportJobRow } from '../import-jobs';
import type { Importer, ItemOutcome, SourceItem } from '../importer';
import { resolveRefs } from '../source-refs';
import { downloadJiraAttachment } from './jira-attachment-download';
import { jiraConnectionOf } from './jira-connection';
import { importHistory, importNote, importTimelog, importWatcher } from './jira-import-attached';
import { importAttachment } from './jira-import-attachment';
import { importEpic, importIssue, importMilestone, importUser, type JiraBatch, refsOf } from './jira-import-items';
import { importEpicLink, importIssueLink, importParentLink } from './jira-import-links';
import { type JiraItem, planJiraImport } from './jira-plan';
import { readJiraFile } from './jira-read';

/** The people of a Jira import are recorded per site (`jira:acme.atlassian.net`), or as `jira` when the file does not name it. */
export const jiraPeopleSource = (site: string | null) => (site ? `jira:${new URL(site).host}` : 'jira');

function run(b: JiraBatch, item: JiraItem): Promise<ItemOutcome> {
  switch (item.kind) {
    case 'user':
      return importUser(b, item.person);
    case 'milestone':
      return importMilestone(b, item.version);
    case 'epic':
      return importEpic(b, item.issue);
    case 'issue':
      return importIssue(b, item.issue, item.as);
    case 'parent_link':
      return importParentLink(b, item);
    case 'epic_link':
      return importEpicLink(b, item);
    case 'issue_link':
      return importIssueLink(b, item);
    case 'note':
      return importNote(b, item);
    case 'history':
      return importHistory(b, item);
    case 'timelog':
      return importTimelog(b, item);
    case 'watcher':
      return importWatcher(b, item);
    case 'attachment':
      return importAttachment(b, item);
  }
}

/**
 * Jira's CSV export (`jira_csv` jobs) and JSON issue format (`jira_json`) into the job's project:
 * the file is read again at each run and planned under the mapping stored on the job
 * (`jira-plan.ts`), so a resumed job yields the same items with the same keys. People are matched
 * or made placeholders; epics go to the group that owns the project; issues, tasks, links, comments,
 * work logs and watchers keep their Jira authors and dates. Rows are written as the archive importer
 * writes them — not through the writers, which would date everything now, author it by the importing
 * user and send notifications for the past — except an issue's epic, set through the epics' writer.
 */
export function jiraImporter(): Importer<JiraItem, JiraBatch> {
  const sites = new Map<number, string | null>();
  const downloads = new Map<number, JiraBatch['attachments']>();
  return {
    batchSize: 100,
    async open(job, { db }) {
      const file = readJiraFile(job.kind === 'jira_json' ? 'json' : 'csv', job.source_text ?? '');
      sites.set(job.id, file.site);
      const connection = jiraConnectionOf(job);
      if (connection) {
        const maxBytes = await maxUploadBytes(db);
        downloads.set(job.id, {
          maxBytes,
          download: (url) => downloadJiraAttachment(db, connection, url, maxBytes),
        });
      }
      const plan = planJiraImport(file.issues, (job.source_options ?? { types: {}, statuses: {} }) as JiraMapping, {
        attachments: connection !== null,
      });
      return {
        totals: () => plan.totals,
        async *batches(size) {
          let batch: SourceItem<JiraItem>[] = [];
          for (const item of plan.items) {
            // One kind a batch: what a kind refers to was created by the batches before. An attachment
            // is a batch of its own: its download, within the batch's transaction, may take a while.
            const most = item.kind === 'attachment' ? 1 : size;
            if (batch.length > 0 && (batch[0]?.kind !== item.kind || batch.length >= most)) {
              yield batch;
              batch = [];
            }
            batch.push(item);
          }
          if (batch.length > 0) yield batch;
        },
        close: async () => {
          sites.delete(job.id);
          downloads.delete(job.id);
        },
      };
    },

    async prepare(ctx, job: ImportJobRow, items) {
      const project = job.project_id === null ? undefined : await findProjectRow(ctx.db, { id: job.project_id });
      const subject = project ? projectIssueSubject(project) : undefined;
      if (!project || !subject || !canProject(ctx.actor, 'admin_project', subject)) {
        throw new Error('The user who started the import may no longer administer the project it imports into.');
      }
      if (!canProject(ctx.actor, 'import_issues', subject)) {
        throw new Error('The project no longer takes issues (archived, or its issues are turned off).');
      }
      const group: GroupRow | null =
        project.namespace_type === 'Group'
          ? ((await findGroupRow(ctx.db, { id: project.namespace_id })) ?? null)
          : null;
      const mayCreateEpics =
        group !== null &&
        canEpic(ctx.actor, 'create_epic', {
          kind: 'epic',
          group: groupSubject(group),
          confidential: false,
          authorId: null,
        });
      const { id } = await resolveRefs(
        ctx,
        job.id,
        items.flatMap((item) => refsOf(item.data)),
      );
      const site = sites.get(job.id) ?? null;
      return {
        ctx,
        job,
        project,
        group,
        mayCreateEpics,
        mapping: (job.source_options ?? { types: {}, statuses: {} }) as JiraMapping,
        site,
        people: {
          namespaceId: project.namespace_traversal_ids[0] ?? project.namespace_id,
          sourceHostname: jiraPeopleSource(site),
        },
        attachments: downloads.get(job.id) ?? null,
        id,
      };
    },

    importItem: (_ctx, _job, item, batch) => run(batch, item.data),
  };
}
