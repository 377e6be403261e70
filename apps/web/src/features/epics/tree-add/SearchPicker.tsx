import { useState } from 'react';
import {
  Button as AriaButton,
  ComboBox,
  Header,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Popover,
} from 'react-aria-components';
import { useDebouncedValue } from '../../filtered-search/useDebouncedValue';
import styles from './AddChildMenu.module.css';

/** IE §9: the project and group searches wait this long after typing. */
const SEARCH_DELAY_MS = 500;

export interface PickerItem {
  id: number;
  name: string;
  /** The full path, shown under the name. */
  path: string;
}

export interface PickerSection {
  title: string | null;
  items: PickerItem[];
}

/**
 * The picker's text and what to search for: the chosen item's name until the user types (`onSearch`),
 * again after a pick (`reset`); while the text is that name the search is empty, listing everything
 * rather than the one item. The search waits SEARCH_DELAY_MS after typing.
 */
export function usePickerSearch(chosen: PickerItem | null) {
  const [typed, setTyped] = useState<string | null>(null);
  const search = typed ?? chosen?.name ?? '';
  const term = useDebouncedValue(chosen && search === chosen.name ? '' : search, SEARCH_DELAY_MS);
  return { search, term, onSearch: setTyped, reset: () => setTyped(null) };
}

/**
 * A searchable single choice (the project and group pickers of IE §5): a combobox whose text is
 * the search (the caller debounces and fetches), with its results in titled sections.
 */
export function SearchPicker({
  label,
  sections,
  selected,
  onSelect,
  search,
  onSearch,
  loading,
  error,
  onFocus,
}: {
  label: string;
  sections: PickerSection[];
  selected: PickerItem | null;
  onSelect: (item: PickerItem | null) => void;
  search: string;
  onSearch: (text: string) => void;
  loading: boolean;
  error: string | null;
  /** The user enters the field (before the first key they type). */
  onFocus?: () => void;
}) {
  const byId = new Map(sections.flatMap((s) => s.items).map((i) => [i.id, i]));
  if (selected && !byId.has(selected.id)) byId.set(selected.id, selected);
  const shown = sections.filter((s) => s.items.length > 0);
  return (
    <ComboBox
      className={styles.comboBox}
      inputValue={search}
      onInputChange={onSearch}
      selectedKey={selected?.id ?? null}
      onSelectionChange={(key) => onSelect(key === null ? null : (byId.get(Number(key)) ?? null))}
      onFocus={onFocus}
      menuTrigger="focus"
      allowsEmptyCollection
    >
      <Label className={styles.fieldLabel}>{label}</Label>
      <div className={styles.tokenBox}>
        <Input className={styles.tokenInput} placeholder={`Search for a ${label.toLowerCase()}`} />
        <AriaButton className={styles.tokenRemove} aria-label={`Show ${label.toLowerCase()}s`}>
          ▾
        </AriaButton>
      </div>
      <Popover className={styles.comboPopover} placement="bottom start">
        <ListBox
          className={styles.listBox}
          renderEmptyState={() => (
            <div className={styles.empty}>{error ?? (loading ? 'Loading…' : 'No matches found')}</div>
          )}
        >
          {shown.map((section) => (
            <ListBoxSection key={section.title ?? 'all'} id={section.title ?? 'all'}>
              {section.title && <Header className={styles.sectionHeader}>{section.title}</Header>}
              {section.items.map((item) => (
                <ListBoxItem
                  key={`${section.title}-${item.id}`}
                  id={item.id}
                  textValue={item.name}
                  className={styles.option}
                >
                  <span>{item.name}</span>
                  <span className={styles.optionSecondary}>{item.path}</span>
                </ListBoxItem>
              ))}
            </ListBoxSection>
          ))}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
