import { apiClient, createUsersWithTokens } from '../api-client';
import { runImportJobs } from '../run-import-jobs';
import { useTestApp } from '../use-test-app';
import { allowLocalWebhooks } from '../webhook-project';
import { type RealRedmine, realRedmine } from './redmine-server';

/**
 * What the real-Redmine test files share: the Redmine (started once per test run; `skip` says why it
 * could not be), the app with its users (alice shares Redmine's alice's email, bob only the login, carol
 * is nobody here), the API client, running the queued jobs, and starting an import into a group.
 */
export async function useRealRedmineTest() {
  const redmine = await realRedmine();
  if ('skip' in redmine) console.log(`Skipping the real-Redmine tests: ${redmine.skip}`);
  const rm = redmine as RealRedmine;
  const tok: Record<string, string> = {};
  const t = useTestApp(async ({ db }) => {
    await allowLocalWebhooks(db);
    await createUsersWithTokens(db, ['owner', 'alice', 'bob', 'stranger'], { into: { tok } });
  });
  const api = apiClient(() => t.app, tok);
  const runJobs = (workerId: string, options?: Parameters<typeof runImportJobs>[2]) =>
    runImportJobs(t, workerId, options);

  /** Starts an import of the Redmine into `group` (its text is CommonMark, as the test Redmine writes). */
  const start = (group: string, body: object, who = 'owner') =>
    api('POST', `/groups/${group}/import/redmine`, who, {
      url: rm.url,
      api_key: rm.apiKey,
      text_formatting: 'common_mark',
      ...body,
    });
  return { skip: 'skip' in redmine, rm, t, api, runJobs, start };
}
