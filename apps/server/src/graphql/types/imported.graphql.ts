import { IMPORT_SOURCES, type ImportSource } from '../../modules/issuables/imported-from';
import { builder } from '../builder';
import { EpicRef, IssueRef, WorkItemRef } from './refs';

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

const importedFields = (what: string) =>
  ({
    imported: {
      description: `Indicates whether the ${what} was imported.`,
      resolve: (row: { imported_from: string }) => row.imported_from !== 'none',
    },
    importedFrom: {
      description: `Import source of the ${what}.`,
      resolve: (row: { imported_from: string }) => row.imported_from as ImportSource,
    },
  }) as const;

for (const [ref, what] of [
  [IssueRef, 'issue'],
  [EpicRef, 'epic'],
] as const) {
  const fields = importedFields(what);
  builder.objectFields(ref, (t) => ({
    imported: t.boolean({ description: fields.imported.description, resolve: fields.imported.resolve }),
    importedFrom: t.field({
      type: ImportSourceEnum,
      description: fields.importedFrom.description,
      resolve: fields.importedFrom.resolve,
    }),
  }));
}

builder.objectFields(WorkItemRef, (t) => {
  const fields = importedFields('work item');
  return {
    imported: t.boolean({ description: fields.imported.description, resolve: (w) => fields.imported.resolve(w.row) }),
    importedFrom: t.field({
      type: ImportSourceEnum,
      description: fields.importedFrom.description,
      resolve: (w) => fields.importedFrom.resolve(w.row),
    }),
  };
});
