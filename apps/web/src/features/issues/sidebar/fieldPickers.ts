import type { ComponentProps } from 'react';
import type { OptionPicker } from '../../shared/sidebar/OptionPicker';
import {
  epicOptions,
  labelOptions,
  milestoneOptions,
  type PickerOption,
  userOptions,
} from '../../shared/sidebar/sidebarOptions';

type PickerProps = ComponentProps<typeof OptionPicker>;
type Apply = PickerProps['onApply'];

/**
 * The pickers of an issue's planning fields — what each offers, how it searches and what clears it —
 * for the issue sidebar and the New issue form alike. `scope` keeps their option caches apart.
 */
export function fieldPickers(projectPath: string, scope: string) {
  const key = (field: string) => ['issues', scope, projectPath, field] as const;
  const single =
    (field: string, name: string, none: string, load: PickerProps['load']) =>
    (current: PickerOption[], onApply: Apply): PickerProps => ({
      name,
      queryKey: key(field),
      load,
      current,
      multiple: false,
      none,
      onApply,
    });
  return {
    assignees: (current: PickerOption[], onApply: Apply): PickerProps => ({
      name: 'Select assignees',
      queryKey: key('assignees'),
      load: (search, signal) => userOptions(projectPath, search, signal),
      current,
      multiple: true,
      onApply,
    }),
    labels: (current: PickerOption[], onApply: Apply): PickerProps => ({
      name: 'Select labels',
      queryKey: key('labels'),
      load: (search, signal) => labelOptions(projectPath, search, signal),
      current,
      multiple: true,
      oneLabelPerScope: true,
      onApply,
    }),
    milestone: single('milestone', 'Assign milestone', 'No milestone', (search, signal) =>
      milestoneOptions(projectPath, search, signal),
    ),
    iteration: single('iteration', 'Assign iteration', 'No iteration', async (search, signal) =>
      (await import('./iterationOptions')).iterationOptions(projectPath, search, signal),
    ),
    epic: single('epic', 'Assign epic', 'No epic', (search, signal) => epicOptions(projectPath, search, signal)),
  };
}
