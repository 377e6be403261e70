import { useState } from 'react';
import { apiPath, encodeId, request } from '../../../lib/api';
import { buttonClassName } from '../../../ui/buttonClassName';
import { PickerForm } from './PickerForm';
import styles from './Sidebar.module.css';
import { SidebarInput } from './SidebarInput';
import type { PickerOption } from './sidebarOptions';

/** GitLab's suggested label colours, the first of them preselected. */
const SUGGESTED_COLORS = ['#009966', '#6699cc', '#9400d3', '#dc143c', '#ed9121', '#eee600', '#808080', '#36454f'];
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

interface CreatedLabel {
  id?: number;
  name: string;
  color: string;
  text_color?: string;
}

/** Where the new label goes: a project's labels (issues) or a group's (epics). */
export interface LabelContainer {
  type: 'project' | 'group';
  fullPath: string;
}

/** `POST /projects/:id/labels` or `/groups/:id/labels`; a label that comes back without an id counts as not created (IE §5). */
async function createLabel(container: LabelContainer, name: string, color: string): Promise<PickerOption> {
  const { data } = await request<CreatedLabel>(apiPath(`/${container.type}s/${encodeId(container.fullPath)}/labels`), {
    method: 'POST',
    body: { name, color },
  });
  if (!data?.id) throw new Error('The label came back without an id');
  return { id: data.name, text: data.name, color: data.color, textColor: data.text_color };
}

/**
 * The labels dropdown's create view: a name and a colour (a suggested one or typed as #rrggbb). The
 * new label comes back to the picker selected; failures say IE §8's 'Error creating label.'.
 */
export function LabelCreateForm({
  container,
  onDone,
}: {
  container: LabelContainer;
  onDone: (created: PickerOption | null) => void;
}) {
  const title = `Create ${container.type} label`;
  const [name, setName] = useState('');
  const [color, setColor] = useState(SUGGESTED_COLORS[0] as string);
  const [state, setState] = useState<'idle' | 'saving' | 'failed'>('idle');
  const valid = name.trim() !== '' && HEX_COLOR.test(color);
  const create = async () => {
    if (!valid) return;
    setState('saving');
    try {
      onDone(await createLabel(container, name.trim(), color));
    } catch {
      setState('failed');
    }
  };
  return (
    <PickerForm label={title} onSubmit={() => void create()}>
      <strong>{title}</strong>
      <SidebarInput
        label="Label name"
        placeholder="Name new label"
        value={name}
        maxLength={255}
        // Focused: the create view opens on the user's press, at its first field.
        autoFocus
        onChange={setName}
      />
      <fieldset className={styles.colorChoices}>
        <legend className="visually-hidden">Suggested colours</legend>
        {SUGGESTED_COLORS.map((suggested) => (
          <button
            key={suggested}
            type="button"
            className={styles.colorChoice}
            style={{ backgroundColor: suggested }}
            aria-label={`Colour ${suggested}`}
            aria-pressed={color === suggested}
            onClick={() => setColor(suggested)}
          />
        ))}
      </fieldset>
      <SidebarInput label="Label colour" value={color} maxLength={7} onChange={setColor} />
      {state === 'failed' && (
        <p role="alert" className={styles.failure}>
          Error creating label.
        </p>
      )}
      <div className={styles.buttons}>
        <button type="submit" className={buttonClassName('confirm', 'small')} disabled={!valid || state === 'saving'}>
          Create
        </button>
        <button type="button" className={buttonClassName('default', 'small')} onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </PickerForm>
  );
}
