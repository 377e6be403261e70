import { csvIssueImporter } from './csv-issue-importer';
import { fetchSource } from './direct-transfer/fetch-source';
import { groupArchiveImporter } from './group-archive/group-archive-importer';
import type { ImportJobRow, ImportKind } from './import-jobs';
import type { Importer } from './importer';
import { jiraImporter } from './jira/jira-importer';
import { redmineImporter } from './redmine/redmine-importer';
import { reassignmentImporter } from './source-users/reassignment-importer';

/** Every importer by job kind: a new importer is one line here, a kind in the import_jobs CHECK, and its source and mapper. */
const IMPORTERS: Record<ImportKind, Importer> = {
  csv_issues: csvIssueImporter as Importer,
  group_archive: groupArchiveImporter() as Importer,
  gitlab_direct_transfer: groupArchiveImporter(fetchSource) as Importer,
  jira_csv: jiraImporter() as Importer,
  jira_json: jiraImporter() as Importer,
  redmine: redmineImporter() as Importer,
  source_user_reassignment: reassignmentImporter as Importer,
};

export function importerOf(job: ImportJobRow): Importer {
  const importer = IMPORTERS[job.kind as ImportKind];
  if (!importer) throw new Error(`No importer for jobs of kind ${job.kind}`);
  return importer;
}
