import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../../../../db/connection';
import type { ServiceConfig } from '../../../../service-context';
import { SourceInstanceError } from '../../external-source';
import { keys } from '../../group-archive/archive-keys';
import { type ImportJobRow, renewLease } from '../../import-jobs';
import { bulkEntityOf } from '../bulk-entity';
import { keepSourceArchive } from '../keep-source-archive';
import { type DownloadedTree, type RelationSkip, relationsToArchive } from './relations-archive';
import type { Entity, RelationStatus, RelationsClient, SourceGroup, SourceProject } from './relations-client';

/** How long the source may take to write its exports, and how often it is asked. */
export const RELATIONS_WAIT_MS = 30 * 60 * 1000;
const POLL_MS = 1_000;
const MAX_GROUPS = 10_000;
const MAX_PROJECTS = 50_000;

/** The relations read; the others a source lists are reported as not imported. */
export const GROUP_RELATIONS = new Set([
  'self',
  'members',
  'labels',
  'milestones',
  'iterations_cadences',
  // Sources before GitLab 15.4: iterations without cadences.
  'iterations',
  'epics',
]);
export const PROJECT_RELATIONS = new Set(['self', 'project_members', 'labels', 'milestones', 'issues']);
const NOT_IMPORTED =
  'not imported: Meridian imports the plan (groups, projects, members, labels, milestones, iterations, epics, issues)';
const VISIBILITY: Record<string, number> = { private: 0, internal: 10, public: 20 };
/**
 * What the plan holds that GitLab's relation export does not carry at all (its import_export.yml has
 * no such relation; GitLab's own direct transfer lists linked issues as not migrated): reported for
 * each group and project, so the report says what is missing and why.
 */
export const NOT_EXPORTED: Record<Entity, { relation: string; reason: string }[]> = {
  groups: [
    {
      relation: 'related_epic_links',
      reason: "not in GitLab's export: linked epics (relates to, blocks) are not exported by the source",
    },
  ],
  projects: [
    {
      relation: 'issue_links',
      reason: "not in GitLab's export: linked issues (relates to, blocks) are not exported by the source",
    },
  ],
};

interface Entry {
  entity: Entity;
  id: number;
  path: string;
}

/** What a job brings over: a group with its tree (`group_entity`), or one project (`project_entity`). */
export type SourceRoot = { group: SourceGroup } | { project: SourceProject };

const namespaceOf = (p: SourceProject) =>
  p.path_with_namespace.slice(0, Math.max(0, p.path_with_namespace.lastIndexOf('/')));

/** The source's group tree, parents first: the group, its subgroups down, and the projects of each. */
async function listTree(client: RelationsClient, start: SourceRoot) {
  if ('project' in start) return { groups: [], projects: [start.project] };
  const root = start.group;
  const groups: { group: SourceGroup; parent: string | null }[] = [{ group: root, parent: null }];
  const projects: SourceProject[] = [];
  for (let at = 0; at < groups.length; at++) {
    const { group } = groups[at] as { group: SourceGroup };
    for (const sub of await client.subgroups(group.id)) {
      if (groups.length >= MAX_GROUPS)
        throw new SourceInstanceError('the source group has more subgroups than an import reads');
      groups.push({ group: sub, parent: group.full_path });
    }
    projects.push(...(await client.projects(group.id)));
    if (projects.length > MAX_PROJECTS)
      throw new SourceInstanceError('the source group has more projects than an import reads');
  }
  return { groups, projects };
}

/** Waits until every relation export of the entry has ended, keeping the job's lease. */
async function awaitExport(
  client: RelationsClient,
  entry: Entry,
  job: ImportJobRow,
  deps: { db: Database; pollMs?: number; deadline: number },
): Promise<RelationStatus[]> {
  for (;;) {
    const status = await client.status(entry.entity, entry.id);
    if (status.some((s) => s.relation === 'self') && status.every((s) => s.status !== 0)) return status;
    if (Date.now() > deps.deadline) {
      throw new SourceInstanceError(`the source instance did not export ${entry.path} in time`);
    }
    if (job.claimed_by && !(await renewLease(deps.db, job.id, job.claimed_by))) {
      throw new SourceInstanceError('another worker took the import over');
    }
    await new Promise((resolve) => setTimeout(resolve, deps.pollMs ?? POLL_MS));
  }
}

/**
 * The direct transfer's first step for a GitLab source, over GitLab's bulk import protocol: starts
 * the relation exports of the group, its subgroups and projects; waits for them (renewing the lease);
 * downloads each relation read (and each batch of a batched one) through the SSRF-guarded client;
 * turns them into a group archive (relations-archive.ts) kept in the file store and named on the job,
 * so a resumed job imports the very same data with the archive importer's writers and keys. Lines
 * and relations passed over go to the job's report. A project alone (`project_entity`) lands in the
 * job's group, which exists already: its source namespace is keyed to that group, as if imported.
 */
export async function fetchSourceRelations(
  job: ImportJobRow,
  deps: { db: Database; config: ServiceConfig; pollMs?: number },
  client: RelationsClient,
  root: SourceRoot,
): Promise<ImportJobRow> {
  const { db, config } = deps;
  const tree = await listTree(client, root);
  const rootPath = 'group' in root ? root.group.full_path : namespaceOf(root.project);
  const entity = bulkEntityOf(job);
  const projectSlug = entity.entity === 'project' ? entity.destination_slug : undefined;
  if ('project' in root && job.namespace_id !== null) {
    await db
      .insertInto('import_job_items')
      .values({ job_id: job.id, kind: 'groups', source_id: keys.group(rootPath), target_id: job.namespace_id })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const entries: Entry[] = [
    ...tree.groups.map(({ group }) => ({ entity: 'groups' as const, id: group.id, path: group.full_path })),
    ...tree.projects.map((p) => ({ entity: 'projects' as const, id: p.id, path: p.path_with_namespace })),
  ];
  // The top group's (or the project's) export was started when the source was asked whether it speaks the protocol.
  for (const entry of entries.slice(1)) {
    if (!(await client.startExport(entry.entity, entry.id))) {
      throw new SourceInstanceError(`the source instance does not export ${entry.path}`);
    }
  }
  const dir = await mkdtemp(join(tmpdir(), 'meridian-gitlab-relations-'));
  try {
    const skips: RelationSkip[] = [];
    const files = new Map<string, Map<string, string[]>>();
    const deadline = Date.now() + RELATIONS_WAIT_MS;
    for (const [index, entry] of entries.entries()) {
      const wanted = entry.entity === 'groups' ? GROUP_RELATIONS : PROJECT_RELATIONS;
      const own = new Map<string, string[]>();
      files.set(`${entry.entity}:${entry.id}`, own);
      for (const status of await awaitExport(client, entry, job, { db, pollMs: deps.pollMs, deadline })) {
        const id = `${entry.path}:${status.relation}`;
        if (!wanted.has(status.relation)) {
          skips.push({ kind: 'relation', source_id: id, reason: NOT_IMPORTED });
        } else if (status.status !== 1) {
          skips.push({
            kind: 'relation',
            source_id: id,
            reason: `the source failed to export it: ${status.error ?? 'no reason given'}`,
          });
        } else {
          const batches = status.batched ? Math.max(1, status.batches_count ?? 1) : 0;
          const paths: string[] = [];
          for (let batch = batches ? 1 : 0; batch <= batches; batch++) {
            const path = join(dir, `${index}-${status.relation.replace(/[^a-z_]/g, '')}-${batch}.gz`);
            await client.download(entry.entity, entry.id, status.relation, path, batch || undefined);
            paths.push(path);
          }
          own.set(status.relation, paths);
        }
      }
      for (const missing of NOT_EXPORTED[entry.entity]) {
        skips.push({ kind: 'relation', source_id: `${entry.path}:${missing.relation}`, reason: missing.reason });
      }
      if (job.claimed_by && !(await renewLease(db, job.id, job.claimed_by))) {
        throw new SourceInstanceError('another worker took the import over');
      }
    }
    // A project alone: the people of its groups are named by the project's members, inherited ones too.
    const people = 'project' in root ? await client.projectMembers(root.project.id) : [];
    const downloaded: DownloadedTree = {
      people,
      sourceUrl: job.source_url ?? '',
      rootPath,
      groups: tree.groups.map(({ group, parent }) => ({
        id: group.id,
        node: {
          full_path: group.full_path,
          path: group.path,
          name: group.name,
          parent_path: parent,
          description: group.description ?? null,
          visibility_level: VISIBILITY[group.visibility ?? 'private'] ?? 0,
          created_at: group.created_at ?? null,
        },
        files: files.get(`groups:${group.id}`) ?? new Map(),
      })),
      projects: tree.projects.map((p) => ({
        node: {
          full_path: p.path_with_namespace,
          // A project alone takes the destination's slug; in a tree, its own path.
          path: 'project' in root ? (projectSlug ?? p.path) : p.path,
          name: p.name,
          namespace_path: namespaceOf(p),
          visibility_level: VISIBILITY[p.visibility ?? 'private'] ?? 0,
          created_at: p.created_at ?? null,
        },
        files: files.get(`projects:${p.id}`) ?? new Map(),
      })),
    };
    const archiveDir = await mkdtemp(join(dir, 'archive-'));
    const path = join(dir, 'archive.tar.gz');
    skips.push(...(await relationsToArchive(downloaded, archiveDir, path)));
    for (let at = 0; at < skips.length; at += 500) {
      await db
        .insertInto('import_job_skips')
        .values(skips.slice(at, at + 500).map((s) => ({ job_id: job.id, ...s })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    return await keepSourceArchive(db, config, job, path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
