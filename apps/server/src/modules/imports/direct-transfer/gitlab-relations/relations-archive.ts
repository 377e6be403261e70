import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';
import type { z } from 'zod';
import {
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_KINDS,
  type ArchiveItem,
  type ArchiveKind,
  type ArchiveManifest,
  packArchive,
  RECORD_SCHEMAS,
} from '../../../group-transfer';
import { gzipLines, type Line } from './ndjson-lines';
import {
  describeIssue,
  type GlSelf,
  glCadence,
  glEpic,
  glIssue,
  glIteration,
  glLabel,
  glMember,
  glMilestone,
  glSelf,
} from './relation-lines';
import {
  type GroupNode,
  legacyCadence,
  linkedGroupLabels,
  type MapContext,
  mapCadence,
  mapEpic,
  mapGroup,
  mapIssue,
  mapLabel,
  mapMember,
  mapMilestone,
  mapProject,
  type ProjectNode,
} from './relation-mapping';

/** What a source line may hold: an issue with its whole history in one line. */
export const RELATION_LIMITS = { maxLineBytes: 64 * 1024 ** 2, maxBytes: 20 * 1024 ** 3, maxSelfBytes: 1024 ** 2 };
/** Iterations of a group read from a source before cadences (held in memory until the group's last). */
const MAX_LEGACY_ITERATIONS = 100_000;
/** Reasons kept per job: a hostile file of a million bad lines is one more line in the report. */
const MAX_SKIPS = 10_000;

/** A group or project of the source with its downloaded relations (each a list of files: the batches). */
export interface Downloaded<N> {
  node: N;
  files: Map<string, string[]>;
}
export interface DownloadedTree {
  sourceUrl: string;
  rootPath: string;
  groups: (Downloaded<GroupNode> & { id: number })[];
  projects: Downloaded<ProjectNode>[];
  /**
   * People the relations name who are members of groups not imported (a project imported alone:
   * the members of the groups above it), by id: matched by username, not made members.
   */
  people?: { id: number; username: string; name?: string | null | undefined }[];
}
export interface RelationSkip {
  kind: string;
  source_id: string;
  reason: string;
}

const fit = (key: string) => (key.length <= 255 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`);

/** One writer per archive kind: each record checked by the archive's own schema before its line is written. */
function kindWriters(dir: string, skip: (kind: string, id: string, reason: string) => void) {
  const files = new Map<
    ArchiveKind,
    { out: WriteStream; hash: ReturnType<typeof createHash>; count: number; bytes: number }
  >();
  for (const kind of ARCHIVE_KINDS) {
    files.set(kind, {
      out: createWriteStream(join(dir, `${kind}.ndjson`)),
      hash: createHash('sha256'),
      count: 0,
      bytes: 0,
    });
  }
  return {
    async write(item: ArchiveItem, where: string) {
      const parsed = (RECORD_SCHEMAS[item.kind] as z.ZodType).safeParse(item.record);
      if (!parsed.success) return skip(item.kind, where, describeIssue(parsed.error));
      const file = files.get(item.kind);
      if (!file) return;
      const line = Buffer.from(`${JSON.stringify(parsed.data)}\n`);
      file.hash.update(line);
      file.count += 1;
      file.bytes += line.length;
      if (!file.out.write(line)) await once(file.out, 'drain');
    },
    async close() {
      for (const file of files.values()) {
        file.out.end();
        await once(file.out, 'close');
      }
      return Object.fromEntries(
        [...files].map(([kind, f]) => [kind, { count: f.count, bytes: f.bytes, sha256: f.hash.digest('hex') }]),
      ) as ArchiveManifest['files'];
    },
  };
}

async function readSelf(path: string | undefined): Promise<GlSelf | null> {
  if (!path) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of createReadStream(path).pipe(createGunzip()) as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > RELATION_LIMITS.maxSelfBytes) return null;
    chunks.push(chunk);
  }
  try {
    const parsed = glSelf.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The downloaded relations of a group tree as a Meridian group archive at `outPath`, read line by
 * line (one line in memory at a time): members first (GitLab names people by id), then everything
 * else, each line checked by its schema and mapped (relation-mapping.ts), each record checked by the
 * archive's schema. What is passed over is answered with the reason, for the job's report.
 */
export async function relationsToArchive(tree: DownloadedTree, dir: string, outPath: string): Promise<RelationSkip[]> {
  const skips: RelationSkip[] = [];
  let dropped = 0;
  const skip = (kind: string, id: string, reason: string) => {
    if (skips.length < MAX_SKIPS) skips.push({ kind, source_id: fit(id), reason: reason.slice(0, 1000) });
    else dropped += 1;
  };
  const out = kindWriters(dir, skip);
  const usernames = new Map<number, string>();
  const written = new Set<string>();
  const pending: ArchiveItem[] = [];
  let notes = 0;
  let cadences = 0;
  const groupPaths = new Map(tree.groups.map((g) => [g.id, g.node.full_path]));
  const ctx: MapContext = {
    user(id, name) {
      if (id === null || id === undefined) return null;
      const known = usernames.get(id);
      if (known) return known;
      // Not a member: a person of the source the import cannot name; a placeholder holds their contributions.
      const username = `gitlab-user-${id}`;
      usernames.set(id, username);
      written.add(username);
      pending.push({ kind: 'users', record: { username, email: '', name: name ?? username, state: 'active' } });
      return username;
    },
    groupPath: (id) => (id === null || id === undefined ? undefined : groupPaths.get(id)),
    nextNoteId: () => ++notes,
  };
  const flush = async (where: string) => {
    for (const item of pending.splice(0)) await out.write(item, where);
  };

  async function lines<S extends z.ZodType>(
    files: string[] | undefined,
    relation: string,
    where: string,
    schema: S,
    each: (line: z.infer<S>, id: string) => Promise<void>,
  ) {
    for (const [batch, path] of (files ?? []).entries()) {
      // A file that is not gzip, or decompresses past the cap, ends there: reported, the others go on.
      const reader = gzipLines(path, RELATION_LIMITS);
      for (;;) {
        let next: IteratorResult<Line>;
        try {
          next = await reader.next();
        } catch (error) {
          const why = error instanceof Error ? error.message : String(error);
          skip(relation, `${where}:${relation}:${batch + 1}`, `the file could not be read further: ${why}`);
          break;
        }
        if (next.done) break;
        const line = next.value;
        const id = `${where}:${relation}:${batch + 1}:${line.number}`;
        if (line.text === null) {
          skip(relation, id, `line ${line.number} is longer than ${RELATION_LIMITS.maxLineBytes} bytes`);
          continue;
        }
        let json: unknown;
        try {
          json = JSON.parse(line.text);
        } catch {
          skip(relation, id, `line ${line.number} is not JSON`);
          continue;
        }
        const parsed = schema.safeParse(json);
        if (!parsed.success) skip(relation, id, `line ${line.number}: ${describeIssue(parsed.error)}`);
        else await each(parsed.data, id);
      }
    }
  }
  const mapped = async (result: { items: ArchiveItem[]; skips: string[] }, relation: string, id: string) => {
    // One report row per line (the report's key is the line): its reasons joined.
    if (result.skips.length > 0) skip(relation, id, result.skips.join('; '));
    await flush(id);
    for (const item of result.items) await out.write(item, id);
  };

  try {
    const members = [
      ...tree.groups.map((g) => ({
        files: g.files.get('members'),
        type: 'Namespace' as const,
        path: g.node.full_path,
      })),
      ...tree.projects.map((p) => ({
        files: p.files.get('project_members'),
        type: 'Project' as const,
        path: p.node.full_path,
      })),
    ];
    for (const person of tree.people ?? []) {
      if (usernames.has(person.id)) continue;
      usernames.set(person.id, person.username);
      if (written.has(person.username)) continue;
      written.add(person.username);
      const name = person.name || person.username;
      await out.write(
        { kind: 'users', record: { username: person.username, email: '', name, state: 'active' } },
        `people:${person.id}`,
      );
    }
    for (const m of members) {
      const relation = m.type === 'Namespace' ? 'members' : 'project_members';
      await lines(m.files, relation, m.path, glMember, async (line, id) => {
        const { user, member } = mapMember(line, m);
        usernames.set(line.user.id, user.username);
        if (!written.has(user.username)) {
          written.add(user.username);
          await out.write({ kind: 'users', record: user }, id);
        }
        await out.write({ kind: 'members', record: member }, id);
      });
    }
    const now = new Date().toISOString();
    for (const g of tree.groups) {
      await out.write(
        { kind: 'groups', record: mapGroup(await readSelf(g.files.get('self')?.[0]), g.node, now) },
        g.node.full_path,
      );
    }
    for (const p of tree.projects) {
      await out.write(
        { kind: 'projects', record: mapProject(await readSelf(p.files.get('self')?.[0]), p.node, now) },
        p.node.full_path,
      );
    }
    const owners = [
      ...tree.groups.map((g) => ({ files: g.files, owner: { group_path: g.node.full_path, project_path: null } })),
      ...tree.projects.map((p) => ({ files: p.files, owner: { group_path: null, project_path: p.node.full_path } })),
    ];
    // The labels of each project (titles), for a project imported alone (its groups' labels are not).
    const projectLabels = new Map<string, Set<string>>();
    for (const { files, owner } of owners) {
      const where = owner.group_path ?? owner.project_path ?? '';
      const titles = new Set<string>();
      if (owner.project_path) projectLabels.set(owner.project_path, titles);
      await lines(files.get('labels'), 'labels', where, glLabel, (line, id) => {
        titles.add(line.title);
        return out.write({ kind: 'labels', record: mapLabel(line, owner) }, id);
      });
      await lines(files.get('milestones'), 'milestones', where, glMilestone, (line, id) =>
        out.write({ kind: 'milestones', record: mapMilestone(line, owner) }, id),
      );
    }
    for (const g of tree.groups) {
      const path = g.node.full_path;
      await lines(g.files.get('iterations_cadences'), 'iterations_cadences', path, glCadence, (line, id) =>
        mapped(mapCadence(line, path, ++cadences), 'iterations_cadences', id),
      );
      // A source before 15.4: iterations without cadences, under one cadence made for them.
      const legacy: z.infer<typeof glIteration>[] = [];
      await lines(g.files.get('iterations'), 'iterations', path, glIteration, async (line, id) => {
        if (legacy.length < MAX_LEGACY_ITERATIONS) legacy.push(line);
        else skip('iterations', id, `more than ${MAX_LEGACY_ITERATIONS} iterations in the group`);
      });
      if (legacy.length > 0) {
        await mapped(mapCadence(legacyCadence(legacy), path, ++cadences), 'iterations', `${path}:iterations`);
      }
      await lines(g.files.get('epics'), 'epics', path, glEpic, (line, id) =>
        mapped(mapEpic(line, path, ctx), 'epics', id),
      );
    }
    const projectAlone = tree.groups.length === 0;
    for (const p of tree.projects) {
      const path = p.node.full_path;
      const known = projectLabels.get(path) ?? new Set<string>();
      await lines(p.files.get('issues'), 'issues', path, glIssue, async (line, id) => {
        if (projectAlone) {
          for (const label of linkedGroupLabels(line, path, known)) {
            known.add(label.title);
            await out.write({ kind: 'labels', record: label }, id);
          }
        }
        await mapped(mapIssue(line, path, ctx), 'issues', id);
      });
    }
  } catch (error) {
    await out.close();
    throw error;
  }
  const files = await out.close();
  if (dropped > 0) skips.push({ kind: 'report', source_id: 'more', reason: `${dropped} more lines were skipped` });
  const manifest: ArchiveManifest = {
    format_version: ARCHIVE_FORMAT_VERSION,
    meridian_version: 'gitlab-relations',
    source_url: tree.sourceUrl,
    group_full_path: tree.rootPath,
    exported_at: new Date().toISOString(),
    files,
  };
  await packArchive(manifest, dir, outPath);
  return skips;
}
