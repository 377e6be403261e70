import { validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGitlabDocuments } from '../test/gitlab-documents';
import { type DemoServer, runGitlabDocument, startDemoServer } from '../test/gitlab-documents-world';
import { schema } from './schema';

/**
 * Issue 28's compatibility suite: GitLab's own front-end documents for the seed screens
 * (src/test/gitlab-documents/) validate against our schema and run against the demo data,
 * answering every field they select. Queries run first, then mutations, on one seeded database.
 */
const documents = readGitlabDocuments();

describe('GitLab documents validate against our schema', () => {
  it('finds the documents, none from ee/ (its license does not allow publishing them here)', () => {
    expect(documents.length).toBeGreaterThan(0);
    expect(documents.filter((d) => d.origin.startsWith('gitlab-org/gitlab:ee/')).map((d) => d.file)).toEqual([]);
  });

  it.each(documents.map((d) => [d.file, d] as const))('%s', (_file, doc) => {
    expect(validate(schema, doc.document).map((e) => e.message)).toEqual([]);
  });
});

describe('GitLab documents run against the demo data as alice', () => {
  let demo: DemoServer;
  beforeAll(async () => {
    demo = await startDemoServer();
  }, 120_000);
  afterAll(async () => {
    await demo?.server.close();
  });

  it.each(documents.map((d) => [d.file, d] as const))('%s', async (_file, doc) => {
    const run = await runGitlabDocument(demo, doc);
    expect({ errors: run.errors, shape: run.shape }).toEqual({ errors: [], shape: [] });
  });
});
