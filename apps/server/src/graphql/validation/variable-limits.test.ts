import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createToken, createUser } from '../../test/factories';
import { type GqlResponse, gql } from '../../test/graphql-client';
import { useTestApp } from '../../test/use-test-app';
import { MAX_DOCUMENT_TOKENS } from '../graphql.plugin';

/**
 * Mercurius caches parsed, validated documents by their text, so a document seen once is not
 * validated again: the caps on variables must hold in the pre-execution hook, on every request.
 */
const t = useTestApp();
let token: string;
/** How many times Mercurius parsed and validated a document (its preValidation hook runs only then). */
let validations = 0;

beforeAll(async () => {
  const user = await createUser(t.db);
  token = await createToken(t.db, user.id);
  const group = await createGroup(t.db, { path: 'vl' });
  await addGroupMember(t.db, group.id, user.id, AccessLevel.OWNER);
  graphqlInstance(t.app).graphql.addHook('preValidation', async () => {
    validations += 1;
  });
});

/**
 * The plugin instance Mercurius decorated: `graphqlPlugin` is encapsulated, so `app.graphql` is on
 * a child instance, found through Fastify's list of children (an internal, but stable since v3).
 */
function graphqlInstance(app: FastifyInstance): FastifyInstance {
  const children = (i: FastifyInstance): FastifyInstance[] => {
    const key = Object.getOwnPropertySymbols(i).find((s) => s.description === 'fastify.children');
    return key ? ((i as unknown as Record<symbol, FastifyInstance[]>)[key] ?? []) : [];
  };
  const queue = [app];
  for (let i = queue.shift(); i; i = queue.shift()) {
    if (Object.hasOwn(i, 'graphql')) return i;
    queue.push(...children(i));
  }
  throw new Error('no instance holds app.graphql');
}

function expectRefused(res: GqlResponse, argument: string, problem: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.data ?? null).toBeNull();
  expect(res.body.errors?.[0]?.message).toMatch(new RegExp(`^Argument "${argument.replace('.', '\\.')}" `));
  expect(res.body.errors?.[0]?.message).toMatch(problem);
  expect(res.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
}

describe('input limits on a cached document', () => {
  const search = 'query($s: String) { group(fullPath: "vl") { epics(search: $s) { nodes { id } } } }';

  it('parses and validates a document once, then answers it from the cache', async () => {
    const before = validations;
    for (let i = 0; i < 3; i++) {
      const res = await gql(t.app, search, { s: `term ${i}` }, token);
      expect(res.status).toBe(200);
      expect(res.body.data?.group).toEqual({ epics: { nodes: [] } });
    }
    expect(validations - before).toBe(1);
  });

  it('still refuses a variable over the cap, and a NUL byte, once the document is cached', async () => {
    const before = validations;
    expectRefused(await gql(t.app, search, { s: 'x'.repeat(256) }, token), 'search', /too long \(maximum is 255/);
    expectRefused(await gql(t.app, search, { s: 'a\u0000b' }, token), 'search', /NUL bytes/);
    expect((await gql(t.app, search, { s: 'x'.repeat(255) }, token)).status).toBe(200);
    expect(validations - before).toBe(0);
  });

  it('checks input-object fields and list items inside variables, with their own caps', async () => {
    const update = 'mutation($input: UpdateEpicInput!) { updateEpic(input: $input) { errors } }';
    const ok = await gql(t.app, update, { input: { groupPath: 'vl', iid: '999', color: '#fff' } }, token);
    expect(ok.status).toBe(200);
    expectRefused(
      await gql(t.app, update, { input: { groupPath: 'vl', iid: '999', color: 'c'.repeat(256) } }, token),
      'input.color',
      /maximum is 255/,
    );
    // The description declares 1 MiB: 300 characters pass the caps (and find no epic 999).
    const long = await gql(
      t.app,
      update,
      { input: { groupPath: 'vl', iid: '999', description: 'd'.repeat(300) } },
      token,
    );
    expect(long.body.errors?.[0]?.message ?? '').not.toMatch(/too long/);
    expectRefused(
      await gql(t.app, update, { input: { groupPath: 'vl', iid: '999', addLabels: ['ok', 'x'.repeat(256)] } }, token),
      'input.addLabels',
      /maximum is 255/,
    );
  });

  it('checks a variable used inside an inline input object and inside a fragment', async () => {
    const inline = 'mutation($t: String) { updateEpic(input: { groupPath: "vl", iid: "999", color: $t }) { errors } }';
    expect((await gql(t.app, inline, { t: 'ok' }, token)).status).toBe(200);
    expectRefused(await gql(t.app, inline, { t: 'c'.repeat(256) }, token), 'input.color', /maximum is 255/);
    const fragment =
      'query($s: String) { group(fullPath: "vl") { ...F } } fragment F on Group { epics(search: $s) { nodes { id } } }';
    expect((await gql(t.app, fragment, { s: 'ok' }, token)).status).toBe(200);
    expectRefused(await gql(t.app, fragment, { s: 's'.repeat(256) }, token), 'search', /maximum is 255/);
  });

  it('refuses an oversize literal every time (the failed document is cached as failed)', async () => {
    const literal = `{ group(fullPath: "vl") { epics(search: "${'x'.repeat(256)}") { nodes { id } } } }`;
    for (let i = 0; i < 2; i++) expectRefused(await gql(t.app, literal, {}, token), 'search', /maximum is 255/);
  });

  it(`refuses a document of more than ${MAX_DOCUMENT_TOKENS} tokens before validating it`, async () => {
    const fields = (n: number) => Array.from({ length: n }, (_, i) => `a${i}: __typename`).join(' ');
    // Each aliased field is 3 tokens, plus the 2 braces.
    expect((await gql(t.app, `{ ${fields((MAX_DOCUMENT_TOKENS - 2) / 3)} }`, {}, token)).status).toBe(200);
    const res = await gql(t.app, `{ ${fields(MAX_DOCUMENT_TOKENS / 3 + 1)} }`, {}, token);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.message).toMatch(/more that \d+ tokens/);
  });
});
