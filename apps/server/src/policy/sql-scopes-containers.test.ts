import { describe, expect, it } from 'vitest';
import { scopeActorNames, sorted, useSqlScopesWorld } from '../test/sql-scopes-world';
import { canGroup, canProject } from './abilities';
import { groupReadable, projectReadable } from './sql-scopes';

/**
 * For a set of actors, the groups and projects the SQL scopes return must be exactly those the pure
 * rules in abilities.ts allow. The world is described in test/sql-scopes-world.ts.
 */
const { t, actors } = useSqlScopesWorld();

describe('SQL scopes agree with the pure rules', () => {
  describe('groups and projects', () => {
    it.each(scopeActorNames)('%s', async (name) => {
      const actor = actors[name] ?? null;
      const db = t.db;

      const allGroups = await db.selectFrom('namespaces as n').selectAll().where('n.type', '=', 'Group').execute();
      const sqlGroups = await db
        .selectFrom('namespaces as n')
        .select('n.id')
        .where('n.type', '=', 'Group')
        .where(
          groupReadable(actor, { groupId: 'n.id', visibility: 'n.visibility_level', traversalIds: 'n.traversal_ids' }),
        )
        .execute();
      const ruleGroups = allGroups.filter((g) =>
        canGroup(actor, 'read_group', {
          kind: 'group',
          id: g.id,
          traversalIds: g.traversal_ids,
          visibilityLevel: g.visibility_level,
        }),
      );
      expect(sorted(sqlGroups.map((r) => r.id))).toEqual(sorted(ruleGroups.map((g) => g.id)));

      const projectScope = projectReadable(actor, {
        projectId: 'p.id',
        visibility: 'p.visibility_level',
        namespaceTraversalIds: 'n.traversal_ids',
      });
      const allProjects = await db
        .selectFrom('projects as p')
        .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
        .select(['p.id', 'p.visibility_level', 'n.traversal_ids'])
        .execute();
      const subject = (p: (typeof allProjects)[number]) =>
        ({
          kind: 'project',
          id: p.id,
          namespaceTraversalIds: p.traversal_ids,
          visibilityLevel: p.visibility_level,
        }) as const;
      const sqlProjects = await db
        .selectFrom('projects as p')
        .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
        .select('p.id')
        .where(projectScope)
        .execute();
      expect(sorted(sqlProjects.map((r) => r.id))).toEqual(
        sorted(allProjects.filter((p) => canProject(actor, 'read_project', subject(p))).map((p) => p.id)),
      );
    });
  });
});
