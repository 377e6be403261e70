import { exclusiveScopedLabels } from '@meridian/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Avatar } from '../../../ui/Avatar';
import { buttonClassName } from '../../../ui/buttonClassName';
import { useDebouncedValue } from '../../filtered-search/useDebouncedValue';
import styles from './Sidebar.module.css';
import type { PickerOption } from './sidebarOptions';

export type OptionLoader = (search: string, signal: AbortSignal) => Promise<PickerOption[]>;

/** GitLab's sidebar dropdowns search as you type, 200 ms after the last key (IE §9 filter debounce). */
const SEARCH_DEBOUNCE_MS = 200;

function OptionFace({ option }: { option: PickerOption }) {
  return (
    <>
      {option.avatar && (
        <Avatar name={option.avatar.name} src={option.avatar.avatar_url} seed={option.avatar.id} size={24} />
      )}
      {option.color && <span className={styles.swatch} style={{ backgroundColor: option.color }} aria-hidden="true" />}
      <span className={styles.optionText}>
        {option.text}
        {option.secondary && <small>{option.secondary}</small>}
      </span>
    </>
  );
}

function groupsOf(options: PickerOption[]): Array<[string | undefined, PickerOption[]]> {
  const groups = new Map<string | undefined, PickerOption[]>();
  for (const option of options) groups.set(option.group, [...(groups.get(option.group) ?? []), option]);
  return [...groups];
}

/**
 * A searchable list of choices: checkboxes with Apply for several (labels, assignees), radio buttons
 * that save at once for one (milestone, iteration) with a `none` choice that clears the field.
 */
export function OptionPicker({
  name,
  queryKey,
  load,
  current,
  multiple,
  none,
  onApply,
  oneLabelPerScope = false,
  create,
}: {
  /** The picker's accessible name, e.g. 'Select labels'. */
  name: string;
  queryKey: readonly unknown[];
  load: OptionLoader;
  /** What the field holds now, with the details to show it. */
  current: PickerOption[];
  multiple: boolean;
  /** Single pickers: the text of the choice that clears the field ('No milestone'). */
  none?: string;
  onApply: (ids: string[], chosen: PickerOption[]) => void;
  /** Labels: choosing a scoped label drops the other one of its scope (IE §4). */
  oneLabelPerScope?: boolean;
  /** Multiple pickers: a create view (a new label) whose result joins the selection. */
  create?: { text: string; render: (done: (created: PickerOption | null) => void) => ReactNode };
}) {
  const selected = current.map((o) => o.id);
  const [search, setSearch] = useState('');
  const [draft, setDraft] = useState(selected);
  // Every option seen, so that a choice made before a new search still has its details.
  const known = useRef(new Map(current.map((o) => [o.id, o])));
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const options = useQuery({
    queryKey: [...queryKey, debounced],
    queryFn: ({ signal }) => load(debounced, signal),
    // The last results stay while a new search loads, so the list (and Apply under it) does not jump.
    placeholderData: keepPreviousData,
  });
  const searching = options.isFetching || search.trim() !== debounced;
  const reorder = (ids: string[]) => (oneLabelPerScope ? exclusiveScopedLabels(ids) : ids);
  const listId = useId();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const rows = options.data ?? [];
  useEffect(() => {
    for (const option of options.data ?? []) known.current.set(option.id, option);
  }, [options.data]);
  const choose = (ids: string[]) =>
    onApply(
      ids,
      ids.flatMap((id) => known.current.get(id) ?? []),
    );
  const toggle = (option: PickerOption) => {
    if (!multiple) return choose([option.id]);
    setDraft((ids) => (ids.includes(option.id) ? ids.filter((id) => id !== option.id) : reorder([...ids, option.id])));
  };

  if (create && creating) {
    return create.render((created) => {
      setCreating(false);
      if (!created) return;
      known.current.set(created.id, created);
      setDraft((ids) => reorder([...ids.filter((id) => id !== created.id), created.id]));
      void queryClient.invalidateQueries({ queryKey });
    });
  }

  return (
    <div className={styles.picker}>
      <input
        type="search"
        className={styles.search}
        placeholder="Search"
        aria-label={`${name}: search`}
        aria-controls={listId}
        value={search}
        maxLength={255}
        // biome-ignore lint/a11y/noAutofocus: the picker opens on the user's Edit press, focus belongs here.
        autoFocus
        onChange={(event) => setSearch(event.target.value)}
      />
      <fieldset id={listId} className={styles.options} aria-busy={searching}>
        <legend className="visually-hidden">{name}</legend>
        {!multiple && none && (
          <label className={styles.option}>
            <input type="radio" name={listId} checked={selected.length === 0} onChange={() => choose([])} />
            <span className={styles.optionText}>{none}</span>
          </label>
        )}
        {groupsOf(rows).map(([group, members]) => {
          const choices = members.map((option) => (
            <label key={option.id} className={styles.option}>
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={listId}
                checked={(multiple ? draft : selected).includes(option.id)}
                onChange={() => toggle(option)}
              />
              <OptionFace option={option} />
            </label>
          ));
          return group ? (
            <fieldset key={group} className={styles.options}>
              <legend className={styles.groupTitle}>{group}</legend>
              {choices}
            </fieldset>
          ) : (
            choices
          );
        })}
        {options.isSuccess && rows.length === 0 && <p className={styles.empty}>No matching results</p>}
        {options.isError && <p className={styles.empty}>Failed to load the options. Please try again.</p>}
      </fieldset>
      {multiple && (
        <div className={styles.buttons}>
          <button type="button" className={buttonClassName('confirm', 'small')} onClick={() => choose(draft)}>
            Apply
          </button>
          {create && (
            <button type="button" className={buttonClassName('default', 'small')} onClick={() => setCreating(true)}>
              {create.text}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
