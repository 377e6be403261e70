import { Switch } from 'react-aria-components';
import styles from './Switch.module.css';

/** An on/off switch with its label after it (the roadmap's settings, the epic tree's Show labels). */
export function ToggleSwitch({
  label,
  isSelected,
  onChange,
}: {
  label: string;
  isSelected: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <Switch className={styles.switch} isSelected={isSelected} onChange={onChange}>
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
      {label}
    </Switch>
  );
}
