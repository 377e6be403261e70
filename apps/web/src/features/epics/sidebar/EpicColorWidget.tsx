import { useId, useState } from 'react';
import type { Epic } from '../../../lib/types';
import { buttonClassName } from '../../../ui/buttonClassName';
import { EditableSidebarField } from '../../shared/sidebar/EditableSidebarField';
import sidebarStyles from '../../shared/sidebar/Sidebar.module.css';
import { SidebarInput } from '../../shared/sidebar/SidebarInput';
import styles from './EpicSidebar.module.css';
import { DEFAULT_EPIC_COLOR, isHexColor, SUGGESTED_EPIC_COLORS, suggestedColorName } from './epicColors';
import { useEpicColor, useUpdateEpicColor } from './queries';

function ColorEditor({ current, onPick }: { current: string; onPick: (hex: string) => void }) {
  const name = useId();
  const [custom, setCustom] = useState(suggestedColorName(current) ? '' : current);
  return (
    <div className={sidebarStyles.picker}>
      <fieldset className={sidebarStyles.options}>
        <legend className="visually-hidden">Suggested colors</legend>
        {SUGGESTED_EPIC_COLORS.map((c) => (
          <label key={c.hex} className={sidebarStyles.option}>
            <input type="radio" name={name} checked={current.toLowerCase() === c.hex} onChange={() => onPick(c.hex)} />
            <span className={styles.colorSwatch} style={{ backgroundColor: c.hex }} aria-hidden="true" />
            <span>{c.name}</span>
          </label>
        ))}
      </fieldset>
      <form
        className={styles.row}
        onSubmit={(event) => {
          event.preventDefault();
          if (isHexColor(custom.trim())) onPick(custom.trim());
        }}
      >
        <SidebarInput label="Custom color" placeholder="#1068bf" value={custom} maxLength={7} onChange={setCustom} />
        <button type="submit" className={buttonClassName('confirm', 'small')} disabled={!isHexColor(custom.trim())}>
          Apply
        </button>
      </form>
    </div>
  );
}

/** The epic's colour on the roadmap (IE-40 epicColor, IE-45 updateEpicColor): a suggested one or any hex. */
export function EpicColorWidget({ epic, groupPath, canEdit }: { epic: Epic; groupPath: string; canEdit: boolean }) {
  const color = useEpicColor(groupPath, epic.iid);
  const update = useUpdateEpicColor(groupPath, epic.iid);
  const hex = (update.isPending ? update.variables : color.data) ?? epic.color ?? DEFAULT_EPIC_COLOR;
  const failure = color.isError
    ? 'Error fetching epic color.'
    : update.isError
      ? 'An error occurred while updating color.'
      : null;
  return (
    <EditableSidebarField
      label="Color"
      canEdit={canEdit}
      failure={failure}
      editor={(close) => (
        <ColorEditor
          current={hex}
          onPick={(picked) => {
            close();
            update.mutate(picked);
          }}
        />
      )}
    >
      <span className={styles.row} data-testid="epic-color">
        <span className={styles.colorSwatch} style={{ backgroundColor: hex }} aria-hidden="true" />
        <span>{suggestedColorName(hex) ?? 'Custom'}</span>
        <code className={styles.hint}>{hex}</code>
      </span>
    </EditableSidebarField>
  );
}
