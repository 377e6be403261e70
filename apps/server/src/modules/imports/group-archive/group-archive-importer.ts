import { directReads } from '../../../db/combined-reads';
import type { Database } from '../../../db/connection';
import { projectReferenceContext } from '../../../markdown/gfm-references';
import { canGroup } from '../../../policy/abilities';
import type { ServiceConfig } from '../../../service-context';
import {
  findGroupRow,
  type GroupRow,
  groupRowsByIds,
  groupSubject,
  type ProjectRow,
  projectRowsByIds,
} from '../../namespaces';
import type { ImportJobRow } from '../import-jobs';
import type { Importer, ItemOutcome, SourceItem } from '../importer';
import { resolveRefs } from '../source-refs';
import type { ArchiveImport, Ref } from './archive-context';
import { awardRefs, importAward, importNote, noteRefs } from './archive-import-notes';
import {
  groupRefs,
  importGroup,
  importMember,
  importProject,
  importUser,
  memberRefs,
  projectRefs,
} from './archive-import-places';
import {
  cadenceRefs,
  importCadence,
  importIteration,
  importLabel,
  importMilestone,
  iterationRefs,
  ownerRefs,
} from './archive-import-planning';
import {
  epicIssueRefs,
  epicParentRefs,
  epicRefs,
  importEpic,
  importEpicIssue,
  importEpicParent,
  importIssue,
  importIssueLink,
  importParentLink,
  importTimelog,
  issueLinkRefs,
  issueRefs,
  parentLinkRefs,
  timelogRefs,
} from './archive-import-work';
import { type ArchiveSourceItem, openArchiveSource } from './archive-source';

type Kind = ArchiveSourceItem['kind'];
type RecordOf<K extends Kind> = Extract<ArchiveSourceItem, { kind: K }>['record'];
interface KindImport<K extends Kind> {
  /** What the record refers to: looked up for the whole batch in one statement. */
  refs(record: RecordOf<K>): Ref[];
  run(a: ArchiveImport, record: RecordOf<K>): Promise<ItemOutcome>;
}

/** Every kind of record, how its references are found and how it is created. */
const KINDS: { [K in Kind]: KindImport<K> } = {
  users: { refs: () => [], run: importUser },
  groups: { refs: groupRefs, run: importGroup },
  projects: { refs: projectRefs, run: importProject },
  members: { refs: memberRefs, run: importMember },
  labels: { refs: ownerRefs, run: importLabel },
  milestones: { refs: ownerRefs, run: importMilestone },
  iterations_cadences: { refs: cadenceRefs, run: importCadence },
  iterations: { refs: iterationRefs, run: importIteration },
  issues: { refs: issueRefs, run: importIssue },
  work_item_parent_links: { refs: parentLinkRefs, run: importParentLink },
  timelogs: { refs: timelogRefs, run: importTimelog },
  epics: { refs: epicRefs, run: importEpic },
  epic_parents: { refs: epicParentRefs, run: importEpicParent },
  epic_issues: { refs: epicIssueRefs, run: importEpicIssue },
  issue_links: { refs: issueLinkRefs, run: importIssueLink },
  notes: { refs: noteRefs, run: importNote },
  award_emoji: { refs: awardRefs, run: importAward },
};

const kindImport = (item: ArchiveSourceItem) => KINDS[item.kind] as KindImport<Kind>;

/**
 * A Meridian group export archive (the GitLab importer's file mode) imported into the group created
 * for the job: subgroups, projects, people (matched or placeholders), members, labels, milestones,
 * iterations, issues with their iids and history, epics and their hierarchy, links, notes and award
 * emoji, keeping authors and times. Records are written as the archive has them rather than through
 * the writers: the archive already holds the system notes the writers would add, and an import sends
 * no notifications, to-dos or webhooks for history.
 */
export function groupArchiveImporter(
  /** Where the archive comes from when the job does not hold one yet (direct transfer: the source's API). */
  fetchArchive?: (job: ImportJobRow, deps: { db: Database; config: ServiceConfig }) => Promise<ImportJobRow>,
): Importer<ArchiveSourceItem, ArchiveImport> {
  const sourceUrls = new Map<number, string>();
  return {
    // Records are small and a batch resolves its references in one statement: larger batches, fewer round trips.
    batchSize: 500,
    async open(job, deps) {
      const withArchive = fetchArchive && !job.source_file ? await fetchArchive(job, deps) : job;
      const source = await openArchiveSource(withArchive, deps.config.files);
      sourceUrls.set(job.id, source.sourceUrl);
      return {
        ...source,
        close: async () => {
          sourceUrls.delete(job.id);
          await source.close?.();
        },
      };
    },

    async prepare(ctx, job, items: SourceItem<ArchiveSourceItem>[]) {
      const root = job.namespace_id === null ? undefined : await findGroupRow(ctx.db, { id: job.namespace_id });
      if (!root || !canGroup(ctx.actor, 'admin_group', groupSubject(root))) {
        throw new Error('The user who started the import may no longer administer the group it imports into.');
      }
      const refs = items.flatMap((item) => kindImport(item.data).refs(item.data.record));
      const { id, remember } = await resolveRefs(ctx, job.id, refs);
      const idsOf = (kind: 'groups' | 'projects') =>
        refs.flatMap((r) => (r.kind === kind ? [id(kind, r.key) ?? []].flat() : []));
      const reads = directReads(ctx.db);
      const [groups, projects] = await Promise.all([
        idsOf('groups').length ? groupRowsByIds(ctx.db, idsOf('groups'), reads) : [],
        idsOf('projects').length ? projectRowsByIds(ctx.db, idsOf('projects'), reads) : [],
      ]);
      return {
        ctx,
        job,
        root,
        sourceUrl: sourceUrls.get(job.id) ?? '',
        id,
        remember,
        groups: new Map((groups as GroupRow[]).map((g) => [g.id, g])),
        projects: new Map((projects as ProjectRow[]).map((p) => [p.id, p])),
        projectContext: projectReferenceContext,
      };
    },

    async importItem(_ctx, _job, item, prepared) {
      const outcome = await kindImport(item.data).run(prepared, item.data.record);
      if ('created' in outcome) prepared.remember(item.kind, item.sourceId, outcome.created);
      return outcome;
    },
  };
}
