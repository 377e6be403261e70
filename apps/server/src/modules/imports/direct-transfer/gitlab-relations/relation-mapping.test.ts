import { describe, expect, it } from 'vitest';
import { glCadence, glIteration, glLabel, glMember, glMilestone, glSelf } from './relation-lines';
import { legacyCadence, mapCadence, mapGroup, mapLabel, mapMember, mapMilestone, mapProject } from './relation-mapping';

const at = '2025-01-01T00:00:00.000Z';
const later = '2025-01-02T00:00:00.000Z';

describe('GitLab relation lines as archive records: people, labels, milestones, projects, cadences', () => {
  it.each([
    [
      'a group member with a public email',
      { access_level: 30, created_at: at, user: { id: 1, username: 'alice', public_email: 'a@x' } },
      'Namespace',
      { email: 'a@x', name: 'alice' },
    ],
    [
      'a project member with an email',
      { access_level: 40, created_at: at, expires_at: '2026-01-01', user: { id: 2, username: 'bob', email: 'b@x' } },
      'Project',
      { email: 'b@x', name: 'bob' },
    ],
    [
      'a member without any email',
      { access_level: 10, created_at: at, user: { id: 3, username: 'carol' } },
      'Project',
      { email: '', name: 'carol' },
    ],
  ] as const)('maps %s', (_name, line, type, user) => {
    const mapped = mapMember(glMember.parse(line), { type, path: 'top/p' });
    expect(mapped.user).toEqual({ username: line.user.username, state: 'active', ...user });
    expect(mapped.member).toMatchObject({ source_type: type, source_path: 'top/p', access_level: line.access_level });
  });

  it.each([
    [
      'a group label',
      { title: 'bug', color: '#ff0000', textColor: '#FFFFFF', created_at: at, updated_at: at },
      { color: '#ff0000', priority: null, description: '' },
    ],
    [
      'a scoped label with a priority',
      {
        title: 'priority::high',
        color: '#cc0033',
        priorities: [{ priority: 2 }],
        description: 'Hot',
        created_at: at,
        updated_at: at,
      },
      { title: 'priority::high', priority: 2, description: 'Hot', text_color: '#FFFFFF' },
    ],
  ])('maps %s', (_name, line, expected) => {
    expect(mapLabel(glLabel.parse(line), { group_path: 'top', project_path: null })).toMatchObject(expected);
  });

  it('maps a milestone with its dates and state', () => {
    const line = {
      iid: 4,
      title: 'v1',
      state: 'closed',
      start_date: '2025-01-01',
      due_date: '2025-02-01',
      created_at: at,
      updated_at: at,
    };
    expect(mapMilestone(glMilestone.parse(line), { group_path: null, project_path: 'top/p' })).toEqual({
      group_path: null,
      project_path: 'top/p',
      iid: 4,
      title: 'v1',
      description: '',
      state: 'closed',
      start_date: '2025-01-01',
      due_date: '2025-02-01',
      created_at: at,
      updated_at: at,
    });
  });

  it.each([
    [
      'self with its own values',
      { description: 'D', visibility_level: 10, created_at: at },
      { description: 'D', visibility_level: 10, created_at: at, updated_at: at },
    ],
    ['no self: the listing and now', null, { description: 'listed', visibility_level: 20, created_at: later }],
  ])('maps a group from %s', (_name, self, expected) => {
    const node = {
      full_path: 'top/sub',
      path: 'sub',
      name: 'Sub',
      parent_path: 'top',
      description: 'listed',
      visibility_level: 20,
    };
    expect(mapGroup(self && glSelf.parse(self), node, later)).toMatchObject({
      full_path: 'top/sub',
      parent_path: 'top',
      ...expected,
    });
  });

  it('maps a project from its self and the listing (GitLab exports neither its name nor its path)', () => {
    const node = { full_path: 'top/p', path: 'p', name: 'P', namespace_path: 'top', created_at: at };
    const self = glSelf.parse({ description: 'About', visibility_level: 0, archived: true, issues_enabled: false });
    expect(mapProject(self, node, later)).toEqual({
      full_path: 'top/p',
      path: 'p',
      name: 'P',
      namespace_path: 'top',
      description: 'About',
      visibility_level: 0,
      archived: true,
      issues_enabled: false,
      created_at: at,
      updated_at: at,
    });
  });

  it('maps a cadence and its iterations in date order, a bad iteration skipped', () => {
    const iteration = (iid: number, start: string, due: string) => ({
      iid,
      start_date: start,
      due_date: due,
      created_at: at,
      updated_at: at,
    });
    const line = glCadence.parse({
      title: 'Sprints',
      created_at: at,
      updated_at: at,
      iterations: [iteration(2, '2025-01-15', '2025-01-28'), iteration(1, '2025-01-01', '2025-01-14'), { iid: 'x' }],
    });
    const { items, skips } = mapCadence(line, 'top', 7);
    expect(items.map((i) => i.record)).toEqual([
      expect.objectContaining({ id: 7, group_path: 'top', title: 'Sprints', automatic: false, active: true }),
      expect.objectContaining({ iid: 1, sequence: 1, iterations_cadence_id: 7, start_date: '2025-01-01' }),
      expect.objectContaining({ iid: 2, sequence: 2, iterations_cadence_id: 7, start_date: '2025-01-15' }),
    ]);
    expect(skips).toEqual([expect.stringMatching(/^iteration 3: iid: /)]);
  });

  it('puts the iterations of a source before cadences (15.3 and older) under one cadence made for them', () => {
    const it = (iid: number, start: string, created: string, title: string | null = null) =>
      glIteration.parse({ iid, title, start_date: start, due_date: start, created_at: created, updated_at: created });
    const cadence = legacyCadence([it(1, '2025-02-01', later, 'B'), it(2, '2025-01-01', at)]);
    expect(cadence).toMatchObject({
      title: 'Iterations',
      automatic: false,
      active: true,
      start_date: '2025-01-01',
      created_at: at,
      updated_at: later,
    });
    const { items, skips } = mapCadence(glCadence.parse(cadence), 'top', 3);
    expect(skips).toEqual([]);
    expect(items.map((i) => i.record)).toEqual([
      expect.objectContaining({ id: 3, title: 'Iterations' }),
      expect.objectContaining({ iid: 2, sequence: 1, title: null }),
      expect.objectContaining({ iid: 1, sequence: 2, title: 'B' }),
    ]);
    expect(legacyCadence([])).toMatchObject({ start_date: null, iterations: [] });
  });
});
