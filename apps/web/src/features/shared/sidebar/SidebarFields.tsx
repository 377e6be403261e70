import { type ComponentProps, type ReactNode, Suspense } from 'react';
import { lazyNamed } from '../../../app/lazyNamed';
import { PageSpinner } from '../../../ui/Spinner';
import { EditableSidebarField } from './EditableSidebarField';
import { ValueEditor } from './FieldEditors';
import type { OptionPicker as OptionPickerType } from './OptionPicker';

// The picker (search, options, Apply) loads on the first Edit: the page shows values, not choices.
const OptionPicker = lazyNamed(() => import('./OptionPicker'), 'OptionPicker');

/**
 * A sidebar field edited in place with a picker (assignees, labels, milestone, iteration) or as one
 * typed value (weight, due date); applying a choice closes the editor.
 */
export function SidebarEditField({
  label,
  canEdit,
  failure,
  children,
  picker,
  value,
}: {
  label: string;
  canEdit: boolean;
  failure: string | null;
  children: ReactNode;
  picker?: ComponentProps<typeof OptionPickerType>;
  value?: Omit<ComponentProps<typeof ValueEditor>, 'label'>;
}) {
  return (
    <EditableSidebarField
      label={label}
      canEdit={canEdit}
      failure={failure}
      editor={(close) =>
        picker ? (
          <Suspense fallback={<PageSpinner label="Loading the choices" />}>
            <OptionPicker
              {...picker}
              onApply={(ids, chosen) => {
                close();
                picker.onApply(ids, chosen);
              }}
            />
          </Suspense>
        ) : value ? (
          <ValueEditor
            label={label}
            {...value}
            onSave={(text) => {
              close();
              value.onSave(text);
            }}
          />
        ) : null
      }
    >
      {children}
    </EditableSidebarField>
  );
}
