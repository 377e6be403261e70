import { Switch } from 'react-aria-components';
import styles from './Switch.module.css';

/**
 * An on/off switch with its label after it (the roadmap's settings, the epic tree's Show labels, the
 * epic's notifications). `ariaLabel` names it when the visible label states its value instead.
 */
export function ToggleSwitch({
  label,
  ariaLabel,
  isSelected,
  isDisabled,
  onChange,
}: {
  label: string;
  ariaLabel?: string;
  isSelected: boolean;
  isDisabled?: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <Switch
      className={styles.switch}
      aria-label={ariaLabel}
      isSelected={isSelected}
      isDisabled={isDisabled}
      onChange={onChange}
    >
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
      {label}
    </Switch>
  );
}
