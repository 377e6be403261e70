import type { IncomingMessage } from 'node:http';
import { Busboy } from '@fastify/busboy';
import { errorCodes } from 'fastify';
import { badRequest } from '../errors';
import { maxParameters, parseGitlabParams } from './query-string';

/**
 * `multipart/form-data` bodies (`curl --form`) as GitLab's API accepts them: the fields become the
 * same parameters a query string or form body would give. Meridian takes no uploads on these
 * routes, so a file part is a 400 naming its field. The whole body is bounded by `bodyLimit`.
 */
export function parseMultipartBody(request: IncomingMessage, bodyLimit: number): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string | string[]> = {};
    let bytes = 0;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      request.unpipe(parser);
      request.resume();
      reject(error);
    };
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: request.headers as { 'content-type': string },
        limits: { fields: maxParameters, files: 1, fieldSize: bodyLimit, fieldNameSize: 255 },
      });
    } catch {
      reject(badRequest('body is invalid: malformed multipart/form-data', 'body'));
      return;
    }
    parser.on('field', (name: string, value: string, nameTruncated: boolean, valueTruncated: boolean) => {
      bytes += name.length + value.length;
      if (valueTruncated || bytes > bodyLimit) return fail(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      if (nameTruncated) return fail(badRequest('body is invalid: field name too long', 'body'));
      const previous = fields[name];
      if (previous === undefined) fields[name] = value;
      else fields[name] = Array.isArray(previous) ? [...previous, value] : [previous, value];
    });
    parser.on('file', (name: string, stream: NodeJS.ReadableStream) => {
      stream.resume();
      fail(badRequest(`${name} is invalid: file uploads are not accepted here`, name));
    });
    parser.on('fieldsLimit', () => fail(badRequest(`body is invalid: more than ${maxParameters} fields`, 'body')));
    parser.on('error', () => fail(badRequest('body is invalid: malformed multipart/form-data', 'body')));
    parser.on('finish', () => {
      if (!failed) resolve(parseGitlabParams(fields));
    });
    request.pipe(parser);
  });
}
