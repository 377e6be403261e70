import type { AddressInfo } from 'node:net';
import { apiClient, createUsersWithTokens } from './api-client';
import { useTestApp } from './use-test-app';
import { allowLocalWebhooks } from './webhook-project';

/**
 * A direct transfer's two Meridians for a test file: the source and the destination, each with users
 * by name (`${prefix}${name}`), their tokens and a REST client. The source listens on loopback once
 * `listenSource()` is awaited, so the destination's admin allows local requests, as GitLab's setting does.
 */
export function useDirectTransferInstances(prefix: string, users: { source: string[]; destination: string[] }) {
  const sourceTok: Record<string, string> = {};
  const source = useTestApp(async ({ db }) => {
    await createUsersWithTokens(db, users.source, { prefix, into: { tok: sourceTok } });
  });
  const destTok: Record<string, string> = {};
  const dest = useTestApp(async ({ db }) => {
    await allowLocalWebhooks(db);
    await createUsersWithTokens(db, users.destination, { prefix, into: { tok: destTok } });
  });
  return {
    source,
    sourceTok,
    sourceApi: apiClient(() => source.app, sourceTok),
    dest,
    destTok,
    destApi: apiClient(() => dest.app, destTok),
    /** Starts the source on a free loopback port; its base URL. */
    async listenSource(): Promise<string> {
      await source.app.listen({ port: 0, host: '127.0.0.1' });
      return `http://127.0.0.1:${(source.app.server.address() as AddressInfo).port}`;
    },
  };
}
