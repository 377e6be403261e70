import { beforeAll, describe, expect, it } from 'vitest';
import { useAiServers } from '../../test/ai-servers';
import {
  addGroupMember,
  addProjectMember,
  createGroup,
  createProject,
  createToken,
  createUser,
} from '../../test/factories';

/**
 * Issue 29 "Beyond": summarise an issue's comments, draft a description, suggest labels — against
 * a real listening server whose provider is the local OpenAI-compatible stand-in. What the stand-in
 * received is the proof of what went into each prompt.
 */
const servers = useAiServers();
const tok: Record<string, string> = {};
let projectId = 0;
let offProjectId = 0;
let bareProjectId = 0;

// biome-ignore lint/suspicious/noExplicitAny: the answers' JSON, read field by field in the assertions
const json = (res: Response): Promise<any> => res.json();

function call(method: string, path: string, who: string | undefined, body?: unknown, server = servers.s) {
  return server.http(path, {
    method,
    headers: { 'content-type': 'application/json', ...(who ? { 'private-token': tok[who] ?? '' } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function ok(res: Promise<Response>) {
  const answer = await res;
  if (answer.status >= 300) throw new Error(`${answer.status} ${await answer.text()}`);
  return json(answer);
}

beforeAll(async () => {
  const on = await createGroup(servers.s.db, { path: 'ai-on' });
  const off = await createGroup(servers.s.db, { path: 'ai-off' });
  await servers.s.db.updateTable('namespaces').set({ duo_availability: 'never_on' }).where('id', '=', off.id).execute();
  projectId = (await createProject(servers.s.db, { namespaceId: on.id, path: 'app' })).id;
  offProjectId = (await createProject(servers.s.db, { namespaceId: off.id, path: 'app' })).id;
  for (const [name, level, group] of [
    ['reporter', 20, on.id],
    ['guest', 10, on.id],
    ['offMember', 30, off.id],
  ] as const) {
    const user = await createUser(servers.s.db, { username: name.toLowerCase() });
    await addGroupMember(servers.s.db, group, user.id, level);
    tok[name] = await createToken(servers.s.db, user.id);
  }
  tok.outsider = await createToken(servers.s.db, (await createUser(servers.s.db)).id);
  tok.admin = await createToken(servers.s.db, (await createUser(servers.s.db, { admin: true })).id);
  const bareGroup = await createGroup(servers.bare.db, { path: 'ai-bare' });
  bareProjectId = (await createProject(servers.bare.db, { namespaceId: bareGroup.id, path: 'app' })).id;
  const bareUser = await createUser(servers.bare.db);
  await addGroupMember(servers.bare.db, bareGroup.id, bareUser.id, 30);
  tok.bare = await createToken(servers.bare.db, bareUser.id);

  const issues = `/api/v4/projects/${projectId}/issues`;
  await ok(call('POST', issues, 'reporter', { title: 'Checkout fails on Safari' }));
  await ok(
    call('POST', `${issues}/1/notes`, 'reporter', { body: 'Reproduced on Safari 17, the pay button stays grey.' }),
  );
  await ok(
    call('POST', `${issues}/1/notes`, 'reporter', { body: 'SECRET-INTERNAL: customer is Acme', internal: true }),
  );
  await ok(call('POST', `${issues}/1/notes`, 'guest', { body: 'Also seen on iPad.' }));
  await ok(call('POST', issues, 'reporter', { title: 'Nobody commented' }));
  await ok(call('POST', issues, 'reporter', { title: 'Confidential', confidential: true }));
  await ok(call('POST', `${issues}/3/notes`, 'reporter', { body: 'Only for the team' }));
  for (const name of ['bug', 'Feature', 'docs']) {
    await ok(call('POST', `/api/v4/projects/${projectId}/labels`, 'admin', { name, color: '#ff0000' }));
  }
  await ok(call('POST', `/api/v4/groups/${on.id}/labels`, 'admin', { name: 'frontend', color: '#00ff00' }));
  await ok(call('POST', `/api/v4/projects/${offProjectId}/issues`, 'offMember', { title: 'Off' }));
}, 240_000);

const summarize = (who: string | undefined, iid = 1, project = projectId, server = servers.s) =>
  call('POST', `/api/v4/projects/${project}/issues/${iid}/ai/summarize_comments`, who, {}, server);
const draft = (who: string | undefined, body: unknown, project = projectId, server = servers.s) =>
  call('POST', `/api/v4/projects/${project}/issues/ai/generate_description`, who, body, server);
const suggest = (who: string | undefined, body: unknown, project = projectId, server = servers.s) =>
  call('POST', `/api/v4/projects/${project}/issues/ai/suggest_labels`, who, body, server);
const lastPrompt = () => {
  const body = servers.provider.requests.at(-1)?.body as {
    model: string;
    messages: Array<{ role: string; content: string }>;
  };
  return { model: body.model, system: body.messages[0]?.content ?? '', user: body.messages[1]?.content ?? '' };
};

describe('summarize comments', () => {
  it("a guest's summary leaves out the internal note; a reporter's has it", async () => {
    const res = await summarize('guest');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.comments_count).toBe(2);
    const prompt = lastPrompt();
    expect(prompt.model).toBe('stand-in-model');
    expect(prompt.system).toContain('summarise the discussion');
    expect(prompt.user).toContain('Issue: Checkout fails on Safari');
    expect(prompt.user).toContain('@reporter');
    expect(prompt.user).toContain('pay button stays grey');
    expect(prompt.user).toContain('Also seen on iPad.');
    expect(prompt.user).not.toContain('SECRET-INTERNAL');
    // The stand-in echoes the prompt: the answer is the model's text, rendered as Markdown.
    expect(body.summary).toMatch(/^Echo: Issue: Checkout fails on Safari/);
    expect(body.summary_html).toContain('<p');
    expect(body.summary_html).not.toContain('SECRET-INTERNAL');

    expect((await summarize('reporter')).status).toBe(200);
    expect(lastPrompt().user).toContain('SECRET-INTERNAL: customer is Acme');
  });

  it("the model's answer is untrusted: its HTML is sanitised, the Markdown rendered", async () => {
    servers.provider.replyNext('**Agreed**: fix it.\n\n<script>alert(1)</script><img src=x onerror="alert(2)">');
    const body = await ok(summarize('reporter'));
    expect(body.summary).toContain('<script>');
    expect(body.summary_html).toContain('<strong>Agreed</strong>');
    expect(body.summary_html).not.toMatch(/<script|onerror/i);
  });

  it('404 for who cannot read the issue, 401 anonymous, 422 without comments, 403 when the group turned AI off', async () => {
    const before = servers.provider.requests.length;
    expect((await summarize('outsider')).status).toBe(404);
    expect((await summarize('reporter', 99)).status).toBe(404);
    // A confidential issue is hidden from a guest who neither wrote it nor is assigned: 404, not a summary.
    expect((await summarize('guest', 3)).status).toBe(404);
    expect((await summarize(undefined)).status).toBe(401);
    const empty = await summarize('reporter', 2);
    expect(empty.status).toBe(422);
    expect((await json(empty)).error).toContain('no comments');
    const off = await summarize('offMember', 1, offProjectId);
    expect(off.status).toBe(403);
    expect((await json(off)).message).toContain('AI features are turned off for ai-off/app');
    expect(servers.provider.requests.length).toBe(before);
  });

  it('503 naming AI_BASE_URL when no provider is configured', async () => {
    const res = await summarize('bare', 1, bareProjectId, servers.bare);
    // No issue there: the 404 comes first, as for any unreadable issue.
    expect(res.status).toBe(404);
    await ok(call('POST', `/api/v4/projects/${bareProjectId}/issues`, 'bare', { title: 'x' }, servers.bare));
    await ok(call('POST', `/api/v4/projects/${bareProjectId}/issues/1/notes`, 'bare', { body: 'y' }, servers.bare));
    const unconfigured = await summarize('bare', 1, bareProjectId, servers.bare);
    expect(unconfigured.status).toBe(503);
    expect(JSON.stringify(await json(unconfigured))).toContain('AI_BASE_URL');
  });
});

describe('generate description', () => {
  it('drafts Markdown from the title and the few words, following a named template', async () => {
    await ok(
      call('POST', `/api/v4/projects/${projectId}/templates/issues`, 'admin', {
        name: 'Bug',
        content: '## Steps to reproduce\n\n## Expected',
      }),
    );
    const body = await ok(
      draft('guest', { title: 'Dark mode', content: 'users ask for it', description_template_name: 'bug' }),
    );
    const prompt = lastPrompt();
    expect(prompt.system).toContain('draft the description');
    expect(prompt.user).toContain('Title: Dark mode');
    expect(prompt.user).toContain('users ask for it');
    expect(prompt.user).toContain('## Steps to reproduce');
    expect(body.description).toBe(`Echo: ${prompt.user}`);
  });

  it('400 naming the field, 404 for an unknown template or an unreadable project, 403 when AI is off', async () => {
    const before = servers.provider.requests.length;
    for (const [input, field] of [
      [{}, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(256) }, 'title'],
      [{ title: 'x', content: 'y'.repeat(10_001) }, 'content'],
      [{ title: 'x', description_template_name: 'n'.repeat(256) }, 'description_template_name'],
    ] as const) {
      const res = await draft('guest', input);
      expect(res.status, JSON.stringify(input).slice(0, 60)).toBe(400);
      expect(await res.text()).toContain(field);
    }
    expect((await draft('guest', { title: 'x', description_template_name: 'nope' })).status).toBe(404);
    expect((await draft('outsider', { title: 'x' })).status).toBe(404);
    expect((await draft('offMember', { title: 'x' }, offProjectId)).status).toBe(403);
    expect(servers.provider.requests.length).toBe(before);
  });
});

describe('suggest labels', () => {
  it("answers only the project's existing labels the model named, never an invented one", async () => {
    servers.provider.replyNext('- bug\n~feature\n"frontend"\ninvented-label\nbug');
    const res = await suggest('guest', { title: 'Button misaligned', description: 'On the checkout page' });
    expect(res.status).toBe(200);
    const labels = (await json(res)) as Array<{ id: number; name: string; color: string }>;
    expect(labels.map((l) => l.name)).toEqual(['bug', 'Feature', 'frontend']);
    expect(labels[0]).toMatchObject({ id: expect.any(Number), color: '#ff0000' });
    const prompt = lastPrompt();
    expect(prompt.user).toContain('Labels to choose from:\nFeature\nbug\ndocs\nfrontend');
    expect(prompt.user).toContain('Issue title: Button misaligned');
  });

  it('no labels in the project: an empty answer without asking the provider; refusals as the others', async () => {
    const before = servers.provider.requests.length;
    const off = await suggest('offMember', { title: 'x' }, offProjectId);
    expect(off.status).toBe(403);
    expect((await suggest('outsider', { title: 'x' })).status).toBe(404);
    expect((await suggest('guest', { description: 'no title' })).status).toBe(400);
    await servers.s.db
      .updateTable('namespaces')
      .set({ duo_availability: 'default_on' })
      .where('path', '=', 'ai-off')
      .execute();
    expect(await ok(suggest('offMember', { title: 'x' }, offProjectId))).toEqual([]);
    await servers.s.db
      .updateTable('namespaces')
      .set({ duo_availability: 'never_on' })
      .where('path', '=', 'ai-off')
      .execute();
    expect(servers.provider.requests.length).toBe(before);
  });
});

describe('features and rate limit', () => {
  it('tells the web which features to show', async () => {
    const features = (who: string | undefined, project = projectId, server = servers.s) =>
      call('GET', `/api/v4/projects/${project}/issues/ai/features`, who, undefined, server);
    expect(await ok(features('guest'))).toEqual({
      summarize_comments: true,
      generate_description: true,
      suggest_labels: true,
    });
    const none = { summarize_comments: false, generate_description: false, suggest_labels: false };
    expect(await ok(features('offMember', offProjectId))).toEqual(none);
    expect(await ok(features('bare', bareProjectId, servers.bare))).toEqual(none);
    expect((await features('outsider')).status).toBe(404);
  });

  it('refused while the instance switch is off, and counted in the ai bucket', async () => {
    const settings = (body: unknown) => ok(call('PUT', '/api/v4/application/settings', 'admin', body));
    await settings({ duo_features_enabled: false });
    expect((await summarize('reporter')).status).toBe(403);
    await settings({ duo_features_enabled: true, ai_action_api_rate_limit: 2 });
    const guestToken = async () => {
      const user = await createUser(servers.s.db);
      await addProjectMember(servers.s.db, projectId, user.id, 10);
      return createToken(servers.s.db, user.id);
    };
    tok.fresh = await guestToken();
    tok.other = await guestToken();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await draft('fresh', { title: 'x' })).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await summarize('fresh')).status).toBe(429);
    expect((await summarize('other')).status).toBe(200);
  });
});
