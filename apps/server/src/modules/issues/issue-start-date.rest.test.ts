import { describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { type CreatedIssuable, postCreated } from '../../test/api-client';
import { useGroupProjectApp } from '../../test/group-project-app';

/** An issue's start date (IE §2.1 sidebar): Planner and up set it; never after the due date. */

const t = useGroupProjectApp({
  group: 'starts',
  prefix: 'starts-',
  members: { planner: AccessLevel.PLANNER, guest: AccessLevel.GUEST },
});
const { api } = t;

describe('start_date', () => {
  it('is set on create and update, cleared with null or an empty string, and sent with the issue', async () => {
    const issues = `/projects/${t.projectId}/issues`;
    const body = { title: 'Planned', start_date: '2026-12-01', due_date: '2026-12-10' };
    const created = await postCreated<CreatedIssuable>(api, issues, 'planner', body);
    expect(created).toMatchObject({ start_date: '2026-12-01', due_date: '2026-12-10' });
    const iid = created.iid;
    const moved = await api('PUT', `/projects/${t.projectId}/issues/${iid}`, 'planner', { start_date: '2026-12-10' });
    expect(moved.json().start_date).toBe('2026-12-10');
    const cleared = await api('PUT', `/projects/${t.projectId}/issues/${iid}`, 'planner', { start_date: '' });
    expect(cleared.json().start_date).toBeNull();
  });

  it('after the due date (given now or already stored) is 400 naming start_date, and nothing changes', async () => {
    const bad = await api('POST', `/projects/${t.projectId}/issues`, 'planner', {
      title: 'Backwards',
      start_date: '2026-12-11',
      due_date: '2026-12-10',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'start_date must be on or before the due date', field: 'start_date' });
    const ok = await api('POST', `/projects/${t.projectId}/issues`, 'planner', {
      title: 'Due',
      due_date: '2026-12-10',
    });
    const iid = ok.json().iid as number;
    const late = await api('PUT', `/projects/${t.projectId}/issues/${iid}`, 'planner', { start_date: '2026-12-20' });
    expect(late.statusCode).toBe(400);
    const earlierDue = await api('PUT', `/projects/${t.projectId}/issues/${iid}`, 'planner', {
      start_date: '2026-12-05',
    });
    expect(earlierDue.statusCode).toBe(200);
    const dueBeforeStart = await api('PUT', `/projects/${t.projectId}/issues/${iid}`, 'planner', {
      due_date: '2026-12-01',
    });
    expect(dueBeforeStart.statusCode).toBe(400);
    const after = await api('GET', `/projects/${t.projectId}/issues/${iid}`, 'planner');
    expect(after.json()).toMatchObject({ start_date: '2026-12-05', due_date: '2026-12-10' });
    expect(
      (await api('PUT', `/projects/${t.projectId}/issues/${iid}`, 'planner', { start_date: 'soon' })).statusCode,
    ).toBe(400);
  });

  it("is ignored from a Guest, as GitLab ignores a Guest's planning fields", async () => {
    const mine = await postCreated(api, `/projects/${t.projectId}/issues`, 'guest', {
      title: 'Mine',
      start_date: '2026-12-01',
    });
    expect(mine.start_date).toBeNull();
  });
});
