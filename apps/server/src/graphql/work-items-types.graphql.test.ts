import { describe, expect, it } from 'vitest';
import { dig, gql } from '../test/graphql-client';
import { TASK, useWorkItemsWorld } from '../test/work-items-world';

/** Work item types in GraphQL (IE-37). */

const w = useWorkItemsWorld();
const { t } = w;

describe('namespace work item types (IE-37)', () => {
  const TYPES = `query($path: ID!, $name: IssueType) { namespace(fullPath: $path) { workItemTypes(name: $name) { nodes {
    id name iconName widgetDefinitions { type
      ... on WorkItemWidgetDefinitionAssignees { allowsMultipleAssignees canInviteMembers }
      ... on WorkItemWidgetDefinitionLabels { allowsScopedLabels }
      ... on WorkItemWidgetDefinitionWeight { editable rollUp }
      ... on WorkItemWidgetDefinitionHierarchy { allowedChildTypes { nodes { name } } allowedParentTypes { nodes { name } } } } } } } }`;

  it('lists every type in a group and the issue-backed ones in a project', async () => {
    const inGroup = await gql(t.app, TYPES, { path: 'wi' }, w.tokens.guest);
    expect(
      (dig(inGroup.body.data, 'namespace', 'workItemTypes', 'nodes') as Array<{ name: string }>).map((n) => n.name),
    ).toEqual(['Issue', 'Incident', 'Task', 'Objective', 'Key Result', 'Epic']);
    const inProject = await gql(t.app, TYPES, { path: 'wi/app' }, w.tokens.guest);
    expect(dig(inProject.body.data, 'namespace', 'workItemTypes', 'nodes')).toHaveLength(5);
  });

  it('filters by name and gives the widget definitions', async () => {
    const res = await gql(t.app, TYPES, { path: 'wi/app', name: 'TASK' }, w.tokens.guest);
    const [task] = dig(res.body.data, 'namespace', 'workItemTypes', 'nodes') as Array<Record<string, unknown>>;
    expect(task).toMatchObject({ id: TASK, name: 'Task', iconName: 'issue-type-task' });
    const defs = task?.widgetDefinitions as Array<Record<string, unknown>>;
    expect(defs.find((d) => d.type === 'WEIGHT')).toEqual({ type: 'WEIGHT', editable: true, rollUp: false });
    expect(defs.find((d) => d.type === 'ASSIGNEES')).toMatchObject({ allowsMultipleAssignees: true });
    expect(defs.find((d) => d.type === 'HIERARCHY')).toEqual({
      type: 'HIERARCHY',
      allowedChildTypes: { nodes: [] },
      allowedParentTypes: { nodes: [{ name: 'Issue' }, { name: 'Incident' }] },
    });
  });

  it('refuses a type name that is not an IssueType value, as GitLab', async () => {
    const res = await gql(t.app, TYPES, { path: 'wi/app', name: 'Task' }, w.tokens.guest);
    expect(res.body.errors?.[0]?.message).toMatch(/IssueType/);
  });

  it('answers null for a namespace hidden from the caller, on Group and Project too', async () => {
    const res = await gql(t.app, TYPES, { path: 'wi' }, w.tokens.stranger);
    expect(res.body.data?.namespace).toBeNull();
    const onGroup = await gql(
      t.app,
      `{ group(fullPath: "wi") { workItemTypes(name: EPIC) { nodes { name } } } }`,
      {},
      w.tokens.guest,
    );
    expect(dig(onGroup.body.data, 'group', 'workItemTypes', 'nodes')).toEqual([{ name: 'Epic' }]);
  });
});
