import { describe, expect, it } from 'vitest';
import { countStatements, expectFixedStatements } from '../../test/statement-count';
import { type SuggestionWho, useSuggestionApp } from '../../test/suggestion-test-app';

const t = useSuggestionApp();
const { get, ok } = t;

const usernames = async (url: string, who?: SuggestionWho) =>
  (await ok<Array<{ username: string }>>(url, who)).map((u) => u.username);

describe('GET /-/autocomplete/users.json', () => {
  it('lists the group members (inherited included), active only, by name', async () => {
    expect(await usernames('/-/autocomplete/users.json?group_id=sgacme', 'dev')).toEqual([
      'sg_dev',
      'sg_guest',
      'sg_percent',
      'sg_owner',
      'sg_rep',
    ]);
    const body = await ok<Array<Record<string, unknown>>>(
      '/-/autocomplete/users.json?group_id=sgacme&search=dana',
      'dev',
    );
    expect(body).toEqual([
      {
        id: t.world.uid.dev,
        name: 'Dana Dev',
        username: 'sg_dev',
        avatar_url: null,
        state: 'active',
        web_url: 'http://localhost:3000/sg_dev',
      },
    ]);
  });

  it('lists a project’s own and inherited members; group_id wins over project_id', async () => {
    const api = encodeURIComponent('sgacme/sub/api');
    expect(await usernames(`/-/autocomplete/users.json?project_id=${api}`, 'dev')).toContain('sg_projonly');
    expect(await usernames(`/-/autocomplete/users.json?project_id=${t.world.apiId}`, 'dev')).toContain('sg_owner');
    expect(await usernames(`/-/autocomplete/users.json?project_id=${api}&group_id=sgacme`, 'dev')).not.toContain(
      'sg_projonly',
    );
  });

  it('puts the signed-in user first with current_user=true', async () => {
    expect((await usernames('/-/autocomplete/users.json?group_id=sgacme&current_user=true', 'rep'))[0]).toBe('sg_rep');
    // Not a member: still offered as "Me" when nothing is typed.
    expect((await usernames('/-/autocomplete/users.json?group_id=sgpub&current_user=true', 'outsider'))[0]).toBe(
      'sg_outsider',
    );
  });

  it('filters states[], searches name and username with % and _ taken literally', async () => {
    expect(await usernames('/-/autocomplete/users.json?group_id=sgacme&states[]=deactivated', 'dev')).toEqual([]);
    // Blocked (and banned) users are listed to admins only, as in GET /users (security review L8).
    expect(await usernames('/-/autocomplete/users.json?group_id=sgacme&states[]=blocked', 'dev')).toEqual([]);
    expect(await usernames('/-/autocomplete/users.json?search=%25', 'dev')).toEqual(['sg_percent']);
    expect(await usernames('/-/autocomplete/users.json?group_id=sgacme&search=SG_OWN', 'dev')).toEqual(['sg_owner']);
    expect(await usernames('/-/autocomplete/users.json?search=sg_&per_page=2', 'dev')).toHaveLength(2);
  });

  it('hides private groups and projects: 404 for strangers and anonymous visitors', async () => {
    expect((await get('/-/autocomplete/users.json?group_id=sgacme', 'outsider')).statusCode).toBe(404);
    expect((await get('/-/autocomplete/users.json?group_id=sgacme')).statusCode).toBe(404);
    expect((await get(`/-/autocomplete/users.json?project_id=${t.world.webId}`)).statusCode).toBe(404);
    expect((await get('/-/autocomplete/users.json?group_id=nope', 'dev')).statusCode).toBe(404);
    expect(await usernames('/-/autocomplete/users.json?group_id=sgpub')).toEqual([]);
    // Anonymous visitors get no instance-wide user list.
    expect(await usernames('/-/autocomplete/users.json')).toEqual([]);
  });

  it('answers bad parameters with a 400 naming them', async () => {
    for (const [query, field] of [
      ['states[]=sleeping', 'states'],
      ['per_page=0', 'per_page'],
      ['per_page=101', 'per_page'],
      ['current_user=maybe', 'current_user'],
      ['group_id=a%20b', 'group_id'],
    ] as const) {
      const res = await get(`/-/autocomplete/users.json?${query}`, 'dev');
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ field });
      expect(res.json().message).toContain(field);
    }
  });

  it('runs a fixed number of statements', async () => {
    const load = (perPage: number) =>
      ok(`/-/autocomplete/users.json?group_id=sgacme&current_user=true&per_page=${perPage}`, 'dev');
    await load(1);
    // auth (token, memberships ×2; the last-used stamp only once per 10 minutes) + the group + the users
    await expectFixedStatements(t.database, load, [1, 50], 6);
  });
});

describe('GET /-/autocomplete/award_emojis', () => {
  it('lists the actor’s recent emoji first, then the common set, each once', async () => {
    await t.db
      .insertInto('award_emoji')
      .values([
        {
          name: 'rocket',
          user_id: t.world.uid.dev as number,
          awardable_type: 'Issue',
          awardable_id: 1,
          created_at: new Date('2025-01-01'),
        },
        {
          name: 'custom_one',
          user_id: t.world.uid.dev as number,
          awardable_type: 'Issue',
          awardable_id: 2,
          created_at: new Date('2025-02-01'),
        },
      ])
      .execute();
    const mine = await ok<Array<{ name: string; emoji: string }>>('/-/autocomplete/award_emojis', 'dev');
    expect(mine.slice(0, 3)).toEqual([
      { name: 'custom_one', emoji: ':custom_one:' },
      { name: 'rocket', emoji: '🚀' },
      { name: 'thumbsup', emoji: '👍' },
    ]);
    expect(mine.filter((e) => e.name === 'rocket')).toHaveLength(1);
    const anonymous = await ok<Array<{ name: string }>>('/-/autocomplete/award_emojis');
    expect(anonymous.slice(0, 7).map((e) => e.name)).toEqual([
      'thumbsup',
      'thumbsdown',
      'smile',
      'tada',
      'heart',
      'rocket',
      'eyes',
    ]);
  });
});

describe('GET /-/autocomplete/merge_request_{target,source}_branches.json', () => {
  const titles = async (url: string, who?: SuggestionWho) =>
    (await ok<Array<{ title: string }>>(url, who)).map((b) => b.title);

  it('lists distinct branch names of the visible merge requests', async () => {
    expect(await titles('/-/autocomplete/merge_request_target_branches.json?group_id=sgacme', 'dev')).toEqual([
      'develop',
      'main',
    ]);
    expect(
      await titles(`/-/autocomplete/merge_request_target_branches.json?project_id=${t.world.webId}`, 'dev'),
    ).toEqual(['main']);
    expect(await titles('/-/autocomplete/merge_request_source_branches.json?group_id=sgacme', 'dev')).toEqual([
      'feature-a',
      'feature-a2',
      'feature-b',
    ]);
    expect(await titles('/-/autocomplete/merge_request_source_branches.json?group_id=sgacme&search=A2', 'dev')).toEqual(
      ['feature-a2'],
    );
  });

  it('never lists branches of private projects the actor may not read', async () => {
    expect(await titles('/-/autocomplete/merge_request_target_branches.json?group_id=sgpub')).toEqual(['open-target']);
    expect(await titles('/-/autocomplete/merge_request_source_branches.json?group_id=sgpub', 'outsider')).toEqual([
      'open-source',
    ]);
    expect((await get('/-/autocomplete/merge_request_target_branches.json?group_id=sghidden', 'dev')).statusCode).toBe(
      404,
    );
    expect((await get('/-/autocomplete/merge_request_target_branches.json?group_id=sgacme')).statusCode).toBe(404);
  });

  it('runs a fixed number of statements', async () => {
    for (const which of ['target', 'source']) {
      const load = (perPage: number) =>
        ok(`/-/autocomplete/merge_request_${which}_branches.json?group_id=sgacme&per_page=${perPage}`, 'dev');
      await load(1);
      await expectFixedStatements(t.database, load, [1, 100], 6);
    }
    expect(await countStatements(t.database, () => ok('/-/autocomplete/award_emojis', 'dev'))).toBeLessThanOrEqual(5);
  });

  it('needs group_id or project_id', async () => {
    const res = await get('/-/autocomplete/merge_request_target_branches.json', 'dev');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'At least one of group_id or project_id must be specified',
      field: 'group_id',
    });
  });
});
