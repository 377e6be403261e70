import { describe, expect, it } from 'vitest';
import { NO_WORK_ITEM_PERMISSIONS, newWorkItemPlaceholder } from './newWorkItemPlaceholder';

describe('newWorkItemPlaceholder', () => {
  it('holds the new work item defaults of IE §3', () => {
    const item = newWorkItemPlaceholder(
      { kind: 'project', fullPath: 'acme/web' },
      { username: 'alice', name: 'Alice' },
    );
    expect(item).toEqual({
      iid: 'new-work-item-iid',
      webPath: '/acme/web/-/work_items/new',
      title: '',
      state: 'OPEN',
      confidential: false,
      archived: false,
      description: '',
      participants: [{ username: 'alice', name: 'Alice' }],
      color: { color: '#1068bf', textColor: '#FFFFFF' },
      userPermissions: {
        deleteWorkItem: true,
        updateWorkItem: true,
        adminParentLink: true,
        setWorkItemMetadata: true,
        createNote: true,
        adminWorkItemLink: true,
      },
    });
  });
  it('puts group work items under /groups and has an all-false no-access set', () => {
    expect(newWorkItemPlaceholder({ kind: 'group', fullPath: 'acme' }, null).webPath).toBe(
      '/groups/acme/-/work_items/new',
    );
    expect(Object.values(NO_WORK_ITEM_PERMISSIONS).every((v) => v === false)).toBe(true);
  });
});
