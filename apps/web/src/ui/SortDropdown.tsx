import { Button as AriaButton, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { Glyph } from './Glyph';
import styles from './SortDropdown.module.css';

/** One sort choice: its text and the `sort=` values for each direction. */
export interface SortChoice {
  value: string;
  text: string;
  ascending: string;
  descending: string;
}

/**
 * GitLab's sorting control: a dropdown of sort fields and, beside it, a button that flips the
 * direction. Both report the new `sort=` value; the page puts it in the address.
 */
export function SortDropdown({
  options,
  sort,
  onSort,
}: {
  options: SortChoice[];
  /** The current `sort=` value, e.g. `created_date` or `title_asc`. */
  sort: string;
  onSort: (sort: string) => void;
}) {
  const current = options.find((o) => o.ascending === sort || o.descending === sort) ?? options[0];
  if (!current) return null;
  const ascending = current.ascending === sort && current.descending !== sort;
  return (
    <div className={styles.sorting} data-testid="sort-dropdown">
      <Select
        className={styles.select}
        selectedKey={current.value}
        onSelectionChange={(key) => {
          const option = options.find((o) => o.value === key);
          if (option) onSort(ascending ? option.ascending : option.descending);
        }}
      >
        <Label className="visually-hidden">Sort by</Label>
        <AriaButton className={styles.trigger}>
          <SelectValue>{({ selectedText }) => selectedText}</SelectValue>
          <span aria-hidden="true" className={styles.chevron}>
            ▾
          </span>
        </AriaButton>
        <Popover className={styles.popover} placement="bottom end">
          <ListBox className={styles.listbox}>
            {options.map((option) => (
              <ListBoxItem key={option.value} id={option.value} className={styles.option} textValue={option.text}>
                {({ isSelected }) => (
                  <>
                    <span className={styles.check} aria-hidden="true">
                      {isSelected ? '✓' : ''}
                    </span>
                    {option.text}
                  </>
                )}
              </ListBoxItem>
            ))}
          </ListBox>
        </Popover>
      </Select>
      <AriaButton
        className={styles.direction}
        aria-label={`Sort direction: ${ascending ? 'ascending' : 'descending'}`}
        onPress={() => onSort(ascending ? current.descending : current.ascending)}
      >
        <Glyph fill="none" stroke="currentColor" strokeWidth="1.5">
          {ascending ? (
            <path d="M4 13V3M1.5 5.5 4 3l2.5 2.5M9 4h2M9 8h4M9 12h6" />
          ) : (
            <path d="M4 3v10M1.5 10.5 4 13l2.5-2.5M9 4h6M9 8h4M9 12h2" />
          )}
        </Glyph>
      </AriaButton>
    </div>
  );
}
