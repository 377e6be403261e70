import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Database } from '../../db/connection';
import { parseIdOrPath, parseInput } from '../../rest/params';
import { findProject } from '../namespaces';
import { presentRepositoryFile, templateFileBytes } from './repository-files.presenter';
import { type TemplateRow, templateFile } from './templates.service';

const pathSchema = z.object({ id: z.string().max(1000), file_path: z.string().min(1).max(1024) });
const fileQuery = z.object({ ref: z.string().min(1).max(255) });
const rawQuery = z.object({ ref: z.string().min(1).max(255).default('HEAD') });

async function fileAt(db: Database, request: FastifyRequest, ref: string): Promise<TemplateRow> {
  const params = parseInput(pathSchema, request.params);
  const project = await findProject(db, request.actor, parseIdOrPath(params.id));
  return templateFile(db, request.actor, { kind: 'project', project }, params.file_path, ref);
}

/** GitLab's `X-Gitlab-*` headers, which its HEAD answer carries alone (clients check a file with them). */
function fileHeaders(reply: FastifyReply, t: TemplateRow, ref: string): void {
  const file = templateFileBytes(t);
  reply.headers({
    'x-gitlab-file-name': encodeURIComponent(file.fileName),
    'x-gitlab-file-path': encodeURIComponent(file.path),
    'x-gitlab-size': String(file.bytes.length),
    'x-gitlab-encoding': 'base64',
    'x-gitlab-ref': encodeURIComponent(ref),
    'x-gitlab-blob-id': file.blobId,
    'x-gitlab-content-sha256': file.sha256,
    'x-gitlab-execute-filemode': 'false',
  });
}

/**
 * IE-76: `GET (and HEAD) /projects/:id/repository/files/:file_path` and `…/raw`. A project's stored
 * files are its description templates, at the paths GitLab keeps them in (repository-file-path.ts),
 * so clients that read `.gitlab/issue_templates/*.md` from the repository find them.
 */
export const repositoryFilesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const base = '/projects/:id/repository/files/:file_path';

  app.get(base, async (request, reply) => {
    const { ref } = parseInput(fileQuery, request.query);
    const row = await fileAt(db, request, ref);
    fileHeaders(reply, row, ref);
    return presentRepositoryFile(row, ref);
  });

  app.get(`${base}/raw`, async (request, reply) => {
    const { ref } = parseInput(rawQuery, request.query);
    const row = await fileAt(db, request, ref);
    fileHeaders(reply, row, ref);
    return reply.type('text/plain; charset=utf-8').send(templateFileBytes(row).bytes);
  });
};
