import { textColorFor } from '@meridian/domain';
import { insertAll } from '../db/insert-rows';
import { AccessLevel, Visibility } from '../policy/access-levels';
import { allocateIds } from './allocate-ids';
import type { Area } from './demo-text';
import type { DemoContext, DemoGroup, DemoLabel, DemoOrg, DemoProject } from './demo-world';

const people: [username: string, name: string, bio: string][] = [
  ['alice', 'Alice Anderson', 'VP Engineering. Owns the Acme roadmap.'],
  ['bob', 'Bob Brown', 'Engineering manager, platform.'],
  ['carol', 'Carol Chen', 'Senior backend engineer.'],
  ['dave', 'Dave Davis', 'Support engineer.'],
  ['erin', 'Erin Evans', 'Product manager.'],
  ['frank', 'Frank Fischer', 'Contractor, technical writer.'],
  ['grace', 'Grace Garcia', 'Site reliability engineer.'],
  ['heidi', 'Heidi Hoffmann', 'Product design lead.'],
  ['ivan', 'Ivan Ivanov', 'Frontend engineer.'],
  ['judy', 'Judy Jensen', 'Mobile engineer.'],
  ['mallory', 'Mallory Moore', 'Not a member of anything (yet).'],
  ['oscar', 'Oscar Ortiz', 'Skunkworks lead.'],
  ['peggy', 'Peggy Parker', 'Full-stack engineer.'],
  ['trent', 'Trent Turner', 'Security auditor.'],
  ['victor', 'Victor Volkov', 'Head of security.'],
];

interface GroupSpec {
  path: string;
  name: string;
  parent: string | null;
  visibility: number;
  area: Area;
  description: string;
}

const groupSpecs: GroupSpec[] = [
  {
    path: 'acme',
    name: 'Acme Corp',
    parent: null,
    visibility: Visibility.PUBLIC,
    area: 'platform',
    description: 'Everything Acme builds and ships.',
  },
  {
    path: 'skunkworks',
    name: 'Skunkworks',
    parent: null,
    visibility: Visibility.PRIVATE,
    area: 'research',
    description: 'Secret prototypes.',
  },
  {
    path: 'platform',
    name: 'Platform',
    parent: 'acme',
    visibility: Visibility.PUBLIC,
    area: 'platform',
    description: 'Infrastructure and shared services.',
  },
  {
    path: 'product',
    name: 'Product',
    parent: 'acme',
    visibility: Visibility.PUBLIC,
    area: 'web',
    description: 'Customer-facing applications.',
  },
  {
    path: 'security',
    name: 'Security',
    parent: 'acme',
    visibility: Visibility.PRIVATE,
    area: 'security',
    description: 'Security and compliance.',
  },
  {
    path: 'backend',
    name: 'Backend',
    parent: 'acme/platform',
    visibility: Visibility.PUBLIC,
    area: 'api',
    description: 'APIs and services.',
  },
  {
    path: 'mobile',
    name: 'Mobile',
    parent: 'acme/product',
    visibility: Visibility.PUBLIC,
    area: 'mobile',
    description: 'iOS and Android apps.',
  },
  {
    path: 'storage',
    name: 'Storage',
    parent: 'acme/platform/backend',
    visibility: Visibility.INTERNAL,
    area: 'storage',
    description: 'Blob and object storage.',
  },
];

const projectSpecs: {
  group: string;
  path: string;
  name: string;
  visibility: number;
  area: Area;
  issues: number;
  mrs: number;
}[] = [
  {
    group: 'acme/platform/backend',
    path: 'api',
    name: 'API',
    visibility: Visibility.PUBLIC,
    area: 'api',
    issues: 520,
    mrs: 90,
  },
  {
    group: 'acme/platform/backend/storage',
    path: 'blobstore',
    name: 'Blobstore',
    visibility: Visibility.INTERNAL,
    area: 'storage',
    issues: 260,
    mrs: 40,
  },
  {
    group: 'acme/product',
    path: 'web-app',
    name: 'Web App',
    visibility: Visibility.PUBLIC,
    area: 'web',
    issues: 520,
    mrs: 90,
  },
  {
    group: 'acme/product/mobile',
    path: 'ios',
    name: 'iOS',
    visibility: Visibility.INTERNAL,
    area: 'mobile',
    issues: 260,
    mrs: 35,
  },
  {
    group: 'acme/product/mobile',
    path: 'android',
    name: 'Android',
    visibility: Visibility.PUBLIC,
    area: 'mobile',
    issues: 260,
    mrs: 35,
  },
  {
    group: 'acme/security',
    path: 'audit',
    name: 'Audit',
    visibility: Visibility.PRIVATE,
    area: 'security',
    issues: 180,
    mrs: 10,
  },
];

const { OWNER, MAINTAINER, DEVELOPER, REPORTER, PLANNER, GUEST } = AccessLevel;
const groupMembers: [group: string, user: string, level: number][] = [
  ['acme', 'alice', OWNER],
  ['acme', 'bob', MAINTAINER],
  ['acme', 'carol', DEVELOPER],
  ['acme', 'dave', REPORTER],
  ['acme', 'erin', PLANNER],
  ['acme', 'frank', GUEST],
  ['acme/platform', 'grace', DEVELOPER],
  ['acme/platform', 'carol', MAINTAINER],
  ['acme/product', 'heidi', MAINTAINER],
  ['acme/product', 'ivan', DEVELOPER],
  ['acme/product/mobile', 'judy', DEVELOPER],
  ['acme/security', 'victor', OWNER],
  ['acme/security', 'trent', REPORTER],
  ['skunkworks', 'oscar', OWNER],
  ['skunkworks', 'peggy', DEVELOPER],
  ['skunkworks', 'alice', PLANNER],
];
const projectMembers: [project: string, user: string, level: number][] = [
  ['acme/product/web-app', 'peggy', DEVELOPER],
  ['acme/product/mobile/ios', 'oscar', MAINTAINER],
  ['acme/platform/backend/api', 'trent', REPORTER],
  ['acme/platform/backend/api', 'victor', GUEST],
];

const groupLabelSpecs: [title: string, color: string, description: string][] = [
  ['priority::1', '#c91c00', 'Fix now'],
  ['priority::2', '#e9be74', 'Fix this release'],
  ['priority::3', '#fdbc60', 'Fix soon'],
  ['priority::4', '#dbdbdb', 'Nice to have'],
  ['type::bug', '#dc143c', 'Something does not work as documented'],
  ['type::feature', '#428bca', 'New functionality'],
  ['type::maintenance', '#8fbc8f', 'Refactoring, upgrades, clean-up'],
  ['workflow::in dev', '#5cb85c', 'Being worked on'],
  ['workflow::in review', '#9400d3', 'Waiting for review'],
  ['team::backend', '#330066', 'Backend team'],
  ['team::frontend', '#f0ad4e', 'Frontend team'],
  ['frontend', '#6699cc', ''],
  ['backend', '#36454f', ''],
  ['security', '#ed9121', 'Security-relevant change'],
  ['performance', '#ffecdb', 'Speed and resource use'],
  ['UX', '#ff69b4', 'User experience'],
];
const otherLabelSpecs: [container: string, title: string, color: string][] = [
  ['acme/security', 'vulnerability', '#800000'],
  ['acme/security', 'compliance', '#013220'],
  ['skunkworks', 'prototype', '#e6e6fa'],
  ['skunkworks', 'research', '#7f8c8d'],
  ['project:acme/platform/backend/api', 'needs-docs', '#f4c542'],
  ['project:acme/platform/backend/api', 'regression', '#a52a2a'],
  ['project:acme/product/web-app', 'design-review', '#d1a3ff'],
  ['project:acme/product/mobile/ios', 'crash', '#ff0000'],
  ['project:acme/product/mobile/android', 'crash', '#ff0000'],
];

export async function seedOrg(ctx: DemoContext, passwordHash: string): Promise<DemoOrg> {
  const { db, clock } = ctx;
  const userIds = await allocateIds(db, 'users', people.length);
  const users = new Map(people.map(([username], i) => [username, userIds[i]!]));
  await insertAll(
    db,
    'users',
    people.map(([username, name, bio], i) => ({
      id: userIds[i]!,
      username,
      name,
      email: `${username}@example.com`,
      password_hash: passwordHash,
      bio,
      created_at: clock.at(-560 + i),
      updated_at: clock.at(-560 + i),
      last_activity_on: clock.day(-(i % 5)),
    })),
  );
  ctx.log(`users: ${people.length}`);

  const groups = new Map<string, DemoGroup>();
  // Parents first: the traversal_ids trigger reads the parent row.
  for (const spec of groupSpecs) {
    const parent = spec.parent ? groups.get(spec.parent)! : null;
    const [id] = await allocateIds(db, 'namespaces', 1);
    await insertAll(db, 'namespaces', [
      {
        id: id!,
        type: 'Group',
        name: spec.name,
        path: spec.path,
        parent_id: parent?.id ?? null,
        visibility_level: spec.visibility,
        description: spec.description,
        created_at: clock.at(-560),
        updated_at: clock.at(-560),
      },
    ]);
    const fullPath = parent ? `${parent.fullPath}/${spec.path}` : spec.path;
    groups.set(fullPath, {
      id: id!,
      path: spec.path,
      fullPath,
      area: spec.area,
      ancestorIds: [...(parent?.ancestorIds ?? []), id!],
    });
  }
  await insertAll(
    db,
    'group_members',
    groupMembers.map(([group, user, level]) => ({
      group_id: groups.get(group)!.id,
      user_id: users.get(user)!,
      access_level: level,
      created_by_id: users.get('alice')!,
      created_at: clock.at(-550),
    })),
  );

  const projectIds = await allocateIds(db, 'projects', projectSpecs.length);
  const projects: DemoProject[] = projectSpecs.map((spec, i) => {
    const group = groups.get(spec.group)!;
    const fullPath = `${spec.group}/${spec.path}`;
    const levels = new Map<number, number>();
    for (const [g, user, level] of groupMembers) {
      if (!group.ancestorIds.includes(groups.get(g)!.id)) continue;
      const id = users.get(user)!;
      levels.set(id, Math.max(levels.get(id) ?? 0, level));
    }
    for (const [p, user, level] of projectMembers) {
      if (p !== fullPath) continue;
      const id = users.get(user)!;
      levels.set(id, Math.max(levels.get(id) ?? 0, level));
    }
    const members = [...levels.keys()].sort((a, b) => a - b);
    return {
      id: projectIds[i]!,
      fullPath,
      group,
      area: spec.area,
      issueCount: spec.issues,
      mergeRequestCount: spec.mrs,
      members,
      developers: members.filter((u) => (levels.get(u) ?? 0) >= DEVELOPER),
    };
  });
  await insertAll(
    db,
    'projects',
    projectSpecs.map((spec, i) => ({
      id: projects[i]!.id,
      namespace_id: projects[i]!.group.id,
      creator_id: users.get('alice')!,
      name: spec.name,
      path: spec.path,
      description: `The ${spec.name} project.`,
      visibility_level: spec.visibility,
      created_at: clock.at(-550),
      updated_at: clock.at(-1),
      last_activity_at: clock.at(-1),
    })),
  );
  const projectByPath = new Map(projects.map((p) => [p.fullPath, p]));
  await insertAll(
    db,
    'project_members',
    projectMembers.map(([project, user, level]) => ({
      project_id: projectByPath.get(project)!.id,
      user_id: users.get(user)!,
      access_level: level,
      created_by_id: users.get('alice')!,
      created_at: clock.at(-540),
    })),
  );
  ctx.log(`groups: ${groups.size}, projects: ${projects.length}`);

  const labelRows = [
    ...groupLabelSpecs.map(([title, color, description]) => ({ container: 'acme', title, color, description })),
    ...otherLabelSpecs.map(([container, title, color]) => ({ container, title, color, description: '' })),
  ];
  const labelIds = await allocateIds(db, 'labels', labelRows.length);
  const labels: DemoLabel[] = labelRows.map((row, i) => {
    const project = row.container.startsWith('project:') ? projectByPath.get(row.container.slice(8))! : null;
    return {
      id: labelIds[i]!,
      title: row.title,
      groupId: project ? null : groups.get(row.container)!.id,
      projectId: project?.id ?? null,
    };
  });
  await insertAll(
    db,
    'labels',
    labelRows.map((row, i) => ({
      id: labels[i]!.id,
      group_id: labels[i]!.groupId,
      project_id: labels[i]!.projectId,
      title: row.title,
      color: row.color,
      text_color: textColorFor(row.color),
      description: row.description,
      priority: null,
      created_at: clock.at(-545),
      updated_at: clock.at(-545),
    })),
  );
  ctx.log(`labels: ${labels.length}`);
  const members = new Map<number, [number, number][]>();
  for (const [group, user, level] of groupMembers) {
    const id = users.get(user)!;
    members.set(id, [...(members.get(id) ?? []), [groups.get(group)!.id, level]]);
  }
  return { users, groups, projects, labels, members };
}
