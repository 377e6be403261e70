import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import type { Epic } from '../../../lib/types';
import { useDebouncedValue } from '../../filtered-search/useDebouncedValue';
import { CreateChildForm } from './CreateChildForm';
import { type PickerItem, SearchPicker } from './SearchPicker';
import { createChildEpic, fetchDescendantGroups, fetchGroup } from './treeAddApi';

/** IE §9: the group search waits this long after typing. */
const SEARCH_DELAY_MS = 500;
const CREATE_FAILED = 'Something went wrong while creating child epics.';

/**
 * IE §5 "Create epic form": a title (trimmed; Create disabled while blank or saving) and a group,
 * the parent's by default or one of its descendants (searchable). IE-13 creates the epic under the
 * parent, confidential when the parent is.
 */
export function CreateEpicForm({
  epic,
  groupPath,
  onCancel,
  onAdded,
}: {
  epic: Epic;
  groupPath: string;
  onCancel: () => void;
  onAdded: () => void;
}) {
  const confidential = epic.confidential === true;
  const parentGroupRow = useQuery({
    queryKey: ['epic-tree-add', 'group', groupPath],
    queryFn: ({ signal }) => fetchGroup(groupPath, signal),
    staleTime: 60_000,
  });
  const parentName = parentGroupRow.data?.name ?? groupPath.split('/').pop() ?? groupPath;
  const parentGroup: PickerItem = { id: epic.group_id, name: parentName, path: groupPath };
  const [title, setTitle] = useState('');
  // undefined: the default, the parent's group (named once its name has loaded); null: cleared.
  const [chosen, setGroup] = useState<PickerItem | null | undefined>(undefined);
  const group = chosen === undefined ? parentGroup : chosen;
  const [search, setSearch] = useState<string | null>(null);
  // The picker shows the chosen group's name until the user types.
  const text = search ?? group?.name ?? '';
  const [error, setError] = useState<string | null>(null);
  const term = useDebouncedValue(search === null || (group && search === group.name) ? '' : search, SEARCH_DELAY_MS);
  const descendants = useQuery({
    queryKey: ['epic-tree-add', 'groups', groupPath, term],
    queryFn: ({ signal }) => fetchDescendantGroups(groupPath, term, signal),
    staleTime: 30_000,
  });
  const parentMatches = term === '' || parentGroup.path.toLowerCase().includes(term.toLowerCase());
  const sections = [
    {
      title: null,
      items: [
        ...(parentMatches ? [parentGroup] : []),
        ...(descendants.data ?? []).map((g) => ({ id: g.id, name: g.name, path: g.full_path })),
      ],
    },
  ];

  const trimmed = title.trim();
  const create = useMutation({
    mutationFn: (chosen: PickerItem) => createChildEpic(chosen.id, epic, trimmed),
    onSuccess: () => onAdded(),
    // The server's message when it names the parent (depth, group, confidentiality), else GitLab's default.
    onError: (e) => setError(e instanceof ApiError && e.field === 'parent_id' ? e.message : CREATE_FAILED),
  });
  const canSubmit = trimmed !== '' && group !== null && !create.isPending;

  return (
    <CreateChildForm
      type="epic"
      parentId={epic.id}
      confidential={confidential}
      title={title}
      onTitle={setTitle}
      error={error}
      pending={create.isPending}
      canSubmit={canSubmit}
      onSubmit={() => group && create.mutate(group)}
      onCancel={onCancel}
      picker={
        <SearchPicker
          label="Group"
          sections={sections}
          selected={group}
          onSelect={(item) => {
            setGroup(item);
            if (item) setSearch(item.name);
          }}
          search={text}
          onSearch={setSearch}
          loading={descendants.isFetching}
          error={descendants.isError ? 'There was a problem fetching groups.' : null}
        />
      }
    />
  );
}
