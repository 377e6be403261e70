import type { Database } from '../../../db/connection';
import { canGroup } from '../../../policy/abilities';
import type { ServiceConfig } from '../../../service-context';
import { findGroupRow, groupSubject } from '../../namespaces';
import type { ImportJobRow } from '../import-jobs';
import type { Importer, ItemOutcome, SourceItem } from '../importer';
import { type LoadedPlaces, loadBatchPlaces } from './archive-batch-places';
import { type ArchiveImport, type Ref, type RowsWriter, writeRecords } from './archive-context';
import { issueRefs, issueRows } from './archive-import-issues';
import { memberRefs, memberRows } from './archive-import-members';
import { awardRefs, awardRows, noteRefs, noteRows } from './archive-import-notes';
import { groupRefs, importGroup, importProject, projectRefs, userRows } from './archive-import-places';
import {
  cadenceRefs,
  cadenceRows,
  iterationRefs,
  iterationRows,
  labelRows,
  milestoneRows,
  ownerRefs,
} from './archive-import-planning';
import {
  epicIssueRefs,
  epicIssueRows,
  epicParentRefs,
  epicParentRows,
  epicRefs,
  epicRows,
  issueLinkRefs,
  issueLinkRows,
  parentLinkRefs,
  parentLinkRows,
  timelogRefs,
  timelogRows,
} from './archive-import-work';
import { type ArchiveSourceItem, openArchiveSource } from './archive-source';

type Kind = ArchiveSourceItem['kind'];
type RecordOf<K extends Kind> = Extract<ArchiveSourceItem, { kind: K }>['record'];
type KindImport<K extends Kind> = {
  /** What the record refers to: looked up for the whole batch in one statement. */
  refs(record: RecordOf<K>): Ref[];
} & (
  | /** Written a batch at a time (one insert per table). */ { rows: RowsWriter<RecordOf<K>, unknown> }
  | /** Written one record at a time (few records, or each needs its own reads). */ {
      run(a: ArchiveImport, record: RecordOf<K>): Promise<ItemOutcome>;
    }
);

/** Every kind of record, how its references are found and how it is created. */
const KINDS: { [K in Kind]: KindImport<K> } = {
  users: { refs: () => [], rows: userRows },
  groups: { refs: groupRefs, run: importGroup },
  projects: { refs: projectRefs, run: importProject },
  members: { refs: memberRefs, rows: memberRows },
  labels: { refs: ownerRefs, rows: labelRows },
  milestones: { refs: ownerRefs, rows: milestoneRows },
  iterations_cadences: { refs: cadenceRefs, rows: cadenceRows },
  iterations: { refs: iterationRefs, rows: iterationRows },
  issues: { refs: issueRefs, rows: issueRows },
  work_item_parent_links: { refs: parentLinkRefs, rows: parentLinkRows },
  timelogs: { refs: timelogRefs, rows: timelogRows },
  epics: { refs: epicRefs, rows: epicRows },
  epic_parents: { refs: epicParentRefs, rows: epicParentRows },
  epic_issues: { refs: epicIssueRefs, rows: epicIssueRows },
  issue_links: { refs: issueLinkRefs, rows: issueLinkRows },
  notes: { refs: noteRefs, rows: noteRows },
  award_emoji: { refs: awardRefs, rows: awardRows },
};

const kindImport = (item: ArchiveSourceItem) => KINDS[item.kind] as KindImport<Kind>;

/** One record, alone: a batch of one for the kinds written by rows. */
async function importOne(a: ArchiveImport, item: ArchiveSourceItem): Promise<ItemOutcome> {
  const kind = kindImport(item);
  if ('run' in kind) return kind.run(a, item.record);
  const [outcome] = await writeRecords(a, kind.rows, [item.record]);
  return outcome as ItemOutcome;
}

/**
 * A Meridian group export archive (the GitLab importer's file mode) imported into the group created
 * for the job: subgroups, projects, people (matched or placeholders), members, labels, milestones,
 * iterations, issues with their iids and history, epics and their hierarchy, links, notes and award
 * emoji, keeping authors and times. Records are written as the archive has them rather than through
 * the writers: the archive already holds the system notes the writers would add, and an import sends
 * no notifications, to-dos or webhooks for history. A batch holds records of one kind (the source's
 * batches do): most kinds are written a batch at a time. Markdown is stored unrendered (HTML NULL):
 * the first read renders and stores it (`storedHtml`), as GitLab's bulk importers leave its cache empty.
 */
export function groupArchiveImporter(
  /** Where the archive comes from when the job does not hold one yet (direct transfer: the source's API). */
  fetchArchive?: (job: ImportJobRow, deps: { db: Database; config: ServiceConfig }) => Promise<ImportJobRow>,
): Importer<ArchiveSourceItem, ArchiveImport, { places: LoadedPlaces }> {
  const sourceUrls = new Map<number, string>();
  const refsOf = (items: SourceItem<ArchiveSourceItem>[]) =>
    items.flatMap((item) => kindImport(item.data).refs(item.data.record));
  return {
    // Records are small, a batch resolves its references in one statement and writes a kind in one
    // insert per table: larger batches, fewer round trips.
    batchSize: 1000,
    // Each refers to earlier kinds only (issues to people, projects, labels; notes and award emoji to
    // issues and epics; epic links to both), so two of their batches are written at once.
    independentKinds: new Set<Kind>(['issues', 'notes', 'award_emoji', 'epic_issues']),
    async open(job, deps) {
      const withArchive = fetchArchive && !job.source_file ? await fetchArchive(job, deps) : job;
      // An uploaded archive was checked whole before its job was made (startGroupImport); a fetched one was not.
      const source = await openArchiveSource(withArchive, deps.config.files, {
        checkedBefore: job.kind === 'group_archive',
      });
      sourceUrls.set(job.id, source.sourceUrl);
      return {
        ...source,
        close: async () => {
          sourceUrls.delete(job.id);
          await source.close?.();
        },
      };
    },

    async ahead({ db }, job, items) {
      return { places: await loadBatchPlaces(db, job.id, refsOf(items)) };
    },

    async prepare(ctx, job, items, ahead) {
      const root = job.namespace_id === null ? undefined : await findGroupRow(ctx.db, { id: job.namespace_id });
      if (!root || !canGroup(ctx.actor, 'admin_group', groupSubject(root))) {
        throw new Error('The user who started the import may no longer administer the group it imports into.');
      }
      const places = await loadBatchPlaces(ctx.db, job.id, refsOf(items), ahead?.places);
      return {
        ...places,
        ctx,
        job,
        root,
        sourceUrl: sourceUrls.get(job.id) ?? '',
      };
    },

    async importItem(_ctx, _job, item, prepared) {
      const outcome = await importOne(prepared, item.data);
      if ('created' in outcome) prepared.remember(item.kind, item.sourceId, outcome.created);
      return outcome;
    },

    async importBatch(_ctx, _job, items, prepared) {
      const outcomes: ItemOutcome[] = [];
      // The source's batches are of one kind; runs of one kind are written together all the same.
      for (let at = 0; at < items.length; ) {
        const kind = items[at]?.kind;
        let end = at;
        while (end < items.length && items[end]?.kind === kind) end += 1;
        const run = items.slice(at, end);
        const first = kindImport((run[0] as SourceItem<ArchiveSourceItem>).data);
        const done =
          'rows' in first
            ? await writeRecords(
                prepared,
                first.rows,
                run.map((item) => item.data.record),
              )
            : [];
        for (const [n, item] of run.entries()) {
          const outcome = done[n] ?? (await importOne(prepared, item.data));
          if ('created' in outcome) prepared.remember(item.kind, item.sourceId, outcome.created);
          outcomes.push(outcome);
        }
        at = end;
      }
      return outcomes;
    },
  };
}
