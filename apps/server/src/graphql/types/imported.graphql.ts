import { IMPORT_SOURCES, type ImportSource, presentImported } from '../../modules/issuables';
import { builder } from '../builder';
import { EpicRef, ISSUE_REFS, WorkItemRef } from './refs';

/*
 * GitLab's `imported` / `importedFrom` on Issue, Epic and WorkItem (IE §2.3, §3: the headers'
 * imported badge), from the rows' imported_from column (migration 0021).
 */

const ImportSourceEnum = builder.enumType('ImportSource', {
  description: 'Import source of an item (GitLab’s Importable#imported_from).',
  values: Object.fromEntries(
    IMPORT_SOURCES.map((source) => [
      source.toUpperCase(),
      { value: source, description: source === 'none' ? 'Not imported.' : `Imported from ${source}.` },
    ]),
  ) as Record<Uppercase<ImportSource>, { value: ImportSource; description: string }>,
});

type ImportedRow = { imported_from: string };

/** Adds `imported` / `importedFrom` to a type whose row (reached through `rowOf`) has imported_from. */
function addImportedFields<T>(
  ref: Parameters<typeof builder.objectFields>[0],
  what: string,
  rowOf: (item: T) => ImportedRow,
) {
  builder.objectFields(ref, (t) => ({
    imported: t.boolean({
      description: `Indicates whether the ${what} was imported.`,
      resolve: (item) => presentImported(rowOf(item as T)).imported,
    }),
    importedFrom: t.field({
      type: ImportSourceEnum,
      description: `Import source of the ${what}.`,
      resolve: (item) => presentImported(rowOf(item as T)).imported_from as ImportSource,
    }),
  }));
}

for (const ref of ISSUE_REFS) addImportedFields<ImportedRow>(ref, 'issue', (row) => row);
addImportedFields<ImportedRow>(EpicRef, 'epic', (row) => row);
addImportedFields<{ row: ImportedRow }>(WorkItemRef, 'work item', (w) => w.row);
