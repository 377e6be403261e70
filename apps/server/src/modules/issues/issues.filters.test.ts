import { beforeAll, describe, expect, it } from 'vitest';
import { useFilterTestApp } from '../../test/filter-test-app';
import { buildIssueFilterWorld } from '../../test/issue-filter-world';

/** See the world's description in issue-filter-world.ts. */
const { t, get, listedIids } = useFilterTestApp(buildIssueFilterWorld);
let uid: Record<string, number>;
let projectId: number;
let groupId: number;
let ids: Record<string, number>;

/** Sorted iids of the project list for this query, checking X-Total agrees with the rows. */
async function iids(query: string, who = 'alice', base = `/projects/${projectId}/issues`) {
  return listedIids(`${base}?per_page=100&${query}`, who);
}

beforeAll(() => {
  ({ uid, projectId, groupId, ids } = t.world);
});

describe('issue filters: each token and operator', () => {
  it('author: =, !=, ||, by id', async () => {
    expect(await iids('author_username=if_alice')).toEqual([1, 4]);
    expect(await iids('author_username=IF_ALICE')).toEqual([1, 4]);
    expect(await iids('not[author_username]=if_alice')).toEqual([2, 3, 5]);
    expect(await iids('not[author_username][]=if_alice&not[author_username][]=if_bob')).toEqual([3]);
    expect(await iids('or[author_username][]=if_alice&or[author_username][]=if_carol')).toEqual([1, 3, 4]);
    expect(await iids(`author_id=${uid.bob}`)).toEqual([2, 5]);
    expect(await iids(`not[author_id]=${uid.bob}`)).toEqual([1, 3, 4]);
  });

  it('assignee: =, !=, ||, None, Any', async () => {
    expect(await iids('assignee_username[]=if_bob')).toEqual([1, 5]);
    expect(await iids('assignee_username[]=if_bob&assignee_username[]=if_carol')).toEqual([5]);
    expect(await iids('not[assignee_username][]=if_bob')).toEqual([2, 3, 4]);
    expect(await iids(`not[assignee_id]=${uid.carol}`)).toEqual([1, 2, 3]);
    expect(await iids('or[assignee_username][]=if_alice&or[assignee_username][]=if_carol')).toEqual([2, 4, 5]);
    expect(await iids('assignee_id=None')).toEqual([3]);
    expect(await iids('assignee_id=any')).toEqual([1, 2, 4, 5]);
  });

  it('milestone: title, !=, None, Any, Started, Upcoming', async () => {
    expect(await iids('milestone=M1')).toEqual([1, 4]);
    expect(await iids('not[milestone]=M1')).toEqual([2, 3, 5]);
    expect(await iids('milestone=None')).toEqual([3, 5]);
    expect(await iids('milestone=Any')).toEqual([1, 2, 4]);
    expect(await iids('milestone=Started')).toEqual([1, 4]);
    expect(await iids('milestone=upcoming')).toEqual([2]);
    expect(await iids('not[milestone]=Upcoming')).toEqual([1, 3, 4, 5]);
    expect(await iids(`milestone_id=${ids.M2}`)).toEqual([2]);
  });

  it('release: tag, !=, None, Any (through the milestone)', async () => {
    expect(await iids('release_tag=v1.0')).toEqual([1, 4]);
    expect(await iids('not[release_tag]=v1.0')).toEqual([2, 3, 5]);
    expect(await iids('release_tag=None')).toEqual([2, 3, 5]);
    expect(await iids('release_tag=Any')).toEqual([1, 4]);
    expect(await iids('release_tag=v9')).toEqual([]);
  });

  it('label: all-of, !=, ||, None, Any, != None', async () => {
    expect(await iids('labels=bug')).toEqual([1, 2]);
    expect(await iids('labels=bug,ui')).toEqual([2]);
    expect(await iids('labels[]=bug&labels[]=ui')).toEqual([2]);
    expect(await iids('labels=None')).toEqual([3]);
    expect(await iids('labels=Any')).toEqual([1, 2, 4, 5]);
    expect(await iids('not[labels]=bug')).toEqual([3, 4, 5]);
    expect(await iids('not[labels]=bug,ui')).toEqual([3, 5]);
    expect(await iids('not[labels]=None')).toEqual([1, 2, 4, 5]);
    expect(await iids('or[labels]=bug,feature')).toEqual([1, 2, 5]);
    expect(await iids('or[labels][]=ui&or[labels][]=feature&labels=bug')).toEqual([2]);
  });

  it('my reaction: =, !=, None, Any (the actor’s own reactions only)', async () => {
    expect(await iids('my_reaction_emoji=thumbsup')).toEqual([1]);
    expect(await iids('my_reaction_emoji=thumbsup', 'bob')).toEqual([2]);
    expect(await iids('not[my_reaction_emoji]=thumbsup')).toEqual([2, 3, 4, 5]);
    expect(await iids('my_reaction_emoji=None')).toEqual([2, 4, 5]);
    expect(await iids('my_reaction_emoji=any')).toEqual([1, 3]);
  });

  it('confidential, weight, state', async () => {
    expect(await iids('confidential=true')).toEqual([4]);
    expect(await iids('confidential=false')).toEqual([1, 2, 3, 5]);
    expect(await iids('weight=3')).toEqual([2, 4]);
    expect(await iids('weight=0')).toEqual([5]);
    expect(await iids('not[weight]=3')).toEqual([1, 3, 5]);
    expect(await iids('weight=None')).toEqual([3]);
    expect(await iids('weight=Any')).toEqual([1, 2, 4, 5]);
    expect(await iids('state=opened')).toEqual([1, 2, 3, 4]);
    expect(await iids('state=closed')).toEqual([5]);
  });

  it('iteration: id, title, None, Any, Current, != Current', async () => {
    expect(await iids('iteration_id=Current')).toEqual([1]);
    expect(await iids('not[iteration_id]=current')).toEqual([2, 3, 4, 5]);
    expect(await iids('iteration_id=None')).toEqual([3, 4, 5]);
    expect(await iids('iteration_id=Any')).toEqual([1, 2]);
    expect(await iids(`iteration_id=${ids.I0}`)).toEqual([2]);
    expect(await iids(`not[iteration_id]=${ids.I0}`)).toEqual([1, 3, 4, 5]);
    expect(await iids('iteration_title=Sprint 1')).toEqual([1]);
    expect(await iids('not[iteration_title]=Sprint 1')).toEqual([2, 3, 4, 5]);
  });

  it('epic: id, !=, None, Any', async () => {
    expect(await iids(`epic_id=${ids.E1}`)).toEqual([1]);
    expect(await iids(`not[epic_id]=${ids.E1}`)).toEqual([2, 3, 4, 5]);
    expect(await iids('epic_id=None')).toEqual([2, 4, 5]);
    expect(await iids('epic_id=Any')).toEqual([1, 3]);
  });

  it('search and in', async () => {
    expect(await iids('search=crash')).toEqual([1, 2, 4]);
    expect(await iids('search=CRASH&in=title')).toEqual([1, 4]);
    expect(await iids('search=crash&in=description')).toEqual([2]);
    expect(await iids('search=50%25')).toEqual([]);
  });

  it('combinations AND together', async () => {
    const q = 'author_username=if_alice&not[labels]=bug&or[labels]=ui,feature&milestone=M1&search=crash';
    expect(await iids(q)).toEqual([4]);
    expect(
      await iids('or[author_username][]=if_alice&or[author_username][]=if_bob&labels=bug&not[milestone]=M2'),
    ).toEqual([1]);
    expect(await iids('weight=Any&not[weight]=3&assignee_id=Any&state=opened')).toEqual([1]);
  });
});

describe('issue filters: the same answers on group and global lists', () => {
  it('group and /issues?scope=all agree with the project list', async () => {
    for (const q of ['labels=bug', 'not[author_username]=if_alice', 'release_tag=v1.0', 'epic_id=None']) {
      const expected = await iids(q);
      expect(await iids(q, 'alice', `/groups/${groupId}/issues`)).toEqual(expected);
      expect(await iids(`${q}&scope=all`, 'alice', '/issues')).toEqual(expected);
    }
  });
});

describe('issue filters: confidentiality and visibility', () => {
  it('a guest never gets the confidential issue, and X-Total agrees', async () => {
    expect(await iids('', 'guest')).toEqual([1, 2, 3, 5]);
    expect(await iids('search=crash', 'guest')).toEqual([1, 2]);
    expect(await iids('confidential=true', 'guest')).toEqual([]);
    expect(await iids('author_username=if_alice&milestone=M1', 'guest')).toEqual([1]);
    expect(await iids('weight=3', 'guest', `/groups/${groupId}/issues`)).toEqual([2]);
  });

  it('a non-member sees nothing of the private project', async () => {
    expect((await get(`/projects/${projectId}/issues`, 'outsider')).statusCode).toBe(404);
    expect(await iids('scope=all&search=crash', 'outsider', '/issues')).toEqual([]);
  });
});

describe('issue filters: bad values are a 400 naming the parameter', () => {
  it.each([
    ['weight=heavy', 'weight'],
    ['not[weight]=x', 'not.weight'],
    ['not[iteration_id]=None', 'not.iteration_id'],
    ['iteration_id=Soon', 'iteration_id'],
    ['epic_id=abc', 'epic_id'],
    ['not[epic_id]=Any', 'not.epic_id'],
    ['milestone_id=later', 'milestone_id'],
    ['in=body', 'in'],
    [`release_tag=${'x'.repeat(256)}`, 'release_tag'],
    [`not[author_id]=-1`, 'not.author_id'],
  ])('%s', async (query, field) => {
    const res = await get(`/projects/${projectId}/issues?${query}`, 'alice');
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
  });
});
