import { describe, expect, it } from 'vitest';
import { useRestTestApp } from '../../test/rest-test-app';

/** GitLab's admin POST/PUT /namespaces/:id/gitlab_subscription: administrators only, checked input. */
const t = useRestTestApp({
  prefix: 'suba-',
  users: ['owner', 'outsider'],
  admins: ['admin'],
  groups: {
    top: { path: 'suba-top', name: 'Suba Top', visibility: 0, members: { owner: 50 } },
    fresh: { path: 'suba-fresh', name: 'Suba Fresh', visibility: 0, members: { owner: 50 } },
    sub: { path: 'child', name: 'Child', parent: 'top', visibility: 0 },
  },
});
const { api, gid } = t;

const terms = { plan_code: 'premium', seats: 10, start_date: '2026-01-01', end_date: '2027-01-01', auto_renew: true };

describe('POST /namespaces/:id/gitlab_subscription', () => {
  it('is 401 anonymous and 403 for a non-administrator, the group Owner included; nothing stored', async () => {
    expect((await api('POST', `/namespaces/${gid.top}/gitlab_subscription`, undefined, terms)).statusCode).toBe(401);
    expect((await api('POST', `/namespaces/${gid.top}/gitlab_subscription`, 'owner', terms)).statusCode).toBe(403);
    expect((await api('POST', `/namespaces/${gid.top}/gitlab_subscription`, 'outsider', terms)).statusCode).toBe(403);
    // The administrator check comes before the input's: a non-administrator learns nothing of the schema.
    const bad = { plan_code: 'platinum', seats: -1 };
    expect((await api('POST', `/namespaces/${gid.top}/gitlab_subscription`, 'owner', bad)).statusCode).toBe(403);
    expect((await api('PUT', `/namespaces/${gid.top}/gitlab_subscription`, 'owner', bad)).statusCode).toBe(403);
    expect((await api('PUT', `/namespaces/${gid.top}/gitlab_subscription`, undefined, bad)).statusCode).toBe(401);
    const read = await api('GET', `/namespaces/${gid.top}/gitlab_subscription`, 'owner');
    expect(read.json().plan.code).toBe('free');
  });

  it('gives a group a plan, which its Owner then reads', async () => {
    const res = await api('POST', `/namespaces/${gid.top}/gitlab_subscription`, 'admin', terms);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      plan: { code: 'premium', name: 'Premium', trial: false, auto_renew: true },
      usage: { seats_in_subscription: 10, seats_in_use: 1 },
      billing: { subscription_start_date: '2026-01-01', subscription_end_date: '2027-01-01' },
    });
    const read = await api('GET', `/namespaces/suba-top/gitlab_subscription`, 'owner');
    expect(read.json().plan.code).toBe('premium');
    const again = await api('POST', `/namespaces/${gid.top}/gitlab_subscription`, 'admin', terms);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('already');
  });

  it('is 400 naming the field: missing start_date, bad plan, seats or dates, dates out of order, a subgroup', async () => {
    const cases: [object, string][] = [
      [{ plan_code: 'premium', seats: 5 }, 'start_date'],
      [{ ...terms, plan_code: 'gold' }, 'plan_code'],
      [{ ...terms, seats: -1 }, 'seats'],
      [{ ...terms, seats: 'many' }, 'seats'],
      [{ ...terms, start_date: '2026-02-30' }, 'start_date'],
      [{ ...terms, end_date: '2025-12-31' }, 'end_date'],
      [{ ...terms, plan_code: 'x'.repeat(5000) }, 'plan_code'],
    ];
    for (const [payload, field] of cases) {
      const res = await api('POST', `/namespaces/${gid.fresh}/gitlab_subscription`, 'admin', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(field);
    }
    const child = await api('POST', `/namespaces/${gid.sub}/gitlab_subscription`, 'admin', terms);
    expect(child.statusCode).toBe(400);
    expect((await api('POST', '/namespaces/999999/gitlab_subscription', 'admin', terms)).statusCode).toBe(404);
  });
});

describe('PUT /namespaces/:id/gitlab_subscription', () => {
  it('changes only the given fields, turns a plan into its trial, and keeps dates in order', async () => {
    const res = await api('PUT', `/namespaces/${gid.top}/gitlab_subscription`, 'admin', { seats: 25 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ plan: { code: 'premium' }, usage: { seats_in_subscription: 25 } });
    const trial = await api('PUT', `/namespaces/${gid.top}/gitlab_subscription`, 'admin', {
      plan_code: 'ultimate',
      trial: true,
      trial_ends_on: '2026-02-01',
    });
    expect(trial.json()).toMatchObject({ plan: { code: 'ultimate_trial', trial: true } });
    const early = await api('PUT', `/namespaces/${gid.top}/gitlab_subscription`, 'admin', { end_date: '2025-01-01' });
    expect(early.statusCode).toBe(400);
    expect(early.body).toContain('end_date');
    expect((await api('PUT', `/namespaces/${gid.top}/gitlab_subscription`, 'owner', { seats: 1 })).statusCode).toBe(
      403,
    );
    const read = await api('GET', `/namespaces/${gid.top}/gitlab_subscription`, 'owner');
    expect(read.json()).toMatchObject({
      usage: { seats_in_subscription: 25 },
      billing: { subscription_end_date: '2027-01-01' },
    });
  });
});
