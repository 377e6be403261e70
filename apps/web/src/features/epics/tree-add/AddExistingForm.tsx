import { addFailureMessage, referencesToSubmit, splitReferenceInput, treeFormHeading } from '@meridian/domain';
import { type KeyboardEvent, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { showToast } from '../../../ui/toast';
import { useGfmAutocomplete } from '../../shared/gfm/useGfmAutocomplete';
import styles from './AddChildMenu.module.css';
import { useAddByReferences } from './queries';
import { type TreeAddFormProps, TreeFormFrame } from './TreeFormFrame';

const PLACEHOLDER = { issue: 'Paste issue link or <#issue id>', epic: 'Paste epic link or <&epic id>' } as const;

/**
 * IE §5 "Add an existing issue / epic": references typed or pasted become tokens on white space
 * (duplicates once); `#` or `&` opens the group's suggestions (5, first highlighted, Tab picks,
 * space does not; only confidential items under a confidential parent). Submits them all at once (IE-10).
 */
export function AddExistingForm({
  type,
  epic,
  groupPath,
  onCancel,
  onAdded,
}: TreeAddFormProps & { type: 'issue' | 'epic' }) {
  const confidential = epic.confidential === true;
  const [tokens, setTokens] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const references = referencesToSubmit(tokens, text);

  const take = (value: string) => {
    const next = splitReferenceInput(tokens, value);
    setTokens(next.tokens);
    setText(next.pending);
  };
  const autocomplete = useGfmAutocomplete({
    textarea: field,
    value: text,
    context: { kind: 'group', path: groupPath, confidential },
    replace: (value) => take(value),
    triggers: type === 'issue' ? ['#'] : ['&'],
  });

  const add = useAddByReferences(groupPath, epic.iid, type, {
    onSuccess: (answer) => {
      if (answer.message) showToast(answer.message);
      onAdded();
    },
    onError: (e) => {
      const status = e instanceof ApiError ? e.status : 0;
      setError(addFailureMessage(type, status, e instanceof ApiError ? e.message : null));
    },
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (autocomplete.onKeyDown(event)) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      if (references.length > 0 && !add.isPending) add.mutate(references);
    } else if (event.key === 'Backspace' && text === '' && tokens.length > 0) {
      setTokens(tokens.slice(0, -1));
    }
  };

  return (
    <TreeFormFrame
      heading={treeFormHeading('add', type, confidential)}
      confidential={confidential}
      error={error}
      onSubmit={() => references.length > 0 && add.mutate(references)}
      onCancel={onCancel}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a click on the box's padding focuses its field. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the field inside takes the keys. */}
      <div className={styles.tokenBox} onClick={() => field.current?.focus()}>
        {tokens.map((token) => (
          <span key={token} className={styles.token}>
            {token}
            <button
              type="button"
              className={styles.tokenRemove}
              aria-label={`Remove ${token}`}
              onClick={() => setTokens(tokens.filter((t) => t !== token))}
            >
              ×
            </button>
          </span>
        ))}
        <textarea
          ref={field}
          className={styles.tokenInput}
          rows={1}
          cols={1}
          value={text}
          placeholder={tokens.length ? undefined : PLACEHOLDER[type]}
          aria-label={PLACEHOLDER[type]}
          onChange={(event) => take(event.target.value)}
          onKeyDown={onKeyDown}
          {...autocomplete.fieldProps}
          // biome-ignore lint/a11y/noAutofocus: the form opens on the user's menu choice; typing starts here.
          autoFocus
        />
        {autocomplete.popover}
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="confirm" isDisabled={references.length === 0 || add.isPending}>
          {add.isPending ? 'Adding' : 'Add'}
        </Button>
        <Button onPress={onCancel}>Cancel</Button>
      </div>
    </TreeFormFrame>
  );
}
