import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { parseIdOrPath, parseIntParam, requestParams } from '../../rest/params';
import { findProject } from '../namespaces';
import { parseMetricImageUpdate, parseMetricImageUpload } from './metric-image-params';
import { metricImageFilePath, presentMetricImage } from './metric-images.presenter';
import {
  deleteMetricImage,
  listMetricImages,
  METRIC_IMAGE_MAX_BYTES,
  METRIC_IMAGE_TOO_LARGE,
  readMetricImageFile,
  updateMetricImage,
  uploadMetricImage,
} from './metric-images.service';

type Params = { id: string; issue_iid: string; image_id?: string };

const BASE = '/projects/:id/issues/:issue_iid/metric_images';

/** IE-78: GitLab's incident metric images API (ee/lib/api/issues.rb). */
export const metricImagesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const uploads = ctx.services;
  const target = async (request: FastifyRequest<{ Params: Params }>) => ({
    project: await findProject(db, request.actor, parseIdOrPath(request.params.id)),
    iid: parseIntParam(request.params.issue_iid, 'issue_iid'),
  });
  const imageId = (request: FastifyRequest<{ Params: Params }>) => parseIntParam(request.params.image_id, 'image_id');

  app.get<{ Params: Params }>(BASE, async (request) => {
    const { project, iid } = await target(request);
    return (await listMetricImages(db, request.actor, project, iid)).map(presentMetricImage);
  });
  app.post<{ Params: Params }>(
    BASE,
    { config: { upload: { field: 'file', maxBytes: METRIC_IMAGE_MAX_BYTES, tooLarge: METRIC_IMAGE_TOO_LARGE } } },
    async (request, reply) => {
      const { project, iid } = await target(request);
      const input = parseMetricImageUpload(requestParams(request));
      const row = await uploadMetricImage(db, uploads, request.actor, project, iid, input);
      reply.code(201);
      return presentMetricImage(row);
    },
  );
  app.put<{ Params: Params }>(`${BASE}/:image_id`, async (request) => {
    const { project, iid } = await target(request);
    const input = parseMetricImageUpdate(requestParams(request));
    return presentMetricImage(await updateMetricImage(db, request.actor, project, iid, imageId(request), input));
  });
  app.delete<{ Params: Params }>(`${BASE}/:image_id`, async (request, reply) => {
    const { project, iid } = await target(request);
    await deleteMetricImage(db, request.actor, project, iid, imageId(request));
    reply.code(204);
  });
};

/** The files at each metric image's file_path, for who may read its incident (404 otherwise). */
export const metricImageFileRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const path = metricImageFilePath({ id: 0, filename: 'x' }).replace('/0/x', '/:image_id/:filename');
  app.get<{ Params: { image_id: string; filename: string } }>(path, async (request, reply) => {
    const id = parseIntParam(request.params.image_id, 'image_id');
    const file = await readMetricImageFile(ctx.database.db, ctx.services, request.actor, id, request.params.filename);
    reply
      .header('content-type', file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, max-age=60');
    return file.data;
  });
};
