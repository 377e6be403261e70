import { FUZZ_SEED, quickAsync } from '@meridian/domain/test/fuzz';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createProject } from '../test/factories';
import { formFields, queryString } from '../test/query-string-arbitraries';
import { useRestTestApp } from '../test/rest-test-app';

/**
 * Fuzzing qs where it runs, inside a request (issue 25): hostile query strings on the list routes
 * (issues, merge requests, epics: their filter parameters reach SQL) and hostile form and multipart
 * bodies on issue writes. Every answer is a 2xx or a 4xx, never a 5xx, and the app keeps serving.
 * Runs are few (each is a request on a real database); the pure suite beside runs thousands.
 */

const t = useRestTestApp({ prefix: 'fz_', users: [], admins: ['admin'] });
let listUrls: string[];
let writeUrls: { method: 'POST' | 'PUT'; url: string }[];

beforeAll(async () => {
  const group = await createGroup(t.db, { path: 'fz' });
  const project = await createProject(t.db, { namespaceId: group.id, path: 'web' });
  const created = await t.api('POST', `/projects/${project.id}/issues`, 'admin', { title: 'first' });
  expect(created.statusCode).toBe(201);
  listUrls = [
    '/api/v4/issues',
    `/api/v4/projects/${project.id}/issues`,
    `/api/v4/groups/${group.id}/issues`,
    `/api/v4/projects/${project.id}/merge_requests`,
    `/api/v4/groups/${group.id}/epics`,
  ];
  // One plain request per route first: the timings below measure parsing, not first-call compilation.
  for (const url of listUrls) expect((await t.app.inject({ url, headers: headers() })).statusCode).toBe(200);
  writeUrls = [
    { method: 'POST', url: `/api/v4/projects/${project.id}/issues` },
    { method: 'PUT', url: `/api/v4/projects/${project.id}/issues/1` },
  ];
});

const runs = { numRuns: 100, seed: FUZZ_SEED };
const headers = () => ({ 'private-token': t.tok.admin ?? '' });

function expectAnswered(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
}

/** A multipart/form-data body carrying `fields` (repeated values as repeated parts). */
function multipart(fields: Record<string, string | string[]>): { body: string; type: string } {
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
  const parts = Object.entries(fields).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map(
      (v) => `--${boundary}\r\ncontent-disposition: form-data; name="${name.replaceAll('"', '%22')}"\r\n\r\n${v}\r\n`,
    ),
  );
  return { body: `${parts.join('')}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

describe('qs inside requests (fuzz)', () => {
  it('hostile query strings on list routes answer 2xx or 4xx, in time', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...listUrls), queryString, async (url, query) => {
        const res = await quickAsync(() => t.app.inject({ method: 'GET', url: `${url}?${query}`, headers: headers() }));
        expectAnswered(res, `GET ${url}?${query.slice(0, 200)}`);
      }),
      runs,
    );
  });

  it('hostile form bodies on issue writes answer 2xx or 4xx, in time', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...writeUrls),
        queryString,
        fc.boolean(),
        async ({ method, url }, query, titled) => {
          // With a title half the time, so a POST gets past the required field to the rest.
          const body = titled ? `title=fz&${query}` : query;
          const res = await quickAsync(() =>
            t.app.inject({
              method,
              url,
              headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
              payload: body,
            }),
          );
          expectAnswered(res, `${method} ${url} ${body.slice(0, 200)}`);
        },
      ),
      runs,
    );
  });

  it('hostile multipart fields on issue writes answer 2xx or 4xx, in time', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writeUrls), formFields, async ({ method, url }, fields) => {
        const { body, type } = multipart(fields);
        const res = await quickAsync(() =>
          t.app.inject({ method, url, headers: { ...headers(), 'content-type': type }, payload: body }),
        );
        expectAnswered(res, `${method} ${url} ${JSON.stringify(fields).slice(0, 200)}`);
      }),
      runs,
    );
  });

  it('the app still serves and Object.prototype is untouched afterwards', async () => {
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    const res = await t.api('GET', '/issues?labels[]=x&not[labels]=y', 'admin');
    expect(res.statusCode).toBe(200);
  });
});
