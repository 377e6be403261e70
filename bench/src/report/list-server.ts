import { connect } from '../../../apps/server/src/db/connection';
import { benchApp } from '../bench-app';
import { benchContext, liftSearchRateLimit, ownerToken } from '../bench-context';
import type { BenchContext } from '../filter-cases';
import type { ListRequestTarget } from '../list-request';
import { startServer } from '../server-process';
import type { ReportEnv } from './section';

/**
 * Runs `use` with the large data set's server in its own process and an in-process app beside it
 * (as bench/filter-bench.ts does), as the `bench` group's Owner; stops both after.
 */
export async function withListServer<T>(
  env: ReportEnv,
  sampling: Pick<ListRequestTarget, 'requests' | 'warmup' | 'maxMs' | 'replaySql'>,
  use: (target: ListRequestTarget, context: BenchContext) => Promise<T>,
): Promise<T> {
  const handle = await connect({ url: env.databaseUrl });
  const app = await benchApp(handle);
  try {
    const { token } = await ownerToken(handle, env.groupPath, 'bench-report');
    await liftSearchRateLimit(handle);
    const context = await benchContext(handle, env.groupPath);
    const server = await startServer({ DATABASE_URL: env.databaseUrl }, env.port);
    try {
      return await use({ handle, app, serverUrl: server.url, token, ...sampling }, context);
    } finally {
      await server.stop();
    }
  } finally {
    await app.close();
    await handle.close();
  }
}
