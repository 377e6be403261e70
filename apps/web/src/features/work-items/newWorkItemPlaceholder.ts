/**
 * IE §2.8 and §3 "New work item defaults": the screen state of a work item that does not exist yet,
 * built in the browser — a new-item reference, a path ending in /work_items/new, an empty title and
 * description, open, not confidential, not archived, the current user as the only participant, the
 * default blue colour with white text, and every permission (the no-access set has all false).
 */
export const NEW_WORK_ITEM_IID = 'new-work-item-iid';

export const WORK_ITEM_PERMISSIONS = [
  'deleteWorkItem',
  'updateWorkItem',
  'adminParentLink',
  'setWorkItemMetadata',
  'createNote',
  'adminWorkItemLink',
] as const;
export type WorkItemPermissionFlags = Record<(typeof WORK_ITEM_PERMISSIONS)[number], boolean>;

export const NO_WORK_ITEM_PERMISSIONS: WorkItemPermissionFlags = Object.fromEntries(
  WORK_ITEM_PERMISSIONS.map((p) => [p, false]),
) as WorkItemPermissionFlags;

export interface WorkItemPlaceholder {
  iid: string;
  webPath: string;
  title: string;
  state: 'OPEN';
  confidential: false;
  archived: false;
  description: string;
  participants: Array<{ username: string; name: string }>;
  color: { color: string; textColor: string };
  userPermissions: WorkItemPermissionFlags;
}

export function newWorkItemPlaceholder(
  namespace: { kind: 'group' | 'project'; fullPath: string },
  currentUser: { username: string; name: string } | null,
): WorkItemPlaceholder {
  const prefix = namespace.kind === 'group' ? '/groups' : '';
  return {
    iid: NEW_WORK_ITEM_IID,
    webPath: `${prefix}/${namespace.fullPath}/-/work_items/new`,
    title: '',
    state: 'OPEN',
    confidential: false,
    archived: false,
    description: '',
    participants: currentUser ? [currentUser] : [],
    color: { color: '#1068bf', textColor: '#FFFFFF' },
    userPermissions: Object.fromEntries(WORK_ITEM_PERMISSIONS.map((p) => [p, true])) as WorkItemPermissionFlags,
  };
}
