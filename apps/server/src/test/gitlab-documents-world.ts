import { print } from 'graphql';
import { schema } from '../graphql/schema';
import { seedDemo } from '../seed/seed-demo';
import { createToken } from './factories';
import { answerShapeProblems, withTypenames } from './gitlab-answer-shape';
import { resolveVariables } from './gitlab-document-variables';
import type { GitlabDocument } from './gitlab-documents';
import { liveClient, messageOf, record } from './live-client';
import { type StartedServer, startTestServer } from './started-server';

/** The demo data's "today": the seed spreads dates 18 months either side of it. */
export const DEMO_NOW = new Date('2026-06-15T12:00:00Z');

/** The user the documents run as: alice owns `acme`. */
export const DEMO_USER = 'alice';

export interface DemoServer {
  server: StartedServer;
  token: string;
}

/** A started server on a fresh database seeded with the demo data, and a token of alice's. */
export async function startDemoServer(): Promise<DemoServer> {
  const server = await startTestServer();
  await seedDemo(server.db, { password: 'demo-password-1', now: DEMO_NOW });
  const user = await server.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', DEMO_USER)
    .executeTakeFirstOrThrow();
  return { server, token: await createToken(server.db, user.id) };
}

export interface DocumentRun {
  /** The answer's `errors`, as messages with their paths. */
  errors: string[];
  /** Missing keys and forbidden nulls (gitlab-answer-shape.ts). */
  shape: string[];
  data: unknown;
}

/**
 * Runs the document as GitLab's client sends it (`__typename` added everywhere) over HTTP, or for a
 * subscription over WebSocket, then runs its `# Trigger:` and checks the first event.
 */
export async function runGitlabDocument(demo: DemoServer, doc: GitlabDocument): Promise<DocumentRun> {
  const { server, token } = demo;
  const variables = await resolveVariables(server.app, token, doc.variables);
  const sent = withTypenames(schema, doc.document);
  const query = print(sent);
  let body: { data?: Record<string, unknown> | null; errors?: Array<{ message: string; path?: unknown[] }> };
  if (doc.operation.operation === 'subscription') {
    body = await firstEvent(demo, doc, query, variables);
  } else {
    const res = await server.http('/api/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'private-token': token },
      body: JSON.stringify({ query, variables }),
    });
    body = (await res.json()) as typeof body;
  }
  const errors = (body.errors ?? []).map((e) => `${e.message}${e.path ? ` (at ${e.path.join('.')})` : ''}`);
  const operation = sent.definitions.find((d) => d.kind === 'OperationDefinition');
  const shape =
    body.data && operation && operation.kind === 'OperationDefinition'
      ? answerShapeProblems(schema, sent, operation, body.data, variables)
      : ['no data in the answer'];
  return { errors, shape, data: body.data };
}

const TRIGGER = /^# Trigger: (.*)$/m;

/** Subscribes, runs the `# Trigger:` request (a JSON `{query, variables}`) and waits for one event. */
async function firstEvent(
  demo: DemoServer,
  doc: GitlabDocument,
  query: string,
  variables: Record<string, unknown>,
): Promise<{ data?: Record<string, unknown> | null; errors?: Array<{ message: string }> }> {
  const line = TRIGGER.exec(doc.source)?.[1];
  if (!line)
    return { errors: [{ message: `${doc.file}: a subscription needs a "# Trigger: {query, variables}" line` }] };
  const trigger = JSON.parse(line) as { query: string; variables?: Record<string, unknown> };
  const client = liveClient(demo.server.url, { token: demo.token });
  const sub = record(client, query, variables);
  try {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const triggerVariables = await resolveVariables(demo.server.app, demo.token, trigger.variables ?? {});
    const res = await demo.server.http('/api/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'private-token': demo.token },
      body: JSON.stringify({ query: trigger.query, variables: triggerVariables }),
    });
    const triggered = (await res.json()) as { errors?: Array<{ message: string }> };
    if (triggered.errors?.length)
      return { errors: triggered.errors.map((e) => ({ message: `trigger: ${e.message}` })) };
    const started = Date.now();
    while (sub.events.length === 0 && sub.errors.length === 0 && Date.now() - started < 3_000) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    if (sub.errors.length) return { errors: sub.errors.map((e) => ({ message: messageOf(e) })) };
    if (sub.events.length === 0) return { errors: [{ message: 'no event within 3 s of the trigger' }] };
    return { data: sub.events[0] as Record<string, unknown> };
  } finally {
    sub.stop();
    await client.dispose();
  }
}
