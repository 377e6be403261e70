import { describe, expect, it } from 'vitest';
import { useRestTestApp } from '../../test/rest-test-app';
import { HTTP_SUBSCRIPTION_MESSAGE } from '../validation/no-http-subscriptions.rule';

const t = useRestTestApp({ prefix: 'whs_', users: ['owner'] });

describe('a subscription sent over HTTP', () => {
  it('is refused with 400 naming the WebSocket, by POST and by GET', async () => {
    const query = 'subscription { workItemUpdated(workItemId: "gid://gitlab/Issue/1") { __typename } }';
    const headers = { 'private-token': t.tok.owner ?? '' };
    const post = await t.app.inject({ method: 'POST', url: '/api/graphql', headers, payload: { query } });
    expect(post.statusCode).toBe(400);
    expect(post.json().errors.map((e: { message: string }) => e.message)).toEqual([HTTP_SUBSCRIPTION_MESSAGE]);
    const get = await t.app.inject({ method: 'GET', url: `/api/graphql?query=${encodeURIComponent(query)}`, headers });
    expect(get.statusCode).toBe(400);
    expect(get.json().errors.map((e: { message: string }) => e.message)).toEqual([HTTP_SUBSCRIPTION_MESSAGE]);
  });
});
