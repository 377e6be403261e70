import { MAX_INT4 } from '@meridian/domain';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Database } from '../../db/connection';
import { requireActor } from '../../policy/require-actor';
import { pageParams, setPaginationHeaders } from '../../rest/pagination';
import { gitlabBoolean, parseIdOrPath, parseInput, requestParams } from '../../rest/params';
import { findContainer, findGroup, findProject } from '../namespaces';
import { setSubscription } from '../subscriptions';
import type { LabelContainer } from './label-container';
import { labelExtras } from './label-counts';
import { presentLabel } from './labels.presenter';
import { createLabel, deleteLabel, findLabel, type LabelRow, listLabels, updateLabel } from './labels.service';
import { promoteLabel } from './promote-label';

const listSchema = pageParams.extend({
  with_counts: gitlabBoolean.default(false),
  include_ancestor_groups: gitlabBoolean.default(true),
  include_descendant_groups: gitlabBoolean.default(false),
  only_group_labels: gitlabBoolean.default(true),
  search: z.string().max(255).optional(),
});

const priority = z.preprocess(
  (v) => (v === '' || v === 'null' ? null : v),
  z.coerce.number().int().min(0).max(MAX_INT4).nullable(),
);

const createSchema = z.object({
  name: z.string().max(255),
  color: z.string().max(64),
  description: z.string().max(65_535).nullable().optional(),
  priority: priority.optional(),
});

const updateSchema = z.object({
  new_name: z.string().max(255).optional(),
  color: z.string().max(64).optional(),
  description: z.string().max(65_535).nullable().optional(),
  priority: priority.optional(),
});

/**
 * GitLab's older form `PUT|DELETE /projects/:id/labels` names the label in the parameters (`name`,
 * or `label_id`); python-gitlab 3.x edits labels this way.
 */
const labelInParams = z
  .object({ label_id: z.string().max(255).optional(), name: z.string().max(255).optional() })
  .refine((v) => v.label_id || v.name, { message: 'label_id or name is required', path: ['name'] });

type Params = { id: string; label_id?: string };

const containerFor = (db: Database, request: FastifyRequest, kind: 'project' | 'group'): Promise<LabelContainer> =>
  findContainer(db, request.actor, kind, parseIdOrPath((request.params as Params).id));

function labelNamedIn(request: FastifyRequest): string {
  const { label_id: labelId, name } = parseInput(labelInParams, requestParams(request));
  return labelId || name || '';
}

/** GitLab's project and group label endpoints. */
export const labelsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  async function presentOne(request: FastifyRequest, container: LabelContainer, label: LabelRow) {
    const extras = await labelExtras(db, request.actor, container, [label.id], true);
    return presentLabel(label, extras, true);
  }

  for (const kind of ['project', 'group'] as const) {
    const base = kind === 'project' ? '/projects/:id/labels' : '/groups/:id/labels';

    app.get(base, async (request, reply) => {
      const container = await containerFor(db, request, kind);
      const q = parseInput(listSchema, request.query);
      const { rows, total } = await listLabels(db, request.actor, container, {
        includeAncestorGroups: q.include_ancestor_groups,
        includeDescendantGroups: kind === 'group' && q.include_descendant_groups,
        onlyGroupLabels: kind === 'project' || q.only_group_labels,
        search: q.search,
        page: q.page,
        perPage: q.per_page,
      });
      const extras = await labelExtras(
        db,
        request.actor,
        container,
        rows.map((r) => r.id),
        q.with_counts,
      );
      setPaginationHeaders(request, reply, q, total);
      return rows.map((r) => presentLabel(r, extras, q.with_counts));
    });

    app.post(base, async (request, reply) => {
      requireActor(request.actor);
      const container = await containerFor(db, request, kind);
      const input = parseInput(createSchema, requestParams(request));
      const label = await createLabel(db, request.actor, container, input);
      return reply.status(201).send(await presentOne(request, container, label));
    });

    app.get(`${base}/:label_id`, async (request) => {
      const container = await containerFor(db, request, kind);
      const labelId = (request.params as Params).label_id ?? '';
      const label = await findLabel(db, request.actor, container, labelId, true);
      return presentOne(request, container, label);
    });

    const update = async (request: FastifyRequest, labelId: string) => {
      requireActor(request.actor);
      const container = await containerFor(db, request, kind);
      const input = parseInput(updateSchema, requestParams(request));
      const label = await updateLabel(db, request.actor, container, labelId, input);
      return presentOne(request, container, label);
    };
    app.put(`${base}/:label_id`, async (request) => update(request, (request.params as Params).label_id ?? ''));
    app.put(base, async (request) => update(request, labelNamedIn(request)));

    if (kind === 'project') {
      app.put(`${base}/:label_id/promote`, async (request) => {
        requireActor(request.actor);
        const { id, label_id: labelId = '' } = request.params as Params;
        const project = await findProject(db, request.actor, parseIdOrPath(id));
        const group =
          project.namespace_type === 'Group'
            ? ({ kind: 'group', group: await findGroup(db, request.actor, { id: project.namespace_id }) } as const)
            : null;
        const promoted = await promoteLabel(db, request.actor, { kind: 'project', project }, group, labelId);
        return presentOne(request, group ?? { kind: 'project', project }, promoted);
      });
    }

    for (const action of ['subscribe', 'unsubscribe'] as const) {
      app.post(`${base}/:label_id/${action}`, async (request, reply) => {
        requireActor(request.actor);
        const container = await containerFor(db, request, kind);
        const labelId = (request.params as Params).label_id ?? '';
        const label = await findLabel(db, request.actor, container, labelId, true);
        const changed = await setSubscription(
          db,
          request.actor,
          { type: 'Label', id: label.id },
          action === 'subscribe',
        );
        if (!changed) return reply.status(304).send();
        return reply.status(201).send(await presentOne(request, container, label));
      });
    }

    const remove = async (request: FastifyRequest, reply: FastifyReply, labelId: string) => {
      requireActor(request.actor);
      const container = await containerFor(db, request, kind);
      await deleteLabel(db, request.actor, container, labelId);
      return reply.status(204).send();
    };
    app.delete(`${base}/:label_id`, async (request, reply) =>
      remove(request, reply, (request.params as Params).label_id ?? ''),
    );
    app.delete(base, async (request, reply) => remove(request, reply, labelNamedIn(request)));
  }
};
