import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { findProject, namespacePathRoutes } from '../namespaces';
import { readProjectUpload } from './project-uploads.service';

type Params = Record<string, string | undefined>;

/**
 * `GET <project>/-/uploads/:secret/:filename`: a project upload's file, for whoever may read the
 * project (404 for others, as if it did not exist). A project's Markdown links `/uploads/<secret>/<name>`,
 * which `renderMarkdown` points here. Images are shown inline; any other file is a download.
 */
export const projectUploadRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  for (const route of namespacePathRoutes('project')) {
    app.get(route.url('uploads/:secret/:filename'), async (request, reply) => {
      const params = request.params as Params;
      const project = await findProject(db, request.actor, { fullPath: route.fullPath(params) });
      const file = await readProjectUpload(
        db,
        ctx.services.files,
        project.id,
        params.secret ?? '',
        params.filename ?? '',
      );
      const disposition = file.inline ? 'inline' : 'attachment';
      reply
        .header('content-type', file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `${disposition}; filename="${file.filename}"`)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=60');
      return file.data;
    });
  }
};
