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
  /** One field's picker: its name, cache key and search, and whether it takes many options or one (or none). */
  const picker =
    (
      field: string,
      name: string,
      load: PickerProps['load'],
      choice: { multiple: true; oneLabelPerScope?: boolean } | { multiple: false; none: string },
    ) =>
    (current: PickerOption[], onApply: Apply): PickerProps => ({
      name,
      queryKey: key(field),
      load,
      current,
      ...choice,
      onApply,
    });
  return {
    assignees: picker('assignees', 'Select assignees', (search, signal) => userOptions(projectPath, search, signal), {
      multiple: true,
    }),
    labels: picker('labels', 'Select labels', (search, signal) => labelOptions(projectPath, search, signal), {
      multiple: true,
      oneLabelPerScope: true,
    }),
    milestone: picker(
      'milestone',
      'Assign milestone',
      (search, signal) => milestoneOptions(projectPath, search, signal),
      { multiple: false, none: 'No milestone' },
    ),
    iteration: picker(
      'iteration',
      'Assign iteration',
      async (search, signal) => (await import('./iterationOptions')).iterationOptions(projectPath, search, signal),
      { multiple: false, none: 'No iteration' },
    ),
    epic: picker('epic', 'Assign epic', (search, signal) => epicOptions(projectPath, search, signal), {
      multiple: false,
      none: 'No epic',
    }),
  };
}
