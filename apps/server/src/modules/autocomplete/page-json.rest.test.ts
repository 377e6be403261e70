import { describe, expect, it } from 'vitest';
import { countStatements } from '../../test/statement-count';
import { type SuggestionWho, useSuggestionApp } from '../../test/suggestion-test-app';

const t = useSuggestionApp();
const { get, ok } = t;

const titles = async (url: string, who?: SuggestionWho) =>
  (await ok<Array<{ title: string }>>(url, who)).map((x) => x.title);

async function expect400(url: string, field: string) {
  const res = await get(url, 'dev');
  expect(res.statusCode, url).toBe(400);
  expect(res.json()).toMatchObject({ field });
  expect(res.json().message).toContain(field);
}

const statements = (url: string, who: SuggestionWho) => countStatements(t.database, () => ok(url, who));

describe('labels.json', () => {
  it('lists a group’s labels and its projects’, one per title, by title', async () => {
    const body = await ok<Array<Record<string, unknown>>>('/groups/sgacme/-/labels.json', 'dev');
    expect(body.map((l) => l.title)).toEqual(['bug', 'feature', 'snake_case', 'snakeycase', 'web-only']);
    expect(body[0]).toEqual({
      id: expect.any(Number),
      title: 'bug',
      color: '#ff0000',
      text_color: '#000000',
      description: 'Broken',
    });
    expect(await titles('/groups/sgacme/-/labels.json?only_group_labels=true', 'dev')).toEqual([
      'bug',
      'feature',
      'snake_case',
      'snakeycase',
    ]);
    expect(
      await titles('/groups/sgacme/-/labels.json?only_group_labels=true&include_descendant_groups=true', 'dev'),
    ).toEqual(['bug', 'feature', 'snake_case', 'snakeycase', 'sub-only']);
    expect(await titles('/groups/sgacme/sub/-/labels.json?only_group_labels=true', 'dev')).toEqual([
      'bug',
      'feature',
      'snake_case',
      'snakeycase',
      'sub-only',
    ]);
    expect(
      await titles('/groups/sgacme/sub/-/labels.json?only_group_labels=true&include_ancestor_groups=false', 'dev'),
    ).toEqual(['bug', 'sub-only']);
  });

  it('lists a project’s own and inherited labels; its own wins a title', async () => {
    const web = await ok<Array<{ title: string; color: string }>>('/sgacme/web/-/labels.json', 'dev');
    expect(web.map((l) => l.title)).toEqual(['bug', 'feature', 'snake_case', 'snakeycase', 'web-only']);
    expect(web[0]?.color).toBe('#654321');
    expect(await titles('/sgacme/sub/api/-/labels.json', 'dev')).toEqual([
      'bug',
      'feature',
      'snake_case',
      'snakeycase',
      'sub-only',
    ]);
  });

  it('searches titles case-insensitively, with _ and % literal, and honours per_page', async () => {
    expect(await titles('/groups/sgacme/-/labels.json?search=BU', 'dev')).toEqual(['bug']);
    expect(await titles('/groups/sgacme/-/labels.json?search=e_c', 'dev')).toEqual(['snake_case']);
    expect(await titles('/groups/sgacme/-/labels.json?search=%25', 'dev')).toEqual([]);
    expect(await titles('/groups/sgacme/-/labels.json?per_page=2', 'dev')).toEqual(['bug', 'feature']);
  });

  it('keeps private containers and private projects’ labels hidden', async () => {
    expect((await get('/groups/sgacme/-/labels.json', 'outsider')).statusCode).toBe(404);
    expect((await get('/groups/sgacme/-/labels.json')).statusCode).toBe(404);
    expect((await get('/sgacme/web/-/labels.json')).statusCode).toBe(404);
    expect((await get('/groups/sghidden/-/labels.json', 'dev')).statusCode).toBe(404);
    expect((await get('/groups/nope/-/labels.json', 'dev')).statusCode).toBe(404);
    expect((await get('/sgacme/nope/-/labels.json', 'dev')).statusCode).toBe(404);
    expect(await titles('/groups/sgpub/-/labels.json')).toEqual(['open-label', 'public-label']);
    expect(await titles('/groups/sgpub/-/labels.json', 'outsider')).toEqual(['open-label', 'public-label']);
  });

  it('rejects bad parameters naming them and runs a fixed number of statements', async () => {
    await expect400('/groups/sgacme/-/labels.json?include_ancestor_groups=maybe', 'include_ancestor_groups');
    await expect400('/groups/sgacme/-/labels.json?per_page=500', 'per_page');
    await expect400(`/groups/sgacme/-/labels.json?search=${'x'.repeat(300)}`, 'search');
    await statements('/groups/sgacme/-/labels.json?per_page=1', 'dev');
    const one = await statements('/groups/sgacme/-/labels.json?per_page=1', 'dev');
    expect(await statements('/groups/sgacme/-/labels.json?per_page=100&include_descendant_groups=true', 'dev')).toBe(
      one,
    );
    expect(one).toBeLessThanOrEqual(6);
  });
});

describe('milestones.json', () => {
  it('lists a group’s, its ancestors’ and descendants’ milestones by due date', async () => {
    const body = await ok<Array<Record<string, unknown>>>('/groups/sgacme/-/milestones.json', 'dev');
    expect(body.map((m) => m.title)).toEqual(['S1', 'G1', 'P1']);
    expect(body[1]).toEqual({
      id: expect.any(Number),
      iid: 1,
      title: 'G1',
      due_date: '2030-01-10',
      start_date: '2030-01-01',
      state: 'active',
      web_url: 'http://localhost:3000/groups/sgacme/-/milestones/1',
    });
    expect(await titles('/groups/sgacme/-/milestones.json?only_group_milestones=true', 'dev')).toEqual(['S1', 'G1']);
    expect(await titles('/groups/sgacme/-/milestones.json?state=closed', 'dev')).toEqual(['G-closed']);
    expect(await titles('/groups/sgacme/-/milestones.json?state=all', 'dev')).toHaveLength(4);
    expect(await titles('/groups/sgacme/-/milestones.json?search=g1', 'dev')).toEqual(['G1']);
  });

  it('lists a project’s own and ancestor groups’ milestones', async () => {
    const body = await ok<Array<{ title: string; web_url: string }>>('/sgacme/web/-/milestones.json', 'dev');
    expect(body.map((m) => m.title)).toEqual(['G1', 'P1']);
    expect(body[1]?.web_url).toBe('http://localhost:3000/sgacme/web/-/milestones/1');
    expect(await titles('/sgacme/sub/api/-/milestones.json', 'dev')).toEqual(['S1', 'G1']);
  });

  it('hides what the actor may not read and rejects bad parameters', async () => {
    expect(await titles('/groups/sgpub/-/milestones.json')).toEqual(['Pub M']);
    expect((await get('/groups/sgacme/-/milestones.json')).statusCode).toBe(404);
    await expect400('/groups/sgacme/-/milestones.json?state=opened', 'state');
    await expect400('/groups/sgacme/-/milestones.json?only_group_milestones=2', 'only_group_milestones');
  });
});

describe('releases.json and environments.json', () => {
  it('lists releases newest first as {tag, name}', async () => {
    expect(await ok('/sgacme/web/-/releases.json', 'dev')).toEqual([
      { tag: 'v1.1', name: 'v1.1' },
      { tag: 'v1.0', name: 'First' },
    ]);
    expect(await ok('/groups/sgacme/-/releases.json?search=API', 'dev')).toEqual([{ tag: 'api-2.0', name: 'API two' }]);
    expect(await ok('/groups/sgpub/-/releases.json')).toEqual([{ tag: 'open-1', name: 'Open' }]);
    expect((await get('/sgacme/web/-/releases.json', 'outsider')).statusCode).toBe(404);
  });

  it('lists distinct environment names', async () => {
    expect(await ok('/groups/sgacme/-/environments.json', 'dev')).toEqual(['production', 'staging']);
    expect(await ok('/sgacme/sub/api/-/environments.json', 'dev')).toEqual(['production']);
    expect(await ok('/groups/sgacme/-/environments.json?search=STAG', 'dev')).toEqual(['staging']);
    expect(await ok('/groups/sgpub/-/environments.json', 'outsider')).toEqual(['open-env']);
    expect((await get('/groups/sghidden/-/environments.json')).statusCode).toBe(404);
  });
});

describe('epics.json', () => {
  it('lists the group’s and its subgroups’ epics, newest first, with references', async () => {
    const body = await ok<Array<Record<string, unknown>>>('/groups/sgacme/-/epics.json', 'rep');
    expect(body.map((e) => e.title)).toEqual(['Sub epic', 'Closed beta', 'Confidential plan', 'Roadmap alpha']);
    expect(body[0]).toEqual({
      id: expect.any(Number),
      iid: 1,
      title: 'Sub epic',
      state: 'opened',
      group_id: t.world.subId,
      group_full_path: 'sgacme/sub',
      reference: 'sgacme/sub&1',
      web_url: 'http://localhost:3000/groups/sgacme/sub/-/epics/1',
    });
    expect(body[3]?.reference).toBe('&1');
  });

  it('hides confidential epics from guests and private groups from strangers', async () => {
    expect(await titles('/groups/sgacme/-/epics.json', 'guest')).toEqual(['Sub epic', 'Closed beta', 'Roadmap alpha']);
    expect((await get('/groups/sgacme/-/epics.json', 'outsider')).statusCode).toBe(404);
    expect((await get('/groups/sgacme/-/epics.json')).statusCode).toBe(404);
    expect((await get('/groups/sghidden/-/epics.json', 'dev')).statusCode).toBe(404);
    expect(await titles('/groups/sgacme/-/epics.json?search=plan', 'guest')).toEqual([]);
  });

  it('filters by state, ancestors, descendants, title or iid', async () => {
    expect(await titles('/groups/sgacme/-/epics.json?state=closed', 'rep')).toEqual(['Closed beta']);
    expect(await titles('/groups/sgacme/-/epics.json?state=opened&include_descendant_groups=false', 'rep')).toEqual([
      'Confidential plan',
      'Roadmap alpha',
    ]);
    expect(await titles('/groups/sgacme/sub/-/epics.json', 'rep')).toEqual(['Sub epic']);
    expect(await titles('/groups/sgacme/sub/-/epics.json?include_ancestor_groups=true&state=opened', 'rep')).toEqual([
      'Sub epic',
      'Confidential plan',
      'Roadmap alpha',
    ]);
    expect(await titles('/groups/sgacme/-/epics.json?search=ALPHA', 'rep')).toEqual(['Roadmap alpha']);
    expect(await titles('/groups/sgacme/-/epics.json?search=%261', 'rep')).toEqual(['Sub epic', 'Roadmap alpha']);
    expect(await titles('/groups/sgacme/-/epics.json?search=sgacme::%263', 'rep')).toEqual(['Closed beta']);
  });

  it('exists only for groups and rejects bad parameters', async () => {
    expect((await get('/sgacme/web/-/epics.json', 'dev')).statusCode).toBe(404);
    await expect400('/groups/sgacme/-/epics.json?state=merged', 'state');
    await expect400('/groups/sgacme/-/epics.json?include_descendant_groups=maybe', 'include_descendant_groups');
    await statements('/groups/sgacme/-/epics.json?per_page=1', 'rep');
    const one = await statements('/groups/sgacme/-/epics.json?per_page=1', 'rep');
    expect(await statements('/groups/sgacme/-/epics.json?per_page=100', 'rep')).toBe(one);
  });
});

describe('iterations.json', () => {
  it('lists open iterations of the group and its ancestors by cadence then due date, latest first', async () => {
    const body = await ok<Array<Record<string, unknown>>>('/groups/sgacme/sub/-/iterations.json', 'dev');
    expect(body.map((i) => i.title)).toEqual([null, 'Sprint next', 'Sprint now']);
    expect(body[1]).toEqual({
      id: expect.any(Number),
      iid: 3,
      title: 'Sprint next',
      start_date: expect.any(String),
      due_date: expect.any(String),
      state: 'upcoming',
      cadence: { id: expect.any(Number), title: 'Sprint cadence' },
    });
    expect(body[2]?.state).toBe('current');
    expect(await titles('/groups/sgacme/-/iterations.json?state=all', 'dev')).toEqual([
      'Sprint next',
      'Sprint now',
      'Sprint past',
    ]);
    expect(await titles('/groups/sgacme/-/iterations.json?state=closed', 'dev')).toEqual(['Sprint past']);
    expect(await titles('/groups/sgacme/-/iterations.json?state=current', 'dev')).toEqual(['Sprint now']);
  });

  it('searches the title or the cadence title; projects get their groups’ iterations', async () => {
    expect(await titles('/groups/sgacme/sub/-/iterations.json?search=ALPHA', 'dev')).toEqual([null]);
    expect(await titles('/groups/sgacme/sub/-/iterations.json?search=now', 'dev')).toEqual(['Sprint now']);
    expect(await titles('/sgacme/web/-/iterations.json', 'dev')).toEqual(['Sprint next', 'Sprint now']);
    expect(await titles('/sgacme/sub/api/-/iterations.json?search=cadence', 'dev')).toEqual([
      null,
      'Sprint next',
      'Sprint now',
    ]);
  });

  it('hides private groups and rejects bad parameters', async () => {
    expect((await get('/groups/sgacme/-/iterations.json', 'outsider')).statusCode).toBe(404);
    await expect400('/groups/sgacme/-/iterations.json?state=started', 'state');
  });
});

describe('public groups with private insides', () => {
  it('never lists what lives in a private subgroup or project of a public group', async () => {
    for (const who of [undefined, 'outsider'] as const) {
      expect(await titles('/groups/sgpub/-/epics.json', who)).toEqual(['Pub epic']);
      expect(await titles('/groups/sgpub/-/milestones.json?state=all', who)).toEqual(['Pub M']);
      expect(await titles('/groups/sgpub/-/labels.json?include_descendant_groups=true', who)).toEqual([
        'open-label',
        'public-label',
      ]);
    }
    expect((await get('/groups/sgpub/inner/-/epics.json')).statusCode).toBe(404);
    expect((await get('/sgpub/closed/-/labels.json', 'outsider')).statusCode).toBe(404);
  });
});

describe('statement counts', () => {
  it('runs the same few statements whatever the page size, for every resource', async () => {
    for (const path of [
      '/groups/sgacme/-/labels.json?include_descendant_groups=true',
      '/sgacme/web/-/labels.json',
      '/groups/sgacme/-/milestones.json?state=all',
      '/sgacme/web/-/milestones.json',
      '/groups/sgacme/-/releases.json',
      '/sgacme/web/-/environments.json',
      '/groups/sgacme/-/epics.json?include_ancestor_groups=true',
      '/groups/sgacme/sub/-/iterations.json?state=all',
      '/sgacme/sub/api/-/iterations.json',
    ]) {
      const sep = path.includes('?') ? '&' : '?';
      await statements(`${path}${sep}per_page=1`, 'rep');
      const one = await statements(`${path}${sep}per_page=1`, 'rep');
      expect(await statements(`${path}${sep}per_page=100`, 'rep'), path).toBe(one);
      // token, two membership queries and its last-used stamp; the group or project; the list
      expect(one, path).toBeLessThanOrEqual(6);
    }
  });
});

describe('routing', () => {
  it('leaves other URLs under /-/ to the rest of the app', async () => {
    expect((await get('/groups/sgacme/-/labels', 'dev')).statusCode).toBe(404);
    expect((await get('/groups/sgacme/-/wikis.json', 'dev')).statusCode).toBe(404);
    expect((await get('/api/v4/groups/sgacme/labels', 'dev')).statusCode).toBe(200);
  });
});
