import type { TokenDefinition } from './types';

const normalise = (key: string): string => key.toLowerCase().replace(/[\s_]+/g, '-');

/** The definition a typed key names: its type or its title, any case (`Target-Branch`, `my-reaction`). */
export function findTokenDefinition(key: string, defs: TokenDefinition[]): TokenDefinition | undefined {
  const wanted = normalise(key);
  return defs.find((def) => def.type === wanted || normalise(def.title) === wanted);
}
