import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { serviceContext } from '../../service-context';
import { findProject, namespacePathRoutes } from '../namespaces';
import { type CsvExportKind, queueCsvExportEmail } from './csv-export-email.service';

/**
 * GitLab's emailed CSV exports: `POST /<project path>/-/issues/export_csv` and
 * `…/-/merge_requests/export_csv`, with the list's filters and sort in the query string (as GitLab's
 * export form posts them). Signed-in only (401); a hidden project is 404; without SMTP 422. Answers
 * GitLab's notice: as JSON `{"message": …}` to a caller that accepts JSON, else a 302 to the list,
 * as GitLab's controller redirects.
 */
export const csvExportEmailRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  for (const kind of ['issues', 'merge_requests'] as CsvExportKind[]) {
    for (const route of namespacePathRoutes('project')) {
      app.post(route.url(`${kind}/export_csv`), async (request, reply) => {
        const service = serviceContext(ctx, request.actor);
        const fullPath = route.fullPath(request.params as Record<string, string>);
        const project = await findProject(db, service.actor, { fullPath });
        const { email } = await queueCsvExportEmail(service, project, kind, request.query as Record<string, unknown>);
        const message = `Your CSV export has started. It will be emailed to ${email} when complete.`;
        if (request.headers.accept?.includes('application/json')) return { message };
        return reply.redirect(`/${project.full_path}/-/${kind}`, 302);
      });
    }
  }
};
