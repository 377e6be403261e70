import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { Database } from '../../../../db/connection';
import { openSourceRequest, readCappedJson, SourceInstanceError, writeCappedFile } from '../../external-source';

/** Lists and statuses are small; a relation file may be large but is capped, and streamed to disk. */
const JSON_CAP = 4 * 1024 * 1024;
const MAX_PAGES = 1000;

export type Entity = 'groups' | 'projects';

const relationStatus = z.object({
  relation: z.string().min(1).max(100),
  status: z.number().int().min(-1).max(1),
  error: z.string().max(2000).nullish(),
  batched: z.boolean().nullish(),
  batches_count: z.number().int().min(0).max(100_000).nullish(),
});
export type RelationStatus = z.infer<typeof relationStatus>;

const visibility = z.enum(['private', 'internal', 'public']).nullish();
const groupRow = z.object({
  id: z.number().int().min(1),
  name: z.string().max(255),
  path: z.string().min(1).max(255),
  full_path: z.string().min(1).max(2048),
  description: z.string().max(2048).nullish(),
  visibility,
  created_at: z.iso.datetime({ offset: true }).nullish(),
});
const projectRow = z.object({
  id: z.number().int().min(1),
  name: z.string().max(255),
  path: z.string().min(1).max(255),
  path_with_namespace: z.string().min(1).max(2048),
  visibility,
  created_at: z.iso.datetime({ offset: true }).nullish(),
});
/** A person of `GET /projects/:id/members/all` (GitLab shows no email there). */
const memberRow = z.object({
  id: z.number().int().min(1),
  username: z.string().min(1).max(255),
  name: z.string().max(255).nullish(),
});
export type SourceMember = z.infer<typeof memberRow>;
export type SourceGroup = z.infer<typeof groupRow>;
export type SourceProject = z.infer<typeof projectRow>;

/**
 * GitLab's bulk import protocol on the source, with the user's token, every request through the
 * SSRF guard (`external-source.ts`): the group tree over REST, and each group's and project's
 * relation exports — `POST …/export_relations`, `GET …/export_relations/status`, and
 * `GET …/export_relations/download?relation=…[&batched=true&batch_number=N]` (gzipped NDJSON).
 */
export function relationsClient(db: Database, baseUrl: string, token: string, maxFileBytes: number) {
  const url = (path: string) => `${baseUrl.replace(/\/+$/, '')}/api/v4${path}`;
  const headers = { 'PRIVATE-TOKEN': token, Accept: 'application/json' };
  const open = (method: 'GET' | 'POST', path: string) => openSourceRequest(db, url(path), method, headers);
  const at = (entity: Entity, id: number | string) => `/${entity}/${encodeURIComponent(String(id))}`;
  const refused = (response: IncomingMessage, what: string) => {
    response.resume();
    const status = response.statusCode ?? 0;
    return new SourceInstanceError(
      status === 401
        ? 'the access token was refused by the source instance'
        : `the source instance answered ${status} to ${what}`,
    );
  };

  async function json(path: string, what: string): Promise<{ body: unknown; next: string | undefined }> {
    const response = await open('GET', path);
    if (response.statusCode !== 200) throw refused(response, what);
    const next = response.headers['x-next-page'];
    return {
      body: await readCappedJson(response, JSON_CAP),
      next: typeof next === 'string' && next ? next : undefined,
    };
  }

  async function pages<S extends z.ZodType>(path: string, schema: S, what: string): Promise<z.infer<S>[]> {
    const rows: z.infer<S>[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const { body, next } = await json(`${path}${path.includes('?') ? '&' : '?'}per_page=100&page=${page}`, what);
      const parsed = z.array(schema).max(100).safeParse(body);
      if (!parsed.success) throw new SourceInstanceError(`the source instance's ${what} is not GitLab's`);
      rows.push(...parsed.data);
      if (!next) return rows;
    }
    throw new SourceInstanceError(`the source instance lists more ${what} than an import reads`);
  }

  return {
    async group(fullPath: string): Promise<SourceGroup> {
      const { body } = await json(at('groups', fullPath), `group ${fullPath}`);
      const parsed = groupRow.safeParse(body);
      if (!parsed.success) throw new SourceInstanceError(`the source instance's group ${fullPath} is not GitLab's`);
      return parsed.data;
    },
    /** One project (GitLab's `project_entity`): refused when the token cannot read it. */
    async project(fullPath: string): Promise<SourceProject> {
      const { body } = await json(at('projects', fullPath), `project ${fullPath}`);
      const parsed = projectRow.safeParse(body);
      if (!parsed.success) throw new SourceInstanceError(`the source instance's project ${fullPath} is not GitLab's`);
      return parsed.data;
    },
    /** Everyone with access to the project, inherited from its groups too (a project imported alone). */
    projectMembers: (id: number) => pages(`${at('projects', id)}/members/all`, memberRow, 'project members'),
    subgroups: (id: number) => pages(`${at('groups', id)}/subgroups`, groupRow, 'subgroups'),
    /** The group's own projects: not its subgroups' (listed with them), nor projects shared with it. */
    projects: (id: number) => pages(`${at('groups', id)}/projects?with_shared=false`, projectRow, 'projects'),
    /** Starts the relation exports; false when the source does not speak the protocol (404: a Meridian). */
    async startExport(entity: Entity, id: number): Promise<boolean> {
      const response = await open('POST', `${at(entity, id)}/export_relations`);
      response.resume();
      if (response.statusCode === 404 || response.statusCode === 405) return false;
      if (response.statusCode !== 202 && response.statusCode !== 201) throw refused(response, 'export_relations');
      return true;
    },
    async status(entity: Entity, id: number): Promise<RelationStatus[]> {
      const { body } = await json(`${at(entity, id)}/export_relations/status`, 'export_relations/status');
      const parsed = z.array(relationStatus).max(1000).safeParse(body);
      if (!parsed.success) throw new SourceInstanceError("the source instance's export status is not GitLab's");
      return parsed.data;
    },
    /** Streams one relation (or one batch of it) to `path`, refused past the cap. */
    async download(entity: Entity, id: number, relation: string, path: string, batch?: number): Promise<void> {
      const query = `relation=${encodeURIComponent(relation)}${batch ? `&batched=true&batch_number=${batch}` : ''}`;
      const response = await open('GET', `${at(entity, id)}/export_relations/download?${query}`);
      if (response.statusCode !== 200) throw refused(response, `the download of ${relation}`);
      await writeCappedFile(response, path, maxFileBytes, `the source's ${relation} is larger than allowed`);
    },
  };
}

export type RelationsClient = ReturnType<typeof relationsClient>;
