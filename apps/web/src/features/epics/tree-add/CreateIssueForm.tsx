import { recentProjectsUnder } from '@meridian/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import type { Epic } from '../../../lib/types';
import { useDebouncedValue } from '../../filtered-search/useDebouncedValue';
import { CreateChildForm } from './CreateChildForm';
import { type RecentProject, recentProjects } from './recentProjects';
import { type PickerItem, SearchPicker } from './SearchPicker';
import { createIssueInEpic, fetchDefaultProject, fetchGroupProjects } from './treeAddApi';

/** IE §9: the project search waits this long after typing. */
const SEARCH_DELAY_MS = 500;

const asItem = (p: RecentProject): PickerItem => ({ id: p.id, name: p.name, path: p.path_with_namespace });

/**
 * IE §5 "Add a new issue": a title and a project of the epic's group or its subgroups (searchable;
 * the user's 3 most recently used first). Chosen until the user picks one: the server's
 * defaultProjectForIssueCreation (where they last created an issue under the group), else the newest
 * recent one. The issue is created in the epic (IE-12), confidential under a confidential parent.
 */
export function CreateIssueForm({
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
  const { user } = useSession();
  const store = user ? recentProjects(user.id) : null;
  const [recent] = useState(() => recentProjectsUnder(store?.read() ?? [], groupPath));
  const [title, setTitle] = useState('');
  const queryClient = useQueryClient();
  const defaultProjectKey = ['epic-tree-add', 'default-project', groupPath, epic.iid, user?.id ?? null];
  const defaultProject = useQuery({
    queryKey: defaultProjectKey,
    queryFn: ({ signal }) => fetchDefaultProject(groupPath, epic.iid, signal),
    enabled: user !== null && user !== undefined,
  });
  // undefined until the user picks (or clears) a project; the text is the project's name until they type.
  const [picked, setPicked] = useState<PickerItem | null | undefined>(undefined);
  const [typed, setTyped] = useState<string | null>(null);
  const project = picked !== undefined ? picked : (defaultProject.data ?? (recent[0] ? asItem(recent[0]) : null));
  const search = typed ?? project?.name ?? '';
  const [error, setError] = useState<string | null>(null);
  // While the text is the chosen project's name, list everything rather than that one project.
  const term = useDebouncedValue(project && search === project.name ? '' : search, SEARCH_DELAY_MS);
  const projects = useQuery({
    queryKey: ['epic-tree-add', 'projects', groupPath, term],
    queryFn: ({ signal }) => fetchGroupProjects(groupPath, term, signal),
    staleTime: 30_000,
  });
  const recentIds = new Set(recent.map((p) => p.id));
  const sections = [
    { title: 'Recently used', items: term ? [] : recent.map(asItem) },
    {
      title: 'Projects',
      items: (projects.data ?? [])
        .filter((p) => term !== '' || !recentIds.has(p.id))
        .map((p) => ({ id: p.id, name: p.name, path: p.path_with_namespace })),
    },
  ];

  const trimmed = title.trim();
  const create = useMutation({
    mutationFn: (chosen: PickerItem) => createIssueInEpic(chosen.id, epic, trimmed),
    onSuccess: (_issue, chosen) => {
      store?.save({ id: chosen.id, name: chosen.name, path_with_namespace: chosen.path });
      // The next form's default is where this issue went: ask the server again, not the cache.
      queryClient.removeQueries({ queryKey: defaultProjectKey });
      onAdded();
    },
    onError: (e) => {
      const detail = e instanceof ApiError && e.status !== 0 ? ` ${e.message}` : '';
      setError(`Something went wrong while creating issue.${detail}`);
    },
  });
  const canSubmit = trimmed !== '' && project !== null && !create.isPending;

  return (
    <CreateChildForm
      type="issue"
      parentId={epic.id}
      confidential={confidential}
      title={title}
      onTitle={setTitle}
      error={error}
      pending={create.isPending}
      canSubmit={canSubmit}
      onSubmit={() => project && create.mutate(project)}
      onCancel={onCancel}
      picker={
        <SearchPicker
          label="Project"
          sections={sections}
          selected={project}
          onSelect={(item) => {
            setPicked(item);
            if (item) setTyped(null);
          }}
          search={search}
          onSearch={setTyped}
          loading={projects.isFetching}
          error={projects.isError ? 'Something went wrong while fetching projects.' : null}
        />
      }
    />
  );
}
