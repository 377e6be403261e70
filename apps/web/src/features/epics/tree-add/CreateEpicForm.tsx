import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { CreateChildForm } from './CreateChildForm';
import { useCreateChildEpic, useDescendantGroups, useParentGroup } from './queries';
import { type PickerItem, usePickerSearch } from './SearchPicker';
import type { TreeAddFormProps } from './TreeFormFrame';

const CREATE_FAILED = 'Something went wrong while creating child epics.';

/** The server's message when it names the parent (depth, group, confidentiality), else GitLab's default. */
const failureText = (e: Error) => (e instanceof ApiError && e.field === 'parent_id' ? e.message : CREATE_FAILED);

/**
 * IE §5 "Create epic form": a title (trimmed; Create disabled while blank or saving) and a group,
 * the parent's by default or one of its descendants (searchable). IE-13 creates the epic under the
 * parent, confidential when the parent is.
 */
export function CreateEpicForm({ epic, groupPath, onCancel, onAdded }: TreeAddFormProps) {
  const parentGroupRow = useParentGroup(groupPath);
  const parentName = parentGroupRow.data?.name ?? groupPath.split('/').pop() ?? groupPath;
  const parentGroup: PickerItem = { id: epic.group_id, name: parentName, path: groupPath };
  // undefined: the default, the parent's group (named once its name has loaded); null: cleared.
  const [chosen, setGroup] = useState<PickerItem | null | undefined>(undefined);
  const group = chosen === undefined ? parentGroup : chosen;
  const { search, term, onSearch, reset } = usePickerSearch(group);
  const descendants = useDescendantGroups(groupPath, term);
  const create = useCreateChildEpic(epic);
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

  return (
    <CreateChildForm
      type="epic"
      epic={epic}
      where={group}
      create={create}
      failureText={failureText}
      onCreated={onAdded}
      onCancel={onCancel}
      picker={{
        label: 'Group',
        sections,
        onSelect: (item) => {
          setGroup(item);
          if (item) reset();
        },
        search,
        onSearch,
        loading: descendants.isFetching,
        error: descendants.isError ? 'There was a problem fetching groups.' : null,
      }}
    />
  );
}
