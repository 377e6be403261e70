import type { TokenDefinition } from '@meridian/domain';
import { useState } from 'react';
import { type BarOption, hintOptions, operatorOptions, valueOptions } from './barOptions';
import { readRecentPicks } from './recentPicks';
import type { BarState } from './searchBarState';
import type { ValueSuggestions } from './useValueSuggestions';

/**
 * What the bar's dropdown shows (RF §4): the hint list with no pending key, the operator list after a
 * key, the value list after an operator; and which option is active (aria-activedescendant).
 */
export function useBarDropdown({
  defs,
  state,
  pendingDef,
  open,
  storageBase,
  suggestions,
}: {
  defs: TokenDefinition[];
  state: BarState;
  pendingDef: TokenDefinition | null;
  open: boolean;
  storageBase: string;
  suggestions: ValueSuggestions;
}) {
  const [active, setActive] = useState({ key: '', index: -1 });
  const operator = state.pending?.operator;
  let options: BarOption[];
  let listLabel: string;
  if (!pendingDef) {
    options = hintOptions(defs, state.items, state.text);
    listLabel = 'Filter keys';
  } else if (!operator) {
    options = operatorOptions(pendingDef, state.text);
    listLabel = `${pendingDef.title} operators`;
  } else {
    const recentPicks = readRecentPicks(storageBase, pendingDef.type);
    options = valueOptions(pendingDef, operator, state.text, recentPicks, suggestions.options);
    listLabel = `${pendingDef.title} values`;
  }
  const valueStage = Boolean(operator);
  const showDropdown =
    open && (options.length > 0 || (valueStage && (suggestions.loading || suggestions.error !== null)));
  // Typing makes the first match active; an empty input has no active item, so Enter submits (RF §4).
  const activeKey = `${state.pending?.type ?? ''}|${operator ?? ''}|${state.text}`;
  // The operator list always starts on its first operator, so key, Enter, Enter gives `key =`.
  const defaultActive = state.text.trim() === '' && !(pendingDef && !operator) ? -1 : 0;
  const chosen = active.key === activeKey ? active.index : defaultActive;
  const activeIndex = chosen < options.length ? chosen : -1;
  const setActiveIndex = (index: number) => setActive({ key: activeKey, index });

  return { options, listLabel, valueStage, showDropdown, activeIndex, setActiveIndex };
}
