import { treeFormHeading, treeTitlePlaceholder } from '@meridian/domain';
import type { ReactNode } from 'react';
import { Button } from '../../../ui/Button';
import styles from './AddChildMenu.module.css';
import { TreeFormFrame } from './TreeFormFrame';

/**
 * What the 'Add a new issue' and 'Add a new epic' forms share: the §5 heading and title field (the
 * confidential wording under a confidential parent), a picker for where the child goes, and
 * 'Create {type}' / 'Creating {type}'.
 */
export function CreateChildForm({
  type,
  parentId,
  confidential,
  title,
  onTitle,
  error,
  pending,
  canSubmit,
  onSubmit,
  onCancel,
  picker,
}: {
  type: 'issue' | 'epic';
  parentId: number;
  confidential: boolean;
  title: string;
  onTitle: (title: string) => void;
  error: string | null;
  pending: boolean;
  canSubmit: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  picker: ReactNode;
}) {
  const inputId = `tree-add-${type}-title-${parentId}`;
  return (
    <TreeFormFrame
      heading={treeFormHeading('create', type, confidential)}
      confidential={confidential}
      error={error}
      onSubmit={() => canSubmit && onSubmit()}
      onCancel={onCancel}
    >
      <div className={styles.field}>
        <label htmlFor={inputId}>Title</label>
        <input
          id={inputId}
          className={styles.input}
          value={title}
          maxLength={255}
          placeholder={treeTitlePlaceholder(type, confidential)}
          onChange={(event) => onTitle(event.target.value)}
          // biome-ignore lint/a11y/noAutofocus: the form opens on the user's menu choice; typing starts here.
          autoFocus
        />
      </div>
      {picker}
      <div className={styles.actions}>
        <Button type="submit" variant="confirm" isDisabled={!canSubmit}>
          {pending ? `Creating ${type}` : `Create ${type}`}
        </Button>
        <Button onPress={onCancel}>Cancel</Button>
      </div>
    </TreeFormFrame>
  );
}
