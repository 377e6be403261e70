import type { RecentSearch, TokenDefinition } from '@meridian/domain';
import { useId } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { Alert } from '../../ui/Alert';
import styles from './FilteredSearchBar.module.css';
import { HistoryIcon } from './icons';
import { type ChipLabelColor, TokenChip } from './TokenChip';
import type { RecentSearchesState } from './useRecentSearches';

const CLEAR = 'clear';

function searchText(search: RecentSearch): string {
  return search
    .map((item) => (item.type === 'text' ? item.value : `${item.type}:${item.operator}${item.value}`))
    .join(' ');
}

/** The 'Toggle history' button and its menu: recent searches, 'Clear recent searches', or the RF §8 messages. */
export function RecentSearchesMenu({
  isOpen,
  onOpenChange,
  state,
  defs,
  labelColors,
  onPick,
  onClear,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  state: RecentSearchesState;
  defs: TokenDefinition[];
  labelColors: ReadonlyMap<string, ChipLabelColor>;
  onPick: (search: RecentSearch) => void;
  onClear: () => void;
}) {
  const { items } = state;
  const labelId = useId();
  const empty = () => {
    if (state.status === 'unavailable')
      return <Alert variant="warning">This feature requires local storage to be enabled</Alert>;
    if (state.status === 'parse-error')
      return <Alert variant="danger">An error occurred while parsing recent searches.</Alert>;
    return <p className={styles.dropdownNote}>You don't have any recent searches</p>;
  };

  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <Button className={styles.historyButton} aria-label="Toggle history">
        <HistoryIcon />
      </Button>
      <Popover className={styles.historyMenu} placement="bottom start" offset={4}>
        {/* The menu's name: MenuTrigger would otherwise name it after its button. */}
        <span id={labelId} hidden>
          Recent searches
        </span>
        <Menu
          aria-labelledby={labelId}
          // The first entry takes focus even when a click opens the menu, as before.
          autoFocus="first"
          className={styles.historyList}
          renderEmptyState={empty}
          onAction={(key) => {
            if (key === CLEAR) onClear();
            else {
              const search = items[Number(key)];
              if (search) onPick(search);
            }
          }}
        >
          {items.map((search, index) => (
            <MenuItem
              key={JSON.stringify(search)}
              id={String(index)}
              textValue={searchText(search)}
              className={styles.historyItem}
            >
              {search.map((item) =>
                item.type === 'text' ? (
                  <span key={`text|${item.value}`} className={styles.historyText}>
                    {item.value}
                  </span>
                ) : (
                  <TokenChip
                    key={`${item.type}|${item.operator}|${item.value}`}
                    token={item}
                    def={defs.find((d) => d.type === item.type)}
                    labelColor={item.type === 'label' ? labelColors.get(item.value.toLowerCase()) : undefined}
                  />
                ),
              )}
            </MenuItem>
          ))}
          {items.length > 0 && <Separator className={styles.divider} />}
          {items.length > 0 && (
            // Clearing keeps the menu open on its 'no recent searches' note.
            <MenuItem id={CLEAR} className={styles.historyItem} shouldCloseOnSelect={false}>
              Clear recent searches
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
