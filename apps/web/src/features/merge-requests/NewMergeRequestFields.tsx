import { NewItemLabelsField } from '../issues/NewIssuePlanningFields';
import { fieldPickers } from '../issues/sidebar/fieldPickers';
import { People } from '../shared/People';
import { SidebarEditField } from '../shared/sidebar/SidebarFields';
import type { PickerOption } from '../shared/sidebar/sidebarOptions';
import styles from './NewMergeRequestPage.module.css';
import type { NewMergeRequestValues } from './newMergeRequest';

type PeopleKey = 'assignees' | 'reviewers';
const none = 'None';
const avatars = (people: PickerOption[]) => people.flatMap((p) => (p.avatar ? [p.avatar] : []));

/**
 * The New merge request form's assignees, reviewers, milestone and labels, chosen with the issue
 * sidebar's pickers (who may read the project; its and its groups' milestones and labels).
 */
export function NewMergeRequestFields({
  projectPath,
  values,
  onChange,
}: {
  projectPath: string;
  values: NewMergeRequestValues;
  onChange: (changes: Partial<NewMergeRequestValues>) => void;
}) {
  const pickers = fieldPickers(projectPath, 'new-merge-request-options');
  const field = { canEdit: true, failure: null };
  const people = (key: PeopleKey, label: string, name: string) => (
    <SidebarEditField
      label={label}
      {...field}
      picker={{
        ...pickers.assignees(values[key], (_ids, chosen) => onChange({ [key]: chosen })),
        name,
        queryKey: ['merge-requests', 'new-merge-request-options', projectPath, key],
      }}
    >
      <People users={avatars(values[key])} empty={none} />
    </SidebarEditField>
  );

  return (
    <fieldset className={styles.fields}>
      <legend className={styles.legend}>Assignees, reviewers and planning</legend>
      {people('assignees', 'Assignees', 'Select assignees')}
      {people('reviewers', 'Reviewers', 'Select reviewers')}
      <SidebarEditField
        label="Milestone"
        {...field}
        picker={pickers.milestone(values.milestone ? [values.milestone] : [], (_ids, chosen) =>
          onChange({ milestone: chosen[0] ?? null }),
        )}
      >
        {values.milestone?.text ?? none}
      </SidebarEditField>
      <NewItemLabelsField pickers={pickers} labels={values.labels} onChange={(labels) => onChange({ labels })} />
    </fieldset>
  );
}
