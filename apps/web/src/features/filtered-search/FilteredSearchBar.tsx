import {
  formatTokenValue,
  type ListKind,
  queryToSearchItems,
  type RecentSearch,
  recentSearchesKey,
  resolveListState,
  type SearchItem,
  searchItemsToQuery,
  type TokenKey,
  type TokenOperator,
  tokensFor,
} from '@meridian/domain';
import { useNavigate } from '@tanstack/react-router';
import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useLocationInfo } from '../../lib/useLocationSearch';
import { type BarOption, OPERATOR_TEXT } from './barOptions';
import styles from './FilteredSearchBar.module.css';
import { ClearIcon, SearchIcon } from './icons';
import { interpretTyping } from './interpretTyping';
import { OptionsDropdown, optionId } from './OptionsDropdown';
import { RecentSearchesMenu } from './RecentSearchesMenu';
import { readRecentPicks, saveRecentPick } from './recentPicks';
import { barReducer, finalItems, initialBarState } from './searchBarState';
import { epicsGroupPath } from './suggestionSources';
import { TokenChip } from './TokenChip';
import { useBarDropdown } from './useBarDropdown';
import { useLabelColorMap } from './useLabelColorMap';
import { useLegacyUsernames } from './useLegacyUsernames';
import { useRecentSearches } from './useRecentSearches';
import { useValueSuggestions } from './useValueSuggestions';

export interface FilteredSearchBarProps {
  list: ListKind;
  namespace: { kind: 'group' | 'project'; fullPath: string; id?: number };
  /** 'epics' | 'issues' | 'merge_requests': the page part of the recent-searches storage key. */
  recentSearchesPage: string;
  signedIn: boolean;
  currentUser?: { id: number; username: string; name: string; avatar_url?: string };
  /** With no state in the address the search submits `state=opened` (default true). */
  defaultStateOn?: boolean;
  anchor?: string;
  sortSlot?: ReactNode;
  /** Submitting replaces the current history entry instead of pushing one (the roadmap, RF §2). */
  replaceHistory?: boolean;
}

const PLACEHOLDER = 'Search or filter results…';
/** Keys whose values may be ids: their chips show the title the user picked. */
const ID_VALUED: ReadonlySet<TokenKey> = new Set(['epic', 'iteration']);
/** RF §9: at 480 px or narrower the dropdown sits at the bar's left edge. */
const NARROW = 480;

const formatForEdit = (item: SearchItem) => (item.type === 'text' ? item.value : formatTokenValue(item.value));

/**
 * GitLab-like filtered-search bar: tokens (key, operator, value) and free text, a hint / operator / value
 * dropdown, recent searches, and a submit that reloads the list from the URL (`scope=all&…`).
 */
export function FilteredSearchBar({
  list,
  namespace,
  recentSearchesPage,
  signedIn,
  currentUser,
  defaultStateOn = true,
  anchor,
  sortSlot,
  replaceHistory = false,
}: FilteredSearchBarProps) {
  const { pathname, params } = useLocationInfo();
  const navigate = useNavigate();
  const searchStr = params.toString();
  // Props may be fresh objects on every render: memoise on their values so typing state survives.
  const hasEpics = epicsGroupPath(namespace) !== null;
  const defs = useMemo(
    () => tokensFor(list, { signedIn, scope: namespace.kind, hasEpics, hasIterations: true }),
    [list, signedIn, namespace.kind, hasEpics],
  );
  const usernamesById = useLegacyUsernames(params);
  const fromUrl = useMemo(
    () =>
      queryToSearchItems(list, new URLSearchParams(searchStr), { usernamesById }).items.filter(
        (item) => item.type === 'text' || defs.some((def) => def.type === item.type),
      ),
    [list, searchStr, defs, usernamesById],
  );
  const [state, dispatch] = useReducer(barReducer, fromUrl, initialBarState);
  useEffect(() => dispatch({ kind: 'load', items: fromUrl }), [fromUrl]);

  const storageBase = recentSearchesKey(namespace.fullPath, recentSearchesPage);
  const recent = useRecentSearches(storageBase);
  const [open, setOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [left, setLeft] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();

  const pendingDef = state.pending ? (defs.find((def) => def.type === state.pending?.type) ?? null) : null;
  const operator: TokenOperator | undefined = state.pending?.operator;
  const valueDef = operator ? pendingDef : null;
  const suggestions = useValueSuggestions(valueDef, state.text, namespace, signedIn ? currentUser : undefined);
  const labelColors = useLabelColorMap(namespace, historyOpen || state.items.some((item) => item.type === 'label'));

  const { options, listLabel, valueStage, showDropdown, activeIndex, setActiveIndex } = useBarDropdown({
    defs,
    state,
    pendingDef,
    open,
    storageBase,
    suggestions,
  });

  // RF §9: placement bottom-start under the input, at the bar's left edge on narrow windows.
  useLayoutEffect(() => {
    if (!showDropdown) return;
    const input = inputRef.current;
    setLeft(window.innerWidth <= NARROW || !input ? 0 : (input.parentElement?.offsetLeft ?? 0));
  });

  const runSearch = (items: SearchItem[]) => {
    const listState = resolveListState(new URLSearchParams(searchStr), defaultStateOn);
    const query = searchItemsToQuery(list, items, { state: listState, anchor });
    const sort = params.get('sort');
    const [qs = '', hash] = query.split('#');
    const href = `${pathname}?${qs}${sort ? `&sort=${encodeURIComponent(sort)}` : ''}${hash ? `#${hash}` : ''}`;
    recent.add(items);
    setOpen(false);
    dispatch({ kind: 'load', items });
    void navigate({ href, replace: replaceHistory });
  };

  const submit = () => runSearch(finalItems(state));

  const pick = (option: BarOption) => {
    if (!pendingDef) dispatch({ kind: 'key', type: option.value as TokenKey });
    else if (!operator) dispatch({ kind: 'operator', operator: option.value as TokenOperator });
    else {
      saveRecentPick(storageBase, pendingDef.type, option);
      dispatch({ kind: 'value', value: option.value });
    }
    setOpen(true);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const { key } = event;
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = key === 'ArrowDown' ? 1 : -1;
      setActiveIndex(
        activeIndex < 0 && step < 0 ? options.length - 1 : (activeIndex + step + options.length) % options.length,
      );
    } else if (key === 'Enter') {
      event.preventDefault();
      const option = showDropdown && activeIndex >= 0 ? options[activeIndex] : undefined;
      if (option) pick(option);
      else submit();
    } else if (key === 'Tab' && !event.shiftKey) {
      const option = showDropdown && activeIndex >= 0 ? options[activeIndex] : undefined;
      if (option) {
        event.preventDefault();
        pick(option);
      } else if (valueStage && state.text.trim() !== '') {
        event.preventDefault();
        dispatch(interpretTyping(state, `${state.text.trim()} `, defs));
      }
    } else if (key === 'Escape') {
      if (open) event.preventDefault();
      setOpen(false);
    } else if (key === 'Backspace') {
      if (event.metaKey) {
        event.preventDefault();
        dispatch({ kind: 'clearAll' });
      } else if (state.text === '') {
        event.preventDefault();
        if (event.ctrlKey || event.altKey) dispatch({ kind: 'removeLastPart' });
        else dispatch({ kind: 'backspace', format: formatForEdit });
        setOpen(true);
      }
    }
  };

  const pickRecent = (search: RecentSearch) => {
    setHistoryOpen(false);
    runSearch(search);
  };

  const isEmpty = state.items.length === 0 && !state.pending && state.text === '';
  const clear = () => {
    dispatch({ kind: 'clearAll' });
    runSearch([]);
    inputRef.current?.focus();
  };

  const pickedLabel = (type: TokenKey, value: string) =>
    /^\d+$/.test(value) ? readRecentPicks(storageBase, type).find((o) => o.value === value)?.label : undefined;

  const renderItem = (item: SearchItem, index: number) => {
    const selected = state.armed && index === state.insertAt - 1;
    const edit = () => {
      dispatch({ kind: 'edit', index, format: formatForEdit });
      setOpen(true);
      inputRef.current?.focus();
    };
    if (item.type === 'text') {
      return (
        <button
          type="button"
          key={`t${index}`}
          className={`${styles.textTerm} ${selected ? styles.tokenSelected : ''}`}
          onClick={edit}
          aria-label={`Edit search text ${item.value}`}
        >
          {item.value}
        </button>
      );
    }
    return (
      <TokenChip
        key={`k${index}`}
        token={item}
        def={defs.find((def) => def.type === item.type)}
        labelColor={item.type === 'label' ? labelColors.get(item.value.toLowerCase()) : undefined}
        valueText={ID_VALUED.has(item.type) ? pickedLabel(item.type, item.value) : undefined}
        selected={selected}
        onEdit={edit}
        onRemove={() => dispatch({ kind: 'remove', index })}
      />
    );
  };

  return (
    <div className={styles.row}>
      <RecentSearchesMenu
        isOpen={historyOpen}
        onOpenChange={(open) => {
          if (open) {
            recent.reload();
            setOpen(false);
          }
          setHistoryOpen(open);
        }}
        state={recent.state}
        defs={defs}
        labelColors={labelColors}
        onPick={pickRecent}
        onClear={() => recent.clear()}
      />
      <search className={styles.bar} aria-label="Filtered search">
        <div className={styles.tokens}>
          {state.items.slice(0, state.insertAt).map((item, i) => renderItem(item, i))}
          <span className={styles.inputWrap}>
            {state.pending && pendingDef && (
              <span className={`${styles.token} ${styles.pendingToken}`} data-testid="filtered-search-pending">
                <span className={`${styles.segment} ${styles.keySegment}`}>{pendingDef.title}</span>
                {operator && (
                  <span className={`${styles.segment} ${styles.operatorSegment}`} title={OPERATOR_TEXT[operator]}>
                    {operator}
                  </span>
                )}
              </span>
            )}
            <input
              ref={inputRef}
              className={styles.input}
              role="combobox"
              aria-label="Search or filter results"
              aria-autocomplete="list"
              aria-expanded={showDropdown}
              aria-controls={showDropdown ? listId : undefined}
              aria-activedescendant={showDropdown && activeIndex >= 0 ? optionId(listId, activeIndex) : undefined}
              placeholder={isEmpty ? PLACEHOLDER : undefined}
              value={state.text}
              onChange={(event) => {
                const offered = valueStage ? options.map((option) => option.value) : [];
                // Single-use keys already used cannot be picked again by typing `key:` either.
                const keys = defs.filter((def) => !def.unique || !state.items.some((item) => item.type === def.type));
                dispatch(interpretTyping(state, event.target.value, keys, offered));
                setOpen(true);
              }}
              onKeyDown={onKeyDown}
              onFocus={() => {
                setOpen(true);
                setHistoryOpen(false);
              }}
              onBlur={() => setOpen(false)}
            />
          </span>
          {state.items.slice(state.insertAt).map((item, i) => renderItem(item, state.insertAt + i))}
        </div>
        {!isEmpty && (
          <button type="button" className={styles.clearButton} aria-label="Clear" onClick={clear}>
            <ClearIcon />
          </button>
        )}
        {showDropdown && (
          <OptionsDropdown
            id={listId}
            label={listLabel}
            options={options}
            active={activeIndex}
            loading={valueStage && suggestions.loading}
            error={valueStage ? suggestions.error : null}
            left={left}
            onPick={pick}
            onHover={setActiveIndex}
          />
        )}
      </search>
      <button type="button" className={styles.searchButton} aria-label="Search" onClick={submit}>
        <SearchIcon />
      </button>
      {sortSlot}
    </div>
  );
}
