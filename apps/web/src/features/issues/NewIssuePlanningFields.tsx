import { exclusiveScopedLabels } from '@meridian/domain';
import { dueDateText } from '../shared/dueDateText';
import { People } from '../shared/People';
import styles from './NewIssuePlanningFields.module.css';
import { SidebarEditField } from './sidebar/SidebarFields';
import { epicOptions, labelOptions, milestoneOptions, type PickerOption, userOptions } from './sidebar/sidebarOptions';

/** What the New issue form plans besides title and description, as chosen in the pickers. */
export interface PlanningValues {
  assignees: PickerOption[];
  labels: string[];
  milestone: PickerOption | null;
  iteration: PickerOption | null;
  epic: PickerOption | null;
  weight: string;
  dueDate: string;
}

export const NO_PLANNING: PlanningValues = {
  assignees: [],
  labels: [],
  milestone: null,
  iteration: null,
  epic: null,
  weight: '',
  dueDate: '',
};

/** The planning values in GitLab's `POST /projects/:id/issues` names (only what was set). */
export function planningBody(values: PlanningValues) {
  return {
    ...(values.assignees.length ? { assignee_ids: values.assignees.map((a) => Number(a.id)) } : {}),
    ...(values.labels.length ? { labels: values.labels.join(',') } : {}),
    ...(values.milestone ? { milestone_id: Number(values.milestone.id) } : {}),
    ...(values.iteration ? { iteration_id: Number(values.iteration.id) } : {}),
    ...(values.epic ? { epic_id: Number(values.epic.id) } : {}),
    ...(values.weight !== '' ? { weight: Number(values.weight) } : {}),
    ...(values.dueDate ? { due_date: values.dueDate } : {}),
  };
}

const none = 'None';
const one = (chosen: PickerOption[]) => chosen[0] ?? null;

/**
 * IE §2.1 / issue 11: the New issue form's assignees, labels, milestone, iteration, epic, weight and
 * due date, through the issue sidebar's pickers. The page shows them to those who may set them
 * (Planner and above); for others the server would ignore them.
 */
export function NewIssuePlanningFields({
  projectPath,
  values,
  onChange,
}: {
  projectPath: string;
  values: PlanningValues;
  onChange: (values: PlanningValues) => void;
}) {
  const set = (changes: Partial<PlanningValues>) => onChange({ ...values, ...changes });
  const key = (field: string) => ['issues', 'new-issue-options', projectPath, field] as const;
  const field = { canEdit: true, failure: null };

  return (
    <fieldset className={styles.fields}>
      <legend className={styles.legend}>Planning</legend>
      <SidebarEditField
        label="Assignees"
        {...field}
        picker={{
          name: 'Select assignees',
          queryKey: key('assignees'),
          load: (search, signal) => userOptions(projectPath, search, signal),
          current: values.assignees,
          multiple: true,
          onApply: (_ids, chosen) => set({ assignees: chosen }),
        }}
      >
        <People users={values.assignees.flatMap((a) => (a.avatar ? [a.avatar] : []))} empty={none} />
      </SidebarEditField>
      <SidebarEditField
        label="Labels"
        {...field}
        picker={{
          name: 'Select labels',
          queryKey: key('labels'),
          load: (search, signal) => labelOptions(projectPath, search, signal),
          current: values.labels.map((title) => ({ id: title, text: title })),
          multiple: true,
          reorder: exclusiveScopedLabels,
          onApply: (titles) => set({ labels: titles }),
        }}
      >
        {values.labels.length ? values.labels.join(', ') : none}
      </SidebarEditField>
      <SidebarEditField
        label="Milestone"
        {...field}
        picker={{
          name: 'Assign milestone',
          queryKey: key('milestone'),
          load: (search, signal) => milestoneOptions(projectPath, search, signal),
          current: values.milestone ? [values.milestone] : [],
          multiple: false,
          none: 'No milestone',
          onApply: (_ids, chosen) => set({ milestone: one(chosen) }),
        }}
      >
        {values.milestone?.text ?? none}
      </SidebarEditField>
      <SidebarEditField
        label="Iteration"
        {...field}
        picker={{
          name: 'Assign iteration',
          queryKey: key('iteration'),
          load: async (search, signal) =>
            (await import('./sidebar/iterationOptions')).iterationOptions(projectPath, search, signal),
          current: values.iteration ? [values.iteration] : [],
          multiple: false,
          none: 'No iteration',
          onApply: (_ids, chosen) => set({ iteration: one(chosen) }),
        }}
      >
        {values.iteration?.text ?? none}
      </SidebarEditField>
      <SidebarEditField
        label="Epic"
        {...field}
        picker={{
          name: 'Assign epic',
          queryKey: key('epic'),
          load: (search, signal) => epicOptions(projectPath, search, signal),
          current: values.epic ? [values.epic] : [],
          multiple: false,
          none: 'No epic',
          onApply: (_ids, chosen) => set({ epic: one(chosen) }),
        }}
      >
        {values.epic?.text ?? none}
      </SidebarEditField>
      <SidebarEditField
        label="Weight"
        {...field}
        value={{
          type: 'number',
          initial: values.weight,
          removeText: 'Remove weight',
          onSave: (weight) => set({ weight }),
        }}
      >
        {values.weight || none}
      </SidebarEditField>
      <SidebarEditField
        label="Due date"
        {...field}
        value={{
          type: 'date',
          initial: values.dueDate,
          removeText: 'Remove due date',
          onSave: (dueDate) => set({ dueDate }),
        }}
      >
        {values.dueDate ? dueDateText(values.dueDate) : none}
      </SidebarEditField>
    </fieldset>
  );
}
