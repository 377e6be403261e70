import { beforeAll, describe, expect, it } from 'vitest';
import { useFilterTestApp } from '../../test/filter-test-app';
import { buildMergeRequestFilterWorld } from '../../test/mr-filter-world';

/** See the world's description in mr-filter-world.ts. */
const { t, get, listedIids } = useFilterTestApp(buildMergeRequestFilterWorld);
let uid: Record<string, number>;
let projectId: number;
let groupId: number;

async function iids(query: string, who = 'alice', base = `/projects/${projectId}/merge_requests`) {
  return listedIids(`${base}?per_page=100&${query}`, who);
}

beforeAll(() => {
  ({ uid, projectId, groupId } = t.world);
});

describe('merge request filters: each token and operator', () => {
  it('author: =, !=, ||', async () => {
    expect(await iids('author_username=mf_alice')).toEqual([1, 4]);
    expect(await iids('not[author_username]=mf_alice')).toEqual([2, 3, 5]);
    expect(await iids(`not[author_id]=${uid.bob}`)).toEqual([1, 3, 4]);
    expect(await iids('or[author_username][]=mf_alice&or[author_username][]=mf_carol')).toEqual([1, 3, 4]);
  });

  it('assignee and reviewer: =, !=, None, Any', async () => {
    expect(await iids('assignee_username[]=mf_bob')).toEqual([1, 5]);
    expect(await iids('not[assignee_username][]=mf_alice')).toEqual([1, 3, 5]);
    expect(await iids('assignee_id=None')).toEqual([3]);
    expect(await iids('assignee_id=Any')).toEqual([1, 2, 4, 5]);
    expect(await iids('reviewer_username=mf_carol')).toEqual([1, 2, 5]);
    expect(await iids('not[reviewer_username]=mf_carol')).toEqual([3, 4]);
    expect(await iids(`not[reviewer_id]=${uid.alice}`)).toEqual([1, 2, 3, 4]);
    expect(await iids('reviewer_id=None')).toEqual([3]);
    expect(await iids('reviewer_username=Any')).toEqual([1, 2, 4, 5]);
  });

  it('approved-by: all-of, !=, None, Any; approved yes/no', async () => {
    expect(await iids('approved_by_usernames[]=mf_carol')).toEqual([2]);
    expect(await iids('approved_by_usernames=mf_alice,mf_bob')).toEqual([3]);
    expect(await iids(`approved_by_ids[]=${uid.bob}`)).toEqual([3]);
    expect(await iids('approved_by_ids=None')).toEqual([1, 4, 5]);
    expect(await iids('approved_by_usernames=Any')).toEqual([2, 3]);
    expect(await iids('not[approved_by_usernames][]=mf_carol')).toEqual([1, 3, 4, 5]);
    expect(await iids(`not[approved_by_ids]=${uid.alice}`)).toEqual([1, 2, 4, 5]);
    expect(await iids('approved=yes')).toEqual([2, 3]);
    expect(await iids('approved=no')).toEqual([1, 4, 5]);
  });

  it('approver (eligible approvers = reviewers): all-of, !=, None, Any', async () => {
    expect(await iids('approver_usernames[]=mf_carol')).toEqual([1, 2, 5]);
    expect(await iids('approver_usernames[]=mf_alice&approver_usernames[]=mf_carol')).toEqual([5]);
    expect(await iids(`approver_ids=${uid.bob}`)).toEqual([4]);
    expect(await iids('approver_ids=None')).toEqual([3]);
    expect(await iids('approver_usernames=any')).toEqual([1, 2, 4, 5]);
    expect(await iids('not[approver_usernames][]=mf_carol')).toEqual([3, 4]);
  });

  it('merge user: =, !=', async () => {
    expect(await iids('merge_user_username=mf_alice')).toEqual([3]);
    expect(await iids(`merge_user_id=${uid.alice}`)).toEqual([3]);
    expect(await iids('not[merge_user_username]=mf_alice')).toEqual([1, 2, 4, 5]);
    expect(await iids(`not[merge_user_id]=${uid.bob}`)).toEqual([1, 2, 3, 4, 5]);
  });

  it('milestone and release: =, !=, None, Any, Started, Upcoming', async () => {
    expect(await iids('milestone=M1')).toEqual([1, 4]);
    expect(await iids('not[milestone]=M1')).toEqual([2, 3, 5]);
    expect(await iids('milestone=None')).toEqual([3, 5]);
    expect(await iids('milestone=Any')).toEqual([1, 2, 4]);
    expect(await iids('milestone=Started')).toEqual([1, 4]);
    expect(await iids('milestone=Upcoming')).toEqual([2]);
    expect(await iids('release_tag=v1.0')).toEqual([1, 4]);
    expect(await iids('not[release_tag]=v1.0')).toEqual([2, 3, 5]);
    expect(await iids('release_tag=None')).toEqual([2, 3, 5]);
    expect(await iids('release_tag=Any')).toEqual([1, 4]);
  });

  it('label: all-of, !=, ||, None, Any', async () => {
    expect(await iids('labels=bug')).toEqual([1, 2]);
    expect(await iids('labels=bug,ui')).toEqual([2]);
    expect(await iids('not[labels]=bug')).toEqual([3, 4, 5]);
    expect(await iids('or[labels]=bug,feature')).toEqual([1, 2, 5]);
    expect(await iids('or[labels][]=ui&or[labels][]=feature')).toEqual([2, 4, 5]);
    expect(await iids('labels=None')).toEqual([3]);
    expect(await iids('labels=Any')).toEqual([1, 2, 4, 5]);
    expect(await iids('not[labels]=None')).toEqual([1, 2, 4, 5]);
  });

  it('my reaction: =, !=, None, Any', async () => {
    expect(await iids('my_reaction_emoji=thumbsup')).toEqual([1]);
    expect(await iids('not[my_reaction_emoji]=thumbsup')).toEqual([2, 3, 4, 5]);
    expect(await iids('my_reaction_emoji=None')).toEqual([2, 3, 4, 5]);
    expect(await iids('my_reaction_emoji=Any')).toEqual([1]);
    expect(await iids('my_reaction_emoji=heart', 'bob')).toEqual([3]);
  });

  it('draft, branches, environment, state', async () => {
    expect(await iids('draft=yes')).toEqual([2]);
    expect(await iids('draft=no')).toEqual([1, 3, 4, 5]);
    expect(await iids('wip=yes')).toEqual([2]);
    expect(await iids('not[draft]=yes')).toEqual([1, 3, 4, 5]);
    expect(await iids('target_branch=develop')).toEqual([3, 4]);
    expect(await iids('not[target_branch]=develop')).toEqual([1, 2, 5]);
    expect(await iids('source_branch=feat/a')).toEqual([1]);
    expect(await iids('not[source_branch]=feat/a')).toEqual([2, 3, 4, 5]);
    expect(await iids('environment=production')).toEqual([1]);
    expect(await iids('not[environment]=production')).toEqual([2, 3, 4, 5]);
    expect(await iids('state=opened')).toEqual([1, 2, 5]);
    expect(await iids('state=merged')).toEqual([3]);
    expect(await iids('state=closed')).toEqual([4]);
  });

  it('attention: a reviewer who has not reviewed yet, or an assignee whose reviewers answered', async () => {
    expect(await iids('attention=mf_carol')).toEqual([1]);
    expect(await iids('attention=mf_alice')).toEqual([4, 5]);
    expect(await iids('attention=mf_bob')).toEqual([5]);
    expect(await iids('attention=nobody')).toEqual([]);
  });

  it('search and in', async () => {
    expect(await iids('search=crash')).toEqual([1, 2, 4]);
    expect(await iids('search=Crash&in=title')).toEqual([1, 4]);
    expect(await iids('search=crash&in=description')).toEqual([2]);
  });

  it('combinations AND together', async () => {
    const q = 'author_username=mf_alice&not[labels]=bug&or[labels]=ui,feature&milestone=M1&search=crash';
    expect(await iids(q)).toEqual([4]);
    expect(await iids('target_branch=main&approved=no&not[draft]=yes&reviewer_id=Any')).toEqual([1, 5]);
  });
});

describe('merge request filters: group and global lists, visibility', () => {
  it('group and /merge_requests?scope=all agree with the project list', async () => {
    for (const q of ['labels=bug', 'or[author_username][]=mf_carol', 'release_tag=v1.0', 'attention=mf_alice']) {
      const expected = await iids(q);
      expect(await iids(q, 'alice', `/groups/${groupId}/merge_requests`)).toEqual(expected);
      expect(await iids(`${q}&scope=all`, 'alice', '/merge_requests')).toEqual(expected);
    }
  });

  it('a non-member sees nothing of the private project', async () => {
    expect((await get(`/projects/${projectId}/merge_requests`, 'outsider')).statusCode).toBe(404);
    expect(await iids('scope=all&search=crash', 'outsider', '/merge_requests')).toEqual([]);
    expect(await iids('scope=all&search=crash', '', '/merge_requests')).toEqual([]);
  });
});

describe('merge request filters: bad values are a 400 naming the parameter', () => {
  it.each([
    ['approver_ids=abc', 'approver_ids'],
    ['not[approved_by_ids]=x', 'not.approved_by_ids'],
    ['not[draft]=maybe', 'not.draft'],
    ['attention=', 'attention'],
    ['milestone=', 'milestone'],
    ['in=body', 'in'],
    [`not[merge_user_id]=0`, 'not.merge_user_id'],
    [`release_tag=${'x'.repeat(256)}`, 'release_tag'],
  ])('%s', async (query, field) => {
    const res = await get(`/projects/${projectId}/merge_requests?${query}`, 'alice');
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
  });
});
