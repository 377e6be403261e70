import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Database } from '../../db/connection';
import { notFound } from '../../errors';
import { gitlabId } from '../../rest/gitlab-list-params';
import { parseIdOrPath, parseInput, requestParams } from '../../rest/params';
import { findContainer } from '../namespaces';
import { presentTemplate, presentTemplateSummary } from './templates.presenter';
import {
  createTemplate,
  deleteTemplate,
  findTemplate,
  type IssuableType,
  listTemplates,
  type TemplateContainer,
  updateTemplate,
} from './templates.service';

const pathSchema = z.object({
  id: z.string().max(1000),
  type: z.string().max(40),
  name: z.string().max(255).optional(),
});
/** GitLab's `source_template_project_id`: which project's template of that name (IE-4). */
const showQuery = z.object({ source_template_project_id: gitlabId.optional() });
const createSchema = z.object({ name: z.string().max(255), content: z.string().max(100_000).optional() });
const updateSchema = z.object({
  name: z.string().max(255).optional(),
  content: z.string().max(100_000).optional(),
});

/** GitLab's template type segment: `issues` and `merge_requests` are the description templates. */
const issuableTypes: Record<string, IssuableType> = { issues: 'issue', merge_requests: 'merge_request' };

async function target(db: Database, request: FastifyRequest, kind: 'project' | 'group') {
  const params = parseInput(pathSchema, request.params);
  const type = issuableTypes[params.type];
  if (!type) throw notFound('Template');
  const idOrPath = parseIdOrPath(params.id);
  const container: TemplateContainer = await findContainer(db, request.actor, kind, idOrPath);
  return { container, type, name: params.name ?? '' };
}

/**
 * Description templates: GitLab's `GET /projects/:id/templates/:type(/:name)` (IE-3, IE-4), the same
 * for groups, and create/update/delete, which GitLab does through a repository.
 */
export const templatesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  for (const kind of ['project', 'group'] as const) {
    const base = kind === 'project' ? '/projects/:id/templates/:type' : '/groups/:id/templates/:type';

    app.get(base, async (request) => {
      const { container, type } = await target(db, request, kind);
      return (await listTemplates(db, request.actor, container, type)).map(presentTemplateSummary);
    });

    app.get(`${base}/:name`, async (request) => {
      const { container, type, name } = await target(db, request, kind);
      const { source_template_project_id: sourceProjectId } = parseInput(showQuery, request.query);
      return presentTemplate(await findTemplate(db, request.actor, container, type, name, { sourceProjectId }));
    });

    app.post(base, async (request, reply) => {
      const { container, type } = await target(db, request, kind);
      const input = parseInput(createSchema, requestParams(request));
      return reply.status(201).send(presentTemplate(await createTemplate(db, request.actor, container, type, input)));
    });

    app.put(`${base}/:name`, async (request) => {
      const { container, type, name } = await target(db, request, kind);
      const input = parseInput(updateSchema, requestParams(request));
      return presentTemplate(await updateTemplate(db, request.actor, container, type, name, input));
    });

    app.delete(`${base}/:name`, async (request, reply) => {
      const { container, type, name } = await target(db, request, kind);
      await deleteTemplate(db, request.actor, container, type, name);
      return reply.status(204).send();
    });
  }
};
