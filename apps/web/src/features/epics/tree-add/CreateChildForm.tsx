import { treeFormHeading, treeTitlePlaceholder } from '@meridian/domain';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ComponentProps, useState } from 'react';
import type { Epic } from '../../../lib/types';
import { Button } from '../../../ui/Button';
import styles from './AddChildMenu.module.css';
import type { ChildDraft } from './queries';
import { type PickerItem, SearchPicker } from './SearchPicker';
import { TreeFormFrame } from './TreeFormFrame';

/**
 * What the 'Add a new issue' and 'Add a new epic' forms share: the §5 heading and title field (the
 * confidential wording under a confidential parent), a picker for where the child goes, the create
 * call with its failure text, and 'Create {type}' / 'Creating {type}'.
 */
export function CreateChildForm({
  type,
  epic,
  where,
  create,
  failureText,
  onCreated,
  onCancel,
  picker,
}: {
  type: 'issue' | 'epic';
  epic: Epic;
  /** The chosen project or group; null while none is. */
  where: PickerItem | null;
  create: UseMutationResult<unknown, Error, ChildDraft>;
  failureText: (error: Error) => string;
  onCreated: (where: PickerItem) => void;
  onCancel: () => void;
  picker: Omit<ComponentProps<typeof SearchPicker>, 'selected'>;
}) {
  const confidential = epic.confidential === true;
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const trimmed = title.trim();
  const canSubmit = trimmed !== '' && where !== null && !create.isPending;
  const inputId = `tree-add-${type}-title-${epic.id}`;
  return (
    <TreeFormFrame
      heading={treeFormHeading('create', type, confidential)}
      confidential={confidential}
      error={error}
      onSubmit={() =>
        canSubmit &&
        where &&
        create.mutate(
          { where, title: trimmed },
          { onSuccess: () => onCreated(where), onError: (e) => setError(failureText(e)) },
        )
      }
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
          onChange={(event) => setTitle(event.target.value)}
          // biome-ignore lint/a11y/noAutofocus: the form opens on the user's menu choice; typing starts here.
          autoFocus
        />
      </div>
      <SearchPicker {...picker} selected={where} />
      <div className={styles.actions}>
        <Button type="submit" variant="confirm" isDisabled={!canSubmit}>
          {create.isPending ? `Creating ${type}` : `Create ${type}`}
        </Button>
        <Button onPress={onCancel}>Cancel</Button>
      </div>
    </TreeFormFrame>
  );
}
