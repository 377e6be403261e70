import type { SearchItem, TokenKey, TokenOperator } from '@meridian/domain/filtered-search/types';

/** The token being typed: its key, then its operator; the value is the input text. */
export interface PendingToken {
  type: TokenKey;
  operator?: TokenOperator;
}

/**
 * What the bar holds: committed items (tokens and free-text words), the position of the input among
 * them (editing a token puts the input where the token was), the token under construction and the text.
 */
export interface BarState {
  items: SearchItem[];
  insertAt: number;
  pending: PendingToken | null;
  text: string;
  /** The first Backspace on an empty input selects the previous item; the second moves it into the input. */
  armed: boolean;
}

export type BarAction =
  | { kind: 'load'; items: SearchItem[] }
  | { kind: 'text'; text: string }
  | { kind: 'key'; type: TokenKey }
  | { kind: 'operator'; operator: TokenOperator }
  | { kind: 'value'; value: string }
  | { kind: 'words'; items: SearchItem[] }
  | { kind: 'backspace'; format: (item: SearchItem) => string }
  | { kind: 'removeLastPart' }
  | { kind: 'clearAll' }
  | { kind: 'edit'; index: number; format: (item: SearchItem) => string }
  | { kind: 'remove'; index: number };

export function initialBarState(items: SearchItem[]): BarState {
  return { items, insertAt: items.length, pending: null, text: '', armed: false };
}

function insert(state: BarState, added: SearchItem[]): BarState {
  const items = [...state.items.slice(0, state.insertAt), ...added, ...state.items.slice(state.insertAt)];
  return { ...state, items, insertAt: state.insertAt + added.length };
}

/** Commits whatever is typed (a complete pending token, or free-text words) and returns every item in order. */
export function finalItems(state: BarState): SearchItem[] {
  const text = state.text.trim();
  let added: SearchItem[] = [];
  if (state.pending?.operator && text) {
    added = [{ type: state.pending.type, operator: state.pending.operator, value: typedValue(text) }];
  } else if (!state.pending && text) {
    added = text.split(/\s+/).map((word) => ({ type: 'text' as const, value: word }));
  }
  return insert(state, added).items;
}

/** Surrounding single or double quotes are not part of a value. */
export function stripQuotes(value: string): string {
  const match = /^(["'])([\s\S]*)\1$/.exec(value);
  return match ? (match[2] ?? '') : value;
}

/** A typed value without its leading symbol (@ ~ % &) and surrounding quotes. */
export function typedValue(text: string): string {
  return stripQuotes(text.trim().replace(/^[@~%&]/, ''));
}

/** Takes item `index` out of the list and puts it in the input for editing. */
function editItem(state: BarState, index: number, format: (item: SearchItem) => string): BarState {
  const item = state.items[index];
  if (!item) return state;
  const items = state.items.filter((_, i) => i !== index);
  if (item.type === 'text') return { items, insertAt: index, pending: null, text: item.value, armed: false };
  return {
    items,
    insertAt: index,
    pending: { type: item.type, operator: item.operator },
    text: format(item),
    armed: false,
  };
}

/** The bar's keyboard and mouse rules (RF §4 "Token editing") as a pure reducer. */
export function barReducer(state: BarState, action: BarAction): BarState {
  switch (action.kind) {
    case 'load':
      return initialBarState(action.items);
    case 'text':
      return { ...state, text: action.text, armed: false };
    case 'key':
      return { ...state, pending: { type: action.type }, text: '', armed: false };
    case 'operator':
      if (!state.pending) return state;
      return { ...state, pending: { ...state.pending, operator: action.operator }, text: '', armed: false };
    case 'value': {
      if (!state.pending?.operator) return state;
      const token: SearchItem = { type: state.pending.type, operator: state.pending.operator, value: action.value };
      return { ...insert(state, [token]), pending: null, text: '', armed: false };
    }
    case 'words':
      return { ...insert(state, action.items), pending: null, text: '', armed: false };
    case 'backspace': {
      // Backspace on an empty input: first undo the pending token's last part, else arm, then edit.
      if (state.pending?.operator) return { ...state, pending: { type: state.pending.type }, armed: false };
      if (state.pending) return { ...state, pending: null, armed: false };
      if (state.insertAt === 0) return state;
      if (state.armed) return editItem(state, state.insertAt - 1, action.format);
      return { ...state, armed: true };
    }
    case 'removeLastPart': {
      if (state.pending?.operator) return { ...state, pending: { type: state.pending.type }, text: '', armed: false };
      if (state.pending) return { ...state, pending: null, text: '', armed: false };
      const index = state.insertAt - 1;
      const item = state.items[index];
      if (!item) return state;
      const items = state.items.filter((_, i) => i !== index);
      if (item.type === 'text') return { ...state, items, insertAt: index, armed: false };
      return { items, insertAt: index, pending: { type: item.type, operator: item.operator }, text: '', armed: false };
    }
    case 'clearAll':
      return initialBarState([]);
    case 'edit': {
      // Whatever was being typed is committed first, so editing never loses input.
      const committed = initialBarState(finalItems(state));
      const shift = action.index >= state.insertAt ? committed.items.length - state.items.length : 0;
      return editItem(committed, action.index + shift, action.format);
    }
    case 'remove': {
      const items = state.items.filter((_, i) => i !== action.index);
      const insertAt = action.index < state.insertAt ? state.insertAt - 1 : state.insertAt;
      return { ...state, items, insertAt, armed: false };
    }
  }
}
