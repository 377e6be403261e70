import { graphql } from '../../../graphql/graphql';
import { graphqlRequest } from '../../../graphql/request';
import { ApiError, apiPath, encodeId, request } from '../../../lib/api';
import type { Epic } from '../../../lib/types';

/*
 * The epic sidebar's calls (IE §2.3): the viewer's to-do and where inherited dates come from, the
 * ancestors (IE-32), participants (IE-33), colour (IE-40, IE-45); the fields save through
 * REST `PUT /groups/:id/epics/:iid` as the rest of the page does. What the viewer may do comes
 * from the page JSON the page already holds.
 */

export const EPIC_SIDEBAR = graphql(`
  query epicSidebar($fullPath: ID!, $iid: ID!) {
    group(fullPath: $fullPath) {
      id
      epic(iid: $iid) {
        id
        subscribed
        currentUserTodos(first: 1, state: pending) { nodes { id } }
        startDateFromMilestones
        dueDateFromMilestones
        startDateSourcingMilestone { id title }
        dueDateSourcingMilestone { id title }
        startDateSourcingEpic { id title webPath }
        dueDateSourcingEpic { id title webPath }
      }
    }
  }
`);

export const EPIC_ANCESTORS = graphql(`
  query epicAncestors($fullPath: ID!, $iid: ID!) {
    group(fullPath: $fullPath) {
      id
      epic(iid: $iid) {
        id
        ancestorPath(first: 20) {
          nodes { readable id title url webPath state hasParent humanReadableEndDate humanReadableTimestamp }
        }
      }
    }
  }
`);

export const EPIC_PARTICIPANTS = graphql(`
  query epicParticipants($fullPath: ID!, $iid: ID!) {
    group(fullPath: $fullPath) {
      id
      epic(iid: $iid) {
        id
        participants(first: 100) { nodes { id name username avatarUrl webUrl } }
      }
    }
  }
`);

export const EPIC_COLOR = graphql(`
  query epicColor($fullPath: ID!, $iid: ID!) {
    group(fullPath: $fullPath) { id epic(iid: $iid) { id color } }
  }
`);

export const UPDATE_EPIC_COLOR = graphql(`
  mutation updateEpicColor($input: UpdateEpicInput!) {
    updateEpic(input: $input) { epic { id color } errors }
  }
`);

const vars = (groupPath: string, iid: number) => ({ fullPath: groupPath, iid: String(iid) });

export interface EpicSidebarState {
  subscribed: boolean;
  /** The viewer's pending to-do on the epic ('gid://gitlab/Todo/7'), if any. */
  todoId: string | null;
  startDateInherited: string | null;
  dueDateInherited: string | null;
  startSource: DateSource | null;
  dueSource: DateSource | null;
}

/** Where an inherited date comes from: a milestone of the epic's issues, or a child epic. */
export type DateSource = { kind: 'milestone'; title: string } | { kind: 'epic'; title: string; webPath: string };

export async function fetchEpicSidebar(groupPath: string, iid: number, signal?: AbortSignal) {
  const data = await graphqlRequest(EPIC_SIDEBAR, vars(groupPath, iid), signal);
  const epic = data.group?.epic;
  const source = (
    milestone: { title: string | null } | null | undefined,
    child: { title: string | null; webPath: string | null } | null | undefined,
  ): DateSource | null =>
    milestone?.title
      ? { kind: 'milestone', title: milestone.title }
      : child?.title && child.webPath
        ? { kind: 'epic', title: child.title, webPath: child.webPath }
        : null;
  const state: EpicSidebarState = {
    subscribed: epic?.subscribed === true,
    todoId: epic?.currentUserTodos?.nodes?.[0]?.id ?? null,
    startDateInherited: (epic?.startDateFromMilestones as string | null | undefined) ?? null,
    dueDateInherited: (epic?.dueDateFromMilestones as string | null | undefined) ?? null,
    startSource: source(epic?.startDateSourcingMilestone, epic?.startDateSourcingEpic),
    dueSource: source(epic?.dueDateSourcingMilestone, epic?.dueDateSourcingEpic),
  };
  return state;
}

export async function fetchEpicAncestors(groupPath: string, iid: number, signal?: AbortSignal) {
  const data = await graphqlRequest(EPIC_ANCESTORS, vars(groupPath, iid), signal);
  return (data.group?.epic?.ancestorPath?.nodes ?? []).flatMap((node) => (node ? [node] : []));
}

export async function fetchEpicParticipants(groupPath: string, iid: number, signal?: AbortSignal) {
  const data = await graphqlRequest(EPIC_PARTICIPANTS, vars(groupPath, iid), signal);
  return (data.group?.epic?.participants?.nodes ?? []).flatMap((node) => (node ? [node] : []));
}

export async function fetchEpicColor(groupPath: string, iid: number, signal?: AbortSignal): Promise<string | null> {
  const data = await graphqlRequest(EPIC_COLOR, vars(groupPath, iid), signal);
  return data.group?.epic?.color ?? null;
}

/** IE §5: the colour update fails when the answer holds a non-empty errors list. */
export async function updateEpicColor(groupPath: string, iid: number, color: string): Promise<string> {
  const data = await graphqlRequest(UPDATE_EPIC_COLOR, { input: { groupPath, iid: String(iid), color } });
  const errors = data.updateEpic?.errors ?? ['No answer'];
  const saved = data.updateEpic?.epic?.color;
  if (errors.length > 0 || !saved) throw new Error(errors.join('; ') || 'No colour in the answer');
  return saved;
}

/** The fields the sidebar saves, in GitLab's REST names. */
export interface EpicChanges {
  labels?: string[];
  confidential?: boolean;
  start_date_is_fixed?: boolean;
  start_date_fixed?: string | null;
  due_date_is_fixed?: boolean;
  due_date_fixed?: string | null;
}

export async function updateEpicFields(groupPath: string, iid: number, changes: EpicChanges): Promise<Epic> {
  const { data } = await request<Epic>(
    apiPath(`/groups/${encodeId(groupPath)}/epics/${iid}`, { with_labels_details: true }),
    { method: 'PUT', body: changes },
  );
  return data;
}

/** POST that GitLab answers 304 when nothing changes, which is fine here. */
async function postAllowingUnchanged(path: string): Promise<void> {
  try {
    await request<unknown>(path, { method: 'POST' });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 304)) throw error;
  }
}

export const setEpicSubscribed = (groupPath: string, iid: number, subscribed: boolean) =>
  postAllowingUnchanged(
    apiPath(`/groups/${encodeId(groupPath)}/epics/${iid}/${subscribed ? 'subscribe' : 'unsubscribe'}`),
  );

export const addEpicTodo = (groupPath: string, iid: number) =>
  postAllowingUnchanged(apiPath(`/groups/${encodeId(groupPath)}/epics/${iid}/todo`));

/** `gid://gitlab/Todo/7` → POST /todos/7/mark_as_done. */
export async function markTodoDone(todoGid: string): Promise<void> {
  const id = todoGid.split('/').pop();
  await request<unknown>(apiPath(`/todos/${encodeId(id ?? '')}/mark_as_done`), { method: 'POST' });
}
