import { beforeAll, describe, expect, it } from 'vitest';
import { buildEpicFilterWorld } from '../../test/epic-filter-world';
import { useFilterTestApp } from '../../test/filter-test-app';

/** GET /groups/:id/epics: every filter token × operator; the world is described in epic-filter-world.ts. */
const { t, get, listedIids } = useFilterTestApp(buildEpicFilterWorld);
let uid: Record<string, number>;
let groupId: number;

async function iids(query: string, who = 'alice') {
  return listedIids(`/groups/${groupId}/epics?per_page=100&${query}`, who);
}

beforeAll(() => {
  ({ uid, groupId } = t.world);
});

describe('epic filters: each token and operator', () => {
  it('author: =, !=, ||', async () => {
    expect(await iids('author_username=ef_alice')).toEqual([1, 4]);
    expect(await iids(`author_id=${uid.bob}`)).toEqual([2, 5]);
    expect(await iids('not[author_username]=ef_alice')).toEqual([2, 3, 5]);
    expect(await iids('or[author_username][]=ef_alice&or[author_username][]=ef_carol')).toEqual([1, 3, 4]);
    expect(await iids('or[author_username]=ef_bob,ef_carol')).toEqual([2, 3, 5]);
  });

  it('label: all-of, !=, ||, None, Any', async () => {
    expect(await iids('labels=bug')).toEqual([1, 2]);
    expect(await iids('labels=bug,ui')).toEqual([2]);
    expect(await iids('labels=None')).toEqual([3]);
    expect(await iids('labels=any')).toEqual([1, 2, 4, 5]);
    expect(await iids('not[labels]=bug')).toEqual([3, 4, 5]);
    expect(await iids('not[labels]=None')).toEqual([1, 2, 4, 5]);
    expect(await iids('or[labels]=bug,feature')).toEqual([1, 2, 5]);
    expect(await iids('or[labels][]=ui&or[labels][]=feature&labels=bug')).toEqual([2]);
  });

  it('my reaction: =, !=, None, Any', async () => {
    expect(await iids('my_reaction_emoji=thumbsup')).toEqual([1]);
    expect(await iids('my_reaction_emoji=None')).toEqual([2, 4, 5]);
    expect(await iids('my_reaction_emoji=none')).toEqual([2, 4, 5]);
    expect(await iids('my_reaction_emoji=Any')).toEqual([1, 3]);
    expect(await iids('not[my_reaction_emoji]=thumbsup')).toEqual([2, 3, 4, 5]);
    expect(await iids('my_reaction_emoji=thumbsup', 'bob')).toEqual([]);
  });

  it('confidential, state, search and in', async () => {
    expect(await iids('confidential=true')).toEqual([4]);
    expect(await iids('confidential=false')).toEqual([1, 2, 3, 5]);
    expect(await iids('state=opened')).toEqual([1, 2, 3, 4]);
    expect(await iids('state=closed')).toEqual([5]);
    expect(await iids('search=crash')).toEqual([1, 2, 4]);
    expect(await iids('search=CRASH&in=title')).toEqual([1, 4]);
    expect(await iids('search=crash&in=description')).toEqual([2]);
  });

  it('combinations AND together', async () => {
    expect(await iids('author_username=ef_alice&not[labels]=bug&or[labels]=ui,feature&search=crash')).toEqual([4]);
    expect(await iids('or[author_username][]=ef_bob&or[author_username][]=ef_carol&labels=Any&state=opened')).toEqual([
      2,
    ]);
  });
});

describe('epic filters: confidentiality and visibility', () => {
  it('a guest never gets the confidential epic, and X-Total agrees', async () => {
    expect(await iids('', 'guest')).toEqual([1, 2, 3, 5]);
    expect(await iids('search=crash', 'guest')).toEqual([1, 2]);
    expect(await iids('confidential=true', 'guest')).toEqual([]);
    expect(await iids('labels=ui', 'guest')).toEqual([2]);
  });

  it('a non-member gets 404 for the private group', async () => {
    expect((await get(`/groups/${groupId}/epics?search=crash`, 'outsider')).statusCode).toBe(404);
    expect((await get(`/groups/${groupId}/epics?search=crash`)).statusCode).toBe(404);
  });
});

describe('epic filters: bad values are a 400 naming the parameter', () => {
  it.each([
    ['in=body', 'in'],
    ['state=bogus', 'state'],
    ['not[my_reaction_emoji]=', 'not.my_reaction_emoji'],
    ['author_id=abc', 'author_id'],
  ])('%s', async (query, field) => {
    const res = await get(`/groups/${groupId}/epics?${query}`, 'alice');
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
  });
});
