import type { ReactNode } from 'react';
import { dueDateText } from '../shared/dueDateText';
import { People } from '../shared/People';
import { SidebarEditField } from '../shared/sidebar/SidebarFields';
import type { PickerOption } from '../shared/sidebar/sidebarOptions';
import styles from './NewIssuePlanningFields.module.css';
import { fieldPickers } from './sidebar/fieldPickers';

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
/** IE §4: the labels dropdown names the first label, then '+N more' for the rest; 'None' when empty. */
export function labelsButtonText(titles: string[]): string {
  const [first, ...rest] = titles;
  if (first === undefined) return none;
  return rest.length ? `${first} +${rest.length} more` : first;
}

/** The labels of a new issue or merge request, picked by title. */
export function NewItemLabelsField({
  pickers,
  labels,
  onChange,
}: {
  pickers: ReturnType<typeof fieldPickers>;
  labels: string[];
  onChange: (titles: string[]) => void;
}) {
  return (
    <SidebarEditField
      label="Labels"
      canEdit
      failure={null}
      picker={pickers.labels(
        labels.map((title) => ({ id: title, text: title })),
        onChange,
      )}
    >
      {labelsButtonText(labels)}
    </SidebarEditField>
  );
}

const one = (chosen: PickerOption[]) => chosen[0] ?? null;
/** The fields of one choice each, picked alike. */
const SINGLE_CHOICES = [
  ['milestone', 'Milestone'],
  ['iteration', 'Iteration'],
  ['epic', 'Epic'],
] as const;
const listOf = (chosen: PickerOption | null) => (chosen ? [chosen] : []);
/** The fields typed in, each with its editor type and how a set value reads. */
const TYPED_VALUES = [
  { key: 'weight', label: 'Weight', type: 'number', removeText: 'Remove weight', text: (weight: string) => weight },
  { key: 'dueDate', label: 'Due date', type: 'date', removeText: 'Remove due date', text: dueDateText },
] as const;

/**
 * IE §2.1 / issue 11: the New issue form's assignees, labels, milestone, iteration, epic, weight and
 * due date, through the issue sidebar's pickers. The page shows them to those who may set them
 * (Planner and above); for others the server would ignore them.
 */
export function NewIssuePlanningFields({
  projectPath,
  values,
  onChange,
  labelsHelp,
}: {
  projectPath: string;
  values: PlanningValues;
  onChange: (values: PlanningValues) => void;
  /** Shown beside the labels field (the AI's label suggestions, when offered). */
  labelsHelp?: ReactNode;
}) {
  const set = (changes: Partial<PlanningValues>) => onChange({ ...values, ...changes });
  const pickers = fieldPickers(projectPath, 'new-issue-options');
  const field = { canEdit: true, failure: null };

  return (
    <fieldset className={styles.fields}>
      <legend className={styles.legend}>Planning</legend>
      <SidebarEditField
        label="Assignees"
        {...field}
        picker={pickers.assignees(values.assignees, (_ids, chosen) => set({ assignees: chosen }))}
      >
        <People users={values.assignees.flatMap((a) => (a.avatar ? [a.avatar] : []))} empty={none} />
      </SidebarEditField>
      <NewItemLabelsField pickers={pickers} labels={values.labels} onChange={(labels) => set({ labels })} />
      {labelsHelp}
      {SINGLE_CHOICES.map(([key, label]) => (
        <SidebarEditField
          key={key}
          label={label}
          {...field}
          picker={pickers[key](listOf(values[key]), (_ids, chosen) => set({ [key]: one(chosen) }))}
        >
          {values[key]?.text ?? none}
        </SidebarEditField>
      ))}
      {TYPED_VALUES.map(({ key, label, type, removeText, text }) => (
        <SidebarEditField
          key={key}
          label={label}
          {...field}
          value={{ type, initial: values[key], removeText, onSave: (value) => set({ [key]: value }) }}
        >
          {values[key] ? text(values[key]) : none}
        </SidebarEditField>
      ))}
    </fieldset>
  );
}
