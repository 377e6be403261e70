import { describe, expect, it } from 'vitest';
import { actorFor, check, groupG, projectX, type Role, type Row } from '../test/policy-matrix';
import {
  canAdminNewIssue,
  canGroup,
  canLabel,
  canMilestone,
  canProject,
  canTemplate,
  groupAbilities,
  labelAbilities,
  projectAbilities,
  templateAbilities,
} from './abilities';
import type { GroupSubject } from './subjects';

/*
 * The policy matrix for groups, projects and what they hold besides issuables: labels, milestones,
 * issuable templates. The world, the roles and the table format are described in test/policy-matrix.ts.
 */

describe('canGroup on G', () => {
  // read_group, create_subgroup, create_project, admin_group, destroy_group
  // biome-ignore format: table
  const table: Partial<Record<Role, Row>> = {
    //           private   internal  public
    anonymous:  ['.....', '.....', 'Y....'],
    nonMember:  ['.....', 'Y....', 'Y....'],
    guest:      ['Y....', 'Y....', 'Y....'],
    planner:    ['Y....', 'Y....', 'Y....'],
    reporter:   ['Y....', 'Y....', 'Y....'],
    developer:  ['Y.Y..', 'Y.Y..', 'Y.Y..'],
    maintainer: ['YYY..', 'YYY..', 'YYY..'],
    owner:      ['YYYYY', 'YYYYY', 'YYYYY'],
    admin:      ['YYYYY', 'YYYYY', 'YYYYY'],
    parentDev:  ['Y.Y..', 'Y.Y..', 'Y.Y..'],
    subOnlyDev: ['Y....', 'Y....', 'Y....'],
    projectDev: ['Y....', 'Y....', 'Y....'],
  };
  check(groupAbilities, table, (actor, ability, vis) => canGroup(actor, ability, groupG(vis)));
});

describe('canGroup on G with other creation levels (project_creation_level, subgroup_creation_level)', () => {
  // read_group, create_subgroup, create_project, admin_group, destroy_group — on a private G
  const all = (row: string): Row => [row, row, row];
  // biome-ignore format: table
  const cases: Array<[string, Pick<GroupSubject, 'projectCreationLevel' | 'subgroupCreationLevel'>, Partial<Record<Role, Row>>]> = [
    ['projects by Maintainers, subgroups by Owners', { projectCreationLevel: 'maintainer', subgroupCreationLevel: 'owner' }, {
      developer: all('Y....'), maintainer: all('Y.Y..'), owner: all('YYYYY'), admin: all('YYYYY'),
    }],
    ['projects by Owners', { projectCreationLevel: 'owner' }, {
      developer: all('Y....'), maintainer: all('YY...'), owner: all('YYYYY'), admin: all('YYYYY'),
    }],
    ['projects by administrators only', { projectCreationLevel: 'administrator' }, {
      maintainer: all('YY...'), owner: all('YY.YY'), admin: all('YYYYY'),
    }],
    ['projects by no one, administrators included', { projectCreationLevel: 'noone' }, {
      developer: all('Y....'), owner: all('YY.YY'), admin: all('YY.YY'),
    }],
  ];
  for (const [title, levels, table] of cases) {
    describe(title, () => {
      check(groupAbilities, table, (actor, ability) => canGroup(actor, ability, groupG(0, levels)));
    });
  }
  it('refuses both creations on a subject built without the levels', () => {
    const bare: GroupSubject = { kind: 'group', id: 1, traversalIds: [1], visibilityLevel: 0 };
    const owner = actorFor('owner');
    expect(canGroup(owner, 'create_project', bare)).toBe(false);
    expect(canGroup(owner, 'create_subgroup', bare)).toBe(false);
  });
});

describe('canProject on X', () => {
  // read_project, create_issue, admin_project, destroy_project, create_incident,
  // admin_incident_management_timeline_event, read_incident_management_escalation_policy,
  // admin_incident_management_escalation_policy, import_issues
  // biome-ignore format: table
  const table: Partial<Record<Role, Row>> = {
    //           private      internal     public
    anonymous:  ['.........', '.........', 'Y........'],
    nonMember:  ['.........', 'YY.......', 'YY.......'],
    guest:      ['YY.......', 'YY.......', 'YY.......'],
    planner:    ['YY......Y', 'YY......Y', 'YY......Y'],
    reporter:   ['YY..Y.Y..', 'YY..Y.Y..', 'YY..Y.Y..'],
    developer:  ['YY..YYY.Y', 'YY..YYY.Y', 'YY..YYY.Y'],
    maintainer: ['YYY.YYYYY', 'YYY.YYYYY', 'YYY.YYYYY'],
    owner:      ['YYYYYYYYY', 'YYYYYYYYY', 'YYYYYYYYY'],
    admin:      ['YYYYYYYYY', 'YYYYYYYYY', 'YYYYYYYYY'],
    parentDev:  ['YY..YYY.Y', 'YY..YYY.Y', 'YY..YYY.Y'],
    subOnlyDev: ['.........', 'YY.......', 'YY.......'],
    projectDev: ['YY..YYY.Y', 'YY..YYY.Y', 'YY..YYY.Y'],
  };
  check(projectAbilities, table, (actor, ability, vis) => canProject(actor, ability, projectX(vis)));
});

describe('canAdminNewIssue on X: who sets the planning fields of a new issue (Planner and above)', () => {
  // biome-ignore format: table
  const table: Partial<Record<Role, Row>> = {
    //           private  internal public
    anonymous:  ['.', '.', '.'],
    nonMember:  ['.', '.', '.'],
    guest:      ['.', '.', '.'],
    planner:    ['Y', 'Y', 'Y'],
    reporter:   ['Y', 'Y', 'Y'],
    developer:  ['Y', 'Y', 'Y'],
    owner:      ['Y', 'Y', 'Y'],
    admin:      ['Y', 'Y', 'Y'],
    subOnlyDev: ['.', '.', '.'],
    projectDev: ['Y', 'Y', 'Y'],
  };
  check(['admin_issue'] as const, table, (actor, _ability, vis) => canAdminNewIssue(actor, projectX(vis)));
});

// read_label, admin_label (milestones: read_milestone, admin_milestone, same rules)
describe('canLabel and canMilestone on a group container and a project container', () => {
  // biome-ignore format: table
  const table: Partial<Record<Role, Row>> = {
    //           private internal public
    anonymous:  ['..', '..', 'Y.'],
    nonMember:  ['..', 'Y.', 'Y.'],
    guest:      ['Y.', 'Y.', 'Y.'],
    planner:    ['YY', 'YY', 'YY'],
    reporter:   ['YY', 'YY', 'YY'],
    owner:      ['YY', 'YY', 'YY'],
    admin:      ['YY', 'YY', 'YY'],
    parentDev:  ['YY', 'YY', 'YY'],
  };
  check(labelAbilities, table, (actor, ability, vis) =>
    canLabel(actor, ability, { kind: 'label', container: groupG(vis) }),
  );
  check(labelAbilities, table, (actor, ability, vis) =>
    canLabel(actor, ability, { kind: 'label', container: projectX(vis) }),
  );
  check(labelAbilities, table, (actor, ability, vis) =>
    canMilestone(actor, ability === 'read_label' ? 'read_milestone' : 'admin_milestone', {
      kind: 'milestone',
      container: groupG(vis),
    }),
  );
});

// read_issuable_template, admin_issuable_template (managed by Maintainers, read with the container)
describe('canTemplate on a group container and a project container', () => {
  // biome-ignore format: table
  const table: Partial<Record<Role, Row>> = {
    //           private internal public
    anonymous:  ['..', '..', 'Y.'],
    nonMember:  ['..', 'Y.', 'Y.'],
    guest:      ['Y.', 'Y.', 'Y.'],
    planner:    ['Y.', 'Y.', 'Y.'],
    developer:  ['Y.', 'Y.', 'Y.'],
    maintainer: ['YY', 'YY', 'YY'],
    owner:      ['YY', 'YY', 'YY'],
    admin:      ['YY', 'YY', 'YY'],
    parentDev:  ['Y.', 'Y.', 'Y.'],
    subOnlyDev: ['Y.', 'Y.', 'Y.'],
  };
  check(templateAbilities, table, (actor, ability, vis) =>
    canTemplate(actor, ability, { kind: 'issuable_template', container: groupG(vis) }),
  );
});

// read_issuable_template on project X: Developer directly on X reads, does not manage
describe('canTemplate on project X for its direct members', () => {
  // biome-ignore format: table
  const table: Partial<Record<Role, Row>> = {
    //           private internal public
    projectDev: ['Y.', 'Y.', 'Y.'],
    maintainer: ['YY', 'YY', 'YY'],
    subOnlyDev: ['..', 'Y.', 'Y.'],
  };
  check(templateAbilities, table, (actor, ability, vis) =>
    canTemplate(actor, ability, { kind: 'issuable_template', container: projectX(vis) }),
  );
});
