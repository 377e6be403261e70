import { Alert } from '../../ui/Alert';
import { Avatar } from '../../ui/Avatar';
import type { BarOption } from './barOptions';
import styles from './FilteredSearchBar.module.css';

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

/** The bar's suggestion list (role=listbox): hints, operators or values, plus loading and error rows. */
export function OptionsDropdown({
  id,
  label,
  options,
  active,
  loading,
  error,
  left,
  onPick,
  onHover,
}: {
  id: string;
  label: string;
  options: BarOption[];
  active: number;
  loading: boolean;
  error: string | null;
  left: number;
  onPick: (option: BarOption) => void;
  onHover: (index: number) => void;
}) {
  return (
    <div className={styles.dropdown} style={{ left }} data-testid="filtered-search-dropdown">
      {error && <Alert variant="danger">{error}</Alert>}
      <div id={id} role="listbox" aria-label={label} className={styles.options}>
        {options.map((option, index) => (
          // Keyboard selection happens in the combobox input (aria-activedescendant), not on the options.
          // biome-ignore lint/a11y/useKeyWithClickEvents: see above
          <div
            key={option.value}
            tabIndex={-1}
            id={optionId(id, index)}
            role="option"
            aria-selected={index === active}
            className={`${styles.option} ${index === active ? styles.optionActive : ''}`}
            // Keeps focus in the input so the keyboard state is not lost.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(option)}
            onMouseMove={() => index !== active && onHover(index)}
          >
            {option.color && (
              <span className={styles.swatch} style={{ backgroundColor: option.color }} aria-hidden="true" />
            )}
            {option.avatarUrl !== undefined && <Avatar name={option.label} src={option.avatarUrl} size={16} />}
            <span className={styles.optionLabel} title={option.label}>
              {option.label}
            </span>
            {option.secondary && <span className={styles.optionSecondary}>{option.secondary}</span>}
          </div>
        ))}
      </div>
      {loading && (
        <p className={styles.dropdownNote} role="status">
          Loading…
        </p>
      )}
    </div>
  );
}
