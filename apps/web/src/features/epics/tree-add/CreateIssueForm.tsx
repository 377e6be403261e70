import { recentProjectsUnder } from '@meridian/domain';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import type { FrequentItem } from '../../frequent/frequentApi';
import { useFrecentProjects } from '../../frequent/queries';
import { useRecordVisit } from '../../frequent/useTrackVisit';
import { CreateChildForm } from './CreateChildForm';
import { useCreateIssueInEpic, useDefaultProject, useGroupProjects } from './queries';
import { type PickerItem, usePickerSearch } from './SearchPicker';
import type { TreeAddFormProps } from './TreeFormFrame';

const asItem = (p: FrequentItem): PickerItem => ({ id: p.id, name: p.name, path: p.fullPath });

/** The user's frequent projects under the epic's group, the 3 most frecent first (IE §5). */
function recentUnder(frequent: FrequentItem[] | undefined, groupPath: string): FrequentItem[] {
  const withPaths = (frequent ?? []).map((p) => ({ ...p, path_with_namespace: p.fullPath }));
  return recentProjectsUnder(withPaths, groupPath);
}

const failureText = (e: Error) =>
  `Something went wrong while creating issue.${e instanceof ApiError && e.status !== 0 ? ` ${e.message}` : ''}`;

/**
 * IE §5 "Add a new issue": a title and a project of the epic's group or its subgroups (searchable;
 * first the user's 3 most frequently visited under the group, ranked by the server: IE-18).
 * Chosen until the user picks one: the server's defaultProjectForIssueCreation (where they last
 * created an issue under the group), else the most frequent one. The issue is created in the epic (IE-12), confidential under a confidential parent.
 */
export function CreateIssueForm({ epic, groupPath, onCancel, onAdded }: TreeAddFormProps) {
  const { user } = useSession();
  const frequent = useFrecentProjects(user?.id);
  const recordVisit = useRecordVisit();
  const recent = recentUnder(frequent.data, groupPath);
  const defaultProject = useDefaultProject(groupPath, epic.iid, user?.id);
  // undefined until the user picks, clears or searches for a project.
  const [picked, setPicked] = useState<PickerItem | null | undefined>(undefined);
  const project = picked !== undefined ? picked : (defaultProject.data ?? (recent[0] ? asItem(recent[0]) : null));
  const { search, term, onSearch, reset } = usePickerSearch(project);
  const projects = useGroupProjects(groupPath, term);
  const create = useCreateIssueInEpic(epic, groupPath, user?.id);
  const keepDefault = () => {
    if (picked === undefined) setPicked(project);
  };
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

  return (
    <CreateChildForm
      type="issue"
      epic={epic}
      where={project}
      create={create}
      failureText={failureText}
      onCreated={(chosen) => {
        // Creating an issue in a project is using it: it counts as a visit, as opening the project does.
        recordVisit('projects', chosen.id);
        onAdded();
      }}
      onCancel={onCancel}
      picker={{
        label: 'Project',
        sections,
        onSelect: (item) => {
          setPicked(item);
          if (item) reset();
        },
        search,
        // Once the user is in the field, the default stays where it is: one that loads later would
        // change the selection and the text under them (a first key typed then lands after its name)
        // and close the list they are reading.
        onFocus: keepDefault,
        onSearch: (text) => {
          keepDefault();
          onSearch(text);
        },
        loading: projects.isFetching,
        error: projects.isError ? 'Something went wrong while fetching projects.' : null,
      }}
    />
  );
}
