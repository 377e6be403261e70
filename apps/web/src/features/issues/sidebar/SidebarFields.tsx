import type { ComponentProps, ReactNode } from 'react';
import { EditableSidebarField } from './EditableSidebarField';
import { ValueEditor } from './FieldEditors';
import { OptionPicker } from './OptionPicker';

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
  picker?: ComponentProps<typeof OptionPicker>;
  value?: Omit<ComponentProps<typeof ValueEditor>, 'label'>;
}) {
  return (
    <EditableSidebarField
      label={label}
      canEdit={canEdit}
      failure={failure}
      editor={(close) =>
        picker ? (
          <OptionPicker
            {...picker}
            onApply={(ids, chosen) => {
              close();
              picker.onApply(ids, chosen);
            }}
          />
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
