import type { CellInput, RestEntry } from './catalogue-types';
import { entry, G, P, read, type Side, write } from './rest-catalogue-helpers';

/** REST catalogue entries for project and group labels and milestones. */
export function labelEntries(side: Side): RestEntry[] {
  const base = side === 'project' ? '/api/v4/projects/:id/labels' : '/api/v4/groups/:id/labels';
  const at = (c: CellInput) => `${side === 'project' ? P(c) : G(c)}/labels`;
  const label = (c: CellInput) => (side === 'project' ? c.b.projectLabel : c.b.groupLabel);
  const can = (c: CellInput, a: 'read_label' | 'admin_label') =>
    side === 'project' ? c.o.projectLabel(a) : c.o.groupLabel(a);
  const one = (c: CellInput) => `${at(c)}/${label(c).id}`;
  const entries = [
    entry(
      'GET',
      base,
      'plain',
      (c) => `${at(c)}?per_page=100`,
      (c) => read(c, can(c, 'read_label')),
      {
        listed: { text: (c) => label(c).title, visible: (c) => can(c, 'read_label') },
      },
    ),
    entry('POST', base, 'plain', at, (c) => write(c, [can(c, 'read_label')], can(c, 'admin_label')), {
      body: (c) => ({ name: c.marker, color: '#123456' }),
    }),
    entry('GET', `${base}/:label_id`, 'plain', one, (c) => read(c, can(c, 'read_label'))),
    entry('PUT', `${base}/:label_id`, 'plain', one, (c) => write(c, [can(c, 'read_label')], can(c, 'admin_label')), {
      body: (c) => ({ new_name: c.marker }),
    }),
    entry('DELETE', `${base}/:label_id`, 'plain', one, (c) => write(c, [can(c, 'read_label')], can(c, 'admin_label'))),
    // GitLab's older form, the label named in the parameters (python-gitlab 3.x edits labels this way).
    entry('PUT', base, 'plain', at, (c) => write(c, [can(c, 'read_label')], can(c, 'admin_label')), {
      body: (c) => ({ label_id: String(label(c).id), new_name: c.marker }),
    }),
    entry(
      'DELETE',
      base,
      'plain',
      (c) => `${at(c)}?label_id=${label(c).id}`,
      (c) => write(c, [can(c, 'read_label')], can(c, 'admin_label')),
    ),
    entry(
      'POST',
      `${base}/:label_id/subscribe`,
      'plain',
      (c) => `${one(c)}/subscribe`,
      (c) => write(c, [can(c, 'read_label')], true),
    ),
    entry(
      'POST',
      `${base}/:label_id/unsubscribe`,
      'plain',
      (c) => `${one(c)}/unsubscribe`,
      (c) => write(c, [can(c, 'read_label')], true),
      { alsoOk: [304] },
    ),
  ];
  if (side === 'project') {
    entries.push(
      entry(
        'PUT',
        `${base}/:label_id/promote`,
        'plain',
        (c) => `${one(c)}/promote`,
        (c) => write(c, [can(c, 'read_label')], can(c, 'admin_label') && c.o.groupLabel('admin_label')),
      ),
    );
  }
  return entries;
}

export function milestoneEntries(side: Side): RestEntry[] {
  const base = side === 'project' ? '/api/v4/projects/:id/milestones' : '/api/v4/groups/:id/milestones';
  const at = (c: CellInput) => `${side === 'project' ? P(c) : G(c)}/milestones`;
  const milestone = (c: CellInput) => (side === 'project' ? c.b.projectMilestone : c.b.groupMilestone);
  const can = (c: CellInput, a: 'read_milestone' | 'admin_milestone') =>
    side === 'project' ? c.o.projectMilestone(a) : c.o.groupMilestone(a);
  const one = (c: CellInput) => `${at(c)}/${milestone(c).id}`;
  /** `issue` is on the project milestone, `issue2` on the group milestone. */
  const onIt = (c: CellInput) => (side === 'project' ? c.b.issue : c.b.issue2);
  return [
    entry(
      'GET',
      base,
      'plain',
      (c) => `${at(c)}?per_page=100`,
      (c) => read(c, can(c, 'read_milestone')),
      {
        listed: { text: (c) => milestone(c).title, visible: (c) => can(c, 'read_milestone') },
      },
    ),
    entry('POST', base, 'plain', at, (c) => write(c, [can(c, 'read_milestone')], can(c, 'admin_milestone')), {
      body: (c) => ({ title: c.marker }),
    }),
    entry('GET', `${base}/:milestone_id`, 'plain', one, (c) => read(c, can(c, 'read_milestone'))),
    entry(
      'GET',
      `${base}/:milestone_id/issues`,
      'conf',
      (c) => `${one(c)}/issues?per_page=100`,
      (c) => read(c, can(c, 'read_milestone')),
      {
        listed: { text: (c) => onIt(c).title, visible: (c) => c.o.issue('read_issue') },
      },
    ),
    entry(
      'PUT',
      `${base}/:milestone_id`,
      'plain',
      one,
      (c) => write(c, [can(c, 'read_milestone')], can(c, 'admin_milestone')),
      {
        body: (c) => ({ title: c.marker }),
      },
    ),
    entry('DELETE', `${base}/:milestone_id`, 'plain', one, (c) =>
      write(c, [can(c, 'read_milestone')], can(c, 'admin_milestone')),
    ),
  ];
}
