import { beforeAll, describe, expect, it } from 'vitest';
import { useAiServers } from '../../test/ai-servers';
import { addGroupMember, createGroup, createToken, createUser } from '../../test/factories';
import { ERROR_MODEL } from '../../test/openai-stand-in';

/**
 * IE-81 and IE-82 against a real listening server whose provider is a local OpenAI-compatible
 * stand-in: the proxy (JSON and streamed), the gate (instance switch, group never_on), 503 without
 * a provider, validation and the per-user rate limit.
 */
const servers = useAiServers({ AI_API_KEY: 'sk-stand-in' });
const tok: Record<string, string> = {};

beforeAll(async () => {
  for (const server of [servers.s, servers.bare]) {
    const allowed = await createGroup(server.db, { path: 'ai-allowed' });
    const banned = await createGroup(server.db, { path: 'ai-banned' });
    await server.db
      .updateTable('namespaces')
      .set({ duo_availability: 'never_on' })
      .where('id', '=', banned.id)
      .execute();
    const bannedSub = await createGroup(server.db, { path: 'sub', parentId: banned.id });
    const users = {
      member: [allowed.id],
      loner: [],
      banned: [bannedSub.id],
      mixed: [banned.id, allowed.id],
      admin: [],
    } as const;
    for (const [name, groups] of Object.entries(users)) {
      const user = await createUser(server.db, { admin: name === 'admin' });
      for (const g of groups) await addGroupMember(server.db, g, user.id, 30);
      tok[`${server === servers.s ? '' : 'bare-'}${name}`] = await createToken(server.db, user.id);
    }
  }
}, 240_000);

function post(path: string, who: string | undefined, body: unknown, server = servers.s) {
  return server.http(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(who ? { 'private-token': tok[who] ?? '' } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
const ai = (operation: string, who: string | undefined, body: unknown, server = servers.s) =>
  post(`/api/v4/ai/experimentation/openai/${operation}`, who, body, server);

// biome-ignore lint/suspicious/noExplicitAny: the answers' JSON, read field by field in the assertions
const json = (res: Response): Promise<any> => res.json();

const chat = { messages: [{ role: 'user', content: 'hello there' }] };

describe('POST /api/v4/ai/experimentation/openai/*', () => {
  it('chat/completions: proxied with the key and the default model, the answer passed back', async () => {
    const res = await ai('chat/completions', 'member', chat);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.choices[0].message.content).toBe('Echo: hello there');
    expect(body.model).toBe('stand-in-model');
    const sent = servers.provider.requests.at(-1);
    expect(sent).toMatchObject({ path: '/chat/completions', authorization: 'Bearer sk-stand-in' });
    expect(sent?.body).toEqual({ model: 'stand-in-model', messages: chat.messages });
  });

  it('completions and embeddings, with the model the caller names', async () => {
    const completion = await ai('completions', 'loner', { model: 'tiny', prompt: 'two plus two', max_tokens: 5 });
    expect(completion.status).toBe(200);
    expect(await json(completion)).toMatchObject({ model: 'tiny', choices: [{ text: ' completes: two plus two' }] });
    expect(servers.provider.requests.at(-1)?.body).toEqual({ model: 'tiny', prompt: 'two plus two', max_tokens: 5 });
    const embeddings = await ai('embeddings', 'member', { input: ['a', 'b'] });
    expect(embeddings.status).toBe(200);
    const data = (await json(embeddings)).data as Array<{ index: number; embedding: number[] }>;
    expect(data.map((d) => d.index)).toEqual([0, 1]);
    expect(data[0]?.embedding).toHaveLength(8);
  });

  it('stream: true passes the server-sent events through as they arrive', async () => {
    servers.provider.holdStreams();
    const res = await ai('chat/completions', 'member', { ...chat, stream: true });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    // The first event arrives while the provider still holds the rest of the answer.
    const first = decoder.decode((await reader.read()).value);
    expect(first).toMatch(/^data: \{.*"role":"assistant"/);
    expect(first).not.toContain('[DONE]');
    servers.provider.releaseStream();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += decoder.decode(chunk.value);
    const words = rest
      .split('\n\n')
      .filter((e) => e.startsWith('data: {'))
      .map((e) => JSON.parse(e.slice(6)).choices[0].delta.content ?? '')
      .join('');
    expect(words).toBe('Echo: hello there');
    expect(rest.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it("the provider's errors come back with its status and body", async () => {
    const res = await ai('chat/completions', 'member', { ...chat, model: ERROR_MODEL });
    expect(res.status).toBe(404);
    expect((await json(res)).error.code).toBe('model_not_found');
  });

  it('400 naming the field for bad input, nothing sent to the provider', async () => {
    const before = servers.provider.requests.length;
    const cases: Array<[string, unknown, string]> = [
      ['chat/completions', {}, 'messages'],
      ['chat/completions', { messages: [] }, 'messages'],
      ['chat/completions', { messages: [{ role: 'wizard', content: 'x' }] }, 'role'],
      ['chat/completions', { ...chat, temperature: 5 }, 'temperature'],
      ['chat/completions', { ...chat, stream: 'yes' }, 'stream'],
      ['completions', { prompt: 'x'.repeat(100_001) }, 'prompt'],
      ['completions', {}, 'prompt'],
      ['embeddings', { input: Array.from({ length: 257 }, () => 'x') }, 'input'],
      ['embeddings', { input: 'x', model: 'm'.repeat(256) }, 'model'],
    ];
    for (const [operation, body, field] of cases) {
      const res = await ai(operation, 'member', body);
      expect(res.status, `${operation} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(await res.text()).toContain(field);
    }
    const tooLarge = await ai('completions', 'member', { prompt: 'x'.repeat(1_100_000) });
    expect(tooLarge.status).toBe(413);
    expect(servers.provider.requests.length).toBe(before);
  });

  it('refused: anonymous 401; a user whose only group is under never_on gets GitLab 404', async () => {
    expect((await ai('chat/completions', undefined, chat)).status).toBe(401);
    const refused = await ai('chat/completions', 'banned', chat);
    expect(refused.status).toBe(404);
    expect((await json(refused)).message).toBe('AI features are not enabled or resource is not permitted to be sent.');
    // One group allowing GitLab Duo is enough (GitLab's any_group_with_ai_available?).
    expect((await ai('chat/completions', 'mixed', chat)).status).toBe(200);
  });

  it('refused for everyone while the instance switch is off', async () => {
    const settings = (body: unknown) =>
      servers.s.http('/api/v4/application/settings', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'private-token': tok.admin ?? '' },
        body: JSON.stringify(body),
      });
    expect((await settings({ duo_features_enabled: false })).status).toBe(200);
    for (const who of ['member', 'loner', 'admin']) {
      expect((await ai('embeddings', who, { input: 'x' })).status, who).toBe(404);
      expect((await post('/-/llm/tanuki_bot/ask', who, { q: 'rate limits' })).status, who).toBe(404);
    }
    expect((await settings({ duo_features_enabled: true })).status).toBe(200);
    expect((await ai('embeddings', 'member', { input: 'x' })).status).toBe(200);
  });

  it('503 with a clear message when no provider is configured', async () => {
    const res = await ai('chat/completions', 'bare-member', chat, servers.bare);
    expect(res.status).toBe(503);
    expect((await json(res)).error).toContain('AI_BASE_URL');
  });
});

describe('POST /-/llm/tanuki_bot/ask', () => {
  it('without a provider: answers with the passages from docs/ and cites the pages', async () => {
    const res = await post('/-/llm/tanuki_bot/ask', 'bare-member', { q: 'How are rate limits counted?' }, servers.bare);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.msg).toMatch(/^From Meridian's documentation:/);
    expect(body.sources.length).toBeGreaterThan(0);
    expect(body.sources[0]).toMatchObject({ source_type: 'doc', source_url: expect.stringMatching(/^docs\/\w+\.md#/) });
    expect(JSON.stringify(body).toLowerCase()).toContain('rate limit');
  });

  it('with a provider: the provider phrases the answer from the retrieved passages', async () => {
    const res = await post('/-/llm/tanuki_bot/ask', 'member', { q: 'What is the change recorder?' });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.msg).toMatch(/^Echo: Passages:/);
    expect(body.sources.map((source: { title: string }) => source.title).join(' ')).toContain('ARCHITECTURE.md');
    const sent = servers.provider.requests.at(-1)?.body as {
      model: string;
      messages: Array<{ role: string; content: string }>;
    };
    expect(sent.model).toBe('stand-in-model');
    expect(sent.messages[0]?.role).toBe('system');
    expect(sent.messages[1]?.content).toContain('Question: What is the change recorder?');
  });

  it('400 for a missing or overlong q; 401 anonymous; 404 when AI is not allowed', async () => {
    expect((await post('/-/llm/tanuki_bot/ask', 'member', {})).status).toBe(400);
    expect((await post('/-/llm/tanuki_bot/ask', 'member', { q: 'x'.repeat(2001) })).status).toBe(400);
    expect((await post('/-/llm/tanuki_bot/ask', undefined, { q: 'hello' })).status).toBe(401);
    expect((await post('/-/llm/tanuki_bot/ask', 'banned', { q: 'hello' })).status).toBe(404);
  });
});

describe('rate limit', () => {
  it("counts each user's AI requests in the shared store: 429 past the limit, others unaffected", async () => {
    const admin = await createToken(servers.s.db, (await createUser(servers.s.db, { admin: true })).id);
    const set = await servers.s.http('/api/v4/application/settings', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'private-token': admin },
      body: JSON.stringify({ ai_action_api_rate_limit: 2 }),
    });
    expect(set.status).toBe(200);
    tok.fresh = await createToken(servers.s.db, (await createUser(servers.s.db)).id);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await ai('embeddings', 'fresh', { input: 'x' })).status);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await post('/-/llm/tanuki_bot/ask', 'fresh', { q: 'hello' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect((await ai('embeddings', 'mixed', { input: 'x' })).status).toBe(200);
    const counters = await servers.s.db.selectFrom('rate_limits').select('key').execute();
    expect(counters.some((c) => String(c.key).startsWith('ai:'))).toBe(true);
  });
});
