import { graphql } from '../../../graphql/graphql';
import { graphqlRequest } from '../../../graphql/request';
import { apiGet, apiPath, encodeId, request } from '../../../lib/api';
import type { Epic, Group, Issue, Project } from '../../../lib/types';

export const EPIC_DEFAULT_PROJECT = graphql(`
  query epicDefaultProject($fullPath: ID!, $iid: ID!) {
    group(fullPath: $fullPath) {
      id
      epic(iid: $iid) {
        id
        defaultProjectForIssueCreation { id name fullPath }
      }
    }
  }
`);

/**
 * GitLab's Epic.defaultProjectForIssueCreation, which 'Add a new issue' preselects: the project of
 * the epic's group or below where the viewer last created an issue (null when none).
 */
export async function fetchDefaultProject(
  groupPath: string,
  iid: number,
  signal?: AbortSignal,
): Promise<{ id: number; name: string; path: string } | null> {
  const data = await graphqlRequest(EPIC_DEFAULT_PROJECT, { fullPath: groupPath, iid: String(iid) }, signal);
  const project = data.group?.epic?.defaultProjectForIssueCreation;
  const id = Number(project?.id?.split('/').pop());
  if (!project?.name || !project.fullPath || !Number.isInteger(id)) return null;
  return { id, name: project.name, path: project.fullPath };
}

/** GitLab's page-endpoint answer for an add by references (IE-10). */
export interface AddByReferencesAnswer {
  message: string | null;
  issuables: Array<{ id: number; iid: number; title: string; can_admin: boolean; relation_path: string }>;
}

const pagePath = (groupPath: string) => `/groups/${groupPath.split('/').map(encodeURIComponent).join('/')}`;

/** IE-10: `POST /groups/:group/-/epics/:iid/issues` (issues) or `…/links` (epics) with the typed references. */
export async function addByReferences(
  groupPath: string,
  iid: number,
  type: 'issue' | 'epic',
  references: string[],
): Promise<AddByReferencesAnswer> {
  const sub = type === 'issue' ? 'issues' : 'links';
  const { data } = await request<AddByReferencesAnswer>(`${pagePath(groupPath)}/-/epics/${iid}/${sub}`, {
    method: 'POST',
    body: { issuable_references: references },
  });
  return data;
}

/** IE-12: a new issue in `projectId`, put in the epic (`epic_id`). */
export async function createIssueInEpic(
  projectId: number,
  epic: Pick<Epic, 'id' | 'confidential'>,
  title: string,
): Promise<Issue> {
  const { data } = await request<Issue>(apiPath(`/projects/${projectId}/issues`), {
    method: 'POST',
    body: { title, epic_id: epic.id, ...(epic.confidential ? { confidential: true } : {}) },
  });
  return data;
}

/** IE-13: a new epic in `groupId` under the parent (`parent_id`), confidential when the parent is. */
export async function createChildEpic(
  groupId: number,
  parent: Pick<Epic, 'id' | 'confidential'>,
  title: string,
): Promise<Epic> {
  const { data } = await request<Epic>(apiPath(`/groups/${groupId}/epics`), {
    method: 'POST',
    body: { title, parent_id: parent.id, confidential: parent.confidential === true },
  });
  return data;
}

/** IE-16: the projects of the epic's group and its subgroups where an issue can be opened. */
export function fetchGroupProjects(groupPath: string, search: string, signal?: AbortSignal): Promise<Project[]> {
  return apiGet<Project[]>(
    apiPath(`/groups/${encodeId(groupPath)}/projects`, {
      include_subgroups: true,
      order_by: 'last_activity_at',
      with_issues_enabled: true,
      with_shared: false,
      search_namespaces: true,
      search: search || undefined,
      per_page: 20,
    }),
    signal,
  );
}

/** IE-14: the parent group's descendants matching `search`. */
export function fetchDescendantGroups(groupPath: string, search: string, signal?: AbortSignal): Promise<Group[]> {
  return apiGet<Group[]>(
    apiPath(`/groups/${encodeId(groupPath)}/descendant_groups`, { search: search || undefined, per_page: 20 }),
    signal,
  );
}

/** The epic's own group, for its name in the group picker. */
export function fetchGroup(groupPath: string, signal?: AbortSignal): Promise<Group> {
  return apiGet<Group>(apiPath(`/groups/${encodeId(groupPath)}`), signal);
}
