import { MAX_INT4 } from '@meridian/domain';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { canProject } from '../../policy/abilities';
import { gitlabBoolean, parseIdOrPath } from '../../rest/params';
import { findProject, nameParam, namespaceRoutes, pathParam, projectSubject, visibilityParam } from '../namespaces';
import { canManageTemplates } from '../templates';
import { canVulnerability } from '../vulnerabilities';
import { projectListParams } from './project-list-params';
import { presentProject } from './projects.presenter';
import { createProject, deleteProject, updateProject } from './projects.service';
import { listProjects } from './projects-list.service';

const editable = {
  name: nameParam.optional(),
  path: pathParam.optional(),
  visibility: visibilityParam.optional(),
  description: z.string().max(2000).optional(),
  issues_enabled: gitlabBoolean.optional(),
  merge_requests_enabled: gitlabBoolean.optional(),
};

const createParams = z.object({
  ...editable,
  namespace_id: z.coerce.number().int().positive().max(MAX_INT4).optional(),
});

const updateParams = z.object({
  ...editable,
  archived: gitlabBoolean.optional(),
  default_branch: z.string().min(1).max(255).optional(),
});

/** GitLab REST v4 projects: list, show, create, update, delete. */
export const projectsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  namespaceRoutes(app, db, {
    path: '/projects',
    listParams: projectListParams,
    createParams,
    updateParams,
    list: (db, actor, params) => listProjects(db, actor, params, params),
    create: createProject,
    update: updateProject,
    remove: deleteProject,
    present: (project) => presentProject(ctx, project),
  });

  app.get<{ Params: { id: string } }>('/projects/:id', async (request) => {
    const project = await findProject(db, request.actor, parseIdOrPath(request.params.id));
    return {
      ...presentProject(ctx, project),
      can_admin_issuable_templates: canManageTemplates(request.actor, projectSubject(project)),
      // The web's sidebar links the vulnerability report only for those who may read it (Developers and up).
      can_read_vulnerability: canVulnerability(request.actor, 'read', project),
      // …and the escalation policies page for Reporters and up, its editing for Maintainers and up.
      can_read_escalation_policies: canProject(
        request.actor,
        'read_incident_management_escalation_policy',
        projectSubject(project),
      ),
      can_admin_escalation_policies: canProject(
        request.actor,
        'admin_incident_management_escalation_policy',
        projectSubject(project),
      ),
    };
  });
};
