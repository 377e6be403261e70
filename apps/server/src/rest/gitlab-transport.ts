import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseMultipartBody, removeSpooledFiles, type UploadRule } from './multipart-body';
import { parseGitlabParams } from './query-string';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The one file part a route takes in a multipart body (metric images); others refuse files. */
    upload?: UploadRule;
  }
}

/**
 * What GitLab's own clients expect of the HTTP layer, applied once to every `/api/v4` route:
 * - responses say exactly `application/json` (python-gitlab compares the header for equality);
 * - a JSON content type with an empty body means "no parameters", not a 400 (python-gitlab sends
 *   one on DELETE);
 * - form (`curl --data`) and multipart (`curl --form`) bodies carry the same parameters as JSON.
 * Booleans are GitLab's too, in `gitlabBoolean` (params.ts), used by every parameter schema.
 */
export function applyGitlabTransport(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    return parseJson(request, text, done);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseGitlabParams(String(body)));
  });
  app.addContentTypeParser('multipart/form-data', (request: FastifyRequest) =>
    parseMultipartBody(request.raw, app.initialConfig.bodyLimit ?? 1024 * 1024, request.routeOptions.config?.upload),
  );
  // A spooled upload lives as long as its request: removed once the answer is sent or the client left.
  app.addHook('onResponse', async (request) => removeSpooledFiles(request.raw));
  app.addHook('onRequestAbort', async (request) => removeSpooledFiles(request.raw));
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json'))
      reply.header('content-type', 'application/json');
    return payload;
  });
}
