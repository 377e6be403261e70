import type { RecentSearch, TokenDefinition } from '@meridian/domain';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { Alert } from '../../ui/Alert';
import styles from './FilteredSearchBar.module.css';
import { type ChipLabelColor, TokenChip } from './TokenChip';
import type { RecentSearchesState } from './useRecentSearches';

/** The history dropdown (role=menu): recent searches, 'Clear recent searches', or the RF §8 messages. */
export function RecentSearchesMenu({
  id,
  state,
  defs,
  labelColors,
  onPick,
  onClear,
  onClose,
}: {
  id: string;
  state: RecentSearchesState;
  defs: TokenDefinition[];
  labelColors: ReadonlyMap<string, ChipLabelColor>;
  onPick: (search: RecentSearch) => void;
  onClear: () => void;
  onClose: () => void;
}) {
  const menuRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);
  // A press outside the menu and its toggle button closes it.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const wrap = menuRef.current?.parentElement;
      if (wrap && event.target instanceof Node && !wrap.contains(event.target)) onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };

  let body: React.ReactNode;
  if (state.status === 'unavailable') {
    body = <Alert variant="warning">This feature requires local storage to be enabled</Alert>;
  } else if (state.status === 'parse-error') {
    body = <Alert variant="danger">An error occurred while parsing recent searches.</Alert>;
  } else if (state.items.length === 0) {
    body = <p className={styles.dropdownNote}>You don't have any recent searches</p>;
  } else {
    body = (
      <>
        {state.items.map((search) => (
          <button
            key={JSON.stringify(search)}
            type="button"
            role="menuitem"
            className={styles.historyItem}
            onClick={() => onPick(search)}
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
          </button>
        ))}
        <hr className={styles.divider} />
        <button type="button" role="menuitem" className={styles.historyItem} onClick={onClear}>
          Clear recent searches
        </button>
      </>
    );
  }
  return (
    <div
      id={id}
      ref={menuRef}
      role="menu"
      aria-label="Recent searches"
      tabIndex={-1}
      className={`${styles.dropdown} ${styles.historyMenu}`}
      onKeyDown={onKeyDown}
    >
      {body}
    </div>
  );
}
