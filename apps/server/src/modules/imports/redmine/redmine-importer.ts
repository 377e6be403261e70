import { projectReferenceContext } from '@meridian/domain';
import { directReads } from '../../../db/combined-reads';
import type { Database } from '../../../db/connection';
import { canGroup } from '../../../policy/abilities';
import { findGroupRow, groupSubject, type ProjectRow, projectRowsByIds } from '../../namespaces';
import type { Importer, ItemOutcome, SourceItem } from '../importer';
import { resolveRefs } from '../source-refs';
import type { RedmineClient } from './redmine-client';
import type { RedmineImport, RedmineRef } from './redmine-context';
import { importRedmineIssue, issueRefs } from './redmine-import-issues';
import {
  groupRefs,
  importRedmineGroup,
  importRedmineLabel,
  importRedmineMilestone,
  importRedmineProject,
  importRedmineTimeEntry,
  importRedmineUser,
  labelRefs,
  milestoneRefs,
  projectRefs,
  timeEntryRefs,
} from './redmine-import-places';
import { importRedmineReferences } from './redmine-import-references';
import { openRedmineSource, type RedmineItem, type RedmineSourceContext } from './redmine-source';

type Kind = Exclude<RedmineItem['kind'], 'handled'>;
type Of<K extends Kind> = Extract<RedmineItem, { kind: K }>;
interface KindImport<K extends Kind> {
  refs(item: Of<K>): RedmineRef[];
  run(a: RedmineImport, item: Of<K>): Promise<ItemOutcome>;
}

const KINDS: { [K in Kind]: KindImport<K> } = {
  users: { refs: () => [], run: importRedmineUser },
  groups: { refs: groupRefs, run: importRedmineGroup },
  projects: { refs: projectRefs, run: importRedmineProject },
  labels: { refs: labelRefs, run: importRedmineLabel },
  milestones: { refs: milestoneRefs, run: importRedmineMilestone },
  issues: { refs: issueRefs, run: importRedmineIssue },
  time_entries: { refs: timeEntryRefs, run: importRedmineTimeEntry },
  references: { refs: () => [], run: importRedmineReferences },
};

const kindImport = (item: RedmineItem) =>
  item.kind === 'handled' ? undefined : (KINDS[item.kind] as KindImport<Kind>);

/**
 * The Redmine importer (`redmine` jobs): the source reads Redmine's REST API page by page
 * (`redmine-source.ts`), and each item is written as Redmine has it — ids, authors, dates, history —
 * into the group the job imports into, rather than through the writers: the journals already are the
 * history the writers would add, and an import sends no notifications, to-dos or webhooks for the past.
 * `client` replaces the HTTP client (tests).
 */
export function redmineImporter(
  client?: (job: { source_url: string | null }) => RedmineClient,
): Importer<RedmineItem, RedmineImport> {
  const contexts = new Map<number, RedmineSourceContext>();
  return {
    batchSize: 50,
    async open(job, deps: { db: Database }) {
      const source = await openRedmineSource(job, { db: deps.db, ...(client ? { client: client(job) } : {}) });
      contexts.set(job.id, source.context);
      return { ...source, close: async () => void contexts.delete(job.id) };
    },

    async prepare(ctx, job, items: SourceItem<RedmineItem>[]) {
      const root = job.namespace_id === null ? undefined : await findGroupRow(ctx.db, { id: job.namespace_id });
      if (!root || !canGroup(ctx.actor, 'admin_group', groupSubject(root))) {
        throw new Error('The user who started the import may no longer administer the group it imports into.');
      }
      const source = contexts.get(job.id);
      if (!source) throw new Error('The Redmine source of this import is not open.');
      const refs = items.flatMap((item) => kindImport(item.data)?.refs(item.data as never) ?? []);
      const { id, remember } = await resolveRefs(ctx, job.id, refs);
      const projectIds = refs.flatMap((r) => (r.kind === 'projects' ? [id('projects', r.key) ?? []].flat() : []));
      const userIds = refs.flatMap((r) => (r.kind === 'users' ? [id('users', r.key) ?? []].flat() : []));
      const projects = projectIds.length
        ? await projectRowsByIds(ctx.db, [...new Set(projectIds)], directReads(ctx.db))
        : [];
      const usernames = userIds.length
        ? await ctx.db
            .selectFrom('users')
            .select(['id', 'username'])
            .where('id', 'in', [...new Set(userIds)])
            .execute()
        : [];
      return {
        ctx,
        job,
        root,
        source,
        id,
        remember,
        projects: new Map((projects as ProjectRow[]).map((p) => [p.id, p])),
        projectContext: projectReferenceContext,
        usernames: new Map(usernames.map((u) => [u.id, u.username])),
      };
    },

    async importItem(_ctx, _job, item, prepared) {
      const run = kindImport(item.data);
      if (!run) return { skipped: 'already imported' };
      const outcome = await run.run(prepared, item.data as never);
      if ('created' in outcome) prepared.remember(item.kind, item.sourceId, outcome.created);
      return outcome;
    },
  };
}
