import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIR = join(import.meta.dirname, 'gitlab-relations');

interface Tree {
  groups: { id: number; full_path: string; parent_id: number | null }[];
  projects: { id: number; path_with_namespace: string; namespace: { id: number } }[];
}

export interface RelationsSourceOptions {
  token: string;
  /** Lines added at the end of a relation's file as it is served (an oversize line, written by the test). */
  extraLines?: Record<string, string[]>;
  /** Relations whose export fails on the source (`groups/101/labels`): status -1 with an error. */
  failed?: string[];
  /** Relations served as bytes that are not gzip (`groups/101/epics`). */
  corrupt?: string[];
}

/**
 * A stand-in for a GitLab source on loopback, speaking GitLab's documented bulk import protocol
 * over the sample files of `gitlab-relations/` (written for these tests after the shape of GitLab's
 * import/export fixtures): `GET /groups/:id`, `…/subgroups`, `…/projects`, `GET /projects/:id`, and for groups and
 * projects `POST …/export_relations` (202), `GET …/export_relations/status` (each relation started
 * on the first ask, finished on the next; `issues.N.ndjson` files make `issues` batched) and
 * `GET …/export_relations/download?relation=…[&batched=true&batch_number=N]` (gzipped NDJSON,
 * `self` a gzipped JSON object). Every request needs the token (`PRIVATE-TOKEN`), else 401.
 */
export async function startRelationsSource(options: RelationsSourceOptions) {
  const tree = JSON.parse(readFileSync(join(DIR, 'tree.json'), 'utf8')) as Tree;
  const asked = new Map<string, number>();
  const requests: string[] = [];
  const relationsOf = (entity: string, id: string) => {
    const dir = join(DIR, entity, id);
    const names = existsSync(dir) ? readdirSync(dir) : [];
    const out = new Map<string, number>();
    for (const name of names) {
      const [relation, batch] = name.replace(/\.(ndjson|json)$/, '').split('.');
      if (relation) out.set(relation, Math.max(out.get(relation) ?? 0, batch ? Number(batch) : 0));
    }
    return out;
  };
  const fileOf = (entity: string, id: string, relation: string, batch: string | null) => {
    if (relation === 'self') return join(DIR, entity, id, 'self.json');
    return join(DIR, entity, id, batch ? `${relation}.${batch}.ndjson` : `${relation}.ndjson`);
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    if (request.headers['private-token'] !== options.token) return send(401, { message: '401 Unauthorized' });
    const parts = url.pathname
      .replace(/^\/api\/v4\//, '')
      .split('/')
      .map(decodeURIComponent);
    const [entity, key, ...rest] = parts;
    const group = tree.groups.find((g) => String(g.id) === key || g.full_path === key);
    const project = tree.projects.find((p) => String(p.id) === key || p.path_with_namespace === key);
    const found = entity === 'groups' ? group : entity === 'projects' ? project : undefined;
    if (!found || !entity) return send(404, { message: '404 Not Found' });
    const id = String(found.id);
    const tail = rest.join('/');
    if (tail === '' && request.method === 'GET') return send(200, found);
    if (entity === 'groups' && tail === 'subgroups') {
      return send(
        200,
        tree.groups.filter((g) => g.parent_id === found.id),
        { 'x-next-page': '' },
      );
    }
    if (entity === 'groups' && tail === 'projects') {
      return send(
        200,
        tree.projects.filter((p) => p.namespace.id === found.id),
        { 'x-next-page': '' },
      );
    }
    if (entity === 'projects' && tail === 'members/all') {
      // GitLab's members with inherited ones: the project's and those of the groups above it (no email shown).
      const groupsAbove = tree.groups.filter((g) => project?.path_with_namespace.startsWith(`${g.full_path}/`));
      const files = [
        ...groupsAbove.map((g) => join(DIR, 'groups', String(g.id), 'members.ndjson')),
        join(DIR, 'projects', id, 'project_members.ndjson'),
      ];
      const people = files
        .filter((file) => existsSync(file))
        .flatMap((file) => readFileSync(file, 'utf8').split('\n').filter(Boolean))
        .map((line) => (JSON.parse(line) as { user: { id: number; username: string } }).user)
        .map((u) => ({ id: u.id, username: u.username, name: u.username, state: 'active' }));
      return send(200, people, { 'x-next-page': '' });
    }
    if (tail === 'export_relations' && request.method === 'POST') {
      asked.set(`${entity}:${id}`, 0);
      return send(202, { message: '202 Accepted' });
    }
    if (tail === 'export_relations/status') {
      const times = asked.get(`${entity}:${id}`);
      if (times === undefined) return send(200, []);
      asked.set(`${entity}:${id}`, times + 1);
      const at = new Date('2026-01-01T00:00:00Z').toISOString();
      return send(
        200,
        [...relationsOf(entity, id)].map(([relation, batches]) => ({
          relation,
          status: times === 0 ? 0 : options.failed?.includes(`${entity}/${id}/${relation}`) ? -1 : 1,
          error: options.failed?.includes(`${entity}/${id}/${relation}`) ? 'Export failed on the source' : null,
          updated_at: at,
          batched: batches > 0,
          batches_count: batches,
        })),
      );
    }
    if (tail === 'export_relations/download') {
      const relation = url.searchParams.get('relation') ?? '';
      const path = fileOf(entity, id, relation, url.searchParams.get('batch_number'));
      if (!/^[a-z_]+$/.test(relation) || !existsSync(path)) return send(404, { message: '404 Not Found' });
      const extra = (options.extraLines?.[`${entity}/${id}/${relation}`] ?? []).map((line) => `${line}\n`).join('');
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      if (options.corrupt?.includes(`${entity}/${id}/${relation}`)) return response.end('not gzip at all');
      return response.end(gzipSync(Buffer.concat([readFileSync(path), Buffer.from(extra)])));
    }
    return send(404, { message: '404 Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
