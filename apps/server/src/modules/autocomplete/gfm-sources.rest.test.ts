import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { expectFixedStatements } from '../../test/statement-count';
import { type SuggestionWho, useSuggestionApp } from '../../test/suggestion-test-app';

const t = useSuggestionApp();
const { get, ok } = t;
const field = async (url: string, key: string, who?: SuggestionWho) => (await ok(url, who)).map((x) => x[key]);

const WEB = '/sgacme/web/-/autocomplete_sources';

beforeAll(async () => {
  const banned = await createUser(t.db, { username: 'sg_banned', name: 'Ban Ned', state: 'banned' });
  const issue = (iid: number, title: string, extra: Record<string, unknown> = {}) => ({
    project_id: t.world.webId,
    iid,
    title,
    author_id: t.world.uid.owner as number,
    ...extra,
  });
  await t.db
    .insertInto('issues')
    .values([
      issue(1, 'Login page broken'),
      issue(2, 'Secret rotation', { confidential: true }),
      issue(3, 'Spammy offer', { hidden_as_spam: true }),
      issue(4, 'Banned author issue', { author_id: banned.id }),
      issue(5, 'Closed login work', { state: 'closed' }),
      ...Array.from({ length: 8 }, (_, i) => issue(10 + i, `Filler ${i}`)),
      { project_id: t.world.apiId, iid: 1, title: 'API login', author_id: t.world.uid.owner as number },
    ])
    .execute();
});

describe('Markdown autocomplete sources', () => {
  it('suggests 5 issues by default, open first then newest, with references relative to the project', async () => {
    const body = await ok(`${WEB}/issues`, 'dev');
    expect(body).toHaveLength(5);
    expect(body[0]).toEqual({ iid: 17, title: 'Filler 7', confidential: false, reference: '#17' });
    expect(await field(`${WEB}/issues?search=login`, 'reference', 'dev')).toEqual(['#1', '#5']);
    expect(await field(`${WEB}/issues?search=%235`, 'title', 'dev')).toEqual(['Closed login work']);
    expect(await field(`${WEB}/issues?per_page=20`, 'iid', 'dev')).toHaveLength(11); // 13 issues, less the spam and the banned author's
  });

  it('never suggests what the reader may not see: confidential, spam, banned authors', async () => {
    const asDev = await field(`${WEB}/issues?per_page=20`, 'iid', 'dev');
    expect(asDev).toContain(2);
    expect(asDev).not.toContain(3);
    expect(asDev).not.toContain(4);
    const asGuest = await field(`${WEB}/issues?per_page=20`, 'iid', 'guest');
    expect(asGuest).not.toContain(2);
    expect(await field(`${WEB}/issues?search=secret`, 'iid', 'guest')).toEqual([]);
  });

  it('confidential mode suggests only confidential issues and epics', async () => {
    expect(await field(`${WEB}/issues?confidential_only=true`, 'iid', 'dev')).toEqual([2]);
    expect(await field(`${WEB}/issues?confidential_only=true`, 'iid', 'guest')).toEqual([]);
    expect(await field('/groups/sgacme/-/autocomplete_sources/epics?confidential_only=true', 'title', 'owner')).toEqual(
      ['Confidential plan'],
    );
  });

  it('a group lists its projects’ issues with full references', async () => {
    expect(await field('/groups/sgacme/-/autocomplete_sources/issues?search=login', 'reference', 'dev')).toEqual([
      'sgacme/sub/api#1',
      'sgacme/web#1',
      'sgacme/web#5',
    ]);
  });

  it('members, merge requests, labels, milestones, epics and emoji', async () => {
    expect(await field(`${WEB}/members?search=dana`, 'username', 'dev')).toEqual(['sg_dev']);
    expect(await field(`${WEB}/members?per_page=20`, 'username', 'dev')).not.toContain('sg_blocked');
    expect(await field(`${WEB}/merge_requests`, 'reference', 'dev')).toEqual(['!2', '!1']);
    expect(await field(`${WEB}/labels?search=bug`, 'title', 'dev')).toEqual(['bug']);
    expect(await field(`${WEB}/milestones`, 'title', 'dev')).toEqual(['G1', 'P1']);
    expect(await field(`${WEB}/epics?search=road`, 'reference', 'dev')).toEqual(['&1']);
    expect(await field(`${WEB}/epics`, 'title', 'guest')).not.toContain('Confidential plan');
    expect(await field(`${WEB}/emojis?search=thumbs`, 'name', 'dev')).toEqual(['thumbsup', 'thumbsdown']);
  });

  it('a hidden or missing project or group is 404, an unknown source too', async () => {
    expect((await get('/sghidden/secret/-/autocomplete_sources/issues', 'dev')).statusCode).toBe(404);
    expect((await get('/groups/sghidden/-/autocomplete_sources/epics', 'dev')).statusCode).toBe(404);
    expect((await get(`${WEB}/issues`, 'outsider')).statusCode).toBe(404);
    expect((await get(`${WEB}/issues`)).statusCode).toBe(404);
    expect((await get(`${WEB}/snippets`, 'dev')).statusCode).toBe(404);
  });

  it('bad input is a 400 naming the parameter: a query over 20 characters, a bad per_page', async () => {
    const long = await get(`${WEB}/issues?search=${'a'.repeat(21)}`, 'dev');
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field: 'search' });
    expect((await ok(`${WEB}/issues?search=${'a'.repeat(20)}`, 'dev')).length).toBe(0);
    const big = await get(`${WEB}/issues?per_page=21`, 'dev');
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ field: 'per_page' });
    expect((await get(`${WEB}/issues?confidential_only=maybe`, 'dev')).json()).toMatchObject({
      field: 'confidential_only',
    });
  });

  it('answers in a fixed number of statements whatever the page size', async () => {
    await expectFixedStatements(t.database, (n) => ok(`${WEB}/issues?per_page=${n}`, 'dev'), [1, 20], 6);
  });
});
