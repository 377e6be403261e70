import type { Epic } from '../../../lib/types';
import { EditableSidebarField } from '../../shared/sidebar/EditableSidebarField';
import { ConfidentialityEditor } from '../../shared/sidebar/FieldEditors';
import type { EpicChanges } from './epicSidebarApi';

/**
 * The epic's confidentiality, turned on or off after GitLab's confirmation. The server refuses to
 * make a child of a confidential parent epic non-confidential; its reason shows as the failure.
 */
export function EpicConfidentialityWidget({
  epic,
  canEdit,
  failure,
  onSave,
}: {
  epic: Epic;
  canEdit: boolean;
  failure: string | null;
  onSave: (save: { changes: EpicChanges; shown: Partial<Epic> }) => void;
}) {
  const confidential = epic.confidential === true;
  return (
    <EditableSidebarField
      label="Confidentiality"
      canEdit={canEdit}
      failure={failure}
      editor={(close) => (
        <ConfidentialityEditor
          noun="epic"
          confidential={confidential}
          onCancel={close}
          onConfirm={(next) => {
            close();
            onSave({ changes: { confidential: next }, shown: { confidential: next } });
          }}
        />
      )}
    >
      {confidential ? 'This epic is confidential' : 'Not confidential'}
    </EditableSidebarField>
  );
}
